"""The candidate lists a search fuses (``recall.search``): one ranked list (``Ranked``), the
episode-level fusion of the segment lists (``Fused``), the helpers that turn segment lists
into episode lists, and the share a fused episode gets from its session's rank (``session_bonus``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from memstrata.recall.fusion import session_ranks
from memstrata.text.clauses import assistant_turns
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


class AssistantLines:
    """Which segments were said in an assistant's turn of a pasted dialogue
    (``text.clauses.assistant_turns``: "assistant: You said you live in London?" inside one message
    of "user: ... / assistant: ..." lines); ``rows``: the search's segment rows. Each message's
    turns are read once, and each segment looked for in it once (a segment is asked of in every
    list that holds it, then again to order its message's segments)."""

    def __init__(self, rows: dict[int, tuple[Segment, Episode]]) -> None:
        self.rows = rows
        self.spans: dict[int, list[tuple[int, int]]] = {}
        self.said: dict[int, bool] = {}

    def __call__(self, seg_id: int) -> bool:
        if seg_id not in self.said:
            self.said[seg_id] = self._said(seg_id)
        return self.said[seg_id]

    def _said(self, seg_id: int) -> bool:
        if seg_id not in self.rows:
            return False
        segment, episode = self.rows[seg_id]
        if episode.id not in self.spans:
            self.spans[episode.id] = assistant_turns(episode.content)
        at = episode.content.find(segment.text) if self.spans[episode.id] else -1
        return at >= 0 and any(start <= at < end for start, end in self.spans[episode.id])


def users_lines_first(seg_lists: Sequence[Ranked], assistants: AssistantLines) -> list[Ranked]:
    """``seg_lists`` with the segments an assistant said in a pasted dialogue (``assistants``) moved
    behind every other segment of their list, in their order: for a question about the user
    (``recall.speakers.about_the_user``), so the user's own lines rank a message before what the
    assistant said in it, and a message found only by the assistant's lines ranks behind the rest.
    Nothing is dropped."""
    out = []
    for ranked in seg_lists:
        said = [i for i in ranked.ids if assistants(i)]
        behind = set(said)
        out.append(replace(ranked, ids=[i for i in ranked.ids if i not in behind] + said) if said else ranked)
    return out


def session_key(episode: Episode) -> tuple[Scope, str | None]:
    """The conversation an episode belongs to: its scope and session."""
    return episode.scope, episode.scope.session_id


def session_bonus(fused: dict[int, float], turn_scores: dict[int, float], episodes: dict[int, Episode],
                  blocks: dict[tuple[Scope, str | None], int] | None = None, *, weight: float,
                  rrf_k: int) -> set[int]:
    """Add each episode's session rank (``weight``: ``Settings.session_weight``; ``rrf_k``: ``Settings.rrf_k``) to
    ``fused``, in place.

    Sessions are ranked by their session blocks (``blocks``, from ``recall.search.Retriever._block_sessions``)
    when given, else by their full-text turns (``turn_scores``: episode id → its best segment's score,
    ``recall.fusion.session_ranks``); episodes without a session id take no part. Returns the episodes that got a
    session share (their relevance is normalised with the session weight).
    """
    if weight <= 0 or not (turn_scores or blocks):
        return set()
    ranks = blocks or session_ranks((session_key(episodes[e]), score) for e, score in turn_scores.items()
                                    if episodes[e].scope.session_id is not None)
    got = set()
    for episode_id in fused:
        rank = ranks.get(session_key(episodes[episode_id]))
        if rank is not None:
            fused[episode_id] += weight / (rrf_k + rank)
            got.add(episode_id)
    return got


def list_weight(lists: Sequence[Ranked]) -> float:
    """Summed weight of the lists that found anything (the most an item can score)."""
    return sum(ranked.weight for ranked in lists if ranked.ids)
