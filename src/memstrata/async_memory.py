"""``AsyncMemory``: the same engine for asyncio code, one ``Memory`` run on worker threads.

Every method awaits the ``Memory`` method of the same name and arguments through
``asyncio.to_thread``, one call at a time (a lock: the engine's caches and its SQLite
connection are shared state), so the event loop never blocks on embedding or disk.
There is no second implementation to drift: ``tests/unit/test_async_memory.py`` checks
that every public ``Memory`` method has an async twin with the same signature.
"""

from __future__ import annotations

import asyncio
import builtins
import threading
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, Unpack

from memstrata.filter import Expr
from memstrata.lifecycle.forget import ForgetReceipt
from memstrata.lifecycle.keys import ApiKeyAdmin
from memstrata.lifecycle.maintain import MaintenanceReport
from memstrata.lifecycle.preview import ForgetPreview, OwnerCount
from memstrata.lifecycle.target import NOT_GIVEN, NotGiven
from memstrata.memory import Memory, ScopeArgs
from memstrata.paging import Page
from memstrata.types import ApiKey, Episode, Fact, Hit, MemoryEvent
from memstrata.write.batch import BATCH_SIZE, message_list
from memstrata.write.ingest import AddResult, Message

if TYPE_CHECKING:  # typing only: importing the semantic layer's agents is not needed to run
    from memstrata.semantic.agents import AgentResult
    from memstrata.semantic.stm import ShortTermMemory

T = TypeVar("T")
Runner = Callable[..., Any]


class AsyncApiKeyAdmin:
    """``Memory.keys`` for asyncio code (``AsyncMemory.keys``): the same ``create``, ``list`` and
    ``revoke``, each awaited on the ``AsyncMemory``'s worker thread under its lock (the key
    table is in the same database file as the memories)."""

    def __init__(self, keys: ApiKeyAdmin, run: Runner) -> None:
        self._keys, self._run = keys, run

    async def create(self, *, org_id: str, project_id: str, user_id: str | None = None,
                     name: str = "") -> tuple[ApiKey, str]:
        """``Memory.keys.create``: the key's public record and its secret, shown this once."""
        result: tuple[ApiKey, str] = await self._run(self._keys.create, org_id=org_id, project_id=project_id,
                                                     user_id=user_id, name=name)
        return result

    async def list(self) -> builtins.list[ApiKey]:
        """``Memory.keys.list``: every key, revoked ones included, oldest first."""
        result: builtins.list[ApiKey] = await self._run(self._keys.list)
        return result

    async def revoke(self, key_id: str) -> ApiKey:
        """``Memory.keys.revoke``: a blank ``key_id`` is ``InvalidInput`` and revokes nothing."""
        result: ApiKey = await self._run(self._keys.revoke, key_id)
        return result


