"""What ``Memory`` delegates to for LLM semantic memory: the worker in a thread, flushing,
read-your-writes, queue status, consolidation and undo. Orchestration only."""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any

from memstrata.config import Settings
from memstrata.errors import InvalidInput, LLMError
from memstrata.llm.base import LLM
from memstrata.semantic.categories import Category
from memstrata.semantic.consolidate import Consolidator, runs, undo_run
from memstrata.semantic.worker import BatchReport, SemanticWorker, fact_scope
from memstrata.store.semantic_store import SemanticStore
from memstrata.types import Scope
from memstrata.write.ingest import AddResult, FactChange

log = logging.getLogger(__name__)

NO_LLM = ("no LLM configured: set MEMSTRATA_LLM_PROVIDER, MEMSTRATA_LLM_BASE_URL and MEMSTRATA_LLM_MODEL "
          "(see docs/configuration.md)")


class SemanticService:
    """LLM semantic memory of one ``Memory``; ``llm`` may be ``None`` (queue status still works)."""

    def __init__(self, store: SemanticStore, llm: LLM | None, categories: Sequence[Category], embedder: Any,
                 settings: Settings) -> None:
        self.store, self.llm, self.categories = store, llm, tuple(categories)
        self.embedder, self.settings = embedder, settings
        self.queue = store.extraction_queue(settings.semantic)
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def worker(self, *, lock: AbstractContextManager[Any] | None = None) -> SemanticWorker:
        """A worker over this memory (``lock``: see ``SemanticWorker``). Raises ``LLMError``
        when no LLM is configured."""
        if self.llm is None:
            raise LLMError(NO_LLM)
        return SemanticWorker(self.store, self.llm, self.categories, self.embedder, self.settings, lock=lock)

    def flush(self, scope: Scope) -> list[BatchReport]:
        """Extract the scope's waiting messages now, whatever the flush policy."""
        self.queue.request_flush(scope)
        if self.llm is None:
            return []
        return self.worker().drain(scope=scope)

    def read_your_writes(self, result: AddResult, scope: Scope) -> AddResult:
        """``add(..., wait=True)``: flush the message's session and report what the LLM did."""
        return self.read_your_writes_many([result], [scope])[0]

    def read_your_writes_many(self, results: Sequence[AddResult], scopes: Sequence[Scope]) -> list[AddResult]:
        """``read_your_writes`` for a batch: each distinct session is flushed once (a second flush
        of the same session would find its batch gone and report it still ``queued``)."""
        if self.llm is None:
            return list(results)
        reports: list[BatchReport] = []
        for scope in dict.fromkeys(s for r, s in zip(results, scopes, strict=True) if r.extraction == "queued"):
            reports += self.flush(scope)
        return [self._outcome(r, s, reports) for r, s in zip(results, scopes, strict=True)]

    def _outcome(self, result: AddResult, scope: Scope, reports: Sequence[BatchReport]) -> AddResult:
        if result.extraction != "queued":
            return result
        changes: list[FactChange] = []
        status = "queued"
        for report in reports:
            if result.episode_id not in report.batch.episode_ids:
                continue
            status = report.status
            ids = {i for applied in report.applied.values() for a in applied
                   for i in ((a.fact_id,) if a.fact_id else ()) + a.previous}
            facts = self.store.get_facts(Scope(scope.org_id, scope.project_id), sorted(ids))
            for applied in report.applied.values():
                changes += [FactChange(a.action, facts[a.fact_id], tuple(facts[p] for p in a.previous if p in facts))
                            for a in applied if a.fact_id in facts]
        return AddResult(result.episode_id, result.created, result.segments, result.facts, tuple(changes), status)

    def running(self) -> bool:
        """Whether the background worker thread is alive."""
        return self._thread is not None and self._thread.is_alive()

    def start(self, *, poll_s: float = 1.0, lock: AbstractContextManager[Any] | None = None) -> None:
        """Run the worker in a daemon thread of this process (idempotent)."""
        if self._thread is not None and self._thread.is_alive():
            return
        worker = self.worker(lock=lock)
        self._stop.clear()
        self._thread = threading.Thread(target=worker.serve, args=(self._stop,), kwargs={"poll_s": poll_s},
                                        name="memstrata-worker", daemon=True)
        self._thread.start()

    def stop(self, timeout_s: float = 30.0) -> None:
        """Stop the background worker after its current batch."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout_s)
            self._thread = None

    def consolidate(self, scope: Scope, category: str) -> str:
        """Force a consolidation pass of ``category``; the run id. Raises ``LLMError``."""
        if self.llm is None:
            raise LLMError(NO_LLM)
        return Consolidator(self.store, self.llm, self.embedder, self.settings).run(
            fact_scope(scope), self.category(category))

    def category(self, name: str) -> Category:
        """The configured category called ``name``. Raises ``InvalidInput``."""
        for cat in self.categories:
            if cat.name == name:
                return cat
        raise InvalidInput(f"no category {name!r}; configured: {', '.join(c.name for c in self.categories)}")

    def undo(self, scope: Scope, run: str, actor: str) -> dict[str, int]:
        """Revert a consolidation (or extraction) run. Raises ``NotFound``."""
        return undo_run(self.store, fact_scope(scope), run, actor=actor)

    def runs(self, scope: Scope) -> list[dict[str, Any]]:
        """Consolidation runs, newest first."""
        return runs(self.store, fact_scope(scope))
