"""Where a text states a fact value: the sentence, or the clause of a sentence, that spells it out.

Pure text functions over a value and a message, shared by the read path (``recall.outdated``
marks the pieces of a hit whose facts were superseded) and the stores (``store.outdated_marks``
keeps, for a forgotten superseded value, the spans that stated it). A value is found as the
extractor reads it (full-width letters, Traditional characters, case folded) and, when it is
not spelled out, placed in the piece holding most of its units (CJK characters, Latin words).
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Sequence

from memstrata.text.hanzi import simplified
from memstrata.text.regex import lazy_regex
from memstrata.text.tokens import stem_term


def fold(text: str) -> str:
    # NFKC folds full-width letters (ＵＰＳ) as ``extract.tidy`` does before extracting.
    return simplified(unicodedata.normalize("NFKC", text)).casefold()


def stated_in(value: str, text: str) -> bool:
    """Whether ``text`` spells out the fact value ``value``: folded as the extractor reads it
    (full-width letters, Traditional characters, case) and, where the value starts or ends with
    a Latin letter or digit, as a whole word ("UPS" is not in "cups").

    A number is found in Chinese numerals too ("4" in 今年四岁).

    >>> stated_in("UPS", "I prefer ups for delivery."), stated_in("UPS", "two cups"), stated_in("顺丰", "用順豐")
    (True, False, True)
    >>> stated_in("4", "今年四岁"), stated_in("15", "十五岁"), stated_in("4", "十四岁")
    (True, True, False)
    """
    value = fold(value).strip()
    if not value:
        return False
    have = fold(text)
    if value.isdigit() and _HAN_NUMERAL.search(have):
        have = _HAN_NUMERAL.sub(_as_digits, have)  # an age of 4 is said 四岁
    return re.search(rf"(?<![a-z0-9]){re.escape(value)}(?![a-z0-9])", have) is not None


#: A Chinese numeral up to the hundreds (四, 十五, 两, 一百二十): a number value is stated in it as in digits.
_HAN_NUMERAL = lazy_regex("[零一二两三四五六七八九十百]+")
_HAN_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九")} | {"两": 2}


def _as_digits(m: re.Match[str]) -> str:
    """The Chinese numeral ``m`` matched, in Arabic digits (its characters as read left to right)."""
    total, digit = 0, 0
    for c in m.group():
        if c in "十百":
            total += (digit or 1) * (10 if c == "十" else 100)
            digit = 0
        else:
            digit = digit * 10 + _HAN_DIGITS[c] if digit else _HAN_DIGITS[c]
    return str(total + digit)


#: Where a message splits into sentences (``text.segment``'s terminators and newlines) and a
#: sentence into clauses (commas, semicolons, colons, Chinese and Latin): the pieces
#: ``outdated_parts`` marks. A clause is tried only inside a sentence that states both a current
#: and a superseded value.
SENTENCE_END = lazy_regex(r"""(?<=[。！？；!?…])[”’"'）)\]]*|(?<=[^\s.][A-Za-z0-9)\]"'”’]\.)(?=\s)|\n""")


CLAUSE_MARKS = "，,；;：:、"


CLAUSE_END = lazy_regex(f"[{CLAUSE_MARKS}]")


#: Where a clause splits into the clauses a coordinating conjunction joins (the conjunction left
#: out of both): "Tom lives in Boston and I live in Austin", 汤姆住在波士顿而我住在奥斯汀; and the
#: company "with" adds ("I live in Leeds with my wife Anna": the home replaced, the wife not). Tried only
#: inside a clause that still states both a current and a superseded value, so "tea and coffee"
#: is split only when one of the two was replaced. 而 is not the 而 of 而已 ("only") and 不过 is left
#: out (不过敏, "not allergic").
CONJUNCTION = lazy_regex(r"\s+(?:and|but|while|whereas|with)\s+|然而|而且|但是|可是|而(?!已)|但(?!愿)", re.IGNORECASE)


def conjoined(text: str) -> list[tuple[int, int]]:
    """Spans ``(start, end)`` of the parts of ``text`` between its coordinating conjunctions
    (``CONJUNCTION``), whitespace trimmed, empty parts left out.

    >>> text = "Tom lives in Boston and I live in Austin"
    >>> [text[a:b] for a, b in conjoined(text)]
    ['Tom lives in Boston', 'I live in Austin']
    """
    spans, start = [], 0
    for cut in [*CONJUNCTION.finditer(text), None]:
        end = len(text) if cut is None else cut.start()
        piece = text[start:end]
        if piece.strip():
            spans.append((start + len(piece) - len(piece.lstrip()), start + len(piece.rstrip())))
        start = end if cut is None else cut.end()
    return spans


#: Share of a value's units (folded CJK characters and Latin words) a piece must contain to
#: place a value it does not spell out: 不放门口 (a drop-off fact from 別放門口) shares 3 of 4
#: characters with its clause; a value drawn from another clause shares at most a character or two.
PLACE_SHARE = 0.75


def pieces(text: str, pattern: re.Pattern[str], trim: str = "") -> list[tuple[int, int]]:
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
    """The units of folded text: Han characters, and Latin words by their stem (``text.tokens.stem_term``):
    the extractor words a value in its own inflection ("wife named Anna" from "my wife's name is Anna",
    "go running" from "goes running"), as a Chinese value keeps the characters said (老婆小丽 from
    老婆叫小丽), and an English value was placed in no piece where a Chinese one was."""
    return [stem_term(u) for u in re.findall(r"[a-z0-9]+|[\u3400-\u9fff]", folded)]


def unit_count(text: str) -> int:
    """How many units (``_units``: Han characters, Latin words) ``text`` holds."""
    return len(_units(fold(text)))


def share(value: str, piece: str) -> float:
    """Share of ``value``'s units (``_units``) found in ``piece`` (1.0 when ``stated_in``).

    >>> share("wife named Anna", "and my wife's name is Anna"), share("老婆小丽", "老婆叫小丽")
    (1.0, 1.0)
    """
    if stated_in(value, piece):
        return 1.0
    units = _units(fold(value))
    if not units:
        return 0.0
    have = fold(piece)
    words = set(_units(have))
    return sum(1 for u in units if u in words) / len(units)


def outdated_parts(text: str, cited: Sequence[tuple[str, bool]]) -> tuple[str, ...]:
    """The pieces of ``text`` (sentences; clauses of a sentence that mixes a current and a
    superseded value; the clauses a conjunction joins in a clause that still mixes them) whose own
    facts, ``cited`` as ``(value, superseded)``, were all superseded, in text order; ``()`` when
    none is, or when a current fact cannot be placed in any piece (it might be stated in any of
    them). When all facts were superseded these are the pieces stating
    them, for a hit on another sentence that still holds (``_episode_outdated``). A fact is
    placed where ``stated_in`` finds its value, else in the piece holding
    at least ``PLACE_SHARE`` of its units (``share``).

    >>> outdated_parts("I prefer UPS. I am allergic to peanuts.", [("UPS", False), ("peanuts", True)])
    ('I am allergic to peanuts.',)
    >>> outdated_parts("我以後都希望用順豐，別放門口", [("顺丰", True), ("不放门口", False)])
    ('我以後都希望用順豐',)
    >>> outdated_parts("Tom lives in Boston and I live in Austin", [("Boston", False), ("Austin", True)])
    ('I live in Austin',)
    >>> outdated_parts("I work as a nurse at OHSU, night shifts", [("nurse", False), ("OHSU", True)])
    ('at OHSU',)
    """
    gone = [g for _, g in cited]
    if not any(gone):
        return ()
    sentences = [text[a:b] for a, b in pieces(text, SENTENCE_END)]
    placed = place_values(sentences, cited)
    if placed is None:
        return ()
    out: list[str] = []
    for sentence, facts in zip(sentences, placed, strict=True):
        out.extend(_outdated_within(sentence, facts, 0))
    return tuple(out)


def _finer(text: str, level: int) -> list[str]:
    """``text`` cut one level finer: level 0 into clauses (``CLAUSE_END``), 1 into the clauses a
    conjunction joins (``conjoined``); level 2 and above: nothing finer."""
    if level == 0:
        return [text[a:b] for a, b in pieces(text, CLAUSE_END, CLAUSE_MARKS)]
    return [text[a:b] for a, b in conjoined(text)] if level == 1 else []


def _outdated_within(piece: str, facts: Sequence[tuple[str, bool]], level: int) -> list[str]:
    """The parts of ``piece`` (holding ``facts``) whose facts were all superseded: ``piece`` itself
    when every one was; when it mixes a current and a superseded value, the parts found one level
    finer (``_finer``) that tell them apart, if every current value can be placed in one."""
    states = [g for _, g in facts]
    if states and all(states):
        return _stating(piece, [value for value, _ in facts])
    if not any(states):
        return []
    if level > 1:  # one clause still says both: "I work as a nurse at OHSU" once the employer changed
        return _values_said(piece, facts)
    parts = _finer(piece, level)
    if len(parts) < 2:  # a sentence of one clause: try its conjunctions
        return _outdated_within(piece, facts, level + 1)
    inner = place_values(parts, facts)
    if inner is None:
        return []
    return [found for part, here in zip(parts, inner, strict=True) for found in _outdated_within(part, here, level + 1)]


#: What opens a value's phrase and goes with it into its label: "[outdated: at OHSU]", "[已过时：在阿里]".
_LEADS_VALUE = lazy_regex(r"(?:\b(?:at|in|to|for|with|on|by|as)\s+(?:the\s+|a\s+|an\s+)?|[在用去到])$",
                          re.IGNORECASE)
#: What says, before a replaced value, that the clause states the change itself ("I moved from UPS to FedEx", "FedEx
#: instead of UPS", 从圆通换成顺丰): the clause is no statement of the old value, and nothing in it is labelled.
_CHANGE_BEFORE = lazy_regex(r"(?:\b(?:from|instead\s+of|rather\s+than|not|no\s+longer)\s+(?:the\s+|a\s+|an\s+)?"
                            r"|从|而不是|不再用?)$", re.IGNORECASE)


def _values_said(piece: str, facts: Sequence[tuple[str, bool]]) -> list[str]:
    """The superseded values of ``facts`` as ``piece`` spells them, each with the word that opens its phrase
    (``_LEADS_VALUE``), in text order: the parts of a clause that no sentence, clause or conjunction splits from the
    values that still hold ("I work as a nurse at OHSU" labels "at OHSU", the nurse holds). ``[]`` when a value is not
    spelled out in it (``stated_in``: placed by its share of units alone), two values overlap, or the clause states
    the change itself (``_CHANGE_BEFORE``: "I moved from UPS to FedEx"): then no part is told apart, as before."""
    folded = fold(piece)
    if len(folded) != len(piece):  # folding changed the length: spans of the folded text are not the piece's
        return []
    spans: list[tuple[int, int, bool]] = []
    for value, gone in facts:
        found = re.search(rf"(?<![a-z0-9]){re.escape(fold(value).strip())}(?![a-z0-9])", folded)
        if found is None or not value.strip():
            return []
        if gone and _CHANGE_BEFORE.search(piece, 0, found.start()):
            return []  # "I moved from UPS to FedEx": the change, said in one clause
        lead = _LEADS_VALUE.search(piece, 0, found.start()) if gone else None
        spans.append((lead.start() if lead else found.start(), found.end(), gone))
    spans.sort()
    if any(b > a for (_, b, _), (a, _, _) in itertools.pairwise(spans)):
        return []
    return [piece[a:b] for a, b, gone in spans if gone]


#: At most this many units (words, Han characters) left beside the clauses stating the values are an aside
#: ("Actually", "其实", "OK so"), not a statement that still holds: the whole piece is outdated.
ASIDE_UNITS = 2


def _stating(piece: str, values: Sequence[str]) -> list[str]:
    """The parts of ``piece`` that state ``values`` (``spans_stating``), in text order: ``piece`` narrowed
    to the clauses that say them, so "I live in Leeds with my wife Anna" labels "I live in Leeds" once
    the home is replaced, as 我住在杭州，老婆叫小丽 labels 我住在杭州; ``[piece]`` when they are all of it."""
    spans = sorted({span for value in values for span in spans_stating(piece, value)})
    rest = "".join(piece[b:a] for (_, b), (a, _) in zip([(0, 0), *spans], [*spans, (len(piece), 0)], strict=True))
    if len(_units(fold(rest))) <= ASIDE_UNITS:
        return [piece]  # "Actually, make it FedEx": what is left ("Actually") states nothing that still holds
    return list(dict.fromkeys(piece[a:b] for a, b in spans)) or [piece]


def spans_stating(text: str, value: str) -> list[tuple[int, int]]:
    """Character spans ``(start, end)`` of ``text`` that state the fact value ``value``: each
    sentence placing it (``stated_in``, else holding ``PLACE_SHARE`` of its units), narrowed to the
    clauses that place it when the sentence has several, and to the clauses a conjunction joins
    (``conjoined``) when they tell it apart; the whole text when no sentence places
    it (it might be stated anywhere). What a forgotten superseded value leaves behind
    (``store.outdated_marks``): its pieces stay outdated without the value being kept.

    >>> text = "I use 顺丰 for delivery, it is fast. I live in Berlin."
    >>> [text[a:b] for a, b in spans_stating(text, "顺丰")]
    ['I use 顺丰 for delivery']
    >>> text = "Tom lives in Boston and I live in Austin."
    >>> [text[a:b] for a, b in spans_stating(text, "Austin")]
    ['I live in Austin.']
    """
    out: list[tuple[int, int]] = []
    for start, end in pieces(text, SENTENCE_END):
        sentence = text[start:end]
        if share(value, sentence) < PLACE_SHARE:
            continue
        clauses = [(start + a, start + b) for a, b in pieces(sentence, CLAUSE_END, CLAUSE_MARKS)]
        inner = [(a, b) for a, b in clauses if share(value, text[a:b]) >= PLACE_SHARE]
        for a, b in inner if inner and len(clauses) > 1 else [(start, end)]:
            parts = [(a + x, a + y) for x, y in conjoined(text[a:b])]
            joined = [(_with_its_clause(text, parts, i), y) for i, (x, y) in enumerate(parts)
                      if share(value, text[x:y]) >= PLACE_SHARE]
            out.extend(joined if joined and len(parts) > 1 else [(a, b)])
    return out or [(0, len(text))]


#: "with" ending the text before a part: the part is a phrase of the clause before it, not a clause.
_WITH_BEFORE = lazy_regex(r"\bwith\s*$", re.IGNORECASE)


def _with_its_clause(text: str, parts: Sequence[tuple[int, int]], i: int) -> int:
    """The start of the piece stating a value found in ``parts[i]``: the part's own start, or, when
    "with" introduces it, the start of the part before, whose clause it completes: "From now on
    ship with FedEx" states FedEx whole, never "FedEx" alone, while "I live in Leeds with my wife"
    still parts the home from the wife."""
    start = parts[i][0]
    if i > 0 and _WITH_BEFORE.search(text[parts[i - 1][1]:start]):
        return _with_its_clause(text, parts, i - 1)
    return start


def place_values(pieces: Sequence[str], cited: Sequence[tuple[str, bool]]) -> list[list[tuple[str, bool]]] | None:
    """For each piece, the facts ``(value, superseded)`` placed in it (``outdated_parts``);
    ``None`` when a current fact is placed nowhere."""
    placed: list[list[tuple[str, bool]]] = [[] for _ in pieces]
    for value, gone in cited:
        where = [i for i, piece in enumerate(pieces) if stated_in(value, piece)]
        if not where and pieces:
            shares = [share(value, piece) for piece in pieces]
            best = max(range(len(pieces)), key=shares.__getitem__)
            where = [best] if shares[best] >= PLACE_SHARE else []
        if not where and not gone:
            return None
        for i in where:
            placed[i].append((value, gone))
    return placed
