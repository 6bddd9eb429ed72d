"""Which part of a partly outdated message a question asks about.

A message may state something since replaced beside something that still holds: "btw I'm vegetarian,
have been for like 5 years, and I'm allergic to shellfish" after "I'm not vegetarian anymore", or "I'm
Dana, I live in Portland right now, work as a nurse at OHSU" after "I moved to Seattle". Its outdated
pieces (``Hit.outdated_parts``) are labelled wherever it is shown; whether the hit as a whole is outdated
(``Hit.superseded``: its score multiplied by ``Settings.superseded_weight``) depends on what is asked.
"Is she allergic to anything?" is answered by the allergy, which holds: halving the message would rank
it below what does not answer; "where does Dana live?" is answered by the replaced home, and the message
must rank below the fact that replaced it. So a hit on such a message is outdated when the question
matches its outdated pieces at least as well as the rest of what the hit shows (``asks_outdated``).

A piece's match is ``recall.fusion.match_strength``: the larger of its share of the question's terms and
its rescaled cosine to the question; a tie keeps the hit current. The user's own name (an
``identity.name`` fact about the user) is not among the terms: "where does Dana live?" asks where, and
Dana, whom the question is about, is named in the greeting beside the replaced home, as "the user" is
left out of match strength (``recall.search``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from memstrata.embed.base import Embedder, embed_queries
from memstrata.recall.fusion import match_strength
from memstrata.store.protocol import Store
from memstrata.text.tokens import text_units
from memstrata.types import Scope

#: ``(outdated pieces in view, the rest of the view) -> whether the question asks the pieces``.
Asks = Callable[[Sequence[str], str], bool]


def asks_outdated(parts: Sequence[str], rest: str, terms: set[str], cosines: Callable[[Sequence[str]], list[float]]
                  | None, scale: tuple[float, float]) -> bool:
    """Whether a question (its match-strength ``terms``; ``cosines(texts)`` its cosine to each text, or
    ``None`` without an embedder) matches the best of ``parts`` better than ``rest`` by ``match_strength``.
    A tie keeps the hit current: "I live in Paris, no wait, I live in Berlin." answers "where do I live?"
    in its current part as well as in its replaced one.

    >>> asks_outdated(["I live in Portland right now"], "Hey! So I'm Dana, work as a nurse", {"live"}, None,
    ...               (0.1, 0.5))
    True
    >>> asks_outdated(["btw I'm vegetarian"], "and I'm allergic to shellfish", {"allerg"}, None, (0.1, 0.5))
    False
    """
    texts = [*parts, rest]
    raw = cosines(texts) if cosines is not None else [0.0] * len(texts)
    keys = []
    for text, cosine in zip(texts, raw, strict=True):
        coverage = len(terms & text_units(text)) / len(terms) if terms else 0.0
        keys.append(match_strength(cosine=cosine if cosines is not None else None, coverage=coverage, scale=scale))
    return max(keys[:-1]) > keys[-1]


def user_names(store: Store, scope: Scope) -> Callable[[], list[str]]:
    """A reader of the user's own names in ``scope``: the values of its active ``identity.name`` facts about
    the user (no ``subject``), read when called."""
    return lambda: [f.value for f in store.list_facts(scope, statuses=("active",), key="identity.name")
                    if f.subject is None]


def part_matcher(terms: set[str], names: Callable[[], Sequence[str]], embedder: Embedder | None,
                 qvec: np.ndarray | None, asked: str, scale: tuple[float, float]) -> Asks:
    """An ``Asks`` for one search: ``terms`` are its match-strength terms, ``names()`` the user's own names
    (read once, when first needed: their terms are left out), ``asked`` the question, ``qvec`` its vector
    when the search embedded it already (else embedded when first needed; no cosines without ``embedder``),
    ``scale`` the model's cosine scale (``embed.base.cosine_scale``)."""
    kept: list[set[str]] = []
    vector: list[np.ndarray] = [] if qvec is None else [np.asarray(qvec, dtype=np.float64)]

    def cosines(texts: Sequence[str]) -> list[float]:
        assert embedder is not None
        if not vector:
            vector.append(np.asarray(embed_queries(embedder, [asked])[0], dtype=np.float64))
        q = vector[0]
        vectors = np.asarray(embedder.embed(list(texts)), dtype=np.float64)
        norms = np.linalg.norm(vectors, axis=1) * (np.linalg.norm(q) or 1.0)
        return [float(v) for v in (vectors @ q) / np.where(norms > 0, norms, 1.0)]

    def asks(parts: Sequence[str], rest: str) -> bool:
        if not kept:
            named = set().union(*(text_units(name) for name in names()))
            kept.append((terms - named) or set(terms))
        return asks_outdated(parts, rest, kept[0], cosines if embedder is not None else None, scale)
    return asks
