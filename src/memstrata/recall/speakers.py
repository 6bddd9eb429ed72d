"""Speaker focus: a query that names a speaker ranks that speaker's own memories first.

Memories of a conversation between people are said by someone: an episode by its
``producer_id`` (or, without one, its ``role``), a fact is about its ``subject`` (the speaker
it was extracted from). A question that names one of them ("What activities does Melanie
partake in?", "What did the assistant recommend?") is mostly answered by that speaker's own
words: on LoCoMo, 96 % of the evidence of questions naming one speaker is that speaker's turns,
while the other speaker's turns that only address them ("Wow Melanie, …") match the name as
well and crowd the top ranks.

So after scoring, when the query names the speaker of some candidates and not of others, every
candidate that is *not* a named speaker's (another speaker's turn, a fact about someone else
or about nobody in particular) scores ``1 / (1 + weight)`` of what it would
(``Settings.speaker_weight``). Scores stay in [0, 1]; relevance (how well the text matched)
is left alone. A query naming every speaker, or none, changes nothing.

A speaker is named when all of its terms (``text.tokens.query_terms``: stemmed, so
"Melanie's" names ``Melanie``) are among the query's terms. Measured with the ranking lab
(docs/changelog.md, speaker focus).
"""

from __future__ import annotations

from collections.abc import Sequence

from memstrata.text.tokens import query_terms
from memstrata.types import Hit


def speaker_of(hit: Hit) -> str | None:
    """Who said ``hit`` (an episode's producer, else its role) or whom it is about (a fact's
    subject); ``None`` when unknown."""
    if hit.episode is not None:
        return hit.episode.producer_id or hit.episode.role
    if hit.fact is not None:
        return hit.fact.subject
    return None


def named_speakers(query: str, speakers: set[str | None]) -> set[str]:
    """The ``recall.speakers`` that ``query`` names: those whose every term is among the query's terms.

    >>> sorted(named_speakers("What are Melanie's pets' names?", {"Melanie", "Caroline", None}))
    ['Melanie']
    """
    terms = set(query_terms(query))
    found: set[str] = set()
    for speaker in speakers:
        if speaker and (own := set(query_terms(speaker))) and own <= terms:
            found.add(speaker)
    return found


def named_focus(query: str, speakers: set[str | None], episode_speakers: set[str | None],
          weight: float) -> tuple[set[str] | None, float]:
    """The speakers ``query`` names among ``speakers`` (those of a search's hits; ``episode_speakers``
    those of its episode hits) and the factor ``1 / (1 + weight)`` every other hit's score takes;
    ``(None, 1.0)`` when nothing changes: ``weight`` is 0, the query names no speaker, or it names
    every episode hit's speaker."""
    if weight <= 0 or not speakers:
        return None, 1.0
    named = named_speakers(query, speakers)
    if not named or episode_speakers <= named:
        return None, 1.0
    return named, 1.0 / (1.0 + weight)


def focus_on_named(hits: Sequence[Hit], query: str, weight: float) -> list[Hit]:
    """``hits`` with every hit not of a speaker the query names scored ``1 / (1 + weight)``
    of its score (``named_focus``). Order is left to the caller (it sorts by score). In place, as
    ``recall.outdated.mark_outdated``: the hits are a search's own, not yet returned."""
    named, factor = named_focus(query, {speaker_of(h) for h in hits},
                          {speaker_of(h) for h in hits if h.kind == "episode"}, weight)
    if named is not None:
        for hit in hits:
            if speaker_of(hit) not in named:
                object.__setattr__(hit, "score", hit.score * factor)
    return list(hits)
