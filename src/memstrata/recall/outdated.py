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

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime

from memstrata.store.records import Citation
from memstrata.text.hanzi import simplified
from memstrata.types import Fact, Hit


def retired(status: str, recorded_at: datetime, expired_at: datetime | None, as_of: datetime | None) -> bool | None:
    """Whether a fact was superseded (at ``as_of``, or now when ``None``); ``None`` when it did
    not exist yet at ``as_of`` (recorded later: it says nothing about an episode then)."""
    if as_of is not None:
        if recorded_at > as_of:
            return None
        return status == "superseded" and expired_at is not None and expired_at <= as_of
    return status == "superseded"


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


def _fold(text: str) -> str:
    # NFKC folds full-width letters (ＵＰＳ) as ``extract.rules.tidy`` does before extracting.
    return simplified(unicodedata.normalize("NFKC", text)).casefold()


def stated_in(value: str, text: str) -> bool:
    """Whether ``text`` spells out the fact value ``value``: folded as the extractor reads it
    (full-width letters, Traditional characters, case) and, where the value starts or ends with
    a Latin letter or digit, as a whole word ("UPS" is not in "cups").

    >>> stated_in("UPS", "I prefer ups for delivery."), stated_in("UPS", "two cups"), stated_in("顺丰", "用順豐")
    (True, False, True)
    """
    value = _fold(value).strip()
    if not value:
        return False
    return re.search(rf"(?<![a-z0-9]){re.escape(value)}(?![a-z0-9])", _fold(text)) is not None


def _episode_outdated(hit: Hit, cited: Sequence[tuple[str, bool]]) -> bool:
    """The module docstring's rule for one episode hit, given its citing facts' (value, superseded)."""
    if not cited:
        return False
    whole = _fold(hit.matched).strip() == _fold(hit.text).strip()
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
    """Whether every cited value is placed in a sentence of the hit's message (``_place``) and
    none in the matched sentence (``_share`` below ``PLACE_SHARE``)."""
    sentences = [hit.text[a:b] for a, b in _pieces(hit.text, _SENTENCE_END)]
    placed = _place(sentences, [(value, True) for value, _ in cited]) or []
    values = {value for facts in placed for value, _ in facts}
    return values == {value for value, _ in cited} and all(_share(value, hit.matched) < PLACE_SHARE
                                                            for value, _ in cited)


#: Where a message splits into sentences (``text.segment``'s terminators and newlines) and a
#: sentence into clauses (commas, semicolons, colons, Chinese and Latin): the pieces
#: ``outdated_parts`` marks. A clause is tried only inside a sentence that states both a current
#: and a superseded value.
_SENTENCE_END = re.compile(r"""(?<=[。！？；!?…])[”’"'）)\]]*|(?<=[^\s.][A-Za-z0-9)\]"'”’]\.)(?=\s)|\n""")
_CLAUSE_MARKS = "，,；;：:、"
_CLAUSE_END = re.compile(f"[{_CLAUSE_MARKS}]")
#: Share of a value's units (folded CJK characters and Latin words) a piece must contain to
#: place a value it does not spell out: 不放门口 (a drop-off fact from 別放門口) shares 3 of 4
#: characters with its clause; a value drawn from another clause shares at most a character or two.
PLACE_SHARE = 0.75


def _pieces(text: str, pattern: re.Pattern[str], trim: str = "") -> list[tuple[int, int]]:
    """Spans ``(start, end)`` of ``text`` cut after each ``pattern`` match, whitespace (and
    trailing ``trim`` characters) trimmed, empty pieces left out."""
    spans, start = [], 0
    for cut in [m.end() for m in pattern.finditer(text)] + [len(text)]:
        piece = text[start:cut].rstrip().rstrip(trim).rstrip()
        if piece.strip():
            spans.append((start + len(piece) - len(piece.lstrip()), start + len(piece)))
        start = cut
    return spans


def _units(folded: str) -> list[str]:
    return re.findall(r"[a-z0-9]+|[\u3400-\u9fff]", folded)


def _share(value: str, piece: str) -> float:
    """Share of ``value``'s units found in ``piece`` (1.0 when ``stated_in``)."""
    if stated_in(value, piece):
        return 1.0
    units = _units(_fold(value))
    if not units:
        return 0.0
    have = _fold(piece)
    words = set(_units(have))
    return sum(1 for u in units if u in words) / len(units)


