"""A prohibition of several things forbids each: "Please don't ship with DHL or UPS" forbade DHL alone, 别用顺丰和圆通
顺丰 alone and "Don't use Vim or Emacs" Emacs alone; now each is its own prohibition, as each said alone is, and a
later choice of one of them ends that one only. A joint to no thing of the same kind adds nothing."""

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


@pytest.mark.parametrize(("text", "key", "values"), [
    ("Please don't ship with DHL or UPS", "shipping.carrier", ["not DHL", "not UPS"]),
    ("Don't use DHL or UPS for shipping.", "shipping.carrier", ["not DHL", "not UPS"]),
    ("Never use Windows or macOS.", "tool.os", ["not Windows", "not macOS"]),
    ("Don't use Vim or Emacs.", "tool.editor", ["not Emacs", "not Vim"]),
    ("别用顺丰和圆通", "shipping.carrier", ["不要圆通", "不要顺丰"]),
    ("不要用顺丰、圆通或者中通发货", "shipping.carrier", ["不要中通", "不要圆通", "不要顺丰"]),
])
def test_each_thing_listed_is_forbidden(text: str, key: str, values: list[str]) -> None:
    assert _read(text) == [(key, v) for v in values]


@pytest.mark.parametrize(("text", "read"), [
    ("Don't ship with DHL and call me.", [("shipping.carrier", "not DHL")]),
    ("Don't ship with UPS.", [("shipping.carrier", "not UPS")]),
])
def test_a_joint_to_no_such_thing_adds_nothing(text: str, read: list[tuple[str, str]]) -> None:
    assert _read(text) == read


@pytest.mark.parametrize(("chosen", "forbidding", "choosing", "left"), [
    ("Ship with UPS.", "Please don't ship with DHL or UPS", "Ship with DHL.", ["DHL", "not UPS"]),
    ("用圆通发货。", "别用顺丰和圆通", "用顺丰发货。", ["不要圆通", "顺丰"]),
])
def test_each_prohibition_stands_until_its_own_value_is_chosen(
        tmp_path: Path, chosen: str, forbidding: str, choosing: str, left: list[str]) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for text in (chosen, forbidding, choosing):
            mem.add(text)
        assert sorted(f.value for f in mem.list(key="shipping.carrier") if isinstance(f, Fact)) == left


@pytest.mark.parametrize(("text", "read"), [
    # a carrier forbidden is keyed as the carrier is, as "Don't ship with DHL or UPS" alone
    ("Ship with FedEx, never use DHL or UPS.", [("shipping.carrier", "FedEx"), ("shipping.carrier", "not DHL"),
                                               ("shipping.carrier", "not UPS")]),
    ("Ship with FedEx, never DHL or UPS.", [("shipping.carrier", "FedEx"), ("shipping.carrier", "not DHL"),
                                           ("shipping.carrier", "not UPS")]),
    ("Ship with FedEx, never UPS.", [("shipping.carrier", "FedEx"), ("shipping.carrier", "not UPS")]),
    ("用顺丰，别用圆通和中通", [("shipping.carrier", "不要中通"), ("shipping.carrier", "不要圆通"),
                              ("shipping.carrier", "顺丰")]),
    ("I like tea, never coffee", [("drink.like", "tea")]),  # a bare "never" forbids only a named thing
])
def test_each_thing_forbidden_beside_a_choice_is_forbidden(text: str, read: list[tuple[str, str]]) -> None:
    assert _read(text) == read
