"""Relatives named in passing, one or a list: "I live with my wife Anna and our two kids, Max and Lily" and
我老婆李娜和女儿朵朵去公园了 stored nothing; the relatives are family members as "My wife is Anna" and 我老婆叫李娜
are. One relative named states the family member beside what the sentence says of them ("My brother Tom is allergic
to cats": brother named Tom beside Tom's allergy); a friend is no family member, and a question states nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return sorted((c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "expected"), [
    ("I live with my wife Anna and our two kids, Max and Lily.",
     [("family.member", "kid named Lily", ""), ("family.member", "kid named Max", ""),
      ("family.member", "wife named Anna", "")]),
    ("My brother Tom and my sister Anna both live in Leeds.",
     [("family.member", "brother named Tom", ""), ("family.member", "sister named Anna", "")]),
    ("我老婆李娜和女儿朵朵去公园了。", [("family.member", "女儿朵朵", ""), ("family.member", "老婆李娜", "")]),
    ("我老婆李娜和女儿朵朵", [("family.member", "女儿朵朵", ""), ("family.member", "老婆李娜", "")]),
    ("My brother Tom is allergic to cats.",
     [("family.member", "brother named Tom", ""), ("health.allergy", "cats", "Tom")]),
    ("My wife Anna works at Google.",
     [("family.member", "wife named Anna", ""), ("identity.employer", "Google", "Anna")]),
    ("我老婆李娜在谷歌上班。", [("family.member", "老婆李娜", ""), ("identity.employer", "谷歌", "李娜")]),
    # a second relative with a clause of their own after "and", said with "our" or 我们 ("our daughter Mia is six")
    ("My wife is called Lin and our daughter Mia is six.",
     [("family.member", "daughter named Mia", ""), ("family.member", "wife named Lin", ""),
      ("identity.age", "6", "Mia")]),
    ("我老婆叫林琳，我们女儿小米六岁了。",
     [("family.member", "女儿小米", ""), ("family.member", "老婆林琳", ""), ("identity.age", "6", "小米")]),
    ("我们的儿子叫乐乐，今年五岁。", [("family.member", "儿子乐乐", ""), ("identity.age", "5", "son")]),
])
def test_relatives_named_in_passing_are_family_members(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "Did my son Max and my daughter Lily call?", "My friend Jake and my friend Sam are chefs.", "我的邻居老王是消防员",
    "My boss Mark is an engineer.", "Did my wife Anna call?",
])
def test_no_family_member_where_no_relative_is_named(text: str) -> None:
    assert not [f for f in _read(text) if f[0] == "family.member"]
