"""The user's standing instructions to the assistant open every context block, whatever the query: "what should I
cook tonight?" shares no word with "always answer me in Chinese", and the block left the instruction out. Chosen by
the fact's kind (an instruction), never by the query's words; only the scope's current ones (a superseded, forgotten
or expired instruction never, another user's never), within the block's budget. Real SQLite file, real model."""

from __future__ import annotations

import time

import pytest
from tests.blocksections import section

from memstrata import Memory
from memstrata.context.instructions import instructions_budget
from memstrata.context.render import estimate_tokens

TITLE, TITLE_ZH = "## Standing instructions from the user", "## 用户的长期要求"
CHINESE, SHORT = "wants the assistant to answer me in Chinese", "wants the assistant to keep answers short"


def _said(memory: Memory, user: str, *texts: str, **options: object) -> None:
    for text in texts:
        memory.add(text, user_id=user, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("query", ["what should I cook tonight?", "where do I live?", "plan a weekend trip for me",
                                   "what is my sister's name?"])
def test_every_block_opens_with_the_instructions(memory: Memory, query: str) -> None:
    _said(memory, "ann", "Always answer me in Chinese.", "I live in Berlin.", "Keep replies short.",
          "My sister is called Anna.", "I love Italian food.", "I'm allergic to peanuts.")
    block = memory.context(query, user_id="ann")
    assert block.startswith(TITLE + "\n"), block
    rules = section(block, TITLE)
    assert CHINESE in rules and SHORT in rules, block
    assert block.count("answer me in Chinese") == 1 and block.count("Always answer me") == 0, block  # once
    assert len(block.split("## ")) > 2, block  # the query's own memories follow


def test_a_chinese_block_has_them_too(memory: Memory) -> None:
    _said(memory, "cy", "以后回答简短一点", "我住在上海", "我喜欢吃川菜")
    for query in ("我今晚吃什么？", "我住在哪里？"):
        block = memory.context(query, user_id="cy")
        assert block.startswith(TITLE_ZH + "\n") and "回答简短一点" in section(block, TITLE_ZH), block


def test_only_current_instructions_of_the_users_own(memory: Memory) -> None:
    _said(memory, "bo", "Always answer me in Chinese.", "Actually, answer me in English from now on.",
          "Never use emojis when you reply to me.", "Keep replies short.", "I live in Oslo.")
    _said(memory, "dee", "Always reply in French.", "I live in Lyon.")
    _said(memory, "bo", "Reply in bullet points.", ttl=0.05)  # its time to live is over when the block is read
    time.sleep(0.1)
    emojis = next(f for f in memory.list(user_id="bo", key="assistant.instruction") if "emojis" in f.value)
    memory.forget(user_id="bo", fact_id=emojis.id)
    rules = section(memory.context("where do I live?", user_id="bo"), TITLE)
    assert "answer me in English" in rules and SHORT in rules, rules
    # superseded, forgotten, expired
    assert "Chinese" not in rules and "emojis" not in rules and "bullet" not in rules, rules
    assert "French" not in rules, rules  # another user's
    assert "Chinese" not in memory.context("what should I cook tonight?", user_id="bo")


def test_by_kind_not_by_words(memory: Memory) -> None:
    # a fact that speaks of answers and Chinese is no instruction to the assistant
    _said(memory, "eve", "My teacher always answers in Chinese.", "I live in Paris.")
    assert TITLE not in memory.context("where do I live?", user_id="eve")
    assert TITLE not in memory.context("where do I live?", user_id="nobody")


def test_the_instructions_take_at_most_half_the_budget(memory: Memory) -> None:
    _said(memory, "fay", "Always answer me in Chinese.", "Keep replies short.",
          "Never use emojis when you reply to me.", "Please reply in bullet points.",
          "Always use a formal tone with me.", "I live in Berlin.")
    budget = 120
    block = memory.context("where do I live?", user_id="fay", budget_tokens=budget)
    head = block.split("## ")[1]
    assert estimate_tokens("## " + head) <= instructions_budget(budget), block
    assert "lives in Berlin" in block and estimate_tokens(block) <= budget, block
    assert len(section(block, TITLE).splitlines()) >= 1, block  # newest first, as many as fit
