"""A prohibition said alone ("Don't ship with UPS.", 别用圆通发货。) is the user's standing word on a choice: it is
stored under the key the choice would take, as the thing not to choose (``not UPS``, 不要圆通), so a search for the
carrier finds it, a later choice replaces it and, said after a choice of another carrier, it stands beside it.
An imperative that chooses nothing, one for this once and one with a word of change stay as they were."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.embed.base import EmbeddingCache
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "key", "value"), [
    ("Don't ship with UPS.", "shipping.carrier", "not UPS"),
    ("Never ship with UPS.", "shipping.carrier", "not UPS"),  # before: a habit "Never ship with UPS"
    ("Please don't use UPS for shipping.", "shipping.carrier", "not UPS"),
    ("Please don't ship with FedEx", "shipping.carrier", "not FedEx"),  # never FedEx as the carrier
    ("别用圆通发货。", "shipping.carrier", "不要圆通"),
    ("以后不要用中通发货。", "shipping.carrier", "不要中通"),
    ("Don't use Vim.", "tool.editor", "not Vim"),
])
def test_a_prohibition_alone_is_stored_under_the_key_of_the_choice(text: str, key: str, value: str) -> None:
    assert _read(text) == [(key, value, False)]


@pytest.mark.parametrize("text", [
    "Don't worry about it.", "别担心。", "Don't ship it yet.", "Don't ship with UPS this time.", "这次别用圆通。",
    "今天先别用圆通发货。", "Don't use unittest.", "别用 unittest", "Don't call me.",
])
def test_a_prohibition_of_no_choice_or_for_this_once_stores_nothing(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "key", "value"), [
    # every standing word of extract.for_now opens every prohibition: before, "In the future, never ... again" and
    # 往后 / 从现在开始 were a habit or an instruction (known to the plain prohibition or the instruction alone)
    ("In the future, never ship with UPS again.", "shipping.carrier", "not UPS"),
    ("In the future never use Vim again.", "tool.editor", "not Vim"),
    ("往后别用圆通发货", "shipping.carrier", "不要圆通"),
    ("从现在开始别用圆通发货", "shipping.carrier", "不要圆通"),
    ("往后都别再用京东了", "shipping.carrier", "不要京东"),
    ("往后不要圆通", "shipping.carrier", "不要圆通"),
])
def test_a_prohibition_said_to_stand_from_now_on(text: str, key: str, value: str) -> None:
    assert _read(text) == [(key, value, False)]


@pytest.mark.parametrize(("text", "withdrawn"), [
    ("Don't use UPS anymore.", ("shipping.carrier", "UPS", True)), ("别用京东了。", ("shipping.carrier", "京东", True)),
])
def test_a_prohibition_with_a_word_of_change_is_still_a_withdrawal(text: str, withdrawn: tuple[str, str, bool]) -> None:
    assert _read(text) == [withdrawn]


def _carriers(mem: Memory) -> list[str]:
    return sorted(f.value for f in mem.list(key="shipping.carrier") if isinstance(f, Fact))


@pytest.mark.parametrize(("forbidding", "choosing", "other"), [
    ("Don't ship with UPS.", "Ship with UPS.", "Ship with FedEx."),
    ("别用圆通发货。", "用圆通发货。", "用顺丰发货。"),
])
def test_a_later_choice_replaces_the_prohibition_and_one_after_a_choice_stands_beside_it(
        tmp_path: Path, forbidding: str, choosing: str, other: str) -> None:
    with Memory(tmp_path / "a.db", embedder=None, user_id="u1") as mem:
        [forbidden] = [c.fact.value for c in mem.add(forbidding).facts]
        assert _carriers(mem) == [forbidden]
        [chosen] = [c.fact.value for c in mem.add(choosing).facts]
        assert _carriers(mem) == [chosen]  # the user changed their mind: the prohibition is superseded
        assert [c.action for c in mem.add(forbidding).facts] == ["supersede"]  # and back: the very value retired
        assert _carriers(mem) == [forbidden]
    with Memory(tmp_path / "b.db", embedder=None, user_id="u1") as mem:
        [kept] = [c.fact.value for c in mem.add(other).facts]
        mem.add(forbidding)
        assert _carriers(mem) == sorted([kept, forbidden])  # where to ship, and with whom not


def test_a_search_for_the_carrier_finds_the_prohibition(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("Don't ship with UPS.")
        assert "does not want UPS for shipping" in [h.text for h in mem.search("which carrier should I ship with")]


@pytest.mark.parametrize(("text", "key", "value"), [
    ("Avoid FedEx", "shipping.carrier", "not FedEx"),
    ("Avoid using FedEx.", "shipping.carrier", "not FedEx"),
    ("No more DHL please", "shipping.carrier", "not DHL"),
    ("I'd rather not use UPS", "shipping.carrier", "not UPS"),
    ("I'd rather not ship with UPS.", "shipping.carrier", "not UPS"),
    ("不要再用京东了", "shipping.carrier", "不要京东"),
    ("别再用圆通了。", "shipping.carrier", "不要圆通"),
    ("No more Vim.", "tool.editor", "not Vim"),
])
def test_other_wordings_of_a_prohibition_are_read_alike(text: str, key: str, value: str) -> None:
    assert _read(text) == [(key, value, False)]


@pytest.mark.parametrize("text", [
    "Avoid the rush hour.", "No more questions.", "I'd rather not talk about it.", "Avoid sugar.",
])
def test_advice_or_a_refusal_that_names_no_chosen_thing_stores_nothing(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("first", "second", "both", "chosen_other", "chosen_same", "last"), [
    ("Don't ship with UPS.", "别用圆通发货。", ["not UPS", "不要圆通"], "Ship with FedEx.", "Use UPS.",
     ["UPS", "不要圆通"]),
    ("别用圆通发货。", "Avoid FedEx", ["not FedEx", "不要圆通"], "用顺丰发货。", "用圆通发货。",
     ["not FedEx", "圆通"]),
])
def test_prohibitions_stand_together_and_only_a_choice_of_the_same_thing_ends_one(
        tmp_path: Path, first: str, second: str, both: list[str], chosen_other: str, chosen_same: str,
        last: list[str]) -> None:
    with Memory(tmp_path / "a.db", embedder=None, user_id="u1") as mem:
        mem.add(first)
        assert [c.action for c in mem.add(second).facts] == ["create"]
        assert _carriers(mem) == sorted(both)
        [other] = [c.fact.value for c in mem.add(chosen_other).facts]
        assert _carriers(mem) == sorted([*both, other])  # what to use, and what not: nothing contradicts
        mem.add(chosen_same)  # the user allows one again: it replaces the choice and ends its own prohibition
        assert _carriers(mem) == sorted(last)


def test_the_context_does_not_call_an_earlier_prohibition_outdated(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("Don't ship with UPS")
        mem.add("别用圆通发货")
        block = mem.context("how should we ship the package?")
        assert "[outdated]" not in block
        assert "UPS" in block


@pytest.mark.parametrize(("text", "chosen", "forbidden"), [
    ("Don't use UPS, use FedEx.", "FedEx", "UPS"),
    ("不要用顺丰，用京东。", "京东", "顺丰"),
    ("别用圆通，用顺丰。", "顺丰", "圆通"),
])
def test_a_prohibition_ends_at_its_comma_and_the_choice_after_it_stands(text: str, chosen: str, forbidden: str) -> None:
    # read whole, "Don't use UPS, use FedEx" forbade both: 'not UPS' and 'not FedEx' (不要顺丰 and 不要京东)
    read = _read(text)
    assert ("shipping.carrier", chosen, False) in read
    assert not any(chosen in value and value != chosen for _, value, _ in read), read
    assert any(forbidden in value for _, value, _ in read), read


def test_a_prohibition_then_a_choice_keeps_the_carrier_said_before(tmp_path: Path, embedder: EmbeddingCache) -> None:
    # 以后用京东发货 then 不要用顺丰，用京东 replaced 京东 by 不要京东: the opposite of what was said twice
    with Memory(tmp_path / "m.db", embedder=embedder) as memory:  # the run's loaded default model
        memory.add("以后用京东发货", user_id="u")
        memory.add("不要用顺丰，用京东", user_id="u")
        active = [f.value for f in memory.list(user_id="u") if isinstance(f, Fact) and f.key == "shipping.carrier"]
        assert sorted(active) == ["不要顺丰", "京东"]  # the refusal beside the choice is the carrier's key too
