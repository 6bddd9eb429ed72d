"""``Memory``'s LLM methods (opt-in): retrieval agents, flushing the extraction queue, its status,
the background worker, consolidation and undoing a run.

The ``semantic`` service itself is loaded on first use (``MemoryBase.semantic``); these methods
check their arguments and the scope, then call it (``semantic/``).
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Unpack

from memstrata.arguments import check_actor
from memstrata.errors import InvalidInput, install_hint
from memstrata.lifecycle.target import require_target
from memstrata.memory.base import ScopeArgs
from memstrata.memory.recall import RecallMethods
from memstrata.semantic.queue_status import queue_report
from memstrata.store.scope import check_scope
from memstrata.types import Hit, Scope

if TYPE_CHECKING:
    from memstrata.semantic.agents import AgentResult


class SemanticMethods(RecallMethods):
    """LLM semantic memory: ``agent_search``, ``flush``, ``end_session``, ``queue_status``,
    ``start_worker``, ``consolidate``, ``undo``."""

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
            raise InvalidInput("end_session needs a session_id (on the call or the Memory)", field="session_id")
        return len(self.semantic.flush(sc))

    def queue_status(self, *, all_users: bool = False, **scope: Unpack[ScopeArgs]) -> dict[str, Any]:
        """Extraction queue: ``pending``, ``running``, ``done``, ``failed``, ``last_error``, ``llm``.

        Counts are the given owner's (user, agent or session); with ``all_users=True``, every
        user's in the tenant (``org_id``/``project_id``, the instance's unless given); with
        neither, the whole database (every tenant: the operator's view of ``memstrata status``).

        Raises:
            InvalidInput: both ``user_id`` and ``all_users=True``; a blank or malformed id (``check_scope``:
                ``user_id=""`` counted the whole database, every tenant, as if no owner were given).
        """
        if all_users and scope.get("user_id") is not None:
            raise InvalidInput("give user_id or all_users=True, not both: they contradict each other")
        org, project = scope.get("org_id"), scope.get("project_id")
        sc = Scope(self.scope.org_id if org is None else org, self.scope.project_id if project is None else project,
                   scope.get("user_id"), scope.get("agent_id"), scope.get("session_id"))
        check_scope(sc, needs_owner=False)
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
        blank ``run`` (``lifecycle.target``) or one that is not a string (a list of runs is no run)."""
        require_target("undo", run=run)
        if not isinstance(run, str):  # a list reached the database driver as an internal error
            raise InvalidInput(f"undo: run must be one run id string (from the run's answer), got "
                               f"{type(run).__name__} {run!r}; nothing was changed", field="run")
        check_actor("undo()", actor)
        return self.semantic.undo(self._scope(**scope), run, actor)
