"""Phone numbers: mobiles, landlines and international forms, without dates, times, money or ids.

What counts as a phone number (each span as written, separators included):

* mainland China mobiles, 11 digits ``1[3-9]x``, optionally ``+86``/``0086``: ``138 1234 5678``;
* international numbers with a country code, 8–15 digits (ITU-T E.164): ``+86 10 1234 5678``;
* national numbers with a trunk ``0`` and an area code, written with a separator or brackets
  after the area code, 10–12 digits in all: ``010-12345678``, ``(021) 6234 5678``,
  ``0755 8888 9999``, ``020 7946 0958``;
* North American numbers (NANP: area code and exchange start with 2–9), with brackets or one
  separator between groups: ``(415) 555-0132``, ``415-555-0132``, ``1-800-555-0199``;
* after a phone word (``phone``, ``cell``, ``mobile``, ``tel``, ``fax``, 电话, 座机, 手机 ..., and
  their Traditional forms 電話, 座機, 手機 ...), any number of 7–15 digits that is not a date:
  ``座机是 6234 5678``, ``我的手機號碼是0912345678``.

What is decided not to be one: dates (``2024-05-01``, ``05-01-2024``), time ranges
(``10:30-11:45``), versions (``v1.2.3``), money (``¥1,234.50``), ISBNs, and any number right
after an id word (order, tracking, invoice, ISBN, 订单号 ...), which is an identifier however
it looks. A bare run of digits without separators (``01012345678``) counts only after a phone
word: order numbers look exactly like that. Nor do national numbers in two-digit groups
(French ``01 23 45 67 89``) without a phone word or ``+33``: lists of small numbers
(``03 14 15 92 65``) look the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from memstrata.text.regex import lazy_regex

#: Words just before a number that make it an identifier (order, tracking, invoice number, ISBN),
#: not a card or phone number.
_ID_CONTEXT = lazy_regex(
    r"(?i)(?:order|tracking|invoice|ticket|booking|reference|ref|serial|isbn|issn|sku|model|version"
    r"|订单|单号|运单|快递|发票|编号|工单|流水号)"
    r"(?:\s*(?:number|num|no\.?|id|#|号码|号|码))?\s*(?:is|was|:|：|是|为)?\s*$"
)

#: How far back (characters) an id word may stand before the number it names.
ID_CONTEXT_CHARS = 24

#: Characters that continue a number on either side: a span touching one is part of something
#: longer (a version, a decimal, a date, a time, an address) and is not taken alone.
_EDGE_BEFORE = r"(?<![\w+.,:/@-])"
_EDGE_AFTER = r"(?![\w@]|[.,:/-]\d)"

#: Mainland China mobile numbers (11 digits, 13x–19x), optionally +86 / 0086 and separators.
_CN_MOBILE = lazy_regex(r"(?<![\d+])(?:(?:\+|00)86[ -]?)?1[3-9]\d[ -]?\d{4}[ -]?\d{4}(?!\d)")
#: International numbers written with a country code: ``+44 20 7946 0958``, ``+1 (415) 555-0100``.
_INTL = lazy_regex(r"(?<![\w+])\+\d{1,3}(?:[ .-]?\(?\d{1,4}\)?){2,5}(?![\d])", re.ASCII)
#: National numbers with a trunk 0: the area code is bracketed or followed by a separator.
_TRUNK = lazy_regex(
    _EDGE_BEFORE + r"(?:[(（]0\d{1,4}[)）][ .-]?|0\d{1,4}[ .-])\d{3,8}(?:[ .-]\d{2,8}){0,3}" + _EDGE_AFTER,
    re.ASCII,
)
#: North American Numbering Plan: area code, exchange (each starting 2-9) and four digits,
#: with an optional leading 1.
_NANP = lazy_regex(
    _EDGE_BEFORE + r"(?:1[ .-]?)?(?:\([2-9]\d{2}\)[ ]?|[2-9]\d{2}[ .-])[2-9]\d{2}[ .-]\d{4}" + _EDGE_AFTER,
    re.ASCII,
)
#: Phone words in English, Simplified and Traditional Chinese (電話, 手機: a Taiwan or Hong Kong
#: mobile written bare, 0912345678, is a phone only after one of them).
_KEYWORD = lazy_regex(
    r"(?i)(?:\b(?:tel(?:ephone)?|phone|cell(?:\s*phone)?|mobile|landline|fax)\b"
    r"|电话|電話|座机|座機|固话|固話|传真|傳真|手机|手機|联系方式|聯繫方式|联络方式|聯絡方式)"
    r"(?:\s*(?:number|no\.?|#|号码|號碼|号|號))?\s*(?:is|was|:|：|是|為|为|at|on)?\s*"
    r"(?P<v>\(?\d[\d ().-]{5,22}\d)(?!\d)",
)
_DATE = lazy_regex(r"\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{4}")


def _digits(span: str) -> int:
    return sum(c.isdigit() for c in span)


def after_id_word(text: str, start: int) -> bool:
    """Whether the number starting at ``text[start]`` follows an id word (order, ISBN, 订单号 ...)."""
    return _ID_CONTEXT.search(text[max(0, start - ID_CONTEXT_CHARS):start]) is not None


def phone_spans(text: str) -> Iterator[tuple[int, int]]:
    """``(start, end)`` character offsets of every phone number in ``text`` (may overlap).

    The caller (``detectors.find_all``) keeps the first of overlapping spans.
    """
    for m in _CN_MOBILE.finditer(text):
        yield m.start(), m.end()
    for m in _INTL.finditer(text):
        if 8 <= _digits(m.group()) <= 15:
            yield m.start(), m.end()
    for pattern, low, high in ((_TRUNK, 10, 12), (_NANP, 10, 11)):
        for m in pattern.finditer(text):
            if low <= _digits(m.group()) <= high and not after_id_word(text, m.start()):
                yield m.start(), m.end()
    for m in _KEYWORD.finditer(text):
        value = m.group("v").rstrip(" (.-")
        if 7 <= _digits(value) <= 15 and not _DATE.search(value):
            yield m.start("v"), m.start("v") + len(value)
