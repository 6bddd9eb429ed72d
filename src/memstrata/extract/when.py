"""Dates and clock times as fact *values*, read the same in English and Chinese.

A birthday stored as "March 3" and restated as 3月3号 is one value (the Chinese
restatement must not supersede the English one); a wake-up time "6am" and
早上6点 likewise. ``calendar_day`` and ``clock_time`` read a value that is, as a whole, a
date or a time of day; ``same_when`` compares two values by what they denote. Values that
are not wholly a date or a time (``"March"``, ``"the 3rd"``, ``"6"``) are not read: a bare
number is not a time, and a month is not a day.
"""

from __future__ import annotations

import re

from memstrata.extract.timex import zh_number
from memstrata.text.regex import lazy_regex

_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december")
_MON = r"(?P<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|" \
       r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>(?:1[89]|20)\d\d)"
_EN_DATE = (
    lazy_regex(rf"^(?:the\s+)?{_DAY}\s+(?:of\s+)?{_MON}(?:,?\s+{_YEAR})?$", re.IGNORECASE),
    lazy_regex(rf"^{_MON}\s+(?:the\s+)?{_DAY}(?:,?\s+{_YEAR})?$", re.IGNORECASE),
)
_ISO = lazy_regex(rf"^{_YEAR}-(?P<month>\d{{1,2}})-(?P<day>\d{{1,2}})$")
_ZH_NUM = r"[0-9一二两三四五六七八九十〇零]+"
_ZH_DATE = lazy_regex(rf"^(?:(?P<year>\d{{4}}|[一二三四五六七八九〇零]{{4}})年)?(?P<month>{_ZH_NUM})月"
                      rf"(?P<day>{_ZH_NUM})(?:日|号|號)?$")


