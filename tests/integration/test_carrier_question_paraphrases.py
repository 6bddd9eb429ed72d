"""A question that names a fact's topic in other words matches the fact (``recall.key_words``).

After "I use 顺丰 for deliveries", "which carrier do I use?" used to find the
carrier fact at match 0.50, under ``recall.evidence.MATCH_EVIDENCE``, because the fact held "carrier"
(its key) but not "use"; ``context()`` then fell back to the profile. A fact's coverage now counts
its key's topic words (English and Chinese) and, for a preference, the verbs of choosing.
Real SQLite file, real model, the rule extractor.
"""

from __future__ import annotations

import pytest

from memstrata import Memory
from memstrata.recall.evidence import MATCH_EVIDENCE

PARAPHRASES = ["which carrier do I use?", "what courier do I use?", "who do I ship packages with?",
               "which delivery service do I prefer?", "我用哪家快递？", "寄快递用哪家", "快递选哪家",
               "我一般用什么物流"]
OFF_TOPIC = ["who won the 1998 world cup?", "zzqx", "帮我写一首诗", "what should I name my cat?", "tell me a joke",
             "what is the capital of France?", "量子色动力学的渐近自由", "how do I use chopsticks?"]


@pytest.fixture
def stored(memory: Memory) -> Memory:
    for text in ("I use 顺丰 for deliveries", "I'm allergic to peanuts", "I like window seats",
                 "I prefer tea over coffee", "我住在上海"):
        memory.add(text, user_id="m2")
    return memory


@pytest.mark.parametrize("query", PARAPHRASES)
def test_a_question_about_the_carrier_matches_the_carrier_fact(stored: Memory, query: str) -> None:
    hits = stored.search(query, user_id="m2", limit=5)
    carrier = next(h for h in hits if h.kind == "fact" and h.fact is not None and h.fact.key == "shipping.carrier")
    assert carrier.signals["match"] >= MATCH_EVIDENCE, (query, carrier.signals)
    block = stored.context(query, user_id="m2", budget_tokens=300)
    assert block.splitlines()[0] in ("## Relevant memories", "## 相关记忆"), block
    assert "顺丰" in block.split("\n## ")[0], block


@pytest.mark.parametrize("query", OFF_TOPIC)
def test_an_off_topic_question_matches_no_fact(stored: Memory, query: str) -> None:
    facts = [h for h in stored.search(query, user_id="m2", limit=10) if h.kind == "fact"]
    assert all(h.signals["match"] < MATCH_EVIDENCE for h in facts), [(h.text, h.signals["match"]) for h in facts]


def test_other_keys_answer_their_own_topic_words(stored: Memory) -> None:
    for query, key in (("which seat do I prefer?", "travel.seat"), ("where do I live?", "identity.location"),
                       ("do I have any allergies?", "health.allergy"), ("我对什么过敏？", "health.allergy")):
        hits = stored.search(query, user_id="m2", limit=5)
        found = next(h for h in hits if h.kind == "fact" and h.fact is not None and h.fact.key == key)
        assert found.signals["match"] >= MATCH_EVIDENCE, (query, [(h.text, h.signals["match"]) for h in hits])
