"""A choice limited to this once is no standing one wherever the limit stands: "Ship it with UPS this time." and "Just
for today, ship with DHL." stored shipping.carrier (only "this time only" / "just this once" were read, and 这次 only
before the verb). Now "this time", "this one", "this order", "(just) for today", 这次, 这一单, 今天先 make any choice
one-off; a standing word beside it ("From today on", 以后都) keeps it standing, and a second statement of the sentence
is not limited by the first ("I'm flying today and I prefer an aisle seat")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, tzinfo=UTC)


def _facts(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if not c.retracts]


@pytest.mark.parametrize("text", [
    "Ship it with UPS this time.", "Just for today, ship with DHL.", "Ship this one with FedEx.",
    "Use DHL for this order.", "This time use DHL.", "Ship it with UPS this time only",
    "这次用圆通寄", "今天先用顺丰寄", "这一单用京东", "用顺丰寄这一单",
])
def test_a_choice_for_this_once_is_no_standing_choice(text: str) -> None:
    assert [kv for kv in _facts(text) if kv[0] == "shipping.carrier"] == []


@pytest.mark.parametrize(("text", "fact"), [
    ("From today on, ship with UPS.", ("shipping.carrier", "UPS")),
    ("From now on, and this time too, ship with UPS.", ("shipping.carrier", "UPS")),
    ("以后都用顺丰，这次也是", ("shipping.carrier", "顺丰")),
    ("I'm flying today and I prefer an aisle seat.", ("travel.seat", "aisle seat")),
    ("Ship with UPS.", ("shipping.carrier", "UPS")),
])
def test_a_standing_choice_stays(text: str, fact: tuple[str, str]) -> None:
    assert fact in _facts(text)
