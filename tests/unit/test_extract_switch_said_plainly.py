"""A choice said as a plain directive is the choice the imperative states.

"For deliveries please use UPS." and "Let's switch to FedEx." gave no fact while "Please use UPS for deliveries" and
"Switch to FedEx" stated the carrier: a purpose said before the instruction, and "let's" before a verb of choice,
hid the imperative (``extract.asides``); 我还是用回顺丰吧 stored ``tool.uses = 回顺丰`` (用回 = use again,
``shapes_zh._SWITCHED``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return sorted((c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "value"), [
    ("For deliveries please use UPS.", "UPS"),
    ("For deliveries, please ship with DHL.", "DHL"),
    ("Let's switch to FedEx.", "FedEx"),
    ("Let's use FedEx from now on.", "FedEx"),
    ("我还是用回顺丰吧", "顺丰"),
    ("还是换回京东吧", "京东"),
])
def test_a_directive_said_plainly_states_the_carrier(text: str, value: str) -> None:
    assert _read(text) == [("shipping.carrier", value, False)]


@pytest.mark.parametrize("text", [
    "Let's talk about Paris.", "Let's go to Paris.", "For dinner let's use the good plates.",
    "On Mondays please call me after 10.", "别担心了", "还是用回老办法吧",
])
def test_a_directive_choosing_nothing_stays_unread(text: str) -> None:
    assert _read(text) == []


def test_going_back_to_a_thing_used_stores_the_thing() -> None:
    assert all(not v.startswith("回") for _, v, _ in _read("我还是用回微信支付吧"))
