"""The SDK facade: ``Memory`` orchestrates store, embedder, extractor and retriever.

Every method takes the scope fields as keyword arguments (``user_id=...``); what is
not given falls back to the scope the ``Memory`` was opened with. Business logic
lives in the wings: ``write`` (ingest, idempotency, hand updates), ``facts`` (the fact engine, a
fact's history), ``recall`` (search and its arguments, ``recall.query``), ``context`` (the
block), ``lifecycle`` (forget, delete, maintenance, export and import, vectors stored without a
model); this module checks the scope, keeps the embedding model's health and wires.
"""

from __future__ import annotations

import builtins
import logging
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict, Unpack, cast

from memstrata.arguments import MAX_LIMIT as MAX_LIMIT  # the SDK's bounds, named where callers look
from memstrata.arguments import check_kinds, check_limit, check_offset
from memstrata.clock import require_aware, utcnow
from memstrata.config import Settings, is_postgres_url, looks_like_url, ready_folder
from memstrata.context.block import PROFILE_FACTS, profile_filter, profile_hits
from memstrata.context.block import build as build_context
from memstrata.context.block import check_arguments as check_block_arguments
from memstrata.context.render import in_users_script
from memstrata.embed.base import (
    DEFAULT_COSINE_SCALE,
    Embedder,
    EmbeddingCache,
    carried_cosine,
    cosine_scale,
)
from memstrata.embed.health import ModelHealth, load_named
from memstrata.embed.threads import limit_native_threads
from memstrata.errors import EmbeddingError, InvalidInput, StoreError, install_hint
from memstrata.extract.base import Extractor
from memstrata.extract.rules import RuleExtractor
from memstrata.facts.history import fact_history
from memstrata.filter import Expr
from memstrata.lifecycle.delete import Reader, forget_scope, forget_target
from memstrata.lifecycle.delete import delete as delete_target
from memstrata.lifecycle.doctor import report as doctor_report
from memstrata.lifecycle.embed_missing import embed_when_up, model_failed
from memstrata.lifecycle.export import export_all, export_records
from memstrata.lifecycle.forget import (
    BackgroundForgetter,
    ForgetReceipt,
    run_to_end,
    running_jobs,
)
from memstrata.lifecycle.forget import receipt as forget_receipt
from memstrata.lifecycle.import_records import import_records as import_export_records
from memstrata.lifecycle.maintain import MaintenanceReport
from memstrata.lifecycle.maintain import maintain as run_maintenance
from memstrata.lifecycle.opening import prepare as prepare_store
from memstrata.lifecycle.preview import ForgetPreview, OwnerCount, forget_preview, owners
from memstrata.lifecycle.project import delete_project as delete_whole_project
from memstrata.lifecycle.rollback import restore as restore_fact
from memstrata.lifecycle.rollback import rollback as rollback_event
from memstrata.lifecycle.target import require_id, require_target
from memstrata.llm.factory import load_llm
from memstrata.paging import Page
from memstrata.recall.excerpt import clip_hit
from memstrata.recall.lookup import KINDS, list_rows, page_rows, read_one, run_search, which_id
from memstrata.recall.query import MAX_QUERY_CHARS as MAX_QUERY_CHARS
from memstrata.recall.query import build_query, check_request, fact_statuses, parse_filter
from memstrata.recall.search import Query, fact_ids
from memstrata.semantic.categories import DEFAULT_CATEGORIES, load_categories
from memstrata.semantic.queue_status import queue_report
from memstrata.semantic.stm import MODES, ShortTerm, search_modes
from memstrata.store import forgotten
from memstrata.store.backends import open_store
from memstrata.store.keys import stored_keys
from memstrata.store.protocol import KeyStore, Store
from memstrata.store.scope import check_scope
from memstrata.types import Episode, Fact, Hit, MemoryEvent, Scope
from memstrata.write.batch import BATCH_SIZE, Writer, build_message, check_messages, message_list
from memstrata.write.idempotency import KeyTable, check_key
from memstrata.write.ingest import AddResult, Ingestor, Message
from memstrata.write.update import FactUpdate, apply_update

if TYPE_CHECKING:
    from memstrata.semantic.agents import AgentResult
    from memstrata.semantic.service import SemanticService
    from memstrata.semantic.stm import ShortTermMemory
    from memstrata.store.protocol import LifecycleStore
    from memstrata.store.semantic_store import SemanticStore

log = logging.getLogger(__name__)

_DEFAULT = object()


def _pick(given: str | None, default: str | None) -> str | None:
    """The given value unless it is ``None`` (so ``""`` stays an error, not "use the default")."""
    return default if given is None else given


class ScopeArgs(TypedDict, total=False):
    """Scope keyword arguments accepted by every ``Memory`` method."""

    org_id: str | None
    project_id: str | None
    user_id: str | None
    agent_id: str | None
    session_id: str | None


