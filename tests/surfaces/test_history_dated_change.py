"""History shows when each value held: the old value ends when a dated change starts ("I moved to
Munich last month": the first of that month), and a change dated before the old value was even
stated ends it when the change was said, saying why (Berlin showed 2026-11-28 09:00 → 2026-11-28
09:00 beside Munich from 2026-10-01, with no word of it). The SDK on a real SQLite file with the
real model; the CLI in process (clirun); a real server over HTTP."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from serverproc import Server

from clirun import cli
from memstrata import Memory


def _at(month: int, day: int, hour: int) -> datetime:
    return datetime(2026, month, day, hour, tzinfo=UTC)


def test_an_old_value_ends_when_the_dated_change_starts(tmp_path: Path, embedder: Any) -> None:
    with Memory(tmp_path / "m.db", embedder=embedder, user_id="u") as memory:
        memory.add("I live in Berlin", created_at=_at(9, 10, 9))
        memory.add("I moved to Munich last month", created_at=_at(11, 28, 10))
        spans = [(f.value, f.valid_from, f.valid_to) for f, _ in memory.history(key="identity.location")]
    assert spans == [("Berlin", _at(9, 10, 9), _at(10, 1, 0)), ("Munich", _at(10, 1, 0), None)]


def test_a_change_dated_before_the_old_value_was_stated_says_why(tmp_path: Path, embedder: Any) -> None:
    db = tmp_path / "m.db"
    with Memory(db, embedder=embedder, user_id="u") as memory:
        memory.add("I live in Berlin", created_at=_at(11, 28, 9))
        memory.add("I moved to Munich last month", created_at=_at(11, 28, 9))
        (berlin, events), (munich, _) = memory.history(key="identity.location")
    assert (berlin.value, berlin.valid_from, berlin.valid_to) == ("Berlin", _at(11, 28, 9), _at(11, 28, 9))
    assert (munich.value, munich.valid_from) == ("Munich", _at(10, 1, 0))
    assert events[-1].action == "supersede" and events[-1].detail["changed_before_stated"] == _at(10, 1, 0).isoformat()
    shown = cli("history", "--key", "identity.location", "--db", db, "--user", "u")
    assert shown.code == 0, shown.err
    assert "Berlin [superseded] 2026-11-28 09:00 → 2026-11-28 09:00\n   replaced by a change dated 2026-10-01, " \
           "before this value was stated: it ends when the change was said" in shown.out, shown.out


def test_rest_history_carries_the_same_spans(open_server: Server) -> None:
    with open_server.client() as client:
        added = client.post("/v1/messages", json={"user_id": "dated-history", "messages": [
            {"content": "I live in Berlin", "created_at": _at(9, 10, 9).isoformat()},
            {"content": "I moved to Munich last month", "created_at": _at(11, 28, 10).isoformat()}]})
        assert added.status_code == 200, added.text
        facts = client.get("/v1/facts", params={"user_id": "dated-history", "key": "identity.location"}).json()
        [munich] = facts["items"]
        history = client.get(f"/v1/facts/{munich['id']}/history", params={"user_id": "dated-history"}).json()
    spans = [(h["fact"]["value"], h["fact"]["valid_from"], h["fact"]["valid_to"]) for h in history["timeline"]]
    assert spans == [("Berlin", "2026-09-10T09:00:00Z", "2026-10-01T00:00:00Z"), ("Munich", "2026-10-01T00:00:00Z",
                                                                                    None)], history
