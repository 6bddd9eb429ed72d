"""A chosen thing named alone as the value now (``extract.ellipsis``): "Actually make it UPS from now on" (a standing
"from now on" after the value read nothing, though "Actually, make it UPS" did), and after a clause that ends the
value before ("we're not using UPS anymore, back to FedEx": the end was read, the carrier now lost). Said for this
once ("make it UPS this time") or naming no value of the key ended, nothing more is read."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("Actually make it UPS from now on", [("shipping.carrier", "UPS", False)]),
    ("make it UPS going forward please", [("shipping.carrier", "UPS", False)]),
    ("we're not using UPS anymore, back to FedEx",
     [("shipping.carrier", "UPS", True), ("shipping.carrier", "FedEx", False)]),
    ("I don't use vim anymore, switched to VS Code", [("tool.editor", "Vim", True), ("tool.editor", "VSCode", False)]),
])
def test_the_value_named_alone_is_the_value_now(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert sorted(_read(text)) == sorted(expected)  # the withdrawal and the value now, in either order


@pytest.mark.parametrize(("text", "expected"), [
    ("Actually make it UPS this time", []),  # this once: no standing carrier
    ("I don't live in Berlin anymore, back to work", [("identity.location", "Berlin", True),
                                                      ("identity.former", "Berlin", False)]),
])
def test_nothing_more_for_one_time_or_another_key(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("first", "then", "new", "old"), [
    ("Ship everything with FedEx please", "Actually make it UPS from now on", "UPS", "FedEx"),
    ("Ship with UPS please", "we're not using UPS anymore, back to FedEx", "FedEx", "UPS"),
])
def test_the_carrier_before_is_superseded(tmp_path: Path, first: str, then: str, new: str, old: str) -> None:
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add(first)
        memory.add(then)
        facts = memory.list(kind="fact", status="all", limit=50)
    assert {(f.value, f.status) for f in facts if f.key == "shipping.carrier"} == {(new, "active"),
                                                                                   (old, "superseded")}
