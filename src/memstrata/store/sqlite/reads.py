"""Listings of ``SQLiteStore``: episodes and facts by id or page, facts' audit events and row
counts, each read inside ``scope`` through the store's full read predicate (``where``: scope,
filter, running forget jobs, expiry).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from memstrata.clock import from_db, to_db
from memstrata.filter import Expr
from memstrata.paging import Position
from memstrata.store.scope import events_predicate
from memstrata.store.sqlite.base import SQLiteBase, filter_predicate
from memstrata.store.sqlite.rows import EPISODE_COLS, row_to_episode, scope_predicate
from memstrata.types import Episode, Fact, MemoryEvent, Scope


class Listings(SQLiteBase):
    """Reads by id, by page and counts (a mixin of ``SQLiteStore``)."""

    # -- episodes ---------------------------------------------------------------------------
    def get_episode(self, scope: Scope, episode_id: int) -> Episode | None:
        """The episode with this id inside ``scope``, or ``None``."""
        with self.db.read() as conn:
            where, params = self.where(conn, scope, table="episodes")
            row = conn.execute(f"SELECT {EPISODE_COLS} FROM episodes WHERE id = ? AND {where}",
                               (episode_id, *params)).fetchone()
        return None if row is None else row_to_episode(row)

    def list_episodes(self, scope: Scope, *, limit: int, offset: int = 0,
                      filter: Expr | None = None, expiry: bool = True, before: Position | None = None) -> list[Episode]:
        """Episodes in ``scope`` matching ``filter``, newest first (``expiry=False``: expired ones too);
        ``before``: only those strictly before that ``(created_at, id)`` (``memstrata.paging``)."""
        compiled = filter_predicate(filter, kind="episode")
        if compiled is None:
            return []
        with self.db.read() as conn:
            where, params = self.where(conn, scope, table="episodes", expiry=expiry)
            keyset, kparams = ("", []) if before is None else (
                " AND (created_at, id) < (?, ?)", [to_db(before.created_at), before.id])
            rows = conn.execute(
                f"SELECT {EPISODE_COLS} FROM episodes WHERE {where} AND {compiled[0]}{keyset} "
                "ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?",
                (*params, *compiled[1], *kparams, limit, offset),
            ).fetchall()
        return [row_to_episode(r) for r in rows]

    # -- facts and their audit events --------------------------------------------------------
    def get_facts(self, scope: Scope, ids: Sequence[int]) -> dict[int, Fact]:
        """Facts by id inside ``scope`` (any status; not hidden, not expired)."""
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        with self.db.read() as conn:
            where, params = self.where(conn, scope, table="facts", session=False)
            kept = self.kept_facts
            kept.check(conn, self.cipher)
            if not kept.fits(len(ids)):
                facts = self._facts(conn, f"id IN ({marks}) AND {where}", [*ids, *params], by_id=True)
                return {f.id: f for f in facts}
            # Which of them the scope may read now, in the order the rows come (by id); only the
            # facts not kept are mapped (``store.sqlite.kept_facts``).
            readable = [int(r[0]) for r in conn.execute(
                f"SELECT id FROM facts NOT INDEXED WHERE id IN ({marks}) AND {where}", [*ids, *params])]
            return kept.take(readable, lambda missing: self._facts(
                conn, f"id IN ({','.join('?' * len(missing))})", missing, by_id=True))

    def list_facts(self, scope: Scope, *, statuses: Sequence[str], key: str | None = None,
                   limit: int = 100, offset: int = 0, filter: Expr | None = None,
                   before: Position | None = None) -> list[Fact]:
        """Facts in ``scope`` with one of ``statuses`` matching ``filter``, newest observation first;
        ``before``: those recorded strictly before that ``(created_at, id)``, newest recorded first
        (``memstrata.paging``)."""
        compiled = filter_predicate(filter, kind="fact", value_mac=self.value_mac)
        if compiled is None:
            return []
        marks = ",".join("?" * len(statuses))
        with self.db.read() as conn:
            where, params = self.where(conn, scope, table="facts", session=False, extra=compiled)
            where += f" AND status IN ({marks})"
            params += list(statuses)
            if key is not None:
                where += " AND (key = ? OR key LIKE ?)"
                params += [key, key + ".%"]
            order = "observed_at DESC, id DESC"
            if before is not None:
                where += " AND (created_at, id) < (?, ?)"
                params += [to_db(before.created_at), before.id]
                order = "created_at DESC, id DESC"
            tail, params = f"ORDER BY {order} LIMIT ? OFFSET ?", [*params, int(limit), int(offset)]
            kept = self.kept_facts
            kept.check(conn, self.cipher)
            if not kept.fits(int(limit)):
                return self._facts(conn, where, params, tail)
            # The ids first, then the facts not kept are mapped (``store.sqlite.kept_facts``): a search
            # asking for the plans ahead (``recall.ahead``) lists ~50 facts, mostly the same each time.
            ids = [int(r[0]) for r in conn.execute(f"SELECT id FROM facts WHERE {where} {tail}", params)]
            found = kept.take(ids, lambda missing: self._facts(
                conn, f"id IN ({','.join('?' * len(missing))})", missing, by_id=True))
            return [found[i] for i in ids if i in found]

    def events(self, scope: Scope, fact_ids: Sequence[int]) -> list[MemoryEvent]:
        """Audit events of these facts in ``scope``, oldest first."""
        if not fact_ids:
            return []
        marks = ",".join("?" * len(fact_ids))
        with self.db.read() as conn:
            rows = conn.execute(
                f"SELECT id, fact_id, action, at, actor, detail FROM memory_events "
                f"WHERE fact_id IN ({marks}) AND org_id = ? AND project_id = ? ORDER BY id",
                [*fact_ids, scope.org_id, scope.project_id],
            ).fetchall()
        return [MemoryEvent(r[0], r[1], r[2], from_db(r[3]), r[4], json.loads(r[5])) for r in rows]  # type: ignore[arg-type]

    # -- counts -----------------------------------------------------------------------------
    def counts(self, scope: Scope | None = None) -> dict[str, int]:
        """Row counts (episodes, segments, facts by status, the audit events of the scope's facts),
        optionally in a scope."""
        where, params = ("1 = 1", []) if scope is None else scope_predicate(scope)
        fwhere, fparams = ("1 = 1", []) if scope is None else scope_predicate(scope, session=False)
        with self.db.read() as conn:
            out = {
                "episodes": conn.execute(f"SELECT count(*) FROM episodes WHERE {where}", params).fetchone()[0],
                "segments": conn.execute(f"SELECT count(*) FROM segments WHERE {where}", params).fetchone()[0],
                "embedded_segments": conn.execute(
                    f"SELECT count(*) FROM segments WHERE {where} AND embedding IS NOT NULL", params).fetchone()[0],
            }
            for status, n in conn.execute(f"SELECT status, count(*) FROM facts WHERE {fwhere} GROUP BY status",
                                          fparams):
                out[f"facts_{status}"] = n
            ewhere, eparams = ("1 = 1", []) if scope is None else events_predicate(scope)
            out["events"] = conn.execute(f"SELECT count(*) FROM memory_events WHERE {ewhere}", eparams).fetchone()[0]
        return out
