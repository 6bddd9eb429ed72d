"""Recall quality on a small hand-made set: 10 memories to find, 10 noise, two users."""

from __future__ import annotations

from typing import Any

from memstrata import Memory
from memstrata.bench.probe import NOISE, TARGETS


def test_recall_at_3_false_recall_and_isolation(memory: Memory, record_property: Any) -> None:
    for user, text, _ in TARGETS:
        memory.add(text, user_id=user)
    for user, text in NOISE:
        memory.add(text, user_id=user)
    own = {user: {t for u, t, _ in TARGETS if u == user} | {t for u, t in NOISE if u == user}
           for user in ("alice", "bob")}
    found = 0
    noise_in_top3 = 0
    for user, text, query in TARGETS:
        hits = memory.search(query, user_id=user, limit=3, kinds=("episode",))
        texts = [h.text for h in hits]
        found += text in texts
        noise_in_top3 += sum(1 for t in texts if t in {n for u, n in NOISE if u == user})
        # Cross-user contamination must be exactly zero.
        assert all(t in own[user] for t in texts), (user, query, texts)
        assert all(h.scope.user_id == user for h in hits)
    recall_at_3 = found / len(TARGETS)
    false_recall = noise_in_top3 / (3 * len(TARGETS))
    # Reported in the JUnit XML / `pytest -rA` output: the share of top-3 slots given to noise.
    record_property("recall_at_3", recall_at_3)
    record_property("false_recall_rate", false_recall)
    print(f"Recall@3 = {recall_at_3:.2f}; noise share of top-3 slots = {false_recall:.2f}")
    assert recall_at_3 >= 0.9


def test_synonyms_bridge_through_embeddings(memory: Memory) -> None:
    memory.add("我喜欢用 VSCode 写代码", user_id="u1")
    for filler in ("今天天气不错", "I need to buy milk", "周末去看了电影", "The train was late",
                   "我最近在学做饭"):
        memory.add(filler, user_id="u1")
    for query in ("我常用什么编辑器？", "what IDE do I use?"):
        hits = memory.search(query, user_id="u1", limit=3)
        assert any("VSCode" in h.text for h in hits), (query, [h.text for h in hits])
