"""Split episode text into sentence segments (Chinese and English punctuation)."""

from __future__ import annotations

import re
import unicodedata

from memstrata.text.regex import lazy_regex

#: A sentence ends at 。！？；!? or ... (and a '.' followed by space/end, not inside 3.14
#: or e.g.), keeping closing quotes/brackets with the sentence. Newlines also split. A one-digit
#: number's full stop ends one before a capital ("We met on April 4. Everything changed"), unless the
#: number is a list marker or a label's (``_number_goes_on``).
_SPLIT = lazy_regex(
    r"""(?<=[。！？；!?…])[”’"'）)\]]*\s*     # CJK/!? terminators, any closing marks
      |(?<=[^\s.][a-z0-9)\]"'”’]\.)\s+(?=\S)   # '. ' after a word (not 'e.g. ' abbreviations)
      |(?<=\s\d\.)\s+(?=["'“‘]?[A-Z])   # 'on April 4. Everything': a one-digit number ends it
      |(?<=[A-Z]{2}\.)\s+(?=[A-Z0-9"'“‘\u4e00-\u9fff])   # 'IBM. I live': an acronym ends it too
      |\n+""",
    re.VERBOSE,
)
_ABBREV = lazy_regex(r"\b(?:e\.g|i\.e|mr|mrs|ms|dr|prof|st|vs|etc|approx|no)\.$", re.IGNORECASE)
#: A piece ending in a number and its full stop: "We met on April 4.", "1. Buy milk 2.".
_NUMBER_END = lazy_regex(r"(?:^|\s)(\d{1,3})\.$")

#: ``str.translate`` table deleting invisible characters (zero-width space/joiners, word joiner,
#: BOM, soft hyphen): they make text look empty or split words without being seen.
INVISIBLE_CHARS = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad")
INVISIBLE = dict.fromkeys(map(ord, INVISIBLE_CHARS))

#: Categories of the characters a zero-width joiner builds an emoji from: the pictographs (So),
#: skin-tone modifiers (Sk) and the emoji presentation selector U+FE0F (Mn) before it, a pictograph
#: after it (Unicode TR51, "emoji zwj sequence").
_EMOJI_BEFORE_JOINER = frozenset({"So", "Sk", "Mn"})


def without_invisible(text: str) -> str:
    """``text`` without its invisible characters (``INVISIBLE``), except a zero-width joiner inside
    an emoji sequence: "👩\u200d👩\u200d👧" is one family, without its joiners three people, and a
    fact value read from it must keep what the user wrote (docs/python-api.md: stored text keeps
    its joiners).

    >>> without_invisible("zero\u200bwidth 👩\u200d👧 a\u200db")
    'zerowidth 👩\u200d👧 ab'
    """
    if "\u200d" not in text:
        return text.translate(INVISIBLE)
    kept = [c for i, c in enumerate(text) if c not in INVISIBLE_CHARS or (
        c == "\u200d" and 0 < i < len(text) - 1 and unicodedata.category(text[i - 1]) in _EMOJI_BEFORE_JOINER
        and unicodedata.category(text[i + 1]) == "So")]
    return "".join(kept)


#: Segments shorter than this (in characters) are merged into the previous one:
#: "Yes." or "哈哈。" carry no retrievable meaning on their own.
MIN_SEGMENT_CHARS = 4
#: Longer segments are cut at commas/spaces so each derivative stays within what the
#: embedding model reads well (USE was trained on sentences, not pages).
MAX_SEGMENT_CHARS = 400
#: Most segments one episode is split into. A 1 MB message of short lines made
#: ~58,000 segments (each embedded and indexed: minutes of work for one message). Past this,
#: neighbouring sentences are packed together (``split_segments``). With the default size limit
#: (``Settings.max_content_bytes`` 256 KiB) greedy packing into 400-character segments needs at
#: most 2 × 262,144 / 400 ≈ 1,311 segments, so 2,000 always fits without longer segments.
MAX_SEGMENTS = 2_000


