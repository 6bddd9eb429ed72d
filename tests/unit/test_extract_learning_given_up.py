"""A thing being learnt given up ends the learning (``extract.cessation.ended_en``): "I'm learning Spanish" then "gave
up on Spanish, doing Japanese now" (with "I" left out: ``extract.own_en``) left the learning current; "I stopped
learning Japanese" too. A thing given up that no one learns ("I gave up on him") ends nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "expected"), [
    ("I gave up on Spanish", [("activity.learning", "Spanish", True)]),
    ("gave up on Spanish, doing Japanese now", [("activity.learning", "Spanish", True)]),
    ("I stopped learning Japanese", [("activity.learning", "Japanese", True)]),
    ("I gave up on him", []),
])
def test_a_learning_given_up_is_withdrawn(text: str, expected: list[tuple[str, str, bool]]) -> None:
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert [(c.key, c.value, c.retracts) for c in found] == expected


def test_the_learning_before_ends(tmp_path: Path) -> None:
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add("I'm learning Spanish")
        memory.add("gave up on Spanish, doing Japanese now")
        facts = memory.list(kind="fact", status="all", limit=50)
    assert {(f.value, f.status) for f in facts} == {("Spanish", "superseded")}
