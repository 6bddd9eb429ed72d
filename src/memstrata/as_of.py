"""The facts the system held at a past time, for ``Memory.context``'s profile fallback with ``as_of``.

"Held at ``at``" is the bi-temporal transaction time ``search(as_of=...)`` uses
(``recall._believed``): recorded by ``at`` (``Fact.recorded_at``) and not yet retired then
(``expired_at`` unset or later), whatever the fact's status now. A fresh-user trial found
``context(..., as_of=...)`` silently skipping the fallback (trial 7, H9).
"""

from __future__ import annotations

from datetime import datetime

from memstrata.filter import Expr
from memstrata.store.protocol import Store
from memstrata.types import Fact, Scope

#: Facts of every status read, newest first, to find those held at ``at`` (a store lists at most 1,000).
SCAN = 1_000


def facts_current_at(store: Store, scope: Scope, at: datetime, *, limit: int,
                     filter: Expr | None = None) -> list[Fact]:
    """Up to ``limit`` facts of ``scope`` (matching ``filter``) the system held at ``at``
    (timezone-aware), newest first, among the newest ``SCAN`` facts of any status."""
    facts = store.list_facts(scope, statuses=["active", "superseded", "archived"], limit=SCAN, filter=filter)
    held = [f for f in facts if f.recorded_at <= at and (f.expired_at is None or f.expired_at > at)]
    return held[:limit]
