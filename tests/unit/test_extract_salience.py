"""Notable happenings told without a time (``extract.salience``), in English and Chinese
(Simplified and Traditional): stored as an event when an occasion, an outcome or a first time
marks them, and nothing for a passing outing, a wish, a negation or a resolve."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.salience import notable

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _events(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.valid_from is None)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if c.key in ("event", "schedule.event", "travel.plan")]


@pytest.mark.parametrize(("text", "expected"), [
    ("I went to see Jay Chou's concert and it was very stunning.", [("event", "went to see Jay Chou's concert", True)]),
    ("I passed the bar exam!", [("event", "passed the bar exam", True)]),
    ("I lost my job.", [("event", "lost their job", True)]),
    ("我去看了周杰伦的演唱会，非常震撼。", [("event", "去看了周杰伦的演唱会", True)]),
    ("我去看了周杰倫的演唱會。", [("event", "去看了周杰伦的演唱会", True)]),
    ("我通过了面试！", [("event", "通过了面试", True)]),
    ("我參加了一場婚禮。", [("event", "参加了一场婚礼", True)]),
])
def test_a_notable_happening_without_a_time_is_an_event(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _events(text) == expected


@pytest.mark.parametrize("text", [
    "I went to the park.",
    "I met Anna.",
    "I won't quit on my dreams.",
    "I didn't go to the concert.",
    "I didn't lose my job.",
    "我去了公园。",
    "我想去看演唱会。",
    "我没去看演唱会。",
    "我想開一家咖啡館。",
])
def test_an_outing_a_wish_a_negation_or_a_resolve_is_none(text: str) -> None:
    assert _events(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("我今天刚刚通过了一次面试！", "通过了一次面试"),
    ("今天我第一次去了健身房。", "第一次去了健身房"),
    ("Today I passed my driving test.", "passed their driving test"),
])
def test_an_outcome_said_with_its_day_is_a_dated_event(text: str, expected: str) -> None:
    assert _events(text) == [("event", expected, False)]


@pytest.mark.parametrize(("text", "expected"), [
    ("I went to an ancient city with lots of beautiful architecture and sights. I walked slowly by myself.",
     [("event", "went to an ancient city", True)]),
    ("I traveled to a small town in Italy.", [("event", "traveled to a small town in Italy", True)]),
    ("I went to Paris with my sister.", [("event", "went to Paris with their sister", True)]),
    ("We visited Japan.", [("event", "visited Japan", True)]),
    ("我去了一座古城，有很多漂亮的建筑和景点。", [("event", "去了一座古城", True)]),
    ("我去了一座古鎮。", [("event", "去了一座古镇", True)]),
])
def test_a_journey_to_a_city_a_town_or_a_country_is_an_event(text: str, expected: list[tuple[str, str, bool]]) -> None:
    """Travel away from home marks a happening as an occasion does; a happening too long to be stored whole keeps the
    journey without what was seen there. Before, each stored nothing."""
    assert _events(text) == expected


@pytest.mark.parametrize("text", [
    "I went to the library and read some novels.", "I want to go to Paris.", "My friend went to Paris.",
    "I didn't go to Paris.", "We went to Notion for docs.", "我想去一座古城。", "我去了图书馆。",
])
def test_a_local_outing_a_wish_someone_elses_trip_or_no_place_is_no_journey(text: str) -> None:
    assert _events(text) == []


@pytest.mark.parametrize("text", ["I need a new laptop for the conference.", "I need tickets for the concert."])
def test_a_present_tense_ending_in_ed_is_no_happening(text: str) -> None:
    """"need" is no past tense: an occasion named after it was stored as a happening."""
    assert _events(text) == []


def test_a_past_tense_ending_in_ed_still_is() -> None:
    assert _events("I needed a new laptop for the conference.") == [
        ("event", "needed a new laptop for the conference", True)]


def test_a_relatives_journey_is_theirs() -> None:
    found = [c for c in RuleExtractor().extract(text="我妈妈去了一座古城。", role="user", said_at=_AT)]
    assert [(c.key, c.value, c.subject) for c in found] == [("event", "去了一座古城", "mom")]


def test_the_marks_are_occasions_outcomes_and_firsts_not_places() -> None:
    assert notable("I went to see a concert", "en") and notable("I tried surfing", "en")
    assert notable("我毕业了", "zh") and notable("我第一次去了健身房", "zh")
    assert not notable("I went to the park", "en") and not notable("我去了公园", "zh")
    assert not notable("I won't give up", "en") and not notable("I met Anna", "en")


@pytest.mark.parametrize(("text", "expected"), [
    ("It's been tough going since I lost my job, but I'm sure it will pay off.", "lost their job"),
    ("Since I lost my job, things are hard.", "lost their job"),
    ("自从我失业以后，日子一直很难。", "失业"),
    ("自從我丟了工作，日子一直很難。", "丢了工作"),
])
def test_a_happening_that_started_a_state_is_an_event(text: str, expected: str) -> None:
    assert _events(text) == [("event", expected, True)]


@pytest.mark.parametrize("text", [
    "I've been happy since I moved here.",
    "Ever since I went to the park, I feel better.",
    "自从我去了公园以后，心情好多了。",
])
def test_a_state_started_by_no_notable_happening_is_none(text: str) -> None:
    assert _events(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("我下个月要举办一场舞蹈比赛来展示本地的人才。", ("schedule.event", "举办一场舞蹈比赛", False)),
    ("我下周要去上海为了见客户。", ("travel.plan", "去上海", False)),
    ("下周我去北京出差回来。", ("travel.plan", "去北京出差回来", False)),
])
def test_a_chinese_plan_keeps_what_is_planned_without_its_purpose(text: str, expected: tuple[str, str, bool]) -> None:
    assert _events(text) == [expected]


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm also hosting a dance competition next month to showcase local talent and bring more attention to my studio.",
     ("schedule.event", "hosting a dance competition", False)),  # too long with its purpose: stored nothing
    ("I'm taking a cooking class next week to learn Thai food.", ("schedule.event", "taking a cooking class", False)),
    ("I'm flying out next week to see my parents.", ("schedule.event", "flying out to see their parents", False)),
])
def test_an_english_plan_keeps_what_is_planned_without_its_purpose(text: str, expected: tuple[str, str, bool]) -> None:
    """As a Chinese plan does (above); a verb and one word before 'to' ('flying out') keep what follows."""
    assert _events(text) == [expected]


@pytest.mark.parametrize("text", ["I'm thinking about the Kyoto trip again.", "I'm wondering about it again."])
def test_a_state_of_mind_said_again_withdraws_no_habit(text: str) -> None:
    assert [c for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if c.retracts] == []


@pytest.mark.parametrize("text", [
    "I really have zero energy for anything today, let alone working out.", "I feel great today",
    "今天的天气真好，我想去公园里散步。", "我明天想去看电影", "I want to go to the park today",
])
def test_a_state_or_a_wish_with_a_day_is_no_event(text: str) -> None:
    """A state said of a day, or what one wants to do on it, is neither a happening nor a plan, in either language."""
    assert _events(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("I went to the library today", [("event", "went to the library", False)]),
    ("I have a dentist appointment tomorrow", [("schedule.event", "dentist appointment", False)]),
    ("我明天要去北京", [("travel.plan", "去北京", False)]),
])
def test_a_day_with_something_done_or_planned_is_still_an_event(text: str,
                                                               expected: list[tuple[str, str, bool]]) -> None:
    assert _events(text) == expected


def test_learning_begun_is_no_habit_taken_up_again() -> None:
    """我最近开始学做菜了 is what is learnt (``activity.learning``), not a withdrawal of a habit 不学做菜."""
    found = [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text="我最近开始学做菜了", role="user",
                                                                          said_at=_AT)]
    assert found == [("activity.learning", "做菜", False)]
