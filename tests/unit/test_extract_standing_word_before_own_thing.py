"""A standing word before the speaker's own thing states that thing as standing: 以后我的快递都用顺丰 stored a habit
"的快递都用顺丰" (以后我 was cut off before the 的) where 我的快递都用顺丰 stores the carrier, and "From now on my
packages go with DHL" a habit "my packages go with DHL" where "My packages go with DHL" stores the carrier. Now both
are read as said without the standing word; a clause no other shape reads stays a habit, never cut at 的."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("以后我的快递都用顺丰", ("shipping.carrier", "顺丰")),
    ("从现在开始我的快递都用中通。", ("shipping.carrier", "中通")),
    ("From now on my packages go with DHL.", ("shipping.carrier", "DHL")),
    ("Going forward, my editor is Neovim.", ("tool.editor", "Neovim")),
])
def test_standing_own_thing_is_read_as_said(text: str, fact: tuple[str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize(("text", "habit"), [
    ("以后我的咖啡都要燕麦奶", "咖啡都要燕麦奶"),
    ("以后我们的快递都用京东", "快递都用京东"),
    ("以后我的孩子都自己带", "孩子都自己带"),
])
def test_a_habit_after_the_standing_word_keeps_its_thing(text: str, habit: str) -> None:
    assert _read(text) == [("preference.habit", habit)]


@pytest.mark.parametrize("text", ["From now on my wife will cook.", "以后我的邮件都发到这个邮箱吗？"])
def test_no_own_thing_of_the_users_gives_none(text: str) -> None:
    assert _read(text) == []
