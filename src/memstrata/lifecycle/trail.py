"""The audit trail that outlives what it describes, in export files and back.

A forget deletes content but leaves proof that it happened; a withdrawal ("I'm not allergic to
peanuts any more") is kept apart from the facts it withdrew. A backup that is restored must keep
both, and must bring back no forgotten content. So ``export`` writes, after the episodes, facts
and their events (``memstrata.lifecycle.export``), these record types (a restored
``export --all`` lacked them before):

* ``withdrawal``: a row of ``withdrawals`` (migration 15) of an exported episode: key, value,
  the withdrawing sentence, when it was said, its ``episode_id``. It is as alive as its episode
  (deleted with it), so it brings back nothing forgotten.
* ``tombstone``: an audit event whose fact is gone (``fact_id`` null: a scope, session or filter
  forget, an expiry; or the id of a fact deleted one by one). Content-free by construction: counts,
  the receipt hash, ids.
* ``forget_receipt``: a finished ``forget_jobs`` row (scope, cuts, counts, ``ids_sha256``, times),
  so ``forget_status(job)`` answers the same after a restore. A job still running is not
  exported: the rows it hides are not in the export either, and it finishes where it runs.
* ``outdated_mark``: a row of ``outdated_marks`` (migration 16) of an exported episode: the span
  of a piece that stated a forgotten value, with that value's recorded and retired times (no
  retired time: it still held when forgotten) (``store.outdated_marks``). No text, no value; no
  id of its own (it is its episode's).
* ``forgotten``: the ids of episodes and facts forgotten by one owner at one time
  (``store.forgotten``), so that importing an export taken before the forget, even into another
  database this file was restored to, skips them instead of bringing them back.
* ``suppressed``: the digests of the facts forgotten from messages that stay, per owner
  (``store.suppressed``: SHA-256 of the message's identity and the fact's key; no value), so that
  no import that extracts facts from those messages again makes the forgotten ones.
* ``id_floor`` (``export --all`` only): the highest id each table ever handed out, deleted rows
  included (``dialect.last_ids``). Ids are never reused after a deletion, so a citation, an event
  or a tombstone naming a forgotten id can never come to name another memory; a restore keeps
  that true by starting new ids above the floor (and above every tombstone's ``fact_id``).

Tombstones and forgotten ids belong to a tenant and a user (the audit log keys no agent or session), so
every per-scope export carries those of its user (of its tenant without a user), narrowed to an agent or
a session too: an agent's export without them, restored, let an older export bring a forgotten message
back. They are content-free (counts, hashes, ids). Receipts go with the exports their job covered.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from memstrata.clock import from_db, to_db, utcnow
from memstrata.errors import InvalidInput
from memstrata.store import forgotten, suppressed
from memstrata.store.dialect import ID_TABLES, rows, run
from memstrata.store.protocol import LifecycleStore
from memstrata.types import Scope

#: Record types of the audit trail, in the order an export writes them.
TRAIL_TYPES = ("withdrawal", "outdated_mark", "tombstone", "forget_receipt", "forgotten", "suppressed", "id_floor")
#: Trail record types without an integer ``id`` of their own.
NO_ID = ("outdated_mark", "forgotten", "suppressed", "id_floor")
#: The ``counts`` key of an import for each trail record type it restores.
COUNTED = {"withdrawal": "withdrawals", "outdated_mark": "outdated_marks", "tombstone": "tombstones",
           "forget_receipt": "forget_receipts", "forgotten": "forgotten_ids", "suppressed": "suppressed_facts"}
#: Ids per ``IN (...)`` list.
CHUNK = 500


def _time(value: Any) -> str | None:
    return None if value is None else to_db(value)


def trail_records(store: LifecycleStore, scope: Scope, episode_ids: Sequence[int]) -> Iterator[dict[str, Any]]:
    """The ``withdrawal`` and ``outdated_mark`` records of ``episode_ids`` (the exported
    episodes), then the ``tombstone`` and ``forgotten`` records of the scope's user (or tenant) and the
    ``forget_receipt`` records of the jobs that covered the scope, oldest first. Reads only."""
    d = store.dialect
    with store.db.read() as conn:
        ordered = sorted(episode_ids)
        for start in range(0, len(ordered), CHUNK):
            batch = ordered[start:start + CHUNK]
            marks = ",".join("?" * len(batch))
            for r in rows(conn, d, "SELECT id, org_id, project_id, user_id, agent_id, subject, key, value, statement, "
                                   f"said_at, episode_id FROM withdrawals WHERE episode_id IN ({marks}) ORDER BY id",
                          batch):
                yield {"type": "withdrawal", "id": int(r["id"]), "scope": _owner(r), "subject": r["subject"],
                       "key": r["key"], "value": r["value"], "statement": r["statement"],
                       "said_at": _time(d.read_time(r["said_at"])), "episode_id": int(r["episode_id"])}
        for start in range(0, len(ordered), CHUNK):
            batch = ordered[start:start + CHUNK]
            for r in rows(conn, d, "SELECT episode_id, piece_start, piece_end, recorded_at, expired_at FROM "
                                   f"outdated_marks WHERE episode_id IN ({','.join('?' * len(batch))}) ORDER BY id",
                          batch):
                yield {"type": "outdated_mark", "episode_id": int(r["episode_id"]),
                       "piece_start": int(r["piece_start"]), "piece_end": int(r["piece_end"]),
                       "recorded_at": _time(d.read_time(r["recorded_at"])),
                       "expired_at": _time(d.read_time(r["expired_at"]))}
        where, params = "org_id = ? AND project_id = ?", [scope.org_id, scope.project_id]
        if scope.user_id is not None:
            where, params = where + " AND user_id = ?", [*params, scope.user_id]
        jobs, job_params = where, list(params)
        for name in ("agent_id", "session_id"):  # a narrowed export: the jobs that covered it
            if getattr(scope, name) is not None:
                jobs, job_params = f"{jobs} AND ({name} IS NULL OR {name} = ?)", [*job_params, getattr(scope, name)]
        for r in rows(conn, d, "SELECT id, fact_id, org_id, project_id, user_id, action, at, actor, detail "
                               f"FROM memory_events e WHERE {where} AND (fact_id IS NULL OR NOT EXISTS "
                               "(SELECT 1 FROM facts f WHERE f.id = e.fact_id)) ORDER BY id", params):
            yield {"type": "tombstone", "id": int(r["id"]), "fact_id": r["fact_id"], "scope": _owner(r),
                   "action": r["action"], "at": _time(d.read_time(r["at"])), "actor": r["actor"],
                   "detail": d.read_json(r["detail"])}
        for r in rows(conn, d, f"SELECT * FROM forget_jobs WHERE {jobs} AND status = 'done' ORDER BY id", job_params):
            yield {"type": "forget_receipt", "id": int(r["id"]),
                   "scope": {**_owner(r), "session_id": r["session_id"]}, "before": _time(d.read_time(r["before"])),
                   "episode_cut": int(r["episode_cut"]), "segment_cut": int(r["segment_cut"]),
                   "fact_cut": int(r["fact_cut"]), "status": "done", "actor": r["actor"],
                   "started_at": _time(d.read_time(r["started_at"])),
                   "finished_at": _time(d.read_time(r["finished_at"])), "total_episodes": int(r["total_episodes"]),
                   "counts": d.read_json(r["counts"]), "ids_sha256": r["ids_sha256"]}
        for group in forgotten.records(conn, d, where, params):
            yield {"type": "forgotten", **group, "at": _time(group["at"])}
        for group in suppressed.records(conn, d, where, params):
            yield {"type": "suppressed", **group}


def id_floor(store: LifecycleStore) -> dict[str, Any]:
    """The ``id_floor`` record of the database (``export --all``). Reads only."""
    with store.db.read() as conn:
        return {"type": "id_floor", **store.dialect.last_ids(conn)}


def _owner(r: Mapping[str, Any]) -> dict[str, Any]:
    return {"org_id": r["org_id"], "project_id": r["project_id"], "user_id": r.get("user_id"),
            **({"agent_id": r["agent_id"]} if "agent_id" in r else {})}


def _scope(rec: Mapping[str, Any], where: str) -> dict[str, Any]:
    raw = rec.get("scope")
    if not isinstance(raw, dict) or not all(isinstance(raw.get(k), str) for k in ("org_id", "project_id")):
        raise InvalidInput(f"{where}: missing scope.org_id / scope.project_id")
    for name in ("user_id", "agent_id", "session_id"):
        if raw.get(name) is not None and not isinstance(raw.get(name), str):
            raise InvalidInput(f"{where}: scope.{name} must be a string or null, got {raw.get(name)!r}")
    return raw


def _when(value: Any, where: str, name: str, *, required: bool = True) -> Any:
    if value is None and not required:
        return None
    try:
        return from_db(str(value)) if value is not None else None
    except ValueError:
        pass
    raise InvalidInput(f"{where}: {name} {value!r} is not an exported timestamp")


def restore_trail(store: LifecycleStore, conn: Any, records: Sequence[tuple[str, Mapping[str, Any]]],
                  counts: dict[str, int], *, skipped_episodes: Mapping[int, str] | None = None) -> list[dict[str, Any]]:
    """Inside the import's open write, after its episodes, facts and events: insert the trail
    ``records`` (``(position, record)``, the position as errors name it: ``line 7``) with their
    ids; add what was new to ``counts`` (``COUNTED``: ``withdrawals``, ``outdated_marks``,
    ``tombstones``, ``forget_receipts``, ``forgotten_ids``). A record already here (a re-import) is
    skipped; an id held by another row is a conflict. A withdrawal or outdated mark of an episode
    the import skipped (``skipped_episodes``: id to reason, ``lifecycle.import_records``) is skipped too.

    Returns:
        The skipped records, each ``{"type", "id" or "episode_id", "reason"}``.

    Raises:
        InvalidInput: naming the record's position: a malformed record, a withdrawal or mark whose
            episode is neither in the import nor here or belongs to another owner, an id held by
            another withdrawal or forget receipt.
    """
    d, skipped, gone = store.dialect, [], skipped_episodes or {}
    for at, rec in records:
        kind = rec["type"]
        where = f"{at}: {kind}" + (f" #{rec.get('id')}" if kind not in NO_ID else "")
        episode = rec.get("episode_id")
        if kind in ("withdrawal", "outdated_mark") and isinstance(episode, int) and episode in gone:
            skipped.append({"type": kind, **({"id": rec["id"]} if kind == "withdrawal" else {}),
                            "episode_id": rec["episode_id"], "reason": f"its episode was skipped: "
                            f"{gone[rec['episode_id']]}"})
            continue
        add = {"withdrawal": _withdrawal, "outdated_mark": _mark, "tombstone": _tombstone,
               "forget_receipt": _receipt, "forgotten": _forgotten, "suppressed": _suppressed}.get(kind)
        if add is not None:
            counts[COUNTED[kind]] = counts.get(COUNTED[kind], 0) + add(conn, d, rec, where)
    return skipped


def _withdrawal(conn: Any, d: Any, rec: Mapping[str, Any], where: str) -> int:
    sc = _scope(rec, where)
    episode = rec.get("episode_id")
    if isinstance(episode, bool) or not isinstance(episode, int):
        raise InvalidInput(f"{where}: needs an integer episode_id")
    for name in ("key", "value", "statement"):
        if not isinstance(rec.get(name), str):
            raise InvalidInput(f"{where}: needs {name} as a string")
    owner = rows(conn, d, "SELECT org_id, project_id, user_id, agent_id FROM episodes WHERE id = ?", (episode,))
    mine = (sc["org_id"], sc["project_id"], sc.get("user_id"), sc.get("agent_id"))
    if not owner:
        raise InvalidInput(f"{where}: its episode #{episode} is neither in the import nor in this database")
    theirs = tuple(owner[0][k] for k in ("org_id", "project_id", "user_id", "agent_id"))
    if theirs != mine:
        raise InvalidInput(f"{where}: withdrawal of {'/'.join(str(v) for v in mine)} names episode #{episode} of "
                           f"{'/'.join(str(v) for v in theirs)}; a withdrawal belongs to its own message's owner")
    said = _when(rec.get("said_at"), where, "said_at")
    same = rows(conn, d, "SELECT org_id, project_id, key, episode_id FROM withdrawals WHERE id = ?", (rec["id"],))
    if same:
        if tuple(same[0].values()) != (sc["org_id"], sc["project_id"], rec["key"], episode):
            raise InvalidInput(f"{where}: this id already holds another withdrawal here; an export keeps its ids, "
                               "so restore it into an empty database")
        return 0
    run(conn, d, "INSERT INTO withdrawals (id, org_id, project_id, user_id, agent_id, subject, key, value, statement, "
                 f"said_at, episode_id){d.overriding} VALUES (?,?,?,?,?,?,?,?,?,?,?)",
        (rec["id"], *mine, rec.get("subject"), rec["key"], rec["value"], rec["statement"], d.time(said), episode))
    return 1


def _int(rec: Mapping[str, Any], name: str, where: str) -> int:
    value = rec.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidInput(f"{where}: needs {name} as a non-negative integer, got {value!r}")
    return value


def _mark(conn: Any, d: Any, rec: Mapping[str, Any], where: str) -> int:
    episode, start, end = (_int(rec, n, where) for n in ("episode_id", "piece_start", "piece_end"))
    found = rows(conn, d, "SELECT content FROM episodes WHERE id = ?", (episode,))
    if not found:
        raise InvalidInput(f"{where}: its episode #{episode} is neither in the import nor in this database")
    if not start < end <= len(found[0]["content"]):
        raise InvalidInput(f"{where}: piece {start}-{end} is not a span of episode #{episode}'s "
                           f"{len(found[0]['content'])} characters")
    recorded = d.time(_when(rec.get("recorded_at"), where, "recorded_at"))
    expired = d.time(_when(rec.get("expired_at"), where, "expired_at", required=False))
    if run(conn, d, "SELECT 1 FROM outdated_marks WHERE episode_id = ? AND piece_start = ? AND piece_end = ? AND "
                    "recorded_at = ?", (episode, start, end, recorded)).fetchone() is not None:
        return 0
    run(conn, d, "INSERT INTO outdated_marks (episode_id, piece_start, piece_end, recorded_at, expired_at) "
                 "VALUES (?,?,?,?,?)", (episode, start, end, recorded, expired))
    return 1


def _forgotten(conn: Any, d: Any, rec: Mapping[str, Any], where: str) -> int:
    sc = _scope(rec, where)
    at = _when(rec.get("at"), where, "at")
    added = 0
    for table in forgotten.TABLES:
        ids = rec.get(table, [])
        if not isinstance(ids, list) or any(isinstance(i, bool) or not isinstance(i, int) or i < 1 for i in ids):
            raise InvalidInput(f"{where}: {table} must be a list of positive integer ids, got {ids!r}")
        for start in range(0, len(ids), CHUNK):  # a stored row is not forgotten: the file is not this database's
            batch = ids[start:start + CHUNK]
            live = run(conn, d, f"SELECT id FROM {table} WHERE id IN ({','.join('?' * len(batch))}) ORDER BY id "
                                "LIMIT 1", batch).fetchone()
            if live is not None:
                raise InvalidInput(f"{where}: names {table[:-1]} #{live[0]} as forgotten, but it is stored here; "
                                   "the file does not fit this database (restore it into an empty one)")
        added += forgotten.restore(conn, d, table, ids, (sc["org_id"], sc["project_id"], sc.get("user_id")), at)
    return added


def _suppressed(conn: Any, d: Any, rec: Mapping[str, Any], where: str) -> int:
    sc = _scope(rec, where)
    digests = suppressed_digests(rec, where)
    owner = (sc["org_id"], sc["project_id"], sc.get("user_id") or "")
    now = utcnow()
    return sum(suppressed.insert(conn, d, owner, sha, now) for sha in digests)


def suppressed_digests(rec: Mapping[str, Any], where: str) -> list[str]:
    """The ``digests`` of a ``suppressed`` record (``store.suppressed.digest``).

    Raises:
        InvalidInput: naming ``where``: ``digests`` is not a list of 64 hex characters each."""
    digests = rec.get("digests")
    if not isinstance(digests, list) or not all(suppressed.is_digest(x) for x in digests):
        raise InvalidInput(f"{where}: digests must be a list of SHA-256 hex digests, got {digests!r}")
    return list(digests)


def _tombstone(conn: Any, d: Any, rec: Mapping[str, Any], where: str) -> int:
    sc = _scope(rec, where)
    fact = rec.get("fact_id")
    if fact is not None and (isinstance(fact, bool) or not isinstance(fact, int)):
        raise InvalidInput(f"{where}: fact_id must be an integer or null")
    if not isinstance(rec.get("action"), str) or not isinstance(rec.get("actor"), str) \
            or not isinstance(rec.get("detail", {}), dict):
        raise InvalidInput(f"{where}: needs action and actor as strings and detail as an object")
    at = d.time(_when(rec.get("at"), where, "at"))
    if run(conn, d, "SELECT 1 FROM memory_events WHERE fact_id IS NOT DISTINCT FROM ? AND action = ? AND at = ? "
                    "AND actor = ? AND org_id = ? AND project_id = ?",
           (fact, rec["action"], at, rec["actor"], sc["org_id"], sc["project_id"])).fetchone() is not None:
        return 0
    values = (fact, sc["org_id"], sc["project_id"], sc.get("user_id"), rec["action"], at, rec["actor"],
              d.json(rec.get("detail") or {}))
    if run(conn, d, "SELECT 1 FROM memory_events WHERE id = ?", (rec["id"],)).fetchone() is None:
        run(conn, d, "INSERT INTO memory_events (id, fact_id, org_id, project_id, user_id, action, at, actor, detail)"
                     f"{d.overriding} VALUES (?,?,?,?,?,?,?,?,?)", (rec["id"], *values))
    else:  # its id holds another event here: the tombstone keeps its content under a new id
        run(conn, d, "INSERT INTO memory_events (fact_id, org_id, project_id, user_id, action, at, actor, detail) "
                     "VALUES (?,?,?,?,?,?,?,?)", values)
    return 1


def _receipt(conn: Any, d: Any, rec: Mapping[str, Any], where: str) -> int:
    sc = _scope(rec, where)
    if rec.get("status") != "done":
        raise InvalidInput(f"{where}: only finished forget jobs (status done) are exported and restored")
    ints = {}
    for name in ("episode_cut", "segment_cut", "fact_cut", "total_episodes"):
        value = rec.get(name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidInput(f"{where}: needs {name} as an integer")
        ints[name] = value
    digest = rec.get("ids_sha256")
    if not isinstance(digest, str) or not isinstance(rec.get("actor"), str) or not isinstance(rec.get("counts"), dict):
        raise InvalidInput(f"{where}: needs ids_sha256 and actor as strings and counts as an object")
    same = rows(conn, d, "SELECT org_id, project_id, ids_sha256 FROM forget_jobs WHERE id = ?", (rec["id"],))
    if same:
        if tuple(same[0].values()) != (sc["org_id"], sc["project_id"], digest):
            raise InvalidInput(f"{where}: this id already holds another forget job here; an export keeps its ids, "
                               "so restore it into an empty database")
        return 0
    run(conn, d, "INSERT INTO forget_jobs (id, org_id, project_id, user_id, agent_id, session_id, before, episode_cut, "
                 "segment_cut, fact_cut, status, actor, started_at, finished_at, total_episodes, counts, ids_sha256)"
                 f"{d.overriding} VALUES (?,?,?,?,?,?,?,?,?,?,'done',?,?,?,?,?,?)",
        (rec["id"], sc["org_id"], sc["project_id"], sc.get("user_id"), sc.get("agent_id"), sc.get("session_id"),
         d.time(_when(rec.get("before"), where, "before", required=False)), ints["episode_cut"], ints["segment_cut"],
         ints["fact_cut"], rec["actor"], d.time(_when(rec.get("started_at"), where, "started_at")),
         d.time(_when(rec.get("finished_at"), where, "finished_at")), ints["total_episodes"], d.json(rec["counts"]),
         digest))
    return 1


def floors(records: Sequence[tuple[str, Mapping[str, Any]]]) -> dict[str, int]:
    """The id each table's new rows must start above, from an import's trail records: the
    ``id_floor`` record, every tombstone's ``fact_id``, every receipt's cuts and every forgotten id.

    Raises:
        InvalidInput: an ``id_floor`` value that is not a non-negative integer (position named).
    """
    out: dict[str, int] = {}

    def lift(table: str, value: int) -> None:
        out[table] = max(out.get(table, 0), value)

    for at, rec in records:
        if rec["type"] == "id_floor":
            for table, value in rec.items():
                if table == "type":
                    continue
                if table not in ID_TABLES or isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise InvalidInput(f"{at} (id_floor): {table!r} must be one of {', '.join(ID_TABLES)} "
                                       f"with a non-negative integer, got {value!r}")
                lift(table, value)
        elif rec["type"] == "tombstone" and isinstance(rec.get("fact_id"), int):
            lift("facts", int(rec["fact_id"]))
        elif rec["type"] == "forgotten":
            for table in forgotten.TABLES:
                ids = rec.get(table)
                if isinstance(ids, list) and ids and all(isinstance(i, int) for i in ids):
                    lift(table, max(ids))
        elif rec["type"] == "forget_receipt":
            for table, name in (("episodes", "episode_cut"), ("segments", "segment_cut"), ("facts", "fact_cut")):
                if isinstance(rec.get(name), int):
                    lift(table, int(rec[name]))
    return out
