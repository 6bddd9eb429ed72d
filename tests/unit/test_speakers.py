"""Speaker focus (``recall.speakers``): which speakers a query names, and how the others' scores move."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.recall.speakers import (
    about_others,
    asks_who,
    below_the_users_own,
    focus_on_named,
    named_speakers,
    other_people,
    speaker_of,
    theirs,
    whose_first,
)
from memstrata.types import Episode, Fact, Hit, Scope

AT = datetime(2026, 3, 1, tzinfo=UTC)
SCOPE = Scope(user_id="u", session_id="s")


def _turn(i: int, speaker: str | None, score: float, role: str = "user") -> Hit:
    episode = Episode(id=i, scope=SCOPE, role=role, content=f"turn {i}", created_at=AT, sequence_num=i,
                      producer_id=speaker)
    return Hit(kind="episode", id=i, text=episode.content, matched=episode.content, score=score, relevance=score,
               created_at=AT, citations=(i,), scope=SCOPE, episode=episode)


def _fact(i: int, subject: str | None, score: float) -> Hit:
    fact = Fact(id=i, scope=SCOPE, kind="preference", key="hobby.like", value="pottery", tag="", confidence=0.9,
                importance=0.5, sensitivity="low", citations=(1,), observed_at=AT, valid_from=None, valid_to=None,
                expires_at=None, status="active", access_count=0, last_accessed_at=None, created_at=AT,
                subject=subject, statement="enjoys pottery")
    return Hit(kind="fact", id=i, text="enjoys pottery", matched="enjoys pottery", score=score, relevance=score,
               created_at=AT, citations=(1,), scope=SCOPE, fact=fact)


@pytest.mark.parametrize(("query", "expected"), [
    ("What activities does Melanie partake in?", {"Melanie"}),
    ("What are Melanie's pets' names?", {"Melanie"}),  # a possessive names her too (stemmed terms)
    ("Did Caroline and Melanie meet?", {"Caroline", "Melanie"}),
    ("What did Mel paint?", set()),  # a nickname is not her name
    ("What did Anna Lee say?", {"Anna Lee"}),  # every term of a two-word name
    ("What did Anna say?", set()),
    ("what did the assistant recommend", {"assistant"}),
])
def test_named_speakers(query: str, expected: set[str]) -> None:
    assert named_speakers(query, {"Melanie", "Caroline", "Anna Lee", "assistant", None}) == expected


def test_speaker_of_is_the_producer_then_the_role_and_a_fact_subject() -> None:
    assert speaker_of(_turn(1, "Melanie", 0.5)) == "Melanie"
    assert speaker_of(_turn(2, None, 0.5, role="assistant")) == "assistant"
    assert speaker_of(_fact(3, "Melanie", 0.5)) == "Melanie"
    assert speaker_of(_fact(4, None, 0.5)) is None


def test_other_speakers_and_facts_about_others_score_less() -> None:
    hits = [_turn(1, "Caroline", 0.8), _turn(2, "Melanie", 0.7), _fact(3, "Melanie", 0.6), _fact(4, None, 0.6),
            _fact(5, "Caroline", 0.6)]
    focused = {h.id: h for h in focus_on_named(hits, "What does Melanie paint?", 0.25)}
    assert focused[1].score == pytest.approx(0.8 / 1.25)
    assert focused[2].score == 0.7 and focused[3].score == 0.6
    assert focused[4].score == pytest.approx(0.6 / 1.25) and focused[5].score == pytest.approx(0.6 / 1.25)
    assert all(h.relevance == orig.relevance for h, orig in zip(focus_on_named(hits, "Melanie", 0.25), hits,
                                                                strict=True))


@pytest.mark.parametrize(("query", "weight"), [
    ("What does Melanie paint?", 0.0),  # switched off
    ("What does she paint?", 0.25),  # no speaker named
    ("What do Melanie and Caroline paint?", 0.25),  # every speaker named: nothing to prefer
])
def test_nothing_changes_without_a_choice_between_speakers(query: str, weight: float) -> None:
    hits = [_turn(1, "Caroline", 0.8), _turn(2, "Melanie", 0.7), _fact(3, None, 0.6)]
    assert [h.score for h in focus_on_named(hits, query, weight)] == [0.8, 0.7, 0.6]


@pytest.mark.parametrize("query", ["what's my job?", "What is the user allergic to?", "where do I live?",
                                   "我在哪工作？", "用户对什么过敏？"])
def test_a_question_about_the_user_puts_other_peoples_facts_below_the_users_own(query: str) -> None:
    hits = [_fact(1, "Mark", 0.8), _fact(2, None, 0.7), _turn(3, None, 0.6), _fact(4, "Anna", 0.6)]
    focused = {h.id: h.score for h in focus_on_named(hits, query, 0.25)}
    assert focused == {1: pytest.approx(0.8 / 1.25), 2: 0.7, 3: 0.6, 4: pytest.approx(0.6 / 1.25)}


@pytest.mark.parametrize("query", ["what does my sister do?", "What's Mark's job?", "what does my boss do?",
                                   "where does he live?", "我姐姐在哪工作？", "我老板喜欢什么？", "which carrier?",
                                   "what did I tell Tom?"])
def test_a_question_naming_someone_else_or_no_one_changes_nothing(query: str) -> None:
    hits = [_fact(1, "Mark", 0.8), _fact(2, None, 0.7), _turn(3, None, 0.6), _fact(4, "Anna", 0.6)]
    scores = [h.score for h in focus_on_named(hits, query, 0.25)]
    # "What's Mark's job?" names Mark: speaker focus keeps his fact and lowers the others' (as before).
    assert scores == ([0.8, pytest.approx(0.7 / 1.25), pytest.approx(0.6 / 1.25), pytest.approx(0.6 / 1.25)]
                      if "Mark" in query else [0.8, 0.7, 0.6, 0.6])


def test_a_message_whose_every_fact_is_about_someone_else_is_theirs_for_a_question_about_the_user() -> None:
    hits = [_turn(1, None, 0.9), _turn(2, None, 0.8), _turn(3, None, 0.7), _turn(4, None, 0.6)]
    facts = {11: "Sarah", 12: None, 13: "Sarah"}  # fact id -> subject, among the search's candidates
    citing = [(1, 11), (2, 12), (3, 13), (3, 12), (4, 99)]  # 4: its fact is no candidate
    assert about_others(hits, {None, "user"}, facts, citing) == {1}
    assert about_others(hits, {"Sarah"}, facts, citing) == set()  # a named speaker's focus: turns by speaker



def test_memories_about_someone_else_rank_right_after_the_users_best_for_a_question_about_the_user() -> None:
    # "what's the best way to reach me?": Tom's channel (0.76 after the speaker factor) ranked above the
    # user's own Slack preference (0.70); now just below it, and below nothing else.
    hits = [_fact(1, "Tom", 0.76), _turn(2, None, 0.70), _turn(3, None, 0.66), _fact(4, None, 0.5),
            _fact(5, "Anna", 0.4)]
    assert below_the_users_own(hits, {"user", None}, {3}, 0.0) == 0.70
    scores = {h.id: h.score for h in hits}
    assert 0.69 < scores[1] < 0.70 and scores[3] < scores[2] and (scores[4], scores[5]) == (0.5, 0.4)
    assert sorted(scores, key=lambda i: -scores[i]) == [2, 1, 3, 4, 5]
    # A later batch is held below the best of the earlier ones; a question naming a speaker changes nothing.
    later = [_fact(6, "Tom", 0.9), _turn(7, None, 0.3)]
    assert below_the_users_own(later, {"user", None}, set(), 0.70) == 0.70 and 0.69 < later[0].score < 0.70
    named = [_fact(8, "Tom", 0.9), _turn(9, "Melanie", 0.3)]
    assert below_the_users_own(named, {"Melanie"}, set(), 0.0) == 0.0 and named[0].score == 0.9


@pytest.mark.parametrize(("query", "asked"), [
    ("who is allergic to cats?", True), ("Whose birthday is it?", True), ("what broke and who fixed it?", True),
    ("Who did the user meet?", True), ("I recently went to whose concert?", True), ("谁喜欢吃饺子？", True),
    ("我最近去看了谁的演唱会？", True),
    ("a plan for someone like me, who's always busy?", False), ("what does Tom like?", False),
    ("the man who sold me the car", False),
])
def test_a_who_question_is_one_that_opens_with_who(query: str, asked: bool) -> None:
    assert asks_who(query) is asked


def test_a_message_naming_someone_else_is_theirs_for_a_who_question() -> None:
    hits = [_fact(1, "Tom", 0.9), _fact(2, None, 0.8), _turn(3, None, 0.7), _turn(4, None, 0.6)]
    facts = {1: "Tom", 2: None, 12: None}
    citing = [(3, 1), (3, 12), (4, 2)]  # 3: "my brother Tom is allergic to cats" (Tom's fact and the user's)
    assert theirs(hits, {"Tom"}, facts, citing) == {("fact", 1), ("episode", 3)}
    # Whom a "who" question may be answered with: no speaker of the search's turns, not the user.
    assert other_people(["Tom", None, "Melanie", "user", "Tom"], {"Melanie", None}) == {"Tom"}


def test_a_who_question_ranks_someone_elses_memory_before_the_users_own_that_match_no_better() -> None:
    # "who is allergic to cats?": the user's fact and message (no name) ranked above Tom's, every one a full match.
    hits = [_fact(2, None, 0.98), _fact(1, "Tom", 0.96), _turn(3, None, 0.958), _turn(4, None, 0.9375),
            _turn(5, None, 0.5)]
    for hit, match in zip(hits, (1.0, 1.0, 1.0, 1.0, 0.2), strict=True):
        hit.signals["match"] = match
    whose_first(hits, {("fact", 1), ("episode", 4)})
    assert [h.id for h in sorted(hits, key=lambda h: -h.score)] == [1, 4, 2, 3, 5]
    assert {h.id: h.score for h in hits}[1] == 0.96 and hits[4].score == 0.5  # only the user's own were lowered
    # The user's memory that matches better stays above; so does one above another person's.
    better = [_turn(6, None, 0.9), _fact(7, "Anna", 0.8), _turn(8, None, 0.95), _fact(9, "Tom", 0.7)]
    for hit, match in zip(better, (1.0, 0.6, 0.5, 0.6), strict=True):
        hit.signals["match"] = match
    whose_first(better, {("fact", 7), ("fact", 9)})
    assert [h.id for h in sorted(better, key=lambda h: -h.score)] == [8, 6, 7, 9]
