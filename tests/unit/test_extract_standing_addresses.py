"""A standing instruction to send to a street address is the drop-off, in English as in Chinese."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "value"), [
    ("Ship to 221B Baker Street from now on.", "221B Baker Street"),
    ("From now on, ship to 42 Main St, Springfield.", "42 Main St, Springfield"),
    ("Always send my orders to 5 Elm Road.", "5 Elm Road"),
    ("Going forward, ship everything to 1600 Pennsylvania Avenue NW, Washington, DC.",
     "1600 Pennsylvania Avenue NW, Washington, DC"),
    ("以后寄到北京市朝阳区建国路88号", "北京市朝阳区建国路88号"),
])
def test_a_standing_instruction_to_a_street_address_is_the_dropoff(text: str, value: str) -> None:
    assert _read(text) == [("shipping.dropoff", value)]


@pytest.mark.parametrize("text", [
    "Ship it!", "Ship to 221B Baker Street.", "Send to John from now on.", "Ship to production from now on.",
    "寄到北京市朝阳区建国路88号",
])
def test_no_dropoff_without_an_address_or_a_standing_marker(text: str) -> None:
    assert [k for k, _ in _read(text) if k == "shipping.dropoff"] == []
