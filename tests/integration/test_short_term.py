"""Short-term memory: the window stays within capacity, the rolling summary within its share,
with the extractive fallback and with the LLM; search modes short_term / long_term / both."""

from __future__ import annotations

from typing import Any

import pytest

from fakes.openai_server import FakeLLMServer, Reply, Request
from memstrata import Memory
from memstrata.config import LLMSettings, SemanticSettings, Settings
from memstrata.embed.base import EmbeddingCache
from memstrata.errors import InvalidInput

SMALL = SemanticSettings(stm_capacity_chars=400, stm_summary_chars=120)


def test_eviction_keeps_window_and_summary_within_capacity(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings, semantic=SMALL), embedder=None, user_id="u1",
                session_id="s1") as mem:
        for n in range(30):
            mem.add(f"Message number {n} talks about topic {n}. It has a second sentence that is not kept.",
                    speaker="alice")
            stm = mem.short_term()
            assert len(stm.summary) <= 120 and stm.chars <= 400
        assert stm.episodes[-1].content.startswith("Message number 29")
        assert stm.episodes[0].sequence_num == stm.summarised_through + 1  # nothing lost between them
        assert stm.summary.splitlines()[-1] == f"alice: Message number {stm.summarised_through - 1} talks about " \
                                               f"topic {stm.summarised_through - 1}."
        assert "second sentence" not in stm.summary
        assert mem.short_term(session_id="other").episodes == ()


def test_llm_summary_is_used_and_cut_to_its_budget(db_settings: dict[str, Any], llm_server: FakeLLMServer,
                                                   llm_settings: LLMSettings) -> None:
    def answer(request: Request) -> Reply:
        if "running summary" in request.body["messages"][0]["content"]:
            return Reply({"summary": "Alice planned a trip. " * 20})  # too long on purpose
        return Reply({"commands": []})

    llm_server.respond_with(answer)
    settings = Settings(**db_settings, llm=llm_settings, semantic=SMALL)
    with Memory(settings=settings, embedder=None, user_id="u1", session_id="s1") as mem:
        for n in range(12):
            mem.add(f"Turn {n}: we talk about the trip to Chengdu and what to pack for it.", role="assistant")
        stm = mem.short_term()
        assert stm.summary.startswith("Alice planned a trip.") and len(stm.summary) == 120
        assert stm.chars <= 400
        summaries = [r for r in llm_server.requests if "running summary" in r.body["messages"][0]["content"]]
        assert summaries and "Turn 0" in summaries[0].prompt


def test_search_modes(db_settings: dict[str, Any], embedder: EmbeddingCache) -> None:
    settings = Settings(**db_settings, semantic=SemanticSettings(stm_capacity_chars=300, stm_summary_chars=60))
    with Memory(settings=settings, embedder=embedder, user_id="u1") as mem:
        old = mem.add("My sister lives in Chengdu and loves hotpot", session_id="old")
        early = mem.add("We will visit Chengdu in May to eat hotpot", session_id="now")
        for n in range(6):
            mem.add(f"Filler line {n} about the weather being grey and rainy today", session_id="now")
        recent = mem.add("Chengdu hotpot restaurant booking is at 7pm", session_id="now")
        window = {e.id for e in mem.short_term(session_id="now").episodes}
        assert recent.episode_id in window and early.episode_id not in window

        short = mem.search("Chengdu hotpot", mode="short_term", session_id="now", kinds=("episode",))
        assert short[0].id == recent.episode_id and {h.id for h in short} <= window
        assert all(h.signals["short_term"] == 1.0 for h in short)
        both = mem.search("Chengdu hotpot", mode="both", session_id="now", kinds=("episode",))
        ids = [h.id for h in both]
        assert {recent.episode_id, early.episode_id, old.episode_id} <= set(ids)
        assert len(ids) == len(set(ids))  # an STM episode is not repeated from long-term
        assert {h.id for h in both if h.signals.get("short_term")} == {h.id for h in short}
        assert not {h.id for h in both if not h.signals.get("short_term")} & window
        long = mem.search("Chengdu hotpot", session_id="now", kinds=("episode",))
        assert old.episode_id not in {h.id for h in long}  # long_term: the scope as given, as before
        assert all(h.scope.session_id == "now" and "short_term" not in h.signals for h in long)
        with pytest.raises(InvalidInput, match="mode must be"):
            mem.search("x", mode="everything", session_id="now")
        with pytest.raises(InvalidInput, match="per session"):
            mem.search("x", mode="both")
        with pytest.raises(InvalidInput, match="per session"):
            mem.short_term()


def test_forget_removes_the_session_summary(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings, semantic=SMALL), embedder=None, user_id="u1",
                session_id="s1") as mem:
        for n in range(20):
            mem.add(f"Secret plan step {n} that must be forgotten later on")
        assert mem.short_term().summary
        assert mem.forget(session_id="s1")["summaries"] == 1
        assert mem.short_term().summary == ""
