"""Hits are built for the candidates a search can return, in the order building every one gives."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from memstrata.recall.shortlist import Candidate, bounds, rank_key, shortlist
from memstrata.types import Hit, Scope

WHEN = datetime(2026, 5, 1, tzinfo=UTC)
SCOPE = Scope("default", "default", "u")


def candidates(scores: Sequence[float], speakers: Sequence[str | None] | None = None) -> list[Candidate]:
    return [Candidate("episode", i, score, 0.5, WHEN, (speakers or [None] * len(scores))[i], 0.0, None)
            for i, score in enumerate(scores)]


def finisher(lowered: dict[int, float], named: set[str] | None = None, factor: float = 1.0):
    """Build hits as a search does: some scores lowered (outdated), then every speaker not named
    lowered by ``factor``; records which candidates were built."""
    built: list[int] = []

    def finish(batch: Sequence[Candidate]) -> list[Hit]:
        hits = []
        for c in batch:
            built.append(c.id)
            score = c.score * lowered.get(c.id, 1.0)
            if named is not None and c.speaker not in named:
                score *= factor
            hits.append(Hit(kind="episode", id=c.id, text=f"t{c.id}", matched=f"t{c.id}", score=score,
                            relevance=c.relevance, created_at=WHEN, citations=(c.id,), scope=SCOPE))
        return hits
    return finish, built


def every_hit(cands: list[Candidate], finish) -> list[Hit]:
    return sorted(finish(cands), key=rank_key)


def test_only_the_best_candidates_become_hits_when_nothing_is_lowered() -> None:
    finish, built = finisher({})
    ranked = bounds(candidates([0.1 * (i % 17) for i in range(100)]), None, 1.0)
    hits, known = shortlist(ranked, finish, lambda done: len(done) >= 10, first=20)
    assert len(built) == 20 and known >= 10
    full, _ = finisher({})
    assert [h.id for h in hits[:10]] == [h.id for h in every_hit(ranked, full)[:10]]


def test_a_lowered_hit_gives_its_place_to_an_unbuilt_candidate() -> None:
    # The best 25 are all outdated (halved): the next 20 candidates must be built to know the top 10.
    scores = [1.0 - i / 200 for i in range(100)]
    lowered = {i: 0.5 for i in range(25)}
    finish, built = finisher(lowered)
    ranked = bounds(candidates(scores), None, 1.0)
    hits, known = shortlist(ranked, finish, lambda done: len(done) >= 10, first=10)
    full, _ = finisher(lowered)
    expected = every_hit(ranked, full)
    assert [h.id for h in hits[:known]] == [h.id for h in expected[:known]]
    assert [h.id for h in hits[:10]] == [h.id for h in expected[:10]] == list(range(25, 35))
    assert len(built) < len(scores)


def test_the_speaker_factor_is_part_of_each_bound() -> None:
    # Tom's memories score higher, but the query names Anna: hers come first, and Tom's best
    # (1.0 / 1.5 = 0.667) between her 0.67 and 0.66, without building the rest of Tom's.
    scores = [1.0 - i / 100 for i in range(60)]
    speakers = ["Anna" if i >= 30 else "Tom" for i in range(60)]
    finish, built = finisher({}, named={"Anna"}, factor=1 / 1.5)
    ranked = bounds(candidates(scores, speakers), {"Anna"}, 1 / 1.5)
    hits, _ = shortlist(ranked, finish, lambda done: len(done) >= 5, first=10)
    assert [h.id for h in hits[:5]] == [30, 31, 32, 33, 0]
    assert len(built) == 10


def test_every_candidate_is_built_when_too_few_pass() -> None:
    finish, built = finisher({})
    ranked = bounds(candidates([0.5] * 30), None, 1.0)
    hits, known = shortlist(ranked, finish, lambda done: False, first=4)
    assert len(built) == 30 and known == len(hits) == 30
    assert [h.id for h in hits] == list(range(30))  # equal scores: by id
