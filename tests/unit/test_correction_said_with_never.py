"""A value meant, set against the one said with "never", corrects it, as with "not".

"I prefer UPS for delivery." then "Sorry, I meant FedEx, never UPS." kept UPS current and stored a habit
``never UPS`` (the "X, not Y" readers took only "not"); now FedEx supersedes UPS. Without "I meant" the "never"
forbids, as before: "Ship with FedEx, never UPS" is a choice and a prohibition, "I drink tea, never coffee" the drink.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.embed.base import EmbeddingCache
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize("said", ["Sorry, I meant FedEx, never UPS.", "I meant FedEx, never UPS",
                                  "Sorry, I meant FedEx, not UPS."])
def test_never_beside_the_value_meant_corrects_the_carrier(tmp_path: Path, said: str, embedder: EmbeddingCache) -> None:
    with Memory(tmp_path / "m.db", embedder=embedder, user_id="u") as memory:
        memory.add("I prefer UPS for delivery.")
        memory.add(said)
        facts = {(f.key, f.value, f.status) for f in memory.list(kind="fact", status="all")}
    assert ("shipping.carrier", "FedEx", "active") in facts
    assert ("shipping.carrier", "UPS", "superseded") in facts
    assert not any(value.startswith("never") for _, value, _ in facts)


def test_never_after_a_drink_keeps_the_drink() -> None:
    found = [(c.key, c.value) for c in RuleExtractor().extract(text="I drink tea, never coffee", role="user",
                                                                said_at=_AT)]
    assert found == [("user.drinks", "tea")]
