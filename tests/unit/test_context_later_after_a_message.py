"""``context.later`` for a message line: an old message shown as it was said ("I live in Boston", ranked first for
a dialogue, or in a block of messages only) stands for the current facts it states, so the later message about the
same thing follows it, labelled said later, as it follows a fact line: before, a block of messages showed "I live in
Boston" alone or with "Leaving Boston for good next month" below it, unlabelled, and the old word read as current. A
later message that only names the value in passing, or one said before the old message, is not said later."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memstrata import Memory

SAID = datetime(2026, 11, 2, 9, tzinfo=UTC)
DIALOGUE = "user: hi\nassistant: hello!\nuser: {}"
DIALOGUE_ZH = "用户：我要更新资料。\n助手：好的。\n用户：{}"


def _said(memory: Memory, *messages: str) -> None:
    for i, text in enumerate(messages):
        memory.add(text, created_at=SAID + timedelta(days=10 * i))


def _after(block: str, old: str) -> str:
    lines = block.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"- {old}"))
    return lines[at + 1] if at + 1 < len(lines) else ""


@pytest.mark.parametrize(("messages", "query", "label"), [
    (("I live in Boston with my two cats.", "I love hiking on weekends.",
      "Leaving Boston for good next month, can't wait to live somewhere warmer."),
     DIALOGUE.format("where do I live?"), "[said later]"),
    (("I prefer UPS for delivery, they are reliable.", "FedEx from now on pls, UPS keeps losing my stuff."),
     DIALOGUE.format("which carrier should you use for my parcel?"), "[said later]"),
    (("我住在上海", "上海待腻了，下个月搬去成都"), DIALOGUE_ZH.format("我住在哪？"), "[后来说的]"),
])
def test_the_later_message_follows_the_old_message_it_changes(memory: Memory, messages: tuple[str, ...], query: str,
                                                              label: str) -> None:
    _said(memory, *messages)
    block = memory.context(query, kinds=("episode",))
    assert _after(block, messages[0]).startswith(f"- {label} {messages[-1]}"), block
    assert block.count(messages[-1]) == 1, block


@pytest.mark.parametrize("messages", [
    ("I live in Boston with my two cats.", "The Boston marathon was fun to watch."),  # named in passing
    ("Leaving Boston for good next month, can't wait to live somewhere warmer.",
     "I live in Boston with my two cats."),  # said before it: the later word is the home
])
def test_a_passing_mention_or_an_earlier_message_is_not_said_later(memory: Memory, messages: tuple[str, ...]) -> None:
    _said(memory, *messages)
    assert "[said later]" not in memory.context(DIALOGUE.format("where do I live?"), kinds=("episode",))
