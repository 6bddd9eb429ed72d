"""A fact's history as stored: every value its key held for its subject, oldest first, each with
its audit events (``Memory.history``, ``memstrata history``, the REST and MCP history doors).

A read: nothing here changes a fact (``facts.timeline`` places values in time as they are written).
"""

from __future__ import annotations

from memstrata.errors import InvalidInput
from memstrata.store.protocol import Store
from memstrata.types import Fact, MemoryEvent, Scope

#: The statuses a history reaches: every value the key held, retired ones included.
HISTORY_STATUSES = ("active", "superseded", "archived")


def fact_history(store: Store, scope: Scope, *, fact: Fact | None, key: str | None,
                 limit: int) -> list[tuple[Fact, list[MemoryEvent]]]:
    """The facts under ``fact``'s key about its subject (or under ``key``, any subject) in
    ``scope``, at most ``limit`` (newest observation first, as ``Store.list_facts`` reads them),
    ordered by recording time then id, each with its audit events oldest first; ``[]`` for a key
    nothing is stored under in ``scope`` (as ``Store.list_facts`` of that key: never stored, a
    misspelt key, or every value forgotten).

    Raises:
        InvalidInput: neither ``fact`` nor ``key``.
    """
    if fact is not None:
        key = fact.key
        facts = [f for f in store.list_facts(scope, statuses=HISTORY_STATUSES, key=key, limit=limit)
                 if f.subject == fact.subject]
    elif key is not None:
        facts = store.list_facts(scope, statuses=HISTORY_STATUSES, key=key, limit=limit)
    else:
        raise InvalidInput("history(): give a fact_id or a key, e.g. key='shipping.carrier' (list() shows them)")
    if not facts:
        return []
    facts.sort(key=lambda f: (f.created_at, f.id))
    events = store.events(scope, [f.id for f in facts])
    return [(f, [e for e in events if e.fact_id == f.id]) for f in facts]
