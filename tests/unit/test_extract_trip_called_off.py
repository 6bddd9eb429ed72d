"""A trip called off withdraws the plan that goes there, and the plan said instead is stored with its date.

"Actually the Lisbon trip is cancelled, we're going to Porto instead on 20 March." stored ``plan.intent = trip to
Lisbon`` (the cancelled trip as a plan) and never Porto ("14 March", the day before the month, was no date, and
"instead" kept the plan from reading); 成都那趟不去了，改成去西安。 stored ``tool.uses = 去西安``."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.cancelled import names_trip
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return sorted((c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


def _off(place: str) -> list[tuple[str, str, bool]]:
    return [("plan.intent", place, True), ("schedule.event", place, True), ("travel.plan", place, True)]


@pytest.mark.parametrize(("text", "place"), [
    ("The Lisbon trip is cancelled.", "Lisbon"), ("We cancelled our trip to Lisbon", "Lisbon"),
    ("Our New York trip was called off", "New York"),
    ("我们不去成都了", "成都"), ("去成都的行程取消了", "成都"), ("成都那趟不去了", "成都"),
    # a decision to call it off, or a word of throwing it away (extract.cancelled.decided_off)
    ("Actually we've decided to call off the Tokyo trip.", "Tokyo"), ("We scrapped the Tokyo trip.", "Tokyo"),
    ("我们决定取消东京的旅行。", "东京"), ("我决定不去东京了。", "东京"),
])
def test_a_trip_called_off_withdraws_the_plans_to_its_place(text: str, place: str) -> None:
    assert _read(text) == _off(place)


def test_not_going_anymore_withdraws_the_plans_and_a_habit_of_going_there() -> None:
    """"Not going to X anymore" may end a place gone to regularly too (test_extract_place_gone_to_no_more)."""
    assert _read("We're not going to Lisbon anymore") == sorted([*_off("Lisbon"),
                                                                 ("preference.habit", "go to Lisbon", True)])


@pytest.mark.parametrize(("text", "expected"), [
    ("Actually the Lisbon trip is cancelled, we're going to Porto instead on 20 March.",
     sorted([*_off("Lisbon"), ("travel.plan", "going to Porto", False)])),
    # before: "going to Porto of Lisbon" ("instead" cut out of "instead of Lisbon")
    ("We're going to Porto instead of Lisbon on 20 March.", [("travel.plan", "going to Porto", False)]),
    ("成都那趟不去了，改成去西安。", sorted([*_off("成都"), ("travel.plan", "去西安", False)])),
    ("下个月去日本的计划取消了，改去韩国", sorted([*_off("日本"), ("travel.plan", "去韩国", False)])),
    ("我们改去西安了", [("travel.plan", "去西安", False)]),
    # said with no date beside the trip called off: stored nothing but the withdrawal (云南 is no city of the list)
    ("the trip to Sanya is cancelled, we're going to Yunnan instead",
     sorted([*_off("Sanya"), ("travel.plan", "going to Yunnan", False)])),
    ("去三亚的行程取消了，我们改去云南", sorted([*_off("三亚"), ("travel.plan", "去云南", False)])),
    # in the next sentence of the message
    ("The Sanya trip is cancelled. We're going to Yunnan instead.",
     sorted([*_off("Sanya"), ("travel.plan", "going to Yunnan", False)])),
    ("去三亚的行程取消了。我们改去云南。", sorted([*_off("三亚"), ("travel.plan", "去云南", False)])),
    ("We're going to Yunnan instead.", []),  # no trip called off before it: "instead" of nothing named
])
def test_the_plan_said_instead_is_stored(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected


def test_the_plan_said_instead_keeps_its_date() -> None:
    [porto] = [c for c in RuleExtractor().extract(
        text="Actually the Lisbon trip is cancelled, we're going to Porto instead on 20 March.", role="user",
        said_at=_AT) if not c.retracts]
    assert porto.valid_from == datetime(2027, 3, 20, tzinfo=UTC)


@pytest.mark.parametrize("text", ["We're going to Lisbon on 14 March.", "I'm going to Lisbon on 14th March"])
def test_a_day_said_before_its_month_dates_a_plan(text: str) -> None:
    [plan] = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert (plan.key, plan.value) == ("travel.plan", "going to Lisbon")
    assert plan.valid_from == datetime(2027, 3, 14, tzinfo=UTC)


@pytest.mark.parametrize("text", [
    "Is the Lisbon trip cancelled?", "那趟不去了", "我不去上班了", "我不去了", "2 may work for us",
    "改去健身房",
])
def test_no_place_or_no_trip_of_ones_own_withdraws_no_plan(text: str) -> None:
    assert not [k for k, _, off in _read(text) if off]


@pytest.mark.parametrize(("text", "kind"), [("The trip is cancelled.", "trip"),
                                            ("The meeting was cancelled.", "meeting")])
def test_a_plan_called_off_by_its_kind_alone_withdraws_only_that_kind(text: str, kind: str) -> None:
    # which plan of that kind (the one current, if exactly one) is the fact engine's: facts.previous.kind_named
    assert {v for _, v, off in _read(text) if off} == {kind}


def test_a_plan_is_named_by_the_place_it_goes_to() -> None:
    assert names_trip("Lisbon", "going to Lisbon") and names_trip("Lisbon", "trip to Lisbon")
    assert names_trip("成都", "去成都") and names_trip("成都", "去成都旅行")
    assert not names_trip("York", "trip to New York") and not names_trip("Lisbon", "dentist appointment")


def test_a_relatives_trip_called_off_withdraws_only_their_plans() -> None:
    """"My sister's Lisbon trip was cancelled" is her trip (read as a relative's sentence is): none of the user's."""
    read = RuleExtractor().extract(text="My sister's Lisbon trip was cancelled", role="user", said_at=_AT)
    assert read and all(c.subject == "sister" and c.retracts for c in read)
