"""Consolidation: when a category's active features pass ``SemanticSettings.consolidate_at``
(20, the issue's default), one LLM pass merges, rewrites and deletes redundant or
contradictory ones through the same commands as extraction, applied by ``semantic.apply``.

Every change is an audit event tagged with the run id (``consolidation:<hex>``); a run
marker event (``fact_id`` NULL, ``what: consolidation``) lists it. ``undo_run`` reverts
any run from those events: facts it created are archived, facts it superseded or
archived are restored to active.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from memstrata.clock import utcnow
from memstrata.config import Settings
from memstrata.errors import NotFound
from memstrata.llm.base import LLM, Tally, structured
from memstrata.semantic.apply import Applied, Context, apply_commands, statement
from memstrata.semantic.categories import Category
from memstrata.semantic.commands import Command, Commands
from memstrata.semantic.profile import feature_lines
from memstrata.semantic.screen import screen_commands
from memstrata.store.semantic_store import SemanticStore
from memstrata.types import Fact, Scope

#: Most features one consolidation pass shows the model.
MAX_FEATURES = 500

_SYSTEM = """You tidy the "{name}" memory of a user ({prompt}). It holds too many features. \
Each line is a stored feature with its id. Merge duplicates and near-duplicates into one feature, \
rewrite vague or overlapping ones into clear ones, and delete those that are contradicted by newer ones \
or not worth keeping. Answer with commands: "delete" a stored feature (copy its tag, feature and value \
exactly) and "add" the rewritten or merged feature; "cite" lists the ids of the stored features an added \
one replaces. A feature marked "project" is a convention of the project folder it holds "in": give every command \
on it "project": true, and never merge features of different folders, or one of a folder with one of none. Keep \
every fact that is still true; keep the language of the features, never translate."""


class Consolidator:
    """Runs and undoes consolidation passes (see the module docstring)."""

    def __init__(self, store: SemanticStore, llm: LLM | None, embedder: Any, settings: Settings) -> None:
        self.store, self.llm, self.embedder, self.settings = store, llm, embedder, settings

    def active(self, scope: Scope, category: Category) -> list[Fact]:
        """Active features of ``category`` in ``scope``, newest first."""
        return self.store.list_facts(scope, statuses=["active"], key=category.name, limit=MAX_FEATURES)

    def maybe_run(self, scope: Scope, category: Category, *, tally: Tally | None = None) -> str | None:
        """Run a pass if the category has more than ``consolidate_at`` active features and more than
        the last pass left (a pass that could not get below the threshold is not repeated until
        the category grows again); the run id or ``None``."""
        count = len(self.active(scope, category))
        if self.llm is None or count <= self.settings.semantic.consolidate_at:
            return None
        last = next((r for r in runs(self.store, scope) if r.get("category") == category.name), None)
        if last is not None and count <= int(last.get("features_after", 0)):
            return None  # nothing new since a pass that could not get below the threshold
        return self.run(scope, category, tally=tally)

    def run(self, scope: Scope, category: Category, *, tally: Tally | None = None) -> str:
        """One consolidation pass; returns its run id.

        Raises:
            LLMError, LLMOutputError: nothing was changed.
        """
        assert self.llm is not None, "consolidation needs an LLM"
        facts = self.active(scope, category)
        answer = structured(self.llm, system=_SYSTEM.format(name=category.name, prompt=category.prompt),
                            prompt=f"Stored features:\n{feature_lines(facts)}", model=Commands,
                            purpose=f"consolidate:{category.name}", tally=tally)
        commands = _with_episode_cites(screen_commands(answer.commands, self.settings.privacy).commands, facts)
        run = f"consolidation:{uuid.uuid4().hex}"
        vectors: list[Any] = [None] * len(commands)
        if self.embedder is not None and commands:
            matrix = self.embedder.embed([statement(c) for c in commands])
            vectors = [matrix[i] for i in range(len(commands))]
        now = utcnow()
        episode_ids = sorted({e for f in facts for e in f.citations})
        # a project's feature stays its folder's: its messages' folder is the one it holds in
        folders = {e: f.project for f in facts if f.project is not None for e in f.citations}
        ctx = Context(scope=scope, category=category, actor=f"consolidator:{self.llm.name}", run=run,
                      observed_at=now, now=now, sources=dict.fromkeys(episode_ids),
                      default_cites=tuple(episode_ids), merge_similarity=self.settings.merge_similarity,
                      folders=folders)
        with self.store.db.write() as conn:
            self.store.lock_scopes(conn, [scope])
            applied = apply_commands(self.store, conn, ctx, commands, vectors)
            after = self.store.semantic_queries().active_features(conn, scope, category.name)
            self.store.log_event(conn, scope, fact_id=None, action="merge", actor=ctx.actor,
                                 detail={"what": "consolidation", "run": run, "category": category.name,
                                         "features_before": len(facts), "features_after": after,
                                         "summary": _summary(applied)}, now=now)
        return run


def _with_episode_cites(commands: Sequence[Command], facts: Sequence[Fact]) -> list[Command]:
    """Consolidation commands cite fact ids; the facts they write must cite episodes: the union
    of the cited facts' citations, else of the facts deleted under the same tag."""
    by_id = {f.id: f for f in facts}
    deleted_by_tag: dict[str, set[int]] = {}
    for cmd in commands:
        if cmd.command == "delete":
            for f in facts:
                if f.tag == cmd.tag and f.value == cmd.value:
                    deleted_by_tag.setdefault(cmd.tag, set()).update(f.citations)
    out = []
    for cmd in commands:
        cites = {e for i in cmd.cite if i in by_id for e in by_id[i].citations} or deleted_by_tag.get(cmd.tag, set())
        out.append(cmd.model_copy(update={"cite": sorted(cites)}))
    return out