def split_sentences(text: str) -> list[str]:
    """Sentence segments of ``text``, stripped, never empty unless ``text`` is blank.

    >>> split_sentences("我以后都希望用顺丰，别放门口。谢谢！Also, I like tea. OK")
    ['我以后都希望用顺丰，别放门口。谢谢！', 'Also, I like tea. OK']
    """
    pieces: list[str] = []
    start = 0
    for match in _SPLIT.finditer(text):
        end = match.start() if match.group(0).strip() == "" or "\n" in match.group(0) else match.end()
        chunk = text[start:end].strip()
        if chunk and "\n" not in match.group(0) and (_ABBREV.search(chunk) or _number_goes_on(chunk, text[:end])):
            continue  # "e.g. ", "2. Call mom" are no sentence end; keep accumulating
        if chunk:
            pieces.append(chunk)
        start = match.end()
    tail = text[start:].strip()
    if tail:
        pieces.append(tail)
    merged: list[str] = []
    for piece in pieces:
        if merged and len(piece) < MIN_SEGMENT_CHARS:
            merged[-1] = f"{merged[-1]} {piece}" if not _ends_cjk(merged[-1]) else merged[-1] + piece
        else:
            merged.append(piece)
    if len(merged) > 1 and len(merged[0]) < MIN_SEGMENT_CHARS:
        merged[1] = f"{merged[0]} {merged[1]}"
        merged.pop(0)
    out: list[str] = []
    for piece in merged:
        out.extend(_cut_long(piece))
    return out


def _number_goes_on(chunk: str, before: str) -> bool:
    """Whether ``chunk`` (the text since the last sentence end, ``before`` all the text up to its end) ends in a
    number's full stop that ends no sentence: a list marker (the number after the one a marker before it has: "1. Buy
    milk 2." goes on to "Call mom"), a number after a colon or a mark, which opens a list ("The plan involves: 1.",
    "(Part one) 1.") or a label's number, the number and at most one word before it ("4.", "Step 4.", "Day 2." go on
    to what they head). "We met on April 4." ends a sentence.

    >>> [_number_goes_on(c, c) for c in ("1. Buy milk 2.", "Step 4.", "It involves: 1.", "We met on April 4.")]
    [True, True, True, False]
    """
    found = _NUMBER_END.search(chunk)
    if found is None:
        return False
    words = chunk[:found.start(1)].split()
    if len(words) <= 1 or not words[-1][-1].isalnum():
        return True  # "involves: 1.", "(25% of the story) 1.", "| 4.": a list opens after a colon or a mark
    number = int(found.group(1))
    marker = re.compile(rf"(?:^|\s){number - 1}\.\s")  # the marker before it: "1. " before "2."
    return number >= 2 and marker.search(before[:len(before) - len(chunk) + found.start(1)]) is not None


def split_segments(text: str, *, max_segments: int = MAX_SEGMENTS) -> list[str]:
    """The segments an episode is stored as: ``split_sentences``, and when that gives more than
    ``max_segments``, neighbouring sentences packed into segments of up to ``MAX_SEGMENT_CHARS``
    (doubled until they fit, for a text longer than the default size limit allows).

    Returns:
        At most ``max_segments`` non-empty segments in text order (``[]`` for blank text).
    """
    pieces = split_sentences(text)
    width = MAX_SEGMENT_CHARS
    while len(pieces) > max_segments:
        pieces = _pack(pieces, width)
        width *= 2
    return pieces


def _pack(pieces: list[str], width: int) -> list[str]:
    """Neighbouring ``pieces`` joined while the result stays within ``width`` characters."""
    out: list[str] = []
    for piece in pieces:
        if out and len(out[-1]) + 1 + len(piece) <= width:
            out[-1] = out[-1] + piece if _ends_cjk(out[-1]) else f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return out


def _ends_cjk(text: str) -> bool:
    return bool(text) and ord(text[-1]) > 0x2E80


def _cut_long(piece: str) -> list[str]:
    if len(piece) <= MAX_SEGMENT_CHARS:
        return [piece]
    parts: list[str] = []
    rest = piece
    while len(rest) > MAX_SEGMENT_CHARS:
        window = rest[:MAX_SEGMENT_CHARS]
        cut = max(window.rfind(c) for c in "，,、 ")
        cut = cut + 1 if cut > MAX_SEGMENT_CHARS // 2 else MAX_SEGMENT_CHARS
        parts.append(rest[:cut].strip())
        rest = rest[cut:]
    if rest.strip():
        parts.append(rest.strip())
    return parts


def derivative(segment: str, speaker: str | None) -> str:
    """The text embedded and indexed for a segment: ``"alice: I like window seats"``."""
    return f"{speaker}: {segment}" if speaker else segment
