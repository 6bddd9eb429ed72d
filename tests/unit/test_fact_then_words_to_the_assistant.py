"""A fact followed by a clause addressed to the assistant: "I'm allergic to shellfish so keep that in mind if you
ever suggest restaurants" stored nothing (the condition made the sentence a hypothetical), "I work at Google so keep
that in mind" stored the employer ``Google so keep that in mind`` and 我对芒果过敏，所以以后推荐水果的时候注意一下 a
habit of the user's. The fact's clause is now read alone (``extract.addressed``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str]]:
    return {(c.key, c.value, c.subject or "")
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "fact"), [
    ("I'm allergic to shellfish so keep that in mind if you ever suggest restaurants",
     ("health.allergy", "shellfish", "")),
    ("I'm allergic to shellfish in case you suggest restaurants", ("health.allergy", "shellfish", "")),
    ("I hate mushrooms so skip them whenever you pick recipes", ("food.dislike", "mushrooms", "")),
    ("I work at Google so keep that in mind", ("identity.employer", "Google", "")),
    ("I live in Lisbon so plan around the timezone if you schedule calls", ("identity.location", "Lisbon", "")),
    ("my sister loves jazz so if you recommend gifts think records", ("music.like", "jazz", "sister")),
    ("我对芒果过敏，所以以后推荐水果的时候注意一下", ("health.allergy", "芒果", "")),
    ("我用zsh，所以以后给我shell命令都用zsh的写法", ("tool.uses", "zsh", "")),
])
def test_the_fact_is_read_without_the_words_to_the_assistant(text: str, fact: tuple[str, str, str]) -> None:
    found = _read(text)
    assert fact in found
    assert not [f for f in found if f != fact and f[0] != "assistant.instruction"]  # the request is no fact


def test_an_instruction_after_so_is_read_on_its_own() -> None:
    assert ("assistant.instruction", "always write shell snippets for zsh", "") in _read(
        "I use zsh, so always write shell snippets for zsh")


@pytest.mark.parametrize("text", [
    "I like it when you reply in bullet points",  # the condition is what is liked
    "I'd appreciate it if you kept answers short",
    "I don't mind if you use emojis",
])
def test_a_condition_that_is_the_thing_said_is_no_fact(text: str) -> None:
    assert not [f for f in _read(text) if f[0] != "assistant.instruction"]


def test_a_consequence_with_a_subject_of_its_own_is_kept() -> None:
    assert ("food.dislike", "辣", "") in _read("我不吃辣，所以我一般不去川菜馆")
    assert ("music.like", "jazz", "") in _read("I love jazz so much")
