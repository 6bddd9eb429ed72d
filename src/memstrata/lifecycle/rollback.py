"""Undoing what the audit log recorded: restore an archived fact, roll back a supersede or merge.

Every undo is itself logged (``restore`` / ``deactivate`` / ``update`` events whose detail
carries ``rollback_of``), so the history keeps both the change and its reversal, and an
event can be rolled back once.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from memstrata.errors import InvalidInput, NotFound
from memstrata.extract.taxonomy import key_spec
from memstrata.lifecycle.forget import Replaced
from memstrata.store.dialect import rows, run
from memstrata.store.protocol import LifecycleStore, Store
from memstrata.types import Fact, Scope

#: Actions ``rollback`` can undo.
UNDOABLE = ("supersede", "merge", "archive")


def _single_valued(key: str) -> bool:
    try:
        return key_spec(key).cardinality == "one"
    except KeyError:
        return False


Row = dict[str, Any]


def _fact(store: LifecycleStore, conn: Any, fact_id: int) -> Row | None:
    """The fact's identity and status, row-locked on PostgreSQL until the transaction ends."""
    d = store.dialect
    found = rows(conn, d, "SELECT id, org_id, project_id, user_id, agent_id, subject, key, status FROM facts "
                          f"WHERE id = ?{d.for_update}", (fact_id,))
    return found[0] if found else None


def _activate(store: LifecycleStore, conn: Any, fact: Row, *, now: datetime,
              allow_displacing: int | None = None, valid_to: datetime | None = None) -> None:
    """Make ``fact`` active, ending at ``valid_to`` (its own end, when it had one: an event's) or open;
    refuse when its single-valued key already has another active value (other than
    ``allow_displacing``, which the caller retires)."""
    if _single_valued(fact["key"]):
        other = run(conn, store.dialect,
            "SELECT id FROM facts WHERE org_id = ? AND project_id = ? AND user_id IS NOT DISTINCT FROM ? "
            "AND agent_id IS NOT DISTINCT FROM ? AND coalesce(subject, '') = coalesce(?, '') AND key = ? "
            "AND status = 'active' AND id NOT IN (?, ?)",
            (fact["org_id"], fact["project_id"], fact["user_id"], fact["agent_id"], fact["subject"], fact["key"],
             fact["id"], allow_displacing or 0)).fetchone()
        if other is not None:
            raise InvalidInput(f"fact #{fact['id']} cannot become active: {fact['key']} holds one value and "
                               f"fact #{other[0]} is active now; supersede or delete it first")
    store.set_fact_status(conn, fact["id"], "active", now=now, valid_to=valid_to)


def _scope(row: Row) -> Scope:
    return Scope(row["org_id"], row["project_id"], row["user_id"], row["agent_id"])


def restore(store: LifecycleStore, scope: Scope, fact_id: int, *, actor: str, now: datetime,
            rollback_of: int | None = None) -> None:
    """Bring an archived fact back to ``active``.

    Raises:
        NotFound: no such fact in ``scope``. InvalidInput: it is not archived, or its
        single-valued key has another active value.
    """
    # an id past SQLite's INTEGER (2**63 - 1) names no row; the driver raised OverflowError
    found = store.get_facts(scope, [fact_id]) if fact_id < 2**63 else {}
    if fact_id not in found:
        raise NotFound(f"no fact #{fact_id} in {scope.describe()}")
    with store.db.write() as conn:
        # The write path's per-owner lock, taken first as it does: no other value of the key
        # becomes active meanwhile, and no deadlock with a concurrent write.
        store.lock_scopes(conn, [found[fact_id].scope])
        fact = _fact(store, conn, fact_id)
        if fact is None or fact["status"] != "archived":
            raise InvalidInput(f"fact #{fact_id} is {fact['status'] if fact else 'gone'}, not archived; "
                               "only archived facts are restored")
        _activate(store, conn, fact, now=now)
        detail: dict[str, Any] = {"from": "archived"}
        if rollback_of is not None:
            detail["rollback_of"] = rollback_of
        store.log_event(conn, _scope(fact), fact_id=fact_id, action="restore", actor=actor, detail=detail, now=now)


