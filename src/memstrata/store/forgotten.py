"""Which episode and fact ids were forgotten here, so that no import brings them back.

A forget deletes content and leaves a content-free tombstone (``lifecycle.forget``). An export
taken before it still holds the content, and importing it put the forgotten messages and facts
back, active, under their old ids ("I'm allergic to peanuts" returned after
``forget --fact N --sources``). So every forget records the ids it deletes in ``forgotten_ids``
(migration 18): table, id, owner (org, project, user) and when; no text, no value. An import
skips a record whose id is there and says so (``lifecycle.import_records``, ``server.transfer``).

Written by the forgets (``lifecycle.forget.delete_episodes`` / ``delete_facts``, which every forget
job, filter and id forget runs, and ``Memory.delete`` of one fact) and by the TTL sweep
(``lifecycle.maintain.sweep_expired``: expiry is forgetting on schedule). Carried by ``export`` as
``forgotten`` records (``lifecycle.trail``), so a restore of a newer export still refuses an
older one's forgotten ids.

The SQL is written once for the SQLite and PostgreSQL stores (``store.dialect``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from memstrata.store.dialect import Dialect, rows, run

#: The tables whose forgotten ids are kept: what an export holds with an id of its own.
TABLES = ("episodes", "facts")
#: Ids per ``IN (...)`` list.
CHUNK = 500


def keep(conn: Any, d: Dialect, table: str, ids: Sequence[int], now: datetime) -> None:
    """Inside an open write, before the rows ``ids`` of ``table`` (``TABLES``) are deleted: record
    their ids with each row's owner, forgotten at ``now``. An id already recorded stays as it was."""
    if table not in TABLES:
        raise ValueError(f"forgotten ids are kept for {TABLES}, not {table!r}")
    for start in range(0, len(ids), CHUNK):
        batch = list(ids[start:start + CHUNK])
        run(conn, d, "INSERT INTO forgotten_ids (tbl, row_id, org_id, project_id, user_id, forgotten_at) "
                     f"SELECT ?, id, org_id, project_id, user_id, ? FROM {table} WHERE id IN "
                     f"({','.join('?' * len(batch))}) ON CONFLICT DO NOTHING", (table, d.time(now), *batch))


def among(conn: Any, d: Dialect, table: str, ids: Sequence[int]) -> dict[int, dict[str, Any]]:
    """Of ``ids``, those forgotten from ``table``: ``{id: {"org_id", "project_id", "user_id",
    "forgotten_at" (UTC datetime)}}``."""
    out: dict[int, dict[str, Any]] = {}
    wanted = sorted(set(ids))
    for start in range(0, len(wanted), CHUNK):
        batch = wanted[start:start + CHUNK]
        for r in rows(conn, d, "SELECT row_id, org_id, project_id, user_id, forgotten_at FROM forgotten_ids "
                               f"WHERE tbl = ? AND row_id IN ({','.join('?' * len(batch))})", (table, *batch)):
            out[int(r["row_id"])] = {"org_id": r["org_id"], "project_id": r["project_id"], "user_id": r["user_id"],
                                     "forgotten_at": d.read_time(r["forgotten_at"])}
    return out


def restore(conn: Any, d: Dialect, table: str, ids: Sequence[int], owner: tuple[str, str, str | None],
            at: datetime) -> int:
    """Inside an import's open write: record ``ids`` of ``table`` as forgotten by ``owner``
    (org, project, user) at ``at`` (an exported ``forgotten`` record). Returns how many were new."""
    added = 0
    for i in ids:
        added += max(0, run(conn, d, "INSERT INTO forgotten_ids (tbl, row_id, org_id, project_id, user_id, "
                                     "forgotten_at) VALUES (?,?,?,?,?,?) ON CONFLICT DO NOTHING",
                            (table, i, *owner, d.time(at))).rowcount)
    return added


def records(conn: Any, d: Dialect, where: str, params: Sequence[object]) -> list[dict[str, Any]]:
    """The forgotten ids of the owners ``where`` selects (over ``org_id``, ``project_id``,
    ``user_id``), one ``{"scope", "at", "episodes", "facts"}`` group per owner and time, oldest first."""
    groups: dict[tuple[Any, ...], dict[str, Any]] = {}
    for r in rows(conn, d, f"SELECT tbl, row_id, org_id, project_id, user_id, forgotten_at FROM forgotten_ids "
                           f"WHERE {where} ORDER BY forgotten_at, tbl, row_id", params):
        at = d.read_time(r["forgotten_at"])
        group = groups.setdefault((r["org_id"], r["project_id"], r["user_id"], at), {
            "scope": {"org_id": r["org_id"], "project_id": r["project_id"], "user_id": r["user_id"]}, "at": at,
            **{t: [] for t in TABLES}})
        group[r["tbl"]].append(int(r["row_id"]))
    return list(groups.values())


def among_stored(store: Any, table: str, ids: Sequence[int]) -> dict[int, dict[str, Any]]:
    """``among`` in a read of its own, for a door that re-adds exported records as new messages
    (``server.transfer``); ``{}`` on a store that keeps no forgotten ids (the in-memory one)."""
    if not store.capabilities.sql or not ids:
        return {}
    with store.db.read() as conn:
        return among(conn, store.dialect, table, ids)


def forgotten_fact(store: Any, fact_id: int,
                   owner: tuple[str, str, str | None]) -> tuple[datetime, list[int] | None] | None:
    """When fact ``fact_id`` of ``owner`` (org, project, and user unless ``None``: any) was
    forgotten, and the ids of the messages that stated it and were kept then (its one-fact
    tombstone's ``sources_kept``; ``None`` when the forget did not record them: a filter or scope
    forget, or one from before they were recorded). ``None`` if it was not forgotten by that
    owner, or on a store that keeps no forgotten ids. Reads only."""
    if not store.capabilities.sql:
        return None
    d = store.dialect
    with store.db.read() as conn:
        row = among(conn, d, "facts", [fact_id]).get(fact_id)
        if row is None or (row["org_id"], row["project_id"]) != owner[:2] or (
                owner[2] is not None and row["user_id"] != owner[2]):
            return None
        stones = rows(conn, d, "SELECT detail FROM memory_events WHERE fact_id = ? AND action = 'delete' AND "
                               "org_id = ? AND project_id = ? ORDER BY id DESC", (fact_id, *owner[:2]))
    kept = next((d.read_json(s["detail"]).get("sources_kept") for s in stones
                 if isinstance(d.read_json(s["detail"]).get("sources_kept"), list)), None)
    return row["forgotten_at"], kept
