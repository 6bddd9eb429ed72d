"""What every part of ``PostgresStore`` shares: its connection pool, the database's metadata and
counters, and the SQL helpers each concern builds queries with.

``PostgresStore`` is composed of one mixin per concern (``store.postgres.episodes``, ``.facts``,
``.reads``, ``.lifecycle``), each a subclass of ``PgBase``: the attributes and the read predicate
they use are declared here once, so mypy checks every mixin against them, and the store's
protocol methods stay methods of the store (no forwarding layer).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from datetime import UTC
from typing import TYPE_CHECKING, Any

from memstrata.filter import Expr
from memstrata.filter.sql import POSTGRES, ValueMac, compile_filter
from memstrata.privacy.crypto import Cipher, reveal
from memstrata.store.dialect import PostgresDialect
from memstrata.store.keys import ApiKeys
from memstrata.store.postgres import search
from memstrata.store.postgres.connection import PgDatabase
from memstrata.store.postgres.queue import PgExtractionQueue
from memstrata.store.postgres.rows import Conn, fetch_rows, utc
from memstrata.store.postgres.semantic import PgSemantic
from memstrata.store.protocol import Capabilities
from memstrata.types import Fact, Scope

if TYPE_CHECKING:
    from memstrata.config import SemanticSettings


_FACT_COLS = ("id, org_id, project_id, user_id, agent_id, subject, kind, key, tag, value, statement, "
              "confidence, importance, sensitivity, observed_at, valid_from, valid_to, expires_at, status, "
              "access_count, last_accessed_at, created_at, expired_at, encrypted")


def filter_predicate(expr: Expr | None, *, kind: str, alias: str = "",
                     value_mac: ValueMac | None = None) -> tuple[str, list[object]] | None:
    """SQL of a filter for PostgreSQL (``TRUE`` when none), or ``None`` when it matches no ``kind`` record."""
    if expr is None:
        return "TRUE", []
    sql, params = compile_filter(expr, kind=kind, dialect=POSTGRES, alias=alias, value_mac=value_mac)
    if isinstance(sql, bool):
        return ("TRUE", []) if sql else None
    return sql, params


def _lock_key(scope: Scope) -> int:
    digest = hashlib.sha256(json.dumps([scope.org_id, scope.project_id, scope.user_id, scope.agent_id]).encode())
    return int.from_bytes(digest.digest()[:8], "big", signed=True)


def _row_to_fact(r: dict[str, Any], citations: tuple[int, ...], cipher: Cipher | None) -> Fact:
    return Fact(
        id=r["id"], scope=Scope(r["org_id"], r["project_id"], r["user_id"], r["agent_id"]),
        kind=r["kind"], key=r["key"], value=reveal(r["value"], cipher), tag=r["tag"], confidence=r["confidence"],
        importance=r["importance"], sensitivity=r["sensitivity"], citations=citations,
        observed_at=r["observed_at"].astimezone(UTC), valid_from=utc(r["valid_from"]),
        valid_to=utc(r["valid_to"]), expires_at=utc(r["expires_at"]), status=r["status"],
        access_count=r["access_count"], last_accessed_at=utc(r["last_accessed_at"]),
        created_at=r["created_at"].astimezone(UTC), subject=r["subject"], statement=reveal(r["statement"], cipher),
        expired_at=utc(r["expired_at"]), encrypted=bool(r["encrypted"]),
    )


class PgBase:
    """The state and plumbing every concern of ``PostgresStore`` uses; see the module docstring."""

    #: The connection pool and transactions (set by ``PostgresStore.__init__``).
    db: PgDatabase
    #: Decrypts high-sensitivity values on read; ``None``: they read as ``[ENCRYPTED]``.
    cipher: Cipher | None
    #: ``purge_deleted`` only records the tables to rewrite; ``reclaim_space`` rewrites them.
    defer_scrub: bool
    #: The URL without its password.
    location: str
    capabilities: Capabilities

    if TYPE_CHECKING:
        # The read predicate stays in ``store.py`` beside the search whose cost it drives;
        # declared here so the mixins type-check against its signature.
        def _hidden(self, conn: Conn, table: str, prefix: str = "") -> tuple[str, list[object]]:
            """`` AND <predicate>`` excluding rows of ``table`` hidden by running forget jobs."""

        def _running_forgets(self, conn: Conn, table: str) -> list[tuple[object, ...]]:
            """The rows of ``store.scope.running_forgets_sql(table)``."""

    # -- LLM semantic memory and API keys (``store.semantic_store.SemanticStore``) --------------------
    def extraction_queue(self, policy: SemanticSettings) -> PgExtractionQueue:
        """The extraction queue of this database (``store.postgres.queue``: ``FOR UPDATE SKIP LOCKED``)."""
        return PgExtractionQueue(self.db, policy)

    def semantic_queries(self) -> PgSemantic:
        """The queries of the worker, consolidation and short-term memory (``store.postgres.semantic``)."""
        return PgSemantic(self)

    def api_keys(self) -> ApiKeys:
        """The REST server's API keys in this database (``store.keys``)."""
        return ApiKeys(self.db, self.dialect)

    def snapshot(self) -> AbstractContextManager[None]:
        """Share one read snapshot across this thread's reads until exit (``PgDatabase.snapshot``):
        ``Retriever.search`` wraps a search's store calls in it."""
        return self.db.snapshot()

    def close(self) -> None:
        """Close the pool."""
        self.db.close()

    def clear_caches(self) -> None:
        """Nothing is cached in the process (the server holds the indexes)."""

    def size_bytes(self) -> int:
        """Bytes of the whole database on the server."""
        with self.db.read() as conn:
            row = conn.execute("SELECT pg_database_size(current_database())").fetchone()
        return int(row[0]) if row else 0

    # -- metadata ---------------------------------------------------------------------------
    def get_meta(self, key: str) -> str | None:
        """A value of the ``meta`` table, or ``None``."""
        with self.db.read() as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = %s", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, conn: Conn, key: str, value: str) -> None:
        """Set a ``meta`` value inside an open write; recording ``embedding_dim`` creates the
        HNSW index for that dimension."""
        conn.execute("INSERT INTO meta (key, value) VALUES (%s, %s) "
                     "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))
        if key == "embedding_dim" and int(value) > 0:
            self.ensure_vector_index(conn, int(value))

    @staticmethod
    def ensure_vector_index(conn: Conn, dim: int) -> None:
        """Create the HNSW (cosine) indexes over segment and fact embeddings of dimension ``dim``
        (those missing: a database made before the facts index gets it here), on the embeddings'
        ``halfvec`` cast (``search.vector_index``), with the graph settings ``search.HNSW_M`` and
        ``search.HNSW_EF_CONSTRUCTION``. An existing index keeps the settings it was built with
        (``REINDEX`` too), and a table that has the older ``vector`` graph
        (``search.legacy_vector_index``) keeps it: create the new one by hand, then drop the
        old one (docs/postgresql.md, HNSW settings), to change them."""
        dim = int(dim)  # an integer in the SQL text, never user text
        # Vectors inline in the heap rows (pgvector's advice): no TOAST fetch per row in exact scans.
        # Altered only when not yet so: ALTER TABLE holds an exclusive lock to the end of the
        # transaction, which here includes the graph builds (minutes at 1M rows, every read
        # of the tables waiting meanwhile).
        for table in ("segments", "facts"):
            storage = conn.execute("SELECT attstorage FROM pg_attribute WHERE attrelid = %s::regclass "
                                   "AND attname = 'embedding'", (table,)).fetchone()
            if storage is None or storage[0] != "p":
                conn.execute(f"ALTER TABLE {table} ALTER COLUMN embedding SET STORAGE PLAIN")
        for table in ("segments", "facts"):  # facts too: a million messages leave ~90k facts to search
            legacy = conn.execute("SELECT to_regclass(%s) IS NOT NULL",
                                  (search.legacy_vector_index(table, dim),)).fetchone()
            if legacy is not None and legacy[0]:
                continue
            conn.execute(f"CREATE INDEX IF NOT EXISTS {search.vector_index(table, dim)} ON {table} "
                         f"USING hnsw ((embedding::halfvec({dim})) halfvec_cosine_ops) "
                         f"WITH (m = {search.HNSW_M}, ef_construction = {search.HNSW_EF_CONSTRUCTION})")

    @staticmethod
    def bump(conn: Conn, counter: str) -> None:
        """Increment a version counter (kept for parity with SQLite; nothing here caches on it)."""
        conn.execute("INSERT INTO meta (key, value) VALUES (%s, '1') ON CONFLICT (key) "
                     "DO UPDATE SET value = (meta.value::bigint + 1)::text", (counter,))

    #: Advisory lock key of the terms upgrade (any constant no other lock uses).
    TERMS_LOCK = 0x6D656D7465726D73

    def upgrade_terms(self, conn: Conn, version: int, fn: Callable[[str], str]) -> int | None:
        """Rewrite ``segments.terms`` and ``facts.terms`` through ``fn`` if meta ``terms_version``
        is below ``version``; an advisory lock makes concurrent openers apply ``fn`` once."""
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (self.TERMS_LOCK,))
        row = conn.execute("SELECT value FROM meta WHERE key = 'terms_version'").fetchone()
        if row is not None and int(row[0]) >= version:
            return None
        rewritten = 0
        for table in ("segments", "facts", "turns", "session_blocks"):
            changed = [(new, r[0]) for r in conn.execute(f"SELECT id, terms FROM {table}").fetchall()
                       if (new := fn(r[1])) != r[1]]
            with conn.cursor() as cur:
                cur.executemany(f"UPDATE {table} SET terms = %s WHERE id = %s", changed)
            rewritten += len(changed)
        self.set_meta(conn, "terms_version", str(version))
        return rewritten

    @property
    def value_mac(self) -> ValueMac | None:
        """With an encryption key, how a filter's ``value`` literal finds encrypted facts (the
        keyed hash of the normalised value they store in ``value_norm``); ``None`` without one."""
        return None if self.cipher is None else self.cipher.mac

    @staticmethod
    def lock_scopes(conn: Conn, scopes: Iterable[Scope]) -> None:
        """Take the transaction's advisory locks of these fact scopes (org, project, user, agent),
        in a fixed order so concurrent writers never deadlock; released at commit."""
        for key in sorted({_lock_key(s) for s in scopes}):
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (key,))

    #: Placeholders, times, JSON and vectors as this store keeps them.
    dialect = PostgresDialect()

    # -- fact rows (read by the writes and the listings) ------------------------------------
    def _facts(self, conn: Conn, where: str, params: Sequence[object], tail: str = "") -> list[Fact]:
        # Citations come in the same statement (one round trip, not two).
        rows = fetch_rows(conn, f"SELECT {_FACT_COLS}, ARRAY(SELECT c.episode_id FROM fact_citations c WHERE "
                           f"c.fact_id = facts.id ORDER BY c.episode_id) AS cites FROM facts WHERE {where} {tail}",
                     params)
        return [_row_to_fact(r, tuple(int(e) for e in r["cites"]), self.cipher) for r in rows]
