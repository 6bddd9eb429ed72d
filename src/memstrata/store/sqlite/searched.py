"""The segment rows searches read, kept across searches while no stored row changes.

A search reads ~170 candidate segments with their episodes (``SQLiteStore.segments_with_episodes``)
and most of them were read by earlier searches too: on LoCoMo's pooled store (9,327 segments) 95%
of them with 8,192 kept (87% with 4,096), on MemoryBank-zh's 90%. Reading them again cost ~1 ms a
search (300 ids bound, each row sought, its episode joined and mapped). ``SearchedRows`` keeps each
read ``(Segment, Episode)`` by segment id (one episode object for its kept sentences) and hands the
same objects to every read: they are the search's to read, not to change (``recall.search`` gives
each hit an episode with metadata of its own, so a caller changing a hit's changes nothing kept). It
holds at most ``SEARCHED_ROWS`` rows and ``SEARCHED_CHARS`` characters, the least recently read
dropped first.

What is kept is exactly what the file holds: adding rows changes no kept one, and the cache is
emptied at once when an episode or segment row is updated or deleted through this connection (a
forget, an expiry sweep, a re-embed: temporary triggers call ``ROWS_CHANGED``), when a write
through it rolls back, and, before a read, when another connection committed anything to the file
since (``PRAGMA data_version``). Nothing forgotten is served again.
"""

from __future__ import annotations

import sqlite3

from memstrata.types import Episode, Segment

#: Segments kept (their episodes shared). LoCoMo's pool: 95% of a search's rows found kept with
#: 8,192, 87% with 4,096; its 7,495 rows held 8.9 MB (~1.2 KB a row, objects included).
SEARCHED_ROWS = 8192
#: Characters kept at most: each row's sentence and derivative, and each episode's text once, so
#: that long messages (a 1 MB document) cannot pin more than ~10-40 MB (1 to 4 bytes a character).
#: LoCoMo's rows hold ~360 characters each: bound by the row count.
SEARCHED_CHARS = 10_000_000

#: The SQL function the triggers call when a kept row may have changed.
ROWS_CHANGED = "memstrata_searched_rows_changed"

_TRIGGERS = tuple(
    f"CREATE TEMP TRIGGER IF NOT EXISTS searched_rows_{table}_{event.lower()} AFTER {event} ON main.{table} "
    f"BEGIN SELECT {ROWS_CHANGED}(); END"
    for table in ("episodes", "segments") for event in ("UPDATE", "DELETE"))


class SearchedRows:
    """Segments by id with their episodes (one object an episode), as last read from the file."""

    def __init__(self, size: int = SEARCHED_ROWS, chars: int = SEARCHED_CHARS) -> None:
        self.size, self.chars = size, chars
        self._rows: dict[int, tuple[Segment, Episode]] = {}
        #: Episode id -> the kept episode, and how many kept rows hold it (two dicts: a list an
        #: episode would be one more object for the garbage collector to walk).
        self._episodes: dict[int, Episode] = {}
        self._holding: dict[int, int] = {}
        #: Characters held (``SEARCHED_CHARS``).
        self._held = 0
        self._version: int | None = None

    def watch(self, conn: sqlite3.Connection) -> None:
        """Empty the cache whenever ``conn`` updates or deletes an episode or segment row (temporary
        triggers, this connection's alone). Call once, after the schema is migrated."""
        conn.create_function(ROWS_CHANGED, 0, self._empty)
        for sql in _TRIGGERS:
            conn.execute(sql)

    def _empty(self) -> None:
        self._rows.clear()
        self._episodes.clear()
        self._holding.clear()
        self._held = 0

    def clear(self) -> None:
        """Forget every kept row (a rolled-back write may have fed rows it did not commit)."""
        self._empty()
        self._version = None

    def check(self, conn: sqlite3.Connection) -> None:
        """Empty the cache if another connection committed to the file since it was filled. Call
        inside the read transaction the rows are read in (``PRAGMA data_version`` starts it)."""
        version = int(conn.execute("PRAGMA data_version").fetchone()[0])
        if version != self._version:
            self._empty()
            self._version = version

    def __len__(self) -> int:
        return len(self._rows)

    def __contains__(self, segment_id: object) -> bool:
        return segment_id in self._rows

    @property
    def held(self) -> int:
        """Characters held: each kept row's sentence and derivative, each kept episode's text once."""
        return self._held

    def fits(self, n: int) -> bool:
        """Whether a read of ``n`` rows is kept: at most half the rows the cache holds (a larger one
        would only push out what the next searches read)."""
        return n <= self.size // 2

    def put(self, segment: Segment, episode: Episode) -> None:
        """Keep ``segment`` with its ``episode`` (the episode kept already, if any, is shared instead)."""
        if segment.id in self._rows:
            self._drop(segment.id)
        kept = self._episodes.get(episode.id)
        if kept is None:
            kept = self._episodes[episode.id] = episode
            self._held += len(episode.content)
        self._holding[episode.id] = self._holding.get(episode.id, 0) + 1
        self._rows[segment.id] = (segment, kept)
        self._held += len(segment.text) + len(segment.derivative)

    def _drop(self, segment_id: int) -> None:
        segment, episode = self._rows.pop(segment_id)
        self._held -= len(segment.text) + len(segment.derivative)
        left = self._holding[episode.id] - 1
        if left:
            self._holding[episode.id] = left
        else:
            del self._episodes[episode.id], self._holding[episode.id]
            self._held -= len(episode.content)

    def read(self, ids: list[int]) -> dict[int, tuple[Segment, Episode]]:
        """The kept rows of ``ids`` (others left out), by id in ascending order, shared with the cache
        (read-only). The rows read become the most recent; then the least recently read rows are
        dropped until the cache is within its bounds (an eighth below them, so not at every read)."""
        out: dict[int, tuple[Segment, Episode]] = {}
        rows = self._rows
        for i in sorted(ids):
            row = rows.pop(i, None)
            if row is not None:
                out[i] = rows[i] = row
        if len(rows) > self.size or self._held > self.chars:
            rows_left, chars_left = self.size - self.size // 8, self.chars - self.chars // 8
            for old in list(rows):  # oldest first
                if len(rows) <= rows_left and self._held <= chars_left:
                    break
                self._drop(old)
        return out
