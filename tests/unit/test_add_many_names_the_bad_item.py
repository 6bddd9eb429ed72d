"""``add_many`` refuses a bad message among good ones by its position, with the field it is about, and stores
nothing: a ``created_at`` with no UTC offset is refused as ``invalid_input``, not a bare ``TypeError``
(``write.batch.check_messages``, ``write.ingest.validate_message``)."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.errors import InvalidInput

_SAID = datetime(2026, 11, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("change", "field", "says"), [
    ({"created_at": datetime(2026, 11, 1, 9)}, "created_at", "timezone-aware"),
    ({"content": "   "}, "content", "empty"),
    ({"role": "robot"}, "role", "role must be"),
])
def test_the_bad_message_is_named_by_its_position(tmp_path: Path, change: dict[str, object], field: str,
                                                  says: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        good = mem.message("I live in Lisbon.", created_at=_SAID)
        bad = dataclasses.replace(good, **change)  # type: ignore[arg-type]
        with pytest.raises(InvalidInput) as raised:
            mem.add_many([good, bad, good])
        assert str(raised.value).startswith("add_many item 1: ") and says in str(raised.value), raised.value
        assert raised.value.details() == {"field": field}
        assert mem.list(kind="episode") == []
