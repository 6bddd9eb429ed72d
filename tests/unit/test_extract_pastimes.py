"""A pastime said plainly ("I play tennis", 我打网球) or as taken up ("I've taken up pottery") is the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _pastimes(text: str) -> list[tuple[str, str]]:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    return [(c.key, c.value) for c in found
            if c.key in ("sport.like", "hobby.like") and not c.retracts and not c.subject]  # the user's own


@pytest.mark.parametrize(("text", "expected"), [
    ("I climb", ("sport.like", "climbing")), ("I go climbing on weekends", ("sport.like", "climbing")),
    ("I do yoga", ("sport.like", "yoga")), ("I play tennis", ("sport.like", "tennis")),
    ("I took up climbing", ("sport.like", "climbing")), ("I've taken up pottery", ("hobby.like", "pottery")),
    ("I play guitar for fun", ("hobby.like", "guitar")),
    ("我攀岩", ("sport.like", "攀岩")), ("我平时练瑜伽", ("sport.like", "瑜伽")), ("我打网球", ("sport.like", "网球")),
    ("我下棋", ("hobby.like", "下棋")),
    # how often, as the habits say it
    ("I do yoga twice a week", ("sport.like", "yoga")), ("I play tennis three times a week", ("sport.like", "tennis")),
    ("I go climbing on Saturdays", ("sport.like", "climbing")), ("我每天早上跑步", ("sport.like", "跑步")),
    ("我每个周末打网球", ("sport.like", "网球")),
])
def test_a_pastime_said_plainly_is_the_users(text: str, expected: tuple[str, str]) -> None:
    assert _pastimes(text) == [expected]


@pytest.mark.parametrize("text", [
    "I climb the stairs to my office", "I play it by ear", "My friend plays tennis", "I don't play tennis",
    "I took up the offer", "I do it",
    "我妹妹打网球", "我不打网球", "我会游泳", "我要去游泳",
])
def test_no_pastime_of_the_user(text: str) -> None:
    assert _pastimes(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("I often run", ("sport.like", "running", "often runs")),
    ("I usually go swimming on weekends", ("sport.like", "swimming", "usually goes swimming on weekends")),
    ("I've taken up pottery", ("hobby.like", "pottery", "does pottery as a hobby")),
    ("我平时练瑜伽", ("sport.like", "瑜伽", "平时练瑜伽")),
])
def test_a_pastime_reads_as_what_the_user_does(text: str, expected: tuple[str, str, str]) -> None:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    assert expected in [(c.key, c.value, c.statement) for c in found]


@pytest.mark.parametrize(("said", "given_up"), [
    ("I often run", "I stopped running"), ("I play tennis", "I don't play tennis anymore"),
    ("我打网球", "我不再打网球了"), ("I go climbing on weekends", "I gave up climbing"),
    # said with how often: the pastime stored beside the habit goes with it
    ("I do yoga twice a week", "I gave up yoga"), ("我每天早上跑步", "我不再跑步了"),
    ("我每个周末打网球", "我不再打网球了"), ("I play tennis three times a week", "I don't play tennis anymore"),
])
def test_a_pastime_given_up_is_withdrawn(said: str, given_up: str) -> None:
    # giving it up withdrew the habit only: the pastime the plain statement stored stayed standing
    [stored] = _pastimes(said)
    found = RuleExtractor().extract(text=given_up, role="user", said_at=SAID)
    assert stored in [(c.key, c.value) for c in found if c.retracts]


# --- the same pastime with its start, and the gym as a place gone to for one ---------------------------------------

@pytest.mark.parametrize(("text", "expected", "began"), [
    ("I've been going to the gym since January.", ("sport.like", "gym", "goes to the gym"), (2026, 1)),
    ("Since January I've been going to the gym", ("sport.like", "gym", "goes to the gym"), (2026, 1)),
    ("I've been doing yoga since March", ("sport.like", "yoga", "does yoga"), (2026, 3)),
    ("I've been running since last year", ("sport.like", "running", "runs"), (2025, 1)),  # was stated "runns"
    ("我从一月开始去健身房", ("sport.like", "健身", "去健身房"), (2026, 1)),
])
def test_a_pastime_with_its_start_is_the_pastime_from_then(
        text: str, expected: tuple[str, str, str], began: tuple[int, int]) -> None:
    # before, the gym and "since March" (a month alone) stored nothing
    [found] = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    assert (found.key, found.value, found.statement) == expected
    assert found.valid_from is not None and (found.valid_from.year, found.valid_from.month) == began


def test_a_month_still_to_come_this_year_is_last_years() -> None:
    [found] = RuleExtractor().extract(text="I've been doing yoga since March", role="user",
                                      said_at=datetime(2026, 1, 5, tzinfo=UTC))
    assert found.valid_from == datetime(2025, 3, 1, tzinfo=UTC)


@pytest.mark.parametrize(("text", "expected"), [
    ("I go to the gym", ("sport.like", "gym")), ("我去健身房", ("sport.like", "健身")),
    ("I've started going to the gym", ("sport.like", "gym")), ("I hit the gym", ("sport.like", "gym")),
    ("I work out", ("sport.like", "working out")), ("I often work out", ("sport.like", "working out")),
    ("I've been working out since January", ("sport.like", "working out")),
])
def test_going_to_the_gym_is_the_users_sport(text: str, expected: tuple[str, str]) -> None:
    assert _pastimes(text) == [expected]


@pytest.mark.parametrize("text", [
    "I've been doing well since January", "I've been going through a lot since March",
    "I've been going out with Tom since May", "I stopped going to work", "I work out of my home office",
    "I'm working out the details",
])
def test_no_pastime_with_a_start(text: str) -> None:
    assert _pastimes(text) == []


@pytest.mark.parametrize(("said", "given_up"), [
    ("I go to the gym three times a week", "I stopped going to the gym"),
    ("I've been going to the gym since January.", "I don't go to the gym anymore"),
    ("我经常去健身房", "我不再去健身房了"), ("I work out", "I stopped working out"),
])
def test_the_gym_given_up_is_withdrawn(said: str, given_up: str) -> None:
    [stored] = _pastimes(said)
    found = RuleExtractor().extract(text=given_up, role="user", said_at=SAID)
    assert stored in [(c.key, c.value) for c in found if c.retracts]


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID) if not c.retracts]


@pytest.mark.parametrize(("text", "expected"), [
    # how often said before the speaker: the habit and the pastime, as said after the verb
    ("周末我一般去爬山。", [("preference.habit", "周末一般去爬山"), ("sport.like", "爬山")]),
    ("我周末一般去爬山。", [("preference.habit", "周末一般去爬山"), ("sport.like", "爬山")]),
    ("晚上我一般去跑步。", [("preference.habit", "晚上一般去跑步"), ("sport.like", "跑步")]),
    ("On weekends I usually go hiking.", [("preference.habit", "usually go hiking on weekends"),
                                          ("sport.like", "hiking")]),
])
def test_a_pastime_with_its_time_said_first_is_the_habit_and_the_pastime(text: str,
                                                                         expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("我最近迷上了钓鱼。", [("hobby.like", "钓鱼")]),
    ("我爱上了烘焙。", [("hobby.like", "烘焙")]),
    ("I've gotten really into fishing lately.", [("hobby.like", "fishing")]),
    ("I'm really into hiking.", [("sport.like", "hiking")]),
    ("I've become obsessed with baking.", [("hobby.like", "baking")]),
    ("I got into jazz last year.", [("music.like", "jazz")]),
    ("I got really into baking during the pandemic.", [("hobby.like", "baking")]),
])
def test_being_taken_with_a_pastime_is_liking_it(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "我迷上了这首歌。", "I got into Harvard.", "I got into trouble.", "I got into an argument with my boss.",
    "I'm into you.", "I got into the car.", "我爱上了他。", "周末我去了趟超市。",
])
def test_what_one_got_into_that_is_no_pastime_and_a_weekend_errand_are_none(text: str) -> None:
    assert [(k, v) for k, v in _read(text) if k != "event"] == []  # a weekend's errand is a happening, no habit


@pytest.mark.parametrize(("text", "expected"), [
    ("我晚上喜欢看电影。", [("media.like", "电影")]),
    ("我周末喜欢去爬山。", [("sport.like", "去爬山")]),  # as 我平时喜欢去爬山 is
])
def test_when_a_like_is_acted_on_is_no_part_of_it(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected
