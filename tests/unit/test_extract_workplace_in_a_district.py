"""A city and a part of it said where one works is where the workplace is, not an employer: 我在深圳南山上班 stored
``identity.employer = 深圳南山``; now ``user.workplace_location = 深圳`` (the district stays in the statement), as
"I work in Shenzhen" and 我在深圳上班 store it. An organisation named after its city (北京大学, 上海银行) is still the
employer, and a move said with 去 after the place (搬到苏州去了) names the place alone."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.places import city_part_zh
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str | None]]:
    return sorted((c.key, c.value, c.subject or None)
                  for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if not c.retracts)


@pytest.mark.parametrize(("text", "city"), [
    ("我在深圳南山上班", "深圳"),
    ("我在杭州滨江工作", "杭州"),
    ("我现在在上海浦东上班", "上海"),
    ("我目前在北京朝阳工作", "北京"),
])
def test_a_city_and_its_district_is_where_one_works(text: str, city: str) -> None:
    assert _read(text) == [("user.workplace_location", city, None)]


def test_a_relatives_district_is_where_they_work() -> None:
    assert _read("我老婆在深圳南山上班") == [("wife.workplace_location", "深圳", "wife")]


@pytest.mark.parametrize(("text", "employer"), [
    ("我在北京大学上班", "北京大学"),
    ("我在上海银行工作", "上海银行"),
    ("我在深圳市人民医院上班", "深圳市人民医院"),
    ("我在腾讯上班", "腾讯"),
])
def test_an_organisation_named_after_its_city_is_still_the_employer(text: str, employer: str) -> None:
    assert _read(text) == [("identity.employer", employer, None)]


@pytest.mark.parametrize(("name", "city"), [
    ("深圳南山", "深圳"), ("上海浦东新区", "上海"), ("北京大学", None), ("杭州第一中学", None), ("北京", None),
    ("开会", None), ("深圳市南山", "深圳"),
])
def test_city_part_zh(name: str, city: str | None) -> None:
    assert city_part_zh(name) == city


@pytest.mark.parametrize(("text", "place", "subject"), [
    ("老陈上个月搬到苏州去了", "苏州", "老陈"),
    ("我上周搬到成都去住了", "成都", None),
    ("我刚搬到成都", "成都", None),
    ("我搬到杭州来了", "杭州", None),
])
def test_a_move_names_the_place_without_the_direction_after_it(text: str, place: str, subject: str | None) -> None:
    assert _read(text) == [("identity.location", place, subject)]
