"""An age said as a birthday and followed by another clause joined by "and" gave no age: "my son Leo just turned 4 and
already bosses Mia around" stored only the son, where "my son Leo just turned 4" stores his age. The clause after "and"
is another statement, not the age's (``extract.onset._TURNED_AGE_EN``, which let a clause after a comma follow
already); more of the age after "and" ("2 and a half", "3 and 4 months") is no whole age and gives none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _ages(text: str) -> list[tuple[str, str | None]]:
    return sorted((c.value, c.subject or None) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
                  if c.key == "identity.age")


@pytest.mark.parametrize(("text", "age"), [
    ("my son Leo just turned 4 and already bosses Mia around", ("4", "Leo")),
    ("lol my son Leo just turned 4 and already bosses his sister around", ("4", "Leo")),
    ("I just turned 30 and already feel old", ("30", None)),
    ("Emma turned 8 today and we had cake", ("8", "Emma")),
    ("I turned 40 and my wife threw me a party", ("40", None)),
])
def test_an_age_turned_before_another_clause_is_kept(text: str, age: tuple[str, str | None]) -> None:
    assert _ages(text) == [age]


@pytest.mark.parametrize("text", ["my son turned 2 and a half", "Leo turned 3 and 4 months",
                                  "the car turned 90 degrees and crashed", "I turned 40 pages and fell asleep"])
def test_more_of_the_age_or_no_age_gives_none(text: str) -> None:
    assert _ages(text) == []
