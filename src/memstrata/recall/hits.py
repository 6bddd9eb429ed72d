"""A ranked candidate as a ``Hit``: an episode's match evidence (``episode_match``), a fact as a hit
(``fact_hit``, also the profile's unranked hits), an episode hit's own copy of its episode
(``own_episode``) and the turns around it (``with_context``). ``recall.search`` ranks the candidates;
this is what it makes of them."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence

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


#: How many of a fact's newest citations ``said_offset`` reads for the message said at its ``observed_at``.
OFFSET_LOOKUPS = 3


def said_offset(fact: Fact, episode: Callable[[int], Episode | None]) -> int | None:
    """The UTC offset a fact's time is shown in: that of the message that last stated it, the cited episode said
    at its ``observed_at`` (of its ``OFFSET_LOOKUPS`` newest citations), else the newest cited one found;
    ``None`` (UTC) for a fact no message states (``update``) or whose messages are gone. ``episode(id)``
    reads one episode (``None``: gone or hidden)."""
    found = None
    for episode_id in reversed(fact.citations[-OFFSET_LOOKUPS:]):
        said = episode(episode_id)
        if said is not None and said.created_at == fact.observed_at:
            return said.utc_offset_minutes
        found = found or said
    return None if found is None else found.utc_offset_minutes


def with_said_offsets(hits: Sequence[Hit], episode: Callable[[int], Episode | None]) -> list[Hit]:
    """``hits`` with each fact hit's ``utc_offset_minutes`` (``said_offset``), so its date is the speaker's
    day as its message's is; an episode among ``hits`` is not read again. Episode hits carry their own."""
    known: dict[int, Episode | None] = {h.episode.id: h.episode for h in hits if h.episode is not None}

    def read(episode_id: int) -> Episode | None:
        if episode_id not in known:
            known[episode_id] = episode(episode_id)
        return known[episode_id]
    out = []
    for hit in hits:
        if hit.kind == "fact" and hit.fact is not None and hit.utc_offset_minutes is None \
                and (offset := said_offset(hit.fact, read)) is not None:
            hit = Hit(**{**hit.__dict__, "utc_offset_minutes": offset})
        out.append(hit)
    return out


def fact_ids(hits: Sequence[Hit]) -> list[int]:
    """Ids of the fact hits (their access statistics are updated after a search)."""
    return [h.id for h in hits if h.kind == "fact"]
