"""A fact's match evidence counts its key's topic words, on every store (``recall.key_words``).

With the deterministic hashing embedder the cosine says nothing, so only the words count: a
question naming the carrier as a courier, a delivery service or 快递 matched "prefers 顺丰 for
shipping" at 0.5 or less before ("which carrier do I use?" at 0.50).
"""

from __future__ import annotations

import pytest

from conftest import OpenMemory
from memstrata.recall.evidence import MATCH_EVIDENCE


@pytest.mark.parametrize("query", ["which carrier do I use?", "what courier do I use?",
                                   "which shipping company do I use?", "寄快递用哪家", "我的包裹用什么物流"])
def test_topic_words_of_the_key_match_the_fact(open_memory: OpenMemory, query: str) -> None:
    memory = open_memory(user_id="kw")
    memory.add("I use 顺丰 for deliveries")
    memory.add("I like window seats")
    hits = memory.search(query, limit=10)
    carrier = next(h for h in hits if h.kind == "fact" and h.fact is not None and h.fact.key == "shipping.carrier")
    assert carrier.signals["match"] >= MATCH_EVIDENCE, (query, carrier.signals)
    seat = [h for h in hits if h.kind == "fact" and h.fact is not None and h.fact.key == "travel.seat"]
    assert all(h.signals["match"] < MATCH_EVIDENCE for h in seat), seat  # another preference is not a match
