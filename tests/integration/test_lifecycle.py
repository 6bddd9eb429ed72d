"""Maintenance, restore, rollback and export → forget → import, with the real model, on a real
SQLite file and a real PostgreSQL schema (``location``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from memstrata import Fact, InvalidInput, Memory, NotFound, Settings
from memstrata.embed.base import EmbeddingCache
from memstrata.lifecycle.trail import TRAIL_TYPES

#: Written with merging at write time switched off, so maintenance has near-duplicates to merge.
NO_WRITE_MERGE = replace(Settings(), merge_similarity=1.5)


def _duplicates(location: str | Path, embedder: EmbeddingCache) -> tuple[Fact, Fact]:
    with Memory(location, settings=NO_WRITE_MERGE, embedder=embedder, user_id="u1") as memory:
        a = memory.add("I love rock music").facts[0].fact
        b = memory.add("I love rock musics").facts[0].fact
    assert a.id != b.id
    return a, b


def test_maintain_merges_near_duplicates_and_is_idempotent(location: str | Path, embedder: EmbeddingCache) -> None:
    a, b = _duplicates(location, embedder)
    with Memory(location, embedder=embedder, user_id="u1") as memory:
        first = memory.maintain()
        assert first.merged == 1
        keep = memory.get(a.id)
        gone = memory.get(b.id)
        assert isinstance(keep, Fact) and isinstance(gone, Fact)
        assert keep.status == "active" and gone.status == "superseded"
        assert set(keep.citations) == set(a.citations) | set(b.citations)
        assert [e.action for e in memory.history(b.id)[1][1]][-1] == "merge"  # the absorbed fact's history stays
        second = memory.maintain()
        assert not second.changed, second


def test_maintain_never_merges_allergies_or_budgets(location: str | Path, embedder: EmbeddingCache) -> None:
    """Values matched only as values (``facts.resolve.EXACT_KEYS``) stay apart in maintenance too."""
    with Memory(location, settings=NO_WRITE_MERGE, embedder=embedder, user_id="u1") as memory:
        # statement cosines above the merge threshold: 对龙虾过敏 / 对虾过敏 (docs/extraction.md), and two budgets
        for text in ("我对虾过敏", "我对龙虾过敏", "My budget for hotels is $200 a night",
                     "My budget for motels is $200 a night"):
            memory.add(text)
    with Memory(location, embedder=embedder, user_id="u1") as memory:
        memory.maintain()
        assert sorted(f.value for f in memory.list(key="health.allergy") if isinstance(f, Fact)) == ["虾", "龙虾"]
        assert len(memory.list(key="budget")) == 2


def test_rollback_of_a_merge_and_of_a_supersede(location: str | Path, embedder: EmbeddingCache) -> None:
    a, b = _duplicates(location, embedder)
    with Memory(location, embedder=embedder, user_id="u1") as memory:
        memory.maintain()
        merge_event = next(e for e in memory.history(a.id)[0][1] if e.action == "merge")
        changed = memory.rollback(merge_event.id)
        assert {f.id: f.status for f in changed} == {b.id: "active", a.id: "active"}
        assert memory.get(a.id).citations == a.citations  # type: ignore[union-attr]
        with pytest.raises(InvalidInput, match="already rolled back"):
            memory.rollback(merge_event.id)

        window = memory.add("I prefer a window seat on planes").facts[0].fact
        aisle = memory.add("Actually I prefer an aisle seat now").facts[0].fact
        supersede = next(e for e in memory.history(window.id)[0][1] if e.action == "supersede")
        memory.rollback(supersede.id)
        assert [f.value for f in memory.list(key="travel.seat")] == ["window seat"]
        assert memory.get(aisle.id).status == "superseded"  # type: ignore[union-attr]
        actions = [e.action for _, events in memory.history(key="travel.seat") for e in events]
        assert actions.count("restore") == 1 and actions.count("deactivate") == 1
        with pytest.raises(InvalidInput, match="rollback undoes"):
            memory.rollback(next(e.id for e in memory.history(window.id)[0][1] if e.action == "create"))


def test_idle_facts_are_archived_and_restorable(location: str | Path, embedder: EmbeddingCache) -> None:
    long_ago = datetime.now(UTC) - timedelta(days=200)
    with Memory(location, embedder=embedder, user_id="u1") as memory:
        jazz = memory.add("I like jazz music", created_at=long_ago).facts[0].fact  # importance 0.5
        allergy = memory.add("I'm allergic to peanuts", created_at=long_ago).facts[0].fact  # importance 0.9
        report = memory.maintain()
        assert report.archived == 1
        assert memory.get(jazz.id).status == "archived"  # type: ignore[union-attr]
        assert memory.get(allergy.id).status == "active"  # type: ignore[union-attr]
        assert not memory.search("jazz", kinds=("fact",))
        assert memory.search("jazz", kinds=("fact",), include_archived=True)[0].id == jazz.id
        assert memory.restore(jazz.id).status == "active"
        with pytest.raises(InvalidInput, match="not archived"):
            memory.restore(jazz.id)


def test_maintain_sweeps_expired_and_boosts_recalled(location: str | Path, embedder: EmbeddingCache,
                                                     stored_rows: Callable[[Memory, str, int], int]) -> None:
    with Memory(location, embedder=embedder, user_id="u1") as memory:
        temp = memory.add("The door code for today is Kestrel", ttl=60)
        seat = memory.add("I prefer a window seat on planes").facts[0].fact
        for _ in range(5):
            memory.search("window seat", kinds=("fact",))
        report = memory.maintain(now=datetime.now(UTC) + timedelta(hours=1))
        assert report.expired_episodes == 1 and report.boosted == 1
        with pytest.raises(NotFound, match="no episode"):
            memory.get(episode_id=temp.episode_id)
        assert memory.get(seat.id).importance == pytest.approx(seat.importance + 0.05)  # type: ignore[union-attr]
        assert stored_rows(memory, "episodes", temp.episode_id) == 0
        assert not memory.maintain(now=datetime.now(UTC) + timedelta(hours=1)).changed


def test_export_import_gives_back_the_identical_state_but_never_what_was_forgotten(
        location: str | Path, embedder: EmbeddingCache, tmp_path: Path) -> None:
    with Memory(location, embedder=embedder, user_id="u1") as memory:
        memory.add("I prefer a window seat on planes", session_id="s1")
        memory.add("Actually I prefer an aisle seat now", session_id="s1")
        memory.add("我对青霉素过敏", session_id="s2", metadata={"channel": "app"})
        memory.add("I like jazz music", created_at=datetime.now(UTC) - timedelta(days=200))
        memory.maintain()  # archives the jazz fact: every status is in the export
        memory.search("seat", kinds=("fact",))
        before: list[dict[str, Any]] = list(memory.export())
        assert {r["status"] for r in before if r["type"] == "fact"} == {"active", "superseded", "archived"}
        assert not [r for r in before if r["type"] in TRAIL_TYPES]  # nothing forgotten or withdrawn yet
        events = len([r for r in before if r["type"] == "event"])
        with Memory(tmp_path / "copy.db", embedder=embedder, user_id="u1") as copy:
            assert copy.import_records(before) == {"episodes": 4, "facts": 4, "events": events, "skipped": []}
            assert list(copy.export()) == before
            assert copy.import_records(before) == {"episodes": 0, "facts": 0, "events": 0,  # idempotent
                                                   "skipped": []}
            assert list(copy.export()) == before
            assert "aisle" in copy.search("seat preference", kinds=("fact",))[0].text
            assert copy.search("过敏")
            conflicting = [{**before[0], "content": "something else"}]
            with pytest.raises(InvalidInput, match="another episode"):
                copy.import_records(conflicting)
        memory.forget(user_id="u1")
        # What is left is the audit trail of the forget: its tombstone, receipt, forgotten ids and the
        # digests of the forgotten messages (no content).
        trail = list(memory.export())
        assert [r["type"] for r in trail][:2] == ["tombstone", "forget_receipt"]
        assert {r["type"] for r in trail[2:]} == {"forgotten", "suppressed"}
        # The export taken before the forget brings none of it back.
        again = memory.import_records(before)
        assert (again["episodes"], again["facts"], again["events"]) == (0, 0, 0)
        assert {s["type"] for s in again["skipped"]} == {"episode", "fact", "event"}
        assert list(memory.export()) == trail and not memory.search("过敏")


def test_import_keeps_events_whose_ids_another_users_events_hold(location: str | Path, tmp_path: Path) -> None:
    with Memory(tmp_path / "source.db", embedder=None, user_id="dummy") as source:
        for text in ("I like jazz music", "I live in Paris", "I'm allergic to cats"):
            source.add(text)  # ids 1-3 of episodes, facts and events: u1's start at 4
        source.add("I prefer a window seat on planes", user_id="u1")
        source.add("Actually I prefer an aisle seat now", user_id="u1")
        exported = list(source.export(user_id="u1"))
    events = [r for r in exported if r["type"] == "event"]
    with Memory(location, embedder=None, user_id="u2") as memory:
        memory.add("I prefer a window seat on planes")
        memory.add("Actually I prefer an aisle seat now")
        supersede = next(e for _, ev in memory.history(key="travel.seat") for e in ev if e.action == "supersede")
        memory.rollback(supersede.id)  # u2's events now hold ids 4 and 5, which u1's events also use
        taken = {e.id for _, ev in memory.history(key="travel.seat") for e in ev}
        assert taken & {r["id"] for r in events}
        assert memory.import_records(exported) == {"episodes": 2, "facts": 2, "events": len(events), "skipped": []}
        assert memory.import_records(exported) == {"episodes": 0, "facts": 0, "events": 0,  # idempotent
                                                   "skipped": []}
        mine = [(e.action, e.at) for _, ev in memory.history(key="travel.seat", user_id="u1") for e in ev]
        assert sorted(mine) == sorted((r["action"], datetime.fromisoformat(r["at"])) for r in events)
        assert {e.id for _, ev in memory.history(key="travel.seat") for e in ev} == taken  # u2's untouched


def test_the_serve_schedule_runs_maintenance_on_its_own_connection(
        location: str | Path, stored_rows: Callable[[Memory, str, int], int]) -> None:
    import time

    from memstrata.lifecycle.schedule import MaintenanceScheduler

    with Memory(location, embedder=None, user_id="u1") as memory:
        short = memory.add("a reminder that lives for a moment", ttl=0.05)
        time.sleep(0.1)
        scheduler = MaintenanceScheduler(location, memory.settings, every_s=0.1).start()
        try:
            deadline = time.monotonic() + 30
            while scheduler.runs == 0 and time.monotonic() < deadline:
                time.sleep(0.05)
        finally:
            scheduler.stop()
        assert scheduler.runs >= 1 and scheduler.last is not None
        assert stored_rows(memory, "episodes", short.episode_id) == 0
    assert Settings.from_env({"MEMSTRATA_MAINTAIN_EVERY_S": "0"}).maintain_every_s == 0.0
