"""An end and a beginning said in one message: the old value ends, the new one begins.

"I'm not a nurse anymore, I started a new job as a paramedic" withdrew the nurse and stored the new job as an event
only (the employer before stayed current); "I sold the Ford, now I drive an electric Nissan Leaf" stored nothing;
我车卖了，现在坐地铁上班 left the car; 我不再学游泳了 left 在学游泳 (only a habit was withdrawn)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return sorted((c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm not a nurse anymore, I started a new job as a paramedic",
     [("identity.employer", "", True), ("identity.occupation", "nurse", True),
      ("identity.occupation", "paramedic", False)]),
    ("I got a new job as an accountant last month",
     [("identity.employer", "", True), ("identity.occupation", "accountant", False)]),
    ("I started a new job as a paramedic at St Mary's",  # the employer named supersedes the one before
     [("identity.employer", "St Mary's", False), ("identity.occupation", "paramedic", False)]),
    ("我换工作了", [("identity.employer", "", True)]),
    ("我换了一份新工作", [("identity.employer", "", True)]),
    ("我换了新工作，现在在美团", [("identity.employer", "美团", False)]),
    ("我换了新工作，现在在北京。", [("identity.employer", "", True)]),  # a place is no employer, the one before ends
    ("I started a new job, I'm at home now.", [("event", "started a new job", False), ("identity.employer", "", True)]),
])
def test_a_new_job_ends_the_employer_before(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "My sister got a new job", "If I got a new job I'd move", "我妹妹换工作了", "我想换工作了",
    "I got a new job offer", "I got a new job interview tomorrow", "I started a new job search",
    "I got a new job title",
])
def test_someone_elses_a_wished_or_a_thing_of_a_new_job_ends_nothing(text: str) -> None:
    assert ("identity.employer", "", True) not in _read(text)


@pytest.mark.parametrize(("text", "expected"), [
    ("I sold the Ford, now I drive an electric Nissan Leaf.",
     [("user.car", "Ford", True), ("user.car", "electric Nissan Leaf", False), ("user.车", "Ford", True)]),
    ("I sold my car", [("user.car", "", True), ("user.车", "", True)]),
    ("我车卖了，现在坐地铁上班", [("user.car", "", True), ("user.车", "", True)]),
    ("我把车卖了", [("user.car", "", True), ("user.车", "", True)]),
    ("我的特斯拉卖掉了", [("user.car", "特斯拉", True), ("user.车", "特斯拉", True)]),
])
def test_a_car_sold_is_no_longer_driven(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "My dad sold his car", "I'm selling my car", "I sold the house", "我把房子卖了", "我们卖了一些旧衣服",
])
def test_what_is_no_car_of_ones_own_sold_ends_no_car(text: str) -> None:
    assert not [k for k, _, gone in _read(text) if gone and k in ("user.car", "user.车")]


@pytest.mark.parametrize(("text", "learnt"), [
    ("我不再学游泳了", "游泳"), ("我已经不练钢琴了", "钢琴"), ("I stopped learning Spanish", "Spanish"),
])
def test_learning_given_up_is_no_longer_learnt(text: str, learnt: str) -> None:
    assert ("activity.learning", learnt, True) in _read(text)


@pytest.mark.parametrize(("text", "expected"), [
    ("I sold my Tesla and bought a Honda Civic",
     [("user.car", "Honda Civic", False), ("user.car", "Tesla", True), ("user.车", "Tesla", True)]),
    ("I'm no longer at Google, I started a new job at Meta", [("identity.employer", "Meta", False)]),
])
def test_a_beginning_in_a_clause_of_its_own(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected
