"""A question that calls the person the memory belongs to "the user" (用户), as agents ask, finds what they said
in the first person. Every user turn is embedded as "user: …", so "where does the user work?" ranked the message
"ab" first (its cosine 0.66 to the question, against 0.57 for "I work at Intel as an engineer"); the question is
now embedded as "where do I work?" (``recall.first_person``). Real SQLite file, real model."""

from __future__ import annotations

import pytest

from memstrata import Memory

MESSAGES = ("I work at Intel as an engineer", "we use pnpm", "ab", "I like hiking on weekends",
            "my favourite colour is blue", "I live in Leeds")
MESSAGES_ZH = ("我在英特尔当工程师", "我们用pnpm", "好", "我住在南京", "我喜欢吃火锅", "我对花生过敏")


@pytest.mark.parametrize(("user", "messages", "query", "answer", "unrelated"), [
    ("en", MESSAGES, "where does the user work?", "Intel", ("ab", "we use pnpm")),
    ("zh", MESSAGES_ZH, "用户在哪工作？", "英特尔", ("好", "我们用pnpm")),
])
def test_a_question_about_the_user_finds_their_own_words_before_short_unrelated_turns(
        memory: Memory, user: str, messages: tuple[str, ...], query: str, answer: str,
        unrelated: tuple[str, ...]) -> None:
    for text in messages:
        memory.add(text, user_id=user)
    hits = memory.search(query, user_id=user, limit=6)
    first = next(i for i, h in enumerate(hits) if h.kind == "episode")
    assert answer in hits[first].text, [(h.kind, h.text, h.score) for h in hits]
    ranks = {h.text: i for i, h in enumerate(hits)}
    last = max(i for i, h in enumerate(hits) if answer in h.text)  # the message and its facts naming the employer
    assert all(ranks.get(text, len(hits)) > last for text in unrelated), [(h.text, h.score) for h in hits]
