"""The cold path: a hook opens ``Memory`` in its own process (model and engine loaded for one
call), used when no ``memstrata serve`` answers at ``MEMSTRATA_HOOKS_URL``.

The database is the one every door uses (``MEMSTRATA_DB`` or ``~/.memstrata/memory.db``, or
``MEMSTRATA_DATABASE_URL``); reading hooks never create it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from memstrata.config import DEFAULT_DB_PATH, Settings
from memstrata.embed.models import loaded_models
from memstrata.integrations.hooks.backend import EarlierTurn
from memstrata.integrations.hooks.protocol import HookScope
from memstrata.integrations.hooks.transcript import Turn
from memstrata.memory import Memory
from memstrata.types import Episode
from memstrata.write.idempotency import IdempotencyKeyReused


class LocalBackend:
    """``Backend`` over an in-process ``Memory`` in the hook's scope."""

    def __init__(self, memory: Memory, scope: HookScope, target: str) -> None:
        self.memory, self.scope, self.target = memory, scope, target

    @classmethod
    def open(cls, scope: HookScope, *, create: bool, environ: Mapping[str, str] | None = None) -> LocalBackend | None:
        """The database ``environ`` configures (``Settings.from_env``), or ``None`` when it is a
        SQLite file that does not exist and ``create`` is false (a hook that only reads has
        nothing to recall)."""
        settings = Settings.from_env(environ)
        target = settings.database_url or str(settings.resolved_db_path())
        if not settings.database_url:
            path = Path(target)
            if not path.exists():
                if not create:
                    return None
                if path == DEFAULT_DB_PATH.expanduser():  # only the default folder is made, as the CLI does
                    path.parent.mkdir(parents=True, exist_ok=True)
        # A model this process loaded already (``embed.models.loaded_models``) is used, not loaded again.
        shared = loaded_models.get(settings.embedding_model or "")
        if shared is None:
            memory = Memory(settings=settings, org_id=scope.org_id, project_id=scope.project_id, user_id=scope.user_id)
        else:
            memory = Memory(settings=settings, embedder=shared, org_id=scope.org_id, project_id=scope.project_id,
                            user_id=scope.user_id)
        return cls(memory, scope, target)

    def context(self, query: str, *, budget_tokens: int, kinds: Sequence[str], filter: str | None,
                profile: bool, min_match: float, project_folder: str | None) -> str:
        """``Memory.context`` in the hook's scope."""
        return self.memory.context(query, budget_tokens=budget_tokens, kinds=kinds, filter=filter,
                                   profile=profile, min_match=min_match, project_folder=project_folder)

    def recent(self, *, filter: str, limit: int) -> list[EarlierTurn]:
        """``Memory.list(kind="episode", filter=filter, limit=limit)`` in the hook's scope, newest first."""
        return [EarlierTurn(e.role, e.content, e.said_at)
                for e in self.memory.list(kind="episode", filter=filter, limit=limit) if isinstance(e, Episode)]

    def add(self, turn: Turn, *, session_id: str, metadata: dict[str, Any], idempotency_key: str) -> bool:
        """``Memory.add_many`` of one turn under its idempotency key, unless its owner forgot it here
        (``skip_forgotten``, the default: the transcript sent again, what was forgotten stays out);
        whether it was stored now."""
        message = self.memory.message(turn.text, role=turn.role, created_at=turn.created_at, metadata=metadata,
                                      session_id=session_id)
        try:
            result = self.memory.add_many([message], idempotency_key=idempotency_key)[0]
        except IdempotencyKeyReused:  # the key names this very turn: stored before (``backend.KEY_REUSED``)
            return False
        return bool(result.created and not result.replayed)

    def close(self) -> None:
        """Close the database."""
        self.memory.close()
