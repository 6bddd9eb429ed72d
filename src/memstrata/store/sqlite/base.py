"""What every part of ``SQLiteStore`` shares: its database, the file's metadata and counters,
and the SQL helpers each concern builds queries with.

``SQLiteStore`` is composed of one mixin per concern (``store.sqlite.episodes``, ``.facts``,
``.reads``, ``.neighbours``, ``.lifecycle``), each a subclass of ``SQLiteBase``: the attributes
and the read predicate they use are declared here once, so mypy checks every mixin's SQL
plumbing against them, and the store's protocol methods stay methods of the store (no
forwarding layer).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager, nullcontext
from datetime import datetime
from typing import TYPE_CHECKING

from memstrata.clock import from_db
from memstrata.filter import Expr
from memstrata.filter.sql import SQLITE, ValueMac, compile_filter
from memstrata.privacy.crypto import Cipher, reveal
from memstrata.store.dialect import SQLiteDialect
from memstrata.store.keys import ApiKeys
from memstrata.store.protocol import Capabilities
from memstrata.store.scope import SCOPE_FIELDS
from memstrata.store.sqlite.connection import Database
from memstrata.store.sqlite.kept_facts import KeptFacts
from memstrata.store.sqlite.queue import ExtractionQueue
from memstrata.store.sqlite.rows import tuples
from memstrata.store.sqlite.semantic import SQLiteSemantic
from memstrata.store.vectors import VectorCache
from memstrata.types import Episode, Fact, Scope, Segment

if TYPE_CHECKING:
    from memstrata.config import SemanticSettings


_FACT_COLS = (
    "id, org_id, project_id, user_id, agent_id, subject, kind, key, tag, value, statement, "
    "confidence, importance, sensitivity, observed_at, valid_from, valid_to, expires_at, status, "
    "access_count, last_accessed_at, created_at, expired_at, encrypted"
)


def filter_predicate(expr: Expr | None, *, kind: str, alias: str = "",
                     value_mac: ValueMac | None = None) -> tuple[str, list[object]] | None:
    """SQL predicate of a filter for SQLite (``"1"`` when there is none), or ``None`` when it
    can match no record of ``kind`` (``fact`` | ``episode``): the caller skips the query."""
    if expr is None:
        return "1", []
    sql, params = compile_filter(expr, kind=kind, dialect=SQLITE, alias=alias, value_mac=value_mac)
    if isinstance(sql, bool):
        return ("1", []) if sql else None
    return sql, params


def scope_tokens(scope: Scope) -> list[str]:
    """Full-text tokens naming a scope: one for the tenant, one per set user/agent/session.

    ``zq`` + decimal digits of a SHA-256 prefix: one token under ``unicode61``, and the
    Porter stemmer leaves a digit-final word alone. A document carries the tokens of its
    scope; a query requires those of the reader's scope (a hash collision is harmless:
    the SQL scope check after the match still applies).
    """
    parts = [("tenant", "")] + [(n, v) for n in SCOPE_FIELDS if (v := getattr(scope, n)) is not None]
    out = []
    for name, value in parts:
        digest = hashlib.sha256(json.dumps([scope.org_id, scope.project_id, name, value]).encode("utf-8"))
        out.append(f"zq{int(digest.hexdigest()[:15], 16)}")
    return out


class SQLiteBase:
    """The state and plumbing every concern of ``SQLiteStore`` uses; see the module docstring."""

    #: The file's connection and transactions (set by ``SQLiteStore.__init__``).
    db: Database
    #: Vector working copies of the scopes searched (``store.vectors``).
    vectors: VectorCache
    #: Decrypts high-sensitivity values on read; ``None``: they read as ``[ENCRYPTED]``.
    cipher: Cipher | None
    #: The facts reads mapped, kept while the file holds them unchanged (``store.sqlite.kept_facts``).
    kept_facts: KeptFacts
    #: Session block id → (its scope tokens if the open write began it, else ``None``; the turns'
    #: terms appended to it): written before the commit (``EpisodeWrites.write_block_text``).
    block_text: dict[int, tuple[str | None, list[str]]]

    if TYPE_CHECKING:
        def write_block_text(self, conn: sqlite3.Connection) -> None:
            """Write the session blocks' text appended in the open write (``EpisodeWrites``)."""

    if TYPE_CHECKING:
        # The read predicate stays in ``store.py`` beside the search whose cost it drives;
        # declared here so the mixins type-check against its signature.
        def hidden_clause(self, conn: sqlite3.Connection, table: str, prefix: str = "") -> tuple[str, list[object]]:
            """SQL excluding rows of ``table`` that a running forget job has hidden."""

        def where(self, conn: sqlite3.Connection, scope: Scope, *, table: str, prefix: str = "",
                  session: bool = True, now: datetime | None = None, expiry: bool = True,
                  extra: tuple[str, list[object]] | None = None) -> tuple[str, list[object]]:
            """The full read predicate of ``table`` (``SQLiteStore.where``)."""

        def segments_with_episodes(self, ids: Iterable[int]) -> dict[int, tuple[Segment, Episode]]:
            """Segments by id with their episodes, as a search reads them (``SQLiteStore``)."""

    def snapshot(self) -> AbstractContextManager[None]:
        """One read transaction for a search's reads (``Database.snapshot``): one consistent view,
        and one BEGIN/COMMIT pair instead of one per store call.

        With ``capabilities.parallel_reads`` switched on, a search's vector look-ups read from
        another thread through the same connection; the snapshot holds the connection's lock for
        the whole search, so that thread would wait for the caller while the caller waits for it.
        Each read then takes its own transaction (no snapshot)."""
        if self.capabilities.parallel_reads:
            return nullcontext()
        return self.db.snapshot()

    def close(self) -> None:
        """Close the database."""
        self.db.close()

    @property
    def location(self) -> str:
        """The database file, as text."""
        return str(self.db.path)

    def size_bytes(self) -> int:
        """Bytes of the database file (0 if it does not exist yet)."""
        return self.db.path.stat().st_size if self.db.path.exists() else 0

    def clear_caches(self) -> None:
        """Drop the vector working copies (after a bulk deletion or re-embed)."""
        self.vectors.clear()

    #: Everything: forget jobs, the extraction queue and short-term memory are built on SQLite.
    # No vector thread (parallel_reads): the store could serve it (each read takes the connection's
    # lock for its statements only), but measured on 2 cores (bench perf --busy-cores, quiet and one
    # core busy) the hand-off cost more than the overlap won below ~10k vectors (LoCoMo-size users:
    # p95 15.8 vs 19.8 ms quiet, 17.8 vs 21.8 busy), and at 100k, where it won ~5 ms of p95, a
    # search's CPU time exceeded its wall time (39.8 vs 31.0 ms p50), taking the core the caller's
    # application runs on. One thread per search keeps every target on both conditions.
    capabilities = Capabilities(forget_jobs=True, extraction_queue=True, short_term=True, maintenance=True, sql=True)

    # -- LLM semantic memory and API keys (``store.semantic_store.SemanticStore``) --------------------
    def extraction_queue(self, policy: SemanticSettings) -> ExtractionQueue:
        """The extraction queue of this file (``store.sqlite.queue``)."""
        return ExtractionQueue(self.db, policy)

    def semantic_queries(self) -> SQLiteSemantic:
        """The queries of the worker, consolidation and short-term memory (``store.sqlite.semantic``)."""
        return SQLiteSemantic(self)

    def api_keys(self) -> ApiKeys:
        """The REST server's API keys in this file (``store.keys``)."""
        return ApiKeys(self.db, self.dialect)

    @property
    def value_mac(self) -> ValueMac | None:
        """With an encryption key, how a filter's ``value`` literal finds encrypted facts (the
        keyed hash of the normalised value they store in ``value_norm``); ``None`` without one."""
        return None if self.cipher is None else self.cipher.mac

    @staticmethod
    def lock_scopes(conn: sqlite3.Connection, scopes: Iterable[Scope]) -> None:
        """Nothing to do: ``BEGIN IMMEDIATE`` already serialises every writer of the file."""

    # -- metadata ---------------------------------------------------------------------------
    def get_meta(self, key: str) -> str | None:
        """A value of the ``meta`` table (model name, counters), or ``None``."""
        with self.db.read() as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    @staticmethod
    def set_meta(conn: sqlite3.Connection, key: str, value: str) -> None:
        """Set a ``meta`` value inside an open write."""
        conn.execute("INSERT INTO meta (key, value) VALUES (?, ?) "
                     "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))

    @staticmethod
    def bump(conn: sqlite3.Connection, counter: str) -> None:
        """Increment a version counter: vector working copies keyed on it reload."""
        conn.execute("INSERT INTO meta (key, value) VALUES (?, '1') ON CONFLICT (key) "
                     "DO UPDATE SET value = CAST(value AS INTEGER) + 1", (counter,))

    def upgrade_terms(self, conn: sqlite3.Connection, version: int, fn: Callable[[str], str]) -> int | None:
        """Rewrite the terms of both full-text tables through ``fn`` if meta ``terms_version`` is
        below ``version`` (read inside this write, so two processes never apply ``fn`` twice)."""
        row = conn.execute("SELECT value FROM meta WHERE key = 'terms_version'").fetchone()
        if row is not None and int(row[0]) >= version:
            return None
        rewritten = 0
        for table in ("segments_fts", "facts_fts", "turns_fts", "session_blocks_fts"):
            changed = [(new, rowid) for rowid, old in conn.execute(f"SELECT rowid, terms FROM {table}").fetchall()
                       if (new := fn(old)) != old]
            conn.executemany(f"UPDATE {table} SET terms = ? WHERE rowid = ?", changed)
            rewritten += len(changed)
        self.set_meta(conn, "terms_version", str(version))
        return rewritten

    @staticmethod
    def _version(conn: sqlite3.Connection, counter: str) -> str:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (counter,)).fetchone()
        return "0" if row is None else str(row[0])

    #: Placeholders, times, JSON and vectors as this store keeps them.
    dialect = SQLiteDialect()

    # -- fact rows (read by the writes and the listings) ------------------------------------
    def _facts(self, conn: sqlite3.Connection, where: str, params: Sequence[object],
               tail: str = "", *, by_id: bool = False) -> list[Fact]:
        """Facts matching ``where``; ``by_id``: ``where`` names the ids (``id IN (...)``), which are
        looked up by rowid: the planner otherwise walks every fact of the owner in facts_status
        (9,000 facts: ~2 ms, against ~0.2 ms for 100 rowids)."""
        table = "facts NOT INDEXED" if by_id else "facts"
        rows = tuples(conn).execute(f"SELECT {_FACT_COLS} FROM {table} WHERE {where} {tail}", params).fetchall()
        if not rows:
            return []
        marks = ",".join("?" * len(rows))
        cites: dict[int, list[int]] = {}
        for fid, eid in tuples(conn).execute(
            f"SELECT fact_id, episode_id FROM fact_citations WHERE fact_id IN ({marks}) "
            "ORDER BY episode_id", [r[0] for r in rows],
        ):
            cites.setdefault(fid, []).append(eid)
        return [self._row_to_fact(r, tuple(cites.get(r[0], ()))) for r in rows]

    def _row_to_fact(self, row: sqlite3.Row, citations: tuple[int, ...]) -> Fact:
        # By position (``_FACT_COLS``' order), as ``row_to_episode``: a search maps ~70 facts.
        (id_, org_id, project_id, user_id, agent_id, subject, kind, key, tag, value, statement, confidence,
         importance, sensitivity, observed_at, valid_from, valid_to, expires_at, status, access_count,
         last_accessed_at, created_at, expired_at, encrypted) = tuple(row)
        return Fact(
            id=id_, scope=Scope(org_id, project_id, user_id, agent_id),
            kind=kind, key=key, value=reveal(value, self.cipher), tag=tag,
            confidence=confidence, importance=importance,
            sensitivity=sensitivity, citations=citations,
            observed_at=from_db(observed_at),  # type: ignore[arg-type]
            valid_from=from_db(valid_from), valid_to=from_db(valid_to),
            expires_at=from_db(expires_at), status=status,
            access_count=access_count, last_accessed_at=from_db(last_accessed_at),
            created_at=from_db(created_at),  # type: ignore[arg-type]
            subject=subject, statement=reveal(statement, self.cipher),
            expired_at=from_db(expired_at), encrypted=bool(encrypted),
        )
