"""What the user cannot do, said in English, is ``ability.cannot``, as 我不会开车 states it: "I can't ski", "i cant
swim lol", "I don't know how to cook", "I never learned to swim", "I can't speak French" stored nothing. A skill
learned since ("I can ski now", "I finally learned to swim") withdraws it. A one-off, a person, a time, a degree,
a feeling or a restriction ("I can't drive you", "I can't drive today", "I can't sing well", "I can't wait",
"I can't eat gluten") is no inability of the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str, bool]]:
    return [(c.key, c.value, c.subject, c.retracts)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if c.key == "ability.cannot"]


@pytest.mark.parametrize(("text", "value"), [
    ("I can't ski", "ski"),
    ("i cant swim lol", "swim"),
    ("I can't ski, never learned as a kid", "ski"),
    ("I cannot drive at all", "drive"),
    ("I don't know how to cook", "cook"),
    ("I never learned to swim", "swim"),
    ("I can't play the piano", "play the piano"),
    ("I can't speak French", "speak French"),
])
def test_what_the_user_cannot_do_is_stated(text: str, value: str) -> None:
    assert _read(text) == [("ability.cannot", value, "", False)]


@pytest.mark.parametrize(("text", "value"), [
    ("I can ski now", "ski"), ("I finally learned to swim", "swim"), ("I can finally drive", "drive"),
])
def test_a_skill_learned_since_withdraws_it(text: str, value: str) -> None:
    assert _read(text) == [("ability.cannot", value, "", True)]


@pytest.mark.parametrize("text", [
    "I can't drive you", "I can't drive today", "I can't come", "I can't wait", "I can't eat gluten",
    "I can't sing well", "I can't play", "I can't read your handwriting", "I can ski", "Can I ski there?",
    "I can't type this fast", "I can't cook every meal", "I can't swim enough",
])
def test_a_one_off_a_degree_or_no_skill_is_no_inability(text: str) -> None:
    assert _read(text) == []


def test_a_relatives_inability_is_theirs() -> None:
    assert _read("My son can't swim") == [("ability.cannot", "swim", "son", False)]
