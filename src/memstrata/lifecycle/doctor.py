"""``Memory.doctor``: what model, what database, what counts, in one report that never raises on
the model (an operator runs it exactly when something is wrong)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from memstrata.config import Settings
from memstrata.embed.base import Embedder
from memstrata.embed.threads import pool_sizes
from memstrata.lifecycle.forget import ForgetReceipt
from memstrata.store.protocol import ScrubbingStore, Store


def model_status(counts: dict[str, int], embedder: Embedder | None, status: str) -> str:
    """``status`` (``Memory.embedding_status``), with how many segments have no vector (of
    ``Store.counts``) when a model answers now (added while there was none: ``memstrata reembed``
    embeds them)."""
    missing = counts["segments"] - counts["embedded_segments"]
    if missing and embedder is not None:
        status += f"; {missing} segments have no vector (added without a model): run `memstrata reembed`"
    return status


def report(store: Store, *, settings: Settings, embedder: Embedder | None, status: str, extractor: str | None,
           llm: str | None, unfinished: Sequence[ForgetReceipt]) -> dict[str, Any]:
    """The health report: the database (location, schema version, size in bytes), the model (name,
    dimension, ``model_status``, the one the database was embedded with), native thread pools,
    extractor and LLM names, row counts, unfinished forget jobs (id, progress in [0, 1]) and, on
    a SQL store, how forgotten text leaves the files (``ScrubbingStore.scrub_posture``)."""
    counts = store.counts()
    return {
        "database": store.location,
        "schema_version": store.db.schema_version(),
        "database_bytes": store.size_bytes(),
        "embedding_model": None if embedder is None else embedder.name,
        "embedding_dim": None if embedder is None else embedder.dim,
        "embedding_status": model_status(counts, embedder, status),
        "stored_embedding_model": store.get_meta("embedding_model"),
        "native_threads": {"limit": settings.embed_threads, "pools": pool_sizes()},
        "extractor": extractor,
        "llm": llm,
        "counts": counts,
        "unfinished_forgets": [{"job": r.job_id, "progress": round(r.progress, 3)} for r in unfinished],
        "forget_scrub": cast(ScrubbingStore, store).scrub_posture() if store.capabilities.sql else None,
    }
