"""Exact (brute-force) cosine search over vectors kept in the SQLite file.

Vectors are stored as float16 BLOBs (half the bytes; rankings unchanged at this
precision) and searched in float32, one dot product per row: numpy's ``vecdot`` does
100k × 512 in ~9 ms of one core (bound by memory bandwidth), and an exact search has
perfect recall, so no ANN index is needed at the sizes one user reaches
(``shared/NOTES.md``: float16 BLAS is ~9x slower, hence the float32 working copy).
Not a BLAS matrix-vector product: OpenBLAS's is ~2x slower on one thread, and on two
it waits for a helper thread that other work on the machine deschedules (measured at
load ~4.6: 97 ms wall against 22 ms for ``vecdot``); one thread also leaves the other
core to the full-text lists a search runs meanwhile (``recall.beside.VECTORS``). The
working copy is cached per scope and refreshed incrementally: new rows are appended by id; a deletion or status change
bumps a version counter in ``meta`` and forces a reload.
"""

from __future__ import annotations

import sqlite3
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np

from memstrata.clock import from_db

#: Expiry of a row without ``expires_at``: never.
NEVER = np.inf


def encode_vector(vector: np.ndarray) -> bytes:
    """``(dim,)`` float → float16 little-endian bytes for a BLOB column."""
    return np.asarray(vector, dtype="<f2").tobytes()


def decode_vectors(blobs: Sequence[bytes], dim: int) -> np.ndarray:
    """BLOBs from ``encode_vector`` → ``(n, dim)`` float32."""
    if not blobs:
        return np.zeros((0, dim), dtype=np.float32)
    return np.frombuffer(b"".join(blobs), dtype="<f2").reshape(len(blobs), dim).astype(np.float32)


#: Rows per block of a working copy. Blocks are never merged past this size, so
#: growing a copy never needs a second full-size buffer (peak memory stays ~1x).
BLOCK_ROWS = 16_384


@dataclass
class _Block:
    ids: np.ndarray  # (capacity,) int64
    matrix: np.ndarray  # (capacity, dim) float32
    expiry: np.ndarray  # (capacity,) float64 POSIX seconds; inf = never
    created: np.ndarray  # (capacity,) float64 POSIX seconds; nan = not read
    size: int = 0


