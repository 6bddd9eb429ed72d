"""The extraction worker: claims a session's ready queue items, asks the LLM for each
category's commands, and applies them together with marking the items done.

Order of one batch (``process``): claim (short write) → load episodes and stored features
(read) → LLM calls and embeddings (no lock held) → one write transaction that applies every
category's commands and marks the items done (``ExtractionQueue.finish``). A failure before
that commit leaves nothing written and the items are retried with backoff; a crash leaves
them claimed until the lease expires. Consolidation (``semantic.consolidate``) runs after a
batch whose category grew past ``SemanticSettings.consolidate_at`` active features.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Collection, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np

from memstrata.clock import utcnow
from memstrata.config import Settings
from memstrata.errors import EmbeddingError, LLMError
from memstrata.facts.said import fact_expiry, said_in
from memstrata.lifecycle.retention import enforce_cap
from memstrata.llm.base import LLM, Tally
from memstrata.semantic.apply import Applied, Context, apply_commands, statement
from memstrata.semantic.categories import Category
from memstrata.semantic.commands import Command
from memstrata.semantic.profile import extract_commands
from memstrata.semantic.screen import screen_commands
from memstrata.store.queue import Batch, StaleClaim
from memstrata.store.semantic_store import USAGE_COUNTERS, SemanticQueries, SemanticStore
from memstrata.types import Episode, Fact, Scope
from memstrata.write.ingest import own_speaker

log = logging.getLogger(__name__)

#: Active features of one category shown to the model per call (the newest first).
MAX_FEATURES_SHOWN = 200


@dataclass
class BatchReport:
    """What one processed batch did: the queue items, the commands applied per category,
    the consolidations it triggered, and the LLM use."""

    batch: Batch
    status: str  # done | retry | failed | stale
    applied: dict[str, list[Applied]] = field(default_factory=dict)
    consolidations: list[str] = field(default_factory=list)
    tally: Tally = field(default_factory=Tally)
    error: str | None = None



def record_usage(queries: SemanticQueries, conn: Any, tally: Tally) -> None:
    """Add a batch's LLM use to the ``meta`` counters inside the batch's transaction."""
    values = (tally.calls, tally.prompt_tokens, tally.completion_tokens, round(tally.latency_ms), tally.failures)
    queries.add_usage(conn, dict(zip(USAGE_COUNTERS, values, strict=True)))


def fact_scope(scope: Scope) -> Scope:
    """Facts belong to a user/agent, not a session."""
    return Scope(scope.org_id, scope.project_id, scope.user_id, scope.agent_id)


class SemanticWorker:
    """Processes the extraction queue of one database (see the module docstring).

    Args:
        store: the store (SQLite or PostgreSQL: any ``SemanticStore``).
        llm: the configured LLM.
        categories: the semantic categories to extract.
        embedder: for feature vectors (merge by meaning, vector search), or ``None``.
        settings: ``Settings`` (``semantic`` for the queue policy, ``merge_similarity``).
    """

    def __init__(self, store: SemanticStore, llm: LLM, categories: Sequence[Category], embedder: Any,
                 settings: Settings, *, lock: AbstractContextManager[Any] | None = None) -> None:
        self.store, self.llm, self.categories = store, llm, tuple(categories)
        self.embedder, self.settings = embedder, settings
        # Held around embedding and the write, never around an LLM call: the server passes the
        # lock its request handlers hold, so the engine sees one caller at a time.
        self.lock: AbstractContextManager[Any] = lock if lock is not None else nullcontext()
        self.queue = store.extraction_queue(settings.semantic)
        self.queries = store.semantic_queries()
        self.actor = f"llm:{llm.name}"

    def run_once(self, *, scope: Scope | None = None, exclude: Collection[int] = ()) -> BatchReport | None:
        """Claim and process one ready batch (items in ``exclude`` left alone); ``None`` when none is ready."""
        batch = self.queue.claim(now=utcnow(), scope=scope, exclude=exclude)
        return None if batch is None else self.process(batch)

    def drain(self, *, scope: Scope | None = None, max_batches: int = 10_000) -> list[BatchReport]:
        """Process ready batches until none is left; each item is tried at most once per drain
        (a failed one waits for the background worker's retry)."""
        reports: list[BatchReport] = []
        tried: set[int] = set()
        for _ in range(max_batches):
            report = self.run_once(scope=scope, exclude=tried)
            if report is None:
                break
            tried.update(report.batch.item_ids)
            reports.append(report)
        return reports

    def serve(self, stop: threading.Event, *, poll_s: float = 1.0) -> int:
        """Process batches until ``stop`` is set, sleeping ``poll_s`` when idle; returns the batches
        done (a batch that failed and waits for its retry, or that another worker took over after
        this one's lease ran out, is not counted: it is done once, by whoever finishes it)."""
        done = 0
        while not stop.is_set():
            report = self.run_once()
            if report is None:
                stop.wait(poll_s)
            elif report.status == "done":
                done += 1
        return done

    def process(self, batch: Batch) -> BatchReport:
        """Extract, apply and finish one claimed batch; failures are recorded in the queue."""
        report = BatchReport(batch, "done")
        try:
            episodes = [e for e in (self.store.get_episode(batch.scope, i) for i in batch.episode_ids) if e]
            known = self._known(episodes)
            plans = [(cat, self._commands(cat, episodes, known, report.tally)) for cat in self.categories]
            with self.lock:
                self._apply(batch, episodes, plans, report)
        except StaleClaim as exc:
            log.warning("batch %s dropped: %s (another worker has it)", batch.token, exc)
            report.status, report.error = "stale", str(exc)
            return report
        except (LLMError, EmbeddingError) as exc:
            return self._failed(report, f"{type(exc).__name__}: {exc}")
        except Exception as exc:  # a bug must not wedge the queue: record it, retry with backoff
            log.exception("batch %s failed", batch.token)
            return self._failed(report, f"{type(exc).__name__}: {exc}")
        report.consolidations = self._consolidate(batch.scope, report.tally)
        return report

    def _apply(self, batch: Batch, episodes: Sequence[Episode], plans: Sequence[tuple[Category, list[Command]]],
               report: BatchReport) -> None:
        """Embed the features, then apply every category's commands and finish the batch in one write."""
        vectors = self._vectors([c for _, cmds in plans for c in cmds])
        now = utcnow()
        with self.store.db.write() as conn:
            # Writers of one owner's facts take turns (PostgreSQL: an advisory lock; SQLite: one writer).
            self.store.lock_scopes(conn, [fact_scope(batch.scope)])
            pos = 0
            for cat, cmds in plans:
                ctx = self._context(conn, batch, cat, episodes, now)
                report.applied[cat.name] = apply_commands(self.store, conn, ctx, cmds, vectors[pos:pos + len(cmds)])
                pos += len(cmds)
            written = {a.fact_id for applied in report.applied.values() for a in applied if a.fact_id}
            if written:
                s = self.settings
                enforce_cap(self.store, conn, fact_scope(batch.scope), cap=s.max_active_facts, keep=written,
                            now=now, weights=s.weights, half_life_days=s.half_life_days)
            record_usage(self.queries, conn, report.tally)
            self.queue.finish(conn, batch, now=now)

    def _failed(self, report: BatchReport, error: str) -> BatchReport:
        status = self.queue.fail(report.batch, error, now=utcnow())
        log.warning("extraction batch of %d episode(s) in %s failed (%s): %s", len(report.batch.item_ids),
                    report.batch.scope.describe(), status, error)
        report.status, report.error = ("failed" if status == "failed" else "retry"), error
        return report

    def _known(self, episodes: Sequence[Episode]) -> list[Fact]:
        """Active rule-extractor facts citing these episodes (so the LLM does not restate them)."""
        if not episodes:
            return []
        ids = [e.id for e in episodes]
        prefixes = tuple(c.name + "." for c in self.categories)
        tenant = Scope(episodes[0].scope.org_id, episodes[0].scope.project_id)
        facts = self.store.get_facts(tenant, self.queries.citing_facts(ids)).values()
        return [f for f in facts if f.status == "active" and not f.key.startswith(prefixes) and not f.encrypted]

    def _commands(self, category: Category, episodes: Sequence[Episode], known: Sequence[Fact],
                  tally: Tally) -> list[Command]:
        if not episodes:
            return []
        existing = self.store.list_facts(fact_scope(episodes[0].scope), statuses=["active"], key=category.name,
                                         limit=MAX_FEATURES_SHOWN)
        commands = extract_commands(self.llm, category, existing, episodes, known=known, tally=tally)
        return screen_commands(commands, self.settings.privacy).commands

    def _vectors(self, commands: Sequence[Command]) -> list[np.ndarray | None]:
        if self.embedder is None or not commands:
            return [None] * len(commands)
        matrix = self.embedder.embed([statement(c) for c in commands])
        return [matrix[i] for i in range(len(commands))]

    def _context(self, conn: Any, batch: Batch, category: Category, episodes: Sequence[Episode],
                 now: datetime) -> Context:
        newest = max((e.created_at for e in episodes), default=now)
        # A feature must not outlive the messages it came from: when every one of them has a
        # TTL, the feature expires with the last of them (and by the kind's policy TTL).
        ids = [e.id for e in episodes]
        message_expiry = self.queries.message_expiry(conn, ids)
        expires = fact_expiry(now=now, kind=category.kind, sensitivity="low", ttl_seconds=self.settings.ttl_seconds,
                              message_expires_at=message_expiry)
        speakers = {e.id: own_speaker(e.role, e.producer_id, e.scope.user_id) for e in episodes}
        return Context(scope=fact_scope(batch.scope), category=category, actor=self.actor, run=batch.token,
                       observed_at=newest, now=now, sources=speakers,
                       default_cites=tuple(ids), merge_similarity=self.settings.merge_similarity, expires_at=expires,
                       withdraws=True, folders={e.id: said_in(e.metadata) for e in episodes})

    def _consolidate(self, scope: Scope, tally: Tally) -> list[str]:
        from memstrata.semantic.consolidate import Consolidator

        runs = []
        consolidator = Consolidator(self.store, self.llm, self.embedder, self.settings)
        for cat in self.categories:
            try:
                run = consolidator.maybe_run(fact_scope(scope), cat, tally=tally)
            except LLMError as exc:  # the features stay as they are; the next batch tries again
                log.warning("consolidation of %s in %s skipped: %s", cat.name, scope.describe(), exc)
                continue
            if run is not None:
                runs.append(run)
        return runs

