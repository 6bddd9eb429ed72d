"""A skill the user has, said positively, is ``ability.can`` (the twin of ``ability.cannot``): "I can juggle", "I know
how to program in Go", "I can play the cello" stored nothing, and "I can ski now" after "I can't ski" only withdrew the
inability. Now the skill is kept, many at once; an offer ("I can bake a cake for you", "I can draw the diagram"), a
pointer or a person ("I can play it", "I can drive her"), a one-off time ("I can swim tomorrow"), a question and
another person's skill give none of the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.extract.taxonomy import key_spec

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return sorted((c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
                  if c.key.startswith("ability.") and not c.subject)


@pytest.mark.parametrize(("text", "value"), [
    ("I can juggle.", "juggle"),
    ("I know how to program in Go", "program in Go"),
    ("I can play the cello quite well.", "play the cello"),
    ("Honestly I can knit a little.", "knit"),
    ("I can read music.", "read music"),
])
def test_a_skill_said_is_kept(text: str, value: str) -> None:
    assert _read(text) == [("ability.can", value, False)]


@pytest.mark.parametrize(("text", "value"), [
    ("I can finally snowboard now!", "snowboard"), ("I learned how to ride a motorcycle.", "ride a motorcycle"),
])
def test_a_skill_learned_since_withdraws_the_inability_and_is_kept(text: str, value: str) -> None:
    assert _read(text) == [("ability.can", value, False), ("ability.cannot", value, True)]


@pytest.mark.parametrize("text", [
    "I can bake a cake for you.", "I can draw the diagram.", "I can play it.", "I can drive her.",
    "I can swim tomorrow.", "Can I swim here?", "My brother can juggle.", "I can help with that.",
])
def test_an_offer_a_one_off_or_someone_elses_is_no_skill(text: str) -> None:
    assert _read(text) == []


def test_skills_accumulate(memory: Memory) -> None:
    assert key_spec("ability.can").cardinality == "many"
    memory.add("I can't surf.")
    memory.add("I can juggle.")
    memory.add("I can surf now.")
    active = sorted((f.key, f.value) for f in memory.list(kind="fact", status="active", limit=50))
    assert active == [("ability.can", "juggle"), ("ability.can", "surf")]
