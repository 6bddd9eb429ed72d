"""Resolve relative time expressions (Chinese and English) against when a message was said.

"yesterday" in a message from last March means a day in last March, so every
expression is resolved against the message's own ``said_at``, never the clock.
The result is the half-open period ``[start, end)`` the expression names, in UTC:
a day is midnight to midnight, a week is ISO (Monday 00:00 to the next Monday 00:00),
a weekend is Saturday 00:00 to Monday 00:00, a month and a year run to the next one.

Conventions (documented because natural language is ambiguous here):

- weekdays are read inside ISO weeks, as Chinese does: ``last Friday`` / ``上周五`` is
  the Friday of the previous week, ``next Friday`` / ``下周五`` the Friday of the next
  week, and a bare ``Friday`` / ``周五`` / ``this Friday`` the Friday of this week;
- a month or day named without a year (``in May``, ``5月3日``) is in ``said_at``'s year,
  unless the caller says the text speaks of the future (``prefer_future``: "we fly to Tokyo
  in March" said in November): then one already over is the next one, a year later;
- a year and a month together (``明年三月``, ``2027年3月``, ``March 2027``) name that month;
- ``N weeks ago`` is the single day N×7 days back (the phrase is vague; a day keeps
  the period short, callers widen it if they need to);
- day boundaries are the speaker's midnights in ``said_at``'s own UTC offset (UTC midnights
  for a UTC or naive ``said_at``), returned as UTC.

When a text holds several expressions, the first one (leftmost, longest) wins.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from functools import lru_cache

from memstrata.extract import festivals
from memstrata.text.regex import lazy_regex

Period = tuple[datetime, datetime]
_Resolver = Callable[[re.Match[str], date], Period | None]

_ZH_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5,
              "六": 6, "七": 7, "八": 8, "九": 9}
_EN_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
               "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "a couple of": 2,
               "a few": 3, "couple of": 2, "few": 3,
               **{w: 11 + i for i, w in enumerate(("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                                                   "seventeen", "eighteen", "nineteen", "twenty"))},
               "thirty": 30, "forty": 40, "fifty": 50}
_EN_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_ZH_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_EN_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
              "september", "october", "november", "december")
_REL = {"last": -1, "previous": -1, "past": -1, "this": 0, "next": 1, "coming": 1,
        "上": -1, "这": 0, "本": 0, "今": 0, "下": 1, "上上": -2, "下下": 2}


def zh_number(text: str) -> int | None:
    """The number ``text`` spells: Arabic digits, a Chinese numeral up to 99 (``三``, ``十五``,
    ``两``) or a small English number word (``a``, ``three``); ``None`` if it is none of these."""
    if text.isdigit():
        return int(text)
    if text in _EN_NUMBERS:
        return _EN_NUMBERS[text]
    if "十" in text:
        tens, _, units = text.partition("十")
        high = _ZH_DIGITS.get(tens, -1) if tens else 1
        low = _ZH_DIGITS.get(units, -1) if units else 0
        return None if high < 0 or low < 0 else high * 10 + low
    if len(text) == 1 and text in _ZH_DIGITS:
        return _ZH_DIGITS[text]
    return None


def _at(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def _days(day: date, n: int = 1) -> Period:
    return _at(day), _at(day + timedelta(days=n))


def _monday(today: date, weeks: int) -> date:
    return today - timedelta(days=today.weekday()) + timedelta(weeks=weeks)


def _month(year: int, month: int) -> Period:
    year += (month - 1) // 12
    month = (month - 1) % 12 + 1
    nxt = date(year + 1, 1, 1) if month == 12 else date(year, month + 1, 1)
    return _at(date(year, month, 1)), _at(nxt)


def _shift_months(today: date, n: int) -> Period:
    return _month(today.year, today.month + n)


def _year(year: int) -> Period:
    return _at(date(year, 1, 1)), _at(date(year + 1, 1, 1))


def _unit_offset(today: date, n: int, unit: str) -> Period:
    """The period ``n`` units from ``today`` (negative = past); day/week → one day."""
    unit = unit.removeprefix("个")  # 三个月 / 两个星期
    if unit in ("day", "天"):
        return _days(today + timedelta(days=n))
    if unit in ("week", "周", "星期", "礼拜"):
        return _days(today + timedelta(weeks=n))
    if unit in ("month", "月"):
        return _shift_months(today, n)
    return _year(today.year + n)


def _safe_day(year: int, month: int, day: int) -> Period | None:
    try:
        return _days(date(year, month, day))
    except ValueError:  # "2月30日" names no day
        return None


# --- resolvers: (match, today) -> period ------------------------------------------------

def _r_day_offset(offsets: dict[str, int]) -> _Resolver:
    def resolve(m: re.Match[str], today: date) -> Period:
        return _days(today + timedelta(days=offsets[m.group(0).lower()]))
    return resolve


def _r_week(m: re.Match[str], today: date) -> Period:
    monday = _monday(today, _REL[m.group("rel").lower()])
    return _at(monday), _at(monday + timedelta(days=7))


def _r_weekend(m: re.Match[str], today: date) -> Period:
    rel = (m.group("rel") or "this").lower()
    saturday = _monday(today, _REL[rel]) + timedelta(days=5)
    return _days(saturday, 2)


def _r_month_rel(m: re.Match[str], today: date) -> Period:
    return _shift_months(today, _REL[m.group("rel").lower()])


def _r_month_end(m: re.Match[str], today: date) -> Period | None:
    """月底, 月末, 下个月底, 3月底: the month's last days, from the 21st on (下旬, the last of the three ten-day
    parts the Chinese calendar divides a month into) to its end. Chinese only: "by the end of June" read so made
    "I'm still short on my savings goal, I want to reach $2,000 by the end of June" a dated plan of each clause
    (BEAM)."""
    said = m.groupdict()
    if said.get("m"):
        month = zh_number(said["m"])
        if month is None or not 1 <= month <= 12:
            return None
        start, end = _month(today.year, month)
    else:
        start, end = _shift_months(today, _REL[(said.get("rel") or "this").lower()])
    return start + timedelta(days=20), end


def _r_month_start(m: re.Match[str], today: date) -> Period | None:
    """月初, 下个月初, 3月中: the month's first ten days (上旬) or its middle ten (中旬), as ``_r_month_end`` reads
    the last ten; said so, 我下个月初要去出差 read 下个月 alone and left 初 in what is planned."""
    end = _r_month_end(m, today)
    if end is None:
        return None
    first = end[0] - timedelta(days=20)
    return (first, first + timedelta(days=10)) if m.group("part") == "初" else (first + timedelta(days=10), end[0])


def _r_year_rel(m: re.Match[str], today: date) -> Period:
    return _year(today.year + _REL[m.group("rel").lower()])


def _r_ago(sign: int) -> _Resolver:
    def resolve(m: re.Match[str], today: date) -> Period | None:
        n = zh_number(m.group("n").lower())
        if n is None:
            return None
        return _unit_offset(today, sign * n, m.group("unit").lower())
    return resolve


def _r_en_weekday(m: re.Match[str], today: date) -> Period:
    rel = _REL[(m.group("rel") or "this").lower()]
    return _days(_monday(today, rel) + timedelta(days=_EN_WEEKDAYS.index(m.group("wd").lower())))


def _r_zh_weekday(m: re.Match[str], today: date) -> Period:
    rel = _REL[m.group("rel") or "这"]
    return _days(_monday(today, rel) + timedelta(days=_ZH_WEEKDAYS[m.group("wd")]))


def _month_number(name: str) -> int:
    """The number of the English month ``name`` names, in full or cut short ("December", "Dec", "Dec.", "Sept": 12, 12,
    12, 9)."""
    short = name.lower().rstrip(".")[:3]
    return next(n for n, month in enumerate(_EN_MONTHS, 1) if month.startswith(short))


def _r_en_month(m: re.Match[str], today: date) -> Period:
    month = _month_number(m.group("mon"))
    rel = (m.group("rel") or "in").lower()
    return _month(today.year + {"last": -1, "next": 1}.get(rel, 0), month)


def _r_en_month_day(m: re.Match[str], today: date) -> Period | None:
    """"Dec 20", "20 December", "Jan 15, 2027", "15 Jan 2027": that day, of the year said or else this one."""
    year = m.groupdict().get("y")  # "the 3rd of Feb" has no year group
    return _safe_day(int(year) if year else today.year, _month_number(m.group("mon")), int(m.group("d")))


def _r_numeric_date(m: re.Match[str], today: date) -> Period | None:
    """"2027-01-15", "2027/1/15", "2027.01.15": year, month and day in that order (ISO 8601's order, the one
    numeric order no reader mistakes; "1/15" or "3/4" alone could be either month or day first, and are not read)."""
    return _safe_day(int(m.group("y")), int(m.group("m")), int(m.group("d")))


def _r_day_of_month(m: re.Match[str], today: date) -> Period | None:
    """"The 12th" alone: that day of this month (of the next one for a plan already past, ``_next_occurrence``)."""
    return _safe_day(today.year, today.month, int(m.group("d")))


def _r_zh_month_day(m: re.Match[str], today: date) -> Period | None:
    month, day = zh_number(m.group("m")), zh_number(m.group("d"))
    if month is None or day is None:
        return None
    return _safe_day(today.year, month, day)


def _r_en_month_rel_day(m: re.Match[str], today: date) -> Period | None:
    """"The 10th of next month": that day of the month named by its place from this one."""
    first = _shift_months(today, {"last": -1, "this": 0, "next": 1}[m.group("rel").lower()])[0]
    return _safe_day(first.year, first.month, int(m.group("d")))


def _r_zh_month_rel_day(m: re.Match[str], today: date) -> Period | None:
    """下个月10号, 这个月15号, 上个月3号: that day of the month named by its place from this one."""
    day = zh_number(m.group("d"))
    first = _shift_months(today, {"上": -1, "这": 0, "本": 0, "下": 1}[m.group("rel")])[0]
    return None if day is None else _safe_day(first.year, first.month, day)


def _r_zh_day_of_month(m: re.Match[str], today: date) -> Period | None:
    """15号 alone, as "the 15th": that day of this month (of the next one for a plan already past)."""
    day = zh_number(m.group("d"))
    return None if day is None else _safe_day(today.year, today.month, day)


def _r_zh_month(m: re.Match[str], today: date) -> Period | None:
    month = zh_number(m.group("m"))
    return None if month is None or not 1 <= month <= 12 else _month(today.year, month)


_ZH_YEARS = {"前年": -2, "去年": -1, "今年": 0, "明年": 1, "后年": 2}


def _r_zh_year_month(m: re.Match[str], today: date) -> Period | None:
    year = int(m.group("y")) if m.group("y") else today.year + _ZH_YEARS[m.group("ry")]
    month = zh_number(m.group("m"))
    if month is None or not 1 <= month <= 12:
        return None
    if m.group("d"):
        day = zh_number(m.group("d"))
        return None if day is None else _safe_day(year, month, day)
    return _month(year, month)


def _r_en_month_year(m: re.Match[str], today: date) -> Period:
    return _month(int(m.group("y")), _month_number(m.group("mon")))


def _r_zh_year(m: re.Match[str], today: date) -> Period:
    return _year(today.year + _ZH_YEARS[m.group(0)])


def _r_new_year(m: re.Match[str], today: date) -> Period:
    """"The new year", "the start of the year", 元旦, 年初: the first day of this year (the month, for 年初 and "the
    start of the year"), since a standing state begun then is dated by its start; a plan (``prefer_future``) takes
    the next one (``_resolved`` moves a period already over a year on)."""
    start = date(today.year, 1, 1)
    return _month(start.year, 1) if re.search(r"start|beginning|年初", m.group(0), re.IGNORECASE) else _days(start)


def _r_festival(m: re.Match[str], today: date) -> Period | None:
    """A holiday (五一, 国庆, 春节, 端午, 中秋 …: ``extract.festivals``) of the year said with it (明年春节, 2027年国庆)
    or of this one; ``None`` for a lunar holiday of a year the tables do not hold."""
    year = int(m.group("y")) if m.group("y") else today.year + _ZH_YEARS.get(m.group("ry") or "今年", 0)
    days = festivals.festival(m.group("f"), year)
    return None if days is None else (_at(days[0]), _at(days[1]))


_FESTIVAL_NAMES = "|".join(festivals.BEFORE.get(n, "") + re.escape(n) + festivals.NOT_AFTER.get(n, "")
                           for n in sorted(festivals.NAMES, key=len, reverse=True))
#: The holidays' words (``festivals.NAMES``), longest first, with the year said before them. 国庆 after a common
#: surname is a given name (王国庆), 五一 before a street or a square names the place (五一广场), 清明上河图 a painting.
_FESTIVAL = (r"(?:(?P<y>(?:19|20)\d\d)年|(?P<ry>前年|去年|今年|明年|(?<![以之然])后年))?(?:的)?"
             r"(?<![王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯董程曹袁邓许沈曾彭吕苏蒋蔡丁魏叶余潘杜])"
             rf"(?P<f>{_FESTIVAL_NAMES})"
             r"(?!路|街|广场|大道|大街|村|小区|中学|小学|桥|上河|轻)")


def _r_year_abs(m: re.Match[str], today: date) -> Period:
    return _year(int(m.group("y")))


#: A count said in digits or in words up to fifty ("3", "a", "two", "eleven", "twenty"): the counts an English span
#: ("two years ago", "for twelve years": ``extract.onset``) is read with, each a key of ``_EN_NUMBERS``.
COUNT_EN = (r"\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?:thir|four|fif|six|seven|"
            r"eigh|nine)teen|twenty|thirty|forty|fifty")
_NUM_EN = rf"(?P<n>{COUNT_EN}|(?:a )?(?:couple of|few))"
_NUM_ZH = r"(?P<n>\d+|[一二两三四五六七八九十]+)"
_WD_EN = "|".join(_EN_WEEKDAYS)
_MON_EN = "|".join(_EN_MONTHS)
#: A month named in full or cut short ("Dec 20", "Dec. 20th", "20 Sept", "Jan 2027"): only where a day or a year is
#: said with it, which tells the short name from a word ("in Mar" is no time read; "Dec 20" is one).
_MON_DATED_EN = rf"(?:{_MON_EN}|(?:jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?)"

_PATTERNS: tuple[tuple[re.Pattern[str], _Resolver], ...] = tuple(
    (lazy_regex(p, re.IGNORECASE), r)
    for p, r in (
        (r"\bthe day before yesterday\b|\bthe day after tomorrow\b",
         _r_day_offset({"the day before yesterday": -2, "the day after tomorrow": 2})),
        # chat spellings of tomorrow ("job interview tmrw 10am", "dentist tmr"): the same day
        (r"\b(?:today|tonight|yesterday|tomorrow|tmrw|tmr|tmw|tmo|2morrow|2moro|tomoz)\b",
         _r_day_offset({"today": 0, "tonight": 0, "yesterday": -1, "tomorrow": 1, "tmrw": 1, "tmr": 1, "tmw": 1,
                        "tmo": 1, "2morrow": 1, "2moro": 1, "tomoz": 1})),
        (r"\b(?:this (?:morning|afternoon|evening)|last night)\b",
         _r_day_offset({"this morning": 0, "this afternoon": 0, "this evening": 0,
                        "last night": -1})),
        (r"\b(?P<rel>last|this|next|coming|previous|past) week\b", _r_week),
        (r"\b(?:(?P<rel>last|this|next|coming) )?weekend\b", _r_weekend),
        (r"\b(?P<rel>last|this|next|coming|previous|past) month\b", _r_month_rel),
        (r"\b(?P<rel>last|this|next|coming|previous|past) year\b", _r_year_rel),
        (rf"\b{_NUM_EN} (?P<unit>day|week|month|year)s? ago\b", _r_ago(-1)),
        (rf"\bin {_NUM_EN} (?P<unit>day|week|month|year)s?\b", _r_ago(1)),
        (rf"\b{_NUM_EN} (?P<unit>day|week|month|year)s? from now\b", _r_ago(1)),
        (rf"\b(?:(?P<rel>last|this|next|coming) |on )?(?P<wd>{_WD_EN})\b", _r_en_weekday),
        (rf"\b(?:in )?(?P<mon>{_MON_DATED_EN}),? (?P<y>(?:19|20)\d\d)\b", _r_en_month_year),
        # a year after the day ("Jan 15, 2027", "15 Jan 2027") is the date's, not a year of its own left in the value
        (rf"\b(?P<mon>{_MON_DATED_EN}) (?P<d>\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(?P<y>(?:19|20)\d\d))?\b",
         _r_en_month_day),
        # "on 14 March", "20th March": the day first, as British English writes it (a capital: "2 may work" is no date)
        (rf"\b(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?=(?-i:[A-Z]))(?P<mon>{_MON_DATED_EN})(?!\w)"
         rf"(?:,?\s+(?P<y>(?:19|20)\d\d)\b)?", _r_en_month_day),
        (r"(?<![\d.])(?P<y>(?:19|20)\d\d)(?P<sep>[-/.])(?P<m>0?[1-9]|1[0-2])(?P=sep)(?P<d>0?[1-9]|[12]\d|3[01])(?![\d.])",
         _r_numeric_date),
        (rf"\b(?P<rel>in|last|next|this) (?P<mon>{_MON_EN})\b", _r_en_month),
        (rf"\bthe (?P<d>\d{{1,2}})(?:st|nd|rd|th) of (?P<mon>{_MON_DATED_EN})(?!\w)", _r_en_month_day),
        (r"\bthe (?P<d>\d{1,2})(?:st|nd|rd|th) of (?P<rel>last|this|next) month\b", _r_en_month_rel_day),
        # "on the 12th" alone; "the 12th floor", "the 12th century" name no day (a word follows that is no time's)
        (r"\bthe (?P<d>\d{1,2})(?:st|nd|rd|th)(?=\s*(?:$|[.,!?;:)]|(?:at|in the|by|before|after|and|or|so|but|"
         r"this month|next month)\b))", _r_day_of_month),
        (r"\bin (?P<y>(?:19|20)\d\d)\b", _r_year_abs),
        (r"\b(?:the new year|new year'?s(?: day)?|the (?:start|beginning) of the year)\b|元旦|年初", _r_new_year),
        (_FESTIVAL, _r_festival),
        (r"大前天|前天|昨天|昨晚|昨日|今天|今晚|今早|今日|明天|明早|明晚|明日|大后天|(?<![以之然])后天",
         _r_day_offset({"大前天": -3, "前天": -2, "昨天": -1, "昨晚": -1, "昨日": -1, "今天": 0,
                        "今晚": 0, "今早": 0, "今日": 0, "明天": 1, "明早": 1, "明晚": 1,
                        "明日": 1, "后天": 2, "大后天": 3})),
        (r"(?P<rel>上上|下下|上|这|本|下)(?:个)?(?:周|星期|礼拜)(?P<wd>[一二三四五六日天])",
         _r_zh_weekday),
        (r"(?P<rel>上|这|本|下)?(?:个)?(?:周末)", _r_weekend),
        (r"(?P<rel>上上|下下|上|这|本|下)(?:个)?(?:周|星期|礼拜)(?![一二三四五六日天末])", _r_week),
        # 每周一次, 一周三次, 每周两三天 say how often, no day (one time a week): a count and its unit after the number
        (r"(?:周|星期|礼拜)(?P<wd>[一二三四五六日天])(?![一二两三四五六七八九十几]?(?:次|趟|回|遍|天))(?P<rel>)",
         _r_zh_weekday),
        (r"(?P<rel>上|这|本|下)个?月(?!份?[一二三四五六七八九十\d]+[日号])", _r_month_rel),
        (rf"{_NUM_ZH}(?P<unit>天|周|个星期|个礼拜|个月|年)(?:以|之)?前",
         _r_ago(-1)),
        (rf"{_NUM_ZH}(?P<unit>天|周|个星期|个礼拜|个月|年)(?:以|之)?后",
         _r_ago(1)),
        (r"(?:(?P<y>(?:19|20)\d\d)年|(?P<ry>前年|去年|今年|明年|(?<![以之然])后年))"
         r"(?P<m>\d{1,2}|十[一二]?|[一二三四五六七八九])月份?(?:(?P<d>\d{1,2}|[一二三四五六七八九十]{1,3})[日号])?",
         _r_zh_year_month),
        (r"(?P<m>\d{1,2}|[一二三四五六七八九十]{1,3})月(?P<d>\d{1,2}|[一二三四五六七八九十]{1,3})[日号]",
         _r_zh_month_day),
        (r"(?P<rel>上|这|本|下)个?月份?(?P<d>\d{1,2}|[一二三]?十[一二三四五六七八九]?|[一二三四五六七八九])[日号]",
         _r_zh_month_rel_day),
        # 15号 alone is a day, not 15号楼, 3号线, 第5号, 5月15号 (above), a count (几号) or a street number (建国路88号)
        (r"(?<![\d月第几一二三四五六七八九十路街道巷弄楼栋座室院村区里坊园厦场门])(?P<d>\d{1,2}|[一二三]?十[一二三四五六七八九]?|[一二三四五六七八九])号"
         r"(?=$|[，,。！!；;\s]|[要得会去来回交还开有是前那当到左就再才之以上下中早晚见飞出])(?!上班|下班|中心)",
         _r_zh_day_of_month),
        (r"(?:(?P<rel>上|这|本|下)个?|(?<![\d个])(?P<m>\d{1,2}|十[一二]?|[一二三四五六七八九]))?(?<![岁年风明赏望])月(?:底|末)(?!蕴)",
         _r_month_end),
        # 下个月初, 3月中: the first or the middle ten days, as 月底 is the last (上旬, 中旬); 月初 alone too
        (r"(?:(?P<rel>上|这|本|下)个?|(?<![\d个])(?P<m>\d{1,2}|十[一二]?|[一二三四五六七八九]))?(?<![岁年风明赏望])月"
         r"(?P<part>初|中)(?![旬心央间文国学医药])",
         _r_month_start),
        (r"(?<![\d个])(?P<m>\d{1,2}|十[一二]?|[一二三四五六七八九])月份?", _r_zh_month),
        (r"(?P<y>(?:19|20)\d\d)年", _r_year_abs),
        (r"前年|去年|今年|明年|(?<![以之然])后年", _r_zh_year),
    )
)


_CLOCK = lazy_regex(
    r"\b\d{1,2}(?::\d\d)?\s?(?:am|pm)\b|\b\d{1,2}:\d\d\b|\bo'clock\b|\bnoon\b|\bmidnight\b"
    r"|(?:早上|上午|中午|下午|晚上|凌晨)?[\d一二两三四五六七八九十]{1,3}点(?:半|[\d一二三四五六七八九十]+分)?",
    re.IGNORECASE,
)


def _local_day(said_at: datetime) -> tuple[date, timedelta]:
    """The speaker's calendar day at ``said_at`` and its offset from UTC: "tomorrow" said at
    07:00 +08:00 on 1 January (23:00 UTC on 31 December) is 2 January where the speaker is.
    A naive datetime is taken as UTC."""
    offset = said_at.utcoffset() if said_at.tzinfo is not None else None
    return said_at.date(), offset or timedelta(0)


def resolve_relative(text: str, said_at: datetime, *, prefer_future: bool = False) -> tuple[datetime, datetime] | None:
    """The period named by the first time expression in ``text``.

    Remembered for the last ``_RESOLVED_CACHE`` texts: each clause of a sentence that names no time of its own
    asks for its sentence's (``clauses.clause_period``), and scanning the sentence once per clause made a long
    sentence cost its length squared (a 400-character list of 60 clauses: 84 ms, most of it here).

    Args:
        text: one sentence or clause, Chinese or English.
        said_at: when the text was said; timezone-aware (a naive value is taken as UTC). Day
            words resolve in its own offset: "tomorrow" said at 07:00 +08:00 on 1 January is
            2 January 00:00 +08:00, returned as 1 January 16:00 UTC.
        prefer_future: the text speaks of what is to come (a plan): a month or day named
            without a year ("in March", "三月", "5月3日") that is already over is the next
            one, a year later; a bare weekday ("on Monday", "周一") already past is next week's.

    Returns:
        ``(start, end)``, a half-open period as timezone-aware UTC datetimes, or ``None``
        when the text names no day, week, weekend, month or year.
    """
    # the offset is part of the key: 07:00 +08:00 and 23:00 UTC the day before are one instant, two days
    return _resolved(text, said_at, said_at.utcoffset(), prefer_future)


#: How many (text, time said, future) results ``resolve_relative`` keeps: a message's sentences and clauses.
_RESOLVED_CACHE = 512


@lru_cache(maxsize=_RESOLVED_CACHE)
def _resolved(text: str, said_at: datetime, offset: timedelta | None,
              prefer_future: bool) -> tuple[datetime, datetime] | None:
    """``resolve_relative``'s result, computed (results are immutable tuples, safe to share)."""
    # Periods are computed in the speaker's wall-clock days (labelled UTC), then moved by
    # the offset so the local midnight is stored as the UTC instant it is.
    today, offset = _local_day(said_at)
    best: tuple[int, int, Period, re.Match[str], _Resolver] | None = None
    for pattern, resolver in _PATTERNS:
        for match in pattern.finditer(text):
            # Leftmost wins; at the same start the longer match ("大后天" over "后天").
            rank = (match.start(), -(match.end() - match.start()))
            if best is not None and rank >= best[:2]:
                break
            period = resolver(match, today)
            if period is not None:
                best = (rank[0], rank[1], period, match, resolver)
                break
    if best is None:
        return None
    period, match, resolver = best[2], best[3], best[4]
    if prefer_future and period[1] <= _at(today):
        period = _next_occurrence(period, match, resolver)
    return period[0] - offset, period[1] - offset


def _next_occurrence(period: Period, match: re.Match[str], resolver: _Resolver) -> Period:
    """``period`` moved to its next occurrence when its expression names no year or week
    (see ``resolve_relative``'s ``prefer_future``); otherwise ``period`` unchanged."""
    start, end = period
    yearless = resolver in (_r_zh_month_day, _r_zh_month, _r_new_year) or (
        resolver is _r_en_month_day and not match.groupdict().get("y")) or (
        resolver is _r_month_end and bool(match.group("m"))) or (
        resolver is _r_en_month and (match.group("rel") or "in").lower() == "in")
    if yearless:
        try:
            return start.replace(year=start.year + 1), end.replace(year=end.year + 1)
        except ValueError:  # 29 February has no next-year twin: keep the date as said
            return period
    if resolver is _r_festival and not (match.group("y") or match.group("ry")):  # 春节 said after it: next year's
        days = festivals.festival(match.group("f"), start.year + 1)
        return period if days is None else (_at(days[0]), _at(days[1]))
    if resolver in (_r_day_of_month, _r_zh_day_of_month):  # "on the 12th", 12号 said on the 20th: next month's
        nxt = _month(start.year, start.month + 1)[0]
        return _safe_day(nxt.year, nxt.month, start.day) or period
    bare_weekday = (resolver is _r_en_weekday and not match.group("rel")) or (
        resolver is _r_zh_weekday and not match.group("rel"))
    if bare_weekday:
        return start + timedelta(days=7), end + timedelta(days=7)
    return period


def next_day_of_month(day: int, said_at: datetime) -> tuple[datetime, datetime] | None:
    """The next ``day`` of a month from ``said_at``'s own day on (this month's, or next month's when it is past), as
    ``resolve_relative`` gives a plan's "the 12th": 12号 said alone in Chinese; ``None`` when no such day exists."""
    return resolve_relative(f"the {day}th.", said_at, prefer_future=True) if 1 <= day <= 31 else None


@lru_cache(maxsize=256)
def time_span(text: str) -> tuple[int, int] | None:
    """``(start, end)`` character offsets of the first time expression in ``text``, if any.

    Used by the extractor to cut the time phrase out of an event's value. Remembered for the last 256 texts: the
    extractor asks it of each clause three to four times (``clauses.without_time``, ``clauses.is_only_time``),
    and each answer scans the clause with every time pattern.
    """
    spans = [
        (m.start(), -(m.end() - m.start()))
        for pattern, _ in _PATTERNS
        for m in [pattern.search(text)]
        if m is not None
    ]
    if not spans:
        return None
    start, neg_len = min(spans)
    end = start - neg_len
    # "starting next month", "from next month", "as of Monday": the word that says the time is when a change holds from
    # belongs to the time, so it leaves the value with it ("working at Stripe from" was stored); "starting today" is a
    # resolve from now on ("Starting today I'll drink more water": ``extract.cessation``), no date of a plan
    if (opened := _FROM_WHEN.search(text[:start])) is not None and not _NOW_ONLY.match(text, start, end):
        start = opened.start()
    # "tomorrow evening", "next Tuesday afternoon": the part of the day belongs to the day named,
    # so it leaves the value with it ("leaving evening" was stored for "leaving tomorrow evening")
    part = _PART_OF_DAY.match(text, end)
    return start, part.end() if part else end


#: Times that are the moment of speaking: "starting today" says "from now on".
_NOW_ONLY = lazy_regex(r"(?:today|tonight|now|right now)$", re.IGNORECASE)
#: The word before a time that says a change holds from then ("starting next month", "from Monday", "as of today").
_FROM_WHEN = lazy_regex(r"(?:^|(?<=\s))(?:starting(?:\s+from)?|beginning|from|as\s+of|effective)\s+$", re.IGNORECASE)

#: A part of the day right after a day named. English only: Chinese (昨天晚上) read so added two MemoryBank-zh events
#: and lowered its retrieval after chit-chat (hybrid NDCG@10 0.690 -> 0.688).
_PART_OF_DAY = lazy_regex(r"\s+(?:morning|afternoon|evening|night)\b", re.IGNORECASE)


def mentions_time(text: str) -> bool:
    """True if ``text`` names a relative or absolute period, or a clock time (``3pm``, ``下午三点``)."""
    return bool(_CLOCK.search(text)) or any(p.search(text) for p, _ in _PATTERNS)


def time_spans(text: str) -> list[tuple[int, int, str]]:
    """Every time expression in ``text`` as ``(start, end, sort)`` character offsets, in order, without overlaps (the
    longer one kept): ``clock`` for a time of day ("3pm", 下午三点, "18:00"), ``day`` for a day, week, month or year
    ("Friday", "next week", 下周三, 明天). A correction that names one of them says which to put right
    (``facts.previous``).

    >>> [(text[s:e], sort) for text in ["dentist at 3pm friday"] for s, e, sort in time_spans(text)]
    [('3pm', 'clock'), ('friday', 'day')]
    >>> [("下周三去上海"[s:e], sort) for s, e, sort in time_spans("下周三去上海")]
    [('下周三', 'day')]
    """
    found = [(m.start(), m.end(), "clock") for m in _CLOCK.finditer(text) if m.group(0).lower() != "o'clock"]
    found += [(m.start(), m.end(), "day") for pattern, _ in _PATTERNS for m in pattern.finditer(text)]
    kept: list[tuple[int, int, str]] = []
    for start, end, sort in sorted(found, key=lambda s: (s[0] - s[1], s[0])):  # longest first
        if all(end <= s or start >= e for s, e, _ in kept):
            kept.append((start, end, sort))
    return sorted(kept)
