"""Neighbouring turns borrow a strong match's score: the reply after a matched turn answers it without
repeating its words ("What's your gate code?" → "4417"), and the question before a matched answer is what it
answers. ``recall.search`` lends to the neighbours of its best fused episodes before scoring them."""

from __future__ import annotations

from datetime import datetime

from memstrata.config import Settings
from memstrata.filter import Expr
from memstrata.recall.lists import Fused
from memstrata.recall.strength import Strength
from memstrata.store.protocol import Store
from memstrata.types import Episode, Segment

#: Candidates whose neighbouring turns may borrow their score (``Settings.neighbour_weight``).
NEIGHBOUR_SOURCES = 20


def lend_to_neighbours(store: Store, settings: Settings, fusion: Fused, shown: dict[int, tuple[Segment, Episode]],
                       strength: Strength, with_session: set[int], *, filter: Expr | None,
                       now: datetime) -> dict[int, int]:
    """Let the turns beside the ``NEIGHBOUR_SOURCES`` best of ``fusion.fused`` borrow their score: a share
    (``Settings.neighbour_weight``; ``neighbour_before`` of that for the turn before; less for a turn that says
    much on its own, ``neighbour_chars``) when it beats the turn's own, and the same share of the lender's cosine
    (``strength.lent``). A turn of the lender's own speaker borrows nothing (``same_speaker``); neighbours read
    pass ``filter`` (they become hits). In place: ``fusion.fused``, ``shown`` (the segment shown for a borrower),
    ``with_session`` (a borrower of a session-ranked lender is one too), ``strength.lent``.

    Returns:
        Borrower episode id → its lender's (whose match evidence the borrower inherits).
    """
    fused, found = fusion.fused, fusion.found
    lender: dict[int, int] = {}
    if settings.neighbour_weight <= 0 or not fused:
        return lender
    top = sorted(fused, key=lambda e: (-fused[e], e))[:NEIGHBOUR_SOURCES]
    adjacent = store.adjacent_segments([shown[e][1] for e in top], filter=filter, now=now)
    for source in top:
        said = (shown[source][1].created_at, source)
        for segment, episode in adjacent[source]:
            if same_speaker(episode, shown[source][1]):
                continue  # not a reply nor the question it answers (``same_speaker``)
            # The reply after a match borrows the most (it answers the matched turn without
            # repeating its words); the turn before a match borrows a share of that.
            before = (episode.created_at, episode.id) < said
            borrowed = settings.neighbour_weight * (settings.neighbour_before if before else 1.0) * fused[source]
            # A turn that says much on its own is no bare reply: it borrows less (``neighbour_chars``).
            borrowed *= min(1.0, settings.neighbour_chars / max(1, len(episode.content)))
            if borrowed > fused.get(episode.id, 0.0):
                # The same share of the lender's cosine (``shortlist.lift_by_similarity``): a bare
                # reply to a clear match is as good an answer as the match, a paragraph beside it is not.
                strength.lent[episode.id] = borrowed / fused[source] * max(
                    (strength.similarity(("segment", i)) for i in found.get(source, ())), default=0.0)
                fused[episode.id] = borrowed
                shown.setdefault(episode.id, (segment, episode))
                if source in with_session:
                    with_session.add(episode.id)
                # A reply that answers without repeating the question's words
                # inherits how strongly its neighbour matched.
                lender[episode.id] = source
    return lender


def same_speaker(one: Episode, other: Episode) -> bool:
    """Whether two neighbouring turns were said by the same speaker (role and ``producer_id``).

    Such a turn does not borrow its neighbour's score: borrowing is for the reply that answers a
    matched turn (or the question a matched answer replies to), and a speaker's next message is
    neither. In a memory of one user's statements, "We plan to visit Kyoto next
    spring" scored 0.88 for "gate code", right under the gate-code message (0.90), because it was
    said next; no ``min_score`` could cut it. Retrieval benchmarks are unchanged by the rule (their
    neighbours are always the other speaker): LoCoMo R@5 0.682 / R@10 0.749, MemoryBank-zh R@5
    0.890, MemoryBank-en R@5 0.815, every R@k, NDCG and MRR identical with and without it."""
    return (one.role, one.producer_id) == (other.role, other.producer_id)
