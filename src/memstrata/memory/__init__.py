"""The SDK facade: ``Memory`` orchestrates store, embedder, extractor and retriever.

Every method takes the scope fields as keyword arguments (``user_id=...``); what is
not given falls back to the scope the ``Memory`` was opened with. Business logic
lives in the wings: ``write`` (ingest, idempotency, hand updates), ``facts`` (the fact engine, a
fact's history), ``recall`` (search and its arguments, ``recall.query``), ``context`` (the
block), ``lifecycle`` (forget, delete, maintenance, export and import, vectors stored without a
model); this package checks the scope, keeps the embedding model's health and wires.

``Memory`` is composed of one group of methods per module, each over ``base.MemoryBase`` (the
state opening wires, the model's health, the call's scope):

- ``recall``: ``search``, ``context``, ``get``, ``list``, ``page``, ``history``, ``counts``, ``short_term``
- ``write``: ``add``, ``message``, ``add_many``, ``update``
- ``lifecycle``: ``delete``, ``forget`` (and its preview, status and wait), ``delete_project``,
  ``maintain``, ``restore``, ``rollback``, ``export``, ``export_all``, ``import_records``
- ``admin``: ``doctor``, ``users``, ``keys`` (``api_keys``), ``forgotten_among``
- ``semantic``: the LLM methods (``agent_search``, ``flush``, ``queue_status``, ``consolidate`` ...)

This module opens: what a new ``Memory`` wires together, and closing it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from memstrata.arguments import MAX_LIMIT as MAX_LIMIT  # the SDK's bounds, named where callers look
from memstrata.config import Settings, is_postgres_url, looks_like_url, ready_folder
from memstrata.embed.base import DEFAULT_COSINE_SCALE, carried_cosine, cosine_scale
from memstrata.embed.threads import limit_native_threads
from memstrata.errors import InvalidInput
from memstrata.lifecycle.forget import BackgroundForgetter, running_jobs
from memstrata.lifecycle.opening import prepare as prepare_store
from memstrata.memory.admin import AdminMethods
from memstrata.memory.base import DEFAULT
from memstrata.memory.base import ScopeArgs as ScopeArgs
from memstrata.memory.lifecycle import LifecycleMethods
from memstrata.memory.recall import RecallMethods
from memstrata.memory.semantic import SemanticMethods
from memstrata.memory.write import WriteMethods
from memstrata.recall.query import MAX_QUERY_CHARS as MAX_QUERY_CHARS
from memstrata.store.backends import open_store
from memstrata.store.protocol import Store
from memstrata.store.scope import check_scope
from memstrata.types import Scope


class Memory(WriteMethods, SemanticMethods, AdminMethods, LifecycleMethods, RecallMethods):
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
        InvalidInput: a scope id that is blank (``org_id=""`` is not the configured org) or malformed.
        CorruptDatabase, SchemaTooNew, StoreError: the file cannot be used.
        EmbeddingModelMismatch: the database was embedded with another model.
    """

    def __init__(self, path: str | Path | None = None, *, settings: Settings | None = None,
                 embedder: Any = DEFAULT, extractor: Any = DEFAULT, org_id: str | None = None,
                 project_id: str | None = None, user_id: str | None = None,
                 agent_id: str | None = None, session_id: str | None = None, llm: Any = DEFAULT,
                 categories: Sequence[Any] | None = None, store: Store | None = None) -> None:
        if path is not None and not isinstance(path, str | os.PathLike):
            raise InvalidInput(f"Memory(path) takes a database file path (str or pathlib.Path) or a "
                               f"postgresql:// URL, got {type(path).__name__} {path!r:.60}")
        if isinstance(path, str) and not path.strip():
            # Path("") is ".", the working directory: the error would name "." and not the blank.
            raise InvalidInput("Memory(path) got an empty path; give a database file path such as "
                               "'memory.db', a postgresql:// URL, or no path for the configured one")
        self.settings = settings or Settings.from_env()
        if path is not None:
            self.settings = (replace(self.settings, database_url=str(path))
                             if is_postgres_url(path) or looks_like_url(path)
                             else replace(self.settings, db_path=Path(path), database_url=None))
        self.path = self.settings.resolved_db_path()
        location: str | Path = self.settings.database_url or self.path
        if store is None and not self.settings.database_url:
            ready_folder(self.path)  # before the model loads: a typo'd path costs nothing
        # Only None takes the configured tenant: Memory(org_id="") (an unset variable) acted on the
        # default org; check_scope refuses the blank by name.
        self.scope = Scope(self.settings.org_id if org_id is None else org_id,
                           self.settings.project_id if project_id is None else project_id,
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
        self.store = store if store is not None else open_store(
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
        self._semantic = None

    def close(self) -> None:
        """Close the database (stopping the background worker first, if one runs)."""
        if self._semantic is not None:
            self._semantic.stop()
        self.store.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
