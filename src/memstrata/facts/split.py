"""Split a stored value in two at a time when another value was said (a late message).

One fact row holds one interval: ``valid_from`` → ``valid_to``. A value said, then said again
later ("FedEx" in January and in April) is one row citing both messages. When a message said
in between with another value ("DHL" in February) arrives late, the row must become two: the
value as it held before (January → February, the messages said until then) and as it held
again (from April, the messages said after). Without the split, history showed FedEx from
January on and DHL from February at once (two values claiming the same months).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from memstrata.extract.base import FactCandidate
from memstrata.store.protocol import Store
from memstrata.store.records import NewFact
from memstrata.text.tokens import normalise_value
from memstrata.types import Fact, Scope


def split_at(store: Store, conn: Any, scope: Scope, fact: Fact, at: datetime, *, terms: str, embedder: Any,
             actor: str, now: datetime) -> Fact | None:
    """Inside an open write: split ``fact`` (plain, its row said before and after ``at``) at ``at``.

    A new fact takes the citations said at or before ``at`` (same key, subject, value and scores;
    ``valid_from`` as ``fact``'s; stored ``superseded``, its ``valid_to`` left for the caller to
    set, with a ``create`` event naming ``split_from``); ``fact`` keeps the ones said after and now
    begins at the first of them (an ``update`` event with the old and new ``valid_from`` and the
    citations it gave up). ``terms`` is the full-text column of the new row (``facts.terms.fact_terms``);
    ``embedder`` (or ``None``) embeds its statement.

    Returns:
        The new (earlier) fact, or ``None`` when ``fact`` cannot be split there (encrypted, or its
        messages are not on both sides of ``at``).
    """
    if fact.encrypted:
        return None
    times = store.episode_times(conn, list(fact.citations))
    before = sorted(e for e, t in times.items() if t <= at)
    after = sorted((t, e) for e, t in times.items() if t > at)
    if not before or not after:
        return None
    vector = None if embedder is None else embedder.embed([fact.statement])[0]
    earlier = NewFact(kind=fact.kind, key=fact.key, tag=fact.tag, value=fact.value,
                      value_norm=normalise_value(fact.value), statement=fact.statement, confidence=fact.confidence,
                      importance=fact.importance, sensitivity=fact.sensitivity, subject=fact.subject,
                      observed_at=max(times[e] for e in before), valid_from=fact.valid_from, valid_to=None,
                      index_terms=terms, embedding=vector, expires_at=fact.expires_at)
    new_id = store.insert_fact(conn, scope, earlier, citations=before, now=now)
    store.set_fact_status(conn, new_id, "superseded", now=now)
    store.log_event(conn, scope, fact_id=new_id, action="create", actor=actor, now=now,
                    detail={"key": fact.key, "value": fact.value, "split_from": fact.id, "episodes": before})
    store.uncite(conn, fact.id, before)
    start = after[0][0]
    store.set_valid_from(conn, fact.id, start, now=now)
    old = fact.valid_from or fact.observed_at
    store.log_event(conn, scope, fact_id=fact.id, action="update", actor=actor, now=now, detail={
        "valid_from": [old.isoformat(), start.isoformat()], "split_into": new_id, "removed_citations": before})
    return next(iter(store.load_facts(conn, [new_id])))


def candidate_terms(fact: Fact) -> FactCandidate:
    """``fact`` as a candidate, for ``facts.terms.fact_terms`` (its full-text column)."""
    return FactCandidate(kind=fact.kind, key=fact.key, value=fact.value, confidence=fact.confidence,
                         importance=fact.importance, sensitivity=fact.sensitivity, statement=fact.statement)
