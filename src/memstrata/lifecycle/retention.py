"""Retention: what a fact is worth without a query, the per-user cap, the archive rule, TTLs.

A fact's standing value is the ranking score of ``recall.fusion.blend`` with relevance 0:
recency of its last observation, confidence, importance and how often it was recalled.
The cap and the archive rule both archive (never delete): ``include_archived=True``
still finds archived facts, and ``Memory.restore`` brings one back.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime, timedelta
from typing import Any

from memstrata.config import RankingWeights
from memstrata.recall.fusion import access_signal, blend, recency
from memstrata.store.dialect import rows
from memstrata.store.protocol import LifecycleStore, Store
from memstrata.types import Scope

ACTOR = "retention"


def standing_value(*, observed_at: datetime, confidence: float, importance: float, access_count: int,
                   now: datetime, weights: RankingWeights, half_life_days: float) -> float:
    """The ranking score in [0, 1] of a fact with the query term left out (relevance 0)."""
    return blend(relevance=0.0, recency=recency(observed_at, now, half_life_days=half_life_days),
                 confidence=confidence, importance=importance, access=access_signal(access_count),
                 weights=weights)


def enforce_cap(store: Store, conn: Any, scope: Scope, *, cap: int,
                keep: Collection[int], now: datetime, weights: RankingWeights,
                half_life_days: float) -> list[int]:
    """Archive the lowest-value active facts of ``scope``'s owner (user and agent) over ``cap``.

    Facts in ``keep`` (the ones just written) are never archived. Runs inside the caller's
    write transaction; logs an ``archive`` event per fact. Returns the archived ids.
    """
    rows = store.owner_active_facts(conn, scope, over=cap)  # any backend; [] while at or under the cap
    excess = len(rows) - cap
    if excess <= 0:
        return []
    ranked = sorted(
        (standing_value(observed_at=r[1], confidence=r[2], importance=r[3],
                        access_count=r[4], now=now, weights=weights, half_life_days=half_life_days), r[0])
        for r in rows if r[0] not in keep
    )
    victims = [fid for _, fid in ranked[:excess]]
    for fid in victims:
        store.set_fact_status(conn, fid, "archived", now=now)
        store.log_event(conn, scope, fact_id=fid, action="archive", actor=ACTOR,
                        detail={"reason": "cap", "cap": cap}, now=now)
    return victims


def archive_idle(store: LifecycleStore, conn: Any, *, now: datetime, idle_days: float,
                 below_importance: float) -> list[int]:
    """Archive active facts not recalled (or, never recalled, not observed) for ``idle_days``
    whose importance is below ``below_importance``. Returns the archived ids."""
    d = store.dialect
    idle = rows(conn, d, "SELECT id, org_id, project_id, user_id, agent_id FROM facts WHERE status = 'active' AND "
                         f"importance < ? AND coalesce(last_accessed_at, observed_at) < ?{d.for_update}",
                (below_importance, d.time(now - timedelta(days=idle_days))))
    for r in idle:
        store.set_fact_status(conn, r["id"], "archived", now=now)
        store.log_event(conn, Scope(r["org_id"], r["project_id"], r["user_id"], r["agent_id"]), fact_id=r["id"],
                        action="archive", actor=ACTOR,
                        detail={"reason": "idle", "idle_days": idle_days, "below_importance": below_importance},
                        now=now)
    return [int(r["id"]) for r in idle]
