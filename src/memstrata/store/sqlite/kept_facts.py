"""The fact rows reads map, kept while the file holds them unchanged.

A search reads every fact its lists fused (``SQLiteStore.get_facts``): ~100-150 after an agent's
chit-chat (the message's and its question's full-text and vector lists, 50 each), and in a store of
a few hundred facts most of them are the same from one search to the next (the vector lists rank
every fact of the scope). Mapping them again (six timestamps parsed, the value and statement
revealed, the citations read) was ~0.7 ms of CPU a search on the synthetic 2k store, alone, and
more inside a search. ``KeptFacts`` keeps each mapped ``Fact`` by id; a read still asks the file
which of its ids the scope may read now (scope, expiry, forget jobs: one statement by rowid) and
maps only the facts not kept.

A fact changes in place (its status, its access count, a correction), so what is kept is dropped
whenever the file may have changed: a write through this connection (``Connection.total_changes``
counts every row a statement or trigger wrote, rolled back or not), a commit by another connection
(``PRAGMA data_version``), or another cipher (a value reads as ``[ENCRYPTED]`` without one). The
facts are frozen and shared with every read, as the segment rows of ``store.sqlite.searched`` are.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Sequence

from memstrata.types import Fact

#: Facts kept at most; past it every kept fact is dropped (a user's searches read a few hundred:
#: a fact object with its strings is ~1-2 KB, so ~4-8 MB at most).
KEPT_FACTS = 4096


class KeptFacts:
    """Facts by id as last read from the file, while it holds them unchanged."""

    def __init__(self, size: int = KEPT_FACTS) -> None:
        self.size = size
        self._facts: dict[int, Fact] = {}
        self._stamp: tuple[int, int, int] | None = None

    def clear(self) -> None:
        """Forget every kept fact (the next read maps them again)."""
        self._facts.clear()
        self._stamp = None

    def check(self, conn: sqlite3.Connection, cipher: object) -> None:
        """Drop the kept facts if the file may have changed since they were read (a write through
        ``conn``, a commit by another connection) or ``cipher`` is another one. Call inside the read
        transaction the facts are read in."""
        version = int(conn.execute("PRAGMA data_version").fetchone()[0])
        stamp = (version, conn.total_changes, id(cipher))
        if stamp != self._stamp:
            self._facts.clear()
            self._stamp = stamp

    def fits(self, n: int) -> bool:
        """Whether a read of ``n`` facts is kept: at most half of ``size`` (a listing of a whole
        user is mapped as read and keeps nothing)."""
        return n <= self.size // 2

    def put(self, facts: list[Fact]) -> None:
        """Keep ``facts`` (read from the file as it stands at the last ``check``; at most ``size``):
        when they would not fit beside the kept ones, every kept fact is dropped first."""
        if len(self._facts) + len(facts) > self.size:
            self._facts.clear()
        self._facts.update((fact.id, fact) for fact in facts)

    def take(self, ids: Sequence[int], load: Callable[[list[int]], list[Fact]]) -> dict[int, Fact]:
        """The facts of ``ids`` by id, in the order of ``ids``: the kept ones, and the others read by
        ``load`` (given the ids not kept, in their order), which are kept from then on. Keeping them may
        drop every fact kept before (``put``): those asked for are returned all the same."""
        found = self.read(ids)
        missing = [i for i in ids if i not in found]
        if not missing:
            return found
        loaded = load(missing)
        self.put(loaded)
        found.update((fact.id, fact) for fact in loaded)
        return {i: found[i] for i in ids if i in found}

    def read(self, ids: Iterable[int]) -> dict[int, Fact]:
        """The kept facts of ``ids`` by id, in the order of ``ids`` (an id not kept is left out)."""
        facts = self._facts
        return {i: facts[i] for i in ids if i in facts}
