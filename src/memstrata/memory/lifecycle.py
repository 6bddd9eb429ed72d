"""``Memory``'s lifecycle: deleting one memory (``delete``), forgetting a user, agent, session, filter
or time span (``forget``, ``forget_preview``, ``forget_status``, ``wait_forgotten``), a whole project
(``delete_project``), maintenance, restore and rollback, export and import.

Each method checks its target (explicit and non-empty: ``lifecycle.target``) and the store's
declared abilities, then calls the lifecycle wing, which holds the logic.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Unpack, cast

from memstrata.arguments import check_actor
from memstrata.clock import require_aware, utcnow
from memstrata.errors import InvalidInput
from memstrata.filter import Expr
from memstrata.lifecycle.delete import Reader, check_filter, forget_scope, forget_target
from memstrata.lifecycle.delete import delete as delete_target
from memstrata.lifecycle.export import export_all, export_records
from memstrata.lifecycle.forget import (
    ForgetReceipt,
    run_to_end,
    running_jobs,
    sdk_note,
)
from memstrata.lifecycle.forget import receipt as forget_receipt
from memstrata.lifecycle.import_records import import_records as import_export_records
from memstrata.lifecycle.maintain import MaintenanceReport
from memstrata.lifecycle.maintain import maintain as run_maintenance
from memstrata.lifecycle.nothing_stored import deleted_nothing, nothing_stored_note
from memstrata.lifecycle.preview import ForgetPreview, delete_preview, filter_preview, forget_preview
from memstrata.lifecycle.project import delete_project as delete_whole_project
from memstrata.lifecycle.rollback import restore as restore_fact
from memstrata.lifecycle.rollback import rollback as rollback_event
from memstrata.lifecycle.target import (
    NOT_GIVEN,
    NotGiven,
    or_none,
    refuse_blank,
    refuse_null,
    require_id,
    require_target,
    require_tenant,
)
from memstrata.memory.base import ScopeArgs
from memstrata.memory.recall import RecallMethods
from memstrata.recall.query import parse_filter
from memstrata.store.scope import check_scope
from memstrata.types import Episode, Fact, Scope

if TYPE_CHECKING:
    from memstrata.store.protocol import LifecycleStore


@dataclass(frozen=True)
class _OneRecord:
    """A forget of one fact (``fact_id``) or one message (``episode_id``), read through ``reader``."""

    reader: Reader
    fact_id: int | None
    episode_id: int | None


@dataclass(frozen=True)
class _ScopeTarget:
    """A forget of what ``scope`` holds: what the filter ``where`` (typed as ``filter``) selects,
    the episodes said ``before`` a time, or everything."""

    scope: Scope
    where: Expr | None
    filter: Any
    before: datetime | None


class LifecycleMethods(RecallMethods):
    """Deleting, forgetting, maintaining, restoring, exporting and importing memories."""

    def delete(self, fact_id: int | None = None, *, episode_id: int | None = None, sources: bool = False,
               actor: str = "sdk", **scope: Unpack[ScopeArgs]) -> ForgetReceipt:
        """Delete one fact and its audit trail, or one message (``episode_id``); a content-free
        tombstone event remains, the full-text index is rewritten and the WAL checkpointed.

        A fact is distilled from messages (episodes), which are the source of truth and are never
        rewritten (DESIGN.md section 2), so deleting the fact leaves them stored and found by search:
        "I'm allergic to peanuts" still answers "do I have allergies?". The receipt's
        ``sources_kept`` names them (and ``sources_note`` says how to forget them). With
        ``sources=True`` they are forgotten with it, whole: each message that stated the fact, with
        every fact only those messages support (what ``delete(episode_id=...)`` of each does), so a
        message that also said something else takes that with it; the receipt counts all of it.
        Deleting a current value does not reinstate the one it replaced: the receipt's ``replaced``
        names it and the event whose ``rollback`` does (``lifecycle.rollback.replaced_by``). A
        superseded value's messages that stay keep their ``[outdated]`` mark, and a current
        value's messages that stay are not marked outdated by what remains of them
        (``store.outdated_marks``).

        Args:
            fact_id: the fact to delete; or
            episode_id: the message to forget, with its segments and the facts only it supports.
            sources: with ``fact_id``: also forget the messages that stated the fact. Also after
                the fact alone was forgotten (its tombstone names the messages it kept): then those
                still stored are forgotten now.

        Raises:
            NotFound: no such fact or episode in the scope; or, with ``sources``, a fact forgotten
                already whose messages are gone too, or were not recorded (the message says how to
                find them).
            InvalidInput: neither or both of ``fact_id`` and ``episode_id``; ``sources`` not a bool
                or with ``episode_id``; an episode or ``sources=True`` on a store without forget
                jobs (the in-memory reference store).
        """
        check_actor("delete()", actor)
        return sdk_note(delete_target(self.store, self._reader(**scope), fact_id, episode_id, sources=sources,
                                      actor=actor), fact_id)

    def delete_preview(self, fact_id: int | None = None, *, episode_id: int | None = None, sources: bool = False,
                       **scope: Unpack[ScopeArgs]) -> ForgetPreview:
        """What ``delete`` with the same arguments would delete now, without deleting anything
        (``lifecycle.preview.delete_preview``): ``episode_ids`` (the messages), ``facts`` (the fact
        and, with ``sources=True`` or an ``episode_id``, every other fact only those messages state,
        which goes with them), ``counts`` (episodes, segments, facts, memory_events) and ``sessions``.
        It decides with the code ``delete`` decides with, so after "I'm allergic to peanuts and I
        ship with FedEx", ``delete_preview(allergy.id, sources=True).facts`` lists the FedEx fact
        that the delete takes too.

        Raises:
            NotFound, InvalidInput: as ``delete`` for the same arguments (the messages name
                ``delete_preview()``); ``InvalidInput`` also on a store without forget jobs (the
                in-memory reference store).
        """
        return delete_preview(self.store, self._reader(**scope), fact_id, episode_id, sources=sources)

    def _reader(self, **scope: Unpack[ScopeArgs]) -> Reader:
        """This instance's scoped reads of ``scope``, for the deletes of ``lifecycle.delete``."""
        def fact(fact_id: int) -> Fact:
            return cast(Fact, self.get(fact_id, **scope))

        def episode(episode_id: int) -> Episode:
            return cast(Episode, self.get(episode_id=episode_id, **scope))
        return Reader(fact, episode, self._scope(**scope))

    def forget(self, *, user_id: str | None = None, session_id: str | NotGiven | None = NOT_GIVEN,
               fact_id: int | NotGiven | None = NOT_GIVEN, agent_id: str | NotGiven | None = NOT_GIVEN,
               all_users: bool = False, before: datetime | NotGiven | None = NOT_GIVEN,
               background: bool | None = None, actor: str = "sdk", org_id: str | None = None,
               project_id: str | None = None, filter: str | Expr | NotGiven | None = NOT_GIVEN,
               kind: str = "fact", episode_id: int | NotGiven | None = NOT_GIVEN,
               sources: bool = False) -> ForgetReceipt:
        """Delete everything about a user, agent or session, episodes said ``before`` a time,
        one fact (``fact_id``, with ``sources=True`` the messages that stated it too) or one message
        (``episode_id``), in the tenant; returns the deletion receipt (``delete`` for the last two).

        The instance's default user and agent apply unless ``all_users=True``, so
        ``Memory(user_id="alice").forget(session_id="s1")`` deletes alice's ``s1`` only;
        ``all_users=True`` alone forgets the whole project, and any ``all_users=True`` needs the
        tenant named in the call (``org_id`` and ``project_id``: the instance's are defaults,
        never the target of a sweep over every user). The scope is hidden from every
        read the moment the call starts (a durable ``forget_jobs`` row); then rows go in
        chunks, the full-text index is rewritten and the WAL checkpointed, with SQLite's
        ``secure_delete`` on, so the forgotten text leaves the file too (PostgreSQL:
        ``VACUUM FULL``, WAL switch and ``CHECKPOINT``; what that leaves: ``store.postgres.scrub``).

        ``session_id``, ``agent_id``, ``before``, ``filter``, ``fact_id`` and ``episode_id`` narrow
        the forget and are left out by default; one given as ``None`` is refused
        (``forget(user_id="alice", fact_id=None)`` forgot the whole of alice when a lookup found no
        fact: ``lifecycle.target.refuse_null``).

        Args:
            before: forget the scope's episodes said before this time (timezone-aware), and
                the facts no remaining episode cites.
            background: finish in a background thread and return at once (status
                ``running``); default: only when the scope holds more than
                ``Settings.forget_background_over`` episodes. An interrupted job resumes
                when the file is next opened, or by ``maintain``.
            filter: forget only what this filter selects in the scope, of ``kind`` (``fact``,
                the default, or ``episode``): exactly what ``list(kind=kind, filter=filter,
                status="all")`` shows, which previews it (``lifecycle.forget_filter``; episodes
                take the facts only they support). Not with ``before`` or ``fact_id``.
            episode_id: forget this one message, with the facts only it supports (``delete``).
            sources: with ``fact_id``: forget the messages that stated the fact too (``delete``);
                without it the receipt's ``sources_kept`` names those still stored.

        Returns:
            A ``ForgetReceipt``: counts per table (``receipt["episodes"]``), time, SHA-256 of
            the deleted ids. The audit log keeps a tombstone with these, never content.

        Raises:
            InvalidInput: no target (the instance's default user alone is not one: name it with
                ``user_id``), a narrowing target given as ``None``, a session, agent, time or
                filter of every user without ``all_users=True`` (``lifecycle.target.require_owner``), or both
                ``user_id`` and ``all_users=True``; ``all_users=True`` without ``org_id`` and
                ``project_id`` in the call; a blank ``org_id`` or ``project_id``; ``all_users`` not a
                bool; ``filter`` with ``before`` or ``fact_id``, a ``kind`` other than fact/episode,
                or on a store without forget jobs; a ``fact_id`` or ``episode_id`` that is no
                whole-number id from 1 up (the message names forget() and the argument).
            NotFound: no such fact or episode in the scope.
            InvalidFilter: the filter does not parse (with its position); nothing is deleted.
        """
        check_actor("forget()", actor)  # before anything is hidden: actor=["a"] failed in SQLite mid-forget
        target = self._forget_target("forget()", user_id=user_id, session_id=session_id, fact_id=fact_id,
                                     agent_id=agent_id, all_users=all_users, before=before, org_id=org_id,
                                     project_id=project_id, filter=filter, episode_id=episode_id, sources=sources)
        if isinstance(target, _OneRecord):
            return sdk_note(delete_target(self.store, target.reader, target.fact_id, target.episode_id,
                                          sources=sources, actor=actor, operation="forget()"), target.fact_id)
        receipt = forget_scope(self.store, target.scope, where=target.where, filter_text=target.filter, kind=kind,
                               before=target.before, background=background,
                               background_over=self.settings.forget_background_over, forgetter=self._forgetter,
                               actor=actor)
        return sdk_note(receipt, None, self._nothing_stored(target, receipt, all_users))

    def _nothing_stored(self, target: _ScopeTarget, receipt: ForgetReceipt, all_users: bool) -> str:
        """The note of a forget of a user (or of one of its sessions or agents) that deleted nothing
        because nothing is stored there (a mistyped ``user_id``), as REST and the CLI give it; ""
        otherwise (``lifecycle.nothing_stored``)."""
        sc = target.scope
        if sc.user_id is None or all_users or not deleted_nothing(receipt, target.before, target.filter):
            return ""
        return nothing_stored_note(self, sc.user_id, org_id=sc.org_id, project_id=sc.project_id, spelled="{}_id",
                                   lists="memory.users() lists the users with memories",
                                   session=sc.session_id, agent=sc.agent_id)

    def _forget_target(self, operation: str, *, user_id: str | None, session_id: str | NotGiven | None,
                       fact_id: int | NotGiven | None, agent_id: str | NotGiven | None, all_users: bool,
                       before: datetime | NotGiven | None, org_id: str | None, project_id: str | None,
                       filter: str | Expr | NotGiven | None, episode_id: int | NotGiven | None,
                       sources: bool) -> _OneRecord | _ScopeTarget:
        """Check ``forget``'s target and say what it names (``forget`` lists every error), for
        ``forget`` to delete and ``forget_preview`` to show; ``operation`` names the call."""
        if not isinstance(all_users, bool):  # all_users="no" (a config string) swept every user of the project
            raise InvalidInput(f"{operation}: all_users must be True or False, got {all_users!r}; nothing was deleted",
                               field="all_users")
        narrowing = {"session_id": session_id, "agent_id": agent_id, "before": before, "filter": filter,
                     "fact_id": fact_id, "episode_id": episode_id}
        refuse_null(operation, *(name for name, value in narrowing.items() if value is None))
        session, agent, cutoff = or_none(session_id), or_none(agent_id), or_none(before)
        text, fact, episode = or_none(filter), or_none(fact_id), or_none(episode_id)
        shown = f"user_id={self.scope.user_id!r}" if self.scope.user_id is not None else "user_id=..."
        # The instance's default user is not a target by itself: a bare forget() erased the whole user.
        require_target(operation, hint=f"{shown} for everything about the user, or session_id, agent_id, before, "
                       "filter, fact_id, episode_id or all_users=True", user_id=user_id, agent_id=agent,
                       session_id=session, before=cutoff, filter=text, fact_id=fact, episode_id=episode,
                       all_users=all_users)
        refuse_blank(operation, org_id=org_id, project_id=project_id)
        if all_users and user_id is None:  # every user of a tenant: the call names the tenant, as delete_project does
            require_tenant(f"{operation.removesuffix('()')}(all_users=True)", what="every user of the project",
                           hint=f"{operation.removesuffix('()')}(all_users=True, org_id=..., project_id=...)",
                           org_id=org_id, project_id=project_id)
        where = parse_filter(text)
        if where is not None and (cutoff is not None or fact is not None):
            raise InvalidInput("give filter or before/fact_id, not both: a filter can say created_at < \"...\" "
                               "itself, and one fact is forgotten by its fact_id alone")
        if fact is not None or episode is not None:
            if where is not None or cutoff is not None:
                raise InvalidInput("give fact_id or episode_id alone: a filter or before selects its own records")
            return _OneRecord(self._reader(org_id=org_id, project_id=project_id, user_id=user_id), fact, episode)
        sc = forget_target(self.scope, user_id=user_id, agent_id=agent, session_id=session, before=cutoff,
                           all_users=all_users, sources=sources, org_id=org_id, project_id=project_id,
                           filter=text, operation=operation)
        return _ScopeTarget(sc, where, text, cutoff)

    def delete_project(self, project_id: str, *, org_id: str | None = None, actor: str = "sdk") -> ForgetReceipt:
        """Delete a whole project: every row of it in every table and index, its idempotency keys,
        and its REST API keys revoked (``lifecycle.project``); the text leaves the files as for a user
        forget. Returns the receipt (counts per table, ``ids_sha256`` with a nonce). A message
        written while it runs is either deleted whole or survives whole.

        Args:
            project_id: the project, named here: the instance's or configured project is never
                taken as the target (``lifecycle.target``).
            org_id: its org, named here too: the instance's org is never taken as the target.

        Raises:
            InvalidInput: ``project_id`` or ``org_id`` missing, empty or whitespace; a bad org; a store without
                forget jobs (the in-memory reference store). Nothing is deleted then.
        """
        require_target("delete_project()", project_id=project_id)
        check_actor("delete_project()", actor)
        require_tenant("delete_project()", what="the whole project", hint="delete_project(project_id, org_id=...)",
                       org_id=org_id)
        tenant = Scope(self.scope.org_id if org_id is None else org_id, project_id)
        check_scope(tenant, needs_owner=False)
        if not self.store.capabilities.forget_jobs:
            raise InvalidInput(f"deleting a project is not supported on {self.store.location}: it needs the SQLite "
                               "or PostgreSQL store")
        return delete_whole_project(self.store, tenant, actor=actor)  # type: ignore[arg-type]

    def forget_preview(self, *, user_id: str | None = None, session_id: str | NotGiven | None = NOT_GIVEN,
                       fact_id: int | NotGiven | None = NOT_GIVEN, agent_id: str | NotGiven | None = NOT_GIVEN,
                       all_users: bool = False, before: datetime | NotGiven | None = NOT_GIVEN,
                       org_id: str | None = None, project_id: str | None = None,
                       filter: str | Expr | NotGiven | None = NOT_GIVEN, kind: str = "fact",
                       episode_id: int | NotGiven | None = NOT_GIVEN, sources: bool = False) -> ForgetPreview:
        """What ``forget`` with the same arguments would delete now, without deleting anything: every
        target ``forget`` takes (a user, agent or session, ``before``, ``filter`` with ``kind``,
        ``fact_id`` with or without ``sources``, ``episode_id``, ``all_users``), read by the code the
        forget decides with (``lifecycle.preview``): ``counts`` per table (episodes, segments,
        facts, memory_events: what the receipt then counts unless something is written in between),
        the ``facts`` themselves (any status), the ``sessions`` touched and, when the forget names its
        messages (one fact's, one message, a filter's), their ``episode_ids``. The target is checked
        as ``forget`` checks it, so the instance's default user alone is not one, and
        ``forget_preview(fact_id=12)`` previews ``forget(fact_id=12)`` (``delete_preview(12)`` too).

        Raises:
            InvalidInput, NotFound, InvalidFilter: what ``forget`` with the same arguments raises (the
                message names ``forget_preview()``); ``InvalidInput`` also for a fact, message or filter
                on a store without forget jobs.
            StoreError: a user, agent, session or ``before`` on a store without forget jobs (the
                in-memory reference store).
        """
        target = self._forget_target("forget_preview()", user_id=user_id, session_id=session_id, fact_id=fact_id,
                                     agent_id=agent_id, all_users=all_users, before=before, org_id=org_id,
                                     project_id=project_id, filter=filter, episode_id=episode_id, sources=sources)
        if isinstance(target, _OneRecord):
            return delete_preview(self.store, target.reader, target.fact_id, target.episode_id, sources=sources,
                                  operation="forget_preview()")
        store = cast("LifecycleStore", self.store)
        if target.where is not None:
            check_filter(self.store, target.where, target.filter, kind, operation="forget_preview")
            return filter_preview(store, target.scope, target.where, kind=kind)
        self._require(self.store.capabilities.forget_jobs, "forget_preview")
        cutoff = None if target.before is None else require_aware(target.before, "before")
        return forget_preview(store, target.scope, before=cutoff)

    def forget_status(self, job_id: int | None = None) -> builtins.list[ForgetReceipt]:
        """Receipts of forget jobs (one, or every unfinished one): status, counts so far, progress."""
        if not self.store.capabilities.forget_jobs:
            return []
        ids = [job_id] if job_id is not None else running_jobs(self.store)  # type: ignore[arg-type]
        return [forget_receipt(self.store, int(i)) for i in ids]  # type: ignore[arg-type]

    def wait_forgotten(self, timeout: float | None = None, *, finish: bool = True) -> bool:
        """Wait up to ``timeout`` seconds for the background forget thread; with ``finish``, then
        run whatever is left in this thread. Returns whether no forget job is left unfinished."""
        if not self.store.capabilities.forget_jobs:
            return True
        if not self._forgetter.join(timeout) and not finish:
            return False
        if finish:
            for job in running_jobs(self.store):  # type: ignore[arg-type]
                run_to_end(self.store, job)  # type: ignore[arg-type]
        return not running_jobs(self.store)  # type: ignore[arg-type]

    def maintain(self, *, now: datetime | None = None,
                 on_step: Callable[[str], None] | None = None) -> MaintenanceReport:
        """Finish interrupted forgets, delete expired memories, archive idle facts (not recalled
        for ``Settings.archive_after_days`` and importance below ``archive_below_importance``),
        merge near-duplicate facts (cosine ≥ ``Settings.merge_similarity``), boost often-recalled
        facts, ANALYZE/VACUUM when worthwhile. Idempotent; every step is its own short
        transaction, so it is safe while other processes read and write."""
        when = utcnow() if now is None else require_aware(now, "now")
        self._require(self.store.capabilities.maintenance, "maintenance")
        return run_maintenance(self.store, self.settings, now=when, on_step=on_step)  # type: ignore[arg-type]

    def restore(self, fact_id: int, *, actor: str = "sdk", **scope: Unpack[ScopeArgs]) -> Fact:
        """Bring an archived fact back to active (logged). Raises ``NotFound``; ``InvalidInput`` for a
        ``fact_id`` that is missing, blank or no whole number (``lifecycle.target.require_id``)."""
        sc = self._scope(**scope)
        check_actor("restore()", actor)
        self._require(self.store.capabilities.maintenance, "restore")
        restore_fact(cast("LifecycleStore", self.store), sc, require_id("restore", "fact_id", fact_id), actor=actor,
                     now=utcnow())
        fact = self.get(fact_id, **scope)
        assert isinstance(fact, Fact)
        return fact

    def rollback(self, event_id: int, *, actor: str = "sdk", **scope: Unpack[ScopeArgs]) -> builtins.list[Fact]:
        """Restore the state before a ``supersede``, ``merge`` or ``archive`` event (see
        ``history``); the rollback is itself logged. Returns the facts it changed.

        Raises:
            NotFound: no such event in the scope. InvalidInput: not undoable, or already undone; an
                ``event_id`` that is missing, blank or no whole number (``lifecycle.target.require_id``).
        """
        sc = self._scope(**scope)
        check_actor("rollback()", actor)
        self._require(self.store.capabilities.maintenance, "rollback")
        event = require_id("rollback", "event_id", event_id)
        changed = rollback_event(cast("LifecycleStore", self.store), sc, event, actor=actor, now=utcnow())
        facts = self.store.get_facts(Scope(sc.org_id, sc.project_id), changed)
        return [facts[i] for i in changed if i in facts]

    def import_records(self, records: Iterable[dict[str, Any]], *,
                       lines: Sequence[int] | None = None) -> dict[str, Any]:
        """Load ``export`` records back with their ids, timestamps and statuses, and their audit
        trail (idempotent: rows already there are skipped). Returns counts newly inserted, and
        ``"skipped"``: the records of what was forgotten here (or in the records' own ``forgotten``
        records), never brought back, each ``{"type", "id", "reason"}`` (``lifecycle.import_records``).
        ``lines``: the file line of each record, so an error names it (``line 7``) rather than
        the record's position (``record 7``).

        Raises:
            InvalidInput: ``records`` a text or a single record, a malformed record, an id that holds another
                memory here, or a fact citing an episode of another user, agent or tenant
                (``lifecycle.import_records``); nothing is imported then.
        """
        self._require(self.store.capabilities.maintenance, "importing export files")
        if isinstance(records, (str, bytes, dict)):  # iterating a text or one record reads its characters or keys
            raise InvalidInput(f"records must be a list (or any iterable) of export records, got one "
                               f"{type(records).__name__}", field="records")
        return import_export_records(self.store, records, embedder=self.embedder,  # type: ignore[arg-type]
                                     cipher=self.store.cipher, lines=lines)

    def export(self, **scope: Unpack[ScopeArgs]) -> Iterator[dict[str, Any]]:
        """JSON-serialisable records of the scope: episodes, then facts (every status), then events."""
        sc = self._scope(**scope)
        return export_records(self.store, sc)

    def export_all(self) -> Iterator[dict[str, Any]]:
        """The records of the whole database: every tenant, user and agent, as ``export`` gives
        them per scope (ignores this ``Memory``'s default scope). ``import_records`` of them into
        an empty database restores it exactly (how a SQLite file moves to PostgreSQL).

        Raises:
            StoreError: the store has no maintenance capability (a custom ``store=``).
        """
        self._require(self.store.capabilities.maintenance, "exporting a whole database")
        return export_all(cast("LifecycleStore", self.store))