class AsyncMemory:
    """Async facade over ``Memory``; same arguments, same errors, same results.

    Args:
        path, **kwargs: as ``Memory`` (the database is opened on a worker thread).
        memory: wrap an already open ``Memory`` instead (``path``/``kwargs`` must be empty).

    Constructing opens the file synchronously, like ``Memory``; ``await aclose()`` (or
    ``async with``) closes it.
    """

    def __init__(self, path: str | Path | None = None, *, memory: Memory | None = None, **kwargs: Any) -> None:
        if memory is not None and (path is not None or kwargs):
            raise TypeError("give either an open Memory or the arguments to open one, not both")
        self.memory = memory if memory is not None else Memory(path, **kwargs)
        self._lock = threading.Lock()

    async def _run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        def call() -> T:
            with self._lock:
                return fn(*args, **kwargs)
        return await asyncio.to_thread(call)

    @property
    def keys(self) -> AsyncApiKeyAdmin:
        """The REST server's API keys kept in this database (``Memory.keys``), awaited; on a store
        that keeps none each call raises ``StoreError``."""
        return AsyncApiKeyAdmin(self.memory.keys, self._run)

    async def aclose(self) -> None:
        """Close the database."""
        await self._run(self.memory.close)

    async def close(self) -> None:
        """Close the database (same as ``aclose``)."""
        await self.aclose()

    async def __aenter__(self) -> AsyncMemory:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def add(self, content: str, *, role: str = "user", speaker: str | None = None,
                  created_at: datetime | None = None, metadata: dict[str, Any] | None = None,
                  produced_for: str | None = None, content_type: str = "message", wait: bool = False,
                  ttl: float | None = None, idempotency_key: str | None = None, skip_forgotten: bool = True,
                  **scope: Unpack[ScopeArgs]) -> AddResult:
        """``Memory.add`` (a message its owner forgot here is left out unless ``skip_forgotten=False``)."""
        return await self._run(self.memory.add, content, role=role, speaker=speaker, created_at=created_at,
                               metadata=metadata, produced_for=produced_for, content_type=content_type,
                               wait=wait, ttl=ttl, idempotency_key=idempotency_key,
                               skip_forgotten=skip_forgotten, **scope)

    def message(self, content: str, *, role: str = "user", speaker: str | None = None,
                created_at: datetime | None = None, metadata: dict[str, Any] | None = None,
                produced_for: str | None = None, content_type: str = "message", ttl: float | None = None,
                **scope: Unpack[ScopeArgs]) -> Message:
        """``Memory.message`` (synchronous: it only validates, no I/O)."""
        return self.memory.message(content, role=role, speaker=speaker, created_at=created_at,
                                   metadata=metadata, produced_for=produced_for, content_type=content_type,
                                   ttl=ttl, **scope)

    async def add_many(self, messages: Iterable[Message], *, batch_size: int = BATCH_SIZE,
                       on_batch: Callable[[int], None] | None = None, wait: bool = False,
                       idempotency_key: str | None = None,
                       skip_forgotten: bool = True) -> builtins.list[AddResult]:
        """``Memory.add_many`` (``on_batch`` runs on the worker thread)."""
        return await self._run(self.memory.add_many, message_list(messages), batch_size=batch_size, on_batch=on_batch,
                               wait=wait, idempotency_key=idempotency_key, skip_forgotten=skip_forgotten)

    async def search(self, query: str, *, limit: int = 10, kinds: Sequence[str] = ("fact", "episode"),
                     expand_context: int = 0, include_superseded: bool = False, min_score: float = 0.0,
                     now: datetime | None = None, filter: str | Expr | None = None,
                     include_archived: bool = False, as_of: datetime | None = None, mode: str = "long_term",
                     min_match: float = 0.0, status: str | Sequence[str] | None = None,
                     **scope: Unpack[ScopeArgs]) -> builtins.list[Hit]:
        """``Memory.search``."""
        return await self._run(self.memory.search, query, limit=limit, kinds=kinds, expand_context=expand_context,
                               include_superseded=include_superseded, min_score=min_score, now=now, filter=filter,
                               include_archived=include_archived, as_of=as_of, mode=mode, min_match=min_match,
                               status=status, **scope)

    async def agent_search(self, query: str, *, agent_mode: str = "router", limit: int = 10,
                           kinds: Sequence[str] = ("fact", "episode"), mode: str = "long_term",
                           **scope: Unpack[ScopeArgs]) -> AgentResult:
        """``Memory.agent_search``."""
        return await self._run(self.memory.agent_search, query, agent_mode=agent_mode, limit=limit, kinds=kinds,
                               mode=mode, **scope)

    async def context(self, query: str, *, budget_tokens: int = 500, limit: int = 20,
                      kinds: Sequence[str] = ("fact", "episode"), min_score: float = 0.0,
                      filter: str | Expr | None = None, as_of: datetime | None = None, mode: str = "long_term",
                      profile: bool = True, min_match: float = 0.0, project_folder: str | None = None,
                      **scope: Unpack[ScopeArgs]) -> str:
        """``Memory.context``."""
        return await self._run(self.memory.context, query, budget_tokens=budget_tokens, limit=limit, kinds=kinds,
                               min_score=min_score, filter=filter, as_of=as_of, mode=mode, profile=profile,
                               min_match=min_match, project_folder=project_folder, **scope)

    async def get(self, fact_id: int | None = None, *, episode_id: int | None = None, kind: str | None = None,
                  **scope: Unpack[ScopeArgs]) -> Fact | Episode:
        """``Memory.get``."""
        return await self._run(self.memory.get, fact_id, episode_id=episode_id, kind=kind, **scope)

    async def list(self, *, kind: str = "fact", status: str | Sequence[str] = "active", key: str | None = None,
                   limit: int = 100, offset: int = 0, filter: str | Expr | None = None,
                   **scope: Unpack[ScopeArgs]) -> builtins.list[Fact] | builtins.list[Episode]:
        """``Memory.list``."""
        return await self._run(self.memory.list, kind=kind, status=status, key=key, limit=limit, offset=offset,
                               filter=filter, **scope)

    async def page(self, *, kind: str = "fact", status: str | Sequence[str] = "active", key: str | None = None,
                   limit: int = 100, cursor: str | None = None, filter: str | Expr | None = None,
                   **scope: Unpack[ScopeArgs]) -> Page[Fact] | Page[Episode]:
        """``Memory.page``."""
        return await self._run(self.memory.page, kind=kind, status=status, key=key, limit=limit, cursor=cursor,
                               filter=filter, **scope)

    async def history(self, fact_id: int | None = None, *, key: str | None = None, subject: str | None = None,
                      **scope: Unpack[ScopeArgs]) -> builtins.list[tuple[Fact, builtins.list[MemoryEvent]]]:
        """``Memory.history``."""
        return await self._run(self.memory.history, fact_id, key=key, subject=subject, **scope)

    async def said_offsets(self, facts: Iterable[Fact]) -> dict[int, int | None]:
        """``Memory.said_offsets``."""
        return await self._run(self.memory.said_offsets, builtins.list(facts))

    async def check_update(self, fact_id: int, *, value: str, **scope: Unpack[ScopeArgs]) -> None:
        """``Memory.check_update``."""
        return await self._run(self.memory.check_update, fact_id, value=value, **scope)

    async def update(self, fact_id: int, *, value: str | None = None, importance: float | None = None,
                     confidence: float | None = None, actor: str = "sdk", **scope: Unpack[ScopeArgs]) -> Fact:
        """``Memory.update``."""
        return await self._run(self.memory.update, fact_id, value=value, importance=importance,
                               confidence=confidence, actor=actor, **scope)

    async def delete(self, fact_id: int | None = None, *, episode_id: int | None = None, sources: bool = False,
                     actor: str = "sdk", **scope: Unpack[ScopeArgs]) -> ForgetReceipt:
        """``Memory.delete``."""
        return await self._run(self.memory.delete, fact_id, episode_id=episode_id, sources=sources, actor=actor,
                               **scope)

    async def forget(self, *, user_id: str | None = None, session_id: str | NotGiven | None = NOT_GIVEN,
                     fact_id: int | NotGiven | None = NOT_GIVEN, agent_id: str | NotGiven | None = NOT_GIVEN,
                     all_users: bool = False, before: datetime | NotGiven | None = NOT_GIVEN,
                     background: bool | None = None, actor: str = "sdk", org_id: str | None = None,
                     project_id: str | None = None, filter: str | Expr | NotGiven | None = NOT_GIVEN,
                     kind: str = "fact", episode_id: int | NotGiven | None = NOT_GIVEN,
                     sources: bool = False) -> ForgetReceipt:
        """``Memory.forget`` (a narrowing target given as ``None`` is refused the same way)."""
        return await self._run(self.memory.forget, user_id=user_id, session_id=session_id, fact_id=fact_id,
                               agent_id=agent_id, all_users=all_users, before=before, background=background,
                               actor=actor, org_id=org_id, project_id=project_id, filter=filter, kind=kind,
                               episode_id=episode_id, sources=sources)

    async def delete_project(self, project_id: str, *, org_id: str | None = None, actor: str = "sdk") -> ForgetReceipt:
        """``Memory.delete_project``."""
        return await self._run(self.memory.delete_project, project_id, org_id=org_id, actor=actor)

    async def forget_preview(self, *, user_id: str | None = None, session_id: str | NotGiven | None = NOT_GIVEN,
                             fact_id: int | NotGiven | None = NOT_GIVEN, agent_id: str | NotGiven | None = NOT_GIVEN,
                             all_users: bool = False, before: datetime | NotGiven | None = NOT_GIVEN,
                             org_id: str | None = None, project_id: str | None = None,
                             filter: str | Expr | NotGiven | None = NOT_GIVEN, kind: str = "fact",
                             episode_id: int | NotGiven | None = NOT_GIVEN, sources: bool = False) -> ForgetPreview:
        """``Memory.forget_preview``: what ``forget`` with the same arguments would delete."""
        return await self._run(self.memory.forget_preview, user_id=user_id, session_id=session_id, fact_id=fact_id,
                               agent_id=agent_id, all_users=all_users, before=before, org_id=org_id,
                               project_id=project_id, filter=filter, kind=kind, episode_id=episode_id,
                               sources=sources)

    async def delete_preview(self, fact_id: int | None = None, *, episode_id: int | None = None,
                             sources: bool = False, **scope: Unpack[ScopeArgs]) -> ForgetPreview:
        """``Memory.delete_preview``."""
        return await self._run(self.memory.delete_preview, fact_id, episode_id=episode_id, sources=sources, **scope)

    async def users(self, *, org_id: str | None = None, project_id: str | None = None) -> builtins.list[OwnerCount]:
        """``Memory.users``."""
        return await self._run(self.memory.users, org_id=org_id, project_id=project_id)

    async def counts(self, **scope: Unpack[ScopeArgs]) -> dict[str, int]:
        """``Memory.counts``."""
        return await self._run(self.memory.counts, **scope)

    async def forget_status(self, job_id: int | None = None) -> builtins.list[ForgetReceipt]:
        """``Memory.forget_status``."""
        return await self._run(self.memory.forget_status, job_id)

    async def wait_forgotten(self, timeout: float | None = None, *, finish: bool = True) -> bool:
        """``Memory.wait_forgotten``."""
        return await self._run(self.memory.wait_forgotten, timeout, finish=finish)

    async def export(self, **scope: Unpack[ScopeArgs]) -> builtins.list[dict[str, Any]]:
        """``Memory.export``, collected into a list (the records are read on the worker thread)."""
        return await self._run(lambda: builtins.list(self.memory.export(**scope)))

    async def export_all(self) -> builtins.list[dict[str, Any]]:
        """``Memory.export_all``, collected into a list (the records are read on the worker thread)."""
        return await self._run(lambda: builtins.list(self.memory.export_all()))

    async def doctor(self) -> dict[str, Any]:
        """``Memory.doctor``."""
        return await self._run(self.memory.doctor)

    async def short_term(self, **scope: Unpack[ScopeArgs]) -> ShortTermMemory:
        """``Memory.short_term``."""
        return await self._run(self.memory.short_term, **scope)

    async def maintain(self, *, now: datetime | None = None,
                       on_step: Callable[[str], None] | None = None) -> MaintenanceReport:
        """``Memory.maintain`` (``on_step`` runs on the worker thread)."""
        return await self._run(self.memory.maintain, now=now, on_step=on_step)

    async def restore(self, fact_id: int, *, actor: str = "sdk", **scope: Unpack[ScopeArgs]) -> Fact:
        """``Memory.restore``."""
        return await self._run(self.memory.restore, fact_id, actor=actor, **scope)

    async def rollback(self, event_id: int, *, actor: str = "sdk",
                       **scope: Unpack[ScopeArgs]) -> builtins.list[Fact]:
        """``Memory.rollback``."""
        return await self._run(self.memory.rollback, event_id, actor=actor, **scope)

    async def import_records(self, records: Iterable[dict[str, Any]], *,
                             lines: Sequence[int] | None = None) -> dict[str, Any]:
        """``Memory.import_records``."""
        return await self._run(self.memory.import_records, builtins.list(records), lines=lines)

    async def forgotten_among(self, ids: Sequence[int], *, table: str = "episodes") -> dict[int, dict[str, Any]]:
        """See ``Memory.forgotten_among``."""
        return await self._run(self.memory.forgotten_among, ids, table=table)

    async def forgotten_messages(self, messages: Sequence[Message]) -> builtins.list[bool]:
        """See ``Memory.forgotten_messages``."""
        return await self._run(self.memory.forgotten_messages, builtins.list(messages))

    async def stored_otherwise(self, messages: Sequence[Message]) -> builtins.list[bool]:
        """See ``Memory.stored_otherwise``."""
        return await self._run(self.memory.stored_otherwise, builtins.list(messages))

    async def keep_suppressed(self, digests: Sequence[str], **scope: Any) -> int:
        """See ``Memory.keep_suppressed``."""
        return await self._run(self.memory.keep_suppressed, builtins.list(digests), **scope)

    async def flush(self, **scope: Unpack[ScopeArgs]) -> int:
        """``Memory.flush``."""
        return await self._run(self.memory.flush, **scope)

    async def end_session(self, **scope: Unpack[ScopeArgs]) -> int:
        """``Memory.end_session``."""
        return await self._run(self.memory.end_session, **scope)

    async def queue_status(self, *, all_users: bool = False, **scope: Unpack[ScopeArgs]) -> dict[str, Any]:
        """``Memory.queue_status``."""
        return await self._run(self.memory.queue_status, all_users=all_users, **scope)

    async def start_worker(self, *, poll_s: float = 1.0, lock: Any = None) -> None:
        """``Memory.start_worker`` (the worker is a thread of this process either way)."""
        await self._run(self.memory.start_worker, poll_s=poll_s, lock=lock)

    async def consolidate(self, category: str = "profile", **scope: Unpack[ScopeArgs]) -> str:
        """``Memory.consolidate``."""
        return await self._run(self.memory.consolidate, category, **scope)

    async def undo(self, run: str, *, actor: str = "sdk", **scope: Unpack[ScopeArgs]) -> dict[str, int]:
        """``Memory.undo``."""
        return await self._run(self.memory.undo, run, actor=actor, **scope)
