"""Chinese typed as chat: a space, a tilde or an emoji between two 汉字 where a comma goes (我不喝咖啡了 换成喝茶 stored
``drink.avoid = 咖啡了 换成喝茶``; now the coffee given up and the tea, as with the comma), while a space before a
name inside a clause (我住在 上海, 我喜欢 周杰伦, 我在腾讯 工作) is still no break; a new carrier said before the old
one is stopped (以后快递都用京东，别用顺丰了 withdrew 顺丰 and stored no 京东); and the indentation of a project's code
(缩进用两个空格，不要用tab stored nothing), as "We use 2 spaces, not tabs, in this repo" is kept."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize("gap", [" ", "~", "😭", "　"])
def test_a_space_or_emoji_between_clauses_breaks_them_as_a_comma_does(gap: str) -> None:
    assert _read(f"我不喝咖啡了{gap}换成喝茶") == _read("我不喝咖啡了，换成喝茶")
    assert ("user.drinks", "茶", False) in _read(f"我不喝咖啡了{gap}换成喝茶")


@pytest.mark.parametrize(("text", "fact"), [
    ("我住在 上海", ("identity.location", "上海", False)),
    ("我喜欢 周杰伦", ("preference.like", "周杰伦", False)),
    ("我在腾讯 工作", ("identity.employer", "腾讯", False)),
    ("我对花生过敏😭千万记住", ("health.allergy", "花生", False)),
])
def test_a_space_inside_a_clause_is_no_break(text: str, fact: tuple[str, str, bool]) -> None:
    assert fact in _read(text)


@pytest.mark.parametrize(("text", "new", "old"), [
    ("以后快递都用京东，别用顺丰了", "京东", "顺丰"),
    ("快递以后都发中通，不要用顺丰了", "中通", "顺丰"),
    ("别用京东了，换顺丰吧", "顺丰", "京东"),
])
def test_a_carrier_chosen_beside_the_one_stopped(text: str, new: str, old: str) -> None:
    read = _read(text)
    assert ("shipping.carrier", new, False) in read
    assert ("shipping.carrier", old, False) not in read


@pytest.mark.parametrize(("text", "value"), [
    ("缩进用两个空格，不要用tab", "两个空格"),
    ("代码统一用4个空格缩进", "4个空格"),
    ("这个项目缩进用tab", "tab"),
    ("缩进用 tab 不用空格", "tab"),
])
def test_a_projects_indentation_said_in_chinese(text: str, value: str) -> None:
    assert ("user.project_indentation", value, False) in _read(text)


def test_a_project_tool_and_its_indentation_in_one_message() -> None:
    read = _read("这个项目用 pnpm，不用 npm；缩进用两个空格")
    assert ("user.project_tool", "pnpm", False) in read and ("user.project_indentation", "两个空格", False) in read


@pytest.mark.parametrize("text", ["我用两个空格", "缩进好麻烦"])
def test_no_indentation_without_indenting_said(text: str) -> None:
    assert not [f for f in _read(text) if f[0] == "user.project_indentation"]
