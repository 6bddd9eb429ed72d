"""A home said with a relative is the user's home and the relative's: "I live with my parents in Denver",
我和我老婆都住在上海, 我跟我爸妈住在成都
stored nothing and "My wife and I live in Austin" only the user's home; now each
stores ``identity.location`` of the user and of the relative (subject ``parents``, ``wife``), never a relative's
attribute under the user. A trip taken together and a home with no place name no home."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return sorted((c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "expected"), [
    ("I live with my parents in Denver", [("identity.location", "Denver", ""),
                                          ("identity.location", "Denver", "parents")]),
    ("I live in Denver with my parents.", [("identity.location", "Denver", ""),
                                           ("identity.location", "Denver", "parents")]),
    ("My wife and I live in Austin", [("identity.location", "Austin", ""), ("identity.location", "Austin", "wife")]),
    ("我和我老婆都住在上海", [("identity.location", "上海", ""), ("identity.location", "上海", "wife")]),
    ("我跟我爸妈住在成都", [("identity.location", "成都", ""), ("identity.location", "成都", "parents")]),
    ("我和老婆一起住在上海。", [("identity.location", "上海", ""), ("identity.location", "上海", "wife")]),
    ("我和我老婆都住在上海，我在阿里上班", [("identity.employer", "阿里", ""), ("identity.location", "上海", ""),
                                            ("identity.location", "上海", "wife")]),
    # someone who is no relative has no subject the store names: the user's home alone
    ("I live with my roommate in Denver", [("identity.location", "Denver", "")]),
])
def test_a_home_shared_with_a_relative_is_both_homes(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "My wife and I went to Austin last week.", "我和我老婆昨天去了上海。", "I live with my parents",
    "我和我老婆住在一起",
])
def test_a_trip_together_or_a_home_with_no_place_is_no_home(text: str) -> None:
    assert [f for f in _read(text) if f[0] == "identity.location"] == []


def test_a_shared_home_supersedes_the_users_home_and_keeps_the_relatives(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I live in Boston")
        mem.add("I live with my parents in Denver")
        assert sorted((f.key, f.value, f.subject or "") for f in mem.list() if isinstance(f, Fact)) == [
            ("identity.location", "Denver", ""), ("identity.location", "Denver", "parents")]


@pytest.mark.parametrize("text", [
    "我同学住在北京", "我同桌住在杭州", "我同事住在上海，喜欢爬山", "我同事都喜欢喝咖啡",
])
def test_a_colleagues_or_classmates_home_is_never_the_users(text: str) -> None:
    """同 opens 同事 / 同学 / 同桌 here, no "with": read as 我同 + 事, 我同学住在北京 stored 北京 as the user's home."""
    assert [f for f in _read(text) if not f[2]] == []


def test_tong_before_wo_still_shares_the_home() -> None:
    assert _read("我同我老婆都住在上海") == [("identity.location", "上海", ""), ("identity.location", "上海", "wife")]