def outdated_parts(text: str, cited: Sequence[tuple[str, bool]]) -> tuple[str, ...]:
    """The pieces of ``text`` (sentences; clauses of a sentence that mixes a current and a
    superseded value) whose own facts, ``cited`` as ``(value, superseded)``, were all superseded,
    in text order; ``()`` when none is, or when a current fact cannot be placed in any piece (it
    might be stated in any of them). When all facts were superseded these are the pieces stating
    them, for a hit on another sentence that still holds (``_episode_outdated``). A fact is
    placed where ``stated_in`` finds its value, else in the piece holding
    at least ``PLACE_SHARE`` of its units (``_share``).

    >>> outdated_parts("I prefer UPS. I am allergic to peanuts.", [("UPS", False), ("peanuts", True)])
    ('I am allergic to peanuts.',)
    >>> outdated_parts("我以後都希望用順豐，別放門口", [("顺丰", True), ("不放门口", False)])
    ('我以後都希望用順豐',)
    """
    gone = [g for _, g in cited]
    if not any(gone):
        return ()
    sentences = [text[a:b] for a, b in _pieces(text, _SENTENCE_END)]
    placed = _place(sentences, cited)
    if placed is None:
        return ()
    out: list[str] = []
    for sentence, facts in zip(sentences, placed, strict=True):
        states = [g for _, g in facts]
        if states and all(states):
            out.append(sentence)
        elif any(states):  # a current and a superseded value: the clauses may tell them apart
            clauses = [sentence[a:b] for a, b in _pieces(sentence, _CLAUSE_END, _CLAUSE_MARKS)]
            inner = _place(clauses, facts)
            if inner is not None:
                out.extend(c for c, here in zip(clauses, inner, strict=True) if here and all(g for _, g in here))
    return tuple(out)


def spans_stating(text: str, value: str) -> list[tuple[int, int]]:
    """Character spans ``(start, end)`` of ``text`` that state the fact value ``value``: each
    sentence placing it (``stated_in``, else holding ``PLACE_SHARE`` of its units), narrowed to the
    clauses that place it when the sentence has several; the whole text when no sentence places
    it (it might be stated anywhere). What a forgotten superseded value leaves behind
    (``store.outdated_marks``): its pieces stay outdated without the value being kept.

    >>> text = "I use 顺丰 for delivery, it is fast. I live in Berlin."
    >>> [text[a:b] for a, b in spans_stating(text, "顺丰")]
    ['I use 顺丰 for delivery']
    """
    out: list[tuple[int, int]] = []
    for start, end in _pieces(text, _SENTENCE_END):
        sentence = text[start:end]
        if _share(value, sentence) < PLACE_SHARE:
            continue
        clauses = [(start + a, start + b) for a, b in _pieces(sentence, _CLAUSE_END, _CLAUSE_MARKS)]
        inner = [(a, b) for a, b in clauses if _share(value, text[a:b]) >= PLACE_SHARE]
        out.extend(inner if inner and len(clauses) > 1 else [(start, end)])
    return out or [(0, len(text))]


def _place(pieces: Sequence[str], cited: Sequence[tuple[str, bool]]) -> list[list[tuple[str, bool]]] | None:
    """For each piece, the facts ``(value, superseded)`` placed in it (``outdated_parts``);
    ``None`` when a current fact is placed nowhere."""
    placed: list[list[tuple[str, bool]]] = [[] for _ in pieces]
    for value, gone in cited:
        where = [i for i, piece in enumerate(pieces) if stated_in(value, piece)]
        if not where and pieces:
            shares = [_share(value, piece) for piece in pieces]
            best = max(range(len(pieces)), key=shares.__getitem__)
            where = [best] if shares[best] >= PLACE_SHARE else []
        if not where and not gone:
            return None
        for i in where:
            placed[i].append((value, gone))
    return placed


def _fact_retired(fact: Fact, as_of: datetime | None) -> bool:
    return bool(retired(fact.status, fact.recorded_at, fact.expired_at, as_of))


def mark_outdated(hits: Sequence[Hit], citations: Iterable[Citation], *, weight: float,
                  as_of: datetime | None = None) -> list[Hit]:
    """``hits`` with the outdated ones (module docstring) marked ``superseded`` and their
    ``score`` multiplied by ``weight`` (in [0, 1]); order unchanged (the caller sorts)."""
    cited = _by_episode(citations, as_of)
    out = []
    for hit in hits:
        gone = (_episode_outdated(hit, cited.get(hit.id, ())) if hit.kind == "episode"
                else hit.fact is not None and _fact_retired(hit.fact, as_of))
        if gone:
            hit = replace(hit, score=hit.score * weight, superseded=True, signals={**hit.signals, "superseded": 1.0})
        elif hit.kind == "episode" and (parts := outdated_parts(hit.text, cited.get(hit.id, ()))):
            hit = replace(hit, outdated_parts=parts)
        out.append(hit)
    return out
