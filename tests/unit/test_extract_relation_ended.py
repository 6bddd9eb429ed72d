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


@pytest.mark.parametrize(("first", "then"), [
    # the verb takes an object: something split or broken up, no relation
    ("my girlfriend Sarah loves hiking", "Sarah and I split the bill at dinner"),
    ("my girlfriend Sarah loves hiking", "Sarah and I broke up a fight between two dogs"),
    ("my girlfriend Sarah loves hiking", "Sarah and I separated the recycling"),
    ("my girlfriend Sarah loves hiking", "I broke up with Sarah's brother"),
    # asked, not said
    ("My boyfriend is Jake", "Jake and I broke up? No way"),
    ("My girlfriend is Sarah", "Sarah dumped me?"),
    ("我女朋友小雨喜欢爬山", "我和小雨分手了吗"),
    ("我女朋友小雨喜欢爬山", "我和小雨分手了？"),
])
def test_an_object_or_a_question_keeps_the_partner(memory: Memory, first: str, then: str) -> None:
    memory.add(first)
    memory.add(then)
    members = [(f.value, f.status) for f in memory.list(kind="fact", status="all", limit=100)
               if f.key == "family.member"]
    assert members and all(status == "active" for _, status in members)


@pytest.mark.parametrize(("first", "then", "kept"), [
    # a parting by name ends a partner of that name, never a child or a parent who shares it
    ("My daughter Lily loves drawing", "Lily and I are done now", "daughter named Lily"),
    ("My son Max plays soccer", "I'm not with Max anymore, he went to camp", "son named Max"),
    ("我女儿小雨喜欢画画", "我和小雨分手了", "女儿小雨"),
])
def test_a_parting_by_name_keeps_a_relative_who_is_no_partner(memory: Memory, first: str, then: str,
                                                              kept: str) -> None:
    memory.add(first)
    memory.add(then)
    facts = [(f.key, f.value, f.status) for f in memory.list(kind="fact", status="all", limit=100)]
    assert ("family.member", kept, "active") in facts


@pytest.mark.parametrize(("first", "then", "value"), [
    ("my girlfriend Sarah loves hiking", "Sarah and I broke up a few weeks ago because she moved",
     "girlfriend named Sarah"),
    ("My husband is Mark", "Mark and I separated after ten years", "husband named Mark"),
    ("My fiancée is Anna", "I split up with Anna last month", "fiancée named Anna"),
    ("我老公叫大伟", "我和大伟去年离婚了", "老公大伟"),
    # the partner said by kind and name
    ("my girlfriend Sarah loves hiking", "I broke up with my girlfriend Sarah last week", "girlfriend named Sarah"),
    ("My husband is Mark", "My husband Mark and I separated", "husband named Mark"),
])
def test_a_parting_with_when_or_why_ends_the_partner(memory: Memory, first: str, then: str, value: str) -> None:
    memory.add(first)
    memory.add(then)
    facts = [(f.key, f.value, f.status) for f in memory.list(kind="fact", status="all", limit=100)]
    assert ("family.member", value, "superseded") in facts and ("family.member", value, "active") not in facts
