"""A weekday after a relative is no name: 周 is a surname and begins the weekdays, so 我儿子周六要去踢足球 stored
``family.member = 儿子周六`` (a son named 周六) and 我老婆周末要加班 ``老婆周末``. A name with the surname 周
(我儿子周明, 我同事周杰) is still read."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _members(text: str) -> list[str]:
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    return [c.value for c in found if c.key == "family.member"]


@pytest.mark.parametrize("text", [
    "我儿子周六要去踢足球。", "我老婆周末要加班。", "我女儿周三有钢琴课。", "我妈周日要来我家。", "我老公周五要出差。",
])
def test_a_weekday_after_a_relative_names_no_one(text: str) -> None:
    assert not [m for m in _members(text) if "周" in m], _members(text)


@pytest.mark.parametrize(("text", "member"), [
    ("我儿子周明今年五岁。", "儿子周明"), ("我和老婆周丽都喜欢爬山。", "老婆周丽"),
])
def test_a_name_with_the_surname_zhou_is_still_read(text: str, member: str) -> None:
    assert member in _members(text), _members(text)
