"""A fact said in the same words as a fact ranked above it, of the same person, is shown once: 每天早上跑步 read as a
pastime (``sport.like``) and as a habit (``preference.habit``) took two of five places with one line. Both facts stay
stored and listed; a search gives the line once and fills the place with the next memory. Real SQLite, real model."""

from __future__ import annotations

from memstrata import Memory


def test_one_line_said_by_two_facts_is_one_hit(memory: Memory) -> None:
    for text in ("我每天早上跑步", "我喜欢喝茶", "我女儿喜欢画画", "我住在杭州"):
        memory.add(text)
    stored = [f for f in memory.list(kind="fact", limit=50) if f.statement == "每天早上跑步"]
    assert len(stored) == 2, [(f.key, f.statement) for f in memory.list(kind="fact", limit=50)]  # both kept
    hits = memory.search("我平时做什么运动？", limit=5, kinds=["fact"])
    lines = [h.text for h in hits]
    assert lines.count("每天早上跑步") == 1, lines


def test_the_same_words_about_two_people_are_two_hits(memory: Memory) -> None:
    memory.add("My sister loves hiking")
    memory.add("I love hiking")
    hits = memory.search("who likes hiking?", limit=5, kinds=["fact"])
    assert len({h.fact.subject for h in hits if h.fact is not None}) == 2, [(h.text, h.subject) for h in hits]
