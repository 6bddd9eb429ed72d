"""How much of an episode a search hit carries: a window around what matched.

An episode hit used to carry its episode's whole text twice (``Hit.text`` and
``Hit.episode.content``): a 1 MB message made every hit 2 MB, so a REST answer
held one hit before its payload bound cut the rest. A hit is a pointer with enough text to
judge it; ``Memory.get(episode_id=...)`` returns the episode whole.
"""

from __future__ import annotations

import re
from dataclasses import replace

from memstrata.types import Hit

#: Most characters of its episode a hit carries (about five 400-character segments: the match
#: with its neighbours, as ``expand_context`` would show them). Longer episodes are cut to a
#: window around the matched segment, each cut end marked with ``ELLIPSIS``.
HIT_TEXT_CHARS = 2_000
ELLIPSIS = "…"


def excerpt(content: str, matched: str, *, max_chars: int = HIT_TEXT_CHARS) -> str:
    """``content`` itself when it has at most ``max_chars`` characters, else a window of
    ``max_chars`` characters centred on the first occurrence of ``matched`` (the start when it
    does not occur), with ``…`` where text was cut (so at most ``max_chars + 2`` characters). The
    window opens where the sentence (else the clause) its centred start falls in begins, whenever
    ``matched`` still fits from there (``_subject_start``): a window opening mid-clause drops whose
    statement it is ("…is allergic to cats, so when he visits…" of "my brother Tom is allergic to
    cats, …" reads as the user's allergy).

    >>> excerpt("a" * 10 + "MATCH" + "b" * 10, "MATCH", max_chars=9)
    '…aaMATCHbb…'
    """
    if len(content) <= max_chars:
        return content
    at = _find(content, matched)
    start = 0 if at < 0 else max(0, min(at - (max_chars - len(matched)) // 2, len(content) - max_chars))
    if at >= 0:
        start = _subject_start(content, start, at, min(len(matched), max_chars), max_chars)
    end = start + max_chars
    return (ELLIPSIS if start > 0 else "") + content[start:end] + (ELLIPSIS if end < len(content) else "")


#: Where a sentence ends (the next one starts after it and its spaces), and where a clause does.
_SENTENCE_END = re.compile(r"[.!?。！？\n]+\s*")
_CLAUSE_END = re.compile(r"[,;:，；：、]\s*")


def _subject_start(content: str, start: int, at: int, length: int, size: int) -> int:
    """The start of a ``size``-character window of ``content`` for the match at ``at`` (``length``
    characters of it to show), moved from the centred ``start`` to where a sentence, else a clause, begins:
    back to the beginning of the one ``start`` falls in when the match still fits from there, else on to
    the first that begins after ``start`` (at the match at the latest). A sentence or clause names its
    subject first. ``start`` when neither does.

    >>> text = "ugh my brother Tom is allergic to cats, so when he visits we hide the cat"
    >>> text[_subject_start(text, 15, 0, 40, 40):][:18]
    'ugh my brother Tom'
    """
    for ends in (_SENTENCE_END, _CLAUSE_END):
        begins = [0, *(m.end() for m in ends.finditer(content, 0, at + 1) if m.end() <= at)]
        back = max(b for b in begins if b <= start)
        if at + length - back <= size:
            return back
        ahead = [b for b in begins if start < b]  # the match's own sentence opens after the centred start
        if ahead:
            return ahead[0]
    return start


def _find(content: str, matched: str) -> int:
    """Where ``matched`` starts in ``content``, ``-1`` if nowhere. A segment may differ from
    the text in its whitespace (sentences packed together are joined by a space, the text may
    have had a newline), so the words are matched with any whitespace between them."""
    if not matched.strip():
        return -1
    at = content.find(matched)
    if at >= 0:
        return at
    words = matched.split()[:20]  # enough to place the window
    found = re.search(r"\s+".join(map(re.escape, words)), content)
    return -1 if found is None else found.start()


def clip_hit(hit: Hit, *, max_chars: int = HIT_TEXT_CHARS) -> Hit:
    """``hit`` with its episode text (``text`` and ``episode.content``) cut by ``recall.excerpt``;
    fact hits and short episodes come back unchanged (the same object)."""
    if hit.episode is None or len(hit.episode.content) <= max_chars:
        return hit
    window = excerpt(hit.episode.content, hit.matched, max_chars=max_chars)
    return replace(hit, text=window, episode=replace(hit.episode, content=window))
