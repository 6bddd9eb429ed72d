"""How values and a few SQL words differ between the SQLite and PostgreSQL stores.

The lifecycle modules (forget jobs, maintenance, rollback, import) write their SQL once,
with ``?`` placeholders and the syntax both databases share (``coalesce``, ``RETURNING``,
``ON CONFLICT DO NOTHING``, ``IS NOT DISTINCT FROM``: SQLite ≥ 3.39); each store's
``dialect`` converts placeholders, times, JSON and vectors, and supplies the few words
that differ (row locks, JSON field access, inserting explicit ids).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import numpy as np

from memstrata.clock import from_db, to_db
from memstrata.store.vectors import decode_vectors, encode_vector


class SQLiteDialect:
    """Values as the SQLite store keeps them: ISO text times, JSON text, float16 BLOB vectors."""

    name = "sqlite"
    #: Appended to a SELECT that must lock its rows (``BEGIN IMMEDIATE`` already serialises writers).
    for_update = ""
    #: Between ``INSERT INTO t (cols)`` and ``VALUES`` when the ids are given explicitly.
    overriding = ""

    @staticmethod
    def sql(text: str) -> str:
        """``text`` with this driver's placeholders (``?``)."""
        return text

    @staticmethod
    def time(value: datetime | None) -> object:
        """A timezone-aware time as a parameter."""
        return to_db(value)

    @staticmethod
    def read_time(value: Any) -> datetime | None:
        """A time column's value as a timezone-aware UTC ``datetime``."""
        return from_db(value)

    @staticmethod
    def json(value: object) -> object:
        """A JSON-able value as a parameter."""
        return json.dumps(value, ensure_ascii=False)

    @staticmethod
    def read_json(value: Any) -> Any:
        """A JSON column's value, decoded."""
        return json.loads(value) if isinstance(value, str) else value

    @staticmethod
    def json_int(column: str, field: str) -> str:
        """SQL of an integer field of a JSON column (``field`` is a constant, never user text)."""
        return f"json_extract({column}, '$.{field}')"

    @staticmethod
    def vector(value: np.ndarray | None) -> object:
        """An embedding ``(dim,)`` as a parameter."""
        return None if value is None else encode_vector(value)

    @staticmethod
    def read_vectors(values: Sequence[Any]) -> np.ndarray:
        """Embedding column values → ``(n, dim)`` float32."""
        return decode_vectors(list(values), len(values[0]) // 2 if values else 0)

    @staticmethod
    def integrity_errors() -> tuple[type[Exception], ...]:
        """The driver's constraint-violation errors (raised inside an open write)."""
        return (sqlite3.IntegrityError,)


    @staticmethod
    def last_ids(conn: Any) -> dict[str, int]:
        """The highest id each ``AUTOINCREMENT`` table has handed out (deleted rows included):
        ``sqlite_sequence``. An export carries it so that a restore never hands out an id a
        forgotten row had (``lifecycle.trail``)."""
        seen = {str(n): int(s) for n, s in conn.execute("SELECT name, seq FROM sqlite_sequence")}
        return {table: seen.get(table, 0) for table in ID_TABLES}

    @staticmethod
    def keep_ids_above(conn: Any, table: str, floor: int) -> None:
        """Inside an open write: new rows of ``table`` get ids above ``floor`` (never lowers)."""
        conn.execute("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?", (floor, table))
        conn.execute("INSERT INTO sqlite_sequence (name, seq) SELECT ?, ? WHERE NOT EXISTS "
                     "(SELECT 1 FROM sqlite_sequence WHERE name = ?)", (table, floor, table))


class PostgresDialect(SQLiteDialect):
    """Values as the PostgreSQL store keeps them: ``TIMESTAMPTZ``, ``JSONB``, pgvector."""

    name = "postgres"
    for_update = " FOR UPDATE"
    overriding = " OVERRIDING SYSTEM VALUE"

    @staticmethod
    def sql(text: str) -> str:
        """``text`` with psycopg's placeholders (the lifecycle SQL holds no other ``?`` or ``%``)."""
        return text.replace("?", "%s")

    @staticmethod
    def time(value: datetime | None) -> object:
        """A timezone-aware time as a parameter."""
        return value

    @staticmethod
    def read_time(value: Any) -> datetime | None:
        """A ``TIMESTAMPTZ`` as UTC (exported text from an import is parsed too)."""
        if isinstance(value, str):
            return from_db(value)
        return None if value is None else value.astimezone(UTC)

    @staticmethod
    def json(value: object) -> object:
        """A JSON-able value as a ``JSONB`` parameter."""
        from psycopg.types.json import Jsonb

        return Jsonb(value)

    @staticmethod
    def json_int(column: str, field: str) -> str:
        """SQL of an integer field of a ``JSONB`` column."""
        return f"({column} ->> '{field}')::bigint"

    @staticmethod
    def vector(value: np.ndarray | None) -> object:
        """An embedding as a pgvector parameter."""
        return None if value is None else np.asarray(value, dtype=np.float32)

    @staticmethod
    def read_vectors(values: Sequence[Any]) -> np.ndarray:
        """pgvector values → ``(n, dim)`` float32."""
        if not values:
            return np.zeros((0, 0), dtype=np.float32)
        # pgvector hands back ``Vector`` objects (``to_numpy()``) or arrays, by column type
        return np.stack([np.asarray(v.to_numpy() if hasattr(v, "to_numpy") else v, dtype=np.float32)
                         for v in values])

    @staticmethod
    def last_ids(conn: Any) -> dict[str, int]:
        """The highest id each table's identity sequence has handed out (``SQLiteDialect.last_ids``)."""
        out = {}
        for table in ID_TABLES:
            seq = conn.execute("SELECT pg_get_serial_sequence(%s, 'id')", (table,)).fetchone()[0]
            last, called = conn.execute(f"SELECT last_value, is_called FROM {seq}").fetchone()
            out[table] = int(last) if called else 0
        return out

    @staticmethod
    def keep_ids_above(conn: Any, table: str, floor: int) -> None:
        """Inside an open write: new rows of ``table`` get ids above ``floor`` (never lowers)."""
        if table not in ID_TABLES or floor < 1:
            return
        seq = conn.execute("SELECT pg_get_serial_sequence(%s, 'id')", (table,)).fetchone()[0]
        last, called = conn.execute(f"SELECT last_value, is_called FROM {seq}").fetchone()
        if floor > (int(last) if called else 0):
            conn.execute("SELECT setval(%s, %s, true)", (seq, floor))

    @staticmethod
    def integrity_errors() -> tuple[type[Exception], ...]:
        """psycopg's constraint-violation errors."""
        import psycopg

        return (psycopg.IntegrityError,)


Dialect = SQLiteDialect

#: Tables whose ids an export keeps and a restore must never hand out again (``last_ids``).
ID_TABLES = ("episodes", "segments", "facts", "memory_events", "withdrawals", "forget_jobs")


def rows(conn: Any, dialect: Dialect, sql: str, params: Sequence[object] = ()) -> list[dict[str, Any]]:
    """Run ``sql`` (``?`` placeholders) and return its rows as dicts keyed by column name."""
    cur = conn.execute(dialect.sql(sql), params)
    names = [d[0] for d in cur.description or ()]
    return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]


def run(conn: Any, dialect: Dialect, sql: str, params: Sequence[object] = ()) -> Any:
    """Run ``sql`` (``?`` placeholders); returns the driver's cursor (``rowcount``, ``fetchall``)."""
    return conn.execute(dialect.sql(sql), params)


def run_many(conn: Any, dialect: Dialect, sql: str, params: Sequence[Sequence[object]]) -> None:
    """Run ``sql`` (``?`` placeholders) once per parameter row."""
    if params:
        conn.cursor().executemany(dialect.sql(sql), params)


def scalar(conn: Any, dialect: Dialect, sql: str, params: Sequence[object] = ()) -> Any:
    """The first column of the first row of ``sql`` (``None`` when there is no row)."""
    row = conn.execute(dialect.sql(sql), params).fetchone()
    return None if row is None else row[0]
