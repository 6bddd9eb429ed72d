"""The segment rows searches read, kept across searches while no stored row changes.

A search reads ~170 candidate segments with their episodes (``SQLiteStore.segments_with_episodes``)
and most of them were read by earlier searches too: on LoCoMo's pooled store (9,327 segments) 95%
of them with 8,192 kept (87% with 4,096), on MemoryBank-zh's 90%. Reading them again cost ~1 ms a
search (300 ids bound, each row sought, its episode joined and mapped). ``SearchedRows`` keeps each
read ``(Segment, Episode)`` by segment id, and hands out a new ``Episode`` for each read, with its
own metadata (``rows.metadata_of``), so a caller changing a hit's episode never changes another's.

What is kept is exactly what the file holds: adding rows changes no kept one, and the cache is
emptied at once when an episode or segment row is updated or deleted through this connection (a
forget, an expiry sweep, a re-embed: temporary triggers call ``ROWS_CHANGED``), when a write
through it rolls back, and, before a read, when another connection committed anything to the file
since (``PRAGMA data_version``). Nothing forgotten is served again.
"""

from __future__ import annotations

import sqlite3

from memstrata.types import Episode, Segment

#: Segments kept (their episodes shared): ~1 KB each with its episode's text, ~8 MB at most.
#: LoCoMo's pool: 95% of a search's rows found kept with 8,192, 87% with 4,096.
SEARCHED_ROWS = 8192

#: The SQL function the triggers call when a kept row may have changed.
ROWS_CHANGED = "memstrata_searched_rows_changed"

_TRIGGERS = tuple(
    f"CREATE TEMP TRIGGER IF NOT EXISTS searched_rows_{table}_{event.lower()} AFTER {event} ON main.{table} "
    f"BEGIN SELECT {ROWS_CHANGED}(); END"
    for table in ("episodes", "segments") for event in ("UPDATE", "DELETE"))


class SearchedRows:
    """Segments by id with their episodes, as last read from the file."""

    def __init__(self, size: int = SEARCHED_ROWS) -> None:
        self.size = size
        self._rows: dict[int, tuple[Segment, Episode]] = {}
        self._version: int | None = None

    def watch(self, conn: sqlite3.Connection) -> None:
        """Empty the cache whenever ``conn`` updates or deletes an episode or segment row (temporary
        triggers, this connection's alone). Call once, after the schema is migrated."""
        conn.create_function(ROWS_CHANGED, 0, self._changed)
        for sql in _TRIGGERS:
            conn.execute(sql)

    def _changed(self) -> None:
        self._rows.clear()

    def clear(self) -> None:
        """Forget every kept row (a rolled-back write may have fed rows it did not commit)."""
        self._rows.clear()
        self._version = None

    def check(self, conn: sqlite3.Connection) -> None:
        """Empty the cache if another connection committed to the file since it was filled. Call
        inside the read transaction the rows are read in (``PRAGMA data_version`` starts it)."""
        version = int(conn.execute("PRAGMA data_version").fetchone()[0])
        if version != self._version:
            self._rows.clear()
            self._version = version

    def __len__(self) -> int:
        return len(self._rows)

    def __contains__(self, segment_id: object) -> bool:
        return segment_id in self._rows

    def make_room(self, n: int) -> bool:
        """Drop the least recently read rows until ``n`` more fit; ``False`` (nothing dropped) when
        ``n`` is more than half the cache: such a read is not kept."""
        if n > self.size // 2:
            return False
        rows = self._rows
        if len(rows) + n > self.size:
            for old in list(rows)[: len(rows) + n - self.size + self.size // 8]:
                del rows[old]
        return True

    def put(self, segment: Segment, episode: Episode) -> None:
        """Keep ``segment`` with its ``episode``; ``make_room`` first."""
        self._rows[segment.id] = (segment, episode)

    def read(self, ids: list[int]) -> dict[int, tuple[Segment, Episode]]:
        """The kept rows of ``ids`` (others left out), by id in ascending order, shared with the cache
        (read-only). The rows read become the most recent."""
        out: dict[int, tuple[Segment, Episode]] = {}
        rows = self._rows
        for i in sorted(ids):
            row = rows.pop(i, None)
            if row is not None:
                out[i] = rows[i] = row
        return out
