"""A service cancelled or an account closed ends the thing under the key that said it (``facts.withdraw``, a
cancellation named by ``extract.subscriptions``): "My gym is Planet Fitness" then "I cancelled Planet Fitness, I go to
the YMCA now" left the gym current (the withdrawal looked under ``tool.uses`` only); "I bank with Chase" then "Closed
my Chase account, I'm with Ally now" stored a bare event, or nothing without "I". A thing of another name stays."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "expected"), [
    ("I closed my Chase account", [("tool.uses", "Chase", True)]),
    ("Closed my Chase account, I'm with Ally now", [("tool.uses", "Chase", True)]),
    ("I cancelled my Netflix subscription", [("tool.uses", "Netflix", True)]),
    ("I closed the door", [("event", "closed the door", False)]),
])
def test_a_cancellation_names_the_service(text: str, expected: list[tuple[str, str, bool]]) -> None:
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert [(c.key, c.value, c.retracts) for c in found] == expected


@pytest.mark.parametrize(("first", "then", "ended", "kept"), [
    ("My gym is Planet Fitness", "I cancelled Planet Fitness, I go to the YMCA now", "Planet Fitness", None),
    ("I bank with Chase", "Closed my Chase account, I'm with Ally now", "Chase", None),
    ("I bank with Chase", "I cancelled my Netflix subscription", None, "Chase"),
])
def test_the_service_ends_under_its_own_key(tmp_path: Path, first: str, then: str, ended: str | None,
                                            kept: str | None) -> None:
    from memstrata import HashingEmbedder, Memory

    with Memory(tmp_path / "m.db", user_id="u1", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add(first)
        memory.add(then)
        facts = memory.list(kind="fact", status="all", limit=50)
    status = {f.value: f.status for f in facts}
    if ended:
        assert status[ended] == "superseded"
    if kept:
        assert status[kept] == "active"
