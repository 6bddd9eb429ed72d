"""The city one works in, said of oneself or of someone else, is where the workplace is: "I work in Berlin", "I'm
working in Dubai now", 我在广州工作, 我现在在杭州上班, "My wife works in Boston", 我哥在深圳上班, 小林在成都工作 stored
nothing (the employer readings refuse a city, and nothing else read it). Now each is ``workplace_location`` (the
user's, or under the person: ``wife.workplace_location``), never a home (``identity.location``). A field ("I work in
Marketing"), an employer (我在腾讯工作) and a kind of place (我在医院上班) are read as before."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("I work in Munich", ("user.workplace_location", "Munich", "")),
    ("I'm currently working in Lagos", ("user.workplace_location", "Lagos", "")),
    ("我在苏州工作", ("user.workplace_location", "苏州", "")),
    ("我现在在南京上班", ("user.workplace_location", "南京", "")),
    ("My husband works in Oslo", ("husband.workplace_location", "Oslo", "husband")),
    ("我姐在武汉上班", ("older_sister.workplace_location", "武汉", "older sister")),
    ("小周在成都工作", ("小周.workplace_location", "成都", "小周")),
])
def test_the_city_one_works_in(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize(("text", "facts"), [
    ("I work in Marketing", []),
    ("I work in a hospital", []),
    ("我在腾讯工作", [("identity.employer", "腾讯", "")]),
])
def test_a_field_or_an_employer_is_no_city(text: str, facts: list[tuple[str, str, str]]) -> None:
    assert _read(text) == facts
