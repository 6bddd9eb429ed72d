"""A "who" question asks for a person, and the user asks it of their own memory: another person's memory that
matches it as well as the user's own ranks first. "who is allergic to cats?" ranked the user's "I'm allergic to
cats" (and its fact) above "my brother Tom is allergic to cats" (and Tom's fact), all full matches: the user's say
no name, words the question does not hold (``recall.speakers.whose_first``). A question about the user still
ranks the user's own first. Real SQLite file, real model."""

from __future__ import annotations

import pytest

from memstrata import Memory


def _place(hits: list, text: str) -> int:
    return next(i for i, h in enumerate(hits) if h.kind == "episode" and h.text == text)


@pytest.mark.parametrize(("messages", "who", "about_me"), [
    (("I'm allergic to cats", "my brother Tom is allergic to cats", "I live in Leeds", "I love sushi"),
     "who is allergic to cats?", "what am I allergic to?"),
    (("我对猫过敏", "我弟弟小明对猫过敏", "我住在南京", "我喜欢吃火锅"), "谁对猫过敏？", "我对什么过敏？"),
])
def test_a_who_question_ranks_the_other_persons_memory_before_the_users_own(
        memory: Memory, messages: tuple[str, ...], who: str, about_me: str) -> None:
    for text in messages:
        memory.add(text, user_id="u")
    mine, theirs = messages[0], messages[1]
    hits = memory.search(who, user_id="u", limit=6)
    shown = [(h.kind, h.subject, h.text) for h in hits]
    assert _place(hits, theirs) < _place(hits, mine), shown
    assert hits[0].kind == "fact" and hits[0].subject is not None, shown  # Tom's / 小明's allergy
    hits = memory.search(about_me, user_id="u", limit=6)
    assert _place(hits, mine) < _place(hits, theirs) and hits[0].subject is None, [(h.subject, h.text) for h in hits]
