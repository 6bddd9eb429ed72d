"""A chosen thing named bare after "Never" / "No" or "Always" / "Only" is the choice said short: "Never UPS. Always
FedEx." stored the habit "Never UPS" and nothing of FedEx, and "No UPS." the carrier UPS (its very opposite); now
UPS is forbidden (``not UPS``) and FedEx the carrier, 不要圆通。只要顺丰。 the same. What names no chosen thing
("Never again.", "No problem.", "Always late.") stores nothing, and "I hate UPS" stays a dislike."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return sorted((c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "read"), [
    ("Never UPS. Always FedEx.", [("shipping.carrier", "FedEx"), ("shipping.carrier", "not UPS")]),
    ("No UPS.", [("shipping.carrier", "not UPS")]),
    ("No UPS please", [("shipping.carrier", "not UPS")]),
    ("Only FedEx.", [("shipping.carrier", "FedEx")]),
    ("Never Vim.", [("tool.editor", "not Vim")]),
    ("不要圆通。只要顺丰。", [("shipping.carrier", "不要圆通"), ("shipping.carrier", "顺丰")]),
    ("别圆通", [("shipping.carrier", "不要圆通")]),
    ("I hate UPS", [("preference.dislike", "UPS")]),
])
def test_a_thing_named_bare_is_forbidden_or_chosen(text: str, read: list[tuple[str, str]]) -> None:
    assert _read(text) == read


@pytest.mark.parametrize("text", ["Never again.", "No problem.", "Always late.", "Only once.", "只要你开心就好",
                                  "不要紧", "I'm not sure about UPS."])
def test_no_chosen_thing_named_bare_stores_nothing(text: str) -> None:
    assert _read(text) == []


def test_the_carrier_chosen_before_gives_way(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for text in ("Ship with UPS.", "Never UPS. Always FedEx.", "I hate UPS"):
            mem.add(text)
        assert sorted((f.key, f.value) for f in mem.list() if isinstance(f, Fact)) == [
            ("preference.dislike", "UPS"), ("shipping.carrier", "FedEx"), ("shipping.carrier", "not UPS")]
