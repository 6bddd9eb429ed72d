"""Short-term memory (STM): per session, the most recent episodes up to a character
capacity plus a rolling summary of the older ones (table ``session_memory``).

After each write to a session, ``ShortTerm.update`` checks the session's unsummarised
episodes: while they and the summary exceed ``stm_capacity_chars`` (64,000, the issue's
default), the oldest are folded into the summary (down to ``FOLD_TO`` of the window's room,
so folds are occasional), which is rewritten by the LLM when one
is configured, else extractively (each folded message's first sentence, oldest dropped
first). The summary never exceeds ``stm_summary_chars``; window plus summary never exceed
the capacity, except for one single message larger than the capacity on its own, which
stays until the next message pushes it out.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from memstrata.config import SemanticSettings
from memstrata.errors import InvalidInput, LLMError
from memstrata.recall.search import Query
from memstrata.store.semantic_store import SemanticStore
from memstrata.text.segment import split_sentences
from memstrata.types import Episode, Hit, Scope

log = logging.getLogger(__name__)

#: Characters kept of one folded message in the extractive summary.
EXTRACT_CHARS = 200
#: Share of the window's room (capacity minus summary budget) left after a fold.
FOLD_TO = 0.75
#: Search modes of ``Memory.search``.
MODES = ("long_term", "short_term", "both")


@dataclass(frozen=True)
class ShortTermMemory:
    """A session's short-term memory: ``summary`` of what was folded out, then ``episodes``
    (oldest first) that fit the capacity. ``chars`` counts both."""

    scope: Scope
    summary: str
    episodes: tuple[Episode, ...]
    summarised_through: int
    capacity: int

    @property
    def chars(self) -> int:
        """Characters of summary plus window."""
        return len(self.summary) + sum(len(e.content) for e in self.episodes)


def extractive_summary(previous: str, folded: Sequence[Episode], budget: int) -> str:
    """``previous`` plus one line per folded episode (``speaker: first sentence``), oldest
    lines dropped until it fits ``budget`` characters."""
    lines = [line for line in previous.split("\n") if line]
    for ep in folded:
        first = (split_sentences(ep.content) or [ep.content])[0].strip()
        lines.append(f"{ep.producer_id or ep.role}: {first[:EXTRACT_CHARS]}")
    while lines and len("\n".join(lines)) > budget:
        lines.pop(0)
    return "\n".join(lines)


class ShortTerm:
    """Reads and maintains short-term memory (see the module docstring)."""

    def __init__(self, store: SemanticStore, llm: Any, policy: SemanticSettings) -> None:
        self.store, self.llm, self.policy = store, llm, policy
        self.queries = store.semantic_queries()

    def get(self, scope: Scope) -> ShortTermMemory:
        """The session's STM. Raises ``InvalidInput`` without a ``session_id``."""
        if scope.session_id is None:
            raise InvalidInput("short-term memory is per session: give a session_id", field="session_id")
        summary, through = self.queries.stm_summary(scope)
        window: list[Episode] = []
        room = self.policy.stm_capacity_chars - len(summary)
        for ep in self.queries.session_episodes(scope, after=through, newest_first=True):
            if window and len(ep.content) > room:
                break
            window.append(ep)
            room -= len(ep.content)
        return ShortTermMemory(scope, summary, tuple(reversed(window)), through, self.policy.stm_capacity_chars)

    def update(self, scope: Scope, *, now: datetime) -> bool:
        """Fold the oldest episodes into the summary while over capacity; whether it folded."""
        if scope.session_id is None:
            return False
        summary, through = self.queries.stm_summary(scope)
        total = self.queries.unsummarised_chars(scope, through)  # the common case: a sum, no rows loaded
        if total + len(summary) <= self.policy.stm_capacity_chars:
            return False
        episodes = self.queries.session_episodes(scope, after=through, newest_first=False)
        total = sum(len(e.content) for e in episodes)
        budget = self.policy.stm_summary_chars
        folded: list[Episode] = []
        # Fold down to a low-water mark, not just under the line: one fold (one LLM summary call,
        # one summary rewrite) then covers ~a quarter of the window instead of every new message.
        target = int((self.policy.stm_capacity_chars - budget) * FOLD_TO)
        while len(episodes) - len(folded) > 1 and total > target:
            folded.append(episodes[len(folded)])
            total -= len(folded[-1].content)
        if not folded:
            return False
        new_summary = self._summarise(summary, folded, budget)
        self.queries.save_summary(scope, new_summary, folded[-1].sequence_num, now)
        return True

    def _summarise(self, previous: str, folded: Sequence[Episode], budget: int) -> str:
        if self.llm is not None:
            try:
                from memstrata.semantic.prompts_stm import llm_summary

                return llm_summary(self.llm, previous, folded, budget)[:budget]
            except LLMError as exc:
                log.warning("STM summary by LLM failed, using the extractive one: %s", exc)
        return extractive_summary(previous, folded, budget)


def search_modes(stm: ShortTermMemory, q: Query, mode: str, run: Callable[[Query], list[Hit]]) -> list[Hit]:
    """``short_term``: the query's matches among the STM window's episodes. ``both``: those plus
    long-term hits over the whole owner scope (not only this session), an episode in STM never
    repeated from long-term; by score. STM hits carry ``signals["short_term"] = 1``."""
    window = {e.id for e in stm.episodes}
    local = run(replace(q, scope=stm.scope, kinds=("episode",), limit=min(1000, max(q.limit * 5, len(window)))))
    short = [replace(h, signals={**h.signals, "short_term": 1.0}) for h in local
             if h.id in window and "episode" in q.kinds]
    if mode == "short_term":
        return short[:q.limit]
    s = q.scope
    owner = Scope(s.org_id, s.project_id, s.user_id, s.agent_id) if (s.user_id or s.agent_id) else s
    long = [h for h in run(replace(q, scope=owner, limit=min(1000, q.limit + len(short))))
            if not (h.kind == "episode" and h.id in window)]
    return sorted(short + long, key=lambda h: -h.score)[:q.limit]
