"""A provider the user habitually uses, said with the verb of what it is used for ("I usually fly with Lufthansa",
我一般坐国航, "I always bank with Chase", "I shop at Costco"): the verb's job is the key, in both languages."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _facts(text: str) -> set[tuple[str, str]]:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    return {(c.key, c.value) for c in found if not c.retracts}


@pytest.mark.parametrize(("text", "fact"), [
    ("I usually fly with Lufthansa.", ("user.airline", "Lufthansa")),
    ("I usually fly with Finnair", ("user.airline", "Finnair")), ("I fly on Norwegian", ("user.airline", "Norwegian")),
    ("I always fly Delta", ("user.airline", "Delta")),
    ("我一般坐国航。", ("user.airline", "国航")),
    ("我出差都坐东航的飞机", ("user.airline", "东航")),
    ("I always bank with Chase.", ("user.bank", "Chase")),
    ("i usually fly with lufthansa", ("user.airline", "Lufthansa")), ("i always bank with hsbc", ("user.bank", "HSBC")),
    ("We bank with Bank of America", ("user.bank", "Bank of America")), ("I bank with Ally", ("user.bank", "Ally")),
    ("我一般用招商银行", ("user.bank", "招商银行")),
    ("I shop at Costco.", ("user.shopping", "Costco")),
    ("I shop at Trader Joe's for groceries", ("user.shopping", "Trader Joe's")),
    ("我一般在盒马买菜", ("user.shopping", "盒马")),
    ("I usually stay at the Marriott", ("user.hotel", "Marriott")),
    ("We usually ship orders with DHL", ("shipping.carrier", "DHL")),
    ("I usually ship with Aramex", ("shipping.carrier", "Aramex")),
])
def test_a_provider_used_is_stored_under_its_job(text: str, fact: tuple[str, str]) -> None:
    assert _facts(text) == {fact}


@pytest.mark.parametrize("text", [
    "I usually fly economy when it's cheap", "I shop at night", "I fly with my kids", "I stay at Anna's",
    "I stay at Mom's", "My sister flies with Lufthansa", "我一般坐地铁上班", "我一般坐滴滴", "我一般在超市买东西",
    "我妈一般坐国航", "I always fly Business", "I fly with Sarah", "I shop with Anna", "I usually send it with Tom",
    "我一般在家买东西", "我一般在手机上买东西", "i usually fly with united",
])
def test_no_provider_named_or_not_the_users_stores_no_provider(text: str) -> None:
    assert not {k for k, _ in _facts(text) if k in ("user.airline", "user.bank", "user.shopping", "user.hotel",
                                                    "shipping.carrier")}


def test_a_time_said_makes_it_a_plan_not_the_airline() -> None:
    assert "user.airline" not in {k for k, _ in _facts("I fly with Lufthansa tomorrow")}


def test_the_airline_said_again_in_either_language_replaces_the_old(memory: Memory) -> None:
    memory.add("I usually fly with Lufthansa.")
    memory.add("I usually fly with United now.")
    memory.add("我一般坐国航。")
    assert {(f.key, f.value) for f in memory.list() if isinstance(f, Fact)} == {("user.airline", "国航")}
    assert [f.value for f, _ in memory.history(key="user.airline")] == ["Lufthansa", "United", "国航"]


@pytest.mark.parametrize(("said", "switch", "active"), [
    (["We use Slack", "I usually fly with Lufthansa."], "I switched to United",
     {("tool.uses", "Slack"), ("user.airline", "United")}),
    (["We use Jira", "I always bank with Chase."], "I switched to Revolut",
     {("tool.uses", "Jira"), ("user.bank", "Revolut")}),
    (["我们用飞书", "我一般坐国航"], "我现在改坐东航了", {("tool.uses", "飞书"), ("user.airline", "东航")}),
])
def test_a_switch_to_a_listed_provider_ends_the_one_of_its_kind(memory: Memory, said: list[str], switch: str,
                                                                active: set[tuple[str, str]]) -> None:
    for text in said:
        memory.add(text)
    memory.add(switch)
    assert {(f.key, f.value) for f in memory.list() if isinstance(f, Fact)} == active


@pytest.mark.parametrize(("said", "given_up"), [
    ("I usually fly with Lufthansa.", "I don't fly with Lufthansa anymore"),
    ("I usually fly with Lufthansa.", "I stopped flying with Lufthansa"),
    ("I shop at Costco.", "I no longer shop at Costco"),
    ("我一般坐国航。", "我不再坐国航了"),
])
def test_a_provider_given_up_is_withdrawn(memory: Memory, said: str, given_up: str) -> None:
    memory.add(said)
    [change] = memory.add(given_up).facts
    assert change.action == "retract"
    assert [f for f in memory.list() if isinstance(f, Fact)] == []


@pytest.mark.parametrize(("text", "fact"), [
    ("我平常用支付宝付款。", ("user.payment_method", "支付宝")),
    ("我们都用微信支付。", ("user.payment_method", "微信")),
    ("我一般刷信用卡。", ("user.payment_method", "信用卡")),
    ("我习惯付现金。", ("user.payment_method", "现金")),
    ("I usually pay with Apple Pay.", ("user.payment_method", "Apple Pay")),
    ("I always pay by card.", ("user.payment_method", "card")),
    ("I pay in cash.", ("user.payment_method", "cash")),
    ("I pay for everything with my Amex.", ("user.payment_method", "Amex")),
    ("我用手机付款。", ("user.payment_method", "手机")),  # paying by phone is a way of paying
    ("I usually pay with my phone.", ("user.payment_method", "phone")),
])
def test_how_the_user_pays_is_a_provider_of_payment(text: str, fact: tuple[str, str]) -> None:
    assert _facts(text) == {fact}


@pytest.mark.parametrize("text", [
    "I pay with Tom.", "I paid with Apple Pay yesterday.", "Can I pay with Apple Pay?", "I pay the bills.",
    "I pay attention to details.", "我一般用微信。", "我用手机付款了。", "我用支付宝付款了。", "我妈一般用支付宝付款。",
])
def test_a_payment_once_someone_elses_or_no_means_named_is_no_way_of_paying(text: str) -> None:
    assert "user.payment_method" not in {k for k, _ in _facts(text)}


def test_a_way_of_paying_said_in_the_other_language_replaces_the_old(memory: Memory) -> None:
    memory.add("I usually pay with Apple Pay.")
    memory.add("我平常用支付宝付款。")
    assert {(f.key, f.value) for f in memory.list() if isinstance(f, Fact)} == {("user.payment_method", "支付宝")}
