"""What the fact engine needs to know of a statement: who said it, when, where, and what to record.

Every writer of facts (the rule extractor's path in ``write.ingest``, the LLM's in
``semantic.apply``, a hand edit in ``write.update``) describes its statement as one ``Said``
and hands it with a ``FactCandidate`` to ``facts.engine.FactEngine.apply``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from memstrata.types import Scope

#: One fact change as the engine reports it: ``(action, fact_id, ids of the facts it retired)``.
#: ``action`` is ``create`` | ``touch`` | ``merge`` | ``supersede`` | ``retract`` | ``past``
#: (``write.ingest.FactChange`` explains each).
RawChange = tuple[str, int, tuple[int, ...]]


@dataclass(frozen=True)
class Said:
    """One statement a fact comes from.

    Attributes:
        scope: the facts' scope (org, project, user, agent; no session: facts outlive sessions).
        speaker: who said it (``None``: the user themself), as ``write.ingest.own_speaker`` gives it.
        at: when it was said (timezone-aware UTC): the engine places values by this time.
        episode_id: the episode that says it, recorded in every audit event as ``episode``
            (``None`` for a hand edit: nothing the user said states it).
        actor: recorded in every audit event (``extractor:rules``, ``llm:openai:gpt-4o`` ...).
        expires_at: when a fact it creates expires (``facts.said.fact_expiry``), or ``None``.
        cites: the episodes a fact it creates or restates cites (default: ``episode_id`` alone).
        tag: ``Fact.tag`` of a fact it creates (default: the key's first part).
        note: more detail for every audit event it causes (the LLM's run id, so a run can be undone).
        project: the folder it was said in (the message's ``metadata.project``: ``said_in``), ``None`` for none: a
            project's convention said there is that folder's (``facts.terms.subject_of``).
    """

    scope: Scope
    speaker: str | None
    at: datetime
    episode_id: int | None
    actor: str
    expires_at: datetime | None = None
    cites: tuple[int, ...] = ()
    tag: str | None = None
    note: Mapping[str, object] = field(default_factory=dict)
    project: str | None = None

    @property
    def citations(self) -> tuple[int, ...]:
        """The episodes cited: ``cites``, else ``(episode_id,)`` (none for a hand edit)."""
        return self.cites or (() if self.episode_id is None else (self.episode_id,))

    def detail(self, **values: object) -> dict[str, object]:
        """An audit event's detail: ``values`` plus ``note``."""
        return {**values, **self.note}


def said_in(metadata: object) -> str | None:
    """The folder a message was said in: its ``metadata.project`` when that is a string with something besides
    spaces (the coding-agent hooks store the session's ``cwd`` there), else ``None`` (no folder: a blank one is
    none, never a folder named by spaces).

    >>> said_in({"project": "/home/dev/a"}), said_in({"project": "  "}), said_in({}), said_in(None)
    ('/home/dev/a', None, None, None)
    """
    project = metadata.get("project") if isinstance(metadata, Mapping) else None
    return project if isinstance(project, str) and project.strip() else None


def fact_expiry(*, now: datetime, kind: str, sensitivity: str, ttl_seconds: Mapping[str, float],
                message_expires_at: datetime | None) -> datetime | None:
    """When a new fact expires: the earliest of its message's TTL and the policy TTLs of its
    kind and sensitivity (``Settings.ttl_seconds``, in seconds); ``None`` when none applies."""
    candidates = [message_expires_at] if message_expires_at is not None else []
    candidates += [now + timedelta(seconds=ttl_seconds[name]) for name in (kind, sensitivity) if name in ttl_seconds]
    return min(candidates) if candidates else None
