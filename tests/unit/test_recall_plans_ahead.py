"""A question about what is coming up finds the user's plans by their own dates, and a plan whose day is over
is marked past and ranked below one to come (``recall.ahead``, ``context.block.mark_past``,
``context.render.dated_first``)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from memstrata import Memory
from memstrata.cli.memories import recall_text
from memstrata.clock import utcnow
from memstrata.context.render import labels_for, render_context
from memstrata.server.mcp_tools import _fact_line, _hit_line


@pytest.fixture
def english(memory: Memory) -> Memory:
    now = utcnow()
    memory.add("I started learning guitar last month", created_at=now - timedelta(days=20))
    memory.add("I have a dentist appointment on Thursday at 3pm", created_at=now - timedelta(days=12))
    memory.add("my favourite food is ramen", created_at=now - timedelta(days=5))
    memory.add("I have a dentist appointment tomorrow at 2pm", created_at=now - timedelta(hours=1))
    return memory


@pytest.fixture
def chinese(memory: Memory) -> Memory:
    now = utcnow()
    memory.add("最近开始学钢琴", created_at=now - timedelta(days=3))
    memory.add("我喜欢吃火锅", created_at=now - timedelta(days=2))
    memory.add("下周三家长会", created_at=now - timedelta(days=1))
    return memory


def _plans(memory: Memory) -> tuple[str, str]:
    """The statements of the past and the coming dentist appointment, earliest first."""
    dated = sorted((f for f in memory.list() if f.valid_to is not None), key=lambda f: f.valid_to)  # type: ignore[union-attr]
    assert len(dated) == 2, [f.statement for f in memory.list()]
    return dated[0].statement, dated[1].statement  # type: ignore[union-attr]


def test_whats_coming_up_finds_the_plan_ahead(english: Memory) -> None:
    _, coming = _plans(english)
    hits = english.search("what's coming up?", limit=5)
    assert hits and hits[0].text == coming
    block = english.context("user: can you help me with my schedule?\nassistant: sure\n"
                            "user: what's coming up next week?")
    assert "nothing matched" not in block and coming in block


def test_a_past_plan_is_marked_past_and_ranked_below_one_to_come(english: Memory) -> None:
    past, coming = _plans(english)
    hits = [h for h in english.search("any upcoming appointments?", limit=10) if h.kind == "fact"]
    texts = [h.text for h in hits]
    assert coming in texts and past in texts and texts.index(coming) < texts.index(past)
    assert hits[texts.index(past)].signals.get("past") == 1.0
    assert not hits[texts.index(coming)].signals.get("past")


def test_chinese_plans_ahead_are_found_by_their_date(chinese: Memory) -> None:
    plan = next(f.statement for f in chinese.list() if f.key == "schedule.event")  # type: ignore[union-attr]
    assert plan.startswith("日程：家长会")
    assert plan in [h.text for h in chinese.search("最近有什么安排？", limit=5)]
    for query in ("用户：下周要忙什么？", "今天给我安排一下"):
        block = chinese.context(query)
        assert plan in block and "没有与问题直接相关" not in block, block


def test_the_fact_line_stands_for_the_message_ranked_above_it(chinese: Memory) -> None:
    hits = chinese.search("下周三家长会", limit=5)
    assert [h.kind for h in hits[:2]] == ["episode", "fact"], [h.text for h in hits]
    block = render_context("下周三家长会", hits, 500)
    assert "日程：家长会" in block and "- 下周三家长会" not in block, block


def test_the_cli_and_mcp_lines_say_a_plan_is_past(english: Memory) -> None:
    past, coming = _plans(english)
    hits = {h.text: h for h in english.search("any upcoming appointments?", limit=10) if h.kind == "fact"}
    labels = labels_for("any upcoming appointments?")
    assert recall_text(hits[past], labels, False).startswith("[past] ")
    assert not recall_text(hits[coming], labels, False).startswith("[past]")
    assert _hit_line(hits[past], labels).get("past") is True and "past" not in _hit_line(hits[coming], labels)
    listed = {f.statement: _fact_line(f) for f in english.list()}  # type: ignore[union-attr]
    assert listed[past].get("past") is True and listed[past]["when"] < listed[coming]["when"]
    assert "past" not in listed[coming]
