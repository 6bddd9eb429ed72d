"""Time words say when, not what about: a period counts as match evidence only when the question
itself names it (``recall.evidence``, ``signals["period_asked"]``).

"Had a great weekend! Anyway, what's the capital of France?" marked every memory said this
weekend as a full match (``in_period``), so ``min_match`` and the coding-agent hook passed "This
weekend I went hiking with Tom" for a question it does not answer. A period named in the chit-chat
around the question (``text.clauses.lone_question``) is none of the question's words: the question's
own words have to match. A period the question names ("what did I do this weekend?") is still the
evidence. Ranking is unchanged (``in_period`` still lifts those memories). Real SQLite file, real model.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.recall.evidence import MATCH_EVIDENCE

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)  # a Sunday: this weekend is 28-29 November
WEEKEND = datetime(2026, 11, 28, 15, 0, tzinfo=UTC)
LAST_WEEK = datetime(2026, 11, 18, 15, 0, tzinfo=UTC)
SAID = {"en": [("This weekend I went hiking with Tom", WEEKEND),
               ("Last week I finished the quarterly report", LAST_WEEK),
               ("I prefer UPS for delivery", LAST_WEEK)],
        "zh": [("周末我和小王去爬山了", WEEKEND),
               ("上周我把季度报告写完了", LAST_WEEK),
               ("我寄快递一般用顺丰", LAST_WEEK)]}

OFF_TOPIC = [("en", "Had a great weekend! Anyway, what's the capital of France?"),
             ("en", "This weekend was fun. Who won the 1998 world cup?"),
             ("en", "Last week was rough. What is the capital of France?"),
             ("zh", "周末过得不错！对了，法国的首都是哪里？"),
             ("zh", "上周好累。1998年世界杯谁赢了？")]
ASKED = [("en", "What did I do this weekend?", "hiking"),
         ("en", "What did I do last week?", "quarterly report"),
         ("en", "Last week was rough. Which carrier do I use for deliveries?", "UPS"),
         ("zh", "我周末做了什么？", "爬山"),
         ("zh", "上周我做了什么？", "季度报告"),
         ("zh", "上周好累。我寄快递一般用哪家？", "顺丰")]


@pytest.fixture
def stored(memory: Memory) -> Memory:
    for user, said in SAID.items():
        for text, when in said:
            memory.add(text, created_at=when, user_id=user)
    return memory


@pytest.mark.parametrize(("user", "query"), OFF_TOPIC)
def test_a_period_named_around_an_off_topic_question_matches_nothing(stored: Memory, user: str,
                                                                              query: str) -> None:
    assert stored.search(query, user_id=user, limit=5, now=NOW, min_match=MATCH_EVIDENCE) == []


@pytest.mark.parametrize(("user", "query", "answer"), ASKED)
def test_a_question_about_a_period_or_after_one_still_matches(stored: Memory, user: str, query: str,
                                                              answer: str) -> None:
    hits = stored.search(query, user_id=user, limit=5, now=NOW, min_match=MATCH_EVIDENCE)
    assert any(answer in h.text for h in hits), [(h.text, h.signals) for h in hits]


def test_ranking_still_reads_the_period_of_the_chit_chat(stored: Memory) -> None:
    hits = stored.search("Had a great weekend! Anyway, what's the capital of France?", user_id="en", limit=5,
                         now=NOW)
    assert hits[0].text == "This weekend I went hiking with Tom" and hits[0].signals["in_period"] == 1.0
