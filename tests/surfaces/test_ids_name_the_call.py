"""A bad id names the call the user made and the argument. ``Memory.forget(episode_id="x")`` said
``delete(): episode_id must be ...`` (the call forget hands a single record to); now the
``InvalidInput`` names forget() and the argument (``details.field``), and nothing stored is
changed. Real SQLite files, the deterministic hashing embedder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from memstrata import HashingEmbedder, Memory
from memstrata.errors import InvalidInput


@pytest.fixture
def memory(tmp_path: Path) -> Any:
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(dim=64), user_id="u") as opened:
        opened.add("I prefer UPS for delivery")
        yield opened


def _refused(call: Any) -> InvalidInput:
    with pytest.raises(InvalidInput) as caught:
        call()
    return caught.value


@pytest.mark.parametrize(("given", "wanted"), [
    ({"episode_id": "x"}, "forget(): episode_id must be a whole-number id from 1 up, got 'x'; nothing was changed"),
    ({"episode_id": 0}, "forget(): episode_id must be a whole-number id from 1 up, got 0; nothing was changed"),
    ({"fact_id": "1"}, "forget(): fact_id must be a whole-number id from 1 up, got '1'; nothing was changed"),
    ({"fact_id": True}, "forget(): fact_id must be a whole-number id from 1 up, got True; nothing was changed"),
])
def test_forget_of_a_bad_id_names_forget_and_the_argument(memory: Memory, given: dict[str, Any],
                                                          wanted: str) -> None:
    before = memory.counts()
    error = _refused(lambda: memory.forget(**given))
    assert (str(error), error.details()) == (wanted, {"field": next(iter(given))})
    assert memory.counts() == before
    assert [f.value for f in memory.list()] == ["UPS"]


def test_delete_of_a_bad_id_still_names_delete(memory: Memory) -> None:
    error = _refused(lambda: memory.delete(episode_id="x"))  # type: ignore[arg-type]
    assert str(error) == "delete(): episode_id must be a whole-number id from 1 up, got 'x'; nothing was changed"
