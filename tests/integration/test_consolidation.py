"""Consolidation past the threshold: commands merge features, every change is logged, and the
run is reversible from the audit history."""

from __future__ import annotations

import json
from typing import Any

from fakes.openai_server import FakeLLMServer, Reply, Request
from memstrata import Memory
from memstrata.config import LLMSettings, SemanticSettings, Settings
from memstrata.types import Fact


def _features(request: Request) -> list[dict[str, object]]:
    text = request.body["messages"][-1]["content"]
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def test_consolidation_merges_through_commands_and_undo_restores(db_settings: dict[str, Any], llm_server: FakeLLMServer,
                                                                 llm_settings: LLMSettings) -> None:
    settings = Settings(**db_settings, llm=llm_settings, semantic=SemanticSettings(flush_every=100,
                                                                                     consolidate_at=3))
    adds = [("drinks", "coffee", "likes coffee"), ("drinks", "coffee order", "flat white, no sugar"),
            ("home", "city", "Lyon"), ("work", "job", "nurse")]
    llm_server.push({"commands": [{"command": "add", "tag": t, "feature": f, "value": v} for t, f, v in adds]})

    def consolidate(request: Request) -> Reply:
        assert "too many features" in request.body["messages"][0]["content"]
        coffee = [f for f in _features(request) if f["tag"] == "drinks"]
        return Reply({"commands": [
            *({"command": "delete", "tag": f["tag"], "feature": f["feature"], "value": f["value"]} for f in coffee),
            {"command": "add", "tag": "drinks", "feature": "coffee", "value": "likes coffee: flat white, no sugar",
             "cite": [f["id"] for f in coffee]}]})

    llm_server.respond_with(consolidate)
    with Memory(settings=settings, embedder=None, user_id="u1", session_id="s1") as mem:
        result = mem.add("I love coffee, always a flat white without sugar. I'm a nurse in Lyon.", wait=True)
        assert len(result.semantic) == 4 and len(llm_server.requests) == 2  # extraction, then consolidation
        active = {f.value: f for f in mem.list(key="profile") if isinstance(f, Fact)}
        assert sorted(active) == ["Lyon", "likes coffee: flat white, no sugar", "nurse"]
        merged = active["likes coffee: flat white, no sugar"]
        assert merged.citations == (result.episode_id,)  # the merged feature cites the original episode

        (run,) = [r["run"] for r in mem.semantic.runs(mem._scope())]
        assert run.startswith("consolidation:")
        old = [f for f in mem.list(key="profile.drinks", status="all") if isinstance(f, Fact) and f.id != merged.id]
        assert {f.status for f in old} == {"superseded", "archived"}
        events = mem.store.events(mem._scope(), [f.id for f in old] + [merged.id])
        assert all(e.detail.get("run") == run for e in events if e.actor.startswith("consolidator:"))
        assert {e.action for e in events if e.actor.startswith("consolidator:")} == {"create", "supersede",
                                                                                     "deactivate"}

        assert mem.undo(run) == {"archived": 1, "restored": 2}
        after = {f.value: f.status for f in mem.list(key="profile", status="all") if isinstance(f, Fact)}
        assert after == {"likes coffee": "active", "flat white, no sugar": "active", "Lyon": "active",
                         "nurse": "active", "likes coffee: flat white, no sugar": "archived"}
        restored = mem.history(key="profile.drinks.coffee")
        assert [e.action for f, ev in restored if f.value == "likes coffee" for e in ev][-1] == "restore"
        assert all(f.valid_to is None for f in mem.list(key="profile") if isinstance(f, Fact))


def test_below_the_threshold_no_consolidation_call(db_settings: dict[str, Any], llm_server: FakeLLMServer,
                                                   llm_settings: LLMSettings) -> None:
    settings = Settings(**db_settings, llm=llm_settings, semantic=SemanticSettings(consolidate_at=20))
    llm_server.push({"commands": [{"command": "add", "tag": "home", "feature": "city", "value": "Lyon"}]})
    with Memory(settings=settings, embedder=None, user_id="u1", session_id="s1") as mem:
        mem.add("I live in Lyon", wait=True)
    assert len(llm_server.requests) == 1 and not llm_server.unscripted


def test_a_pass_that_cannot_shrink_is_not_repeated_until_the_category_grows(
        db_settings: dict[str, Any], llm_server: FakeLLMServer, llm_settings: LLMSettings) -> None:
    settings = Settings(**db_settings, llm=llm_settings, semantic=SemanticSettings(consolidate_at=1))

    def feature(value: str) -> dict[str, object]:
        return {"commands": [{"command": "add", "tag": "notes", "feature": value, "value": value}]}

    with Memory(settings=settings, embedder=None, user_id="u1", session_id="s1") as mem:
        llm_server.push({"commands": [{"command": "add", "tag": "a", "feature": "x", "value": "1"},
                                      {"command": "add", "tag": "b", "feature": "y", "value": "2"}]},
                        {"commands": []})  # extraction, then a consolidation that keeps both
        mem.add("first", wait=True)
        assert len(llm_server.requests) == 2
        llm_server.push({"commands": []})
        mem.add("second, nothing new", wait=True)
        assert len(llm_server.requests) == 3  # extraction only: still 2 features, as the last pass left
        llm_server.push(feature("3"), {"commands": []})
        mem.add("third, one more", wait=True)
        assert len(llm_server.requests) == 5 and not llm_server.unscripted  # grew to 3: consolidated again
        assert [r["features_after"] for r in mem.semantic.runs(mem._scope())] == [3, 2]


def test_consolidation_keeps_a_projects_features_in_their_folder(db_settings: dict[str, Any], llm_server: FakeLLMServer,
                                                                 llm_settings: LLMSettings) -> None:
    # the model merged two of /home/dev/a's features: the deletes found nothing (they were looked for among the
    # user's own) and the merged one became the user's, in every folder
    settings = Settings(**db_settings, llm=llm_settings, semantic=SemanticSettings(flush_every=100,
                                                                                     consolidate_at=3))
    adds = [("project", "package manager", "pnpm"), ("project", "installs", "pnpm install"),
            ("home", "city", "Lyon"), ("work", "job", "nurse")]
    llm_server.push({"commands": [{"command": "add", "tag": t, "feature": f, "value": v, "project": t == "project"}
                                  for t, f, v in adds]})

    def consolidate(request: Request) -> Reply:
        assert '"project": true' in request.body["messages"][0]["content"]
        ours = [f for f in _features(request) if f.get("in") == "/home/dev/a"]
        assert len(ours) == 2, ours
        return Reply({"commands": [
            *({"command": "delete", "tag": f["tag"], "feature": f["feature"], "value": f["value"], "project": True}
              for f in ours),
            {"command": "add", "tag": "project", "feature": "package manager", "value": "pnpm (pnpm install)",
             "cite": [f["id"] for f in ours], "project": True}]})

    llm_server.respond_with(consolidate)
    with Memory(settings=settings, embedder=None, user_id="u1", session_id="s1") as mem:
        mem.add("This repo installs with pnpm install. I'm a nurse in Lyon.", metadata={"project": "/home/dev/a"},
                wait=True)
        active = {f.value: f.project for f in mem.list(key="profile") if isinstance(f, Fact)}
        assert active == {"pnpm (pnpm install)": "/home/dev/a", "Lyon": None, "nurse": None}, active
