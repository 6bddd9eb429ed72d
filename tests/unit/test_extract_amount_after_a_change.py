"""What precedes a number must name what is measured: 我的车换成了小鹏P7 stored ``user.车换成了小鹏p = 7`` (the
change read as an attribute, the model's digit as its amount); a verb or particle there (了, 不, 也 …) says
something happened, not what is measured, while 我的鞋码43 and 我的通勤时间大概40分钟 keep their amounts."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _keys(text: str) -> list[str]:
    return [c.key for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize("text", ["我的车换成了小鹏P7。", "我的手机换成了小米14。"])
def test_a_change_before_digits_is_no_attribute(text: str) -> None:
    assert not any("换成" in key for key in _keys(text))


@pytest.mark.parametrize(("text", "key"), [("我的鞋码43。", "user.shoe_size"),
                                          ("我的通勤时间大概40分钟。", "user.commute")])
def test_an_amount_of_a_named_attribute_is_kept(text: str, key: str) -> None:
    assert key in _keys(text)
