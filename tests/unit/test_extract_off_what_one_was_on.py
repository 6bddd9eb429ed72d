"""Being off what one was on ends it: "I'm off keto now" ends "I'm on the keto diet".

"I'm not on keto anymore" withdrew the diet, "I'm off keto now" read nothing and the diet stayed current. Being off a
thing said with a word of change ("now", "anymore", "for good") is read as being on it ended (``cessation.ended_en``);
"I'm off to bed now" and "I'm off work now" name nothing one was on.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "found"), [
    ("I'm off keto now.", ("health.diet", "keto")),
    ("I'm off Ozempic for good", ("health.medication", "Ozempic")),
    ("I'm finally off the pill now", ("health.medication", "the pill")),
])
def test_off_what_one_was_on_withdraws_it(text: str, found: tuple[str, str]) -> None:
    read = [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]
    assert read == [(*found, True)]


@pytest.mark.parametrize("text", ["I'm off to bed now", "I'm off work now", "I'm off keto", "I'm off sugar now"])
def test_no_change_or_nothing_one_was_on_withdraws_nothing(text: str) -> None:
    assert RuleExtractor().extract(text=text, role="user", said_at=SAID) == []


def test_the_diet_ends(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I'm on the keto diet", created_at=SAID)
        mem.add("I'm off keto now.", created_at=SAID + timedelta(minutes=1))
        facts = {(f.key, f.value, f.status) for f in mem.list(kind="fact", status="all", limit=100)}
    assert facts and not any(status == "active" for _, _, status in facts)
