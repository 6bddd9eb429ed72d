"""``Memory.forget_preview`` counts what the forget that follows deletes, and changes nothing;
``Memory.users`` lists a tenant's users. On a real SQLite file and a real PostgreSQL schema."""

from __future__ import annotations

from pathlib import Path

import pytest

from memstrata import InvalidInput, Memory

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


def test_a_preview_needs_an_explicit_user(location: str | Path) -> None:
    with Memory(location, embedder=None, user_id="alice") as memory:
        with pytest.raises(InvalidInput, match="needs a target"):
            memory.forget_preview()
        with pytest.raises(InvalidInput, match="give its user_id"):
            memory.forget_preview(session_id="s1")
