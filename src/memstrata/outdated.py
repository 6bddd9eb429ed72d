"""Outdated memories: hits whose every fact was superseded are marked and ranked down.

When a user changes their mind ("I prefer UPS" → "以后都用顺丰"), the old fact is
superseded, but the episode that stated it is kept (episodes are the source of truth,
append-only) and still matches a query about delivery as well as the new one does. A
search would then show "I prefer UPS" beside the current fact with nothing to tell them
apart. So a search marks, after ranking and before cutting to ``limit``:

* a **fact hit** whose fact was superseded (only seen with ``include_superseded`` or
  ``as_of``), and
* an **episode hit** that facts cite and whose citing facts were *all* superseded (an
  episode that also stated something still current, or that no fact cites, is left alone),

with ``Hit.superseded = True``, and multiplies its score by ``Settings.superseded_weight``
(0.5: an outdated episode that matched as well as the current fact ranks well below it, yet
stays findable). Superseded means status ``superseded``: replaced by a new value, withdrawn
("I no longer want FedEx"), or merged away; an archived fact is not contradicted and does not
count. With ``as_of`` the marks are as the system believed then: a fact superseded later
was current at ``as_of``, and a fact recorded later does not count.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime

from memstrata.store.records import Citation
from memstrata.types import Fact, Hit


def retired(status: str, recorded_at: datetime, expired_at: datetime | None, as_of: datetime | None) -> bool | None:
    """Whether a fact was superseded (at ``as_of``, or now when ``None``); ``None`` when it did
    not exist yet at ``as_of`` (recorded later: it says nothing about an episode then)."""
    if as_of is not None:
        if recorded_at > as_of:
            return None
        return status == "superseded" and expired_at is not None and expired_at <= as_of
    return status == "superseded"


def outdated_episodes(citations: Iterable[Citation], as_of: datetime | None = None) -> set[int]:
    """Ids of the episodes that facts cite and whose citing facts were all superseded."""
    states: dict[int, list[bool]] = {}
    for c in citations:
        gone = retired(c.status, c.recorded_at, c.expired_at, as_of)
        if gone is not None:
            states.setdefault(c.episode_id, []).append(gone)
    return {episode for episode, gone in states.items() if all(gone)}


def _fact_retired(fact: Fact, as_of: datetime | None) -> bool:
    return bool(retired(fact.status, fact.recorded_at, fact.expired_at, as_of))


def mark_outdated(hits: Sequence[Hit], citations: Iterable[Citation], *, weight: float,
                  as_of: datetime | None = None) -> list[Hit]:
    """``hits`` with the outdated ones (module docstring) marked ``superseded`` and their
    ``score`` multiplied by ``weight`` (in [0, 1]); order unchanged (the caller sorts)."""
    old = outdated_episodes(citations, as_of)
    out = []
    for hit in hits:
        gone = hit.id in old if hit.kind == "episode" else hit.fact is not None and _fact_retired(hit.fact, as_of)
        out.append(replace(hit, score=hit.score * weight, superseded=True,
                           signals={**hit.signals, "superseded": 1.0}) if gone else hit)
    return out
