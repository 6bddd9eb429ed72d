"""A bare "Not ..." that sets no two values apart is no correction: "Not until it's actually done", "Not like some
superstar", "Not at the moment", "It's giving me anxiety, not excitement for the trip" were stored as
``user.corrects`` (a value taking the key of whatever fact held the 'old' one). Two values named stay a correction."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.corrected import CORRECTION_KEY
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.instead_of or "")
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize("text", [
    "Not until the report is finally finished.", "Not like some celebrity.", "Not at this point.",
    "Not another long meeting.", "Not something fancy.", "It's making me nervous, not happy about the move.",
    "Not a lecture, not a list.", "Not keen on waiting for it, honestly.",
])
def test_no_correction(text: str) -> None:
    assert not [f for f in _read(text) if f[0] == CORRECTION_KEY]


@pytest.mark.parametrize(("text", "fact"), [
    ("Not Lisbon, Porto.", (CORRECTION_KEY, "Porto", "Lisbon")),
    ("Not Lisbon Porto.", (CORRECTION_KEY, "Porto", "Lisbon")),
    ("It's Porto, not Lisbon.", (CORRECTION_KEY, "Porto", "Lisbon")),
    ("Not DHL, use FedEx.", (CORRECTION_KEY, "FedEx", "DHL")),
])
def test_two_values_stay_a_correction(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _read(text)
