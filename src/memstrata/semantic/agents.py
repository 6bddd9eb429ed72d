"""Retrieval agents (opt-in): LLM-planned retrieval over ``Memory.search``.

* ``direct``: one search, no LLM call.
* ``split``: one LLM call splits a question about several entities into sub-queries, run
  in parallel and merged (best score per memory).
* ``chain``: chain-of-query: search, then one LLM call judges whether the hits answer the
  question (confidence 0–1) and rewrites the query; repeat up to ``agent_max_hops`` rounds,
  stopping once confidence ≥ ``agent_stop_confidence`` (0.8, the issue's threshold).
* ``router``: one LLM call picks one of the three for the question.

Every result records the agent that ran, the queries, LLM calls, tokens and wall time.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, Field

from memstrata.config import SemanticSettings
from memstrata.errors import InvalidInput
from memstrata.llm.base import LLM, Tally, structured
from memstrata.text.lang import detect_language
from memstrata.types import Hit

AGENTS = ("direct", "split", "chain", "router")
#: Most sub-queries a split may produce.
MAX_SUBQUERIES = 6
#: Hits shown to the chain-of-query judge per round, and characters of each.
JUDGE_HITS, JUDGE_CHARS = 8, 300

Search = Callable[[str], list[Hit]]


class SplitPlan(BaseModel):
    """Sub-queries, one per entity or aspect (one query when the question is simple)."""

    queries: list[str] = Field(min_length=1, max_length=MAX_SUBQUERIES)


class Judgement(BaseModel):
    """Whether the memories found answer the question, and what to search next."""

    sufficient: bool
    confidence: float = Field(ge=0.0, le=1.0)
    next_query: str = ""


class Route(BaseModel):
    """Which retrieval agent suits the question."""

    agent: Literal["direct", "split", "chain"]
    reason: str = ""


@dataclass
class AgentResult:
    """Hits (best first) and how they were found.

    ``agent``: the agent that produced the hits (``router`` records the one it chose as
    ``agent`` and itself in ``routed_by``). ``queries``: every search run, in order.
    ``llm_calls``, ``prompt_tokens``, ``completion_tokens``: LLM use; ``elapsed_ms``: wall time.
    ``confidence``: the chain judge's last confidence (``None`` for other agents).
    """

    hits: list[Hit]
    agent: str
    queries: list[str] = field(default_factory=list)
    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    elapsed_ms: float = 0.0
    hops: int = 0
    confidence: float | None = None
    routed_by: str | None = None


def merge(results: Sequence[Sequence[Hit]], limit: int) -> list[Hit]:
    """Best score per memory (kind, id) across result lists, best first, at most ``limit``."""
    best: dict[tuple[str, int], Hit] = {}
    for hits in results:
        for h in hits:
            key = (h.kind, h.id)
            if key not in best or h.score > best[key].score:
                best[key] = h
    return sorted(best.values(), key=lambda h: -h.score)[:limit]


def _lang(question: str) -> str:
    return "Chinese (中文)" if detect_language(question) == "zh" else "English"


class RetrievalAgents:
    """Runs one agent over a ``search(query) -> hits`` function (see the module docstring)."""

    def __init__(self, llm: LLM | None, search: Search, policy: SemanticSettings, *, limit: int) -> None:
        self.llm, self.search, self.policy, self.limit = llm, search, policy, limit

    def run(self, question: str, agent_mode: str) -> AgentResult:
        """Answer ``question`` with ``agent_mode``. Raises ``InvalidInput`` (unknown mode, or an
        LLM agent without an LLM), ``LLMError`` (the LLM failed)."""
        if agent_mode not in AGENTS:
            raise InvalidInput(f"agent_mode must be one of {', '.join(AGENTS)}, got {agent_mode!r}", field="agent_mode")
        if agent_mode != "direct" and self.llm is None:
            raise InvalidInput(f"agent_mode {agent_mode!r} needs an LLM: set MEMSTRATA_LLM_PROVIDER "
                               "(see docs/configuration.md), or use agent_mode='direct'")
        tally, started = Tally(), time.perf_counter()
        routed_by = None
        if agent_mode == "router":
            assert self.llm is not None
            route = structured(self.llm, system="You choose how to search a user's memory for a question. "
                               "'direct': one search suffices. 'split': the question asks about several people, "
                               "things or aspects that need separate searches. 'chain': answering needs a fact "
                               "found first to know what to search next (multi-hop).",
                               prompt=f"Question: {question}", model=Route, purpose="agent:router", tally=tally)
            agent_mode, routed_by = route.agent, "router"
        result = {"direct": self._direct, "split": self._split, "chain": self._chain}[agent_mode](question, tally)
        result.routed_by = routed_by
        result.llm_calls, result.prompt_tokens = tally.calls, tally.prompt_tokens
        result.completion_tokens = tally.completion_tokens
        result.elapsed_ms = (time.perf_counter() - started) * 1000.0
        return result

    def _direct(self, question: str, tally: Tally) -> AgentResult:
        return AgentResult(self.search(question)[:self.limit], "direct", [question], hops=1)

    def _split(self, question: str, tally: Tally) -> AgentResult:
        assert self.llm is not None
        plan = structured(self.llm, system="Split the question into independent search queries over a user's "
                          f"memory, one per person, thing or aspect it asks about (at most {MAX_SUBQUERIES}). "
                          f"Write them in {_lang(question)}.",
                          prompt=f"Question: {question}", model=SplitPlan, purpose="agent:split", tally=tally)
        queries = list(dict.fromkeys(q.strip() for q in plan.queries if q.strip())) or [question]
        with ThreadPoolExecutor(max_workers=min(4, len(queries))) as pool:
            results = list(pool.map(self.search, queries))
        return AgentResult(merge(results, self.limit), "split", queries, hops=1)

    def _chain(self, question: str, tally: Tally) -> AgentResult:
        assert self.llm is not None
        query, confidence = question, 0.0
        queries: list[str] = []
        found: list[list[Hit]] = []
        for _ in range(self.policy.agent_max_hops):
            queries.append(query)
            found.append(self.search(query))
            shown = merge(found, JUDGE_HITS)
            memories = "\n".join(f"- {' '.join(h.text.split())[:JUDGE_CHARS]}" for h in shown) or "(nothing found)"
            verdict = structured(self.llm, system="You judge whether memories found so far answer a question. "
                                 "Give your confidence (0 to 1) that they do; if they do not, write the next search "
                                 f"query that would find what is missing, in {_lang(question)}.",
                                 prompt=f"Question: {question}\n\nSearches so far: {queries}\n\nMemories:\n{memories}",
                                 model=Judgement, purpose="agent:chain", tally=tally)
            confidence = verdict.confidence
            nxt = verdict.next_query.strip()
            if confidence >= self.policy.agent_stop_confidence or not nxt or nxt in queries:
                break
            query = nxt
        return AgentResult(merge(found, self.limit), "chain", queries, hops=len(queries), confidence=confidence)