def _summary(applied: Sequence[Applied]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for a in applied:
        counts[a.action] = counts.get(a.action, 0) + 1
    return counts


def undo_run(store: SemanticStore, scope: Scope, run: str, *, actor: str = "sdk") -> dict[str, int]:
    """Revert every change a run (consolidation or extraction batch) made in ``scope``.

    Returns ``{"archived": n, "restored": m}``. Raises ``NotFound`` if the run left no event here.
    """
    queries = store.semantic_queries()
    now = utcnow()
    with store.db.write() as conn:
        store.lock_scopes(conn, [scope])
        rows = queries.run_changes(conn, scope, run)
        if not rows:
            raise NotFound(f"no changes of run {run!r} in {scope.describe()}")
        created = [fid for fid, action in rows if action == "create" and fid is not None]
        retired = [fid for fid, action in rows if action in ("supersede", "deactivate") and fid is not None]
        for fact_id in created:
            store.set_fact_status(conn, fact_id, "archived", now=now)
            store.log_event(conn, scope, fact_id=fact_id, action="archive", actor=actor,
                            detail={"undo": run}, now=now)
        for fact_id in retired:
            queries.reopen_fact(conn, fact_id)
            store.set_fact_status(conn, fact_id, "active", now=now)
            store.log_event(conn, scope, fact_id=fact_id, action="restore", actor=actor,
                            detail={"undo": run}, now=now)
        store.log_event(conn, scope, fact_id=None, action="restore", actor=actor,
                        detail={"what": "undo", "run": run, "archived": len(created), "restored": len(retired)},
                        now=now)
    return {"archived": len(created), "restored": len(retired)}


def runs(store: SemanticStore, scope: Scope) -> list[dict[str, Any]]:
    """Consolidation runs in ``scope``, newest first: ``{"run", "at", "category", "summary", ...}``."""
    return [{"at": at, **detail} for at, detail in store.semantic_queries().consolidation_runs(scope)]
