"""``Memory.import_records`` given a text or one record says so, rather than naming the first character or key.

``import_records("not records")`` answered ``record 1: not an export record``: it iterated the text's characters.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.errors import InvalidInput


@pytest.mark.parametrize("records", ["not records", b"{}", {"type": "episode", "id": 1}])
def test_a_text_or_a_single_record_is_refused_and_nothing_is_stored(tmp_path: Path, records: object) -> None:
    with Memory(tmp_path / "m.db", user_id="u", embedder=None) as memory:
        memory.add("I live in Porto.")
        with pytest.raises(InvalidInput, match="records must be a list") as caught:
            memory.import_records(records)  # type: ignore[arg-type]
        assert caught.value.field == "records"
        assert [e.content for e in memory.list(kind="episode")] == ["I live in Porto."]  # type: ignore[union-attr]
