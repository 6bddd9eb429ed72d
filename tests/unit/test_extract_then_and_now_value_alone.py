"""Then and now with the value now said alone, its verb the past one's (``extract.contrast``): "I used to drink coffee,
now tea", "I used to live in Boston, now Denver", "I used to be vegetarian, now vegan", and "used to ..." with "I"
left out (``extract.own_en``). Before, only "now I drink tea" with its subject and verb was read: the past was withdrawn
(or nothing read) and the value now lost. A verdict now ("now meh", "now not so much") or a pronoun then ("I used to
love it") states no value."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _now(text: str) -> list[tuple[str, str]]:
    """``(key, value)`` of each candidate that is no withdrawal and no former value."""
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if not c.retracts and c.key != "identity.former"]


@pytest.mark.parametrize(("text", "expected"), [
    ("I used to drink coffee, now tea", [("user.drinks", "tea")]),
    ("I used to live in Boston, now Denver", [("identity.location", "Denver")]),
    ("I used to work at Google, now Meta", [("identity.employer", "Meta")]),
    ("I used to be vegetarian, now vegan", [("food.diet", "vegan")]),
    ("we used to use Jenkins, now GitHub Actions", [("tool.uses", "GitHub Actions")]),
    ("used to drink coffee, now tea", [("user.drinks", "tea")]),
])
def test_the_value_now_said_alone_takes_the_past_verb(text: str, expected: list[tuple[str, str]]) -> None:
    assert _now(text) == expected


@pytest.mark.parametrize("text", ["I used to love it, now meh", "I used to run a lot, now not so much",
                                  "I used to live there, now here", "I used to think that, now I don't"])
def test_no_value_from_a_verdict_or_a_pronoun(text: str) -> None:
    assert _now(text) == []


def test_the_home_before_is_superseded(tmp_path: Path) -> None:
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add("I live in Boston")
        memory.add("I used to live in Boston, now Denver")
        facts = memory.list(kind="fact", status="all", limit=50)
    assert {(f.key, f.value, f.status) for f in facts} == {
        ("identity.location", "Boston", "superseded"), ("identity.location", "Denver", "active"),
        ("identity.former", "Boston", "active")}
