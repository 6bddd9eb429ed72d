"""What every group of ``Memory`` methods shares: the open store, the embedding model's health, the
call's scope, the store's declared abilities and the LLM semantic service.

``Memory`` (``memstrata.memory``) is composed of one mixin per group of methods (``.recall``,
``.write``, ``.lifecycle``, ``.admin``, ``.semantic``), each a subclass of ``MemoryBase``: the
attributes ``Memory.__init__`` sets are declared here once, so mypy checks every group against
them, and the public methods stay methods of ``Memory`` (no forwarding layer).
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Sequence
from difflib import SequenceMatcher
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict, cast

from memstrata.config import Settings
from memstrata.embed.base import Embedder, EmbeddingCache
from memstrata.embed.health import ModelHealth, load_named
from memstrata.errors import StoreError
from memstrata.extract.base import Extractor
from memstrata.extract.rules import RuleExtractor
from memstrata.lifecycle.embed_missing import embed_when_up, model_failed
from memstrata.lifecycle.forget import BackgroundForgetter
from memstrata.llm.factory import load_llm
from memstrata.semantic.categories import DEFAULT_CATEGORIES, load_categories
from memstrata.store.protocol import Store
from memstrata.store.scope import check_scope
from memstrata.types import Scope

if TYPE_CHECKING:
    from memstrata.semantic.service import SemanticService
    from memstrata.store.semantic_store import SemanticStore


#: "The configured one" for ``Memory``'s ``embedder``, ``extractor`` and ``llm`` (``None``: none).
DEFAULT = object()


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


class MemoryBase:
    """The state ``Memory.__init__`` wires, and the helpers every group of methods uses."""

    settings: Settings
    path: Path
    scope: Scope
    store: Store
    extractor: Extractor | None
    _health: ModelHealth | None
    _off_status: str
    _forgetter: BackgroundForgetter
    _semantic_args: tuple[Any, Sequence[Any] | None]  # (llm, categories) as given to Memory
    _semantic: Any

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
        if embedder is not DEFAULT:
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
        if extractor is not DEFAULT:
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
            method = _public_caller(self)
            typed = sorted(unknown)[0]
            close = closest(typed, [*_own_arguments(type(self), method), *ScopeArgs.__annotations__])
            hint = f" (did you mean {close!r}?)" if close else ""
            raise TypeError(f"Memory.{method}() got an unexpected keyword argument {typed!r}{hint}; "
                            f"besides its own arguments it takes the scope: {', '.join(ScopeArgs.__annotations__)}")
        base = self.scope
        scope = Scope(_pick(org_id, base.org_id), _pick(project_id, base.project_id),  # type: ignore[arg-type]
                      _pick(user_id, base.user_id), _pick(agent_id, base.agent_id),
                      _pick(session_id, base.session_id))
        check_scope(scope, needs_owner=True)
        return scope

    def _require(self, offered: bool, what: str) -> None:
        """Raise ``StoreError`` naming the backend when it does not offer ``what`` (``offered``: the
        ability as its ``Capabilities`` declare it)."""
        if not offered:
            raise StoreError(f"{what} is not available on {self.store.location} yet: this backend does not offer "
                             "it (the SQLite backend offers everything)")

    @property
    def has_llm(self) -> bool:
        """Whether an LLM is configured (then new user messages are queued for extraction)."""
        llm = self._semantic_args[0]
        return self.settings.llm.provider is not None if llm is DEFAULT else llm is not None

    @property
    def semantic(self) -> SemanticService:
        """LLM semantic memory (queue, worker, consolidation); loaded on first use."""
        self._require(self.store.capabilities.extraction_queue, "LLM semantic memory (the extraction queue)")
        if self._semantic is None:
            from memstrata.semantic.service import SemanticService

            llm, categories = self._semantic_args
            if categories is None and self.settings.semantic.categories_file:
                categories = load_categories(self.settings.semantic.categories_file)
            model = load_llm(self.settings.llm) if llm is DEFAULT else llm
            self._semantic = SemanticService(self._semantic_store(), model,
                                             tuple(categories or DEFAULT_CATEGORIES), self.embedder, self.settings)
        return self._semantic  # type: ignore[no-any-return]

    def _semantic_store(self) -> SemanticStore:
        """The store as a ``SemanticStore`` (callers check ``capabilities`` first)."""
        return cast("SemanticStore", self.store)


#: How like a known name a mistyped keyword must be to be suggested: ``difflib.get_close_matches``'s
#: default cutoff, as the CLI's "did you mean --status?" (``cli.usage_errors``).
CLOSE_CUTOFF = 0.6


def check_ids(**ids: str | None) -> None:
    """Check scope identifiers (``org_id``, ``project_id``, ``user_id``, ``agent_id``, ``session_id``; ``None``:
    not given) as every call checks its scope, without a store: for a door that refuses a bad identifier before
    it opens the database (the CLI, ``cli.session.refuse_blank_scope``), so a mistyped one is bad input whether
    or not the file exists.

    Raises:
        InvalidInput: an empty, non-string, over-long, control- or invisible-character identifier, or one with
            outer whitespace (``store.scope.check_scope``), naming it (``details.field``).
    """
    check_scope(Scope(**{name: value for name, value in ids.items() if value is not None}), needs_owner=False)


def closest(typed: str, names: Sequence[str]) -> str | None:
    """The name of ``names`` most like ``typed`` (``difflib`` similarity, each name also read without
    its ``_id``, so ``usr`` finds ``user_id``), or ``None`` when none reaches ``CLOSE_CUTOFF``."""
    def likeness(name: str) -> float:
        return max(SequenceMatcher(None, typed, n).ratio() for n in (name, name.removesuffix("_id")))
    best = max(names, key=likeness, default=None)
    return best if best is not None and likeness(best) >= CLOSE_CUTOFF else None


def _public_caller(memory: object) -> str:
    """The public method of ``memory`` a scope check was made for: the nearest caller of ``_scope``
    running on ``memory`` that is neither private nor a lambda (``search`` checks its scope in a
    lambda, called by ``recall.query.check_search``, and named itself ``Memory.<lambda>()``)."""
    frame = sys._getframe(2)
    while frame is not None:
        name = frame.f_code.co_name
        if not name.startswith(("_", "<")) and frame.f_locals.get("self") is memory:
            return name
        frame = frame.f_back  # type: ignore[assignment]
    return "<unknown>"


def _own_arguments(cls: type, method: str) -> list[str]:
    """The keyword arguments ``cls.method`` names itself (not ``self``, not ``**scope``)."""
    try:
        params = inspect.signature(getattr(cls, method)).parameters.values()
    except (AttributeError, TypeError, ValueError):
        return []
    return [p.name for p in params if p.name != "self" and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
