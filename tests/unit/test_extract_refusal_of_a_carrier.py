"""One refusal of a carrier, one key: "Never ship with FedEx again." stored preference.habit 'Never ship with FedEx'
(its "again" read as a change), so a later "Don't use DHL, use FedEx." left it current beside "prefers FedEx"; and
the DHL refused beside a choice was preference.dislike where "Please don't ship with DHL or UPS" gives
shipping.carrier = not DHL. Now each is a prohibition under the carrier's key, which a later choice of that carrier
supersedes."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 12, 6, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return sorted((c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "read"), [
    ("Never ship with FedEx again.", [("shipping.carrier", "not FedEx")]),
    ("Don't ever ship with UPS again!", [("shipping.carrier", "not UPS")]),
    ("Never use UPS again, please", [("shipping.carrier", "not UPS")]),
    ("Don't use DHL, use FedEx.", [("shipping.carrier", "FedEx"), ("shipping.carrier", "not DHL")]),
    ("别用圆通，用顺丰", [("shipping.carrier", "不要圆通"), ("shipping.carrier", "顺丰")]),
])
def test_a_refused_carrier_is_keyed_as_the_carrier(text: str, read: list[tuple[str, str]]) -> None:
    assert _read(text) == read


@pytest.mark.parametrize(("said", "left"), [
    (("Never ship with FedEx again.", "Don't use DHL, use FedEx."), ["FedEx", "not DHL"]),
    (("Don't use DHL, use FedEx.", "Ship with DHL."), ["DHL"]),
    (("别用圆通，用顺丰", "用圆通发货。"), ["圆通"]),
])
def test_a_later_choice_of_a_refused_carrier_supersedes_the_refusal(
        tmp_path: Path, said: tuple[str, ...], left: list[str]) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for text in said:
            mem.add(text)
        facts = [f for f in mem.list() if isinstance(f, Fact)]
        assert sorted(f.value for f in facts if f.key == "shipping.carrier") == left
        assert not [f for f in facts if f.key in ("preference.habit", "preference.dislike")]
