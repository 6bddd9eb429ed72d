"""The extraction queue as ``Memory.queue_status`` (and ``memstrata status``) reports it.

Kept apart from the worker, which needs the ``llm`` extra: a status read must work without it.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from memstrata.config import SemanticSettings
from memstrata.store.semantic_store import USAGE_COUNTERS, SemanticStore
from memstrata.types import Scope


def queue_report(store: SemanticStore, owner: Scope | None, policy: SemanticSettings, *, llm: str | None,
                 worker_running: bool) -> dict[str, Any]:
    """``pending``, ``running``, ``done``, ``failed``, ``last_error`` of ``owner``'s jobs (``None``:
    the whole database), the LLM's name (``llm``, ``None`` without one), whether this process runs
    the worker, and ``usage``: the LLM counters kept in the database (calls, tokens, latency in
    ms, failures; ``store.semantic_store.USAGE_COUNTERS``), those never counted left out."""
    data = asdict(store.extraction_queue(policy).status(owner))
    data["llm"] = llm
    data["worker_running"] = worker_running
    rows = {name: store.get_meta(name) for name in USAGE_COUNTERS}
    data["usage"] = {k: int(v) for k, v in sorted(rows.items()) if v is not None}
    return data
