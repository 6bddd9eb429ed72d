"""Extraction gaps earlier fresh-user trials found, through the public SDK on a real SQLite file
with the real embedding model: an allergy said in each language in one message, allergy words that
state no allergy of the user's (advice, a question, a general remark), allergies said as a noun
("peanut allergy here"), habits said with how often ("I run every morning"), qualifiers that change
what a like says, and dated plans. Each case names what must be stored and what must not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.types import Fact

#: A Wednesday: "next Friday" and 下周五 fall on 2026-03-13, "on Friday" on 2026-03-06.
SAID = datetime(2026, 3, 4, 10, 0, tzinfo=UTC)


def _own(mem: Memory, user: str, key: str) -> list[str]:
    """The user's own active values under ``key`` (no relative's subject), sorted."""
    return sorted(f.value for f in mem.list(key=key, user_id=user) if isinstance(f, Fact) and not f.subject)


# --- 1. an allergy in each language in one message ---------------------------------------------

@pytest.mark.parametrize(("user", "said", "allergies"), [
    ("space", "I'm allergic to peanuts 我也对芒果过敏", ["peanuts", "芒果"]),
    ("no-space", "I'm allergic to peanuts我也对芒果过敏", ["peanuts", "芒果"]),
    ("no-wo", "I am allergic to shrimp 也对芒果过敏", ["shrimp", "芒果"]),
    ("hai", "im allergic to eggs 我还对芒果过敏", ["eggs", "芒果"]),
    ("zh-first", "我对花生过敏 I'm also allergic to mango", ["mango", "花生"]),
])
def test_an_allergy_said_in_each_language_in_one_message_stores_both(memory: Memory, user: str, said: str,
                                                                      allergies: list[str]) -> None:
    memory.add(said, user_id=user, created_at=SAID)
    assert _own(memory, user, "health.allergy") == allergies


def test_a_code_switched_message_keeps_each_halfs_own_fact_and_whose_it_is(memory: Memory) -> None:
    memory.add("I live in Boston 我喜欢吃辣", user_id="both", created_at=SAID)
    assert _own(memory, "both", "identity.location") == ["Boston"]
    assert _own(memory, "both", "food.like") == ["辣"]
    # the mother's allergy stays hers beside the user's own
    memory.add("I'm allergic to peanuts 我妈妈对芒果过敏", user_id="mom", created_at=SAID)
    assert _own(memory, "mom", "health.allergy") == ["peanuts"]
    assert [f.value for f in memory.list(key="health.allergy", user_id="mom")
            if isinstance(f, Fact) and f.subject == "mom"] == ["芒果"]


@pytest.mark.parametrize(("user", "said", "key", "values"), [
    # a Chinese object of an English verb, or a Chinese clause someone else said, is not cut off
    ("object", "I like 火锅", "food.like", ["火锅"]),
    ("carrier", "I prefer 顺丰", "shipping.carrier", ["顺丰"]),
    ("reported", "My friend said 我对芒果过敏", "health.allergy", []),
    ("quoted", "How do you say 我对芒果过敏", "health.allergy", []),
])
def test_a_chinese_phrase_inside_an_english_clause_is_not_read_as_a_clause_of_its_own(
        memory: Memory, user: str, said: str, key: str, values: list[str]) -> None:
    memory.add(said, user_id=user, created_at=SAID)
    assert _own(memory, user, key) == values
