"""Apply LLM commands to stored facts through the fact engine rule facts go through (``facts.engine``).

An ``add`` becomes a ``FactCandidate`` that ``FactEngine.resolve`` applies: the same value is
touched, a near-duplicate (cosine ≥ ``merge_similarity``) is merged, a value said before a
newer one or before its withdrawal is stored as a past value, a value coming back cites the
messages that said it before, anything else is created. A ``delete`` with an ``add`` under
the same key is an update: the deleted fact is superseded by the added one (``valid_to``
closed, ``supersede`` event). A lone ``delete`` from extraction is a withdrawal
(``facts.withdraw``: superseded, ``retracted``); from a consolidation it archives the fact
(``deactivate`` event). Every event carries the run id, so a run can be undone
(``semantic.consolidate.undo_run``). Everything happens inside the caller's transaction.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

import numpy as np

from memstrata.extract.base import FactCandidate
from memstrata.facts.engine import FactEngine
from memstrata.facts.resolve import same_thing
from memstrata.facts.said import Said
from memstrata.facts.terms import subject_of
from memstrata.semantic.categories import Category, feature_key
from memstrata.semantic.commands import Command
from memstrata.store.protocol import Store
from memstrata.text.tokens import normalise_value
from memstrata.types import Fact, Scope

log = logging.getLogger(__name__)

#: Confidence of an LLM-inferred feature: below the rule extractor's explicit patterns
#: (0.85–0.95), above its weak ones, since the model may infer what was only implied.
LLM_CONFIDENCE = 0.75
#: Importance of a profile feature (the taxonomy's middle value for durable user facts).
LLM_IMPORTANCE = 0.6


@dataclass(frozen=True)
class Applied:
    """What one command did: ``create`` | ``touch`` | ``merge`` | ``supersede`` | ``past`` | ``retract`` |
    ``archive`` | ``skip`` (``write.ingest.FactChange`` says what each means).

    ``fact_id`` is the fact written or retired (``None`` for a skip); ``previous`` the
    facts an update superseded.
    """

    action: str
    fact_id: int | None
    previous: tuple[int, ...]
    command: Command


@dataclass(frozen=True)
class Context:
    """Where and how commands are applied.

    ``scope``: the facts' scope (org/project/user/agent). ``sources``: episode ids a command
    may cite, with their speakers. ``default_cites``: cited when a command names none.
    ``run``: recorded in every event (queue batch token or consolidation id).
    ``expires_at``: when new features expire (``facts.said.fact_expiry``), or ``None``.
    ``withdraws``: a lone ``delete`` withdraws the value (extraction from what was said) rather
    than archiving the feature (consolidation). ``folders``: the folder each source was said in
    (``facts.said.said_in``; none listed: none), where a command marked ``project`` holds.
    """

    scope: Scope
    category: Category
    actor: str
    run: str
    observed_at: datetime
    now: datetime
    sources: Mapping[int, str | None]
    default_cites: tuple[int, ...]
    merge_similarity: float = 0.9
    expires_at: datetime | None = None
    withdraws: bool = False
    folders: Mapping[int, str | None] = field(default_factory=dict)


def statement(cmd: Command) -> str:
    """The indexed sentence of a feature: ``tag · feature: value``."""
    return f"{cmd.tag} · {cmd.feature}: {cmd.value}"


def apply_commands(store: Store, conn: Any, ctx: Context, commands: Sequence[Command],
                   vectors: Sequence[np.ndarray | None]) -> list[Applied]:
    """Apply ``commands`` (with the statement vector of each, or ``None``) in order of key."""
    by_key: dict[str, list[tuple[Command, np.ndarray | None]]] = {}
    for cmd, vec in zip(commands, vectors, strict=True):
        by_key.setdefault(feature_key(ctx.category, cmd.tag, cmd.feature), []).append((cmd, vec))
    out: list[Applied] = []
    for key, group in by_key.items():
        out += _apply_key(store, conn, ctx, key, group)
    return out


def _cites(ctx: Context, cmd: Command) -> tuple[int, ...]:
    known = tuple(dict.fromkeys(c for c in cmd.cite if c in ctx.sources))
    return known or ctx.default_cites


def _match(facts: Sequence[Fact], value: str, *, loose: bool = True) -> Fact | None:
    """The fact holding ``value``: the same normalised value, else (``loose``) the one fact
    whose value names the same thing (models shorten or lengthen what they copy)."""
    norm = normalise_value(value)
    exact = [f for f in facts if normalise_value(f.value) == norm]
    if exact or not loose:
        return exact[0] if exact else None
    near = [f for f in facts if same_thing(value, f.value) or same_thing(f.value, value)]
    return near[0] if len(near) == 1 else None


def _apply_key(store: Store, conn: Any, ctx: Context, key: str,
               group: Sequence[tuple[Command, np.ndarray | None]]) -> list[Applied]:
    first_cites = _cites(ctx, group[0][0])
    speaker = ctx.sources.get(first_cites[0]) if first_cites else None
    # whose features these are, as the fact engine stores them (a project's convention: its folder's)
    subject = subject_of(_said(ctx, group[0][0], speaker), _candidate(ctx, key, group[0][0]))
    existing = store.load_facts(conn, store.fact_ids(conn, ctx.scope, keys=[key], subject=subject))
    engine = FactEngine(store, None, merge_similarity=ctx.merge_similarity)
    out: list[Applied] = []
    retire: dict[int, tuple[Command, Fact]] = {}
    for cmd, _ in group:
        if cmd.command != "delete":
            continue
        target = _match(existing, cmd.value)
        if target is None:
            log.info("%s: delete of %s = %r matches no stored feature; ignored", ctx.actor, key, cmd.value)
            out.append(Applied("skip", None, (), cmd))
        else:
            retire[target.id] = (cmd, target)
    for cmd, vec in [(c, v) for c, v in group if c.command == "add"]:
        kept = _match([f for _, f in retire.values()], cmd.value, loose=False)
        if kept is not None:  # "delete X, add X": nothing changes but the restatement
            del retire[kept.id]
        cand = _candidate(ctx, key, cmd)
        said = engine.unsuppressed(conn, _said(ctx, cmd, speaker), key)
        if said is None:  # forgotten from these messages: never drawn from them again
            out.append(Applied("skip", None, (), cmd))
            continue
        action, fact_id, superseded = engine.resolve(conn, said, cand, vec, ctx.now, replaces=tuple(retire))
        for old in superseded:
            retire.pop(old, None)
        out.append(Applied("supersede" if superseded else action, fact_id, superseded, cmd))
    for cmd, fact in retire.values():
        out += _retire(store, conn, ctx, engine, key, fact, cmd, speaker)
    return out


def _candidate(ctx: Context, key: str, cmd: Command, **more: Any) -> FactCandidate:
    """The feature ``cmd`` states as the fact engine takes it (``convention``: the model marked it ``project``)."""
    return FactCandidate(kind=ctx.category.kind, key=key, value=cmd.value, confidence=LLM_CONFIDENCE,
                         importance=LLM_IMPORTANCE, statement=statement(cmd), convention=cmd.project, **more)


def _said(ctx: Context, cmd: Command, speaker: str | None) -> Said:
    """The statement behind ``cmd`` as the fact engine records it: every event carries the run, and the folder
    its first message was said in (``Context.folders``)."""
    cites = _cites(ctx, cmd)
    return Said(scope=ctx.scope, speaker=speaker, at=ctx.observed_at, episode_id=cites[0] if cites else None,
                actor=ctx.actor, expires_at=ctx.expires_at, cites=cites, tag=cmd.tag,
                note={"episodes": list(cites), "run": ctx.run},
                project=ctx.folders.get(cites[0]) if cites else None)


def _retire(store: Store, conn: Any, ctx: Context, engine: FactEngine, key: str, fact: Fact, cmd: Command,
            speaker: str | None) -> list[Applied]:
    """A lone ``delete`` of ``fact``: heard in conversation (``ctx.withdraws``) it is a withdrawal
    of the value, as the rule extractor's "I no longer use UPS" (``facts.withdraw``): superseded
    with no successor, and a value said before it that arrives later ends there. From a
    consolidation (housekeeping over stored features) it archives the fact."""
    said = _said(ctx, cmd, speaker)
    if ctx.withdraws and said.episode_id is not None:
        cand = replace(_candidate(ctx, key, cmd, evidence=statement(cmd), retracts=True), value=fact.value)
        changes = engine.apply(conn, said, cand, None, ctx.now)
        return [Applied(action, fact_id, (), cmd) for action, fact_id, _ in changes]
    store.set_fact_status(conn, fact.id, "archived", now=ctx.now, valid_to=ctx.observed_at)
    store.log_event(conn, ctx.scope, fact_id=fact.id, action="deactivate", actor=ctx.actor,
                    detail={"command": "delete", "key": key, "value": cmd.value, "run": ctx.run,
                            "status_before": "active", "cites": list(_cites(ctx, cmd))}, now=ctx.now)
    return [Applied("archive", fact.id, (), cmd)]
