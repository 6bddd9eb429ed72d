"""What every PostgreSQL module reads rows with: the episode columns, the scope predicate with
psycopg's ``%s`` placeholders, the TTL predicate, dict rows and the mapping of an ``episodes``
row to an ``Episode`` (``store``, ``queue`` and ``semantic`` share them)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import psycopg
from psycopg.rows import dict_row

from memstrata.store.scope import scope_predicate as shared_scope_predicate
from memstrata.types import Episode, Scope

Conn = psycopg.Connection[Any]


EPISODE_COLS = ("id, org_id, project_id, user_id, agent_id, session_id, role, producer_id, produced_for_id, "
                 "content, content_type, created_at, sequence_num, metadata, expires_at, utc_offset_minutes")


def scope_predicate(scope: Scope, *, prefix: str = "", session: bool = True) -> tuple[str, list[object]]:
    """``store.scope.scope_predicate`` with psycopg's ``%s`` placeholders."""
    return shared_scope_predicate(scope, prefix=prefix, session=session, mark="%s")


def utc(value: datetime | None) -> datetime | None:
    return None if value is None else value.astimezone(UTC)


def row_to_episode(r: dict[str, Any]) -> Episode:
    return Episode(
        id=r["id"], scope=Scope(r["org_id"], r["project_id"], r["user_id"], r["agent_id"], r["session_id"]),
        role=r["role"], content=r["content"], created_at=r["created_at"].astimezone(UTC),
        sequence_num=r["sequence_num"], producer_id=r["producer_id"], produced_for_id=r["produced_for_id"],
        content_type=r["content_type"], metadata=r["metadata"], expires_at=utc(r["expires_at"]),
        utc_offset_minutes=r["utc_offset_minutes"],
    )


def live(prefix: str = "") -> str:
    """Predicate (one ``%s``: now) keeping rows whose TTL has not passed."""
    return f"({prefix}expires_at IS NULL OR {prefix}expires_at > %s)"


def fetch_rows(conn: Conn, sql: str, params: Sequence[object] = ()) -> list[dict[str, Any]]:
    with conn.cursor(row_factory=dict_row) as cur:
        cur.execute(sql, params)
        return cur.fetchall()
