"""The periods a search query names, to search inside them too.

"What did Gina find on 1 February, 2023?" and "在5月1号，我遇到了什么开心的事情？" name a
day; the turns said that day are the likeliest answers, but the question's other words
("find", "开心") match turns all over the conversation. ``query_periods`` reads the
dates, months and years a query names (English and Chinese) and returns them as
half-open UTC periods; recall then runs its candidate searches once more, restricted
to those periods (``recall``, ``Settings.time_weight``).

Rules (documented because a query, unlike a message, has no date of its own):

- a date or month with its year (``October 13, 2023``, ``May 2023``, ``2023年5月1日``,
  ``2023-05-01``) is that period;
- a date or month named without a year (``May 3``, ``in June``, ``5月1号``) is that day or
  month in each of the ``YEARS_BACK`` years up to ``now``'s year: a memory spans years,
  and the query does not say which; a question about what is ahead (``recall.ahead``) also
  reads it in the next year;
- a bare English month needs a preposition or a neighbouring day (``in May``, ``May 3``):
  ``may``, ``march`` and ``august`` are also words;
- relative expressions (``last week``, ``yesterday``, ``上周``) are resolved against
  ``now`` by ``extract.timex`` (what the user means by them);
- each period is widened by ``after_days`` days at its end: a turn often reports a day
  or two later what happened on the day the question names.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from datetime import UTC, date, datetime, timedelta

from memstrata.extract.timex import resolve_relative, time_span, zh_number
from memstrata.filter.ast import And, Compare, Expr, Field, Or
from memstrata.text.regex import lazy_regex

Period = tuple[datetime, datetime]

#: Years a year-less date is looked for in, ending with ``now``'s year. Ten years of one
#: user's memories is more than any store measured here; each year is one more OR branch
#: of the period filter (an index range on ``created_at``), so the cost stays small.
YEARS_BACK = 10

_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december")
_MON = "|".join([*_MONTHS, "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"])
_ZH_NUM = r"\d{1,2}|[一二三四五六七八九十]{1,3}"
_YEAR = r"(?:19|20)\d\d"

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple((kind, lazy_regex(p, re.IGNORECASE)) for kind, p in (
    ("ymd", rf"\b(?P<y>{_YEAR})-(?P<m>\d{{1,2}})-(?P<d>\d{{1,2}})\b"),
    ("ymd", rf"(?P<y>{_YEAR})\s*年\s*(?P<m>{_ZH_NUM})\s*月\s*(?P<d>{_ZH_NUM})\s*[日号號]"),
    ("ym", rf"(?P<y>{_YEAR})\s*年\s*(?P<m>{_ZH_NUM})\s*月(?!\s*(?:{_ZH_NUM})\s*[日号號])"),
    ("md", rf"(?<![\d年个])(?P<m>{_ZH_NUM})\s*月\s*(?P<d>{_ZH_NUM})\s*[日号號]"),
    ("m", rf"(?<![\d年个上下这本])(?P<m>\d{{1,2}}|十[一二]?|[一二三四五六七八九])\s*月份?"
          rf"(?!\s*(?:{_ZH_NUM})\s*[日号號])"),
    ("y", rf"(?P<y>{_YEAR})\s*年(?!\s*(?:{_ZH_NUM})\s*月)"),
    # English: "October 13, 2023", "October 13th", "13 October 2023", "13th of October"
    ("md", rf"\b(?P<mon>{_MON})\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(?P<y>{_YEAR})\b)?"),
    ("md", rf"\b(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon>{_MON})\b\.?(?:,?\s+(?P<y>{_YEAR})\b)?"),
    ("m", rf"\b(?P<mon>{_MON})\.?,?\s+(?P<y>{_YEAR})\b"),
    ("m", rf"\b(?:in|during|for|since|until|by|of|early|late|mid-?|last|this|next)\s+(?P<mon>{_MON})\b"),
    ("y", rf"\b(?:in|during|since|of|year)\s+(?P<y>{_YEAR})\b"),
))


def query_periods(text: str, now: datetime, *, after_days: int = 0, years: bool = True) -> list[Period]:
    """Half-open UTC periods named in ``text``, earliest first, overlapping ones merged
    (``read_periods`` without the rest of the text).
