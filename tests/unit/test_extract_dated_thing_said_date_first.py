"""A dated thing of one's own or a relative's said date first is read as said the other way round: 12月18日是我女儿的
家长会 and "March 3rd is my daughter's recital" stored nothing while 我女儿的家长会在12月18日 and "My daughter's recital
is on March 3rd" stored the daughter's event. A weekday alone ("Friday is my day off"), no owner ("Friday is the
deadline"), no day (12月18日是周五) and a question are left as said. 下周五是我儿子的毕业典礼 (this or next week's
weekday) is read as "Next Friday is my son's graduation" is."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("12月18日是我女儿的家长会。", ("schedule.event", "家长会", "daughter")),
    ("3月5日是我妈妈的生日。", ("identity.birthday", "3月5日", "mom")),
    ("12月18日是我的面试。", ("schedule.event", "面试", "")),
    ("March 3rd is my daughter's recital.", ("schedule.event", "recital", "daughter")),
    ("June 12 is my son's graduation.", ("schedule.event", "graduation", "son")),
    ("This Saturday is my sister's wedding.", ("schedule.event", "wedding", "sister")),
    ("March 3rd is my birthday.", ("identity.birthday", "March 3rd", "")),
    # a Chinese date first and an English thing: read by the English shapes
    ("12月18日 是我儿子的 sports day。", ("schedule.event", "sports day", "son")),
    ("12月18日是我的 job interview。", ("schedule.event", "job interview", "")),
    # this or next week's weekday in Chinese, as "next Friday" in English (before: nothing)
    ("下周五是我儿子的毕业典礼。", ("schedule.event", "毕业典礼", "son")),
    ("这个星期六是我姐姐的婚礼", ("schedule.event", "婚礼", "older sister")),
    ("下礼拜三是我爸的体检。", ("schedule.event", "体检", "dad")),
])
def test_a_date_said_first_dates_the_thing(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", [
    "Friday is the deadline.", "Monday is a holiday.", "12月18日是周五。", "Is March 3rd my daughter's recital?",
    "Friday is my day off.", "12月18日是我女儿的家长会吗？",
    "周五是我的休息日。", "下周五是周末前一天。", "下周五是我女儿的家长会吗？",
])
def test_no_dated_thing_of_ones_own_gives_none(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "fact"), [
    ("我女儿的家长会在下周五。", ("schedule.event", "家长会", "daughter")),
    ("我儿子的毕业典礼在这周六", ("schedule.event", "毕业典礼", "son")),
    ("我妈的手术在下个星期三。", ("schedule.event", "手术", "mom")),
])
def test_a_relatives_thing_at_a_weekday_is_their_event_not_an_amount(text: str, fact: tuple[str, str, str]) -> None:
    # before: daughter.家长会在下周 = 五, the 五 of 周五 read as an amount of the attribute 家长会在下周
    assert _read(text) == [fact]
