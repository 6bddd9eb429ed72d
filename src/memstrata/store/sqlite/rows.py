"""What every SQLite module reads rows with: the episode columns, the scope predicate with
sqlite3's ``?`` placeholders, and the mapping of an ``episodes`` row to an ``Episode``
(``store``, ``queue`` and ``semantic`` share them)."""

from __future__ import annotations

import functools
import json
import sqlite3

from memstrata.clock import from_db
from memstrata.store.scope import scope_predicate as shared_scope_predicate
from memstrata.types import Episode, Scope

EPISODE_COLS = (
    "id, org_id, project_id, user_id, agent_id, session_id, role, producer_id, produced_for_id, "
    "content, content_type, created_at, sequence_num, metadata, expires_at, utc_offset_minutes"
)
_EPISODE_WIDTH = len(EPISODE_COLS.split(","))


def tuples(conn: sqlite3.Connection) -> sqlite3.Cursor:
    """A cursor of ``conn`` whose rows are plain tuples, for the reads a search makes by position
    (the connection's ``sqlite3.Row`` rows are built per row and copied again to be unpacked)."""
    cursor = conn.cursor()
    cursor.row_factory = None
    return cursor


def scope_predicate(scope: Scope, *, prefix: str = "", session: bool = True) -> tuple[str, list[object]]:
    """``store.scope.scope_predicate`` with sqlite3's ``?`` placeholders."""
    return shared_scope_predicate(scope, prefix=prefix, session=session, mark="?")


def row_scope(row: sqlite3.Row, session: bool = True) -> Scope:
    return Scope(row["org_id"], row["project_id"], row["user_id"], row["agent_id"],
                 row["session_id"] if session else None)


@functools.lru_cache(maxsize=4096)
def _scope(org_id: str, project_id: str, user_id: str | None, agent_id: str | None, session_id: str | None) -> Scope:
    # A search's rows share a few scopes (a user's sessions), and a frozen dataclass is built one
    # attribute at a time: one Scope per distinct scope, shared (it is immutable).
    return Scope(org_id, project_id, user_id, agent_id, session_id)


#: Metadata texts longer than this are parsed on every read: the cache of parsed objects
#: (``METADATA_CACHE`` of them) then holds at most ~4 MB of texts and their values.
METADATA_CACHED_CHARS = 512
METADATA_CACHE = 4096


@functools.lru_cache(maxsize=METADATA_CACHE)
def _flat_metadata(text: str) -> dict[str, object] | None:
    parsed = json.loads(text)
    return parsed if isinstance(parsed, dict) and not any(isinstance(v, (dict, list)) for v in parsed.values()) \
        else None


def metadata_of(text: str) -> dict[str, object]:
    """An episode's metadata column as a new dict (``{}`` for the empty object).

    A search maps ~150-200 episodes, most of them read by earlier searches too, and parsing their
    metadata was a fifth of the mapping (an imported conversation's messages carry their turn ids:
    LoCoMo's pool, ~0.25 ms a search). A flat object (no nested object or list) is parsed once and
    copied (its values are immutable, so the copy shares nothing a caller could change); a nested
    or long one (over ``METADATA_CACHED_CHARS``) is parsed each time."""
    if text == "{}":
        return {}
    flat = _flat_metadata(text) if len(text) <= METADATA_CACHED_CHARS else None
    return dict(flat) if flat is not None else json.loads(text)


def row_to_episode(row: sqlite3.Row, start: int = 0) -> Episode:
    """Map an ``episodes`` row to an ``Episode``: the ``EPISODE_COLS``, in that order, from column
    ``start`` on (a search reads its segment's columns first).

    By position, not by name: a search maps ~200 rows, and ``sqlite3.Row`` finds a column by
    comparing its name with each in turn (about a third of the mapping). An empty metadata object,
    the common case, is not parsed."""
    (id_, org_id, project_id, user_id, agent_id, session_id, role, producer_id, produced_for_id, content,
     content_type, created_at, sequence_num, metadata, expires_at, offset) = tuple(row)[start:start + _EPISODE_WIDTH]
    return Episode(
        id=id_, scope=_scope(org_id, project_id, user_id, agent_id, session_id), role=role, content=content,
        created_at=from_db(created_at),  # type: ignore[arg-type]
        sequence_num=sequence_num, producer_id=producer_id, produced_for_id=produced_for_id,
        content_type=content_type, metadata=metadata_of(metadata),
        expires_at=from_db(expires_at), utc_offset_minutes=offset,
    )
