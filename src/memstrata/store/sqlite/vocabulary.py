"""Which of a query's terms a full-text table holds at all, so that a MATCH leaves out the rest.

An agent's message is passed whole (chit-chat first, the question last: 60-120 terms), and
``text.tokens.fts_match_expression`` ORs every term. FTS5 walks an OR of N phrases row by row,
looking at each phrase's iterator for every matching row, and ``bm25()`` loops over all N phrases
for each row it scores, so a term no row holds still costs time on every matching row. In the
synthetic 10k-message store of ``memstrata bench perf``, 63 of a Chinese message's 68 terms and
24 of an English one's 31 are in no row: ranking the whole turns took 11.3 ms with them and 4.1 ms
without (quiet, CPU time).

Leaving such a term out changes no row and no score. The rows matched are the same (the term
matched none). FTS5's bm25 adds, for each phrase, ``idf * tf * (k1 + 1) / (tf + k1 * (...))``: with
``tf = 0`` that is exactly ``0.0`` (its idf is positive: FTS5 floors it at 1e-6), and adding
``0.0`` leaves a float unchanged; each other phrase's idf counts its own rows alone. The sorter
breaks ties in rowid order, as before. So the same rows come back with the same scores in the same
order.

Whether a term is in a table is asked of the table itself (``MATCH 'terms : "word"'``: its own
tokenizer, stemming included), all of a query's unknown terms in one statement (~6 µs a term),
and remembered while the file holds the same rows: until this connection writes anything
(``Connection.total_changes``) or another connection commits (``PRAGMA data_version``).

Other answers that depend on the file alone are kept the same way (``TermPresence.kept``): whether
a term matches more than ``RARE_MATCHES`` rows (``store.sqlite.store._newest_top`` asks it of every
term of a query, walking up to 1,000 matches of each: ~1 ms a long message at 10k segments) and
the span of a table's rowids.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")

#: (table, term) answers kept at most; past it they are all dropped (a user's queries repeat their
#: words: 8,192 is a few hundred messages' worth, ~1 MB).
KNOWN_TERMS = 8192

_TERM = re.compile(r'"[^"]*"')


class TermPresence:
    """Whether each full-text table holds each query term, as the file stands now."""

    def __init__(self, size: int = KNOWN_TERMS) -> None:
        self.size = size
        self._known: dict[tuple[str, str], bool] = {}
        self._answers: dict[Hashable, Any] = {}
        self._stamp: tuple[int, int] | None = None

    def clear(self) -> None:
        """Forget every answer (the next call asks the file again)."""
        self._known.clear()
        self._answers.clear()
        self._stamp = None

    def kept(self, conn: sqlite3.Connection) -> Callable[[Hashable, Callable[[], T]], T]:
        """A memo for one read of ``conn``: ``memo(key, load)`` is ``load()``, kept across reads while
        the file holds the same rows (at most ``size`` answers). ``load`` must depend on the file's
        rows alone; use the memo inside the read it was made in."""
        self._check(conn)

        def memo(key: Hashable, load: Callable[[], T]) -> T:
            if key not in self._answers:
                if len(self._answers) >= self.size:
                    self._answers.clear()
                self._answers[key] = load()
            return self._answers[key]  # type: ignore[no-any-return]
        return memo

    def present(self, conn: sqlite3.Connection, table: str, match: str) -> str:
        """``match`` (an OR of double-quoted terms, ``text.tokens.fts_match_expression``) with the
        terms no row of ``table`` holds in its ``terms`` column left out, their order kept;
        ``""`` when no term is left (nothing can match). Any other expression is returned as it
        is. Call inside a read of ``conn`` (the answers describe the file that read sees).

        ``table``: a full-text table of the schema with a ``terms`` column (``segments_fts``,
        ``turns_fts``, ``session_blocks_fts``, ``facts_fts``)."""
        terms = _TERM.findall(match)
        if not terms or " OR ".join(terms) != match:
            return match
        self._check(conn)
        unknown = [t for t in dict.fromkeys(terms) if (table, t) not in self._known]
        if unknown:
            if len(self._known) + len(unknown) > self.size:
                # Every answer goes, this query's known terms too: they are asked again with the rest.
                self._known.clear()
                unknown = list(dict.fromkeys(terms))
            held = {row[0] for row in conn.execute(
                f"SELECT value FROM json_each(?) WHERE EXISTS "
                f"(SELECT 1 FROM {table} WHERE {table} MATCH 'terms : ' || value)", (json.dumps(unknown),))}
            self._known.update(((table, t), t in held) for t in unknown)
        kept = [t for t in terms if self._known[(table, t)]]
        if len(kept) == len(terms):
            return match
        return " OR ".join(kept)

    def _check(self, conn: sqlite3.Connection) -> None:
        """Drop the answers if the file may have changed since they were given: a write through
        ``conn`` (its ``total_changes`` counts rows written by triggers too) or a commit by another
        connection (``PRAGMA data_version``)."""
        version = int(conn.execute("PRAGMA data_version").fetchone()[0])
        stamp = (version, conn.total_changes)
        if stamp != self._stamp:
            self._known.clear()
            self._answers.clear()
            self._stamp = stamp
