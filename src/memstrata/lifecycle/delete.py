"""Deleting what a caller names: one fact, one message, or everything about a scope (``Memory.delete``
and ``Memory.forget`` call these; the doors reach them through ``Memory``).

A fact is distilled from messages (episodes), which are the source of truth and are never
rewritten (DESIGN.md section 2): deleting a fact leaves them stored unless ``sources=True``
forgets them too. Every path leaves a content-free tombstone event and returns a
``ForgetReceipt``; nothing forgotten comes back (``store.forgotten``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, cast

from memstrata.clock import require_aware, to_db, utcnow
from memstrata.errors import InvalidInput, NotFound
from memstrata.filter import Expr, unparse
from memstrata.filter.fields import require_fields_of
from memstrata.lifecycle.direct import forget_now
from memstrata.lifecycle.forget import (
    NONCE_KEY,
    SUPPRESSED_KEY,
    BackgroundForgetter,
    ForgetReceipt,
    ids_digest,
    new_nonce,
    run_to_end,
    start_job,
)
from memstrata.lifecycle.forget import receipt as forget_receipt
from memstrata.lifecycle.forget_filter import forget_ids, forget_matching
from memstrata.lifecycle.rollback import replaced_by
from memstrata.lifecycle.target import require_id, require_owner, require_target
from memstrata.store import suppressed
from memstrata.store.forgotten import forgotten_fact
from memstrata.store.protocol import LifecycleStore, Store
from memstrata.store.scope import check_scope
from memstrata.types import Episode, Fact, Scope
from memstrata.write.update import lock_fact


@dataclass(frozen=True)
class Reader:
    """How a delete reads what it is asked to delete: the caller's own scoped reads (``Memory.get``),
    so a target outside the caller's scope is ``NotFound`` exactly as reading it would be.

    ``fact(id)`` and ``episode(id)`` raise ``NotFound``; ``scope`` is the caller's scope.
    """

    fact: Callable[[int], Fact]
    episode: Callable[[int], Episode]
    scope: Scope


@dataclass(frozen=True)
class Target:
    """What a ``delete`` takes, decided before anything goes (``resolve``): the messages
    ``episodes`` (ids in ``owner``'s scope, ascending), forgotten with every fact only they
    state, and the named ``fact``, deleted alone when no message of it is forgotten or it
    outlives them (``None``: a fact already forgotten, whose kept messages go now)."""

    episodes: tuple[int, ...]
    owner: Scope
    fact: Fact | None


def resolve(store: Store, reader: Reader, fact_id: int | None, episode_id: int | None, *, sources: bool,
            operation: str) -> Target:
    """Check a delete's arguments and read what it names (``Memory.delete`` lists every error);
    ``delete`` executes the ``Target`` and ``lifecycle.preview.messages_preview`` shows it."""
    require_target(operation, hint="a fact_id or an episode_id", fact_id=fact_id, episode_id=episode_id)
    if fact_id is not None and episode_id is not None:
        raise InvalidInput("give a fact_id or an episode_id to delete (one of them)")
    if not isinstance(sources, bool):
        raise InvalidInput(f"sources must be True or False, got {sources!r}", field="sources")
    for name, given in (("fact_id", fact_id), ("episode_id", episode_id)):
        if given is not None:  # -1 or 0 is bad input, never "not found"
            require_id(operation, name, given)
    if episode_id is not None:
        if sources:
            raise InvalidInput("sources=True applies to a fact (its messages); an episode is a message itself",
                               field="sources")
        episode = reader.episode(episode_id)
        return Target((episode.id,), episode.scope, None)
    assert fact_id is not None
    try:
        fact = reader.fact(fact_id)
    except NotFound:
        if not sources:
            raise
        stored = kept_sources(store, reader, int(fact_id))
        return Target(tuple(sorted(e.id for e in stored)), stored[0].scope, None)
    return Target(tuple(sorted(set(fact.citations))) if sources else (), fact.scope, fact)


def delete(store: Store, reader: Reader, fact_id: int | None, episode_id: int | None, *, sources: bool,
           actor: str, operation: str = "delete()") -> ForgetReceipt:
    """``Memory.delete``: one fact (with ``sources`` the messages that stated it too), or one
    message (``episode_id``) with the facts only it supports. See ``Memory.delete`` for the
    receipt and every error (``InvalidInput``, ``NotFound``); ``operation`` is the call the user
    made, for those messages (``forget()`` hands its single records here)."""
    target = resolve(store, reader, fact_id, episode_id, sources=sources, operation=operation)
    fact = target.fact
    if not target.episodes:
        assert fact is not None
        return delete_fact(store, reader.fact(fact.id), actor=actor)
    receipt = forget_messages(store, list(target.episodes), target.owner, actor=actor)
    if fact is None or not store.get_facts(fact.scope, [fact.id]):
        return receipt
    # still cited by a message out of reach (another session's, hidden): delete it alone too
    alone = delete_fact(store, reader.fact(fact.id), actor=actor)
    counts = {t: receipt.counts.get(t, 0) + alone.counts.get(t, 0) for t in {*receipt.counts, *alone.counts}}
    return replace(receipt, counts=counts, replaced=receipt.replaced + alone.replaced,
                   sources_kept=alone.sources_kept)


def delete_fact(store: Store, fact: Fact, *, actor: str) -> ForgetReceipt:
    """Delete ``fact`` alone and its audit trail in one transaction, leaving a tombstone event that
    names the messages it kept (``sources_kept``); its value leaves the other events, its old
    value's messages stay marked outdated, and no import brings it back."""
    replaced = tuple(replaced_by(store, fact))
    now, nonce = utcnow(), new_nonce()
    digest = ids_digest([("facts", fact.id)], nonce)
    with store.db.write() as conn:
        # Serialised with every writer of the scope: a delete racing an update must not leave
        # the update's new value behind as if nothing had been deleted.
        lock_fact(store, conn, fact)
        events = store.fact_event_count(conn, fact.id)
        store.scrub_events(conn, facts=[fact.id], episodes=())  # its value leaves the others' events
        store.keep_outdated_marks(conn, [fact.id])  # its messages keep their state: outdated or current
        store.keep_forgotten(conn, "facts", [fact.id], now)  # no import brings it back
        # which kept message holds which suppression, so a copy that cannot name the key leaves it out
        placed = (suppressed.placed(conn, cast(LifecycleStore, store).dialect, [fact.id])
                  if store.capabilities.sql else [])
        store.keep_suppressed(conn, [fact.id], now)  # no extraction of its kept messages makes it again
        store.delete_facts(conn, [fact.id])
        store.log_event(conn, fact.scope, fact_id=fact.id, action="delete", actor=actor,
                        detail={"what": "fact", "ids_sha256": digest, NONCE_KEY: nonce,
                                "sources_kept": sorted(fact.citations), SUPPRESSED_KEY: placed}, now=now)
    store.clear_caches()
    return ForgetReceipt(job_id=None, status="done", at=now, counts={"facts": 1, "memory_events": int(events)},
                         ids_sha256=digest, nonce=nonce,
                         wal_checkpointed=store.purge_deleted(("facts", "memory_events")), replaced=replaced,
                         sources_kept=tuple(sorted(fact.citations)))


def kept_sources(store: Store, reader: Reader, fact_id: int) -> list[Episode]:
    """For ``delete(fact_id, sources=True)`` of a fact already forgotten alone: the messages that
    stated it which its tombstone recorded as kept (``store.forgotten.forgotten_fact``) and that are
    still stored in the reader's scope, by id.

    Raises:
        NotFound: no such fact was forgotten in the scope; or it was, and either the forget did
            not record its messages (say how to find them) or they are gone too.
    """
    sc = reader.scope
    found = forgotten_fact(store, fact_id, (sc.org_id, sc.project_id, sc.user_id))
    if found is None:
        raise NotFound(f"no fact #{fact_id} in {sc.describe()}")
    at, kept = found
    when = f"fact #{fact_id} was already forgotten ({to_db(at)})"
    if kept is None:
        # Forgets of messages (sources=True, a user, a session, a filter) record no kept
        # messages because they took them: say so first, or it reads as "your messages are still stored".
        raise NotFound(f"{when} with the messages that stated it, or by a forget that did not record them; "
                       "if any are still stored, find them by search and forget each by its episode id")
    stored = []
    for episode_id in kept:
        try:
            stored.append(reader.episode(episode_id))
        except NotFound:
            continue  # forgotten since, or out of this scope
    if not stored:
        ids = ", ".join(f"#{e}" for e in kept) or "none recorded"
        raise NotFound(f"{when} and the messages that stated it (episode {ids}) are not stored any more: "
                       "nothing is left to forget")
    return sorted(stored, key=lambda e: e.id)


def forget_messages(store: Store, episodes: list[int], owner: Scope, *, actor: str) -> ForgetReceipt:
    """Forget ``episodes`` (ids in ``owner``'s scope) with the facts only they support.

    Raises:
        InvalidInput: the store has no forget jobs (the in-memory reference store).
    """
    if not store.capabilities.forget_jobs:
        raise InvalidInput(f"forgetting messages one by one is not supported on {store.location}: it needs "
                           "the SQLite or PostgreSQL store")
    tenant = Scope(owner.org_id, owner.project_id, owner.user_id, owner.agent_id)
    return forget_ids(cast(LifecycleStore, store), tenant, sorted(set(episodes)), kind="episode", actor=actor)


def forget_target(default: Scope, *, user_id: str | None, agent_id: str | None, session_id: str | None,
                  before: datetime | None, all_users: bool, sources: bool, org_id: str | None,
                  project_id: str | None, filter: object = None, operation: str = "forget()") -> Scope:
    """The scope ``Memory.forget`` deletes (and ``Memory.forget_preview`` shows), from its arguments and
    the instance's ``default`` scope (its user and agent apply unless ``all_users``); ``operation``
    is the call the user made, for the messages.

    Raises:
        InvalidInput: ``sources`` without a fact; ``user_id`` with ``all_users``; a session, agent,
            time or ``filter`` of every user without ``all_users`` (``target.require_owner``); a bad
            scope identifier.
    """
    if sources:
        raise InvalidInput("sources=True applies to one fact (fact_id): the messages that stated it", field="sources")
    if all_users and user_id is not None:
        raise InvalidInput("give user_id or all_users=True, not both: they contradict each other")
    user = user_id if user_id is not None or all_users else default.user_id
    agent = agent_id if agent_id is not None or all_users else default.agent_id
    require_owner(operation, owner=user, all_users=all_users, user="user_id=...", every="all_users=True",
                  session_id=session_id, agent_id=agent, before=before, filter=filter)
    sc = Scope(org_id or default.org_id, project_id or default.project_id, user, agent, session_id)
    check_scope(sc, needs_owner=not all_users)
    return sc


def check_filter(store: Store, where: Expr, filter_text: Any, kind: str, *, operation: str = "forget") -> None:
    """Refuse a forget by filter (or its preview, ``operation`` ``forget_preview``) that cannot run.

    Raises:
        InvalidInput: a store without forget jobs; a ``kind`` other than fact/episode.
        InvalidFilter: the filter names a field ``kind`` does not have.
    """
    if not store.capabilities.forget_jobs:
        raise InvalidInput(f"{operation}(filter=...) is not supported on {store.location}: it needs the "
                           "SQLite or PostgreSQL store")
    if kind not in ("fact", "episode"):
        raise InvalidInput(f"kind must be 'fact' or 'episode' (what the filter selects), got {kind!r}")
    require_fields_of(where, kind, filter_text if isinstance(filter_text, str) else unparse(where))


def forget_scope(store: Store, sc: Scope, *, where: Expr | None, filter_text: Any, kind: str,
                 before: datetime | None, background: bool | None, background_over: int,
                 forgetter: BackgroundForgetter, actor: str) -> ForgetReceipt:
    """Forget what ``sc`` holds: what ``where`` selects (of ``kind``), the episodes said ``before``
    a time, or everything; as a durable job, in the background when asked or when the scope holds
    more than ``background_over`` episodes (``Settings.forget_background_over``).

    Raises:
        InvalidInput: a filter on a store without forget jobs, a ``kind`` other than fact/episode.
        InvalidFilter: the filter names a field ``kind`` does not have.
    """
    if where is not None:
        check_filter(store, where, filter_text, kind)
        return forget_matching(cast(LifecycleStore, store), sc, where, kind=kind, actor=actor)
    cutoff = None if before is None else require_aware(before, "before")
    if not store.capabilities.forget_jobs:  # the in-memory reference store: one transaction
        return forget_now(store, sc, actor=actor, before=cutoff)
    lifecycle = cast(LifecycleStore, store)
    job = start_job(lifecycle, sc, actor=actor, before=cutoff)
    store.clear_caches()
    started = forget_receipt(lifecycle, job)
    if background is None:
        background = started.total_episodes > background_over
    if background:
        forgetter.start()
        return started
    return run_to_end(lifecycle, job)
