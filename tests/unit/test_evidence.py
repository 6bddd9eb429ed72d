"""Which queries ask about the user in general (``recall.evidence.is_general``), and how the context block
is chosen from the hits' match evidence (``context.block.build``), on hand-made hits."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.context.block import build, profile_order
from memstrata.recall.evidence import (
    LINE_EVIDENCE,
    MATCH_EVIDENCE,
    MAX_PARTS,
    beside_matches,
    evidence,
    is_general,
    matches,
    question_parts,
)
from memstrata.recall.hits import fact_hit
from memstrata.types import Fact, Hit, Scope

T = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize("query", ["what do you know about me?", "Tell me about myself", "What do you remember?",
                                   "hi", "Hello!", "thanks!", "ok", "Good morning", "What's my profile?",
                                   "你了解我什么？", "我的情况", "你好", "您好！", "谢谢", "早上好", "說說我自己",
                                   "你还记得我吗？", "我是个什么样的人"])
def test_general_queries(query: str) -> None:
    assert is_general(query)


@pytest.mark.parametrize("query", ["what do you know about my allergies?", "which carrier?", "plan dinner",
                                   "hi, which carrier do I use?", "我对什么过敏？", "你好，我住在哪里？",
                                   "帮我安排晚餐", "What did we talk about on May 2nd?", "???", "", "zzqx"])
def test_specific_queries(query: str) -> None:
    assert not is_general(query)


def _episode(text: str, match: float, similarity: float = 0.0, **extra: float) -> Hit:
    return Hit("episode", len(text), text, text, 0.8, 0.8, T, (len(text),), Scope(user_id="u"),
               signals={"match": match, "similarity": similarity, **extra})


def _fact(fid: int, statement: str, importance: float) -> Fact:
    return Fact(fid, Scope(user_id="u"), "preference", f"k.{fid}", "v", "t", 0.9, importance, "low", (100 + fid,),
                T, None, None, None, "active", 0, None, T, statement=statement)


def test_evidence_reads_the_period_the_match_and_for_a_general_query_the_similarity() -> None:
    assert evidence(_episode("a", 0.2, in_period=1.0, period_asked=1.0)) == 1.0
    assert evidence(_episode("a", 0.2, in_period=1.0)) == 0.2  # a period of the chit-chat only: no evidence
    assert evidence(_episode("a", 0.9, replaced_unseen=1.0)) == 0.0
    assert evidence(_episode("a", 1.0, 0.2)) == 1.0 and evidence(_episode("a", 1.0, 0.2), general=True) == 0.2
    assert [h.text for h in matches([_episode("weak", MATCH_EVIDENCE - 0.01), _episode("real", MATCH_EVIDENCE)])] \
        == ["real"]


def test_beside_a_match_a_line_shows_by_half_the_terms_or_a_match_never_by_resemblance_alone() -> None:
    hits = [_episode("match", 0.9, 0.9), _episode("half the terms", LINE_EVIDENCE, 0.1),
            _episode("resembles", LINE_EVIDENCE + 0.01, LINE_EVIDENCE + 0.01), _episode("few terms", 0.3, 0.1),
            _episode("replaced", 0.9, 0.9, replaced_unseen=1.0)]
    assert [h.text for h in beside_matches(hits)] == ["match", "half the terms"]


def test_a_question_of_several_parts_shows_a_line_answering_one_part() -> None:
    """"Who prefers which delivery, who lives where, and who is allergic to peanuts?" showed only
    the allergy: the home and the carrier each hold a fifth to two fifths of its terms, under half."""
    hits = [_episode("the allergy", 0.97, 0.97), _episode("home", 0.2, 0.0), _episode("carrier", 0.4, 0.1),
            _episode("resembles", 0.3, 0.3)]
    asked = "Who prefers which delivery, who lives where, and who is allergic to peanuts?"
    assert question_parts(asked) == 3
    # ids are the texts' lengths: each line its own
    assert [h.text for h in beside_matches(hits, asked)] == ["the allergy", "home", "carrier"]
    assert [h.text for h in beside_matches(hits, "who is allergic to peanuts?")] == ["the allergy"]
    assert [question_parts(q) for q in ("where does the user live?", "allergies and carrier?", "我住哪里、对什么过敏？",
                                        "tea, coffee, juice, milk and water?")] == [1, 2, 2, MAX_PARTS]


def test_build_picks_hits_profile_or_both() -> None:
    facts = [_fact(1, "likes tea", 0.5), _fact(2, "is allergic to peanuts", 0.9)]
    profile = [fact_hit(f) for f in profile_order(facts)]
    weak, real = _episode("I like jazz", 0.3, 0.3), _episode("I prefer UPS", 0.9, 0.9)
    half = _episode("I ship by DHL", 0.5, 0.1)  # holds half of the question's terms
    got = build("which carrier?", [real, weak, half], 300, profile=lambda: profile)
    # A match: the hits as ranked that show some evidence; the weak one answers nothing asked.
    assert got.splitlines() == ["## Relevant memories", "- I prefer UPS (2026-01-01; episode #12)",
                                "- I ship by DHL (2026-01-01; episode #13)"]
    fallback = build("plan dinner", [weak], 300, profile=lambda: profile)
    assert fallback.splitlines() == ["## What is known about this user (nothing matched the query)",
                                     "- is allergic to peanuts (2026-01-01; episode #102)",
                                     "- likes tea (2026-01-01; episode #101)"]
    general = build("what do you know about me?", [real, weak], 300, profile=lambda: profile).splitlines()
    assert general[0] == "## What is known about this user" and general[3:] == [
        "## Relevant memories", "- I prefer UPS (2026-01-01; episode #12)"]
    assert build("plan dinner", [weak], 300, profile=lambda: []).startswith("## Relevant memories\n- I like jazz")
    assert build("plan dinner", [weak], 300, profile=None, drop_unmatched=True) == ""
    assert build("plan dinner", [weak], 300, profile=None).startswith("## Relevant memories")
