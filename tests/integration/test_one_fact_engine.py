"""Rule and LLM facts go through one fact engine (``facts.engine``): the same change said to a memory
with the rule extractor and to one whose LLM (a scripted OpenAI-protocol server over real HTTP)
answers the same change as commands leaves the same history: the same values in the same order,
the old one superseded when the new one was said, the same events, a returning value citing the
message that first said it, a withdrawal ending the value with no successor. Real Memory on a
SQLite file (and a PostgreSQL schema for the whole sequence)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from fakes.openai_server import FakeLLMServer
from memstrata import Memory
from memstrata.config import LLMSettings, SemanticSettings, Settings
from memstrata.embed.base import EmbeddingCache
from memstrata.types import Fact, MemoryEvent

SAID = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
FIRST, SECOND = "I prefer UPS for delivery.", "From now on send my parcels with FedEx."


def _history(mem: Memory, key: str) -> list[tuple[str, str, datetime | None, list[str]]]:
    """Each value of ``key`` oldest first: value, status, when it stopped holding, its event actions."""
    return [(f.value, f.status, f.valid_to, [e.action for e in events])
            for f, events in mem.history(key=key, user_id="u")]


def _actors(mem: Memory, key: str) -> set[str]:
    return {e.actor for _, events in mem.history(key=key, user_id="u") for e in events if isinstance(e, MemoryEvent)}


@pytest.fixture
def llm_memory(tmp_path: Path, embedder: EmbeddingCache, llm_settings: LLMSettings) -> Iterator[Memory]:
    settings = Settings(db_path=tmp_path / "llm.db", llm=llm_settings,
                        semantic=SemanticSettings(flush_every=100, flush_idle_s=3600, retry_backoff_s=0.0))
    with Memory(settings=settings, embedder=embedder, extractor=None) as mem:
        yield mem


def test_llm_add_and_rule_add_of_one_change_leave_the_same_history(
        tmp_path: Path, embedder: EmbeddingCache, llm_memory: Memory, llm_server: FakeLLMServer) -> None:
    with Memory(tmp_path / "rules.db", embedder=embedder) as rules:
        rules.add(FIRST, user_id="u", created_at=SAID)
        rules.add(SECOND, user_id="u", created_at=SAID + timedelta(hours=1))
        by_rules = _history(rules, "shipping.carrier")
        rule_actors = _actors(rules, "shipping.carrier")

    llm_server.push({"commands": [{"command": "add", "tag": "shipping", "feature": "carrier", "value": "UPS"}]})
    assert llm_memory.add(FIRST, user_id="u", created_at=SAID, wait=True).extraction == "done"
    llm_server.push({"commands": [
        {"command": "delete", "tag": "shipping", "feature": "carrier", "value": "UPS"},
        {"command": "add", "tag": "shipping", "feature": "carrier", "value": "FedEx"}]})
    assert llm_memory.add(SECOND, user_id="u", created_at=SAID + timedelta(hours=1), wait=True).extraction == "done"
    by_llm = _history(llm_memory, "profile.shipping.carrier")

    assert by_rules == [("UPS", "superseded", SAID + timedelta(hours=1), ["create", "supersede"]),
                        ("FedEx", "active", None, ["create"])]
    assert by_llm == by_rules
    assert rule_actors == {"extractor:rules-v1"} and _actors(llm_memory, "profile.shipping.carrier") == {
        "llm:openai:fake-model"}


def test_a_value_that_returns_cites_its_earlier_messages_whichever_extractor(
        tmp_path: Path, embedder: EmbeddingCache, llm_memory: Memory, llm_server: FakeLLMServer) -> None:
    """UPS → FedEx → UPS again: the returning UPS cites the first message too (it states the
    current value again), through the rules and through the LLM alike."""
    back = "Actually, go back to UPS."
    with Memory(tmp_path / "rules.db", embedder=embedder) as rules:
        for i, text in enumerate((FIRST, SECOND, back)):
            rules.add(text, user_id="u", created_at=SAID + timedelta(hours=i))
        by_rules = [(f.value, f.status, len(f.citations)) for f, _ in rules.history(key="shipping.carrier",
                                                                                    user_id="u")]
    def carrier(command: str, value: str) -> dict[str, str]:
        return {"command": command, "tag": "shipping", "feature": "carrier", "value": value}

    for i, (text, commands) in enumerate((
            (FIRST, [carrier("add", "UPS")]),
            (SECOND, [carrier("delete", "UPS"), carrier("add", "FedEx")]),
            (back, [carrier("delete", "FedEx"), carrier("add", "UPS")]))):
        llm_server.push({"commands": commands})
        llm_memory.add(text, user_id="u", created_at=SAID + timedelta(hours=i), wait=True)
    by_llm = [(f.value, f.status, len(f.citations)) for f, _ in llm_memory.history(key="profile.shipping.carrier",
                                                                                   user_id="u")]
    assert by_rules == [("UPS", "superseded", 1), ("FedEx", "superseded", 1), ("UPS", "active", 2)]
    assert by_llm == by_rules


START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)

#: (what the user says, the commands a model answers with) in the order said, a day apart.
SEQUENCE: list[tuple[str, list[dict[str, object]]]] = [
    ("I prefer UPS for delivery", [{"command": "add", "tag": "shipping", "feature": "carrier", "value": "UPS"}]),
    ("Actually, make it FedEx", [{"command": "delete", "tag": "shipping", "feature": "carrier", "value": "UPS"},
                                 {"command": "add", "tag": "shipping", "feature": "carrier", "value": "FedEx"}]),
    ("On second thought, UPS", [{"command": "delete", "tag": "shipping", "feature": "carrier", "value": "FedEx"},
                                {"command": "add", "tag": "shipping", "feature": "carrier", "value": "UPS"}]),
    ("I no longer use UPS", [{"command": "delete", "tag": "shipping", "feature": "carrier", "value": "UPS"}]),
]

Step = tuple[str, str, list[str], list[int], bool]


def _steps(timeline: Sequence[tuple[Fact, list[MemoryEvent]]], episodes: Sequence[int]) -> list[Step]:
    """Each fact as ``(value, status, event actions, cited messages by position, ends withdrawn)``."""
    return [(f.value, f.status, [e.action for e in events], sorted(episodes.index(c) for c in f.citations),
             any(e.action == "supersede" and e.detail.get("retracted") is True for e in events))
            for f, events in timeline]


def _say(mem: Memory, *, wait: bool) -> list[int]:
    """Say the sequence, a day apart; with ``wait`` each message's LLM extraction is applied before
    the next is said. Returns the episode ids in order."""
    return [mem.add(text, created_at=START + timedelta(days=i), wait=wait).episode_id
            for i, (text, _) in enumerate(SEQUENCE)]


def test_llm_and_rule_facts_of_one_change_sequence_leave_the_same_steps(
        db_settings: dict[str, Any], embedder: EmbeddingCache, llm_settings: LLMSettings,
        llm_server: FakeLLMServer) -> None:
    with Memory(settings=Settings(**db_settings), embedder=embedder, user_id="rules") as mem:
        episodes = _say(mem, wait=False)
        rule_history = _steps(mem.history(key="shipping.carrier"), episodes)

    llm_server.push(*({"commands": commands} for _, commands in SEQUENCE))
    settings = Settings(**db_settings, llm=llm_settings,
                        semantic=SemanticSettings(flush_every=100, flush_idle_s=3600, retry_backoff_s=0.0))
    with Memory(settings=settings, embedder=embedder, extractor=None, user_id="llm") as mem:
        episodes = _say(mem, wait=True)
        llm_history = _steps(mem.history(key="profile.shipping.carrier"), episodes)
    assert not llm_server.unscripted

    expected: list[Step] = [
        ("UPS", "superseded", ["create", "supersede"], [0], False),
        ("FedEx", "superseded", ["create", "supersede"], [1], False),
        # the returning value cites the first message too, and the withdrawal ends it with no successor
        ("UPS", "superseded", ["create", "supersede"], [0, 2], True),
    ]
    assert rule_history == expected
    assert llm_history == expected
