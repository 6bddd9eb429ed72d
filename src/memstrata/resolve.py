"""Conflict resolution: what a new candidate fact does to the facts already stored.

``decide`` is pure: it sees the candidate, the active facts under the same key (and
the opposite key, e.g. ``food.like`` vs ``food.dislike``) about the same subject,
and their cosine similarity to the candidate, and returns one ``Decision``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from memstrata.extract.base import FactCandidate
from memstrata.types import Fact

_PUNCT = re.compile(r"[\s\W_]+", re.UNICODE)


def normalise_value(value: str) -> str:
    """Comparison form of a value: NFKC, case-folded, punctuation and spaces removed."""
    return _PUNCT.sub("", unicodedata.normalize("NFKC", value).casefold())


def opposite_key(key: str) -> str | None:
    """``food.like`` ↔ ``food.dislike`` (any key whose last part is like/dislike)."""
    head, _, last = key.rpartition(".")
    swap = {"like": "dislike", "dislike": "like"}.get(last)
    return None if swap is None else (f"{head}.{swap}" if head else swap)


@dataclass(frozen=True)
class Decision:
    """What to do with a candidate.

    * ``touch``: the same value is already active (``target``): re-stated, no duplicate.
    * ``merge``: a near-duplicate (cosine ≥ threshold) is active (``target``): fold in.
    * ``create``: store it as a new active fact.
    * ``supersede``: store it and retire ``superseded`` (old value of a single-valued
      key, or the same value under the opposite key).
    """

    action: Literal["touch", "merge", "create", "supersede"]
    target: int | None = None
    superseded: tuple[int, ...] = ()


def decide(candidate: FactCandidate, existing: Sequence[Fact], *, single_valued: bool,
           similarity: Mapping[int, float], merge_similarity: float = 0.9) -> Decision:
    """Resolve ``candidate`` against active ``existing`` facts (same subject; same or opposite key).

    Args:
        single_valued: the key holds one value at a time (taxonomy cardinality ``one``).
        similarity: cosine of each existing fact's embedding to the candidate's, by id
            (missing when there are no embeddings: then only exact values match).
        merge_similarity: cosine at or above which two values are the same memory
            (0.9, the issue's threshold).
    """
    value = normalise_value(candidate.value)
    same_key = [f for f in existing if f.key == candidate.key]
    opposite = opposite_key(candidate.key)
    contradicted = tuple(f.id for f in existing if opposite is not None and f.key == opposite
                         and normalise_value(f.value) == value)
    for fact in same_key:
        if normalise_value(fact.value) == value:
            return Decision("touch", target=fact.id, superseded=contradicted)
    near = [f for f in same_key if similarity.get(f.id, 0.0) >= merge_similarity]
    if near:
        best = max(near, key=lambda f: similarity[f.id])
        return Decision("merge", target=best.id, superseded=contradicted)
    retired = contradicted + (tuple(f.id for f in same_key) if single_valued else ())
    return Decision("supersede" if retired else "create", superseded=retired)
