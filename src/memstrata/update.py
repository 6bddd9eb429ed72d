"""Changing a fact by hand (``Memory.update``): a new value supersedes, other fields change in place.

A new value goes through the same machinery as a restatement that contradicts the old
one: the old fact is kept with status ``superseded`` and ``valid_to`` set, a new active
fact (same key, subject and citations) takes its place, and both get audit events. A
change of ``importance`` or ``confidence`` alone updates the fact in place with one
``update`` event holding the old and new numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from memstrata.errors import Conflict, InvalidInput
from memstrata.extract.base import FactCandidate
from memstrata.ingest import check_text, fact_terms
from memstrata.resolve import normalise_value
from memstrata.store.sqlite.store import NewFact, SQLiteStore
from memstrata.types import Fact

#: Longest fact value accepted by ``update``, in characters (a fact is a short statement).
MAX_VALUE_CHARS = 2000


@dataclass(frozen=True)
class FactUpdate:
    """A validated change: ``None`` means "keep"."""

    value: str | None = None
    importance: float | None = None
    confidence: float | None = None

    def check(self) -> FactUpdate:
        """Validate and normalise; returns self. Raises ``InvalidInput`` naming the field."""
        if self.value is None and self.importance is None and self.confidence is None:
            raise InvalidInput("nothing to update: give value, importance or confidence")
        if self.value is not None:
            if not isinstance(self.value, str) or not self.value.strip():
                raise InvalidInput(f"value must be a non-blank string, got {self.value!r}")
            if len(self.value) > MAX_VALUE_CHARS:
                raise InvalidInput(f"value is {len(self.value)} characters; the limit is {MAX_VALUE_CHARS}")
            check_text(self.value, "value")
        for name in ("importance", "confidence"):
            number = getattr(self, name)
            if number is not None and (isinstance(number, bool) or not isinstance(number, (int, float))
                                       or not 0.0 <= float(number) <= 1.0):
                raise InvalidInput(f"{name} must be a number between 0 and 1, got {number!r}")
        return self


def _statement(fact: Fact, value: str) -> str:
    """The old statement with the old value replaced, or ``key = value`` when it does not contain it."""
    if fact.value and fact.value in fact.statement:
        return fact.statement.replace(fact.value, value)
    return f"{fact.key} = {value}"


def apply_update(store: SQLiteStore, embedder: Any, fact: Fact, change: FactUpdate, *, actor: str,
                 now: datetime) -> int:
    """Apply ``change`` to the active ``fact`` in one transaction; returns the id of the fact
    that now holds the value (a new id when the value changed).

    Raises:
        Conflict: the fact is not active (superseded, archived): update the active one.
    """
    if fact.status != "active":
        raise Conflict(f"fact #{fact.id} is {fact.status}; only an active fact can be updated "
                       f"(see `memstrata history {fact.id}` for the current one)")
    importance = fact.importance if change.importance is None else float(change.importance)
    confidence = fact.confidence if change.confidence is None else float(change.confidence)
    value_changed = change.value is not None and normalise_value(change.value) != normalise_value(fact.value)
    if not value_changed:
        with store.db.write() as conn:
            store.set_fact_scores(conn, fact.id, importance=importance, confidence=confidence, now=now)
            store.log_event(conn, fact.scope, fact_id=fact.id, action="update", actor=actor, now=now, detail={
                "importance": [fact.importance, importance], "confidence": [fact.confidence, confidence]})
        return fact.id
    value = change.value.strip()  # type: ignore[union-attr]
    statement = _statement(fact, value)
    candidate = FactCandidate(kind=fact.kind, key=fact.key, value=value, confidence=confidence,
                              importance=importance, sensitivity=fact.sensitivity, statement=statement)
    vector = None if embedder is None else embedder.embed([statement])[0]
    with store.db.write() as conn:
        new_id = store.insert_fact(conn, fact.scope, NewFact(
            kind=fact.kind, key=fact.key, tag=fact.tag, value=value, value_norm=normalise_value(value),
            statement=statement, confidence=confidence, importance=importance, sensitivity=fact.sensitivity,
            subject=fact.subject, observed_at=now, valid_from=now, valid_to=None,
            index_terms=fact_terms(candidate), embedding=vector,
        ), citations=fact.citations, now=now)
        store.set_fact_status(conn, fact.id, "superseded", now=now, valid_to=now)
        store.log_event(conn, fact.scope, fact_id=new_id, action="create", actor=actor, now=now,
                        detail={"key": fact.key, "value": value, "updated_from": fact.id})
        store.log_event(conn, fact.scope, fact_id=fact.id, action="supersede", actor=actor, now=now,
                        detail={"superseded_by": new_id, "old_value": fact.value, "new_value": value})
    return new_id
