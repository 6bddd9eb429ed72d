"""LLM profile extraction end to end: real Memory and SQLite file, real HTTP to the scripted server."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fakes.openai_server import FakeLLMServer, Reply
from memstrata import Memory
from memstrata.config import LLMSettings, SemanticSettings, Settings
from memstrata.embed.base import EmbeddingCache
from memstrata.errors import MemstrataError
from memstrata.types import Fact

ACTOR = "llm:openai:fake-model"


def add(tag: str, feature: str, value: str, cite: list[int] | None = None) -> dict[str, object]:
    return {"command": "add", "tag": tag, "feature": feature, "value": value, "cite": cite or []}


def delete(tag: str, feature: str, value: str) -> dict[str, object]:
    return {"command": "delete", "tag": tag, "feature": feature, "value": value}


@pytest.fixture
def llm_memory(db_settings: dict[str, Any], embedder: EmbeddingCache, llm_settings: LLMSettings) -> Iterator[Memory]:
    settings = Settings(**db_settings, llm=llm_settings,
                        semantic=SemanticSettings(flush_every=100, flush_idle_s=3600, retry_backoff_s=0.0))
    with Memory(settings=settings, embedder=embedder, user_id="u1", session_id="s1") as mem:
        yield mem


def profile(mem: Memory, status: str = "active") -> dict[str, Fact]:
    facts = mem.list(key="profile", status=status)
    return {f"{f.key}={f.value}": f for f in facts if isinstance(f, Fact)}


def test_add_delete_and_update_commands_go_through_supersede_and_audit(llm_memory: Memory,
                                                                      llm_server: FakeLLMServer) -> None:
    llm_server.push({"commands": [add("travel", "plans", "Chengdu in May with the kids"),
                                  add("family", "children", "has kids")]})
    first = llm_memory.add("We're flying to Chengdu with the kids in May", wait=True)
    assert first.extraction == "done"
    assert sorted(c.fact.key for c in first.semantic) == ["profile.family.children", "profile.travel.plans"]
    facts = profile(llm_memory)
    plan = facts["profile.travel.plans=Chengdu in May with the kids"]
    assert plan.citations == (first.episode_id,) and plan.tag == "travel"
    assert "Stored features:\n(none)" in llm_server.requests[0].prompt
    assert "flying to Chengdu" in llm_server.requests[0].prompt

    # update = delete + add under one feature: the old value is superseded, not lost
    llm_server.push({"commands": [delete("travel", "plans", "Chengdu in May with the kids"),
                                  add("travel", "plans", "Xi'an in May with the kids")]})
    second = llm_memory.add("Change of plan: Xi'an instead of Chengdu", wait=True)
    assert "Chengdu in May with the kids" in llm_server.requests[1].prompt  # the model saw the stored feature
    assert [c.action for c in second.semantic] == ["supersede"]
    assert [p.value for p in second.semantic[0].previous] == ["Chengdu in May with the kids"]
    timeline = llm_memory.history(key="profile.travel.plans")
    assert [(f.value, f.status) for f, _ in timeline] == [
        ("Chengdu in May with the kids", "superseded"), ("Xi'an in May with the kids", "active")]
    old_events = [(e.action, e.actor) for e in timeline[0][1]]
    assert old_events == [("create", ACTOR), ("supersede", ACTOR)]
    assert timeline[0][0].valid_to is not None
    assert timeline[1][0].citations == (second.episode_id,)

    # a lone delete heard in conversation withdraws the value, as a rule withdrawal does
    # ("I no longer ..."): superseded with no successor, the supersede event marked retracted
    llm_server.push({"commands": [delete("family", "children", "has kids")]})
    withdrawn = llm_memory.add("Sorry, I got confused, I have no kids, those were my sister's", wait=True)
    assert [c.action for c in withdrawn.semantic] == ["retract"]
    kids = llm_memory.history(key="profile.family.children")
    assert [(f.status, [e.action for e in ev]) for f, ev in kids] == [("superseded", ["create", "supersede"])]
    assert kids[0][1][1].detail["retracted"] is True and kids[0][1][1].detail["superseded_by"] is None
    # restating a stored value touches it instead of duplicating
    llm_server.push({"commands": [add("travel", "plans", "Xi'an in May with the kids")]})
    again = llm_memory.add("Yes, Xi'an in May, with the kids", wait=True)
    assert [c.action for c in again.semantic] == ["touch"]
    assert len(profile(llm_memory)) == 1
    assert not llm_server.unscripted
    usage = llm_memory.queue_status()["usage"]  # the fake server reports 11 + 7 tokens per answer
    assert (usage["llm_calls"], usage["llm_prompt_tokens"], usage["llm_completion_tokens"]) == (4, 44, 28)


def test_rule_facts_keep_working_beside_llm_features(llm_memory: Memory, llm_server: FakeLLMServer) -> None:
    llm_server.push({"commands": [add("food", "diet", "vegetarian")]})
    result = llm_memory.add("I'm vegetarian", wait=True)
    assert result.semantic and result.semantic[0].fact.value == "vegetarian"
    hits = llm_memory.search("what does the user eat", kinds=("fact",))
    assert any(h.fact is not None and h.fact.key == "profile.food.diet" for h in hits)


FAILURES = {
    "malformed_json": [Reply("{\"commands\": [")] * 2,
    "wrong_schema": [Reply({"commands": [{"command": "remember", "tag": "x"}]}), Reply({"cmds": []})],
    "http_429": [Reply(status=429)] * 3,
    "http_500": [Reply(status=500)] * 3,
    "timeout": [Reply({"commands": []}, delay_s=0.8)] * 3,
}


@pytest.mark.parametrize("failure", sorted(FAILURES))
def test_failures_write_nothing_are_logged_and_retried(db_settings: dict[str, Any], llm_server: FakeLLMServer,
                                                       llm_settings: LLMSettings, failure: str,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    settings = Settings(**db_settings, llm=LLMSettings(**{**llm_settings.__dict__, "timeout_s": 0.3}),
                        semantic=SemanticSettings(flush_every=100, retry_backoff_s=0.0))
    with Memory(settings=settings, embedder=None, extractor=None, user_id="u1", session_id="s1") as mem:
        llm_server.push(*FAILURES[failure])
        with caplog.at_level(logging.WARNING):
            result = mem.add("My favourite tea is oolong", wait=True)
        assert result.extraction == "retry"
        assert mem.list(key="profile", status="all") == []
        assert mem.store.counts()["events"] == 0
        status = mem.queue_status()
        assert (status["pending"], status["done"]) == (1, 0) and status["last_error"]
        # every scripted answer was taken before the next is queued (a timed-out request may reach
        # the server thread after the client gave up on it)
        assert llm_server.wait_for(2 if failure in ("malformed_json", "wrong_schema") else 3) == len(FAILURES[failure])
        assert any("failed" in r.getMessage() for r in caplog.records)

        llm_server.push({"commands": [add("drinks", "tea", "oolong")]})
        assert mem.flush() == 1
        assert [f.value for f in mem.list(key="profile")] == ["oolong"]  # type: ignore[union-attr]
        assert mem.queue_status()["done"] == 1
        assert mem.flush() == 0  # nothing applied twice


def test_chinese_conversation_gives_chinese_features(llm_memory: Memory, llm_server: FakeLLMServer) -> None:
    llm_server.push({"commands": [add("饮食", "忌口", "不吃辣"), add("出行", "计划", "五月带孩子去成都")]})
    result = llm_memory.add("我不吃辣。五月份我们要带孩子飞成都。", wait=True)
    system = llm_server.requests[0].body["messages"][0]["content"]
    assert "Chinese (中文)" in system and "never translate" in system
    values = {c.fact.key: c.fact.value for c in result.semantic}
    assert values == {"profile.饮食.忌口": "不吃辣", "profile.出行.计划": "五月带孩子去成都"}
    hits = llm_memory.search("去成都的计划", kinds=("fact",))
    # the rule extractor's own dated plan (日程：带孩子飞成都) may rank beside it; the LLM's fact is found, cited
    semantic = [h for h in hits if h.fact is not None and h.fact.key.startswith("profile.")]
    assert semantic and semantic[0].fact is not None and semantic[0].fact.value == "五月带孩子去成都", hits
    assert semantic[0].citations == (result.episode_id,)
    assert hits.index(semantic[0]) <= 1, hits


def test_flush_policy_every_n_messages_idle_and_end_session(db_settings: dict[str, Any], llm_server: FakeLLMServer,
                                                            llm_settings: LLMSettings) -> None:
    settings = Settings(**db_settings, llm=llm_settings,
                        semantic=SemanticSettings(flush_every=3, flush_idle_s=3600))
    with Memory(settings=settings, embedder=None, user_id="u1", session_id="s1") as mem:
        worker = mem.semantic.worker()
        mem.add("I live in Lyon")
        mem.add("I work as a nurse")
        assert worker.run_once() is None  # 2 < flush_every
        mem.add("I have a cat called Miso")
        llm_server.push({"commands": [add("home", "city", "Lyon"), add("work", "job", "nurse"),
                                      add("pets", "cat", "Miso")]})
        report = worker.run_once()
        assert report is not None and len(report.batch.episode_ids) == 3 and len(llm_server.requests) == 1
        mem.add("I prefer trains to planes", session_id="s2")
        assert worker.run_once() is None
        llm_server.push({"commands": [add("travel", "transport", "trains over planes")]})
        assert mem.end_session(session_id="s2") == 1
        # the instance's session narrows facts to those its episodes support (docs/python-api.md, scopes)
        assert (len(mem.list(key="profile")), len(mem.list(key="profile", session_id="s2"))) == (3, 1)
    idle = Settings(**db_settings, llm=llm_settings, semantic=SemanticSettings(flush_every=100, flush_idle_s=0))
    with Memory(settings=idle, embedder=None, user_id="u1", session_id="s3") as mem:
        mem.add("I'm learning Rust")
        llm_server.push({"commands": []})
        assert mem.semantic.worker().run_once() is not None  # idle for >= 0 s: ready


def test_without_an_llm_nothing_is_queued(memory: Memory) -> None:
    result = memory.add("I prefer SF Express for shipping", wait=True)
    assert result.extraction == "none" and result.facts
    assert memory.queue_status()["pending"] == 0 and memory.queue_status()["llm"] is None


def test_features_follow_the_ttl_policy(db_settings: dict[str, Any], llm_server: FakeLLMServer,
                                        llm_settings: LLMSettings) -> None:
    settings = Settings(**db_settings, llm=llm_settings, ttl_seconds={"fact": 3600.0})
    llm_server.push({"commands": [add("plans", "weekend", "hiking")]})
    with Memory(settings=settings, embedder=None, user_id="u1", session_id="s1") as mem:
        result = mem.add("This weekend I'm going hiking", wait=True)
        fact = result.semantic[0].fact
        assert fact.expires_at is not None and 3590 < (fact.expires_at - fact.created_at).total_seconds() <= 3600


def test_anthropic_provider_drives_extraction(db_settings: dict[str, Any], llm_server: FakeLLMServer,
                                              llm_settings: LLMSettings) -> None:
    llm = LLMSettings(**{**llm_settings.__dict__, "provider": "anthropic", "base_url": llm_server.root_url})
    llm_server.push({"commands": [add("home", "city", "Lyon")]})
    with Memory(settings=Settings(**db_settings, llm=llm), embedder=None, user_id="u1", session_id="s1") as mem:
        result = mem.add("I live in Lyon", wait=True)
    assert [c.fact.value for c in result.semantic] == ["Lyon"]
    assert llm_server.requests[0].path == "/v1/messages"


def test_background_worker_thread_extracts_without_blocking_add(db_settings: dict[str, Any], llm_server: FakeLLMServer,
                                                                llm_settings: LLMSettings) -> None:
    import threading

    release = threading.Event()

    def slow(request: object) -> Reply:
        release.wait(30)  # the answer waits until add() has returned
        return Reply({"commands": [add("home", "city", "Lyon")]})

    llm_server.respond_with(slow)
    settings = Settings(**db_settings, llm=llm_settings, semantic=SemanticSettings(flush_every=1))
    with Memory(settings=settings, embedder=None, extractor=None, user_id="u1", session_id="s1") as mem:
        mem.start_worker(poll_s=0.02)
        result = mem.add("I live in Lyon")
        assert result.extraction == "queued" and mem.list(key="profile") == []
        assert mem.search("Lyon", kinds=("episode",))  # stored and searchable before extraction
        release.set()
        deadline = time.monotonic() + 90  # generous: the suite may share two cores with other runs
        while mem.queue_status()["done"] != 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert mem.queue_status()["worker_running"] is True
        assert [f.value for f in mem.list(key="profile")] == ["Lyon"]  # type: ignore[union-attr]


def test_user_categories_from_a_file_each_get_their_own_prompt(db_settings: dict[str, Any], tmp_path: Path,
                                                                llm_server: FakeLLMServer,
                                                                llm_settings: LLMSettings) -> None:
    import json

    from memstrata.errors import InvalidInput
    from memstrata.semantic.categories import load_categories

    spec = tmp_path / "categories.json"
    spec.write_text(json.dumps([{"name": "crm", "prompt": "the customer's plan and open issues",
                                 "examples": ["plan", "issues"]}]), encoding="utf-8")
    env = {"MEMSTRATA_CATEGORIES": str(spec)}
    settings = Settings.from_env(env, **db_settings, llm=llm_settings)
    llm_server.push({"commands": [add("work", "role", "buyer at ACME")]},
                    {"commands": [add("plan", "tier", "enterprise"), add("issues", "open", "invoice #42 wrong")]})
    with Memory(settings=settings, embedder=None, user_id="u1", session_id="s1") as mem:
        result = mem.add("I'm the buyer at ACME; we're on the enterprise plan and invoice #42 is wrong", wait=True)
    assert sorted(c.fact.key for c in result.semantic) == ["crm.issues.open", "crm.plan.tier", "profile.work.role"]
    systems = [r.body["messages"][0]["content"] for r in llm_server.requests]
    assert '"profile" memory' in systems[0] and '"crm" memory' in systems[1] and "plan, issues" in systems[1]

    spec.write_text(json.dumps([{"name": "Bad Name", "prompt": "x"}]), encoding="utf-8")
    with pytest.raises(InvalidInput, match=r"item 0: category name 'Bad Name'"):
        load_categories(spec)
    spec.write_text("{not json", encoding="utf-8")
    with pytest.raises(InvalidInput, match="cannot read"):
        load_categories(spec)


def test_the_llm_is_told_what_the_rule_extractor_already_took(llm_memory: Memory, llm_server: FakeLLMServer) -> None:
    llm_server.push({"commands": [add("travel", "plans", "Chengdu in May")]})
    result = llm_memory.add("From now on ship with FedEx. We fly to Chengdu in May.", wait=True)
    assert "shipping.carrier" in [c.fact.key for c in result.facts]  # the rule extractor, inline
    prompt = llm_server.requests[0].body["messages"][-1]["content"]
    assert "do not add these again" in prompt and "- shipping.carrier = FedEx" in prompt
    assert [c.fact.key for c in result.semantic] == ["profile.travel.plans"]


def test_llm_features_pass_the_privacy_gate(llm_memory: Memory, llm_server: FakeLLMServer,
                                           db_settings: dict[str, Any]) -> None:
    """The model can copy a placeholder or restate a secret: drop kinds never become facts,
    redact kinds are stored as placeholders, and nothing of either reaches the file."""
    key = "sk-proj-Zq8vN2kLmR4tXw9YbC7dE1fG"
    llm_server.push({"commands": [add("account", "password", "[REDACTED:password]"),
                                  add("account", "api key", key),
                                  add("contact", "email", "write to bob.li@example.com"),
                                  add("food", "likes", "hand-pulled noodles")]})
    result = llm_memory.add("my password is hunter2hunter, write to bob.li@example.com; I love hand-pulled noodles",
                            wait=True)
    assert result.extraction == "done"
    facts = profile(llm_memory)
    assert sorted(facts) == ["profile.contact.email=write to [REDACTED:email]",
                             "profile.food.likes=hand-pulled noodles"]
    llm_memory.close()
    if "db_path" not in db_settings:
        return  # PostgreSQL keeps no file of its own here; the facts above are what it stored
    db_path = db_settings["db_path"]
    stored = b"".join(p.read_bytes() for p in db_path.parent.iterdir() if p.name.startswith(db_path.name))
    for secret in (key, "bob.li@example.com", "hunter2hunter"):
        assert secret.encode() not in stored


def test_add_wait_with_an_llm_that_cannot_load_writes_nothing(db_settings: dict[str, Any]) -> None:
    """A configured LLM whose client cannot be built fails the call before the message is
    stored, so retrying does not leave duplicate episodes behind."""
    settings = Settings(**db_settings, llm=LLMSettings(provider="no-such-provider", model="m"))
    with Memory(settings=settings, embedder=None, user_id="u1", session_id="s1") as mem:
        for _ in range(2):
            with pytest.raises(MemstrataError):
                mem.add("We're flying to Chengdu in May", wait=True)
        assert mem.list(kind="episode") == []


def test_a_feature_the_model_marks_project_is_the_folders_it_was_said_in(llm_memory: Memory,
                                                                       llm_server: FakeLLMServer) -> None:
    """The LLM's project conventions get their folder where the rule extractor's do (``facts.terms.subject_of``):
    pnpm said in /home/dev/a and poetry in /home/dev/b are two folders' features; a change said in a replaces a's."""
    a, b = "/home/dev/a", "/home/dev/b"
    llm_server.push({"commands": [{**add("project", "package manager", "pnpm"), "project": True},
                                  add("food", "likes", "ramen")]})
    llm_memory.add("In this repo we install with pnpm. Also, I love ramen.", metadata={"project": a}, wait=True)
    llm_server.push({"commands": [{**add("project", "package manager", "poetry"), "project": True}]})
    llm_memory.add("Here the dependencies are managed with poetry.", metadata={"project": b}, wait=True)
    seen = llm_server.requests[1].prompt  # the model is told where each stored feature and message was said
    assert '"value": "pnpm", "project": true, "in": "/home/dev/a"' in seen and ", in /home/dev/b): Here" in seen
    facts = profile(llm_memory)
    assert (facts["profile.project.package_manager=pnpm"].project,
            facts["profile.project.package_manager=poetry"].project) == (a, b)
    assert facts["profile.food.likes=ramen"].subject is None  # the user's own, said in a folder or not

    llm_server.push({"commands": [{**delete("project", "package manager", "pnpm"), "project": True},
                                  {**add("project", "package manager", "bun"), "project": True}]})
    llm_memory.add("We switched this repo from pnpm to bun.", metadata={"project": a}, wait=True)
    now = profile(llm_memory)
    assert sorted(k for k in now if k.startswith("profile.project.")) == [
        "profile.project.package_manager=bun", "profile.project.package_manager=poetry"]
    assert now["profile.project.package_manager=bun"].project == a
    block = llm_memory.context("What do you know about me?", project_folder=b, budget_tokens=2000)
    assert "poetry" in block and "bun" not in block and "pnpm" not in block, block
