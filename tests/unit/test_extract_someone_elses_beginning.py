"""A beginning said of someone else is the state it began, as the user's own is.

朵朵开始喝牛奶了 and 朵朵开始上幼儿园大班了 stored nothing (a child's doubled pet name was no name), and
我女儿开始喝牛奶了 only withdrew 不喝牛奶, where 我开始喝牛奶了 begins ``user.drinks = 牛奶`` and "Max started
drinking coffee" ``max.drinks = coffee``."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _begun(text: str) -> list[tuple[str, str, str]]:
    return sorted((c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
                  if not c.retracts)


@pytest.mark.parametrize(("text", "expected"), [
    ("朵朵开始喝牛奶了", [("朵朵.drinks", "牛奶", "朵朵")]),
    ("我女儿开始喝牛奶了", [("daughter.drinks", "牛奶", "daughter")]),
    ("朵朵开始上幼儿园大班了", [("朵朵.grade", "幼儿园大班", "朵朵")]),
    ("我女儿开始上幼儿园大班了", [("daughter.grade", "幼儿园大班", "daughter")]),
    ("Max started drinking coffee", [("max.drinks", "coffee", "Max")]),
])
def test_a_beginning_of_someone_elses_is_what_they_do_now(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _begun(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("朵朵喝牛奶", [("朵朵.drinks", "牛奶", "朵朵")]),
    ("朵朵对花生过敏", [("health.allergy", "花生", "朵朵")]),
    ("乐乐在学钢琴", [("activity.learning", "钢琴", "乐乐")]),
])
def test_a_doubled_pet_name_names_a_person(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _begun(text) == expected


@pytest.mark.parametrize("text", [
    "天天喝牛奶", "看看吧", "刚刚开始下雨了", "妈妈喝牛奶", "狗狗喜欢吃肉", "猫猫对鸡肉过敏",
])
def test_a_doubled_adverb_kin_word_or_kind_is_no_name(text: str) -> None:
    assert not [s for _, _, s in _begun(text) if s in ("天天", "看看", "刚刚", "妈妈", "狗狗", "猫猫")]
