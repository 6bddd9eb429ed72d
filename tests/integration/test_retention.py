"""Expiry (TTL), the per-user cap, archive and bi-temporal reads, with the real model, on a real
SQLite file and a real PostgreSQL schema (``location``)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Fact, InvalidInput, Memory, Settings
from memstrata.embed.base import EmbeddingCache


def test_ttl_hides_episode_and_facts_at_once(location: str | Path, embedder: EmbeddingCache) -> None:
    with Memory(location, embedder=embedder, user_id="u1") as memory:
        _ttl_hides(memory)


def _ttl_hides(memory: Memory) -> None:
    result = memory.add("I'm allergic to peanuts", ttl=3600)
    assert memory.search("peanut allergy")
    later = datetime.now(UTC) + timedelta(hours=2)
    assert memory.search("peanut allergy", now=later) == []
    assert memory.list(kind="episode") and memory.list()  # still there an hour earlier
    fact = result.facts[0].fact
    assert fact.expires_at is not None and abs((fact.expires_at - datetime.now(UTC)).total_seconds() - 3600) < 60


def test_ttl_policy_by_kind_and_sensitivity(location: str | Path, embedder: EmbeddingCache) -> None:
    settings = replace(Settings(), ttl_seconds={"medium": 60.0})
    with Memory(location, settings=settings, embedder=embedder, user_id="u1") as memory:
        allergy = memory.add("I'm allergic to peanuts").facts[0].fact  # health.allergy: medium
        seat = memory.add("I prefer a window seat on planes").facts[0].fact  # travel.seat: low
        assert allergy.expires_at is not None and seat.expires_at is None
        with pytest.raises(InvalidInput, match="ttl"):
            memory.add("I like tea", ttl=0)


def test_ttl_policy_for_messages_from_the_environment(location: str | Path, embedder: EmbeddingCache) -> None:
    """``MEMSTRATA_TTL=message=N`` gives every stored message (episode record) a lifetime; a
    message's own ``ttl`` wins; an unknown name is an error, not a silently ignored setting."""
    settings = Settings.from_env({"MEMSTRATA_TTL": "message=600"})
    with Memory(location, settings=settings, embedder=embedder, user_id="u1") as memory:
        memory.add("We talked about plums and their season", session_id="s1")  # neighbours: expiry holds there too
        memory.add("Also about pears", ttl=7200, session_id="s1")
        in_20_min = datetime.now(UTC) + timedelta(minutes=20)
        assert [h.episode.content for h in memory.search("plums pears", kinds=("episode",), now=in_20_min)
                if h.episode] == ["Also about pears"]
        assert len(memory.search("plums pears", kinds=("episode",))) == 2
    for bad in ("messages=60", "bogus=5", "episode=0"):
        with pytest.raises(InvalidInput, match="MEMSTRATA_TTL"):
            Settings.from_env({"MEMSTRATA_TTL": bad})


def test_cap_archives_the_lowest_value_never_the_new_one(location: str | Path, embedder: EmbeddingCache) -> None:
    settings = replace(Settings(), max_active_facts=2)
    old = datetime(2020, 1, 1, tzinfo=UTC)
    with Memory(location, settings=settings, embedder=embedder, user_id="u1") as memory:
        weak = memory.add("I like jazz music", created_at=old).facts[0].fact  # importance 0.5, old
        strong = memory.add("I'm allergic to peanuts").facts[0].fact  # importance 0.9, new
        newest = memory.add("I like hiking", created_at=old - timedelta(days=900)).facts[0].fact
        active = {f.id for f in memory.list()}
        assert active == {strong.id, newest.id}  # the oldest weak one went, the one just written stayed
        archived = memory.get(weak.id)
        assert isinstance(archived, Fact) and archived.status == "archived"
        assert [e.action for e in memory.history(weak.id)[0][1]][-1] == "archive"
        assert all(h.id != weak.id for h in memory.search("jazz", kinds=("fact",)))
        assert any(h.id == weak.id for h in memory.search("jazz", kinds=("fact",), include_archived=True))


def test_as_of_answers_what_we_believed_then(location: str | Path, embedder: EmbeddingCache) -> None:
    with Memory(location, embedder=embedder, user_id="u1") as memory:
        _as_of(memory)


def _as_of(memory: Memory) -> None:
    before = memory.add("I prefer a window seat on planes").facts[0].fact
    between = datetime.now(UTC)
    after = memory.add("Actually I prefer an aisle seat now").facts[0].fact
    assert after.id != before.id
    now_values = [h.fact.value for h in memory.search("seat preference", kinds=("fact",)) if h.fact]
    then_values = [h.fact.value for h in memory.search("seat preference", kinds=("fact",), as_of=between) if h.fact]
    assert "window" in " ".join(then_values) and "aisle" not in " ".join(then_values)
    assert "aisle" in " ".join(now_values) and "window" not in " ".join(now_values)
    old = memory.get(before.id)
    assert isinstance(old, Fact) and old.expired_at is not None and old.recorded_at <= between < old.expired_at
