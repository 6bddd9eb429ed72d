"""context() decides "nothing matched" from the hits' query-match evidence, not their number
greetings, "what do you know about me?" and gibberish get the
profile (the allergy first) instead of 1-3 weak hits titled "Relevant memories"; a question
about the user in general gets the profile first; min_score and as_of keep the fallback, and
as_of lists the facts current then. Real SQLite file, real model, real users' messages."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memstrata import Memory
from memstrata.clock import utcnow
from memstrata.errors import InvalidInput
from memstrata.recall.evidence import MATCH_EVIDENCE

KNOWN = "## What is known about this user"
UNMATCHED = "## What is known about this user (nothing matched the query)"


@pytest.fixture
def alice(memory: Memory) -> Memory:
    for text in ("I prefer UPS for delivery", "Actually, make it FedEx", "I am allergic to peanuts",
                 "I'm vegetarian", "I live in Seattle"):
        memory.add(text, user_id="alice")
    memory.add("I like jazz music", user_id="alice", session_id="s1")
    memory.add("I like tea", user_id="alice", agent_id="agentY")
    memory.add("我对芒果过敏", user_id="bob")
    return memory


def _lines(block: str) -> list[str]:
    return block.splitlines()


@pytest.mark.parametrize("query", ["what do you know about me?", "Tell me about myself", "hi", "thanks!"])
def test_a_question_about_the_user_in_general_gets_the_profile_allergy_first(alice: Memory, query: str) -> None:
    block = alice.context(query, user_id="alice")
    title, first, *rest = _lines(block)
    assert title == KNOWN and first.startswith("- is allergic to peanuts ("), block
    assert any("prefers FedEx for shipping" in line for line in rest)
    assert "UPS" not in block and "芒果" not in block  # superseded, and another user's


@pytest.mark.parametrize("query", ["你了解我什么？", "我的情况", "你好"])
def test_the_same_in_chinese(alice: Memory, query: str) -> None:
    title, first, *_ = _lines(alice.context(query, user_id="alice"))
    assert title == "## 已知的用户信息" and first.startswith("- is allergic to peanuts (")


@pytest.mark.parametrize("query", ["asdfgh qwerty", "plan dinner", "帮我安排晚餐"])
def test_noise_and_a_query_no_memory_matches_fall_back_to_the_profile(alice: Memory, query: str) -> None:
    # Each of these has weak hits (search is not empty): the fallback is decided by their evidence.
    hits = alice.search(query, user_id="alice")
    assert hits and all(h.signals["match"] < MATCH_EVIDENCE for h in hits), [(h.text, h.signals) for h in hits]
    title, first, *_ = _lines(alice.context(query, user_id="alice"))
    # A request about food opens with the dietary facts (``standing``), matched or not.
    assert title in (UNMATCHED, "## 已知的用户信息（没有与问题直接相关的记忆）") if query == "asdfgh qwerty" \
        else title in ("## Dietary and health needs to respect", "## 饮食需求与健康注意")
    assert first.startswith("- is allergic to peanuts (")
    assert alice.context(query, user_id="alice", profile=False) == ""


def test_a_query_that_matches_gets_its_memories_as_before(alice: Memory) -> None:
    hits = alice.search("how should we ship?", user_id="alice")
    assert hits[0].text == "prefers FedEx for shipping" and hits[0].signals["match"] >= MATCH_EVIDENCE
    assert all(0.0 <= h.signals["match"] <= 1.0 and 0.0 <= h.signals["similarity"] <= h.signals["match"]
               for h in hits)
    block = alice.context("how should we ship?", user_id="alice")
    assert _lines(block)[:2] == ["## Relevant memories", _lines(block)[1]]
    assert _lines(block)[1].startswith("- prefers FedEx for shipping (")
    allergy = alice.context("peanut butter cookies?", user_id="alice")
    assert _lines(allergy)[0] == "## Relevant memories" and "peanuts" in _lines(allergy)[1]


def test_many_likes_do_not_push_the_allergy_out_of_what_do_you_know_about_me(memory: Memory) -> None:
    for thing in ("tennis", "chess", "painting", "yoga", "hiking", "baking", "sailing", "cycling", "reading"):
        memory.add(f"I like {thing}")
    memory.add("I am allergic to peanuts")
    memory.add("I prefer UPS for delivery")
    for query in ("what do you know about me?", "你了解我什么？", "zzqx"):
        lines = _lines(memory.context(query, budget_tokens=60))
        assert lines[0].startswith("## ") and lines[1].startswith("- is allergic to peanuts ("), (query, lines)
    sport = _lines(memory.context("recommend a sport"))
    assert sport[0] == "## Relevant memories" and "tennis" in "".join(sport[1:3])


def test_min_score_keeps_the_fallback_like_a_filter_that_matches_nothing(alice: Memory) -> None:
    strict = alice.context("how should we ship?", user_id="alice", min_score=0.99)
    nothing = alice.context("how should we ship?", user_id="alice", filter='key = "no.such.key"')
    assert _lines(strict)[0] == UNMATCHED and _lines(strict)[1].startswith("- is allergic to peanuts (")
    assert nothing == ""  # the filter applies to the profile too: no fact passes it


def test_as_of_lists_the_facts_current_then(memory: Memory) -> None:
    memory.add("I prefer UPS for delivery")
    memory.add("I am allergic to peanuts")
    between = utcnow()
    memory.add("Actually, make it FedEx")
    now_block = memory.context("what do you know about me?")
    then_block = memory.context("what do you know about me?", as_of=between)
    assert "FedEx" in now_block and "UPS" not in now_block
    assert "prefers UPS for shipping" in then_block and "FedEx" not in then_block, then_block
    assert _lines(then_block)[1].startswith("- is allergic to peanuts (")
    assert memory.context("what do you know about me?", as_of=between - timedelta(days=1)) == ""


def test_a_question_naming_a_day_matches_what_was_said_that_day(memory: Memory) -> None:
    # "What upset me on May 2nd?" shares no word with its answer and is close to it in meaning only
    # weakly: the day the question names is the evidence (one named only in a sentence before the
    # question is not: test_period_words_evidence).
    may2 = datetime(2026, 5, 2, 15, 0, tzinfo=UTC)
    memory.add("I failed my driving test today and I feel terrible", created_at=may2)
    memory.add("I went to a great concert with friends", created_at=may2 + timedelta(days=1))
    memory.add("I am allergic to peanuts", created_at=may2 + timedelta(days=3))
    query = "What upset me so much on May 2nd?"
    hits = memory.search(query)
    assert hits[0].signals["in_period"] == 1.0 and hits[0].signals["match"] < MATCH_EVIDENCE
    block = memory.context(query)
    assert _lines(block)[0] == "## Relevant memories" and "driving test" in _lines(block)[1], block


def test_the_profile_never_crosses_a_tenant_and_includes_the_allergy(memory: Memory) -> None:
    # One weak agent-scoped hit ("I like chess") must not leave the allergy out.
    memory.add("I am allergic to peanuts", user_id="alice", org_id="o1", project_id="p1")
    memory.add("I like chess", user_id="alice", agent_id="a1", org_id="o1", project_id="p1")
    memory.add("I prefer DHL for delivery", user_id="alice", org_id="o2", project_id="p1")
    block = memory.context("你了解我什么？", user_id="alice", org_id="o1", project_id="p1")
    assert "对花生过敏" in block or "is allergic to peanuts" in block, block
    assert "DHL" not in block


def test_min_match_drops_hits_that_do_not_match_and_keeps_the_order(alice: Memory) -> None:
    # "Hi" scored "I like tea" 0.84 and no min_score could drop it without dropping
    # real matches; the match evidence can.
    assert alice.search("hi", user_id="alice", min_match=MATCH_EVIDENCE) == []
    assert alice.search("asdfgh qwerty", user_id="alice", min_match=MATCH_EVIDENCE) == []
    every = alice.search("how should we ship?", user_id="alice")
    kept = alice.search("how should we ship?", user_id="alice", min_match=MATCH_EVIDENCE)
    assert kept and kept[0].text == "prefers FedEx for shipping"
    assert [(h.kind, h.id) for h in kept] == [(h.kind, h.id) for h in every if h.signals["match"] >= MATCH_EVIDENCE]
    with pytest.raises(InvalidInput, match="min_match"):
        alice.search("x", user_id="alice", min_match=1.5)
    block = alice.context("how should we ship?", user_id="alice", min_match=MATCH_EVIDENCE)
    assert "FedEx" in block and "tea" not in block


PARTIAL = "## Memories that answer part of the query"


def test_a_question_of_two_parts_that_nothing_matches_whole_shows_the_part_answered_first(memory: Memory) -> None:
    """"what pet do I have and what do I do to exercise?" matched no memory as a whole (the pet fact
    holds half its terms: 0.5), so the block was the profile alone, the cat among the peanuts and the
    carrier. The part a memory answers by its words now comes first, under its own title, and the
    profile follows without repeating it; a question of one part that nothing matches is as before."""
    for text in ("I prefer UPS for delivery", "I am allergic to peanuts", "My cat is called Miso",
                 "I go running every morning", "Tom is on the design team",
                 "We talked about the weekend trip to the lake", "I'm reading a book about Roman history"):
        memory.add(text)
    block = memory.context("what pet do I have and what do I do to exercise?")
    lines = block.splitlines()
    assert lines[:2] == [PARTIAL, lines[1]] and "cat named Miso" in lines[1], block
    assert lines[2] == REST and block.count("Miso") == 1, block
    single = memory.context("asdfgh qwerty")
    assert single.startswith(UNMATCHED) and PARTIAL not in single


REST = "## What else is known about this user"


def test_the_profile_after_a_part_answered_does_not_say_nothing_matched(memory: Memory) -> None:
    """"who lives where and how do we ship?": the home and the carrier answer its parts, so the
    profile after them said "(nothing matched the query)" over lines beside what had matched. It is
    now "What else is known about this user"; the title of a block nothing matched is unchanged."""
    for text in ("I live in Berlin", "I don't want UPS for shipping", "I am allergic to peanuts"):
        memory.add(text)
    block = memory.context("who lives where and how do we ship?")
    assert block.startswith(PARTIAL) and "UPS" in block, block
    assert UNMATCHED not in block, block
    assert REST in block.splitlines() and "peanuts" in block.split(REST)[1], block
