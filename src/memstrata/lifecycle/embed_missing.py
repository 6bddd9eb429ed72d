"""Vectors for what was stored without one, once the embedding model answers again.

When the model fails (a download, a native library, memory), ``Memory`` keeps writing: messages
and facts are stored with full-text terms but no vector, and the model is tried again after a
backoff (``Memory.embedder``). When it answers again, and at the next open, ``embed_missing``
gives those rows their vectors, so vector search finds them without a restart or ``lifecycle.reembed``.
Encrypted facts keep no vector (their statement is ciphertext). ``check_model`` keeps the other
half of a database's vectors honest: which model made them.

The SQL is written once for the SQLite and PostgreSQL stores (``store.dialect``); each chunk is
one transaction, so an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import contextlib
from typing import Any, cast

import numpy as np

from memstrata.embed.base import Embedder
from memstrata.embed.health import ModelHealth
from memstrata.errors import EmbeddingError, EmbeddingModelMismatch, StoreError
from memstrata.store.dialect import rows, run_many
from memstrata.store.protocol import LifecycleStore, Store
from memstrata.store.vectors import encode_vector

#: ``meta`` key set to ``1`` when rows are written without vectors because the model failed, and to
#: ``0`` once they are embedded (so an open checks one row, not every vector).
MISSING_VECTORS = "vectors_missing"
#: Rows embedded and written per transaction.
CHUNK = 256
#: What is embedded per table: the text column, and which rows may hold a vector.
SOURCES = (("segments", "derivative", "1 = 1"), ("facts", "statement", "NOT encrypted"))


def _param(store: LifecycleStore, vector: np.ndarray) -> Any:
    """A vector as the store keeps it: SQLite's float16 blob; PostgreSQL's ``vector`` holding the same
    float16 values as float32 (``store.postgres.search.stored_vector``, not imported: it needs psycopg)."""
    if store.dialect.name == "sqlite":
        return encode_vector(vector)
    return np.asarray(vector, dtype="<f2").astype(np.float32)


def missing(store: LifecycleStore) -> int:
    """Rows of ``SOURCES`` without a vector. Reads only."""
    with store.db.read() as conn:
        return sum(int(rows(conn, store.dialect, f"SELECT count(*) AS n FROM {table} WHERE embedding IS NULL "
                                                 f"AND {which}", ())[0]["n"]) for table, _, which in SOURCES)


def embed_missing(store: LifecycleStore, embedder: Embedder) -> int:
    """Embed every segment and fact stored without a vector; returns how many were embedded.

    Raises:
        EmbeddingError: the model failed (rows embedded before stay embedded).
    """
    d, done = store.dialect, 0
    for table, column, which in SOURCES:
        last = 0
        while True:
            with store.db.read() as conn:
                batch = rows(conn, d, f"SELECT id, {column} AS text FROM {table} WHERE embedding IS NULL AND "
                                      f"{which} AND id > ? ORDER BY id LIMIT ?", (last, CHUNK))
            if not batch:
                break
            vectors = embedder.embed([str(r["text"]) for r in batch])
            with store.db.write() as conn:
                run_many(conn, d, f"UPDATE {table} SET embedding = ? WHERE id = ? AND embedding IS NULL",
                         [(_param(store, v), int(r["id"])) for r, v in zip(batch, vectors, strict=True)])
                # working copies of vectors (SQLite's matrices, PostgreSQL's caches) are rebuilt
                store.bump(conn, "segments_deleted")
                store.bump(conn, "facts_version")
            done += len(batch)
            last = int(batch[-1]["id"])
    store.clear_caches()
    return done


def flag_missing(store: Store) -> None:
    """Record that rows are being written without vectors (the model failed): meta
    ``MISSING_VECTORS`` is set to ``1``, best effort (a read-only or busy database is left as it
    is: the write that follows fails or succeeds on its own). A store that keeps no meta values
    (``Capabilities.sql`` false) records nothing."""
    if store.capabilities.sql:
        with contextlib.suppress(StoreError), store.db.write() as conn:
            store.set_meta(conn, MISSING_VECTORS, "1")


def embed_flagged(store: Store, embedder: Embedder) -> None:
    """When the store's flag says rows were stored without vectors (``flag_missing``), embed them
    (``embed_missing``) and clear the flag; otherwise read one meta value and do nothing.

    Raises:
        EmbeddingError: the model failed (the flag stays set: the next try embeds the rest).
    """
    if not store.capabilities.sql or store.get_meta(MISSING_VECTORS) != "1":
        return
    embed_missing(cast(LifecycleStore, store), embedder)
    with store.db.write() as conn:
        store.set_meta(conn, MISSING_VECTORS, "0")


def model_failed(store: Store, health: ModelHealth | None, reason: str) -> None:
    """The model failed: ``health`` is down (full-text only until its retry time, ``embed.health``)
    and the store is told that rows are being written without vectors (``flag_missing``)."""
    if health is not None:
        health.failed(reason)
    flag_missing(store)


def embed_when_up(store: Store, health: ModelHealth | None) -> None:
    """Embed the rows stored while the model was down, if the store says there are any
    (``embed_flagged``) and the model answers; a model that fails meanwhile is down again."""
    if health is None or health.down or health.model is None:
        return
    try:
        embed_flagged(store, health.model)
    except EmbeddingError as exc:
        health.failed(str(exc))


def check_model(store: Store, embedder: Embedder) -> None:
    """Record ``embedder``'s name and dimension (meta ``embedding_model``, ``embedding_dim``) in a
    database that has none yet; one embedded with another model is refused, because its vectors
    and the new model's queries would not be comparable.

    Raises:
        EmbeddingModelMismatch: the database was embedded with another model or dimension.
    """
    stored, stored_dim = store.get_meta("embedding_model"), store.get_meta("embedding_dim")
    if stored is None:
        with store.db.write() as conn:
            store.set_meta(conn, "embedding_model", embedder.name)
            store.set_meta(conn, "embedding_dim", str(embedder.dim))
    elif stored != embedder.name or int(stored_dim or 0) != embedder.dim:
        raise EmbeddingModelMismatch(stored=stored, stored_dim=int(stored_dim or 0),
                                     current=embedder.name, current_dim=embedder.dim)
