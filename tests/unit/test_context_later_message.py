"""``context.later``: a message said after a standing fact, about the same thing, that the extractor did not read
is shown beside the fact in the context block, labelled as said later; questions, restated facts, other speakers
and unrelated messages are not."""

from __future__ import annotations

import doctest
from datetime import UTC, datetime, timedelta

from memstrata import Memory
from memstrata.context import later

T0 = datetime(2026, 11, 2, 9, tzinfo=UTC)


def said(memory: Memory, *messages: str, speaker: str | None = None) -> None:
    """Each message a day after the one before (the order the later rule reads)."""
    for i, text in enumerate(messages):
        memory.add(text, created_at=T0 + timedelta(days=i), speaker=speaker)


def test_doctests() -> None:
    assert doctest.testmod(later).failed == 0


def test_a_later_message_the_extractor_missed_follows_the_profile_fact(memory: Memory) -> None:
    said(memory, "I prefer UPS for delivery", "FedEx from now on pls, UPS keeps losing my stuff")
    assert [f.value for f in memory.list(kind="fact")] == ["UPS"]  # the second message stored nothing
    lines = memory.context("which carrier should we use for the new order?").splitlines()
    ups = next(i for i, line in enumerate(lines) if "prefers UPS" in line)
    assert lines[ups + 1].startswith("- [said later] FedEx from now on pls, UPS keeps losing my stuff")


def test_a_later_message_follows_a_matched_fact_in_chinese(memory: Memory) -> None:
    said(memory, "我住在上海", "上海待腻了，下个月搬去成都")
    lines = memory.context("我住在哪？").splitlines()
    shanghai = next(i for i, line in enumerate(lines) if "我住在上海" in line or "住在上海" in line)
    assert lines[shanghai + 1].startswith("- [后来说的] 上海待腻了，下个月搬去成都")


def test_nothing_is_said_later_of_a_fact_stated_again_after_it(memory: Memory) -> None:
    said(memory, "I prefer UPS for delivery", "FedEx from now on pls, UPS keeps losing my stuff",
         "I prefer UPS for delivery.")
    assert "[said later]" not in memory.context("which carrier should we use for the new order?")


def test_a_question_another_speaker_or_another_topic_is_not_said_later(memory: Memory) -> None:
    said(memory, "I prefer UPS for delivery", "Do you think UPS is any good?", "I'm allergic to peanuts")
    said(memory, "UPS keeps losing my stuff, use FedEx", speaker="bob")
    block = memory.context("which carrier should we use for the new order?")
    assert "prefers UPS" in block
    assert "[said later]" not in block
