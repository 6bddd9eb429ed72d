"""Outdated memories: hits whose every fact was superseded are marked and ranked down.

When a user changes their mind ("I prefer UPS" → "以后都用顺丰"), the old fact is
superseded, but the episode that stated it is kept (episodes are the source of truth,
append-only) and still matches a query about delivery as well as the new one does. A
search would then show "I prefer UPS" beside the current fact with nothing to tell them
apart. So a search marks, after ranking and before cutting to ``limit``:

* a **fact hit** whose fact was superseded (only seen with ``include_superseded`` or
  ``as_of``), and
* an **episode hit** that facts cite and whose citing facts were *all* superseded (an
  episode that also stated something still current, or that no fact cites, is left alone), and
* an **episode hit on one sentence** of a longer message whose own facts were all superseded:
  in "I prefer UPS for delivery. I am allergic to peanuts." a hit on the UPS sentence is
  outdated once the carrier changes, a hit on the allergy sentence is not. A fact belongs to the
  sentences that state its value (``stated_in``: case, width and Traditional/Simplified folded,
  a whole word for Latin values). Facts are not stored with the sentence they came from, so a
  value the message does not spell out ("SF Express" keyed as 顺丰, an encrypted value) may
  belong to any sentence: a current one keeps every sentence of its message current.

with ``Hit.superseded = True``, and multiplies its score by ``Settings.superseded_weight``
(0.5: an outdated episode that matched as well as the current fact ranks well below it, yet
stays findable). Superseded means status ``superseded``: replaced by a new value, withdrawn
("I no longer want FedEx"), or merged away; an archived fact is not contradicted and does not
count. With ``as_of`` the marks are as the system believed then: a fact superseded later
was current at ``as_of``, and a fact recorded later does not count.

An episode hit that stays current may still carry outdated statements: "I prefer UPS for
delivery. I am allergic to peanuts. My gate code is 4417." after "I'm not allergic to peanuts"
is current for "gate code", yet printed whole it tells an agent the allergy holds; and in
我以後都希望用順豐，別放門口 (one sentence: carrier and drop-off) the carrier was replaced while
the drop-off holds. Such a hit carries those pieces in ``Hit.outdated_parts`` (``outdated_parts``:
the sentences, or the clauses of a sentence that mixes both, whose own facts were all
superseded), and the context block labels them inline (``context.render.marked_text``), never the
rest. No piece is named when a current fact cannot be placed in the text (see above).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from memstrata.recall.asked_part import Asks
from memstrata.store.records import Citation
from memstrata.text.stating import (
    ASIDE_UNITS,
    PLACE_SHARE,
    SENTENCE_END,
    fold,
    outdated_parts,
    pieces,
    place_values,
    share,
    stated_in,
    unit_count,
)
from memstrata.types import Fact, Hit


def retired(status: str, recorded_at: datetime, expired_at: datetime | None, as_of: datetime | None) -> bool | None:
    """Whether a fact was superseded (at ``as_of``, or now when ``None``); ``None`` when it did
    not exist yet at ``as_of`` (recorded later: it says nothing about an episode then)."""
    if as_of is not None:
        if recorded_at > as_of:
            return None
        return status == "superseded" and expired_at is not None and expired_at <= as_of
    return status == "superseded"


def shown_text(hit: Hit) -> str:
    """What ``hit`` shows as said: an outdated hit on one sentence of a message is that sentence
    (``Hit.matched``), the rest of its message may still hold; any other hit its whole ``text``. The
    context block, ``recall`` and MCP label within it (``context.render.marked_text``), and a question
    is answered by what it shows beside its replaced pieces (``recall.replaced.asked_beside``)."""
    return hit.matched if hit.superseded and hit.matched.strip() else hit.text


def outdated_episodes(citations: Iterable[Citation], as_of: datetime | None = None) -> set[int]:
    """Ids of the episodes that facts cite and whose citing facts were all superseded."""
    return {episode for episode, cited in _by_episode(citations, as_of).items() if all(g for _, g in cited)}


def _by_episode(citations: Iterable[Citation], as_of: datetime | None) -> dict[int, list[tuple[str, bool]]]:
    """``episode id → [(fact value, superseded)]`` of the facts that existed at ``as_of``."""
    states: dict[int, list[tuple[str, bool]]] = {}
    for c in citations:
        gone = retired(c.status, c.recorded_at, c.expired_at, as_of)
        if gone is not None:
            states.setdefault(c.episode_id, []).append((c.value, gone))
    return states


def _episode_outdated(hit: Hit, cited: Sequence[tuple[str, bool]]) -> bool:
    """The module docstring's rule for one episode hit, given its citing facts' (value, superseded)."""
    if not cited:
        return False
    whole = fold(hit.matched).strip() == fold(hit.text).strip()
    if all(gone for _, gone in cited):
        # Every fact of the message was superseded, but a sentence stating none of them ("My gate
        # code is 4417." beside "I prefer UPS.") still holds: outdated only when it states one, or
        # when a value cannot be placed in any sentence (it might be stated in the matched one).
        return whole or not _states_none(hit, cited)
    if whole:
        return False  # the hit is the whole message, and something in it still holds
    here = [gone for value, gone in cited if stated_in(value, hit.matched)]
    unplaced = [gone for value, gone in cited if not stated_in(value, hit.text)]
    return bool(here) and all(here) and all(unplaced)


def _states_none(hit: Hit, cited: Sequence[tuple[str, bool]]) -> bool:
    """Whether every cited value is placed in a sentence of the hit's message (``place_values``) and
    none in the matched sentence (``share`` below ``PLACE_SHARE``)."""
    sentences = [hit.text[a:b] for a, b in pieces(hit.text, SENTENCE_END)]
    placed = place_values(sentences, [(value, True) for value, _ in cited]) or []
    values = {value for facts in placed for value, _ in facts}
    return values == {value for value, _ in cited} and all(share(value, hit.matched) < PLACE_SHARE
                                                            for value, _ in cited)


def _bare(text: str) -> str:
    """``text`` folded (``fold``) without whitespace: the pieces of a text, joined, compare equal to it."""
    return "".join(fold(text).split())


def _asked(hit: Hit, parts: Sequence[str], asks: Asks, gone: bool) -> bool:
    """Whether episode ``hit`` is outdated for the question ``asks`` judges (``recall.asked_part``) when
    what it shows (its matched sentence, else its text) holds some of its outdated ``parts`` beside more
    than an aside (``unit_count`` above ``ASIDE_UNITS``); ``gone`` (its facts' verdict) otherwise."""
    view = " ".join((hit.matched if hit.matched.strip() else hit.text).split())
    inside = [p for p in (" ".join(part.split()) for part in parts) if p and p in view]
    rest = view
    for piece in inside:
        rest = rest.replace(piece, " ", 1)
    if not inside or unit_count(rest) <= ASIDE_UNITS:
        return gone
    return asks(inside, " ".join(rest.split()))


def fact_retired(fact: Fact, as_of: datetime | None) -> bool:
    """Whether ``fact`` was superseded at ``as_of`` (now when ``None``; ``retired``): a fact superseded after
    ``as_of`` was current then, as was one recorded later (it says nothing of that time)."""
    return bool(retired(fact.status, fact.recorded_at, fact.expired_at, as_of))


def mark_outdated(hits: Sequence[Hit], citations: Iterable[Citation], *, weight: float,
                  as_of: datetime | None = None, asks: Asks | None = None) -> list[Hit]:
    """``hits`` with the outdated ones (module docstring) marked ``superseded`` and their
    ``score`` multiplied by ``weight`` (in [0, 1]); order unchanged (the caller sorts). With ``asks``
    (``recall.asked_part``) a hit showing outdated pieces beside statements that still hold is outdated
    when the question asks about those pieces, and current otherwise, whatever its facts' states.

    In place: the hits are a search's own, not yet returned (``recall.search``), and rebuilding
    each marked one (``dataclasses.replace``) re-checked all its fields."""
    cited = _by_episode(citations, as_of)
    for hit in hits:
        gone = (_episode_outdated(hit, cited.get(hit.id, ())) if hit.kind == "episode"
                else hit.fact is not None and fact_retired(hit.fact, as_of))
        parts = outdated_parts(hit.text, cited.get(hit.id, ())) if hit.kind == "episode" else ()
        if parts and asks is not None:
            gone = _asked(hit, parts, asks, gone)
        if gone:
            object.__setattr__(hit, "score", hit.score * weight)
            object.__setattr__(hit, "superseded", True)
            hit.signals["superseded"] = 1.0
        # An outdated hit on one sentence of a message that still holds elsewhere ("I prefer UPS."
        # beside "I'm allergic to peanuts.") names its outdated pieces too: its whole ``text`` is
        # not outdated, and a caller printing ``text`` beside ``superseded`` must say which part.
        if parts and not (gone and _bare("".join(parts)) == _bare(hit.text)):
            object.__setattr__(hit, "outdated_parts", parts)
    return list(hits)
