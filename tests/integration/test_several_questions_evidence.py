"""A message asking several questions is judged by each of them: a hit's match evidence is the best
of its match to the whole message and to any one of its questions (``text.clauses.asked_questions``).

"Which team is Tom on? And where do I live?" searched with ``min_match=MATCH_EVIDENCE`` kept Tom's
memories and dropped "I live in Munich" (0.33 against the whole message); after chit-chat
今天好累啊。对了，快递用哪家？小王在哪个组？ lost an answer the same way. Ranking still reads the
whole message: only the evidence changes. Real SQLite file, real model, the rule extractor.
"""

from __future__ import annotations

import pytest

from memstrata import Memory
from memstrata.recall.evidence import MATCH_EVIDENCE

EN_CHAT = "Ugh, what a day, the meeting ran late and I missed lunch. "
ZH_CHAT = "今天好累啊，开会开到很晚，午饭都没吃。"
ASKED = [("en", "Which team is Tom on? And where do I live?", ("platform team", "Munich")),
         ("en", EN_CHAT + "Which team is Tom on? And where do I live?", ("platform team", "Munich")),
         ("en", "Where do I live? Which carrier do I use for deliveries?", ("Munich", "UPS")),
         ("zh", "小王在哪个组？我住在哪里？", ("平台组", "慕尼黑")),
         ("zh", ZH_CHAT + "对了，快递用哪家？小王在哪个组？", ("顺丰", "平台组")),
         ("zh", ZH_CHAT + "我住在哪里？快递用哪家？", ("慕尼黑", "顺丰"))]
OFF_TOPIC = [("en", "Who won the 1998 world cup? And what is the capital of France?"),
             ("en", EN_CHAT + "Who won the 1998 world cup? What is the capital of France?"),
             ("zh", "1998年世界杯谁赢了？法国的首都是哪里？"),
             ("zh", ZH_CHAT + "1998年世界杯谁赢了？法国的首都是哪里？")]


@pytest.fixture
def stored(memory: Memory) -> Memory:
    for text in ("Tom is on the platform team", "I live in Munich", "I prefer UPS for delivery"):
        memory.add(text, user_id="en")
    for text in ("小王在平台组", "我住在慕尼黑", "我寄快递一般用顺丰"):
        memory.add(text, user_id="zh")
    return memory


@pytest.mark.parametrize(("user", "query", "answers"), ASKED)
def test_each_question_of_a_message_keeps_its_answer_under_min_match(stored: Memory, user: str, query: str,
                                                                     answers: tuple[str, str]) -> None:
    hits = stored.search(query, user_id=user, limit=6, min_match=MATCH_EVIDENCE)
    for answer in answers:
        assert any(answer in h.text for h in hits), (answer, [(h.text, h.signals["match"]) for h in hits])
    block = stored.context(query, user_id=user, budget_tokens=300, profile=False)
    assert all(answer in block for answer in answers), block


@pytest.mark.parametrize(("user", "query"), OFF_TOPIC)
def test_several_off_topic_questions_match_nothing(stored: Memory, user: str, query: str) -> None:
    assert stored.search(query, user_id=user, limit=6, min_match=MATCH_EVIDENCE) == []
    assert stored.context(query, user_id=user, budget_tokens=300, profile=False) == ""
