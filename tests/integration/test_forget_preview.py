"""``Memory.forget_preview`` counts what the forget that follows deletes, and changes nothing;
``Memory.users`` lists a tenant's users. On a real SQLite file and a real PostgreSQL schema."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from memstrata import AsyncMemory, InvalidInput, Memory
from memstrata.types import Episode, Fact

SAID = {("alice", "s1"): ["From now on ship with FedEx", "我以后都希望用顺丰", "I'm allergic to peanuts"],
        ("alice", "s2"): ["I live in Berlin", "My favourite colour is green", "I'm allergic to peanuts"],
        ("bob", "b1"): ["I live in Paris"]}


def _remember(memory: Memory) -> None:
    for (user, session), messages in SAID.items():
        for text in messages:
            memory.add(text, user_id=user, session_id=session, wait=True)


def _receipt_counts(receipt: object, names: dict[str, int]) -> dict[str, int]:
    return {name: receipt[name] for name in names}  # type: ignore[index]


def test_a_session_preview_names_the_facts_only_it_supports_and_the_forget_deletes_those(
        location: str | Path) -> None:
    with Memory(location, embedder=None, user_id="alice") as memory:
        _remember(memory)
        before = memory.counts(user_id="alice")
        preview = memory.forget_preview(user_id="alice", session_id="s2")
        assert memory.counts(user_id="alice") == before  # a preview deletes nothing
        values = {f.value for f in preview.facts}
        assert values == {"Berlin", "green"}  # peanuts was said in s1 too: it stays
        assert preview.sessions == ("s2",) and preview.counts["episodes"] == 3
        receipt = memory.forget(user_id="alice", session_id="s2")
        assert _receipt_counts(receipt, preview.counts) == preview.counts
        assert {f.value for f in memory.list(user_id="alice")} == {"顺丰", "peanuts"}


def test_a_user_preview_takes_every_fact_of_the_user_any_status_and_no_other_users(location: str | Path) -> None:
    with Memory(location, embedder=None, user_id="alice") as memory:
        _remember(memory)
        memory.update(memory.list(key="health.allergy", user_id="alice")[0].id, importance=0.95)
        preview = memory.forget_preview(user_id="alice")
        assert {f.value for f in preview.facts} >= {"FedEx", "顺丰", "Berlin", "peanuts"}
        assert {f.scope.user_id for f in preview.facts} == {"alice"}
        assert preview.sessions == ("s1", "s2")
        receipt = memory.forget(user_id="alice")
        assert _receipt_counts(receipt, preview.counts) == preview.counts
        assert [u.user_id for u in memory.users()] == ["bob"]


def test_users_lists_each_user_of_the_tenant_with_counts(location: str | Path) -> None:
    with Memory(location, embedder=None, user_id="alice") as memory:
        _remember(memory)
        memory.add("I live in Rome", user_id="carol", session_id="c1", org_id="other", wait=True)
        found = {u.user_id: (u.episodes, u.facts) for u in memory.users()}
        active = len(memory.list(user_id="alice"))
        assert found == {"alice": (6, active), "bob": (1, 1)}
        assert [u.user_id for u in memory.users(org_id="other")] == ["carol"]
        # a blank tenant (an unset variable) listed the instance's users as if that tenant were named
        for blank in ({"org_id": ""}, {"project_id": "  "}):
            with pytest.raises(InvalidInput, match="must be a non-empty string") as refused:
                memory.users(**blank)
            assert refused.value.details() == {"field": next(iter(blank))}


def test_a_preview_needs_a_target_as_forget_does(location: str | Path) -> None:
    with Memory(location, embedder=None, user_id="alice") as memory:
        _remember(memory)
        with pytest.raises(InvalidInput, match=r"forget_preview\(\) needs a target"):
            memory.forget_preview()
        # a narrowing target given as None is refused, as forget() refuses it: left out it widens the forget
        with pytest.raises(InvalidInput, match=r"forget_preview\(\): fact_id is None"):
            memory.forget_preview(user_id="alice", fact_id=None)
        with pytest.raises(InvalidInput, match="all_users=True"):
            memory.forget_preview(all_users=True, session_id="s1")
        # forget(session_id="s1") forgets the instance's user's s1, and its preview shows that
        assert memory.forget_preview(session_id="s1").counts == memory.forget_preview(
            user_id="alice", session_id="s1").counts


#: The targets of forget beyond a user or session; each case runs on a user of its own.
TARGETS: dict[str, Callable[[Memory, str], dict[str, Any]]] = {
    "fact": lambda m, u: {"fact_id": _fact(m, u, "health.allergy")},
    "fact with its messages": lambda m, u: {"fact_id": _fact(m, u, "health.allergy"), "sources": True},
    "message": lambda m, u: {"episode_id": _said(m, u, "I live in Berlin and I'm allergic to peanuts")},
    "filter of facts": lambda m, u: {"filter": 'key = "identity.location"'},
    "filter of episodes": lambda m, u: {"filter": 'session_id = "s1"', "kind": "episode"},
    "before": lambda m, u: {"before": datetime(2026, 3, 1, tzinfo=UTC)},
    "agent": lambda m, u: {"agent_id": "planner"},
    "session": lambda m, u: {"session_id": "s2"},
    "user": lambda m, u: {},
}
ABOUT = [("s1", None, datetime(2026, 1, 5, 9, tzinfo=UTC), "I live in Berlin and I'm allergic to peanuts"),
         ("s1", None, datetime(2026, 2, 5, 9, tzinfo=UTC), "My favourite colour is green"),
         ("s2", None, datetime(2026, 4, 5, 9, tzinfo=UTC), "I'm allergic to peanuts"),
         ("s2", "planner", datetime(2026, 4, 6, 9, tzinfo=UTC), "From now on ship with FedEx")]


def _fact(memory: Memory, user: str, key: str) -> int:
    return next(f.id for f in memory.list(key=key, user_id=user) if isinstance(f, Fact))


def _said(memory: Memory, user: str, text: str) -> int:
    return next(e.id for e in memory.list(kind="episode", user_id=user, limit=100)
                if isinstance(e, Episode) and e.content == text)


def _stored(memory: Memory, user: str) -> tuple[set[int], set[int]]:
    facts = {f.id for f in memory.list(status="all", user_id=user, limit=1000)}
    episodes: set[int] = set()
    for agent in (None, "planner"):
        episodes |= {e.id for e in memory.list(kind="episode", user_id=user, agent_id=agent, limit=1000)}
    return facts, episodes


def test_every_target_forget_takes_is_previewed_by_forget_preview_exactly(tmp_path: Path) -> None:
    """For each target forget takes, forget_preview with the same arguments counts what the forget then
    removes from a real SQLite file, lists the facts it removes, and the messages when it names them."""
    with Memory(tmp_path / "m.db", embedder=None) as memory:
        for user in TARGETS:
            for session, agent, said_at, text in ABOUT:
                memory.add(text, user_id=user, session_id=session, agent_id=agent, wait=True, created_at=said_at)
        for user, how in TARGETS.items():
            target = {"user_id": user, **how(memory, user)}
            facts, episodes = _stored(memory, user)
            preview = memory.forget_preview(**target)
            assert _stored(memory, user) == (facts, episodes), user  # a preview deletes nothing
            receipt = memory.forget(**target)
            left_facts, left_episodes = _stored(memory, user)
            assert _receipt_counts(receipt, preview.counts) == preview.counts, user
            assert {f.id for f in preview.facts} == facts - left_facts, user
            assert preview.counts["episodes"] == len(episodes - left_episodes), user
            if preview.episode_ids:
                assert set(preview.episode_ids) == episodes - left_episodes, user
        assert [u.user_id for u in memory.users()] == sorted(set(TARGETS) - {"user"})
        tenant = {"org_id": memory.scope.org_id, "project_id": memory.scope.project_id}
        everyone = memory.forget_preview(all_users=True, **tenant)
        assert everyone.counts["facts"] > 0
        assert _receipt_counts(memory.forget(all_users=True, **tenant), everyone.counts) == everyone.counts


def test_the_async_preview_takes_the_same_targets(tmp_path: Path) -> None:
    async def run() -> tuple[dict[str, int], dict[str, int]]:
        async with AsyncMemory(tmp_path / "m.db", embedder=None, user_id="ann") as memory:
            await memory.add("I'm allergic to peanuts and I ship with FedEx", wait=True)
            [fact] = await memory.list(key="health.allergy")
            preview = await memory.forget_preview(user_id="ann", fact_id=fact.id, sources=True)
            receipt = await memory.forget(user_id="ann", fact_id=fact.id, sources=True)
            return preview.counts, _receipt_counts(receipt, preview.counts)
    shown, deleted = asyncio.run(run())
    assert shown == deleted and shown["facts"] == 2 and shown["episodes"] == 1
