"""What LLM semantic memory needs from a backend beyond the core ``Store`` protocol.

The extraction worker, consolidation and short-term memory (``memstrata.semantic``) hold no
SQL of their own: their few backend-specific queries live in ``store.sqlite.semantic`` and
``store.postgres.semantic`` behind ``SemanticQueries``, and the queue behind
``store.queue.ExtractionQueue``. A store that offers them (``Capabilities.extraction_queue``
and ``short_term``) is a ``SemanticStore``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol

from memstrata.config import SemanticSettings
from memstrata.store.protocol import KeyStore, LifecycleDatabase, Store
from memstrata.store.queue import ExtractionQueue
from memstrata.types import Episode, Scope

#: ``meta`` counters of LLM use, summed over every committed batch (``memstrata status``).
USAGE_COUNTERS = ("llm_calls", "llm_prompt_tokens", "llm_completion_tokens", "llm_latency_ms", "llm_failures")


class SemanticQueries(Protocol):
    """Backend queries of the worker, consolidation and short-term memory. ``conn`` is an open
    write transaction (``store.db.write()``); methods without one read a fresh snapshot."""

    def add_usage(self, conn: Any, counters: Mapping[str, int]) -> None:
        """Add ``counters`` (LLM calls, tokens, ...) to the integer values of the ``meta`` table."""

    def citing_facts(self, episode_ids: Sequence[int]) -> list[int]:
        """Ids of the facts citing any of these episodes."""

    def message_expiry(self, conn: Any, episode_ids: Sequence[int]) -> datetime | None:
        """The latest ``expires_at`` of these episodes when every one of them has one, else ``None``."""

    def active_features(self, conn: Any, scope: Scope, category: str) -> int:
        """Active facts of ``scope`` (owner, ``session=False``) whose key starts with ``category.``."""

    def run_changes(self, conn: Any, scope: Scope, run: str) -> list[tuple[int | None, str]]:
        """``(fact_id, action)`` of the audit events carrying ``detail.run == run``, oldest first
        (``scope``: org, project and user of the events)."""

    def reopen_fact(self, conn: Any, fact_id: int) -> None:
        """Clear a fact's ``valid_to`` (an undo restores it as current)."""

    def consolidation_runs(self, scope: Scope) -> list[tuple[str, dict[str, Any]]]:
        """``(at, detail)`` of consolidation run markers in ``scope``, newest first; ``at`` as
        ``clock.to_db`` text on every backend."""

    def stm_summary(self, scope: Scope) -> tuple[str, int]:
        """The session's rolling summary and the last ``sequence_num`` it covers (``("", 0)``: none)."""

    def unsummarised_chars(self, scope: Scope, after: int) -> int:
        """Characters of the session's episodes after ``sequence_num`` ``after`` (a sum, no rows loaded)."""

    def session_episodes(self, scope: Scope, *, after: int, newest_first: bool) -> list[Episode]:
        """The session's readable episodes after ``sequence_num`` ``after`` (not expired, not being forgotten)."""

    def save_summary(self, scope: Scope, summary: str, through: int, now: datetime) -> None:
        """Store the session's summary (one durable write)."""


class SemanticStore(Store, Protocol):
    """A ``Store`` with the extraction queue, short-term memory and API keys."""

    @property
    def db(self) -> LifecycleDatabase:
        """Write transactions and read snapshots."""

    def extraction_queue(self, policy: SemanticSettings) -> ExtractionQueue:
        """The queue over this store's database, with ``policy``'s flush, lease and retry settings."""

    def semantic_queries(self) -> SemanticQueries:
        """This backend's ``SemanticQueries``."""

    def api_keys(self) -> KeyStore:
        """The REST server's API keys kept in this database."""
