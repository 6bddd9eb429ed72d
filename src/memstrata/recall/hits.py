"""A ranked candidate as a ``Hit``: an episode's match evidence (``episode_match``), a fact as a hit
(``fact_hit``, also the profile's unranked hits), an episode hit's own copy of its episode
(``own_episode``) and the turns around it (``with_context``). ``recall.search`` ranks the candidates;
this is what it makes of them."""

from __future__ import annotations

import copy
from collections.abc import Sequence

from memstrata.filter import Expr
from memstrata.recall.lists import Fused
from memstrata.recall.shortlist import Candidate, marked
from memstrata.recall.strength import Strength
from memstrata.store.protocol import Store
from memstrata.types import Episode, Fact, Hit, Segment


def episode_match(strength: Strength, fusion: Fused, episode_id: int, shown: tuple[Segment, Episode],
                  lender: int | None) -> float:
    """An episode's match strength: the best of its found segments (else the one shown), its whole
    text when found as a whole turn, and the segments of the match it borrowed from (``lender``)."""
    rows, found = fusion.rows, fusion.found
    segment, episode = shown
    own = found.get(episode_id)
    match = (max([strength.of(("segment", i), rows[i][0].derivative) for i in own]) if own
             else strength.of(("segment", segment.id), segment.derivative))
    if episode_id in fusion.turns:  # found as a whole turn: its whole text's coverage
        match = max(match, strength.of(("turn", episode_id), episode.content))
    if lender is not None:
        match = max(match, *(strength.of(("segment", i), rows[i][0].derivative) for i in found[lender]))
    return match


def fact_hit(fact: Fact, *, score: float = 0.0, relevance: float = 0.0,
             signals: dict[str, float] | None = None) -> Hit:
    """``fact`` as a hit: its statement (else ``key = value``) as text, cited by its episodes.
    Unranked (score and relevance 0) for ``Memory.context``'s profile block."""
    return Hit(kind="fact", id=fact.id, text=fact.statement or f"{fact.key} = {fact.value}", matched=fact.statement,
               score=score, relevance=relevance, created_at=fact.observed_at, citations=fact.citations,
               scope=fact.scope, fact=fact, signals=dict(signals or {}))


def ranked_fact_hit(candidate: Candidate, strength: Strength) -> Hit:
    """``candidate`` (from ``recall.search.Retriever._fact_candidates``) as a hit, with its signals and match
    evidence."""
    fact, text, match, rec, acc = candidate.data
    rel = candidate.relevance
    return fact_hit(fact, score=candidate.score, relevance=rel,
                    signals=marked(candidate, {"relevance": rel, "recency": rec,
                                                "match": strength.evidence(match, ("fact", fact.id), text),
                                                "similarity": candidate.similarity, "access": acc}))


def own_episode(episode: Episode) -> Episode:
    """``episode`` with metadata of its own, for a hit: a store may share the episodes a search reads
    between searches (``store.sqlite.searched``), and a caller may change a hit's."""
    metadata = episode.metadata
    mine = (dict(metadata) if not any(isinstance(v, (dict, list)) for v in metadata.values())
            else copy.deepcopy(metadata))
    # Built as ``with_context`` builds a hit: half the time of ``dataclasses.replace``.
    return Episode(**{**episode.__dict__, "metadata": mine})


def with_context(store: Store, hit: Hit, n: int, filter: Expr | None) -> Hit:
    """``hit`` with up to ``n`` segments before and after its matched one (``Store.neighbours``) as ``context``
    (``search(expand_context=n)``); a fact hit unchanged. Context is returned content too: a ``filter`` that hides
    an episode hides it here as well."""
    if hit.episode is None:
        return hit
    index = int(hit.signals.get("segment_index", 0))
    context = tuple(store.neighbours(hit.episode, index, n, filter=filter))
    return Hit(**{**hit.__dict__, "context": context})


def fact_ids(hits: Sequence[Hit]) -> list[int]:
    """Ids of the fact hits (their access statistics are updated after a search)."""
    return [h.id for h in hits if h.kind == "fact"]
