"""Chit-chat is no evidence of a match: a message whose questions stand alone is judged by them and
by the whole message's words, not by the whole message's vector (mostly the chit-chat's).

After "Ugh, my train was late again and all the window seats were taken, I had to stand." the
question "Where do I live?" with ``min_match=MATCH_EVIDENCE`` returned "I prefer a window seat"
first (0.68, carried by the paragraph's cosine) beside "I live in Munich", and so did the carrier
question; 火车晚点了一个小时，靠窗的座位都被人占了 … 我住在哪里？ alike. A question that refers back to
the sentences before it ("I told you which seat I like. What was it?", ``text.clauses.refers_back``)
is still read with them. Ranking is untouched. Real SQLite file, real model, the rule extractor.
"""

from __future__ import annotations

import pytest

from memstrata import Memory
from memstrata.recall.evidence import MATCH_EVIDENCE

EN_TRAIN = ("Ugh, my train was late again and all the window seats were taken, I had to stand. ",
            "What a morning: the train was delayed, the carriage was packed and I never got a seat by the window. ")
ZH_TRAIN = ("火车晚点了一个小时，靠窗的座位都被人占了，我只能坐在过道上。",
            "今天坐火车真倒霉，晚点不说，我的座位还被别人坐了，只好站在窗边。")
ASKED = [("en", chat + question, answer, "window") for chat in EN_TRAIN
         for question, answer in (("Where do I live?", "Munich"),
                                  ("Anyway, which carrier do I use for deliveries?", "UPS"))]
ASKED += [("zh", chat + question, answer, "靠窗") for chat in ZH_TRAIN
          for question, answer in (("我住在哪里？", "慕尼黑"), ("对了，我寄快递用哪家？", "顺丰"))]
BACK = [("en", "I once told you which seat I like on a plane. What was it?", "window"),
        ("zh", "我跟你说过坐飞机喜欢哪种座位。那个座位是哪儿？", "靠窗")]


@pytest.fixture
def stored(memory: Memory) -> Memory:
    for text in ("I live in Munich", "I prefer UPS for delivery", "I prefer a window seat"):
        memory.add(text, user_id="en")
    for text in ("我住在慕尼黑", "我寄快递一般用顺丰", "我喜欢靠窗的座位"):
        memory.add(text, user_id="zh")
    return memory


@pytest.mark.parametrize(("user", "query", "answer", "chatted"), ASKED)
def test_chit_chat_does_not_make_a_memory_match(stored: Memory, user: str, query: str, answer: str,
                                                chatted: str) -> None:
    hits = stored.search(query, user_id=user, limit=5, min_match=MATCH_EVIDENCE)
    shown = [(h.text, h.signals["match"]) for h in hits]
    assert any(answer in h.text for h in hits), shown
    assert not any(chatted in h.text for h in hits), shown


@pytest.mark.parametrize(("user", "query", "answer"), BACK)
def test_a_question_referring_back_is_read_with_its_sentences(stored: Memory, user: str, query: str,
                                                              answer: str) -> None:
    hits = stored.search(query, user_id=user, limit=5, min_match=MATCH_EVIDENCE)
    assert any(answer in h.text for h in hits), [(h.text, h.signals["match"]) for h in hits]