"""
    return read_periods(text, now, after_days=after_days, years=years)[0]


def names_a_date(text: str) -> bool:
    """Whether ``text`` names a day, month or year of the calendar ("in January", "January 15", 一月份, 1月15号,
    "2027-01-15", "in 2027"), which ``read_periods`` reads as that period; a relative expression ("next week",
    下周, "tomorrow") is read against ``now`` and names none.

    >>> names_a_date("what's coming up in January?"), names_a_date("一月份有什么安排？"), names_a_date("下周要忙什么？")
    (True, True, False)
    """
    return any(pattern.search(text) for _, pattern in _PATTERNS)


def read_periods(text: str, now: datetime, *, after_days: int = 0,
                 years: bool = True, forward: bool = False) -> tuple[list[Period], str]:
    """Half-open UTC periods named in ``text``, earliest first, overlapping ones merged, and
    ``text`` without the expressions that named them.

    Args:
        text: a search query (any language; English and Chinese dates are read).
        now: the search's time (timezone-aware): year-less dates end with its year and
            relative expressions are resolved against it.
        after_days: days each period is extended by at its end.
        years: also return whole years named alone (``in 2023``, ``2023年``).
        forward: a date or month named without a year is also read in the year after ``now``'s:
            a question about what is ahead ("what's coming up in January?" asked in December,
            一月份有什么安排) means the next one, which no year up to ``now``'s holds.

    Returns:
        ``([(start, end), ...], rest)``: no periods and ``text`` unchanged when the query
        names none. ``rest`` is what the query asks about the periods ("what made me happy").
    """
    today = now.astimezone(UTC).date()
    found: list[Period] = []
    taken: list[tuple[int, int]] = []  # spans already read, so "May 3, 2023" is not also "May 2023"
    for kind, pattern in _PATTERNS:
        for match in pattern.finditer(text):
            if any(match.start() < end and start < match.end() for start, end in taken):
                continue
            periods = _periods(kind, match, today, years, forward)
            if periods is None:
                continue
            taken.append(match.span())
            found.extend(periods)
    if not taken:
        relative = resolve_relative(text, now)
        # Where the expression is, only when there is one: most questions name no time, and the
        # span's look-up runs every pattern again (a third of this function on LoCoMo's questions).
        span = time_span(text) if relative is not None else None
        if relative is not None and span is not None:
            found.append(relative)
            taken.append(span)
    widened = sorted((start, end + timedelta(days=after_days)) for start, end in found)
    merged: list[Period] = []
    for start, end in widened:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    rest = text
    for first, last in sorted(taken, reverse=True):
        rest = f"{rest[:first]} {rest[last:]}"
    return merged, rest


def period_filter(periods: list[Period]) -> Expr | None:
    """A filter (``memstrata.filter``) keeping records whose ``created_at`` is in any period."""
    branches: list[Expr] = [And((Compare(Field("created_at"), ">=", start.isoformat()),
                                 Compare(Field("created_at"), "<", end.isoformat()))) for start, end in periods]
    if not branches:
        return None
    return branches[0] if len(branches) == 1 else Or(tuple(branches))


def period_complement(periods: list[Period]) -> Expr | None:
    """A filter keeping records whose ``created_at`` is in none of ``periods`` (earliest first,
    not overlapping, as ``read_periods`` returns them): before the first, between two, after
    the last; ``None`` when there are no periods. Each branch is one range on ``created_at``."""
    if not periods:
        return None
    def at(op: str, when: datetime) -> Compare:
        return Compare(Field("created_at"), op, when.isoformat())
    branches: list[Expr] = [at("<", periods[0][0])]
    branches += [And((at(">=", end), at("<", start))) for (_, end), (start, _) in itertools.pairwise(periods)]
    branches.append(at(">=", periods[-1][1]))
    return Or(tuple(branches))


def _periods(kind: str, match: re.Match[str], today: date, years: bool, forward: bool) -> list[Period] | None:
    groups = match.groupdict()
    month = _month(groups.get("mon"), groups.get("m"))
    day = zh_number(groups["d"]) if groups.get("d") else None
    year = int(groups["y"]) if groups.get("y") else None
    if kind == "y":
        if year is None:
            return None
        return [(_at(date(year, 1, 1)), _at(date(year + 1, 1, 1)))] if years else []  # read, not searched
    if month is None or not 1 <= month <= 12:
        return None
    candidates = [year] if year is not None else range(today.year - YEARS_BACK + 1, today.year + 1)
    out = _in_years(candidates, month, day)
    if forward and year is None and (not out or out[-1][1] <= _at(today)):
        out += _in_years([today.year + 1], month, day)  # this year's is over: the next one
    return out or None


def _in_years(candidates: Iterable[int], month: int, day: int | None) -> list[Period]:
    """The day ``day`` of ``month`` (the whole month when ``day`` is ``None``) in each of ``candidates``
    (years), as half-open UTC periods; a day a year lacks (February 30) left out."""
    out: list[Period] = []
    for y in candidates:
        if day is None:
            nxt = date(y + 1, 1, 1) if month == 12 else date(y, month + 1, 1)
            out.append((_at(date(y, month, 1)), _at(nxt)))
            continue
        try:
            first = date(y, month, day)
        except ValueError:  # "February 30" names no day (in this year)
            continue
        out.append((_at(first), _at(first + timedelta(days=1))))
    return out


def _month(name: str | None, number: str | None) -> int | None:
    if name:
        key = name.lower().rstrip(".")
        return next((n for n, full in enumerate(_MONTHS, start=1) if full.startswith(key[:3])), None)
    return zh_number(number) if number else None


def _at(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=UTC)
