"""A search's fact recalls, counted in memory and written to the file in one statement.

Every search counts the facts it returns as recalled (``access_count`` and ``last_accessed_at``,
read by ``maintain`` to raise a recalled fact's importance, by the idle archive and by filters).
Written by the search itself, that was a write transaction on every search (~0.1-0.2 ms) and,
once the log held 1,000 pages (about one search in 190 at 10k segments), SQLite's automatic
checkpoint inside it (~7 ms): the slowest searches. The counts are now kept here and written by
``Database`` in one ``executemany`` when ``FLUSH_EVERY`` searches have counted, at the start of
any write transaction (in it, so a forget or ``maintain`` sees them), before any read outside a
search (``get``, ``list``, export: the counts a user reads are current in this process), and on
close. What is lost: a process killed (or a power cut) before the next write loses the counts
not yet written, at most ``FLUSH_EVERY`` - 1 searches' worth; another process sees them once
they are written.
"""

from __future__ import annotations

from collections.abc import Iterable

#: Searches counted in memory before their recalls are written. 32 searches' counts cost about
#: one search's write, and the log grows by the pages of the facts they recalled, once each, so
#: the automatic checkpoint comes ~30x less often than with a write per search.
FLUSH_EVERY = 32

#: The one statement the counts are written with: each row is ``(recalls, last_recalled_at, fact_id)``.
WRITE_SQL = "UPDATE facts SET access_count = access_count + ?, last_accessed_at = ? WHERE id = ?"


class RecallCounts:
    """Recalls not yet written: per fact id, how many and the latest time (``to_db`` text).
    Not thread-safe on its own: ``Database`` holds its lock around every use."""

    def __init__(self) -> None:
        self._counts: dict[int, int] = {}
        self._latest: dict[int, str] = {}
        #: Searches counted since the last write (or the last attempt that found the file locked).
        self.searches = 0

    def __bool__(self) -> bool:
        return bool(self._counts)

    def add(self, fact_ids: Iterable[int], at: str) -> None:
        """Count one search's recall of each of ``fact_ids`` at ``at`` (a ``to_db`` time)."""
        self.searches += 1
        self._merge((1, at, fid) for fid in fact_ids)

    def take(self) -> list[tuple[int, str, int]]:
        """The rows for ``WRITE_SQL``, removing them from here (``restore`` puts them back)."""
        rows = [(n, self._latest[fid], fid) for fid, n in self._counts.items()]
        self._counts.clear()
        self._latest.clear()
        self.searches = 0
        return rows

    def restore(self, rows: Iterable[tuple[int, str, int]]) -> None:
        """Put back rows ``take`` gave whose write did not commit (merged with any counted since)."""
        self._merge(rows)

    def _merge(self, rows: Iterable[tuple[int, str, int]]) -> None:
        for n, at, fid in rows:
            self._counts[fid] = self._counts.get(fid, 0) + n
            latest = self._latest.get(fid)
            if latest is None or at > latest:  # to_db times sort as text
                self._latest[fid] = at
