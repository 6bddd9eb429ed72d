"""Traditional Chinese read as Simplified, one character at a time (OpenCC's ``t2s`` table).

The rule extractor's Chinese patterns and the full-text terms are written in Simplified
characters, so 我以後都希望用順豐 extracted nothing and a query in one script missed a memory
in the other. ``simplified`` maps each Traditional character to its Simplified form with
OpenCC (``opencc`` on PyPI, the project's official binding, Apache-2.0), character by
character: a text's terms then equal the terms of its characters' conversions wherever the
text is cut into bigrams, so stored terms can be upgraded term by term
(``store.reindex``) and a bigram of a query matches the same bigram of a memory. Phrase-level
conversion (OpenCC's ``TSPhrases``) is left out on purpose: it would make a bigram's form
depend on its neighbours. Simplified text is unchanged except for the few characters that
are Traditional forms too (MemoryBank-zh has one: 麼).
"""

from __future__ import annotations

import threading

import opencc

_lock = threading.Lock()
_converter: opencc.OpenCC | None = None


def _convert(ch: str) -> str:
    """OpenCC ``t2s`` of one character; loaded on first use (~7 ms), never at import. Under a
    lock: each character is converted once per process, and the binding is not documented as
    thread-safe."""
    global _converter
    with _lock:
        if _converter is None:
            _converter = opencc.OpenCC("t2s")
        return str(_converter.convert(ch))


class _Table(dict[int, int]):
    """``str.translate`` table filled on demand: code point -> Simplified code point."""

    def __missing__(self, code: int) -> int:
        ch = chr(code)
        # Only ideographs have Traditional forms; everything else maps to itself unasked.
        out = _convert(ch) if "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" else ch
        self[code] = ord(out) if len(out) == 1 else code
        return self[code]


_TABLE = _Table()


def simplified(text: str) -> str:
    """``text`` with each Traditional Chinese character in its Simplified form; any other
    character unchanged, the length unchanged.

    >>> simplified("我以後都希望用順豐，別放門口 OK")
    '我以后都希望用顺丰，别放门口 OK'
    """
    return text.translate(_TABLE) if not text.isascii() else text


def as_written(text: str, value: str, source: str) -> str:
    """``text`` (a fact's statement, stored in Simplified characters) in the characters
    ``source`` (the message it came from) wrote it: where ``text`` occurs in ``simplified(source)``,
    that span of ``source`` (the conversion keeps lengths, so the spans line up); else ``text``
    with ``value`` replaced by its span of ``source`` when the value occurs there; else ``text``.

    >>> as_written("对花生过敏", "花生", "我對花生過敏"), as_written("配送偏好顺丰", "顺丰", "我以後都希望用順豐")
    ('對花生過敏', '配送偏好順豐')
    >>> as_written("prefers UPS for shipping", "UPS", "I prefer UPS")
    'prefers UPS for shipping'
    """
    folded = simplified(source)
    if folded == source:
        return text
    at = folded.find(text) if text else -1
    if at >= 0:
        return source[at:at + len(text)]
    at = folded.find(value) if value and value in text else -1
    return text if at < 0 else text.replace(value, source[at:at + len(value)])
