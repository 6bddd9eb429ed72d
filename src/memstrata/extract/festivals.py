"""The dates of the holidays a plan is dated by: 五一, 国庆, 春节 (过年), 端午, 中秋, 元宵, 除夕, 清明, and Christmas
(圣诞节, 平安夜).

"我五一要去成都玩", "国庆打算回老家", "春节回哈尔滨过年": the holiday is the plan's time, as "next week" is. The
solar ones fall on the same day every year: 五一 (劳动节) is 1 May and its holiday week 1-5 May, 国庆 is 1 October and
its week 1-7 October, 清明 is 4 or 5 April. The lunar ones move: 春节 is the first day of the first lunar month,
元宵 its fifteenth, 除夕 the day before 春节, 端午 the fifth of the fifth month, 中秋 the fifteenth of the eighth. Their
Gregorian dates for 2000-2050 are the tables below, computed with the ``lunardate`` package (0.3.0, the Hong Kong
Observatory's conversion tables) and checked against the published dates of 2015-2026; a year outside them names no
date (``None``), never a guess.

元旦 (1 January) is read with "the new year" by ``extract.timex``.
"""

from __future__ import annotations

from datetime import date, timedelta

#: The first year of the lunar tables; each table holds one month-and-day (M or MM, then DD) per year from it on.
_FIRST_YEAR = 2000
#: 春节 (正月初一), 2000-2050.
_SPRING_FESTIVAL = ("205 124 212 201 122 209 129 218 207 126 214 203 123 210 131 219 208 128 216 205 125 212 201 122 "
                    "210 129 217 206 126 213 203 123 211 131 219 208 128 215 204 124 212 201 122 210 130 217 206 126 "
                    "214 202 123").split()
#: 端午 (五月初五), 2000-2050.
_DRAGON_BOAT = ("606 625 615 604 622 611 531 619 608 528 616 606 623 612 602 620 609 530 618 607 625 614 603 622 610 "
                "531 619 609 528 616 605 624 612 601 620 610 530 618 607 527 614 603 622 611 531 619 608 529 615 604 "
                "623").split()
#: 中秋 (八月十五), 2000-2050.
_MID_AUTUMN = ("912 1001 921 911 928 918 1006 925 914 1003 922 912 930 919 908 927 915 1004 924 913 1001 921 910 929 "
               "917 1006 925 915 1003 922 912 1001 919 908 927 916 1004 924 913 1002 920 910 928 917 1005 925 915 "
               "1004 922 911 930").split()

#: The words of each holiday, longest first where one holds another (国庆节 before 国庆), and its canonical name.
NAMES: dict[str, str] = {
    "春节": "春节", "过年": "春节", "大年初一": "春节", "农历新年": "春节", "chinese new year": "春节",
    "lunar new year": "春节", "spring festival": "春节",
    "除夕": "除夕", "大年三十": "除夕", "年三十": "除夕",
    "元宵节": "元宵", "元宵": "元宵",
    "端午节": "端午", "端午": "端午", "dragon boat festival": "端午",
    "中秋节": "中秋", "中秋": "中秋", "mid-autumn festival": "中秋",
    "五一": "五一", "劳动节": "五一", "五一节": "五一",
    "国庆节": "国庆", "国庆": "国庆", "十一长假": "国庆", "十一假期": "国庆", "十一黄金周": "国庆",
    "清明节": "清明", "清明": "清明",
    "圣诞节": "圣诞", "圣诞": "圣诞", "christmas day": "圣诞", "christmas": "圣诞", "xmas": "圣诞",
    "平安夜": "平安夜", "christmas eve": "平安夜", "xmas eve": "平安夜",
}

#: What may not follow a holiday's word for it to be one: 参加过年会 is an annual party attended (过 + 年会), 过年轻人
#: a young person passed.
NOT_AFTER: dict[str, str] = {"过年": "(?![会轻级龄纪份底])", **{
    # 圣诞 names a time only alone (平安夜见面, 圣诞节回家); before a noun it is a kind of thing (圣诞树, 圣诞礼物) and
    # 圣诞快乐 a greeting
    name: r"(?!节|树|老人|老爷爷|礼物|歌|卡|贺卡|帽|装饰|袜|快乐|大餐|氛围|电影|市场|集市|灯|节目|主题|"
          r"元素|特辑|限定|款|版|套餐|果|苹果|花环|饰品|彩灯|橱窗|购物|促销|打折)"
    for name in ("圣诞节", "圣诞", "平安夜")}}
#: What must come before a holiday's English word for it to be one: a word that says when ("over Christmas", "at
#: Xmas", "for Christmas", "this Christmas"); "Christmas movies", "a Christmas tree", "Merry Christmas" name no time.
BEFORE: dict[str, str] = {name: "(?:" + "|".join(f"(?<={w} )" for w in (
    "over", "at", "for", "on", "by", "before", "after", "until", "till", "this", "next", "since", "during",
    "through")) + ")" for name in ("christmas day", "christmas", "xmas", "christmas eve",
                                                        "xmas eve")}


def _lunar(table: list[str], year: int) -> date | None:
    """The day ``table`` gives for ``year``, ``None`` outside the table's years."""
    at = year - _FIRST_YEAR
    if not 0 <= at < len(table):
        return None
    said = table[at]
    return date(year, int(said[:-2]), int(said[-2:]))


def festival(name: str, year: int) -> tuple[date, date] | None:
    """The half-open span of days ``[first, after)`` the holiday ``name`` (a key of ``NAMES``, any case) covers in
    ``year``: the holiday week of 五一 (1-5 May), 国庆 (1-7 October) and 春节 (除夕 to 初六), the day itself for the
    others (清明: 4-5 April, the two days it falls on); ``None`` for a name that is no holiday or a lunar holiday of
    a year outside the tables (2000-2050).

    >>> festival("国庆", 2026), festival("春节", 2027)
    ((datetime.date(2026, 10, 1), datetime.date(2026, 10, 8)), (datetime.date(2027, 2, 5), datetime.date(2027, 2, 12)))
    >>> festival("中秋节", 2026), festival("端午", 2099)
    ((datetime.date(2026, 9, 25), datetime.date(2026, 9, 26)), None)
    """
    which = NAMES.get(name.casefold())
    if which == "五一":
        return date(year, 5, 1), date(year, 5, 6)
    if which == "国庆":
        return date(year, 10, 1), date(year, 10, 8)
    if which == "清明":
        return date(year, 4, 4), date(year, 4, 6)
    if which in ("圣诞", "平安夜"):  # 25 December, its eve the 24th
        eve = date(year, 12, 25 if which == "圣诞" else 24)
        return eve, eve + timedelta(days=1)
    table = {"春节": _SPRING_FESTIVAL, "除夕": _SPRING_FESTIVAL, "元宵": _SPRING_FESTIVAL,
             "端午": _DRAGON_BOAT, "中秋": _MID_AUTUMN}.get(which or "")
    day = None if table is None else _lunar(table, year)
    if day is None:
        return None
    if which == "春节":
        return day - timedelta(days=1), day + timedelta(days=6)
    day += {"除夕": timedelta(days=-1), "元宵": timedelta(days=14)}.get(which or "", timedelta(0))
    return day, day + timedelta(days=1)
