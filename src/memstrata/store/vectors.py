"""Exact (brute-force) cosine search over vectors kept in the SQLite file.

Vectors are stored as float16 BLOBs (half the bytes; rankings unchanged at this
precision) and searched in float32 with one matrix product: numpy does 100k × 512
in ~20 ms on 2 cores, and an exact search has perfect recall, so no ANN index is
needed at the sizes one user reaches (``shared/NOTES.md``: float16 BLAS is ~9x
slower, hence the float32 working copy). The working copy is cached per scope and
refreshed incrementally: new rows are appended by id; a deletion or status change
bumps a version counter in ``meta`` and forces a reload.
"""

from __future__ import annotations

import sqlite3
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

VECTOR_DTYPE = np.float16


def encode_vector(vector: np.ndarray) -> bytes:
    """``(dim,)`` float → float16 little-endian bytes for a BLOB column."""
    return np.asarray(vector, dtype="<f2").tobytes()


def decode_vectors(blobs: Sequence[bytes], dim: int) -> np.ndarray:
    """BLOBs from ``encode_vector`` → ``(n, dim)`` float32."""
    if not blobs:
        return np.zeros((0, dim), dtype=np.float32)
    return np.frombuffer(b"".join(blobs), dtype="<f2").reshape(len(blobs), dim).astype(np.float32)


@dataclass
class _Entry:
    version: str
    max_id: int
    ids: np.ndarray  # (capacity,) int64
    matrix: np.ndarray  # (capacity, dim) float32
    size: int

    def append(self, ids: np.ndarray, rows: np.ndarray) -> None:
        need = self.size + len(ids)
        if need > len(self.ids):
            cap = max(need, 2 * len(self.ids), 256)
            self.ids = np.resize(self.ids, cap)
            grown = np.zeros((cap, self.matrix.shape[1]), dtype=np.float32)
            grown[: self.size] = self.matrix[: self.size]
            self.matrix = grown
        self.ids[self.size : need] = ids
        self.matrix[self.size : need] = rows
        self.size = need
        if len(ids):
            self.max_id = max(self.max_id, int(ids.max()))


class VectorCache:
    """Per-scope float32 working copies of stored vectors, bounded by ``max_bytes``."""

    def __init__(self, *, max_bytes: int = 512 * 1024 * 1024) -> None:
        self._entries: OrderedDict[tuple[object, ...], _Entry] = OrderedDict()
        self._max_bytes = max_bytes

    def clear(self) -> None:
        """Drop every working copy (after a re-embed)."""
        self._entries.clear()

    def get(
        self,
        conn: sqlite3.Connection,
        *,
        table: str,
        where: str,
        params: Sequence[object],
        version: str,
        dim: int,
    ) -> tuple[np.ndarray, np.ndarray]:
        """Ids ``(n,)`` int64 and vectors ``(n, dim)`` float32 of rows of ``table`` matching ``where``.

        ``where`` must be a fixed SQL predicate over bound ``params`` (the scope);
        ``version`` changes whenever a row may have left the set.
        """
        key = (table, where, tuple(params), dim)
        entry = self._entries.get(key)
        if entry is None or entry.version != version:
            entry = _Entry(version, 0, np.zeros(0, np.int64), np.zeros((0, dim), np.float32), 0)
            self._entries[key] = entry
        rows = conn.execute(
            f"SELECT id, embedding FROM {table} WHERE {where} AND embedding IS NOT NULL AND id > ? "
            "ORDER BY id",
            (*params, entry.max_id),
        ).fetchall()
        if rows:
            entry.append(np.fromiter((r[0] for r in rows), np.int64, len(rows)),
                         decode_vectors([r[1] for r in rows], dim))
        self._entries.move_to_end(key)
        self._evict()
        return entry.ids[: entry.size], entry.matrix[: entry.size]

    def _evict(self) -> None:
        total = sum(e.matrix.nbytes for e in self._entries.values())
        while total > self._max_bytes and len(self._entries) > 1:
            _, dropped = self._entries.popitem(last=False)
            total -= dropped.matrix.nbytes


def top_k(query: np.ndarray, ids: np.ndarray, matrix: np.ndarray, k: int,
          min_similarity: float) -> list[tuple[int, float]]:
    """The ``k`` most cosine-similar rows to ``query`` (unit ``(dim,)``), best first.

    Returns ``[(id, cosine)]`` with cosine in [-1, 1], dropping rows below ``min_similarity``.
    """
    if len(ids) == 0 or k <= 0:
        return []
    sims = matrix @ query.astype(np.float32)
    k = min(k, len(sims))
    part = np.argpartition(-sims, k - 1)[:k]
    order = part[np.argsort(-sims[part], kind="stable")]
    return [(int(ids[i]), float(sims[i])) for i in order if sims[i] >= min_similarity]
