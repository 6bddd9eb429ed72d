"""Retrieval agents follow the scripted LLM's decisions; each result records its costs."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from fakes.openai_server import FakeLLMServer, Reply
from memstrata import Memory
from memstrata.config import LLMSettings, SemanticSettings, Settings
from memstrata.embed.base import EmbeddingCache
from memstrata.errors import InvalidInput


@pytest.fixture
def agent_memory(db_settings: dict[str, Any], embedder: EmbeddingCache, llm_settings: LLMSettings) -> Iterator[Memory]:
    settings = Settings(**db_settings, llm=llm_settings, semantic=SemanticSettings(agent_max_hops=3))
    with Memory(settings=settings, embedder=embedder, extractor=None, llm=None, user_id="u1") as seed:
        seed.add_many([seed.message(text, session_id="s1") for text in (
            "Alice lives in Lyon and works as a nurse", "Bob moved to Oslo last year", "My manager is Carol",
            "Carol's daughter studies violin in Vienna", "The weather was grey all week")])
    with Memory(settings=settings, embedder=embedder, extractor=None, user_id="u1") as mem:
        yield mem


def texts(result: object) -> list[str]:
    return [h.text for h in result.hits]  # type: ignore[attr-defined]


def test_split_query_runs_each_sub_query_and_merges(agent_memory: Memory, llm_server: FakeLLMServer) -> None:
    llm_server.push(Reply({"queries": ["where does Alice live", "where does Bob live"]},
                          prompt_tokens=40, completion_tokens=12))
    result = agent_memory.agent_search("Where do Alice and Bob live?", agent_mode="split", limit=4)
    assert result.agent == "split" and result.queries == ["where does Alice live", "where does Bob live"]
    found = texts(result)
    assert any("Lyon" in t for t in found) and any("Oslo" in t for t in found)
    assert len({(h.kind, h.id) for h in result.hits}) == len(result.hits)
    assert (result.llm_calls, result.prompt_tokens, result.completion_tokens) == (1, 40, 12)
    assert result.elapsed_ms > 0 and not llm_server.unscripted


def test_chain_of_query_follows_the_judge_and_stops_at_confidence(agent_memory: Memory,
                                                                  llm_server: FakeLLMServer) -> None:
    llm_server.push({"sufficient": False, "confidence": 0.3, "next_query": "Carol daughter"},
                    {"sufficient": True, "confidence": 0.85, "next_query": ""})
    result = agent_memory.agent_search("What instrument does my manager's daughter play?", agent_mode="chain",
                                       limit=5)
    assert result.queries == ["What instrument does my manager's daughter play?", "Carol daughter"]
    assert result.hops == 2 and result.confidence == 0.85 and result.llm_calls == 2
    assert any("violin" in t for t in texts(result))
    judge = llm_server.requests[1].prompt
    assert "Carol" in judge and "Searches so far" in judge  # the judge saw what the first hop found


def test_chain_of_query_stops_after_max_hops(agent_memory: Memory, llm_server: FakeLLMServer) -> None:
    llm_server.push(*[{"sufficient": False, "confidence": 0.2, "next_query": f"guess {n}"} for n in range(3)])
    result = agent_memory.agent_search("Who is Dave?", agent_mode="chain")
    assert result.hops == 3 and result.queries == ["Who is Dave?", "guess 0", "guess 1"]
    assert len(llm_server.requests) == 3 and result.confidence == 0.2


def test_router_picks_an_agent_and_direct_needs_no_llm(agent_memory: Memory, llm_server: FakeLLMServer) -> None:
    llm_server.push({"agent": "split", "reason": "two people"}, {"queries": ["Alice", "Bob"]})
    routed = agent_memory.agent_search("Alice and Bob?", agent_mode="router")
    assert (routed.agent, routed.routed_by, routed.llm_calls) == ("split", "router", 2)
    direct = agent_memory.agent_search("Where does Alice live?", agent_mode="direct")
    assert direct.agent == "direct" and direct.llm_calls == 0 and "Lyon" in texts(direct)[0]
    assert len(llm_server.requests) == 2


def test_agents_without_an_llm(db_path: Path) -> None:
    with Memory(settings=replace(Settings(), db_path=db_path), embedder=None, llm=None, user_id="u1") as mem:
        mem.add("Alice lives in Lyon")
        assert mem.agent_search("Alice", agent_mode="direct").hits
        with pytest.raises(InvalidInput, match="needs an LLM"):
            mem.agent_search("Alice", agent_mode="chain")
        with pytest.raises(InvalidInput, match="agent_mode must be"):
            mem.agent_search("Alice", agent_mode="magic")
