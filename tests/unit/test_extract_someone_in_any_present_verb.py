"""A relative or a named person said with a verb no list held stored nothing: "My dad watches baseball every night",
"My husband Daniel cooks dinner most nights", "My mom bakes bread every Sunday" (the same said of the user is a
habit). Any verb in the third person of the simple present is now read in the first person, as the user's own
would be, and kept under that person (``subject_en._PRESENT_VERB``); the rules decide what it states."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str]]:
    return {(c.key, c.value, c.subject or "") for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "fact"), [
    ("My dad watches baseball every night.", ("preference.habit", "watch baseball every night", "dad")),
    ("My husband Daniel cooks dinner most nights.", ("preference.habit", "cook dinner most nights", "Daniel")),
    ("My mom bakes bread every Sunday.", ("preference.habit", "bake bread every Sunday", "mom")),
])
def test_a_habit_said_of_someone_with_any_verb_is_theirs(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _read(text)


@pytest.mark.parametrize("text", [
    "My son gets upset easily.", "My wife keeps asking me about it.", "Tom seems nice.", "Sarah sends her love.",
    "My brother owes me money.", "My boss micromanages everything.",
])
def test_a_feeling_a_request_or_a_passing_thing_states_nothing(text: str) -> None:
    assert not _read(text)


def test_a_relatives_lasting_doing_is_never_the_users() -> None:
    assert not {f for f in _read("我女儿学钢琴三年了。") if not f[2]}, _read("我女儿学钢琴三年了。")
