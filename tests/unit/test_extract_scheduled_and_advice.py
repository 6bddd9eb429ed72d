"""A plan of the user's said with the possessive copula ("My flight home is on the 12th", 我的航班在周五) is a
scheduled event dated by the time named, and a carer's advice about the user ("My doctor said I should cut back on
salt", 医生说我要少吃盐) is the user's health advice, although reported. Before, both stored nothing (or the time
as an attribute's value: ``user.航班在周 = 五``)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str, at: datetime = _AT) -> list[tuple[str, str, datetime | None]]:
    return [(c.key, c.value, c.valid_from) for c in RuleExtractor().extract(text=text, role="user", said_at=at)]


@pytest.mark.parametrize(("text", "value", "day"), [
    ("My flight home is on the 12th.", "flight home", datetime(2026, 12, 12, tzinfo=UTC)),
    ("My flight home is on the 12th of December.", "flight home", datetime(2026, 12, 12, tzinfo=UTC)),
    ("My dentist appointment is next Tuesday.", "dentist appointment", datetime(2026, 12, 8, tzinfo=UTC)),
    ("我的航班是12号。", "航班", datetime(2026, 12, 12, tzinfo=UTC)),
    ("我的航班在周五。", "航班", datetime(2026, 12, 11, tzinfo=UTC)),
    ("我的面试是下周三。", "面试", datetime(2026, 12, 9, tzinfo=UTC)),
])
def test_a_plan_said_with_the_possessive_is_a_scheduled_event(text: str, value: str, day: datetime) -> None:
    assert _read(text) == [("schedule.event", value, day)]


def test_a_day_of_the_month_already_past_is_next_months() -> None:
    assert _read("My flight home is on the 3rd.") == [
        ("schedule.event", "flight home", datetime(2027, 1, 3, tzinfo=UTC))]


@pytest.mark.parametrize("text", [
    "My birthday is on June 5.", "My day off is Friday.", "My favorite day is Friday.", "I live on the 12th floor.",
    "我的生日是12号。", "My son is on Friday.",
])
def test_a_date_of_the_person_or_what_recurs_is_no_scheduled_event(text: str) -> None:
    assert not [k for k, _, _ in _read(text) if k == "schedule.event"]


@pytest.mark.parametrize(("text", "value"), [
    ("My doctor said I should cut back on salt.", "cut back on salt"),
    ("My doctor told me to cut back on salt.", "cut back on salt"),
    ("My doctor recommended that I walk every day.", "walk every day"),
    ("医生说我要少吃盐。", "少吃盐"),
    ("医生让我少喝酒。", "少喝酒"),
])
def test_a_carers_advice_is_the_users_health_advice(text: str, value: str) -> None:
    assert _read(text) == [("health.advice", value, None)]


@pytest.mark.parametrize("text", [
    "My friend said I should cut back on salt.", "My doctor said I might need surgery.",
    "My doctor said it's nothing serious.", "我朋友说我应该试试瑜伽。", "医生说没事。",
])
def test_advice_from_no_carer_or_no_advice_is_not_read(text: str) -> None:
    assert not [k for k, _, _ in _read(text) if k == "health.advice"]


def test_the_advice_and_the_plan_are_the_users_facts(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("My doctor said I should cut back on salt.")
        mem.add("My flight home is on the 12th.")
        facts = [(f.key, f.value, f.subject) for f in mem.list() if isinstance(f, Fact)]
        assert sorted(facts) == [("health.advice", "cut back on salt", None), ("schedule.event", "flight home", None)]
