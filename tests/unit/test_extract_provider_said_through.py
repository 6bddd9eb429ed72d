"""A service held with a provider names the provider whichever preposition says so: "My car insurance is through
Progressive" stored ``user.car_insurance = through Progressive`` and "My bank is with Chase" stored nothing, where
"My phone plan is with Verizon" stored ``Verizon``. Where one's thing is now names none of it: "My phone is somewhere
in the car" stored ``tool.phone = somewhere in the car``, superseding the phone's real name."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("My car insurance is through Progressive", ("user.car_insurance", "Progressive")),
    ("my health insurance is through Aetna", ("user.health_insurance", "Aetna")),
    ("My internet is via Starlink", ("user.internet", "Starlink")),
    ("My bank is with Chase", ("user.bank", "Chase")),
    ("My mortgage is through Wells Fargo.", ("user.mortgage", "Wells Fargo")),
])
def test_the_provider_is_the_value(text: str, fact: tuple[str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", [
    "My phone is somewhere in the car", "My keys are missing", "my wallet is lost again",
    "My commute is through the park", "My insurance is through work", "My heart is with you",
])
def test_where_a_thing_is_names_none(text: str) -> None:
    assert _read(text) == []
