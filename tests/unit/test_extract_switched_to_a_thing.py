"""A switch to a thing named by what it is, not by name ("I switched to a standing desk", 我换了一张站立式办公桌): a
thing now used, which ends no tool or service used before."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    return [(c.key, c.value) for c in found if not c.retracts]


@pytest.mark.parametrize(("text", "thing"), [
    ("I switched to a standing desk.", "standing desk"), ("I've switched to using a standing desk", "standing desk"),
    ("I switched to an electric toothbrush", "electric toothbrush"),
    ("我换了一张站立式办公桌。", "站立式办公桌"), ("我换成了一张站立式办公桌", "站立式办公桌"),
    ("我换成了站立式办公桌", "站立式办公桌"), ("我换成了机械键盘", "机械键盘"),
])
def test_a_thing_switched_to_is_a_thing_now_used(text: str, thing: str) -> None:
    assert _read(text) == [("tool.uses", thing)]


@pytest.mark.parametrize("text", ["I switched to running in the mornings", "我换了一个新手机"])
def test_an_activity_or_a_thing_not_said_is_no_thing_used(text: str) -> None:
    assert "tool.uses" not in {key for key, _ in _read(text)}


@pytest.mark.parametrize(("tool", "switch", "thing"), [
    ("We use Slack", "I switched to a standing desk.", "standing desk"),
    ("We use Slack", "I switched to an electric toothbrush", "electric toothbrush"),
    ("我们用飞书", "我换了一张站立式办公桌。", "站立式办公桌"),
    ("我们用飞书", "我换成了站立式办公桌", "站立式办公桌"),
])
def test_a_thing_switched_to_ends_no_tool(memory: Memory, tool: str, switch: str, thing: str) -> None:
    memory.add(tool)
    memory.add(switch)
    active = {(f.key, f.value) for f in memory.list() if isinstance(f, Fact)}
    assert active == {("tool.uses", tool.split()[-1].removeprefix("我们用")), ("tool.uses", thing)}


def test_a_named_switch_still_ends_its_one_rival(memory: Memory) -> None:
    memory.add("We use Jira")
    memory.add("We've moved to Linear")
    assert {(f.key, f.value) for f in memory.list() if isinstance(f, Fact)} == {("tool.uses", "Linear")}
