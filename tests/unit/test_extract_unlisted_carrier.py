"""A carrier the gazetteer does not list is told by what it is chosen for: "I prefer DPD for delivery"
stored ``preference.like = DPD for delivery`` while "I prefer UPS for delivery" stored the carrier, and
"Please ship with Royal Mail" stored nothing. A capitalised name of one to three words chosen "for
delivery / shipping / parcels" (the purpose ending the phrase), or after a shipping verb's with / via / by,
is the carrier; a name handed one thing ("Please send it with Tom") or used for something about shipping
("Slack for shipping updates") is not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "carrier"), [
    ("I prefer DPD for delivery.", "DPD"),
    ("I prefer Evri for parcels.", "Evri"),
    ("I use DPD for deliveries.", "DPD"),
    ("I prefer DPD for delivery now.", "DPD"),
    ("Please ship with Royal Mail.", "Royal Mail"),
    ("Ship my orders via Royal Mail please.", "Royal Mail"),
    ("We ship everything via Parcelforce.", "Parcelforce"),
    ("I prefer UPS for delivery.", "UPS"),
])
def test_a_name_chosen_for_shipping_is_the_carrier(text: str, carrier: str) -> None:
    assert _read(text) == [("shipping.carrier", carrier)]


@pytest.mark.parametrize("text", ["Please send it with Tom.", "I use Slack for shipping updates.",
                                  "Ship it via Royal Mail this time.", "I prefer mornings for delivery."])
def test_a_person_a_tool_or_a_one_off_is_no_carrier(text: str) -> None:
    assert "shipping.carrier" not in [key for key, _ in _read(text)]
