"""Restoring an export whose records were all forgotten here names the first ten left out, one per line, and counts
the rest; ``--json`` lists each. Before, every record had a line (a hundred lines for a small user). The CLI in
process on a real SQLite file."""

from __future__ import annotations

import json
from pathlib import Path

from clirun import cli

_ENV = {"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"}


def test_a_restore_of_forgotten_records_names_ten_and_counts_the_rest(tmp_path: Path) -> None:
    db, notes, dump = str(tmp_path / "m.db"), tmp_path / "notes.jsonl", str(tmp_path / "dump.jsonl")
    notes.write_text("".join(json.dumps({"content": f"note {i} about my garden"}) + "\n" for i in range(12)),
                     encoding="utf-8")
    assert cli("import", str(notes), "--db", db, "--user", "alice", env=_ENV).code == 0
    assert cli("export", "--db", db, "--user", "alice", "--output", dump, env=_ENV).code == 0
    assert cli("forget", "--db", db, "--user", "alice", "--before", "2100-01-01T00:00:00Z", "--yes", env=_ENV).code == 0

    restored = cli("import", dump, "--db", db, env=_ENV)
    assert restored.code == 1 and "error[conflict]" in restored.err
    named = [line for line in restored.err.splitlines() if line.startswith("  episode #") or line.startswith("  fact")]
    records = sum(1 for line in Path(dump).read_text(encoding="utf-8").splitlines() if line.strip())
    assert len(named) == 10 and f"… and {records - 10} more (--json lists each)" in restored.err

    as_json = cli("import", dump, "--db", db, "--json", env=_ENV)
    assert len(json.loads(as_json.out)["skipped"]) == records
