"""Going to an employer is no trip: 我刚拿到offer，下个月去华为 stored ``travel.plan = 去华为``; now the plan of joining
(``schedule.event``, as "I'm joining Google next month" is). A Chinese sentence with an English word before its comma
is read whole (it was cut there, so the job said before the comma was lost to the clause after it), and a thing done
takes no month to come from the other clause (我刚吃完饭，下个月去北京 stored ``schedule.event = 吃完饭``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.mixed_script import split_languages
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("我刚拿到offer，下个月去华为", [("schedule.event", "去华为")]),
    ("换工作了，下个月去阿里", [("schedule.event", "去阿里")]),
    ("面试过了，下周去字节入职", [("schedule.event", "去字节入职")]),
    ("我刚吃完饭，下个月去北京", [("travel.plan", "去北京")]),
])
def test_an_employer_joined_is_no_trip(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("面试过了，下周去成都玩", [("travel.plan", "去成都玩")]),  # a city: a trip, job or not
    ("我拿到了腾讯的offer，下周去深圳", [("travel.plan", "去深圳")]),
    ("我下个月去日本工作", [("travel.plan", "去日本工作")]),
    ("我下周去成都出差", [("travel.plan", "去成都出差")]),
])
def test_a_trip_beside_a_job_stays_a_trip(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "parts"), [
    ("我刚拿到offer，下个月去华为", ["我刚拿到offer，下个月去华为"]),
    ("我们用uv，不用pip", ["我们用uv，不用pip"]),
    ("I'm allergic to peanuts，以后都用顺丰", ["I'm allergic to peanuts", "以后都用顺丰"]),  # a switch of language
    ("I use Slack，我们团队用飞书", ["I use Slack", "我们团队用飞书"]),
])
def test_a_comma_cuts_only_where_the_language_switches(text: str, parts: list[str]) -> None:
    assert split_languages(text) == parts
