"""Changing a fact by hand (``Memory.update``): a new value supersedes, other fields change in place.

A new value goes through the same machinery as a restatement that contradicts the old
one (redaction, encryption of high-sensitivity values, the audit log): the old fact is
kept with status ``superseded`` and ``valid_to`` set (and its citations: the audit trail),
a new active fact (same key and subject) takes its place, and both get audit events. The
new fact cites no episode: nothing the user said states the new value, and citing the old
fact's episode would claim "I prefer UPS" as the source of DHL. Its ``create`` event names
the fact it was updated from (``updated_from``) and the actor. A change of
``importance`` or ``confidence`` alone updates the fact in place with one ``update``
event holding the old and new numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from memstrata.errors import Conflict, InvalidInput, NotFound
from memstrata.extract.base import FactCandidate
from memstrata.facts.said import Said, fact_expiry
from memstrata.store.protocol import Store
from memstrata.text.tokens import normalise_value
from memstrata.text.visible import blank, check_text
from memstrata.types import Fact, Scope
from memstrata.write.ingest import Ingestor, Message

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
            # "\u200b" (a zero-width space, as a pasted value may hold) was stored as a value that shows nothing
            if not isinstance(self.value, str) or blank(self.value):
                raise InvalidInput(f"value must be a non-blank string, got {self.value!r}", field="value")
            if len(self.value) > MAX_VALUE_CHARS:
                raise InvalidInput(f"value is {len(self.value)} characters; the limit is {MAX_VALUE_CHARS}",
                                   field="value")
            check_text(self.value, "value", "value")
        for name in ("importance", "confidence"):
            number = getattr(self, name)
            if number is not None and (isinstance(number, bool) or not isinstance(number, (int, float))
                                       or not 0.0 <= float(number) <= 1.0):
                raise InvalidInput(f"{name} must be a number between 0 and 1, got {number!r}", field=name)
        return self


def _statement(fact: Fact, value: str) -> str:
    """The old statement with the old value replaced, or ``key = value`` when it does not contain it."""
    if fact.value and fact.value in fact.statement:
        return fact.statement.replace(fact.value, value)
    return f"{fact.key} = {value}"


def not_current(fact: Fact) -> Conflict:
    """The ``Conflict`` an update of ``fact`` (superseded or archived) raises."""
    return Conflict(f"fact #{fact.id} is {fact.status}; only an active fact can be updated: "
                    f"its history names the active value of {fact.key!r}", fact_id=fact.id, fact_status=fact.status)


def lock_fact(store: Store, conn: Any, fact: Fact) -> Fact:
    """Inside an open write: take the lock of ``fact``'s scope (the one every write path takes,
    ``Store.lock_scopes``) and read the fact again, as stored now (any status).

    Raises:
        NotFound: another request deleted it since the caller read it.
    """
    store.lock_scopes(conn, [Scope(fact.scope.org_id, fact.scope.project_id, fact.scope.user_id, fact.scope.agent_id)])
    now_stored = next(iter(store.load_facts(conn, [fact.id])), None)
    if now_stored is None:
        raise NotFound(f"fact #{fact.id} was deleted by another request")
    return now_stored


def lock_current(store: Store, conn: Any, fact: Fact) -> Fact:
    """Inside an open write: take the lock of ``fact``'s scope (the one every write path takes,
    ``Store.lock_scopes``) and read the fact again. Between the caller's read and this write
    another process may have superseded, updated or deleted it; without the lock four
    concurrent updates of one fact each succeeded, leaving four current values. Returns the
    fact as stored now.

    Raises:
        NotFound: the fact was deleted meanwhile.
        Conflict: the fact is no longer active (another write superseded it first).
    """
    now_stored = lock_fact(store, conn, fact)
    if now_stored.status != "active":
        raise not_current(now_stored)
    return now_stored


def admitted_value(ingestor: Ingestor, fact: Fact, value: str, *, now: datetime, importance: float | None = None,
                   confidence: float | None = None) -> tuple[Message, FactCandidate]:
    """``value`` as ``fact``'s new value would be stored (redacted as the write path redacts), with
    the message that says it; writes nothing.

    Raises:
        InvalidInput: the new value is a secret that is never stored as a fact.
    """
    said = Message(content=value.strip(), scope=fact.scope, created_at=now, speaker=fact.subject,
                   expires_at=fact.expires_at)
    msg, _ = ingestor._redact(said)
    new = msg.content.strip()
    candidate = FactCandidate(kind=fact.kind, key=fact.key, value=new,
                              confidence=fact.confidence if confidence is None else confidence,
                              importance=fact.importance if importance is None else importance,
                              sensitivity=fact.sensitivity, statement=_statement(fact, new))
    if not ingestor._admit([candidate])[0]:
        raise InvalidInput("the new value is a secret memstrata never stores as a fact (see Settings.privacy)",
                           field="value")
    return msg, candidate


def apply_update(ingestor: Ingestor, fact: Fact, change: FactUpdate, *, actor: str, now: datetime) -> int:
    """Apply ``change`` to the active ``fact`` in one transaction; returns the id of the fact
    that now holds the value (a new id when the value changed).

    A new value goes through the write path's own rules (``ingestor``): redaction first, a
    value that would only carry a dropped secret is refused, a high-sensitivity fact is
    encrypted when a key is configured, and audit events show values as the write path does.

    Raises:
        Conflict: the fact is not active (superseded, archived), also when another writer
            changed it since it was read (``lock_current``): update the active one.
        NotFound: another request deleted it since it was read.
        InvalidInput: the new value is a secret that is never stored as a fact.
    """
    store = ingestor.store
    if fact.status != "active":
        raise not_current(fact)
    importance = fact.importance if change.importance is None else float(change.importance)
    confidence = fact.confidence if change.confidence is None else float(change.confidence)
    value_changed = change.value is not None and normalise_value(change.value) != normalise_value(fact.value)
    if not value_changed:
        with store.db.write() as conn:
            fact = lock_current(store, conn, fact)
            store.set_fact_scores(conn, fact.id, importance=importance, confidence=confidence, now=now)
            store.log_event(conn, fact.scope, fact_id=fact.id, action="update", actor=actor, now=now, detail={
                "importance": [fact.importance, importance], "confidence": [fact.confidence, confidence]})
        return fact.id
    msg, candidate = admitted_value(ingestor, fact, change.value, now=now,  # type: ignore[arg-type]
                                    importance=importance, confidence=confidence)
    vector = None if ingestor.embedder is None else ingestor.embedder.embed([candidate.statement])[0]
    stated = Said(scope=fact.scope, speaker=msg.speaker, at=now, episode_id=None, actor=actor, tag=fact.tag,
                  expires_at=fact_expiry(now=now, kind=fact.kind, sensitivity=fact.sensitivity,
                                         ttl_seconds=ingestor.settings.ttl_seconds, message_expires_at=fact.expires_at))
    with store.db.write() as conn:
        lock_current(store, conn, fact)
        return ingestor.engine.replace(conn, fact, candidate, stated, vector, now)