class Memory:
    """Long-term memory on one SQLite file.

    Args:
        path: database file or ``postgresql://`` URL; default ``Settings.database_url`` or
            ``Settings.db_path`` (``MEMSTRATA_DB`` or
            ``~/.memstrata/memory.db``).
        settings: all tunables; default ``Settings.from_env()``.
        embedder: an ``Embedder``, ``None`` for full-text search only, or the
            configured model (default).
        extractor: an ``Extractor``, ``None`` for no fact extraction, or the rule
            extractor (default).
        llm: an ``LLM`` for semantic memory, ``None`` for none, or the configured one
            (default: ``Settings.llm``; no provider configured means none).
        categories: semantic categories (``semantic.categories.Category``); default ``profile``.
        org_id, project_id, user_id, agent_id, session_id: the default scope.
        store: an already open ``Store`` to use instead of ``path`` (e.g. the in-memory
            ``ReferenceStore``); ``Memory.close`` closes it.

    Raises:
        CorruptDatabase, SchemaTooNew, StoreError: the file cannot be used.
        EmbeddingModelMismatch: the database was embedded with another model.
    """

    def __init__(self, path: str | Path | None = None, *, settings: Settings | None = None,
                 embedder: Any = _DEFAULT, extractor: Any = _DEFAULT, org_id: str | None = None,
                 project_id: str | None = None, user_id: str | None = None,
                 agent_id: str | None = None, session_id: str | None = None, llm: Any = _DEFAULT,
                 categories: Sequence[Any] | None = None, store: Store | None = None) -> None:
        if path is not None and not isinstance(path, str | os.PathLike):
            raise InvalidInput(f"Memory(path) takes a database file path (str or pathlib.Path) or a "
                               f"postgresql:// URL, got {type(path).__name__} {path!r:.60}")
        self.settings = settings or Settings.from_env()
        if path is not None:
            self.settings = (replace(self.settings, database_url=str(path))
                             if is_postgres_url(path) or looks_like_url(path)
                             else replace(self.settings, db_path=Path(path), database_url=None))
        self.path = self.settings.resolved_db_path()
        location: str | Path = self.settings.database_url or self.path
        if store is None and not self.settings.database_url:
            ready_folder(self.path)  # before the model loads: a typo'd path costs nothing
        self.scope = Scope(org_id or self.settings.org_id, project_id or self.settings.project_id,
                           user_id, agent_id, session_id)
        check_scope(self.scope, needs_owner=False)
        self._off_status = "ok"
        limit_native_threads(self.settings.embed_threads)  # before the model's first product
        self._health = self._load_embedder(embedder)
        if cosine_scale(self.embedder) != DEFAULT_COSINE_SCALE:
            # Merging by meaning is calibrated on USE's cosines; a model whose cosines sit elsewhere
            # (e5: 0.75-0.95) merges at the same place of its own scale.
            self.settings = replace(self.settings, merge_similarity=carried_cosine(
                self.embedder, self.settings.merge_similarity))
        self.store: Store = store if store is not None else open_store(
            location, busy_timeout_s=self.settings.busy_timeout_s, max_connections=self.settings.pool_size,
            defer_scrub=self.settings.forget_scrub == "maintain")
        prepare_store(self.store, encryption_key=self.settings.encryption_key, model=self.embedder,
                      health=self._health)
        self.extractor = self._load_extractor(extractor)
        # the worker opens its own connection: to the file, or with the URL's password (not .location)
        worker_at = self.store.db.address or str(self.path)
        self._forgetter = BackgroundForgetter(worker_at, busy_timeout_s=self.settings.busy_timeout_s,
                                              defer_scrub=self.settings.forget_scrub == "maintain")
        # a forget interrupted by a crash or exit: finish it
        if self.store.capabilities.forget_jobs and running_jobs(self.store):  # type: ignore[arg-type]
            self._forgetter.start()
        self._semantic_args = (llm, categories)
        self._semantic: Any = None

    # -- lifecycle --------------------------------------------------------------------------
    def close(self) -> None:
        """Close the database (stopping the background worker first, if one runs)."""
        if self._semantic is not None:
            self._semantic.stop()
        self.store.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def embedder(self) -> Embedder | None:
        """The embedding model, or ``None``: none configured, or it failed and its retry time has not
        come (``embed.health``: full-text search only meanwhile; at the retry time it is probed,
        and when it answers, what was stored without vectors is embedded)."""
        health = self._health
        if health is None:
            return None
        if health.due() and health.probe():
            self._recovered()
        return None if health.down else health.model

    @embedder.setter
    def embedder(self, model: Embedder | None) -> None:
        self._health = None if model is None else ModelHealth(model)

    @property
    def embedding_status(self) -> str:
        """``ok``, ``unavailable: <reason> (... retrying in N s)``, or why there is no model."""
        return self._health.status if self._health is not None else self._off_status

    def _load_embedder(self, embedder: Any) -> ModelHealth | None:
        if embedder is None:
            self._off_status = "disabled (full-text search only)"
            return None
        if embedder is not _DEFAULT:
            return ModelHealth(EmbeddingCache(embedder))
        if self.settings.embedding_model is None:
            self._off_status = "disabled by configuration (full-text search only)"
            return None
        return load_named(self.settings.embedding_model, threads=self.settings.embed_threads)

    def _disable_embedder(self, reason: str) -> None:
        """The model failed (``lifecycle.embed_missing.model_failed``)."""
        model_failed(self.store, self._health, reason)

    def _recovered(self) -> None:
        """The model answers again: the extractor gets it back, and what was stored without a
        vector gets one."""
        if self.extractor is not None and getattr(self.extractor, "embedder", False) is None:
            self.extractor.embedder = self._health.model if self._health is not None else None  # type: ignore[attr-defined]
        embed_when_up(self.store, self._health)

    def _load_extractor(self, extractor: Any) -> Extractor | None:
        if extractor is not _DEFAULT:
            return extractor  # type: ignore[no-any-return]
        return RuleExtractor(embedder=self.embedder)

    def _scope(self, org_id: str | None = None, project_id: str | None = None,
               user_id: str | None = None, agent_id: str | None = None,
               session_id: str | None = None, **unknown: Any) -> Scope:
        """The call's scope (arguments over the instance's defaults), validated; every read and
        write of memories needs an owner (user, agent or session).

        Raises:
            TypeError: a keyword the public method does not take (named, with the method's name
                and the scope keywords, instead of Python's message about this private helper).
        """
        if unknown:
            method = sys._getframe(1).f_code.co_name
            raise TypeError(f"Memory.{method}() got an unexpected keyword argument {sorted(unknown)[0]!r}; "
                            f"besides its own arguments it takes the scope: {', '.join(ScopeArgs.__annotations__)}")
        base = self.scope
        scope = Scope(_pick(org_id, base.org_id), _pick(project_id, base.project_id),  # type: ignore[arg-type]
                      _pick(user_id, base.user_id), _pick(agent_id, base.agent_id),
                      _pick(session_id, base.session_id))
        check_scope(scope, needs_owner=True)
        return scope

    # -- write ------------------------------------------------------------------------------
    def add(self, content: str, *, role: str = "user", speaker: str | None = None,
            created_at: datetime | None = None, metadata: dict[str, Any] | None = None,
            produced_for: str | None = None, content_type: str = "message", wait: bool = False,
            ttl: float | None = None, idempotency_key: str | None = None,
            **scope: Unpack[ScopeArgs]) -> AddResult:
        """Remember one message; durable (committed, fsynced) before it returns.

        Args:
            content: the message text (at most ``Settings.max_content_bytes`` UTF-8 bytes).
            role: ``user`` | ``assistant`` | ``system`` | ``tool``.
            speaker: who said it (the derivative prefix and the facts' subject).
            created_at: when it was said, timezone-aware; default now (UTC). Its offset is taken as
                the speaker's: day words ("tomorrow", 明天) resolve in that calendar, stored as UTC.
            metadata: JSON-serialisable extras stored with the episode.
            wait: with an LLM configured, extract the session's waiting messages before
                returning (read-your-writes; ``AddResult.semantic``). Without, the message
                waits in the queue for the flush policy and a worker.
            ttl: seconds from now after which the episode and the facts drawn from it leave
                every read (and are deleted by ``maintain``); default: ``Settings.ttl_seconds``
                (``message`` for the episode, fact kind/sensitivity for facts), else no limit.
            idempotency_key: a key made once per message sent (e.g. a UUID): calling again with the
                same key (a retry after a lost answer) returns the first call's result (``replayed``)
                and stores nothing new, also after a restart (``memstrata.write.idempotency``).
            **scope: ``org_id``, ``project_id``, ``user_id``, ``agent_id``, ``session_id``.

        Secrets and personal data are redacted first (``Settings.privacy``); the result's
        ``redacted`` names what was taken out.

        Raises:
            InvalidInput, ContentTooLarge: bad content, TTL or scope; nothing is written.
            LLMError: ``wait=True`` with an LLM configured that cannot be loaded (e.g. the
                ``llm`` extra is missing); nothing is written.
        """
        message = self.message(content, role=role, speaker=speaker, created_at=created_at,
                               metadata=metadata, produced_for=produced_for,
                               content_type=content_type, ttl=ttl, **scope)
        if wait and self.has_llm:
            _ = self.semantic  # loads the LLM client first: a failure must not leave a stored message behind
        result = self.add_many([message], idempotency_key=idempotency_key)[0]
        # a replay wrote nothing: its (first) result stands as it is
        return self.semantic.read_your_writes(result, message.scope) if wait and self.has_llm \
            and not result.replayed else result

    def message(self, content: str, *, role: str = "user", speaker: str | None = None,
                created_at: datetime | None = None, metadata: dict[str, Any] | None = None,
                produced_for: str | None = None, content_type: str = "message", ttl: float | None = None,
                **scope: Unpack[ScopeArgs]) -> Message:
        """Build and validate a ``Message`` for ``add_many`` (same arguments as ``add``;
        ``write.batch.build_message``)."""
        unknown = set(scope) - {"org_id", "project_id", "user_id", "agent_id", "session_id"}
        if unknown:
            raise InvalidInput(f"unknown argument(s): {', '.join(sorted(unknown))}")
        return build_message(content, scope=self._scope(**scope), settings=self.settings, role=role,
                             speaker=speaker, created_at=created_at, metadata=metadata,
                             produced_for=produced_for, content_type=content_type, ttl=ttl)

    def add_many(self, messages: Iterable[Message], *, batch_size: int = BATCH_SIZE,
                 on_batch: Callable[[int], None] | None = None, wait: bool = False,
                 idempotency_key: str | None = None) -> list[AddResult]:
        """Remember many messages, embedding in batches; each batch is one transaction.

        Every message is validated before anything is written. ``on_batch(n)`` is
        called after each committed batch with the number of messages in it. ``wait``: as
        ``add(wait=True)``, once for the whole batch (each session flushed once).
        ``idempotency_key``: the whole request is one transaction with the key, and a repeat
        with the same key returns the first results (``replayed``) and stores nothing
        (``memstrata.write.idempotency``).

        Raises:
            InvalidInput: a message is invalid (nothing is written), a bad idempotency key, or
                ``IdempotencyKeyReused``: the key was used for other messages.
        """
        items = message_list(messages)
        if wait and self.has_llm:
            _ = self.semantic  # loads the LLM client first: a failure must not leave stored messages behind
        check_messages(items, max_bytes=self.settings.max_content_bytes)
        if idempotency_key is not None:
            key = check_key(idempotency_key)
            if not items:
                return []
            # a table of the SQLite or PostgreSQL store
            self._require(self.store.capabilities.maintenance, "idempotency keys")
            table = KeyTable(self.store.db, cast("LifecycleStore", self.store).dialect)
            results = self._writer().once(items, table, key, on_batch=on_batch)
            if any(r.replayed for r in results):
                return results  # a replay wrote nothing: its (first) results stand as they are
        else:
            results = self._writer().batches(items, batch_size=batch_size, on_batch=on_batch)
        if wait and self.has_llm:
            return self.semantic.read_your_writes_many(results, [m.scope for m in items])
        return results

    def _ingestor(self) -> Ingestor:
        return Ingestor(self.store, self.embedder, self.extractor,
                        merge_similarity=self.settings.merge_similarity,
                        enqueue=self.has_llm and self.store.capabilities.extraction_queue,
                        settings=self.settings, cipher=self.store.cipher)

    def _writer(self) -> Writer:
        """This instance's write path (``write.batch``): a model that fails is switched off for
        the extractor too, and each committed batch updates its sessions' short-term memory."""
        def model_failed(reason: str) -> None:
            self._disable_embedder(reason)
            if self.extractor is not None and hasattr(self.extractor, "embedder"):
                self.extractor.embedder = None

        def written(batch: Sequence[Message]) -> None:
            self._fold_short_term({m.scope for m in batch if m.scope.session_id is not None})
        return Writer(self._ingestor, model_failed, written)

    # -- read -------------------------------------------------------------------------------
    def search(self, query: str, *, limit: int = 10, kinds: Sequence[str] = ("fact", "episode"),
               expand_context: int = 0, include_superseded: bool = False, min_score: float = 0.0,
               now: datetime | None = None, filter: str | Expr | None = None,
               include_archived: bool = False, as_of: datetime | None = None, mode: str = "long_term",
               min_match: float = 0.0, status: str | Sequence[str] | None = None,
               **scope: Unpack[ScopeArgs]) -> list[Hit]:
        """Ranked memories for ``query`` in the scope, best first (score in [0, 1]).

        Args:
            limit: at most this many hits (1–1000).
            kinds: ``fact`` and/or ``episode``.
            expand_context: neighbouring segments (same session) to attach to episode hits.
            include_superseded: also rank superseded and archived facts.
            min_score: drop hits scoring below this (0–1); with the default weights a hit
                whose text neither shares terms with the query nor is close in meaning
                scores below ~0.5. A soft filter: noise can score like a match (see ``min_match``).
            now: the time recency and expiry are measured from (default now).
            filter: a filter expression (``memstrata.filter``), e.g. ``tag IN ("flight", "hotel")``,
                applied inside every candidate query together with the scope; it can narrow
                the scope, never widen it. Facts are still limited to active ones unless
                ``include_superseded``.
            include_archived: also rank archived facts (cap, idle archive).
            as_of: "what did we believe then": facts recorded by ``as_of`` and not yet retired
                (superseded or merged) at ``as_of``, any status now; episodes said by then.
            mode: ``long_term`` (default), ``short_term`` (the session's recent episodes only) or
                ``both`` (those and long-term memory of the whole owner, an episode in short-term
                memory never repeated); the last two need a ``session_id``.
            min_match: drop hits whose query-match evidence is below this (0–1): ``signals["match"]``,
                the larger of the share of the query's terms the memory holds and its rescaled
                cosine (or 1 for a memory said in a period the query names; ``recall.evidence.evidence``).
                ``recall.evidence.MATCH_EVIDENCE`` (0.55) keeps real matches and drops most noise, e.g. the
                weak hits every memory gets for "hi". Ranking is unchanged; only the cut differs.
            status: the fact statuses to rank, as ``list`` takes them (``active``, ``superseded``,
                ``archived``, ``all`` or a list: ``arguments.check_statuses``); instead of
                ``include_superseded`` / ``include_archived``. Default: those flags decide.

        Raises:
            InvalidFilter: the filter does not parse or names an unknown field (with its position).
            InvalidInput: empty, non-string or over-long (``MAX_QUERY_CHARS``) query, bad limit/kinds/
                status, ``status`` with an ``include_*`` flag, or bad scope identifiers.
        """
        kinds = check_request(query, limit=limit, kinds=kinds, expand_context=expand_context)
        sc = self._scope(**scope)
        statuses = fact_statuses(include_superseded=include_superseded, include_archived=include_archived,
                                 status=status, as_of=as_of)
        q = build_query(query, sc, limit=limit, kinds=kinds, expand_context=expand_context, statuses=statuses,
                        as_of=as_of, min_score=min_score, min_match=min_match, filter=filter)
        when = utcnow() if now is None else require_aware(now, "now")

        def run(q: Query) -> builtins.list[Hit]:
            return run_search(self.store, self.embedder, self.settings, q, now=when,
                              model_failed=self._disable_embedder)
        if mode == "long_term":
            hits = run(q)
        else:
            if mode not in MODES:
                raise InvalidInput(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
            hits = search_modes(self.short_term(**scope), q, mode, run)
        self.store.record_access(fact_ids(hits), utcnow())
        return [clip_hit(hit) for hit in hits]  # an episode hit carries a window, not 256 KiB

    def context(self, query: str, *, budget_tokens: int = 500, limit: int = 20,
                kinds: Sequence[str] = ("fact", "episode"), min_score: float = 0.0,
                filter: str | Expr | None = None, as_of: datetime | None = None, mode: str = "long_term",
                profile: bool = True, min_match: float = 0.0, **scope: Unpack[ScopeArgs]) -> str:
        """A cited Markdown block for a system prompt, never longer than ``budget_tokens``
        (estimated by ``context.render.estimate_tokens``).

        ``limit``, ``kinds``, ``min_score``, ``min_match``, ``filter``, ``as_of`` and ``mode`` choose the hits
        as in ``search`` (e.g. ``filter='tag = "health"'`` for an allergies-only block).

        When no hit really matches the query (judged from each hit's query-match evidence,
        ``recall.evidence.matches``, not from the number of hits: "hi", "asdfgh" or "plan dinner" over a
        small store still return weak hits), ``profile`` (default on) fills the block with the
        scope's current facts instead (those held at ``as_of`` when given), most important first
        (of the newest ``PROFILE_FACTS``), under its own title so the agent knows they were not
        matched. A question about the user in general ("what do you know about me?", 你了解我什么,
        a greeting: ``recall.evidence.is_general``) gets that profile first, then the memories close to it
        in meaning. Without current facts the hits are shown as ranked. The profile is not used
        in short-term mode or with fact-less ``kinds`` (the hits are shown as ranked), nor with
        ``profile=False`` (then a block with no matching hit is ``""``; ``context.block.build``).
        Returns ``""`` when there is nothing to show.

        A request about food opens with the current dietary and health facts (``standing``), the
        user's own before their relatives'. Such a safety line (an allergy, condition, diet or food
        avoided, in any section) is never shortened to fit the budget: it is whole or absent, other
        lines give way first, and a block that leaves one out ends with ``- (N more dietary needs
        not shown)`` (``- （另有N条禁忌未列出）``; ``context.render.render_context``).

        Raises:
            InvalidInput: ``budget_tokens`` not an integer of at least ``context.render.MIN_BUDGET_TOKENS``
                (40: a title and one line), ``profile`` not a bool, or what ``search`` refuses.
            InvalidFilter: as ``search``.
            TypeError: an unknown keyword argument (named, as context()'s).
        """
        sc = self._scope(**scope)  # first: an unknown keyword is reported as context()'s, not search()'s
        kinds = check_kinds(kinds)
        check_block_arguments(budget_tokens, profile)
        hits = self.search(query, limit=limit, kinds=kinds, min_score=min_score, filter=filter, as_of=as_of,
                           mode=mode, min_match=min_match, **scope)

        def said(episode_id: int) -> str | None:
            episode = self.store.get_episode(sc, episode_id)
            return None if episode is None else episode.content

        def known() -> builtins.list[Hit]:
            facts = self.list(kind="fact", status="all" if as_of is not None else "active", limit=PROFILE_FACTS,
                              filter=profile_filter(parse_filter(filter), as_of), **scope)
            return in_users_script(profile_hits([f for f in facts if isinstance(f, Fact)], limit=limit, as_of=as_of),
                                   said)
        # Facts in the script the user wrote them in (display only: ``context.render.in_users_script``).
        use_profile = profile and mode != "short_term" and "fact" in kinds
        return build_context(query, in_users_script(hits, said), budget_tokens, profile=known if use_profile else None,
                             drop_unmatched=not profile)

    def get(self, fact_id: int | None = None, *, episode_id: int | None = None, kind: str | None = None,
            **scope: Unpack[ScopeArgs]) -> Fact | Episode:
        """One fact or episode by id, within the scope: ``get(3)`` is fact #3; ``get(episode_id=3)``
        or ``get(3, kind="episode")`` is episode #3 (``kind`` as in ``list``: ``fact`` or ``episode``).

        Raises:
            NotFound: no such id in the scope. InvalidInput: not exactly one integer id, or a
            ``kind`` other than ``fact``/``episode`` (or one that contradicts the id given).
        """
        fact_id, episode_id = which_id(fact_id, episode_id, kind)
        return read_one(self.store, self._scope(**scope), fact_id, episode_id)

    def list(self, *, kind: str = "fact", status: str | Sequence[str] = "active", key: str | None = None,
             limit: int = 100, offset: int = 0, filter: str | Expr | None = None,
             **scope: Unpack[ScopeArgs]) -> builtins.list[Fact] | builtins.list[Episode]:
        """Facts (by status, optionally under a key prefix) or episodes, newest first, matching
        ``filter`` (see ``search``); ``limit`` >= 1 (no upper bound: a whole scope on request),
        ``offset`` >= 0.

        Raises:
            InvalidFilter: a malformed filter. InvalidInput: a bad limit, offset, kind or status.
        """
        limit, offset = check_limit(limit, None), check_offset(offset)
        return list_rows(self.store, self._scope(**scope), kind=kind, status=status, key=key, limit=limit,
                         offset=offset, filter=filter)

    def page(self, *, kind: str = "fact", status: str | Sequence[str] = "active", key: str | None = None,
             limit: int = 100, cursor: str | None = None, filter: str | Expr | None = None,
             **scope: Unpack[ScopeArgs]) -> Page[Fact] | Page[Episode]:
        """One page of a listing that stays right while memories are written: facts (as ``list``
        selects them) or episodes, newest recorded first, and the ``next_cursor`` to pass back for
        the next page (``None`` after the last). Unlike ``list(offset=...)`` no row is repeated or
        skipped when something is stored, re-stated or deleted between pages (``memstrata.paging``).

        Args:
            cursor: ``None`` (or ``"start"``) for the first page, then the previous page's
                ``next_cursor``, unchanged.
            limit: rows per page (1–1000).

        Raises:
            InvalidInput: a cursor that is not one memstrata gave (or of the other ``kind``), a bad
                limit, kind or scope. InvalidFilter: as ``list``.
        """
        limit = check_limit(limit, MAX_LIMIT)
        if kind not in KINDS:
            raise InvalidInput(f"kind must be 'fact' or 'episode', got {kind!r}")
        return page_rows(self.store, self._scope(**scope), kind=kind, status=status, key=key, limit=limit,
                         cursor=cursor, filter=filter)

    def history(self, fact_id: int | None = None, *, key: str | None = None,
                **scope: Unpack[ScopeArgs]) -> builtins.list[tuple[Fact, builtins.list[MemoryEvent]]]:
        """A fact's timeline: every fact under its key (same subject), oldest first, each with
        its audit events. Give ``fact_id`` or ``key``. Raises ``NotFound``."""
        sc = self._scope(**scope)
        fact: Fact | None = None
        if fact_id is not None:
            found = self.get(fact_id, **scope)
            assert isinstance(found, Fact)
            fact = found
        return fact_history(self.store, sc, fact=fact, key=key, limit=MAX_LIMIT)

    # -- update -----------------------------------------------------------------------------
    def update(self, fact_id: int, *, value: str | None = None, importance: float | None = None,
               confidence: float | None = None, actor: str = "sdk", **scope: Unpack[ScopeArgs]) -> Fact:
        """Change one active fact by hand; returns the fact as stored afterwards.

        A new ``value`` supersedes: the old fact stays (status ``superseded``, ``valid_to``
        now) and a new active fact with the same key and subject, citing no episode, is returned,
        with a ``supersede`` event on the old and a ``create`` event on the new. Only
        ``importance`` / ``confidence`` (each in [0, 1]) change in place, with one ``update``
        event holding old and new numbers. Durable before it returns.

        Raises:
            InvalidInput: nothing to change, a blank or over-long value, a number outside [0, 1].
            NotFound: no such fact in the scope.
            Conflict: the fact is superseded or archived.
        """
        change = FactUpdate(value, importance, confidence).check()
        fact = self.get(fact_id, **scope)
        assert isinstance(fact, Fact)
        try:
            new_id = apply_update(self._ingestor(), fact, change, actor=actor, now=utcnow())
        except EmbeddingError as exc:
            self._disable_embedder(str(exc))
            new_id = apply_update(self._ingestor(), fact, change, actor=actor, now=utcnow())
        # the new fact cites no episode: read it in its owner's scope (a session scope holds no such fact)
        return self.store.get_facts(fact.scope, [new_id])[new_id]

    # -- delete -----------------------------------------------------------------------------
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
        superseded value's messages that stay keep their ``[outdated]`` mark
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
        return delete_target(self.store, self._reader(**scope), fact_id, episode_id, sources=sources, actor=actor)

    def _reader(self, **scope: Unpack[ScopeArgs]) -> Reader:
        """This instance's scoped reads of ``scope``, for the deletes of ``lifecycle.delete``."""
        def fact(fact_id: int) -> Fact:
            return cast(Fact, self.get(fact_id, **scope))

        def episode(episode_id: int) -> Episode:
            return cast(Episode, self.get(episode_id=episode_id, **scope))
        return Reader(fact, episode, self._scope(**scope))

    def forget(self, *, user_id: str | None = None, session_id: str | None = None,
               fact_id: int | None = None, agent_id: str | None = None, all_users: bool = False,
               before: datetime | None = None, background: bool | None = None,
               actor: str = "sdk", org_id: str | None = None, project_id: str | None = None,
               filter: str | Expr | None = None, kind: str = "fact", episode_id: int | None = None,
               sources: bool = False) -> ForgetReceipt:
        """Delete everything about a user, agent or session, episodes said ``before`` a time,
        one fact (``fact_id``, with ``sources=True`` the messages that stated it too) or one message
        (``episode_id``), in the tenant; returns the deletion receipt (``delete`` for the last two).

        The instance's default user and agent apply unless ``all_users=True``, so
        ``Memory(user_id="alice").forget(session_id="s1")`` deletes alice's ``s1`` only;
        ``all_users=True`` alone forgets the whole project. The scope is hidden from every
        read the moment the call starts (a durable ``forget_jobs`` row); then rows go in
        chunks, the full-text index is rewritten and the WAL checkpointed, with SQLite's
        ``secure_delete`` on, so the forgotten text leaves the file too (PostgreSQL:
        ``VACUUM FULL``, WAL switch and ``CHECKPOINT``; what that leaves: ``store.postgres.scrub``).

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
                ``user_id``), a session/agent of every user without ``all_users=True``,
                or both ``user_id`` and ``all_users=True``; ``filter`` with ``before`` or
                ``fact_id``, a ``kind`` other than fact/episode, or on a store without forget jobs.
            InvalidFilter: the filter does not parse (with its position); nothing is deleted.
        """
        shown = f"user_id={self.scope.user_id!r}" if self.scope.user_id is not None else "user_id=..."
        # The instance's default user is not a target by itself: a bare forget() erased the whole user.
        require_target("forget()", hint=f"{shown} for everything about the user, or session_id, agent_id, before, "
                       "filter, fact_id or episode_id", user_id=user_id, agent_id=agent_id, session_id=session_id,
                       before=before, filter=filter, fact_id=fact_id, episode_id=episode_id, all_users=all_users)
        where = parse_filter(filter)
        if where is not None and (before is not None or fact_id is not None):
            raise InvalidInput("give filter or before/fact_id, not both: a filter can say created_at < \"...\" "
                               "itself, and one fact is forgotten by its fact_id alone")
        if fact_id is not None or episode_id is not None:
            if where is not None or before is not None:
                raise InvalidInput("give fact_id or episode_id alone: a filter or before selects its own records")
            return self.delete(fact_id, episode_id=episode_id, sources=sources, actor=actor, org_id=org_id,
                               project_id=project_id, user_id=user_id)
        sc = forget_target(self.scope, user_id=user_id, agent_id=agent_id, session_id=session_id, before=before,
                           all_users=all_users, sources=sources, org_id=org_id, project_id=project_id)
        return forget_scope(self.store, sc, where=where, filter_text=filter, kind=kind, before=before,
                            background=background, background_over=self.settings.forget_background_over,
                            forgetter=self._forgetter, actor=actor)

    def delete_project(self, project_id: str, *, org_id: str | None = None, actor: str = "sdk") -> ForgetReceipt:
        """Delete a whole project: every row of it in every table and index, its idempotency keys,
        and its REST API keys revoked (``lifecycle.project``); the text leaves the files as for a user
        forget. Returns the receipt (counts per table, ``ids_sha256`` with a nonce). A message
        written while it runs is either deleted whole or survives whole.

        Args:
            project_id: the project, named here: the instance's or configured project is never
                taken as the target (``lifecycle.target``).
            org_id: its org; default the instance's.

        Raises:
            InvalidInput: ``project_id`` missing, empty or whitespace; a bad org; a store without
                forget jobs (the in-memory reference store). Nothing is deleted then.
        """
        require_target("delete_project()", project_id=project_id)
        tenant = Scope(self.scope.org_id if org_id is None else org_id, project_id)
        check_scope(tenant, needs_owner=False)
        if not self.store.capabilities.forget_jobs:
            raise InvalidInput(f"deleting a project is not supported on {self.store.location}: it needs the SQLite "
                               "or PostgreSQL store")
        return delete_whole_project(self.store, tenant, actor=actor)  # type: ignore[arg-type]

    def forget_preview(self, *, user_id: str | None = None, session_id: str | None = None,
                       agent_id: str | None = None, before: datetime | None = None, org_id: str | None = None,
                       project_id: str | None = None) -> ForgetPreview:
        """What ``forget`` with the same target would delete now, without deleting anything: counts
        per table (episodes, segments, facts, memory_events), the facts themselves and the sessions
        touched (``lifecycle.preview``). The target is explicit as for ``forget``: the instance's
        default user alone is not one.

        Raises:
            InvalidInput: no user, agent or session named, or a session or agent without its user.
            StoreError: the store has no forget jobs (the in-memory reference store).
        """
        if user_id is None and agent_id is None and session_id is None:
            raise InvalidInput("forget_preview() needs a target: user_id, and session_id or agent_id to narrow it")
        if user_id is None:
            raise InvalidInput("a session or agent of every user is not previewed: give its user_id")
        sc = Scope(org_id or self.scope.org_id, project_id or self.scope.project_id, user_id, agent_id, session_id)
        check_scope(sc, needs_owner=True)
        self._require(self.store.capabilities.forget_jobs, "forget_preview")
        cutoff = None if before is None else require_aware(before, "before")
        return forget_preview(cast("LifecycleStore", self.store), sc, before=cutoff)

    def users(self, *, org_id: str | None = None, project_id: str | None = None) -> builtins.list[OwnerCount]:
        """The users of a tenant (default: this instance's) with memories stored, by user id, each
        with its episode and active fact counts.

        Raises:
            StoreError: the store has no lifecycle queries (the in-memory reference store).
        """
        sc = Scope(org_id or self.scope.org_id, project_id or self.scope.project_id)
        check_scope(sc, needs_owner=False)
        self._require(self.store.capabilities.forget_jobs, "listing users")
        return owners(cast("LifecycleStore", self.store), sc.org_id, sc.project_id)

    def counts(self, **scope: Unpack[ScopeArgs]) -> dict[str, int]:
        """Rows stored in the scope: ``episodes``, ``segments``, ``embedded_segments`` and
        ``facts_<status>`` for each fact status present (``events``: the whole database's)."""
        return self.store.counts(self._scope(**scope))

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

    # -- lifecycle --------------------------------------------------------------------------
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
            InvalidInput: a malformed record, an id that holds another memory here, or a fact
                citing an episode of another user, agent or tenant (``lifecycle.import_records``);
                nothing is imported then.
        """
        self._require(self.store.capabilities.maintenance, "importing export files")
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

    # -- operations -------------------------------------------------------------------------
    def doctor(self) -> dict[str, Any]:
        """What model, what database, what counts: a health report that never raises on the model."""
        if self._health is not None:  # the model itself, past any cache: the truth now
            was_down = self._health.down
            if self._health.probe() and was_down:
                self._recovered()
        llm = self._semantic_args[0]
        return doctor_report(self.store, settings=self.settings, embedder=self.embedder, status=self.embedding_status,
                             extractor=getattr(self.extractor, "name", None),
                             llm=f"{self.settings.llm.provider}:{self.settings.llm.model}" if self.has_llm and
                             llm is _DEFAULT else getattr(llm, "name", None), unfinished=self.forget_status())

    # -- semantic memory (LLM) ----------------------------------------------------------------
    @property
    def api_keys(self) -> KeyStore | None:
        """The REST server's API keys kept in this database (SQLite and PostgreSQL), or ``None``
        for a store that keeps none (the in-memory reference store: only the admin key exists)."""
        return stored_keys(self.store)

    def forgotten_among(self, ids: Sequence[int], *, table: str = "episodes") -> dict[int, dict[str, Any]]:
        """Which of ``ids`` (rows of ``table``: ``episodes`` or ``facts``) were forgotten in this
        database, each with its forget record; ``{}`` on a store that keeps no forgotten ids. For a
        door that re-adds exported records as new messages (REST import): nothing forgotten comes back.
        """
        return forgotten.among_stored(self.store, table, ids)

    @property
    def has_llm(self) -> bool:
        """Whether an LLM is configured (then new user messages are queued for extraction)."""
        llm = self._semantic_args[0]
        return self.settings.llm.provider is not None if llm is _DEFAULT else llm is not None

    @property
    def semantic(self) -> SemanticService:
        """LLM semantic memory (queue, worker, consolidation); loaded on first use."""
        self._require(self.store.capabilities.extraction_queue, "LLM semantic memory (the extraction queue)")
        if self._semantic is None:
            from memstrata.semantic.service import SemanticService

            llm, categories = self._semantic_args
            if categories is None and self.settings.semantic.categories_file:
                categories = load_categories(self.settings.semantic.categories_file)
            model = load_llm(self.settings.llm) if llm is _DEFAULT else llm
            self._semantic = SemanticService(self._semantic_store(), model,
                                             tuple(categories or DEFAULT_CATEGORIES), self.embedder, self.settings)
        return self._semantic  # type: ignore[no-any-return]

    def _require(self, offered: bool, what: str) -> None:
        """Raise ``StoreError`` naming the backend when it does not offer ``what`` (``offered``: the
        ability as its ``Capabilities`` declare it)."""
        if not offered:
            raise StoreError(f"{what} is not available on {self.store.location} yet: this backend does not offer "
                             "it (the SQLite backend offers everything)")

    def _semantic_store(self) -> SemanticStore:
        """The store as a ``SemanticStore`` (callers check ``capabilities`` first)."""
        return cast("SemanticStore", self.store)

    def _fold_short_term(self, sessions: set[Scope]) -> None:
        if not self.store.capabilities.short_term:
            return

        llm = self.semantic.llm if self.has_llm else None
        for session in sessions:
            ShortTerm(self._semantic_store(), llm, self.settings.semantic).update(session, now=utcnow())

    def short_term(self, **scope: Unpack[ScopeArgs]) -> ShortTermMemory:
        """The session's short-term memory: rolling summary plus the recent episodes that fit
        ``SemanticSettings.stm_capacity_chars``. Raises ``InvalidInput`` without a session."""
        self._require(self.store.capabilities.short_term, "short-term memory")
        return ShortTerm(self._semantic_store(), None, self.settings.semantic).get(self._scope(**scope))

    def agent_search(self, query: str, *, agent_mode: str = "router", limit: int = 10,
                     kinds: Sequence[str] = ("fact", "episode"), mode: str = "long_term",
                     **scope: Unpack[ScopeArgs]) -> AgentResult:
        """Retrieval agents (opt-in): ``direct``, ``split`` (sub-queries in parallel, merged),
        ``chain`` (chain-of-query, up to ``SemanticSettings.agent_max_hops`` rounds, stopping at
        confidence ≥ ``agent_stop_confidence``) or ``router`` (the LLM picks one). The result
        records the agent, queries, LLM calls, tokens and time (``semantic.agents.AgentResult``).

        Raises:
            InvalidInput: bad arguments, an LLM agent without an LLM configured, or the
                ``llm`` extra not installed.
            LLMError: the LLM failed (after its retries) or answered invalid JSON twice.
        """
        try:
            from memstrata.semantic.agents import RetrievalAgents
        except ImportError as exc:  # pydantic validates the agents' LLM answers, even unused ones
            raise InvalidInput(f"retrieval agents need the llm extra ({exc.name} is missing): "
                               + install_hint("llm")) from None

        def search(q: str) -> builtins.list[Hit]:
            return self.search(q, limit=limit, kinds=kinds, mode=mode, **scope)

        self._scope(**scope)  # validate once, before any LLM call
        llm = self.semantic.llm if self.has_llm else None
        return RetrievalAgents(llm, search, self.settings.semantic, limit=limit).run(query, agent_mode)

    def flush(self, **scope: Unpack[ScopeArgs]) -> int:
        """Extract the scope's waiting messages now with the LLM; returns batches processed
        (0 without an LLM: the messages stay queued)."""
        return len(self.semantic.flush(self._scope(**scope)))

    def end_session(self, **scope: Unpack[ScopeArgs]) -> int:
        """The session is over: extract its waiting messages now (as ``flush``)."""
        sc = self._scope(**scope)
        if sc.session_id is None:
            raise InvalidInput("end_session needs a session_id (on the call or the Memory)")
        return len(self.semantic.flush(sc))

    def queue_status(self, *, all_users: bool = False, **scope: Unpack[ScopeArgs]) -> dict[str, Any]:
        """Extraction queue: ``pending``, ``running``, ``done``, ``failed``, ``last_error``, ``llm``.

        Counts are the given owner's (user, agent or session); with ``all_users=True``, every
        user's in the tenant (``org_id``/``project_id``, the instance's unless given); with
        neither, the whole database (every tenant: the operator's view of ``memstrata status``).

        Raises:
            InvalidInput: both ``user_id`` and ``all_users=True``.
        """
        if all_users and scope.get("user_id") is not None:
            raise InvalidInput("give user_id or all_users=True, not both: they contradict each other")
        sc = Scope(scope.get("org_id") or self.scope.org_id, scope.get("project_id") or self.scope.project_id,
                   scope.get("user_id"), scope.get("agent_id"), scope.get("session_id"))
        owned = sc.user_id or sc.agent_id or sc.session_id or all_users

        self._require(self.store.capabilities.extraction_queue, "the extraction queue")
        llm = self.semantic.llm if self.has_llm else None
        return queue_report(self._semantic_store(), sc if owned else None, self.settings.semantic,
                            llm=None if llm is None else llm.name,
                            worker_running=self._semantic is not None and self._semantic.running())

    def start_worker(self, *, poll_s: float = 1.0, lock: Any = None) -> None:
        """Extract in a background thread of this process (``memstrata worker`` does it in its own);
        ``lock`` (a context manager) is held around its writes, never around LLM calls. Raises
        ``LLMError`` without an LLM. ``close()`` stops it."""
        self.semantic.start(poll_s=poll_s, lock=lock)

    def consolidate(self, category: str = "profile", **scope: Unpack[ScopeArgs]) -> str:
        """Run a consolidation pass now; returns its run id (undo with ``undo``)."""
        return self.semantic.consolidate(self._scope(**scope), category)

    def undo(self, run: str, *, actor: str = "sdk", **scope: Unpack[ScopeArgs]) -> dict[str, int]:
        """Revert a consolidation or extraction run from its audit events: facts it created are
        archived, facts it retired are active again. Raises ``NotFound``; ``InvalidInput`` for a
        blank ``run`` (``lifecycle.target``)."""
        require_target("undo", run=run)
        return self.semantic.undo(self._scope(**scope), run, actor)
