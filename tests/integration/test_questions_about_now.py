"""A question about now ("where does the user live now?", 他现在开什么车？) is answered by what holds
now: "now" says when the question asks about, not what about, so it does not count against a memory's
match (the York fact held half of "live now" and the context block said "nothing matched the query"
while search ranked it first), and a memory stating only a former value ("I used to live in London
before Leeds.") ranks after the current one. Real SQLite file, real model."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memstrata import Memory
from memstrata.clock import utcnow

START = datetime(2026, 10, 1, 9, tzinfo=UTC)


def _said(memory: Memory, user: str, *messages: str) -> None:
    for week, text in enumerate(messages):
        memory.add(text, user_id=user, created_at=START + timedelta(days=7 * week))


@pytest.fixture
def moved(memory: Memory) -> Memory:
    _said(memory, "en", "I'm allergic to peanuts.", "I prefer DHL for shipping.", "I go running every morning.",
          "We moved to York last month.", "I bought a new Tesla Model 3.")
    _said(memory, "zh", "我买了一辆特斯拉。", "我们搬到杭州了。", "我对芒果过敏。", "我每天早上喝咖啡。")
    return memory


@pytest.mark.parametrize(("user", "question", "answer"), [
    ("en", "where does the user live now?", "York"),
    ("en", "where do I live currently?", "York"),
    ("zh", "他现在开什么车？", "特斯拉"),
    ("zh", "他现在住哪？", "杭州"),
])
def test_what_search_ranks_first_for_a_question_about_now_is_shown_as_matched(
        moved: Memory, user: str, question: str, answer: str) -> None:
    first = moved.search(question, user_id=user, limit=3)
    assert answer in first[0].text or answer in first[1].text, [h.text for h in first]
    block = moved.context(question, user_id=user, budget_tokens=400)
    assert block.startswith(("## Relevant memories", "## 相关记忆")), block
    assert answer in block and "nothing matched" not in block and "没有与问题直接相关" not in block, block
    assert "peanuts" not in block and "芒果" not in block, block


def test_now_alone_is_still_a_question_and_nothing_matching_still_says_so(moved: Memory) -> None:
    block = moved.context("asdfgh qwerty now", user_id="en", budget_tokens=400)
    assert "(nothing matched the query)" in block, block
    block = moved.context("现在", user_id="zh", budget_tokens=400)
    assert "没有与问题直接相关的记忆" in block, block


def test_a_question_about_now_ranks_the_current_value_before_a_former_one(memory: Memory) -> None:
    _said(memory, "en", "I used to live in London before Leeds.", "I live in Leeds.", "I drive a Honda Civic.",
          "I go running every morning.", "We moved to York last week.")
    hits = memory.search("where does the user live now?", user_id="en", limit=6)
    york = next(i for i, h in enumerate(hits) if "York" in h.text)
    london = next(i for i, h in enumerate(hits) if "London" in h.text)
    assert york < london and york == 0, [h.text for h in hits]
    block = memory.context("where does the user live now?", user_id="en", budget_tokens=400)
    assert block.index("York") < block.index("London") if "London" in block else "York" in block, block
    # Asked without "now", the former home still answers a question about it.
    before = memory.search("where did the user live before Leeds?", user_id="en", limit=3)
    assert any("London" in h.text for h in before), [h.text for h in before]


def test_asked_as_of_a_past_time_the_home_held_then_is_not_former(memory: Memory) -> None:
    # before: ranked down as former-only (its home read as superseded, as it is today), below a colour
    memory.add("I live in Leeds now, I used to live in London.", user_id="en")
    memory.add("My favourite colour is green.", user_id="en")
    then = utcnow()
    memory.add("I moved to York.", user_id="en")
    hits = memory.search("where does the user live now?", user_id="en", limit=5, as_of=then)
    leeds = next(h for h in hits if h.kind == "episode" and "Leeds" in h.text)
    assert "former" not in leeds.signals and "Leeds" in hits[0].text, [(h.text, h.signals) for h in hits]
    today = memory.search("where does the user live now?", user_id="en", limit=5)
    assert "York" in today[0].text and "Leeds" not in today[0].text, [h.text for h in today]
