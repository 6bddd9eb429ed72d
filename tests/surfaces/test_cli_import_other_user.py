"""``memstrata import FILE --user alice`` whose lines name another user is refused before anything is stored,
naming the line and both users, as ``POST /v1/import`` refuses such a record. Before, each line went to the user
it named and the summary said only "imported 1 message". Without ``--user`` each line keeps its own user. The CLI
in process on a real SQLite file."""

from __future__ import annotations

import json
from pathlib import Path

from clirun import cli
from memstrata import Memory
from memstrata.embed.hashing import HashingEmbedder

_ENV = {"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"}


def _contents(db: Path, user: str) -> list[str]:
    with Memory(db, user_id=user, embedder=HashingEmbedder(dim=64)) as m:
        return sorted(e.content for e in m.list(kind="episode", limit=100))


def test_lines_of_another_user_under_user_are_refused_and_store_nothing(tmp_path: Path) -> None:
    db, log = tmp_path / "m.db", tmp_path / "chat.jsonl"
    with Memory(db, user_id="alice", embedder=HashingEmbedder(dim=64)) as m:
        m.add("I live in Berlin")
    log.write_text("\n".join(json.dumps(r) for r in [
        {"content": "mine"}, {"content": "not mine", "user_id": "carol"}]) + "\n", encoding="utf-8")

    refused = cli("import", str(log), "--db", str(db), "--user", "alice", env=_ENV)
    assert refused.code == 2
    assert "line 2" in refused.err and "'carol'" in refused.err and "--user 'alice'" in refused.err
    assert _contents(db, "alice") == ["I live in Berlin"] and _contents(db, "carol") == []

    same = cli("import", str(log), "--db", str(db), env=_ENV)  # no --user: each line under its own user
    assert same.code == 0, same.err
    assert _contents(db, "carol") == ["not mine"] and "mine" in _contents(db, "default")
