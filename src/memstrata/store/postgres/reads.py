"""Listings of ``PostgresStore``: episodes and facts by id or page, facts' audit events and row
counts, each read inside ``scope`` (scope, filter, running forget jobs, expiry).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC

from memstrata.clock import utcnow
from memstrata.filter import Expr
from memstrata.paging import Position
from memstrata.store.postgres.base import PgBase, filter_predicate
from memstrata.store.postgres.rows import EPISODE_COLS, fetch_rows, live, row_to_episode, scope_predicate
from memstrata.store.scope import events_predicate
from memstrata.types import Episode, Fact, MemoryEvent, Scope


class Listings(PgBase):
    """Reads by id, by page and counts (a mixin of ``PostgresStore``)."""

    # -- episodes ---------------------------------------------------------------------------
    def get_episode(self, scope: Scope, episode_id: int) -> Episode | None:
        """The episode with this id inside ``scope``, or ``None``."""
        where, params = scope_predicate(scope)
        with self.db.read() as conn:
            hidden, hparams = self._hidden(conn, "episodes")
            sql = f"SELECT {EPISODE_COLS} FROM episodes WHERE id = %s AND {where} AND {live()}{hidden}"
            rows = fetch_rows(conn, sql, (episode_id, *params, utcnow(), *hparams))
        return row_to_episode(rows[0]) if rows else None

    def list_episodes(self, scope: Scope, *, limit: int, offset: int = 0,
                      filter: Expr | None = None, expiry: bool = True, before: Position | None = None) -> list[Episode]:
        """Episodes in ``scope`` matching ``filter``, newest first (``expiry=False``: expired ones too);
        ``before``: only those strictly before that ``(created_at, id)`` (``memstrata.paging``)."""
        compiled = filter_predicate(filter, kind="episode")
        if compiled is None:
            return []
        where, params = scope_predicate(scope)
        if expiry:
            where += f" AND {live()}"
            params.append(utcnow())
        if before is not None:
            where += " AND (created_at, id) < (%s, %s)"
            params += [before.created_at, before.id]
        with self.db.read() as conn:
            hidden, hparams = self._hidden(conn, "episodes")
            rows = fetch_rows(conn, f"SELECT {EPISODE_COLS} FROM episodes WHERE {where} AND {compiled[0]}{hidden} "
                               "ORDER BY created_at DESC, id DESC LIMIT %s OFFSET %s",
                         (*params, *compiled[1], *hparams, limit, offset))
        return [row_to_episode(r) for r in rows]

    # -- facts and their audit events --------------------------------------------------------
    def get_facts(self, scope: Scope, ids: Sequence[int]) -> dict[int, Fact]:
        """Facts by id inside ``scope`` (any status)."""
        if not ids:
            return {}
        where, params = scope_predicate(scope, session=False)
        with self.db.read() as conn:
            hidden, hparams = self._hidden(conn, "facts")
            facts = self._facts(conn, f"id = ANY(%s) AND {where} AND {live()}{hidden}",
                                [list(ids), *params, utcnow(), *hparams])
        return {f.id: f for f in facts}

    def list_facts(self, scope: Scope, *, statuses: Sequence[str], key: str | None = None,
                   limit: int = 100, offset: int = 0, filter: Expr | None = None,
                   before: Position | None = None) -> list[Fact]:
        """Facts in ``scope`` with one of ``statuses`` matching ``filter``, newest observation first;
        ``before``: those recorded strictly before that ``(created_at, id)``, newest recorded first
        (``memstrata.paging``)."""
        compiled = filter_predicate(filter, kind="fact", value_mac=self.value_mac)
        if compiled is None:
            return []
        where, params = scope_predicate(scope, session=False)
        where += f" AND status = ANY(%s) AND {compiled[0]} AND {live()}"
        params += [list(statuses), *compiled[1], utcnow()]
        if key is not None:
            where += " AND (key = %s OR starts_with(key, %s))"
            params += [key, key + "."]
        order = "observed_at DESC, id DESC"
        if before is not None:
            where += " AND (created_at, id) < (%s, %s)"
            params += [before.created_at, before.id]
            order = "created_at DESC, id DESC"
        with self.db.read() as conn:
            hidden, hparams = self._hidden(conn, "facts")
            return self._facts(conn, where + hidden, [*params, *hparams, int(limit), int(offset)],
                               f"ORDER BY {order} LIMIT %s OFFSET %s")

    def events(self, scope: Scope, fact_ids: Sequence[int]) -> list[MemoryEvent]:
        """Audit events of these facts in ``scope``, oldest first."""
        if not fact_ids:
            return []
        with self.db.read() as conn:
            rows = conn.execute("SELECT id, fact_id, action, at, actor, detail FROM memory_events "
                                "WHERE fact_id = ANY(%s) AND org_id = %s AND project_id = %s ORDER BY id",
                                (list(fact_ids), scope.org_id, scope.project_id)).fetchall()
        return [MemoryEvent(r[0], r[1], r[2], r[3].astimezone(UTC), r[4], r[5]) for r in rows]

    # -- counts -----------------------------------------------------------------------------
    def counts(self, scope: Scope | None = None) -> dict[str, int]:
        """Row counts (episodes, segments, facts by status, the audit events of the scope's facts),
        optionally in a scope."""
        where, params = ("TRUE", []) if scope is None else scope_predicate(scope)
        fwhere, fparams = ("TRUE", []) if scope is None else scope_predicate(scope, session=False)
        with self.db.read() as conn:
            def one(sql: str, args: Sequence[object]) -> int:
                row = conn.execute(sql, args).fetchone()
                return int(row[0]) if row else 0
            out = {
                "episodes": one(f"SELECT count(*) FROM episodes WHERE {where}", params),
                "segments": one(f"SELECT count(*) FROM segments WHERE {where}", params),
                "embedded_segments": one(f"SELECT count(*) FROM segments WHERE {where} AND embedding IS NOT NULL",
                                         params),
            }
            for status, n in conn.execute(f"SELECT status, count(*) FROM facts WHERE {fwhere} GROUP BY status",
                                          fparams):
                out[f"facts_{status}"] = int(n)
            ewhere, eparams = ("TRUE", []) if scope is None else events_predicate(scope, mark="%s")
            out["events"] = one(f"SELECT count(*) FROM memory_events WHERE {ewhere}", eparams)
        return out
