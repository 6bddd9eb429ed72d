"""``forget(filter=..., kind=...)``: forgetting exactly what ``list`` shows with the same filter,
inside the scope, on a real SQLite file and a real PostgreSQL schema (``db_settings``); the
text leaves the SQLite file; other users and other records stay."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from memstrata import Memory
from memstrata.config import SemanticSettings, Settings
from memstrata.errors import InvalidFilter, InvalidInput
from memstrata.types import Episode, Fact


def _digest(lines: list[tuple[str, int]], nonce: str) -> str:
    # The receipt's formula, written out here so the test checks it independently (lifecycle.forget.ids_digest).
    ids = "\n".join(f"{t}:{i}" for t, i in sorted(lines))
    return hashlib.sha256(f"memstrata forget receipt v2\nnonce:{nonce}\n{ids}".encode()).hexdigest()


def _facts(mem: Memory, **scope: Any) -> list[tuple[str, str]]:
    return sorted((f.key, f.value) for f in mem.list(status="all", **scope) if isinstance(f, Fact))


def test_forget_facts_by_filter_deletes_what_list_shows(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add("I'm allergic to peanuts")
        mem.add("我对芒果过敏")
        mem.add("I live in Berlin")
        mem.add("I live in Paris")  # supersedes Berlin: a superseded value is forgotten too
        mem.add("I'm allergic to peanuts", user_id="bob")
        preview = [f for f in mem.list(status="all", filter='tag = "health"') if isinstance(f, Fact)]
        assert sorted(f.value for f in preview) == ["peanuts", "芒果"]
        events = sum(len(ev) for _, ev in mem.history(key="health.allergy"))

        receipt = mem.forget(filter='tag = "health"')
        assert receipt.status == "done" and receipt["facts"] == 2 and receipt["episodes"] == 0
        assert receipt["memory_events"] == events
        assert receipt.ids_sha256 == _digest([("facts", f.id) for f in preview], receipt.nonce)
        assert _facts(mem) == [("identity.location", "Berlin"), ("identity.location", "Paris")]
        assert _facts(mem, user_id="bob") == [("health.allergy", "peanuts")]  # another user's: untouched
        assert len(mem.list(kind="episode")) == 4  # the episodes stay: kind is fact

        gone = mem.forget(filter='key = "identity.location"')
        assert gone["facts"] == 2 and _facts(mem) == []
        assert mem.forget(filter='tag = "health"')["facts"] == 0  # again: nothing left to match


def test_forget_episodes_by_filter_takes_the_facts_only_they_support(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        imported = mem.add("I prefer window seats", metadata={"source": "crm"})
        kept = mem.add("I'm allergic to peanuts", metadata={"source": "chat"})
        mem.add("I'm allergic to peanuts", metadata={"source": "crm"})  # restated: the fact has two sources
        mem.add("I prefer aisle seats", user_id="bob", metadata={"source": "crm"})
        preview = [e.id for e in mem.list(kind="episode", filter='metadata.source = "crm"')
                   if isinstance(e, Episode)]
        assert len(preview) == 2

        receipt = mem.forget(filter='metadata.source = "crm"', kind="episode")
        assert receipt["episodes"] == 2 and receipt["segments"] == 2
        seat = imported.facts[0].fact.id
        assert receipt["facts"] == 1 and receipt.ids_sha256 == _digest(
            [("episodes", e) for e in preview] + [("facts", seat)], receipt.nonce)
        assert [e.id for e in mem.list(kind="episode")] == [kept.episode_id]
        assert _facts(mem) == [("health.allergy", "peanuts")]  # still cited by the chat episode
        assert [h.kind for h in mem.search("window seats")] == []
        assert len(mem.list(kind="episode", user_id="bob")) == 1


def test_forget_by_filter_refuses_what_it_cannot_do_and_deletes_nothing(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="ann") as mem:
        mem.add("I'm allergic to peanuts")
        with pytest.raises(InvalidFilter, match="at character"):
            mem.forget(filter='tag ~ "health"')
        with pytest.raises(InvalidInput, match="kind must be 'fact' or 'episode'"):
            mem.forget(filter='tag = "health"', kind="facts")
        with pytest.raises(InvalidInput, match="give filter or before/fact_id, not both"):
            mem.forget(filter='tag = "health"', fact_id=1)
        # a field the kind never carries: nothing (or, negated, everything) would match
        with pytest.raises(InvalidFilter, match=r"character 5 .*facts have no field 'role' \(an episode field\)"):
            mem.forget(filter='NOT role = "user"')
        with pytest.raises(InvalidFilter, match=r"character 5 .*episodes have no field 'tag' \(a fact field\)"):
            mem.forget(filter='NOT tag = "health"', kind="episode")
        assert _facts(mem) == [("health.allergy", "peanuts")] and len(mem.list(kind="episode")) == 1


def test_forgotten_by_filter_leaves_no_bytes_in_the_file(db_path: Path) -> None:
    canary = "Zygomorphicplatypus"
    with Memory(db_path, embedder=None, user_id="ann") as mem:
        mem.add(f"Please remember that my locker word is {canary}", metadata={"source": "crm"})
        mem.add("I live in Oslo")
        receipt = mem.forget(filter='metadata.source = "crm"', kind="episode")
        assert receipt["episodes"] == 1 and receipt.wal_checkpointed is True
    files = [p for p in db_path.parent.iterdir() if p.name.startswith(db_path.name)]
    data = b"".join(p.read_bytes() for p in files)
    assert canary.encode() not in data and canary.lower().encode() not in data


def test_a_forget_of_older_messages_drops_the_short_term_summary_that_quoted_them(db_path: Path) -> None:
    # The extractive short-term summary quotes each folded message's first sentence: a `before`
    # or episode-filter forget left it in session_memory.
    settings = Settings(db_path=db_path, semantic=SemanticSettings(stm_capacity_chars=500, stm_summary_chars=300))
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    with Memory(db_path, settings=settings, embedder=None, user_id="u1", session_id="s1") as memory:
        for n in range(8):  # said in order; the locker word was said (dated) before the rest
            if n == 3:
                memory.add("Zorblattquince is my old locker word. It was a long time ago.", created_at=t0)
            memory.add(f"Turn {n}: we talk about the trip to Chengdu and what to pack.",
                       created_at=t0 + timedelta(days=1, minutes=n))
        assert "Zorblattquince" in memory.short_term().summary
        receipt = memory.forget(before=t0 + timedelta(hours=1))
        assert receipt["episodes"] == 1 and receipt["summaries"] == 1
        assert "Zorblattquince" not in memory.short_term().summary
    assert b"zorblattquince" not in b"".join(p.read_bytes() for p in db_path.parent.iterdir()).lower()
