"""How strongly a search candidate matches the query, remembered for one search.

A candidate's match strength (``recall.fusion.match_strength``) is the larger of the share of the
query's terms it holds and its rescaled cosine to the query; ``Strength`` holds one search's
inputs (the query's terms, each vector candidate's cosine) and answers for each candidate once,
however many lists and neighbours ask. The match evidence a hit reports (``signals["match"]``,
``recall.evidence``) and the similarity lift (``Settings.similarity_weight``) read it too.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from memstrata.embed.base import COSINE_CEIL, COSINE_FLOOR
from memstrata.recall.fusion import match_strength
from memstrata.text.tokens import text_units


@functools.lru_cache(maxsize=8192)
def _term_set(text: str) -> frozenset[str]:
    # The same candidates come back query after query; stemming them again was half the
    # cost of a search on LoCoMo (profiled). 8,192 sentences: a few MB.
    return text_units(text)


@dataclass(frozen=True)
class Strength:
    """Per-search inputs of ``match_strength``: the query's terms and each candidate's cosine."""

    terms: set[str]
    cosine: dict[tuple[str, int], float]
    memo: dict[tuple[str, int], float] = field(default_factory=dict)
    #: The model's cosine scale (``embed.base.cosine_scale``).
    scale: tuple[float, float] = (COSINE_FLOOR, COSINE_CEIL)
    #: Episode id → the similarity a neighbouring turn borrowed with its score (``recall.search.Retriever``).
    lent: dict[int, float] = field(default_factory=dict)
    #: ``similarity``'s answers (read once every cosine is known: while scoring).
    similar: dict[tuple[str, int], float] = field(default_factory=dict)
    #: A long query's lone question (``recall.search.Retriever``): each candidate's cosine to that
    #: question's own vector, which ``similarity`` reads instead of ``cosine``; ``None`` otherwise.
    asked: dict[tuple[str, int], float] | None = None
    #: For a message of several sentences that asks (``text.clauses.asked_questions``): the whole
    #: message by its terms alone, then each question by its terms and each vector candidate's cosine
    #: to its own vector; for match evidence only (``evidence``), never ranking.
    questions: tuple[Strength, ...] = ()
    #: Whether the message's questions stand alone (``text.clauses.refers_back``: none refers to the
    #: sentences before it), so the whole message's match (``of``) is no evidence, only ``questions``.
    alone: bool = False

    def of(self, item: tuple[str, int], text: str) -> float:
        """Match strength in [0, 1] of candidate ``item`` (``(kind, id)``, kind ``segment``, ``turn`` or
        ``fact``) whose text is ``text``: the larger of its share of the query's terms and its rescaled
        cosine (``recall.fusion.match_strength``); computed once per search."""
        found = self.memo.get(item)
        if found is None:
            coverage = len(self.terms & _term_set(text)) / len(self.terms) if self.terms else 0.0
            found = self.memo[item] = match_strength(cosine=self.cosine.get(item), coverage=coverage,
                                                     scale=self.scale)
        return found

    def similarity(self, item: tuple[str, int]) -> float:
        """The vector part of ``of`` alone: the item's cosine rescaled to [0, 1] (0 without one); its
        cosine to a long query's lone question when there is one (``asked``). Remembered as ``of``
        is: scoring asks again for each list and each neighbour an item is in."""
        found = self.similar.get(item)
        if found is None:
            cosine = (self.cosine if self.asked is None else self.asked).get(item)
            found = self.similar[item] = match_strength(cosine=cosine, coverage=0.0, scale=self.scale)
        return found

    def evidence(self, ranked: float, item: tuple[str, int], text: str) -> float:
        """A hit's ``signals["match"]``: ``ranked`` (its ``of``, which ranking uses) or, when larger,
        its best match to any one of the message's questions (``questions``), so chit-chat around a
        question, or a second question beside it, does not hide the memory that answers it from
        ``min_match`` and ``Memory.context``. When the questions stand alone (``alone``) ``ranked`` is
        left out: the chit-chat's vector carried it ("prefers window seat" after a late train)."""
        asked = [question.of(item, text) for question in self.questions]
        return max(asked if self.alone and asked else [ranked, *asked])

