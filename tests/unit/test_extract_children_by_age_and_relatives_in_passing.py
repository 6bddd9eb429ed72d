"""A child said by age or birth order, with no name ("my 7-year-old", "my youngest"), is a family member as "I have a
7-year-old son" is; so is a relative named between commas ("my uncle, Farid, who ...") or as "my spouse Priya", and one
named in a clause that states though the sentence ends by asking ("... with my husband Omar, so what should we ...?").
These stored nothing. A noun after the age or the rank ("my 7-year-old car", "my oldest friend"), a supposition, and a
relative named only inside the question give nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _members(text: str) -> list[str]:
    return sorted(c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
                  if c.key == "family.member")


@pytest.mark.parametrize(("text", "expected"), [
    ("My 7-year-old keeps asking for a puppy.", ["7-year-old kid"]),
    ("Our 9 year old daughter started piano this fall.", ["9-year-old daughter"]),
    ("Any tips for road trips with my 3-year-old and 5-year-old?", ["3-year-old kid", "5-year-old kid"]),
    ("My youngest turned 4 last week.", ["youngest kid"]),
    ("My eldest son is moving to Berlin for work.", ["eldest son"]),
    ("I drove my uncle, Farid, who just had surgery, to the clinic.", ["uncle named Farid"]),
    ("We moved in with my spouse Priya's parents last year.", ["spouse named Priya"]),
    ("We argue about money with my husband Omar, so what should we do about a shared account?",
     ["husband named Omar"]),
])
def test_relatives_said_in_passing(text: str, expected: list[str]) -> None:
    assert _members(text) == expected


@pytest.mark.parametrize("text", [
    "My 7-year-old car needs new brakes.",
    "My oldest friend lives in Leeds.",
    "I'm having lunch with my 60-year-old close friend.",
    "If my youngest gets into that school, we'll move.",
    "Did my husband Omar call you?",
    "I miss my mom, Jon.",
])
def test_no_relative_said(text: str) -> None:
    assert _members(text) == []
