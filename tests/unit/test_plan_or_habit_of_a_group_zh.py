"""A plan or a habit said with a time first or of a group the user is one of is the user's (``extract.plans``,
``together.group_as_mine``): 最近我在计划去新西兰玩儿 and 我和同事们每周都会去打羽毛球 stored nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return sorted((c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "fact"), [
    ("最近我在计划去冰岛看极光。", ("plan.intent", "去冰岛看极光", "")),
    ("最近我打算去学潜水。", ("plan.intent", "去学潜水", "")),
    ("这段时间我在准备考驾照。", ("plan.intent", "考驾照", "")),
    ("我和驴友们每个月都会去徒步。", ("preference.habit", "每个月都会去徒步", "")),
    ("我跟家里人每年国庆都会自驾出游。", ("preference.habit", "每年国庆都会自驾出游", "")),
    ("嗯！最近我和室友们办了健身卡，每天都会去练一个小时。", ("preference.habit", "每天都会去练一个小时", "")),
    ("我和几个老同学计划明年去冰岛。", ("travel.plan", "去冰岛", "")),
])
def test_the_plan_or_habit_is_the_users(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _read(text), (text, _read(text))


@pytest.mark.parametrize("text", [
    "我跟你每天都聊天。",
    "我和朋友昨天去了上海。",
    "我们公司最近出了点问题。",
])
def test_no_plan_nor_habit_of_the_user(text: str) -> None:
    assert not any(k in ("plan.intent", "travel.plan", "preference.habit") for k, _, _ in _read(text)), _read(text)


def test_a_relative_sharing_a_like_keeps_it() -> None:
    assert ("hobby.like", "下棋", "older brother") in _read("我和我哥都喜欢下棋，每周都会下一盘。")