@dataclass
class _Entry:
    version: str
    dim: int
    max_id: int = 0
    blocks: list[_Block] = field(default_factory=list)

    def append(self, ids: np.ndarray, rows: np.ndarray, expiry: np.ndarray | None = None,
               created: np.ndarray | None = None) -> None:
        if expiry is None:
            expiry = np.full(len(ids), NEVER)
        if created is None:
            created = np.full(len(ids), np.nan)
        start = 0
        while start < len(ids):
            tail = self.blocks[-1] if self.blocks else None
            if tail is None or tail.size == BLOCK_ROWS:
                cap = min(BLOCK_ROWS, max(16, len(ids) - start))  # a small scope costs what it holds
                tail = _Block(np.zeros(cap, np.int64), np.zeros((cap, self.dim), np.float32),
                              np.full(cap, NEVER), np.full(cap, np.nan))
                self.blocks.append(tail)
            if tail.size == len(tail.ids):  # grow the tail block geometrically, up to BLOCK_ROWS
                cap = min(BLOCK_ROWS, 2 * len(tail.ids))
                grown = np.zeros((cap, self.dim), np.float32)
                grown[: tail.size] = tail.matrix[: tail.size]
                tail.ids, tail.matrix = np.resize(tail.ids, cap), grown
                tail.expiry, tail.created = np.resize(tail.expiry, cap), np.resize(tail.created, cap)
            n = min(len(ids) - start, len(tail.ids) - tail.size)
            tail.ids[tail.size : tail.size + n] = ids[start : start + n]
            tail.matrix[tail.size : tail.size + n] = rows[start : start + n]
            tail.expiry[tail.size : tail.size + n] = expiry[start : start + n]
            tail.created[tail.size : tail.size + n] = created[start : start + n]
            tail.size += n
            start += n
        if len(ids):
            self.max_id = max(self.max_id, int(ids.max()))

    @property
    def nbytes(self) -> int:
        return sum(b.matrix.nbytes for b in self.blocks)

    @property
    def rows(self) -> int:
        """Rows held (appending adds to it; nothing is removed from a copy)."""
        return sum(b.size for b in self.blocks)

    def cosines(self, query: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``(ids, cosines)`` of every row to ``query`` (float32 ``(dim,)``), unordered, none masked."""
        if not self.blocks:
            return np.zeros(0, np.int64), np.zeros(0, np.float32)
        return (np.concatenate([b.ids[: b.size] for b in self.blocks]),
                np.concatenate([np.vecdot(b.matrix[: b.size], query) for b in self.blocks]))

    def search(self, query: np.ndarray, now: float = -np.inf,
               within: Sequence[tuple[float, float]] | None = None,
               scanned: tuple[np.ndarray, np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray]:
        """``(ids, cosines)`` of every row not expired at ``now`` (POSIX seconds), unordered;
        ``within``: only rows created in one of these half-open ``[start, end)`` POSIX periods
        (the copy must have been read with ``created``). ``scanned``: ``cosines(query)`` of this
        copy as it is now, when the caller has it."""
        if not self.blocks:
            return np.zeros(0, np.int64), np.zeros(0, np.float32)
        ids, sims = self.cosines(query) if scanned is None else scanned
        live = np.concatenate([b.expiry[: b.size] for b in self.blocks]) > now
        if within is not None:
            created = np.concatenate([b.created[: b.size] for b in self.blocks])
            inside = np.zeros(len(created), bool)
            for start, end in within:
                inside |= (created >= start) & (created < end)
            live &= inside
        if not live.all():
            ids, sims = ids[live], sims[live]
        return ids, sims


class VectorCache:
    """Per-scope float32 working copies of stored vectors, bounded by ``max_bytes``."""

    def __init__(self, *, max_bytes: int = 512 * 1024 * 1024) -> None:
        self._entries: OrderedDict[tuple[object, ...], _Entry] = OrderedDict()
        self._max_bytes = max_bytes

    def clear(self) -> None:
        """Drop every working copy (after a re-embed)."""
        self._entries.clear()

    def __len__(self) -> int:
        """Working copies held (one per table, scope and filter searched)."""
        return len(self._entries)

    def get(
        self,
        conn: sqlite3.Connection,
        *,
        table: str,
        where: str,
        params: Sequence[object],
        version: str,
        dim: int,
        cache: bool = True,
        append_only: bool = False,
        created: str | None = None,
    ) -> _Entry:
        """The working copy of the vectors of rows of ``table`` matching ``where``.

        ``where`` must be a fixed SQL predicate over bound ``params`` (the scope);
        ``version`` changes whenever a row may have left the set. Rows added since the
        last call are appended by id. ``cache=False`` loads a one-off copy and keeps nothing.
        ``append_only``: rows never start matching ``where`` after they are written (segments:
        their episode's scope and time never change), so the next call reads only rows newer
        than the newest row of ``table`` seen now, not newer than the newest that matched:
        a copy for a selective filter (a date the query names) that matched few or no rows
        otherwise re-scanned the whole scope on every search (100k segments: ~100 ms a call).
        ``created``: an SQL expression of each row's creation time (``to_db`` text), kept with
        the copy so that a search can keep the rows of a period (``_Entry.search``); part of the
        copy's identity.
        """
        key = (table, where, tuple(params), dim, created)
        entry = self._entries.get(key) if cache else None
        if entry is None or entry.version != version:
            entry = _Entry(version, dim)
            if cache:
                self._entries[key] = entry
        newest = conn.execute(f"SELECT coalesce(max(id), 0) FROM {table}").fetchone()[0] if append_only else 0
        cursor = conn.execute(
            f"SELECT id, embedding, expires_at, {created or 'NULL'} FROM {table} "
            f"WHERE {where} AND embedding IS NOT NULL AND id > ? ORDER BY id",
            (*params, entry.max_id),
        )
        # Page through the rows: holding every BLOB of a large scope at once would cost
        # another ~1 KB per vector of transient memory on top of the working copy.
        while chunk := cursor.fetchmany(BLOCK_ROWS):
            entry.append(np.fromiter((r[0] for r in chunk), np.int64, len(chunk)),
                         decode_vectors([r[1] for r in chunk], dim),
                         np.fromiter((_posix(r[2]) for r in chunk), np.float64, len(chunk)),
                         np.fromiter((_posix(r[3], np.nan) for r in chunk), np.float64, len(chunk)))
        # Read in the same transaction as the scan, so no row between the two is skipped.
        entry.max_id = max(entry.max_id, int(newest))
        if cache:
            self._entries.move_to_end(key)
            self._evict()
        return entry

    def _evict(self) -> None:
        total = sum(e.nbytes for e in self._entries.values())
        while total > self._max_bytes and len(self._entries) > 1:
            _, dropped = self._entries.popitem(last=False)
            total -= dropped.nbytes


def _posix(text: str | None, missing: float = NEVER) -> float:
    when = from_db(text)
    return missing if when is None else when.timestamp()


def top_k(query: np.ndarray, entry: _Entry, k: int, min_similarity: float,
          now: datetime | None = None,
          within: Sequence[tuple[datetime, datetime]] | None = None,
          scanned: tuple[np.ndarray, np.ndarray] | None = None) -> list[tuple[int, float]]:
    """The ``k`` rows of ``entry`` most cosine-similar to ``query`` (unit ``(dim,)``), best first.

    Returns ``[(id, cosine)]`` with cosine in [-1, 1], dropping rows below ``min_similarity``,
    rows whose ``expires_at`` is at or before ``now`` and, with ``within`` (half-open periods),
    rows created outside them (the entry must have been read with ``created``). ``scanned``:
    ``entry.cosines`` of the float32 ``query``, when the caller already has it (``_Entry.search``).
    """
    periods = None if within is None else [(start.timestamp(), end.timestamp()) for start, end in within]
    ids, sims = entry.search(query.astype(np.float32), -np.inf if now is None else now.timestamp(), periods,
                             scanned)
    if len(ids) == 0 or k <= 0:
        return []
    k = min(k, len(sims))
    kth = sims[np.argpartition(-sims, k - 1)[k - 1]]
    # Ties (a text said twice has one vector) in id order, those at the cut included before it is
    # made: PostgreSQL's exact search orders by (distance, id), and with the vector lists weighing
    # as much as full text a swapped tie moved a hit's fused score by ~0.01 between the stores.
    chosen = np.flatnonzero(sims >= kth)
    order = chosen[np.lexsort((ids[chosen], -sims[chosen]))][:k]
    # Whole slices to Python numbers (the same ints and floats as one element at a time, ~10x fewer
    # calls); the cut compares in float32, as ``sims[i] >= min_similarity`` did.
    best = sims[order]
    keep = best >= min_similarity
    return list(zip(ids[order][keep].tolist(), best[keep].tolist(), strict=True))
