"""Extraction of contact channels, time words in values,
"no longer eat", plans dated in the past), in English and Chinese."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.timex import resolve_relative

#: A Sunday in November: a month named in a plan (March) is already over this year.
NOV = datetime(2026, 11, 15, 10, 0, tzinfo=UTC)


def _found(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=NOV)]


def _day(y: int, m: int, d: int = 1) -> datetime:
    return datetime(y, m, d, tzinfo=UTC)


@pytest.mark.parametrize(("text", "channel"), [
    ("I prefer email", "email"),
    ("Actually, I prefer phone calls now", "phone call"),
    ("Please contact me by email", "email"),
    ("actually, call me instead", "phone call"),
    ("Email me instead", "email"),
    ("I prefer to be contacted by phone", "phone call"),
    ("The best way to reach me is by text", "text message"),
    ("message me on WhatsApp", "WhatsApp"),
    ("I prefer email over phone calls", "email"),
    ("Please contact me by email at [REDACTED:email]", "email"),
    ("联系我请发邮件", "邮件"),
    ("请打电话联系我", "电话"),
    ("我更喜欢电话联系", "电话"),
    ("给我发邮件吧", "邮件"),
    ("以后用微信联系我", "微信"),
    ("有事找我的话打电话", "电话"),
])
def test_contact_channel_preferences(text: str, channel: str) -> None:
    assert _found(text) == [("contact.channel", channel, False)]


@pytest.mark.parametrize(("text", "channel"), [("Text me, don't call", "text message"),
                                               ("别给我打电话，发微信", "微信")])
def test_a_refused_channel_makes_the_bare_one_beside_it_a_preference(text: str, channel: str) -> None:
    assert _found(text) == [("contact.channel", channel, False)]


@pytest.mark.parametrize("text", ["call me when you land", "I'd rather you email me", "I like phone calls",
                                  "我在打电话", "Call me Al"])
def test_passing_mentions_of_a_channel_are_not_a_preference(text: str) -> None:
    assert all(key != "contact.channel" for key, _, _ in _found(text))


@pytest.mark.parametrize(("text", "expected"), [
    ("My favorite airline is Delta now", ("preference.like", "Delta", False)),
    ("My favorite color is blue at the moment", ("preference.like", "blue", False)),
    ("I live in Berlin now", ("identity.location", "Berlin", False)),
    ("我现在最喜欢的颜色是蓝色", ("preference.like", "蓝色", False)),
    ("我最喜欢的航空公司现在是国航", ("preference.like", "国航", False)),
])
def test_a_trailing_time_word_is_not_part_of_the_value(text: str, expected: tuple[str, str, bool]) -> None:
    assert _found(text) == [expected]


@pytest.mark.parametrize(("text", "value", "habit"), [
    ("I no longer eat meat", "meat", "eat meat"), ("I've stopped eating meat", "meat", "eating meat"),
    ("I don't eat meat anymore", "meat", "eat meat"), ("我不再吃肉了", "肉", "吃肉"), ("我再也不吃肉了", "肉", "吃肉"),
])
def test_no_longer_eating_something_is_a_food_quit(text: str, value: str, habit: str) -> None:
    # a habit ended, no dislike (extract.cessation); and a habit of eating it is withdrawn (extract.habits)
    assert _found(text) == [("food.quit", value, False), ("preference.habit", habit, True)]


@pytest.mark.parametrize(("text", "key", "start"), [
    ("We fly to Tokyo in March", "travel.plan", _day(2027, 3)),
    ("I'm going to Paris in May", "travel.plan", _day(2027, 5)),
    ("我们三月去东京", "travel.plan", _day(2027, 3)),
    ("明年三月我们去东京", "travel.plan", _day(2027, 3)),
    ("2027年3月我们去东京", "travel.plan", _day(2027, 3)),
    # done things stay in the month already over
    ("We flew to Tokyo in March", "event", _day(2026, 3)),
    ("我们三月去了东京", "event", _day(2026, 3)),
])
def test_a_month_named_in_a_plan_is_the_next_such_month(text: str, key: str, start: datetime) -> None:
    (cand,) = RuleExtractor().extract(text=text, role="user", said_at=NOV)
    assert (cand.key, cand.valid_from) == (key, start)
    assert cand.valid_from is not None and cand.valid_to is not None and cand.valid_to > cand.valid_from


def test_prefer_future_rolls_only_expressions_without_a_year_or_week() -> None:
    assert resolve_relative("in March", NOV) == (_day(2026, 3), _day(2026, 4))
    assert resolve_relative("in March", NOV, prefer_future=True) == (_day(2027, 3), _day(2027, 4))
    assert resolve_relative("3月5日", NOV, prefer_future=True) == (_day(2027, 3, 5), _day(2027, 3, 6))
    assert resolve_relative("last March", NOV, prefer_future=True) == (_day(2025, 3), _day(2025, 4))
    assert resolve_relative("in December", NOV, prefer_future=True) == (_day(2026, 12), _day(2027, 1))
    assert resolve_relative("明年三月", NOV) == (_day(2027, 3), _day(2027, 4))
    assert resolve_relative("March 2025", NOV, prefer_future=True) == (_day(2025, 3), _day(2025, 4))
    # a bare weekday already past this week is next week's (NOV is a Sunday; Monday was the 9th)
    assert resolve_relative("on Monday", NOV, prefer_future=True) == (_day(2026, 11, 16), _day(2026, 11, 17))
    assert resolve_relative("周一", NOV, prefer_future=True) == (_day(2026, 11, 16), _day(2026, 11, 17))
    assert resolve_relative("上周一", NOV, prefer_future=True) == (_day(2026, 11, 2), _day(2026, 11, 3))


@pytest.mark.parametrize(("text", "expected"), [
    ("我喜欢吃肉", ("food.like", "肉", "喜欢吃肉")),
    ("我喜欢吃辣", ("food.like", "辣", "喜欢吃辣")),
    ("我喜欢喝茶", ("drink.like", "茶", "喜欢喝茶")),
    ("我喜欢吃火锅", ("food.like", "火锅", "喜欢吃火锅")),
])
def test_a_chinese_food_liking_is_the_food_not_the_verb(text: str, expected: tuple[str, str, str]) -> None:
    """吃/喝 go back into the statement: 吃辣 must not read 喜欢吃吃辣, and 我不再吃肉了 (value 肉) must
    name the same thing as 我喜欢吃肉."""
    cands = RuleExtractor().extract(text=text, role="user", said_at=NOV)
    assert [(c.key, c.value, c.statement) for c in cands] == [expected]


@pytest.mark.parametrize(("text", "expected"), [
    ("I no longer want FedEx", ("shipping.carrier", "FedEx", True)),
    ("I don't use FedEx anymore", ("shipping.carrier", "FedEx", True)),
    ("I no longer prefer window seats", ("travel.seat", "window seat", True)),
    ("I no longer use VS Code", ("tool.editor", "VSCode", True)),
    ("我不再用顺丰了", ("shipping.carrier", "顺丰", True)),
    ("我以后不用顺丰了", ("shipping.carrier", "顺丰", True)),
])
def test_a_withdrawn_named_choice_is_a_retraction(text: str, expected: tuple[str, str, bool]) -> None:
    assert _found(text) == [expected]


@pytest.mark.parametrize("text", ["I don't want FedEx", "我不用顺丰", "I don't want dinner anymore",
                                  "I no longer want to talk"])
def test_a_refusal_or_an_unnamed_thing_withdraws_nothing(text: str) -> None:
    assert all(not retracts for _, _, retracts in _found(text))


def test_day_words_resolve_in_the_speakers_own_offset() -> None:
    """07:00 on 1 January at +08:00 is still 31 December in UTC: the speaker's tomorrow is 2 January
    (00:00 +08:00 = 1 January 16:00 UTC), not 1 January UTC."""
    east = timezone(timedelta(hours=8))
    said = datetime(2026, 1, 1, 7, 0, tzinfo=east)
    assert resolve_relative("tomorrow", said) == (datetime(2026, 1, 1, 16, tzinfo=UTC),
                                                  datetime(2026, 1, 2, 16, tzinfo=UTC))
    assert resolve_relative("明天", said) == resolve_relative("tomorrow", said)
    # the same instant said in UTC (or naive, taken as UTC) is 31 December: tomorrow is 1 January
    assert resolve_relative("tomorrow", said.astimezone(UTC)) == (_day(2026, 1, 1), _day(2026, 1, 2))
    assert resolve_relative("tomorrow", datetime(2025, 12, 31, 23)) == (_day(2026, 1, 1), _day(2026, 1, 2))
    west = datetime(2026, 1, 1, 20, 0, tzinfo=timezone(timedelta(hours=-5)))  # 2 January 01:00 UTC
    assert resolve_relative("today", west) == (datetime(2026, 1, 1, 5, tzinfo=UTC), datetime(2026, 1, 2, 5, tzinfo=UTC))


@pytest.mark.parametrize(("text", "expected"), [
    ("I prefer carrier Zed for delivery", ("shipping.carrier", "Zed", False)),
    ("Use Zed for shipping", ("shipping.carrier", "Zed", False)),
    ("I prefer carrier Acme for delivery", ("shipping.carrier", "Acme", False)),
    ("I use Zed", ("tool.editor", "Zed", False)),  # without a delivery context Zed stays the editor
    ("I use VS Code to write shipping software", ("tool.editor", "VSCode", False)),
])
def test_a_delivery_context_makes_a_name_a_carrier(text: str, expected: tuple[str, str, bool]) -> None:
    assert _found(text) == [expected]


@pytest.mark.parametrize(("text", "expected"), [
    ("🙂 I prefer FedEx for delivery", ("shipping.carrier", "FedEx", False)),
    ("- I prefer FedEx for delivery", ("shipping.carrier", "FedEx", False)),
    ("I prefer\u200b FedEx for delivery", ("shipping.carrier", "FedEx", False)),
    ("I prefer ＵＰＳ for delivery", ("shipping.carrier", "UPS", False)),
    ("🎉 我以后都希望用顺丰", ("shipping.carrier", "顺丰", False)),
])
def test_emoji_zero_width_and_full_width_letters_do_not_hide_a_fact(text: str,
                                                                     expected: tuple[str, str, bool]) -> None:
    assert _found(text) == [expected]


@pytest.mark.parametrize(("text", "value"), [
    ("My favourite emoji is 👩\u200d👩\u200d👧", "👩\u200d👩\u200d👧"),  # one family, not three people
    ("I love the 🏳\ufe0f\u200d🌈 flag", "🏳\ufe0f\u200d🌈 flag"),  # a presentation selector before the joiner
    ("I love the 👍🏽\u200d🔥 combo", "👍🏽\u200d🔥 combo"),  # a skin tone before the joiner
    ("I love zero\u200dwidth tea", "zerowidth tea"),  # between letters a joiner is a paste accident
])
def test_a_joiner_inside_an_emoji_stays_in_the_fact_value(text: str, value: str) -> None:
    assert [v for _, v, _ in _found(text)] == [value]


@pytest.mark.parametrize(("text", "value"), [
    ("I'm allergic to peanuts 🥜", "peanuts"),
    ("我喜欢喝咖啡☕", "咖啡"),
    ("My favorite color is blue -->", "blue"),
    ("I love sushi 🍣🍣!", "sushi"),
    ("I love ice cream 🍦 so much", "ice cream"),
    ("My blood type is O-", "O-"),  # a sign that is the value's own, not a drawn arrow
    ("I love C++", "C++"),
])
def test_a_pictograph_or_arrow_closing_a_value_is_decoration(text: str, value: str) -> None:
    assert [v for _, v, _ in _found(text)] == [value]
