"""A plan that takes someone or something somewhere keeps where it goes: "I'm taking the kids to the zoo on Sunday"
stored ``schedule.event = taking the kids`` (the "to" read as the plan's aim, "to the zoo" cut off), "I'm taking my
mom to the airport on Friday" ``taking their mom``. An aim said with a verb is still cut ("... to showcase local
talent")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("I'm taking the kids to the zoo on Sunday", ("schedule.event", "taking the kids to the zoo")),
    ("I'm taking my mom to the airport on Friday", ("schedule.event", "taking their mom to the airport")),
    ("I'm driving my car to the shop tomorrow", ("schedule.event", "driving their car to the shop")),
    ("I'm hosting a dance competition next month to showcase local talent",
     ("schedule.event", "hosting a dance competition")),
    ("I'm flying to Toronto on Dec 20 to see my parents", ("travel.plan", "flying to Toronto")),
])
def test_the_plan(text: str, fact: tuple[str, str]) -> None:
    assert _read(text) == [fact]
