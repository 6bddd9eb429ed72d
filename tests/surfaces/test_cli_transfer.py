"""``memstrata import`` / ``export --all`` as an operator meets them:
a refused import names the line and leaves no empty database behind; ``export --all`` carries
the REST API keys (hashed, as stored) and says so, and the import restores them; ``remember
--idempotency-key`` makes a scripted retry safe; an export file whose fact cites another user's
episode is refused whole, naming the line. The real console script on real SQLite files."""

from __future__ import annotations

import json
from pathlib import Path

from clirun import Run, cli
from memstrata import Memory
from memstrata.embed.hashing import HashingEmbedder
from memstrata.server.transfer import messages_from_records


def _cli(*args: str | Path) -> Run:
    return cli(*args, env={"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"})


def test_a_future_date_names_its_line_and_leaves_no_file(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    log.write_text("\n".join([
        json.dumps({"content": "I prefer UPS for delivery", "created_at": "2025-01-01T00:00:00Z"}),
        "",  # a blank line: the line number is the file's, not the message's position
        json.dumps({"content": "I like tea", "created_at": "2099-01-01T00:00:00Z"}),
    ]) + "\n", encoding="utf-8")
    fresh = tmp_path / "fresh.db"
    refused = _cli("import", log, "--db", fresh, "--user", "a")
    assert refused.returncode == 2, refused.stderr
    assert "line 3: created_at 2099-01-01T00:00:00+00:00 is in the future" in refused.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.jsonl"]  # no empty d.db, -wal or -shm
    future = _cli("remember", "I like tea", "--at", "2099-01-01T00:00:00Z", "--db", fresh, "--user", "a")
    assert future.returncode == 2 and "is in the future" in future.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.jsonl"]  # remember refused: no file either
    # a database that was there before stays, with nothing of the refused file in it
    kept = tmp_path / "kept.db"
    assert _cli("remember", "I live in Berlin", "--db", kept, "--user", "a").returncode == 0
    assert _cli("import", log, "--db", kept, "--user", "a").returncode == 2
    listed = _cli("list", "--episodes", "--json", "--db", kept, "--user", "a")
    assert [e["content"] for e in json.loads(listed.stdout)] == ["I live in Berlin"]


def test_export_all_carries_the_api_keys_and_import_restores_them(tmp_path: Path) -> None:
    source, target, dump = tmp_path / "src.db", tmp_path / "dst.db", tmp_path / "all.jsonl"
    assert _cli("remember", "I prefer UPS for delivery", "--db", source, "--user", "a").returncode == 0
    created = _cli("keys", "create", "--org", "acme", "--project", "p1", "--name", "mig", "--db", source)
    assert created.returncode == 0, created.stderr
    exported = _cli("export", "--all", "--db", source, "-o", dump)
    assert exported.returncode == 0, exported.stderr
    assert "note: --all carries the REST API keys as stored (1 key:" in exported.stderr
    records = [json.loads(line) for line in dump.read_text(encoding="utf-8").splitlines()]
    [key] = [r for r in records if r["type"] == "api_key"]
    assert len(key["secret_hash"]) == 64 and "msk_" not in dump.read_text(encoding="utf-8")
    restored = _cli("import", dump, "--db", target)
    assert restored.returncode == 0, restored.stderr
    assert "and 1 API key from" in restored.stdout
    listing = _cli("keys", "list", "--db", target)
    assert key["key_id"] in listing.stdout and "mig" in listing.stdout


def test_remember_with_an_idempotency_key_stores_a_retry_once(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    runs = [_cli("remember", "I prefer UPS for delivery", "--db", db, "--user", "a", "--idempotency-key", "job-42")
            for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[1].stderr
    assert "shipping.carrier = UPS" in runs[0].stdout
    assert "already stored under this --idempotency-key (episode #1); nothing new was stored" in runs[1].stdout
    listed = _cli("list", "--episodes", "--json", "--db", db, "--user", "a")
    assert [e["content"] for e in json.loads(listed.stdout)] == ["I prefer UPS for delivery"]


def test_an_import_whose_fact_cites_another_users_episode_names_the_line_and_leaves_no_database(tmp_path: Path) -> None:
    # Alice's allergy edited to cite bob's message (``tests/integration/test_import_citations.py``
    # covers the SDK on SQLite and PostgreSQL).
    with Memory(tmp_path / "source.db", embedder=HashingEmbedder(dim=64)) as source:
        source.add("I'm allergic to peanuts", user_id="alice")
        other = source.add("I prefer UPS for delivery", user_id="bob").episode_id
        records = list(source.export_all())
    fact_id = next(r["id"] for r in records if r["type"] == "fact" and r["scope"]["user_id"] == "alice")
    bad = [{**r, "citations": [*r["citations"], other]} if r["type"] == "fact" and r["id"] == fact_id else r
           for r in records]
    dump = tmp_path / "all.jsonl"
    lines = [json.dumps(r) for r in bad]
    lines.insert(1, "")  # a blank line: the error names the file's line, not the record's position
    dump.write_text("\n".join(lines) + "\n", encoding="utf-8")
    line = 1 + next(i for i, text in enumerate(lines) if text and json.loads(text).get("id") == fact_id
                    and json.loads(text)["type"] == "fact")
    target = tmp_path / "restored.db"
    done = _cli("import", dump, "--db", target)
    assert done.returncode == 2, done.stdout
    assert f"line {line}: fact #{fact_id} of default/default user=alice cites episode #{other} of default/default " \
           "user=bob" in " ".join(done.stderr.split())
    assert not target.exists()


def test_an_export_that_finds_nothing_says_whose_and_how_to_export_others(tmp_path: Path) -> None:
    """``export`` without ``--user`` exports the default user; on a database of other users it is
    refused, naming the user and how to list the users (never the users themselves), and writes no file."""
    db, out = tmp_path / "m.db", tmp_path / "all.jsonl"
    with Memory(db, embedder=HashingEmbedder(dim=64), user_id="u2") as memory:
        memory.add("I like tea")
    done = _cli("export", "-o", out, "--db", db)
    assert done.returncode == 1 and not out.exists()
    said = " ".join(done.stderr.split())
    assert "nothing is stored for default/default user=default" in said and "--all" in said
    assert "`memstrata users --org default --project default` lists the users with memories" in said
    assert "u2" not in said  # another user's id is never in an error
    listed = _cli("users", "--db", db)
    assert listed.returncode == 0 and "u2" in listed.stdout  # asked for, the users are listed
    theirs = _cli("export", "-o", out, "--db", db, "--user", "u2")
    assert theirs.returncode == 0 and "nothing is stored" not in theirs.stderr
    assert len(out.read_text(encoding="utf-8").splitlines()) >= 2


def test_an_export_holding_a_blank_speaker_imports_as_said_by_its_role(tmp_path: Path) -> None:
    """A blank speaker is refused on write now, but databases stored one before: their export's
    episode with ``producer_id: ""`` is read by an import (REST ``POST /v1/import``) as the role's own
    message, not refused as bad input."""
    source = tmp_path / "a.db"
    assert _cli("remember", "I like tea", "--db", source, "--user", "u").returncode == 0
    exported = _cli("export", "--db", source, "--user", "u")
    assert exported.returncode == 0, exported.stderr
    records = [json.loads(line) for line in exported.stdout.splitlines() if line.strip()]
    for record in records:
        if record.get("type") == "episode":
            record["producer_id"] = ""
    with Memory(tmp_path / "b.db", embedder=HashingEmbedder(dim=64)) as memory:
        built, *_ = messages_from_records(memory, records,
                                          lambda **ids: {k: v for k, v in ids.items() if v is not None})
    assert [(m.content, m.speaker) for m in built] == [("I like tea", None)]
