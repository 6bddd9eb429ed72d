"""``memstrata recall --as-of``: what was believed at a time, as ``context --as-of`` and the SDK's
``search(as_of=...)`` read it (recall had no such option). Real SQLite file, the CLI in process."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from clirun import cli

pytestmark = pytest.mark.usefixtures("embedder")  # the run's loaded model (clirun)


def test_recall_as_of_reads_what_was_believed_then(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    assert cli("remember", "I live in Paris", "--user", "u", "--db", db).code == 0
    # ``then`` is typed to the second, as a user types it: the next whole second after Paris was
    # stored, and Berlin is stored after it (the wait is what is left of the second, not two seconds).
    time.sleep(1.02 - time.time() % 1)
    then = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert cli("remember", "I moved to Berlin", "--user", "u", "--db", db).code == 0
    now = cli("recall", "where does the user live?", "--user", "u", "--kind", "fact", "--db", db, "--json")
    before = cli("recall", "where does the user live?", "--user", "u", "--kind", "fact", "--as-of", then,
                 "--db", db, "--json")
    assert [h["text"] for h in now.json()][:1] == ["lives in Berlin"]
    assert [h["text"] for h in before.json()][:1] == ["lives in Paris"]
    bad = cli("recall", "x", "--user", "u", "--as-of", "yesterday", "--db", db)
    assert (bad.code, bad.err.strip()) == (2, "error[invalid_input]: --as-of: cannot parse 'yesterday' as an "
                                              "ISO 8601 date or time such as 2026-12-07T09:30:00Z")
