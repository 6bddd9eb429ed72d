"""Hits are built for the candidates that can be returned, not for every fused candidate.

A search fuses ~180 candidates at 10k segments (``recall.search``) and returns ``limit`` of them.
Ranking a candidate needs its blended score and relevance; a returned hit also needs its text,
signals and match evidence, its outdated marks (``recall.outdated``: one read of the facts citing
its episode) and its named-speaker focus (``recall.speakers``). So every candidate is scored as a
light ``Candidate`` first, and hits are built (``finish``) best candidate first, in growing
batches, until the hits known to be in their final order hold the ``limit`` that a search
returns.

The final order is known without building every hit because the steps after scoring only lower a
score: an outdated hit's score is multiplied by ``Settings.superseded_weight`` (at most 1) and a
hit not of a speaker the query names by ``1 / (1 + Settings.speaker_weight)``. The speaker factor
is known for every candidate from its speaker alone, so each candidate's ``bound`` is its score
with that factor: the most its hit can score (floating-point rounding is monotonic, so a product
by a factor of at most 1 never exceeds the unmultiplied product). A built hit that sorts before
the best bound still unbuilt sorts before every unbuilt hit, whatever their outdated marks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from memstrata.recall.fusion import with_similarity
from memstrata.recall.periods import Period
from memstrata.types import Hit


@dataclass(slots=True, eq=False)
class Candidate:
    """One fused search candidate, scored but not yet a ``Hit``.

    ``score`` is its blended score (lifted by its similarity once ``recall.search`` has done so),
    ``bound`` the most its hit can score (``score`` times its speaker factor, set by ``bounds``),
    ``similarity`` its rescaled cosine (``Hit.signals["similarity"]``), ``speaker`` whose memory it
    is (``recall.speakers.speaker_of`` of its hit), ``data`` what building its hit needs (opaque
    here), ``in_period`` / ``period_asked`` the period marks its hit's signals will carry.
    """

    kind: str
    id: int
    score: float
    relevance: float
    created_at: datetime
    speaker: str | None
    similarity: float
    data: Any
    bound: float = 0.0
    in_period: bool = False
    period_asked: bool = False


def rank_key(hit: Hit) -> tuple[float, float, str, int]:
    """A hit's place in a search's order: best score first, then relevance, kind and id."""
    return (-hit.score, -hit.relevance, hit.kind, hit.id)


def bound_key(candidate: Candidate) -> tuple[float, float, str, int]:
    """``rank_key`` of the best hit ``candidate`` can become (its ``bound``)."""
    return (-candidate.bound, -candidate.relevance, candidate.kind, candidate.id)


def bounds(candidates: Sequence[Candidate], named: set[str | None] | None, factor: float) -> list[Candidate]:
    """Set each candidate's ``bound`` (its score, times ``factor`` when ``named`` is given and its
    speaker is not in it) and return the candidates best bound first (``bound_key``)."""
    for c in candidates:
        c.bound = c.score * factor if named is not None and c.speaker not in named else c.score
    return sorted(candidates, key=bound_key)


def shortlist(ranked: Sequence[Candidate], finish: Callable[[Sequence[Candidate]], list[Hit]],
              enough: Callable[[list[Hit]], bool], *, first: int) -> tuple[list[Hit], int]:
    """Build hits from ``ranked`` (best bound first, ``bounds``) in batches of ``first``, then
    twice as many each time, until ``enough`` holds for the hits known to precede every unbuilt
    candidate, or none is left.

    ``finish`` builds a batch's hits with their final scores. Returns the hits built, in their
    final order (``rank_key``), and how many of them (a prefix) are known to be in place: no
    unbuilt candidate's hit can sort before one of them. Every candidate is built when ``enough``
    never holds."""
    built: list[Hit] = []
    start, size = 0, max(1, first)
    while start < len(ranked):
        built += finish(ranked[start:start + size])
        start += size
        size *= 2
        built.sort(key=rank_key)
        if start >= len(ranked):
            break
        edge = bound_key(ranked[start])
        known = next((i for i, hit in enumerate(built) if rank_key(hit) >= edge), len(built))
        if enough(built[:known]):
            return built, known
    return built, len(built)


def marked(candidate: Candidate, signals: dict[str, float]) -> dict[str, float]:
    """``signals`` (a hit's, being built) with the candidate's period marks (``mark_in_period``,
    ``mark_period_asked``), in that order."""
    if candidate.in_period:
        signals["in_period"] = 1.0
    if candidate.period_asked:
        signals["period_asked"] = 1.0
    return signals


def mark_in_period(candidates: Sequence[Candidate], periods: Sequence[Period]) -> None:
    """Mark each candidate said (an episode) or observed (a fact) inside one of ``periods`` (the query
    named them: the time is the match, ``recall.evidence``): its hit's ``signals["in_period"]`` is 1.
    In place, ranking untouched."""
    for candidate in candidates:
        if any(start <= candidate.created_at < end for start, end in periods):
            candidate.in_period = True


def mark_period_asked(candidates: Sequence[Candidate], periods: Sequence[Period]) -> None:
    """Mark each candidate said or observed inside one of ``periods`` (those the question itself
    names: ``recall.search.Retriever._asked_periods``), or a fact of an event or plan whose own days
    (``valid_from`` to ``valid_to``, both set: "trip to Sanya (2027-01)") meet one of them: its hit's
    ``signals["period_asked"]`` is 1, which ``recall.evidence.evidence`` counts as a full match. A plan is
    asked about by when it happens, not when it was said: 他们下个月有什么计划？ ranked "plans: trip to
    Sanya (2027-01)" first and the context block said nothing matched (0.33 of the question's words).
    In place, ranking untouched."""
    for candidate in candidates:
        start_end = _happens(candidate)
        if start_end is not None:
            since, until = start_end
            if any(since < end and start < until for start, end in periods):
                candidate.period_asked = True
        elif any(start <= candidate.created_at < end for start, end in periods):
            candidate.period_asked = True


def _happens(candidate: Candidate) -> Period | None:
    """The days a fact candidate's event or plan happens (``Fact.valid_from`` to ``valid_to``, both set);
    ``None`` for an episode or a fact that holds from some day on."""
    fact = candidate.data[0] if candidate.kind == "fact" and candidate.data else None
    if fact is None or fact.valid_from is None or fact.valid_to is None:
        return None
    return fact.valid_from, fact.valid_to


def lift_by_similarity(candidates: Sequence[Candidate], weight: float, lent: dict[int, float]) -> None:
    """Lift each candidate's score by its own match to the query (``recall.fusion.with_similarity``,
    ``Settings.similarity_weight``): its rescaled cosine, or what a neighbouring turn borrowed of its
    lender's (``recall.strength.Strength.lent``), or 1 for a memory said in a period the query names
    (the time is the match, as in ``recall.evidence``). In place."""
    for candidate in candidates:
        similarity = candidate.similarity
        if candidate.in_period:
            similarity = 1.0
        elif candidate.kind == "episode":
            similarity = max(similarity, lent.get(candidate.id, 0.0))
        candidate.score = with_similarity(candidate.score, similarity, weight)


def believed(candidate: Candidate, as_of: datetime) -> bool:
    """Whether the system held ``candidate`` at ``as_of`` (bi-temporal transaction time)."""
    if candidate.kind != "fact":
        return candidate.created_at <= as_of
    fact = candidate.data[0]
    return bool(fact.recorded_at <= as_of and (fact.expired_at is None or fact.expired_at > as_of))
