"""A ``value`` filter finds encrypted facts on every store (before, with an
encryption key, ``forget --filter 'value = "carol.enc@example.com"'`` silently deleted nothing
and ``list`` previewed nothing, because the column holds ciphertext). Equality runs on the
keyed hash of the normalised value the fact keeps; ordering comparisons cannot."""

from __future__ import annotations

from dataclasses import replace

import pytest
from cryptography.fernet import Fernet

from conftest import OpenMemory
from memstrata import Memory, Settings
from memstrata.privacy.policy import PrivacyPolicy
from memstrata.types import Fact

EMAIL = "carol.enc@example.com"


def _keyed(open_memory: OpenMemory) -> Memory:
    settings = replace(Settings(), privacy=PrivacyPolicy.parse("email=allow"),
                       encryption_key=Fernet.generate_key().decode())
    memory = open_memory(settings=settings, user_id="u")
    [change] = memory.add(f"My email is {EMAIL}").facts
    assert change.fact.encrypted
    memory.add("I prefer UPS for delivery")
    return memory


def _values(memory: Memory, where: str) -> list[str]:
    return sorted(f.value for f in memory.list(filter=where, status="all") if isinstance(f, Fact))


def test_value_equality_finds_an_encrypted_fact(open_memory: OpenMemory) -> None:
    memory = _keyed(open_memory)
    assert _values(memory, f'value = "{EMAIL}"') == [EMAIL]
    assert _values(memory, f'value IN ("{EMAIL}", "UPS")') == ["UPS", EMAIL]
    assert _values(memory, f'value != "{EMAIL}"') == ["UPS"]
    assert _values(memory, f'NOT (value IN ("{EMAIL}"))') == ["UPS"]
    assert _values(memory, 'value = "someone.else@example.com"') == []
    assert _values(memory, f'value >= "{EMAIL}"') == []  # ordering never reads an encrypted value


def test_forget_by_value_deletes_an_encrypted_fact(open_memory: OpenMemory) -> None:
    memory = _keyed(open_memory)
    if not memory.store.capabilities.forget_jobs:
        pytest.skip("the in-memory reference store has no forget(filter=...)")
    receipt = memory.forget(user_id="u", filter=f'value = "{EMAIL}"')
    assert receipt.counts["facts"] == 1
    assert _values(memory, 'key = "contact.email"') == []
    assert _values(memory, 'tag = "shipping"') == ["UPS"]
