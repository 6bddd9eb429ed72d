"""A skill said positively in Chinese is ``ability.can``, as in English (``extract.abilities``): 我会拉小提琴,
我擅长做饭 stored nothing. 会 also promises (我会早点睡的, 我会打电话给你, 明天我会开车去): none of those is a skill."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return sorted((c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
                  if c.key.startswith("ability.") and not c.retracts)


@pytest.mark.parametrize(("text", "values"), [
    ("我会拉小提琴。", ["拉小提琴"]),
    ("我从小就会游泳。", ["游泳"]),
    ("我也会包饺子，还会做蛋糕。", ["做蛋糕", "包饺子"]),
    ("我比较擅长烘焙。", ["烘焙"]),
    ("我精通Java和Go", ["Go", "Java"]),
    ("我还会书法，篆刻，剪纸和插花等等。", ["书法", "剪纸", "插花", "篆刻"]),
])
def test_a_skill_said_positively_is_kept(text: str, values: list[str]) -> None:
    assert _read(text) == [("ability.can", v, "") for v in sorted(values)], _read(text)


def test_a_relatives_skill_is_theirs() -> None:
    assert _read("我爸爸会修电脑。") == [("ability.can", "修电脑", "dad")]


@pytest.mark.parametrize("text", [
    "我会早点睡的。",
    "我会考虑你的建议。",
    "我会打电话给你。",
    "明天我会开车去机场。",
    "我会做好的。",
    "我会努力，坚持，奋斗。",
    "我会开始跑步。",
    "我会用心做。",
    "我会去阅读这本书的。",
    "你会弹钢琴吗？",
])
def test_a_promise_or_a_question_is_no_skill(text: str) -> None:
    assert _read(text) == [], text
