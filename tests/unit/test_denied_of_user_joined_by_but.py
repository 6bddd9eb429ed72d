"""A statement denied of the user and said of someone else, joined by "but" alone: "I'm not allergic to cats but my
wife is" stored nothing (neither the wife's allergy nor the user's denial), where "I'm not allergic to cats, my wife
is" stored both (``extract.deflected``). "but" now joins the two as the comma does."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, bool, str]]:
    return {(c.key, c.value, c.retracts, c.subject or "")
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "theirs"), [
    ("I'm not allergic to cats but my wife is", ("health.allergy", "cats", False, "wife")),
    ("I don't work at Google but my wife does.", ("identity.employer", "Google", False, "wife")),
    ("I don't like jazz but my husband does", ("music.like", "jazz", False, "husband")),
    ("I'm not vegan but my sister is", ("food.diet", "vegan", False, "sister")),
])
def test_the_other_persons_side_is_kept_under_them(text: str, theirs: tuple[str, str, bool, str]) -> None:
    found = _read(text)
    assert theirs in found
    assert (theirs[0], theirs[1], False, "") not in found  # never the user's own


@pytest.mark.parametrize("text", ["I'm not sure but my wife is", "I'm not tired but my wife is",
                                  "I don't know but Tom does"])
def test_a_state_no_rule_keeps_stores_nothing(text: str) -> None:
    assert _read(text) == set()


def test_the_users_allergy_ends_and_the_wifes_is_kept(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I'm allergic to cats")
        mem.add("I'm not allergic to cats but my wife is")
        assert sorted((f.key, f.value, f.subject or "") for f in mem.list() if isinstance(f, Fact)) == [
            ("health.allergy", "cats", "wife")]
