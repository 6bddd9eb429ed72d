"""The candidate lists a search fuses (``recall.search``): one ranked list (``Ranked``), the
episode-level fusion of the segment lists (``Fused``), and the helpers that turn segment lists
into episode lists.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from memstrata.types import Episode, Scope, Segment


@dataclass(frozen=True)
class Fused:
    """Episode-level fusion of the segment lists: segment rows, each episode's segments in the
    lists (best first), fused scores, the weight they are normalised by, full-text scores."""

    rows: dict[int, tuple[Segment, Episode]]
    found: dict[int, list[int]]
    fused: dict[int, float]
    weight: float
    text_scores: dict[int, float]
    #: Episodes the whole-turn list found.
    turns: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Ranked:
    """One candidate list for RRF: ids best first, its weight, and (full text) each id's score."""

    ids: list[int]
    weight: float
    vector: bool
    scores: dict[int, float]
    #: The whole-turn list (ids: each turn's first segment).
    whole_turn: bool = False

    @classmethod
    def text(cls, found: Sequence[tuple[int, float]], weight: float = 1.0) -> Ranked:
        """A full-text list (``found``: ids with the store's lower-is-better scores)."""
        # Stores give full-text scores lower-is-better (bm25, negated ts_rank): negate.
        return cls([i for i, _ in found], weight, False, {i: -score for i, score in found})

    @classmethod
    def vectors(cls, found: Sequence[tuple[int, float]], weight: float) -> Ranked:
        """A vector list (``found``: ids best first; cosines are read elsewhere)."""
        return cls([i for i, _ in found], weight, True, {})


def episode_lists(seg_lists: Sequence[Ranked], rows: dict[int, tuple[Segment, Episode]],
                   ) -> tuple[list[list[int]], dict[int, list[int]]]:
    """Each segment list as a list of episode ids, and each episode's segments in the lists.

    Episodes are what is ranked: each list keeps an episode once, at its best segment's
    rank, so three matching sentences of one turn do not push other turns down, and a
    turn found by full text through one sentence and by vector through another gets both.
    """
    lists: list[list[int]] = []
    found: dict[int, list[int]] = {}  # episode id -> its best segment in each list that has it
    for ranked in seg_lists:
        order: list[int] = []
        seen: set[int] = set()  # ``order``'s episodes: a list's membership test read it all (50 ids a list)
        for seg_id in ranked.ids:
            if seg_id in rows and (episode_id := rows[seg_id][1].id) not in seen:
                found.setdefault(episode_id, []).append(seg_id)
                order.append(episode_id)
                seen.add(episode_id)
        lists.append(order)
    return lists, found


def session_key(episode: Episode) -> tuple[Scope, str | None]:
    """The conversation an episode belongs to: its scope and session."""
    return episode.scope, episode.scope.session_id


def list_weight(lists: Sequence[Ranked]) -> float:
    """Summed weight of the lists that found anything (the most an item can score)."""
    return sum(ranked.weight for ranked in lists if ranked.ids)
