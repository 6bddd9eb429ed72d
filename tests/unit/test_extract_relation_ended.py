"""A relation said as ended (``extract.parted``): "My boss is David" then "David isn't my boss anymore" left
``user.boss = David`` current, and after "my girlfriend Sarah" a break-up ("Sarah and I broke up", "I'm not with Sarah
anymore", 我和小雨分手了) stored only the event. Now each withdraws the relation, read against a real store."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("first", "then", "key", "value"), [
    ("My boss is David", "David isn't my boss anymore", "user.boss", "David"),
    ("My boss is David", "David is no longer my boss.", "user.boss", "David"),
    ("my girlfriend Sarah loves hiking", "Sarah and I broke up", "family.member", "girlfriend named Sarah"),
    ("my girlfriend Sarah loves hiking", "I'm not with Sarah anymore", "family.member", "girlfriend named Sarah"),
    ("My girlfriend is Sarah", "Sarah's not my girlfriend any more", "family.member", "girlfriend named Sarah"),
    ("My girlfriend is Sarah", "I broke up with my girlfriend last week", "family.member", "girlfriend named Sarah"),
    ("我女朋友小雨喜欢爬山", "我和小雨分手了", "family.member", "女朋友小雨"),
])
def test_the_relation_is_no_longer_current(memory: Memory, first: str, then: str, key: str, value: str) -> None:
    memory.add(first)
    memory.add(then)
    facts = [(f.key, f.value, f.status) for f in memory.list(kind="fact", status="all", limit=100)]
    assert (key, value, "superseded") in facts and (key, value, "active") not in facts


@pytest.mark.parametrize("text", [
    "David isn't my boss",  # no change said
    "It isn't my problem anymore", "This is no longer my job",  # no person
    "Sarah and I are done with dinner", "Mom and I broke up a fight", "我和他分手了",
])
def test_near_misses_withdraw_no_relation(text: str) -> None:
    assert not [f for f in _read(text) if f[2] and f[0] in ("user.boss", "family.member")]
