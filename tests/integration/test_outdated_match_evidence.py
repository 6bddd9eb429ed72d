"""An outdated memory passes a match filter only beside what replaced it (``recall.replaced``).

"I prefer UPS for delivery" holds every word of "what do I prefer for delivery?"; "I switched
carriers to DHL", which replaced it, holds few. Filtered by match evidence (``min_match``, the
coding-agent hook, ``context(profile=False)``) the old value was shown alone, marked outdated,
and the current one dropped. What replaced a fact answers the same question, so the replacement
(the current fact at the end of the supersede chain and the messages that state it, or the message
that withdrew the value) matches as well as the outdated hit; an outdated hit whose replacement
the search did not find is dropped. Real SQLite file, real model, the rule extractor.
"""

from __future__ import annotations

import pytest

from memstrata import Memory
from memstrata.recall.evidence import MATCH_EVIDENCE

EPISODES = ("episode",)

CHANGED = [("I prefer UPS for delivery", "I switched carriers to DHL", "what do I prefer for delivery?", "UPS", "DHL"),
           ("I prefer UPS for delivery", "I switched carriers to DHL", "do I prefer UPS for delivery?", "UPS", "DHL"),
           ("I live in Boston", "I moved to Seattle last month", "where do I live?", "Boston", "Seattle"),
           ("我寄快递一般用顺丰", "换京东吧", "我寄快递一般用哪家？", "顺丰", "京东"),
           ("我寄快递一般用顺丰", "以后改成京东", "我寄快递一般用哪家？", "顺丰", "京东")]


def _texts(memory: Memory, query: str, **options: object) -> list[tuple[str, bool]]:
    hits = memory.search(query, limit=5, min_match=MATCH_EVIDENCE, **options)  # type: ignore[arg-type]
    return [(h.text, h.superseded) for h in hits]


@pytest.mark.parametrize(("old", "new", "query", "old_value", "new_value"), CHANGED)
def test_a_matching_outdated_message_is_shown_with_the_message_that_replaced_it(
        memory: Memory, old: str, new: str, query: str, old_value: str, new_value: str) -> None:
    memory.add(old)
    memory.add(new)
    assert [f.value for f in memory.list(kind="fact", status="superseded")] == [old_value]
    found = _texts(memory, query, kinds=EPISODES)
    assert (old, True) in found and (new, False) in found, found
    block = memory.context(query, kinds=EPISODES, profile=False, min_match=MATCH_EVIDENCE)
    assert new_value in block and old_value in block, block


@pytest.mark.parametrize(("said", "query", "current"), [
    (("I prefer UPS for delivery", "Make it FedEx instead", "I switched carriers to DHL"),
     "what do I prefer for delivery?", "I switched carriers to DHL"),
    (("我寄快递一般用顺丰", "改用中通吧", "换京东吧"), "我寄快递一般用哪家？", "换京东吧"),
])
def test_the_end_of_a_supersede_chain_is_the_replacement(memory: Memory, said: tuple[str, ...], query: str,
                                                         current: str) -> None:
    for text in said:
        memory.add(text)
    assert len(memory.list(kind="fact", status="superseded")) == 2
    found = _texts(memory, query, kinds=EPISODES)
    assert (said[0], True) in found and (current, False) in found, found


def test_a_withdrawal_replaces_the_value_it_withdrew(memory: Memory) -> None:
    memory.add("I prefer UPS for delivery")
    memory.add("I no longer use UPS")
    assert memory.list(kind="fact") == []
    found = _texts(memory, "which carrier do I prefer for delivery?")
    assert ("I prefer UPS for delivery", True) in found and ("I no longer use UPS", False) in found, found


@pytest.mark.parametrize(("said", "query", "new_value"), [
    ("I prefer UPS for delivery", "what do I prefer for delivery?", "DHL"),
    ("我寄快递一般用顺丰", "我寄快递一般用哪家？", "京东"),
])
def test_an_outdated_message_whose_replacement_was_not_found_is_dropped(memory: Memory, said: str, query: str,
                                                                        new_value: str) -> None:
    memory.add(said)
    (fact,) = memory.list(kind="fact")
    memory.update(fact.id, value=new_value)  # by hand: no message states the new value
    assert _texts(memory, query, kinds=EPISODES) == []
    assert memory.context(query, kinds=EPISODES, profile=False, min_match=MATCH_EVIDENCE) == ""
    hits = memory.search(query, limit=5, min_match=MATCH_EVIDENCE)
    assert [(h.kind, h.superseded) for h in hits if h.kind == "fact"] == [("fact", False)], hits
    assert any(h.superseded and h.text == said for h in hits), hits
    assert hits[0].fact is not None and hits[0].fact.value == new_value


def test_a_superseded_fact_is_shown_with_its_current_fact(memory: Memory) -> None:
    memory.add("I prefer UPS for delivery")
    (fact,) = memory.list(kind="fact")
    memory.update(fact.id, value="DHL")
    hits = memory.search("do I prefer UPS for delivery?", kinds=("fact",), include_superseded=True, limit=5,
                         min_match=MATCH_EVIDENCE)
    assert sorted((h.fact.value, h.superseded) for h in hits if h.fact is not None) == [("DHL", False),
                                                                                     ("UPS", True)], hits


@pytest.mark.parametrize(("said", "moved", "about_home", "about_other", "other"), [
    # a friend: a relative named states a family member too, a second fact of the message (extract.family_named)
    ("I live in Leeds with my friend Anna.", "We moved to York last month.", "where do I live?",
     "who is Anna?", "Anna"),
    ("我住在杭州，老婆叫小丽，有两个孩子。", "我们搬到苏州了。", "我住在哪里？", "小丽是谁？", "小丽"),
])
def test_an_outdated_message_still_answers_what_it_says_beside_the_replaced_value(
        memory: Memory, said: str, moved: str, about_home: str, about_other: str, other: str) -> None:
    """The message's home was replaced; asked about the home it gives way to what replaced it, as
    before, but asked who Anna is, it is still what tells (the question's word is none of the replaced
    home's), where the block said "nothing matched". The message also states Anna (a family member), so
    it is outdated only in part: current for a question about Anna, its home labelled inline
    (``recall.asked_part``)."""
    memory.add(said)
    memory.add(moved)
    home = memory.search(about_home, limit=5, min_match=MATCH_EVIDENCE, kinds=EPISODES)
    assert all(h.text == moved for h in home if not h.superseded) and (not home or home[0].text == moved), home
    found = memory.search(about_other, limit=5, min_match=MATCH_EVIDENCE)
    assert [(h.text, h.superseded, bool(h.outdated_parts)) for h in found if other in h.text] == [
        (said, False, True)], found
    block = memory.context(about_other, budget_tokens=400)
    assert other in block and "nothing matched" not in block and "没有与问题直接相关" not in block, block
    assert block.count("[outdated: I live in Leeds]") + block.count("[已过时：我住在杭州]") == 1, block
