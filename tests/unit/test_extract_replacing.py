"""A value said with the one it takes the place of ("instead of", "rather than", 而不是, 不再用X，改用Y) is a switch:
read as "We switched from UPS to DHL" is, the new value supersedes the old one and the history keeps it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str]]:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    return {(c.key, c.value, c.instead_of) for c in found if not c.retracts}


@pytest.mark.parametrize("text", [
    "We switched from UPS to DHL", "We now ship orders with DHL instead of UPS.", "I now use DHL rather than UPS",
    "我们改用DHL而不是UPS", "我们用DHL发货而不是UPS", "我们不再用UPS，改用DHL", "我们不用UPS了，现在改用DHL",
    "我们不再用UPS改用DHL", "我们现在用DHL，而不是UPS",
])
def test_every_wording_of_the_switch_reads_the_same(text: str) -> None:
    assert _read(text) == {("shipping.carrier", "DHL", "UPS")}


@pytest.mark.parametrize(("text", "read"), [
    ("Instead of Jira, we use Linear now", ("tool.uses", "Linear", "Jira")),
    ("I usually fly with United instead of Lufthansa", ("user.airline", "United", "Lufthansa")),
    ("我一般坐东航而不是国航", ("user.airline", "东航", "国航")),
    ("我不再用京东改用顺丰了", ("shipping.carrier", "顺丰", "京东")),
    ("我们不再用京东，现在用顺丰", ("shipping.carrier", "顺丰", "京东")),
    ("我不再坐国航，改坐东航了", ("user.airline", "东航", "国航")),
    # a doing with the thing it is done with names the thing
    ("These days I cycle to work instead of taking the subway.", ("user.commute", "by bike", "subway")),
    ("We use Notion instead of using Evernote.", ("tool.uses", "Notion", "Evernote")),
])
def test_the_old_value_said_first_or_with_a_provider(text: str, read: tuple[str, str, str]) -> None:
    assert _read(text) == {read}


@pytest.mark.parametrize("text", [
    "instead of waiting, let's go", "I walk instead of driving", "I walk instead of driving to work",
    "My sister ships with DHL instead of UPS",
    "I went to Paris instead of London",
])
def test_an_activity_a_happening_or_someone_elses_switch_replaces_nothing(text: str) -> None:
    assert all(not old for _, _, old in _read(text))


def test_a_like_ranked_replaces_nothing() -> None:
    assert all(not old for _, _, old in _read("I prefer tea rather than coffee"))


@pytest.mark.parametrize(("said", "switch"), [
    (["We use Jira", "We use Slack"], "We now use Linear instead of Jira"),
    (["我们用Jira", "我们用飞书"], "我们不再用Jira，改用Linear"),
    (["We use Jira", "We use Slack"], "我们改用Linear而不是Jira"),
])
def test_the_thing_named_as_replaced_ends_and_only_it(memory: Memory, said: list[str], switch: str) -> None:
    for text in said:
        memory.add(text)
    memory.add(switch)
    active = {(f.key, f.value) for f in memory.list() if isinstance(f, Fact)}
    assert active == {("tool.uses", "Linear"), ("tool.uses", said[1].removeprefix("We use ").removeprefix("我们用"))}
    assert ("Jira", "superseded") in {(f.value, f.status) for f, _ in memory.history(key="tool.uses")}


@pytest.mark.parametrize("switch", ["We switched from UPS to DHL", "We now ship orders with DHL instead of UPS."])
def test_the_carrier_switched_from_stays_in_the_history(memory: Memory, switch: str) -> None:
    memory.add("We ship with UPS")
    [change] = memory.add(switch).facts
    assert (change.action, change.fact.key, change.fact.value) == ("supersede", "shipping.carrier", "DHL")
    assert [(f.value, f.status) for f, _ in memory.history(key="shipping.carrier")] == [
        ("UPS", "superseded"), ("DHL", "active")]
