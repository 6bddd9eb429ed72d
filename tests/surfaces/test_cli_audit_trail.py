"""``memstrata export --all`` then ``memstrata import`` keeps the audit trail of what was forgotten
and withdrawn (before: forget receipts, tombstones and the withdrawals of
migration 15 were left out, so a restored backup had no trace of its forgets and a late message
said before a withdrawal came back current). Nothing forgotten comes back, and a restored
database never hands out a forgotten row's id again. The real console script with the default
model, on a real SQLite file and on a real PostgreSQL server."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from clirun import Run, cli
from memstrata import Memory

pytestmark = pytest.mark.usefixtures("embedder")  # CLI commands use the run's loaded model (clirun)


def _cli(*args: str | Path) -> Run:
    done = cli(*args)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _canonical(records: list[dict[str, Any]]) -> list[str]:
    # ``ingested_at`` / ``updated_at`` say when a row was written here, not what it holds.
    return sorted(json.dumps({k: v for k, v in r.items() if k not in ("ingested_at", "updated_at")},
                             sort_keys=True, ensure_ascii=False) for r in records)


@pytest.fixture(params=["sqlite", "postgres"])
def databases(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, str]:
    if request.param == "postgres":
        pg_url: Callable[[], str] = request.getfixturevalue("pg_url")
        return pg_url(), pg_url()
    return str(tmp_path / "source.db"), str(tmp_path / "restored.db")


def test_export_all_and_import_keep_receipts_tombstones_and_withdrawals(databases: tuple[str, str],
                                                                        tmp_path: Path) -> None:
    source, target = databases
    dump = tmp_path / "all.jsonl"
    _cli("remember", "I'm not allergic to peanuts any more", "--at", "2026-02-01T09:00:00Z", "--db", source,
         "--user", "u1")
    _cli("remember", "From now on ship with FedEx", "--at", "2026-02-02T09:00:00Z", "--db", source, "--user", "u1")
    _cli("remember", "我以后都希望靠窗的座位", "--db", source, "--user", "u2")
    _cli("remember", "I prefer window seats on planes", "--db", source, "--user", "u2")
    _cli("forget", "--user", "u2", "--yes", "--db", source)
    [carrier] = [f for f in json.loads(_cli("list", "--json", "--db", source, "--user", "u1").stdout)
                 if f["key"] == "shipping.carrier"]
    _cli("forget", "--fact", str(carrier["id"]), "--user", "u1", "--yes", "--db", source)

    _cli("export", "--all", "--db", source, "-o", dump)
    records = _records(dump)
    by_type: dict[str, list[dict[str, Any]]] = {}
    for record in records:
        by_type.setdefault(record["type"], []).append(record)
    [withdrawal] = by_type["withdrawal"]
    assert (withdrawal["key"], withdrawal["value"], withdrawal["scope"]["user_id"]) == ("health.allergy", "peanuts",
                                                                                       "u1")
    tombstones = {(t["scope"]["user_id"], t["fact_id"] is None, t["detail"]["what"]) for t in by_type["tombstone"]}
    assert tombstones == {("u2", True, "scope"), ("u1", False, "fact")}
    [receipt] = by_type["forget_receipt"]
    assert receipt["scope"]["user_id"] == "u2" and receipt["counts"]["episodes"] == 2
    [mark] = by_type["outdated_mark"]
    assert mark["expired_at"] is None and "FedEx" not in str(mark)
    [floor] = by_type["id_floor"]
    assert floor["episodes"] == 4 and floor["facts"] >= carrier["id"]
    text = dump.read_text(encoding="utf-8")
    assert "window" not in text and "靠窗" not in text  # nothing forgotten travels with the trail

    restored = _cli("import", dump, "--db", target)
    # the forgotten current carrier leaves its message a current mark, as its message was said
    assert "1 withdrawal, 1 outdated mark, 2 tombstones, 1 forget receipt" in restored.stdout
    again = _cli("export", "--all", "--db", target, "-o", tmp_path / "again.jsonl")
    assert again.returncode == 0
    assert _canonical(_records(tmp_path / "again.jsonl")) == _canonical(records)
    again_restored = _cli("import", dump, "--db", target).stdout
    assert "0 withdrawals, 0 outdated marks, 0 tombstones, 0 forget receipts" in again_restored

    # The restored withdrawal still works: "I'm allergic to peanuts", said in January but arriving
    # now, ended when it was withdrawn in February (it is a past value, not the current allergy).
    _cli("remember", "I'm allergic to peanuts", "--at", "2026-01-15T09:00:00Z", "--db", target, "--user", "u1")
    active = json.loads(_cli("list", "--json", "--db", target, "--user", "u1").stdout)
    assert "health.allergy" not in {f["key"] for f in active}
    everything = json.loads(_cli("list", "--json", "--status", "all", "--db", target, "--user", "u1").stdout)
    [allergy] = [f for f in everything if f["key"] == "health.allergy"]
    assert allergy["status"] == "superseded"
    # No new row takes a forgotten id: the deleted carrier fact's tombstone names only it.
    assert allergy["id"] > floor["facts"]
    with Memory(target, user_id="u1", embedder=None) as memory:
        [job] = memory.forget_status(receipt["id"])
        assert (job.status, job.ids_sha256, job["episodes"]) == ("done", receipt["ids_sha256"], 2)
        assert "delete" not in {e.action for _, events in memory.history(allergy["id"]) for e in events}
