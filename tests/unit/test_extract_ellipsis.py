"""Elliptical corrections (``extract.ellipsis``): a reply naming only the new value of a
preference ("Actually FedEx") states it; anything less specific states nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract import corrected_later
from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 15, 10, 0, tzinfo=UTC)


def _found(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("text", "expected"), [
    ("Actually FedEx", ("shipping.carrier", "FedEx")),
    ("No, UPS instead.", ("shipping.carrier", "UPS")),
    ("wait, window seat please", ("travel.seat", "window seat")),
    ("make it vim", ("tool.editor", "Vim")),
    ("算了，顺丰吧", ("shipping.carrier", "顺丰")),
    ("还是京东", ("shipping.carrier", "京东")),
    ("算了，順豐吧", ("shipping.carrier", "顺丰")),
    # the commonest phrasings
    ("算了，还是顺丰吧", ("shipping.carrier", "顺丰")),
    ("算了，還是順豐吧", ("shipping.carrier", "顺丰")),
    ("那就中通吧", ("shipping.carrier", "中通")),
    ("Never mind, FedEx", ("shipping.carrier", "FedEx")),
    ("Scratch that, DHL", ("shipping.carrier", "DHL")),
    # the value named as what "it" is now
    ("Actually, it's VS Code now.", ("tool.editor", "VSCode")),
    ("No, it is DHL", ("shipping.carrier", "DHL")),
])
def test_a_correction_naming_a_known_value_states_it(text: str, expected: tuple[str, str]) -> None:
    assert _found(text) == [expected]


@pytest.mark.parametrize("text", ["Actually pizza", "Actually, I think so", "No", "OK", "Actually FedEx is slow",
                                  "No, tomorrow", "算了吧",
                                  "Actually, it's fine", "It's VS Code"])
def test_anything_less_specific_states_nothing(text: str) -> None:
    # "Actually pizza" may still put right the previous message's food: a bare value that names no key, which the fact
    # engine keys by that message or drops (``extract.corrected_later``, ``facts.previous``)
    assert [(key, value) for key, value in _found(text) if key != corrected_later.KEY] == []