def rollback(store: LifecycleStore, scope: Scope, event_id: int, *, actor: str, now: datetime) -> list[int]:
    """Restore the state before one ``supersede``, ``merge`` or ``archive`` event; returns the
    ids of the facts changed.

    * supersede (on the old fact): the old fact is active again (``valid_to`` and
      ``expired_at`` cleared); the fact that replaced it, if any (a retraction has none),
      becomes ``superseded``.
    * merge by maintenance (on either fact): the absorbed fact is active again and the
      keeper loses the citations the merge added.
    * merge at write (a restatement folded into an existing fact): the episode's citation
      is removed from the fact (its raised confidence and observation time stay).
    * archive: the fact is restored.

    Raises:
        NotFound: no such event in ``scope``. InvalidInput: another kind of event, already
        rolled back, or the facts have changed since in a way that makes it impossible.
    """
    d = store.dialect
    if event_id >= 2**63:  # past SQLite's INTEGER: no event; the driver raised OverflowError
        raise NotFound(f"no event #{event_id} of a fact in {scope.describe()}")
    with store.db.read() as conn:
        found = rows(conn, d, "SELECT id, fact_id, action, detail FROM memory_events WHERE id = ? AND org_id = ? "
                              "AND project_id = ?", (event_id, scope.org_id, scope.project_id))
        done = run(conn, d, f"SELECT id FROM memory_events WHERE {d.json_int('detail', 'rollback_of')} = ?",
                   (event_id,)).fetchone()
    row = found[0] if found else None
    owner = store.get_facts(scope, [row["fact_id"]]) if row is not None and row["fact_id"] is not None else {}
    if row is None or not owner:
        raise NotFound(f"no event #{event_id} of a fact in {scope.describe()}")
    if done is not None:
        raise InvalidInput(f"event #{event_id} was already rolled back (event #{done[0]})")
    action, detail = row["action"], d.read_json(row["detail"])
    if action not in UNDOABLE:
        raise InvalidInput(f"event #{event_id} is a {action!r} event; rollback undoes {', '.join(UNDOABLE)}")
    if action == "archive":
        restore(store, scope, row["fact_id"], actor=actor, now=now, rollback_of=event_id)
        return [row["fact_id"]]
    tag = {"rollback_of": event_id}
    with store.db.write() as conn:
        store.lock_scopes(conn, [f.scope for f in owner.values()])  # as in ``restore``
        if action == "supersede":
            old, new = _fact(store, conn, row["fact_id"]), _fact(store, conn, int(detail.get("superseded_by") or 0))
            if old is None or old["status"] != "superseded":
                raise InvalidInput(f"fact #{row['fact_id']} is no longer superseded; nothing to roll back")
            _check_current_change(store, conn, event_id, old, detail)
            displaced = new["id"] if new is not None and new["status"] == "active" else None
            own_end = detail.get("own_end")  # an event's period ("in March 2019"): it ends there again
            _activate(store, conn, old, now=now, allow_displacing=displaced,
                      valid_to=datetime.fromisoformat(own_end) if own_end else None)
            store.log_event(conn, _scope(old), fact_id=old["id"], action="restore", actor=actor, detail=tag, now=now)
            if displaced is None:
                return [old["id"]]
            store.set_fact_status(conn, displaced, "superseded", now=now)
            store.log_event(conn, _scope(old), fact_id=displaced, action="deactivate", actor=actor, detail=tag,
                            now=now)
            return [old["id"], displaced]
        if "merged_into" in detail or "absorbed" in detail:
            keep = row["fact_id"] if "absorbed" in detail else int(detail["merged_into"])
            drop = int(detail["absorbed"]) if "absorbed" in detail else row["fact_id"]
            added = _added_citations(store, conn, keep, drop)
            dropped = _fact(store, conn, drop)
            if dropped is None or dropped["status"] != "superseded":
                raise InvalidInput(f"fact #{drop} is no longer merged away; nothing to roll back")
            _activate(store, conn, dropped, now=now)
            marks = ",".join("?" * len(added))
            if added:
                run(conn, d, f"DELETE FROM fact_citations WHERE fact_id = ? AND episode_id IN ({marks})",
                    (keep, *added))
            store.log_event(conn, _scope(dropped), fact_id=drop, action="restore", actor=actor, detail=tag, now=now)
            store.log_event(conn, _scope(dropped), fact_id=keep, action="update", actor=actor,
                            detail={**tag, "removed_citations": added}, now=now)
            return [drop, keep]
        episode = detail.get("episode")
        fact = _fact(store, conn, row["fact_id"])
        cited = [r[0] for r in run(conn, d, "SELECT episode_id FROM fact_citations WHERE fact_id = ?",
                                   (row["fact_id"],))]
        if fact is None or episode not in cited or len(cited) < 2:
            raise InvalidInput(f"the restatement of event #{event_id} cannot be separated from fact "
                               f"#{row['fact_id']} any more")
        run(conn, d, "DELETE FROM fact_citations WHERE fact_id = ? AND episode_id = ?", (row["fact_id"], episode))
        run(conn, d, "UPDATE facts SET updated_at = ? WHERE id = ?", (d.time(now), row["fact_id"]))
        store.log_event(conn, _scope(fact), fact_id=row["fact_id"], action="update", actor=actor,
                        detail={**tag, "removed_citations": [episode]}, now=now)
        return [row["fact_id"]]


