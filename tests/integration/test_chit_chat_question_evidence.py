"""A question after chit-chat is judged by its own words: a hit's match evidence is the better of
its match to the whole message and to the message's lone question (``text.clauses.lone_question``).

An agent's hook passes the user's whole message ("Morning! Long week, … Anyway, which carrier do I
use for deliveries?"), searching with ``min_match=MATCH_EVIDENCE``. Below
``text.clauses.LONG_QUERY_TERMS`` no question was picked out, so the memory that answers it
matched 0.07-0.16 of the whole paragraph and every such search came back empty. The ranking
still reads the whole message (its figures were chosen so): only the evidence changes. A period
the message names stays evidence wherever it is named ("On May 2nd, I was very upset. What caused
my distress?"), so the chit-chat here names none ("这周", this week, would match everything said
this week).
Real SQLite file, real model, the rule extractor.
"""

from __future__ import annotations

import pytest

from memstrata import Memory
from memstrata.recall.evidence import MATCH_EVIDENCE
from memstrata.text.clauses import LONG_QUERY_TERMS, lone_question
from memstrata.text.tokens import query_terms

EN_CHAT = "Morning! Long week, the kids were sick and the car broke down again. Anyway, "
ZH_CHAT = "早上好！最近好累，孩子生病了，车又坏了。对了，"
ASKED = [("en", EN_CHAT + "which carrier do I use for deliveries?", "UPS"),
         ("en", EN_CHAT + "how do I ship my parcels?", "UPS"),
         ("en", EN_CHAT + "where do I like to sit on a plane?", "window"),
         ("en", EN_CHAT + "what am I allergic to?", "peanuts"),
         ("zh", ZH_CHAT + "我寄快递一般用哪家？", "顺丰"),
         ("zh", ZH_CHAT + "坐飞机我喜欢坐哪儿？", "靠窗")]
OFF_TOPIC = [("en", EN_CHAT + "who won the 1998 world cup?"), ("en", EN_CHAT + "what is the capital of France?"),
             ("zh", ZH_CHAT + "1998年世界杯谁赢了？"), ("zh", ZH_CHAT + "法国的首都是哪里？")]


@pytest.fixture
def stored(memory: Memory) -> Memory:
    for text in ("I prefer UPS for delivery", "I'm allergic to peanuts", "I like window seats"):
        memory.add(text, user_id="en")
    for text in ("我寄快递一般用顺丰", "我对花生过敏", "我喜欢靠窗的座位"):
        memory.add(text, user_id="zh")
    return memory


@pytest.mark.parametrize(("user", "query", "answer"), ASKED)
def test_a_question_after_chit_chat_finds_its_memory_with_min_match(stored: Memory, user: str, query: str,
                                                                    answer: str) -> None:
    # The defect's shape: several sentences, one question, too few terms for ranking to pick it out.
    assert lone_question(query) is not None and len(set(query_terms(query))) <= LONG_QUERY_TERMS
    hits = stored.search(query, user_id=user, limit=5, min_match=MATCH_EVIDENCE)
    assert any(answer in h.text for h in hits), [(h.text, h.signals["match"]) for h in hits]
    block = stored.context(query, user_id=user, budget_tokens=300, profile=False)
    assert answer in block, block


@pytest.mark.parametrize(("user", "query"), OFF_TOPIC)
def test_an_off_topic_question_after_chit_chat_matches_nothing(stored: Memory, user: str, query: str) -> None:
    assert stored.search(query, user_id=user, limit=5, min_match=MATCH_EVIDENCE) == []
    assert stored.context(query, user_id=user, budget_tokens=300, profile=False) == ""

