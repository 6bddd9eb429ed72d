"""Migrate a database to another embedding model: re-embed every segment and fact."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from memstrata.embed.models import load_default_embedder, loaded_models
from memstrata.store.sqlite.store import SQLiteStore
from memstrata.store.vectors import encode_vector

#: Rows embedded and written per transaction (bounded memory; progress survives a crash).
CHUNK = 256


def reembed_database(path: Path, model: str, *, threads: int | None = 1) -> dict[str, Any]:
    """Re-embed ``path`` with ``model`` and record the new model name and dimension.

    Each chunk is one transaction; the model recorded in ``meta`` changes only after
    every vector was rewritten, so an interrupted run is simply run again.

    Returns:
        ``{"model", "previous", "segments", "facts"}`` (row counts re-embedded).

    Raises:
        EmbeddingError: the model cannot load. CorruptDatabase: the file is not usable.
    """
    # A model this process loaded already (``embed.models.loaded_models``) is used, not loaded again,
    # as the other doors that open a store for one call do.
    embedder = loaded_models.get(model) or load_default_embedder(model, threads=threads)
    store = SQLiteStore(path)
    try:
        previous = store.get_meta("embedding_model")
        counts = {}
        for table, text_col in (("segments", "derivative"), ("facts", "statement")):
            done, last = 0, 0
            while True:
                rows = store.db.conn.execute(
                    f"SELECT id, {text_col} FROM {table} WHERE id > ? ORDER BY id LIMIT ?", (last, CHUNK)
                ).fetchall()
                if not rows:
                    break
                vectors = embedder.embed([r[1] for r in rows])
                with store.db.write() as conn:
                    conn.executemany(f"UPDATE {table} SET embedding = ? WHERE id = ?",
                                     [(encode_vector(v), r[0]) for r, v in zip(rows, vectors, strict=True)])
                done += len(rows)
                last = rows[-1][0]
            counts[table] = done
        with store.db.write() as conn:
            store.set_meta(conn, "embedding_model", embedder.name)
            store.set_meta(conn, "embedding_dim", str(embedder.dim))
            store.bump(conn, "segments_deleted")
            store.bump(conn, "facts_version")
    finally:
        store.close()
    return {"model": embedder.name, "previous": previous, **counts}
