"""What every SQLite module reads rows with: the episode columns, the scope predicate with
sqlite3's ``?`` placeholders, and the mapping of an ``episodes`` row to an ``Episode``
(``store``, ``queue`` and ``semantic`` share them)."""

from __future__ import annotations

import json
import sqlite3

from memstrata.clock import from_db
from memstrata.store.scope import scope_predicate as shared_scope_predicate
from memstrata.types import Episode, Scope

EPISODE_COLS = (
    "id, org_id, project_id, user_id, agent_id, session_id, role, producer_id, produced_for_id, "
    "content, content_type, created_at, sequence_num, metadata, expires_at"
)


def scope_predicate(scope: Scope, *, prefix: str = "", session: bool = True) -> tuple[str, list[object]]:
    """``store.scope.scope_predicate`` with sqlite3's ``?`` placeholders."""
    return shared_scope_predicate(scope, prefix=prefix, session=session, mark="?")


def row_scope(row: sqlite3.Row, session: bool = True) -> Scope:
    return Scope(row["org_id"], row["project_id"], row["user_id"], row["agent_id"],
                 row["session_id"] if session else None)


def row_to_episode(row: sqlite3.Row) -> Episode:
    """Map an ``episodes`` row (``EPISODE_COLS``) to an ``Episode``."""
    return Episode(
        id=row["id"], scope=row_scope(row), role=row["role"], content=row["content"],
        created_at=from_db(row["created_at"]),  # type: ignore[arg-type]
        sequence_num=row["sequence_num"], producer_id=row["producer_id"],
        produced_for_id=row["produced_for_id"], content_type=row["content_type"],
        metadata=json.loads(row["metadata"]), expires_at=from_db(row["expires_at"]),
    )
