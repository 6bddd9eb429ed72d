"""context()'s arguments, as a new user probes them: strict
types, errors that name context(), a budget too small for one line, the profile fallback with
``as_of``."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from memstrata import InvalidInput, Memory
from memstrata.clock import utcnow
from memstrata.context.render import MIN_BUDGET_TOKENS


def test_context_checks_its_arguments_and_names_itself(db_path: Path) -> None:
    with Memory(db_path, embedder=None, user_id="u1") as memory:
        memory.add("I prefer UPS for delivery")
        with pytest.raises(InvalidInput, match="profile must be True or False, got 'no'"):
            memory.context("hello there", profile="no")  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"Memory\.context\(\) got an unexpected keyword argument 'limt'"):
            memory.context("x", limt=3)  # type: ignore[call-arg]
        with pytest.raises(InvalidInput, match=f"budget_tokens must be a whole number from {MIN_BUDGET_TOKENS} up"):
            memory.context("UPS", budget_tokens=5)
        block = memory.context("UPS delivery", budget_tokens=MIN_BUDGET_TOKENS)
        assert "UPS" in block  # the smallest budget holds a title and one line


def test_the_profile_fallback_with_as_of_lists_the_facts_held_then(db_path: Path) -> None:
    with Memory(db_path, embedder=None, user_id="u1") as memory:  # full text only: the query matches nothing
        memory.add("I prefer UPS for delivery")
        memory.add("I am allergic to peanuts")
        time.sleep(0.01)
        then = utcnow()
        time.sleep(0.01)
        memory.add("Actually, make it FedEx")
        past = memory.context("hello there", as_of=then)
        now = memory.context("hello there")
    assert past.startswith("## What is known about this user") and "UPS" in past and "FedEx" not in past
    assert "peanuts" in past
    assert "FedEx" in now and "UPS" not in now