def _zh_year(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    digits = [zh_number(ch) for ch in text]
    return None if any(d is None for d in digits) else int("".join(str(d) for d in digits))


def calendar_day(value: str) -> tuple[int | None, int, int] | None:
    """``(year or None, month, day)`` when ``value`` is, as a whole, a calendar date ("March 3",
    "3rd of March 1990", "1990-03-03", 3月3号, 一九九零年三月三日); else ``None``.

    >>> calendar_day("March 3rd"), calendar_day("3月3号"), calendar_day("March")
    ((None, 3, 3), (None, 3, 3), None)
    """
    text = value.strip().rstrip("。.")
    for pattern in _EN_DATE:
        m = pattern.match(text)
        if m:
            month = next(i for i, name in enumerate(_MONTHS, 1) if name.startswith(m.group("mon").lower()[:3]))
            return _checked(int(m.group("year")) if m.group("year") else None, month, int(m.group("day")))
    m = _ISO.match(text)
    if m:
        return _checked(int(m.group("year")), int(m.group("month")), int(m.group("day")))
    m = _ZH_DATE.match(text)
    if m:
        zh_month, zh_day = zh_number(m.group("month")), zh_number(m.group("day"))
        year = _zh_year(m.group("year")) if m.group("year") else None
        if zh_month is None or zh_day is None or (m.group("year") and year is None):
            return None
        return _checked(year, zh_month, zh_day)
    return None


def _checked(year: int | None, month: int, day: int) -> tuple[int | None, int, int] | None:
    return (year, month, day) if 1 <= month <= 12 and 1 <= day <= 31 else None


#: A clock time said inside a clause: "7am", "6:30 p.m.", "18:00", "noon", "7 in the morning"; 早上6点半, 晚上十点一刻,
#: 7：30, 半夜12点钟. The routines read it ("I wake up at 6:30am", 我早上六点半起床: ``extract.routines``) and a routine
#: moved ("every Thursday at 6pm", 周四晚上7点: ``extract.rescheduled``); ``clock_time`` reads a value that is one.
CLOCK_EN = (r"(?:\d{1,2}(?::\d\d)?\s*(?:a\.?m\.?|p\.?m\.?)|\d{1,2}:\d\d|noon|midnight|"
            r"\d{1,2}(?::\d\d)?\s+(?:in the morning|in the evening|at night))")
_CLOCK_NUM_ZH = r"[0-9一二两三四五六七八九十]{1,3}"
CLOCK_ZH = (rf"(?:早上|早晨|清晨|凌晨|上午|中午|下午|傍晚|晚上|夜里|半夜)?{_CLOCK_NUM_ZH}(?:点|點|:|：)"
            rf"(?:半|一刻|三刻|{_CLOCK_NUM_ZH}分?)?(?:钟)?")

_EN_TIME = lazy_regex(r"^(?:at\s+|around\s+|about\s+)?(?P<h>\d{1,2})(?::(?P<m>\d\d))?\s*(?P<ampm>a\.?m\.?|p\.?m\.?)?"
                      r"(?:\s+(?P<part>in the morning|in the evening|at night|in the afternoon))?$", re.IGNORECASE)
_ZH_TIME = lazy_regex(rf"^(?P<part>早上|早晨|清晨|凌晨|上午|中午|下午|傍晚|晚上|夜里|半夜)?"
                      rf"(?P<h>{_ZH_NUM})(?:点|點|:|：)"
                      rf"(?:(?P<half>半)|(?P<m>{_ZH_NUM})分?|(?P<q>一刻|三刻))?(?:钟|鐘)?(?:左右)?$")
_PM_ZH = ("下午", "傍晚", "晚上", "夜里")


def clock_time(value: str) -> tuple[int, int] | None:
    """``(hour 0-23, minute)`` when ``value`` is, as a whole, a time of day with a mark of one
    (am/pm, a colon, "in the morning", 点): "6am", "6:30 pm", "7 in the evening", 早上6点,
    晚上十一点半; else ``None`` (a bare "6" is a number, not a time).

    >>> clock_time("6am"), clock_time("早上6点"), clock_time("晚上十一点半"), clock_time("6")
    ((6, 0), (6, 0), (23, 30), None)
    """
    text = value.strip().rstrip("。.")
    m = _EN_TIME.match(text)
    if m:
        if not (m.group("m") or m.group("ampm") or m.group("part")):
            return None
        hour, minute = int(m.group("h")), int(m.group("m") or 0)
        mark = (m.group("ampm") or "").lower().replace(".", "")
        evening = mark == "pm" or (m.group("part") or "").lower() in ("in the evening", "at night", "in the afternoon")
        return _clock(hour + 12 if evening and hour < 12 else (0 if mark == "am" and hour == 12 else hour), minute)
    m = _ZH_TIME.match(text)
    if m:
        zh_hour = zh_number(m.group("h"))
        zh_minute = 30 if m.group("half") else 15 if m.group("q") == "一刻" else 45 if m.group("q") else (
            zh_number(m.group("m")) if m.group("m") else 0)
        if zh_hour is None or zh_minute is None:
            return None
        if m.group("part") in _PM_ZH and zh_hour < 12:
            zh_hour += 12
        return _clock(zh_hour, zh_minute)
    return None


def _clock(hour: int, minute: int) -> tuple[int, int] | None:
    return (hour, minute) if 0 <= hour <= 23 and 0 <= minute <= 59 else None


def same_when(value: str, other: str) -> bool | None:
    """``True`` when both values are the same date (a year given on one side only still
    matches: "March 3" is "1990年3月3日"'s day) or the same time of day; ``False`` when both are
    dates or both times and differ; ``None`` when either is not one (the caller asks elsewhere).

    >>> same_when("March 3", "3月3号"), same_when("6am", "早上六点"), same_when("March 3", "3月4号")
    (True, True, False)
    """
    a, b = calendar_day(value), calendar_day(other)
    if a is not None and b is not None:
        return a[1:] == b[1:] and (a[0] is None or b[0] is None or a[0] == b[0])
    t, u = clock_time(value), clock_time(other)
    if t is not None and u is not None:
        return t == u
    return None
