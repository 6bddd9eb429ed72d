"""A past held for a span and then now is "used to X, now Y": "I used vim for years, now VS Code".

The then-and-now shape (``extract.contrast``) read only "used to": "I used to use vim, now VS Code" made VS Code the
editor in Vim's place, while "I used vim for years, now VS Code" stored nothing. The simple past said with how long it
lasted ("for years", "for a decade", "for 10 years") and "now" after it says the same ended past; the span is needed
("I used vim yesterday, now VS Code" is a happening), as is a verb whose past the reader knows.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.contrast import split_en
from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str, bool]]:
    return [(c.key, c.value, c.instead_of, c.retracts)
            for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("text", "found"), [
    ("I used vim for years, now VS Code.", ("tool.editor", "VSCode", "Vim", False)),
    ("I used Emacs for ages but now I use Neovim", ("tool.editor", "Neovim", "Emacs", False)),
    ("I drove a Honda for a decade, now a Tesla", ("user.car", "Tesla", "Honda", False)),
    ("I lived in Boston for 10 years, now Denver", ("identity.location", "Denver", "Boston", False)),
    ("I banked with Chase for years; these days Ally", ("user.bank", "Ally", "Chase", False)),
])
def test_a_past_held_for_a_span_then_now_is_the_value_now_in_its_place(
        text: str, found: tuple[str, str, str, bool]) -> None:
    assert _read(text) == [found]


@pytest.mark.parametrize("text", [
    "I used vim yesterday, now VS Code",  # a happening, no span: no habit ended
    "I waited for years, now it's finally here",  # no verb of a held thing read, no value now
    "I studied for years, now I teach",
])
def test_no_span_or_no_held_thing_is_no_then_and_now(text: str) -> None:
    assert split_en(text) is None


def test_the_value_now_supersedes_the_one_held_before(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I use vim", created_at=SAID)
        mem.add("I used vim for years, now VS Code.", created_at=SAID + timedelta(minutes=1))
        facts = {(f.key, f.value, f.status) for f in mem.list(kind="fact", status="all", limit=100)}
    assert facts == {("tool.editor", "VSCode", "active"), ("tool.editor", "Vim", "superseded")}