def _check_current_change(store: LifecycleStore, conn: Any, event_id: int, old: Row, detail: dict[str, Any]) -> None:
    """Refuse to roll back a ``supersede`` event that no longer records what ended ``old``:

    * a later ``supersede`` event of the same fact (a value said inside its validity arrived
      late and took its place from then on: ``facts.place.cut_at``) names what replaced it now;
    * an ``arrived_late`` event while a value said after ``old`` is still stored (current or
      past): ``old`` was stored as a past value, it replaced nothing, and making it current would
      put an older statement over a newer one (a February value restored over March's).
      Once no value said after it is left (the newer ones were deleted),
      the rollback makes it current, as ``Memory.delete``'s receipt offers.

    Raises:
        InvalidInput: naming the newer event or the current value, and what to do instead.
    """
    d = store.dialect
    newer = run(conn, d, "SELECT id FROM memory_events WHERE fact_id = ? AND action = 'supersede' AND id > ? "
                         "ORDER BY id LIMIT 1", (old["id"], event_id)).fetchone()
    if newer is not None:
        raise InvalidInput(f"event #{event_id} no longer records what replaced fact #{old['id']}: event "
                           f"#{newer[0]} does (a value said while it held arrived later and took its place "
                           "from then on); see the key's history for what held when")
    if not detail.get("arrived_late"):
        return
    said = run(conn, d, "SELECT coalesce(valid_from, observed_at) FROM facts WHERE id = ?", (old["id"],)).fetchone()
    values = rows(conn, d,
                  "SELECT id, value, status, encrypted, coalesce(valid_from, observed_at) AS said FROM facts WHERE "
                  "org_id = ? AND project_id = ? AND user_id IS NOT DISTINCT FROM ? AND agent_id IS NOT DISTINCT "
                  "FROM ? AND coalesce(subject, '') = coalesce(?, '') AND key = ? AND status IN ('active', "
                  "'superseded') AND id <> ? ORDER BY id", (old["org_id"], old["project_id"], old["user_id"],
                                                            old["agent_id"], old["subject"], old["key"], old["id"]))
    def when(value: Any) -> datetime:
        return d.read_time(value) or datetime.min.replace(tzinfo=UTC)  # said times are never NULL

    successor = detail.get("superseded_by")
    newer = [r for r in values if r["id"] == successor or when(r["said"]) > when(said[0])]
    if successor is not None and not any(r["id"] == successor for r in newer):
        newer += rows(conn, d, "SELECT id, value, status, encrypted, coalesce(valid_from, observed_at) AS said "
                               "FROM facts WHERE id = ? AND status IN ('active', 'superseded')", (successor,))
    if not newer:
        return
    current = [r for r in newer if r["status"] == "active"]
    r = current[0] if current else max(newer, key=lambda r: (when(r["said"]), r["id"]))
    shown = "" if r["encrypted"] else f" ({old['key']} = {r['value']})"
    what = (f"fact #{r['id']}{shown}, said after it, is current" if current else
            f"the last value said is fact #{r['id']}{shown} (its history names the event that brings it back)")
    raise InvalidInput(
        f"event #{event_id} cannot be rolled back: fact #{old['id']} arrived after values said later than it and "
        f"was stored as a past value; it replaced nothing, and making it current would put an older statement "
        f"over newer ones: {what}. To set the value, update the current fact (memstrata update ID --value ...) "
        "or say it again")


#: Most superseded values of one key looked through for what a deleted fact replaced.
REPLACED_LOOKUP = 1_000


def replaced_by(store: Store, fact: Fact) -> list[Replaced]:
    """The facts ``fact`` (active) replaced and that are still superseded by it: under its key
    and subject, whose latest ``supersede`` event names it (``superseded_by``), oldest first;
    ``[]`` when ``fact`` is not active (a newer value holds the key then). What ``Memory.delete``
    reports so that deleting a mistaken edit says how to get the previous value back (not
    only an outdated message and no hint). Reads only."""
    if fact.status != "active":
        return []
    olds = [f for f in store.list_facts(fact.scope, statuses=["superseded"], key=fact.key, limit=REPLACED_LOOKUP)
            if f.subject == fact.subject]
    latest: dict[int, Any] = {}
    for event in store.events(fact.scope, [f.id for f in olds]):  # oldest first
        if event.action == "supersede":
            latest[event.fact_id or 0] = event
    found = [f for f in sorted(olds, key=lambda f: (f.created_at, f.id))
             if f.id in latest and latest[f.id].detail.get("superseded_by") == fact.id]
    if _single_valued(fact.key) and found:
        # One value held the key just before ``fact``: the last said. Events written before values
        # were placed by when they were said named ``fact`` as every late value's successor.
        last = max(found, key=lambda f: (f.valid_from or f.observed_at, f.id))
        found = [last]
    return [Replaced(f.id, f.key, f.value, latest[f.id].id, fact.id) for f in found]


def _added_citations(store: LifecycleStore, conn: Any, keep: int, drop: int) -> list[int]:
    """The citations a maintenance merge of ``drop`` into ``keep`` added (from its event)."""
    d = store.dialect
    row = run(conn, d, "SELECT detail FROM memory_events WHERE fact_id = ? AND action = 'merge' AND "
                       f"{d.json_int('detail', 'absorbed')} = ? ORDER BY id DESC LIMIT 1", (keep, drop)).fetchone()
    return [] if row is None else [int(e) for e in d.read_json(row[0]).get("added_citations", [])]
