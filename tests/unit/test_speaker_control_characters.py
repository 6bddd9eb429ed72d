"""A speaker (or ``produced_for``) name holding a control character is refused, as a scope identifier is:
``add("hi", speaker="alice\\x01")`` (``memstrata remember hi --speaker $'alice\\x01'``) stored a second speaker
that every door shows as "alice" (control characters are dropped from what is printed). Nothing is stored."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from memstrata import HashingEmbedder, Memory
from memstrata.errors import InvalidInput


@pytest.mark.parametrize(("name", "code", "at"), [("alice\x01", "U+0001", 6), ("Bob\n", "U+000A", 4),
                                                  ("\x1b[31mEve", "U+001B", 1)])
def test_a_name_with_a_control_character_is_refused(tmp_path: Path, name: str, code: str, at: int) -> None:
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(dim=64), user_id="u") as memory:
        for field in ("speaker", "produced_for"):
            wanted = f"contains a control character {code} at character {at}; remove it"
            with pytest.raises(InvalidInput, match=rf"^{field} .* {re.escape(wanted)}$") as refused:
                memory.add("hi", **{field: name})
            assert refused.value.details() == {"field": field, "position": at}
        memory.add("hi", speaker="Bob")  # a plain name still works
        assert [e.producer_id for e in memory.list(kind="episode")] == ["Bob"]
