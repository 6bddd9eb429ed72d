"""context() shows the memories that answer the question, not every memory a small store holds:
in a store of a dozen everyday messages every hit's fused score is high (~0.8), so "where does
the user live?" listed the Visa card, the cats, the running and the DHL preference under the
city. A line with no match evidence (``recall.evidence``) is left out when some line matches; a
statement two facts of one message share is shown once. Real SQLite file, real model."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from memstrata import Memory
from memstrata.types import Hit

MESSAGES = ("My sister Anna is a nurse in Lisbon.", "Tom is my neighbor; he is a firefighter.",
            "I usually pay with my Visa card.", "我们家有两只猫。", "我上周换了新工作，现在在美团。",
            "I go running every morning.", "别用圆通发货。", "I live in Leeds.", "Sarah is allergic to shellfish.",
            "I'm allergic to peanuts.", "My boss Mark works as an engineer.", "I prefer DHL for shipping.")


@pytest.fixture
def everyday(memory: Memory) -> Memory:
    for text in MESSAGES:
        memory.add(text, user_id="u")
    return memory


def test_a_question_shows_what_matches_it_and_not_the_rest(everyday: Memory) -> None:
    block = everyday.context("where does the user live?", user_id="u", budget_tokens=2000)
    assert "Leeds" in block, block
    for unrelated in ("Visa", "猫", "running", "DHL", "peanuts", "美团"):
        assert unrelated not in block, block
    block = everyday.context("what is the user allergic to?", user_id="u", budget_tokens=2000)
    assert "peanuts" in block, block
    for unrelated in ("Visa", "猫", "running", "DHL", "Leeds", "nurse"):
        assert unrelated not in block, block


def test_nothing_matching_still_gives_the_profile(everyday: Memory) -> None:
    block = everyday.context("asdfgh qwerty", user_id="u", budget_tokens=2000)
    assert "(nothing matched the query)" in block and "peanuts" in block, block


def test_one_statement_of_two_facts_is_shown_once(everyday: Memory) -> None:
    block = everyday.context("how do I keep fit, running?", user_id="u", budget_tokens=2000)
    lines = [line for line in block.splitlines() if "running every morning" in line]
    assert len(lines) == 1, block


def _rank(hits: list[Hit], found: Callable[[Hit], bool]) -> int:
    return next(i for i, h in enumerate(hits) if found(h))


def _other_persons_facts(hits: list[Hit]) -> list[int]:
    return [i for i, h in enumerate(hits) if h.kind == "fact" and h.subject is not None]


def test_a_question_about_the_user_ranks_the_users_own_before_other_peoples_facts(everyday: Memory) -> None:
    work = everyday.search("what does the user do for work?", user_id="u", limit=8)
    own = _rank(work, lambda h: h.fact is not None and h.subject is None and h.fact.key == "identity.employer")
    assert own < min(_other_persons_facts(work)), [(h.subject, h.text) for h in work]
    job = everyday.search("what's my job?", user_id="u", limit=8)
    assert "美团" in job[0].text, [(h.subject, h.text) for h in job]  # before Mark's message and facts
    allergy = everyday.search("what is the user allergic to?", user_id="u", limit=8)
    # Sarah's fact, and the message it was drawn from (about her alone), rank below the user's own.
    own = _rank(allergy, lambda h: h.text == "I'm allergic to peanuts.")
    assert own < _rank(allergy, lambda h: "Sarah" in h.text or h.subject == "Sarah"), [h.text for h in allergy]


def test_a_question_naming_someone_ranks_their_facts_as_before(everyday: Memory) -> None:
    anna = everyday.search("What's Anna's job?", user_id="u", limit=8)
    assert anna[0].kind == "fact" and anna[0].subject == "Anna" and "nurse" in anna[0].text, anna[0]


def test_a_question_about_work_finds_the_employer_in_either_language(memory: Memory) -> None:
    memory.add("我上周换了新工作，现在在美团。", user_id="zh")
    block = memory.context("what does the user do for work?", user_id="zh", budget_tokens=500)
    assert "美团" in block and "nothing matched" not in block, block
    memory.add("I work at Google.", user_id="en")
    for query in ("你在哪工作？", "我在哪上班？"):
        block = memory.context(query, user_id="en", budget_tokens=500)
        assert block.startswith("## 相关记忆\n- works at Google ("), block
