"""A dated thing of one's own or of a relative said date first: "March 3rd is my daughter's recital", "Next Friday is
my son's graduation", 12月18日是我女儿的家长会, 3月5日是我妈妈的生日.

Said the other way round ("My daughter's recital is on March 3rd", 我女儿的家长会在12月18日) the sentence is read: an
event of the relative's (``schedule.event`` under ``daughter``), a birthday (``identity.birthday``). Date first it
stored nothing, the date being no subject the shapes know. ``owner_first`` turns it round before the shapes read it.
Only a date that names a day is turned (a month and a day, next / this weekday; in Chinese a month and a day or
下周五, 这个星期六), and only with my / our / 我的 / 我 + a relative before the thing: "Friday is the
deadline", "Monday is a holiday", 周五是我的休息日, 12月18日是周五 and a question are left as said.
"""

from __future__ import annotations

import re

from memstrata.extract import kin
from memstrata.extract.subject_zh import RELATION
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
_MONTH_EN = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
             r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
_DAY_EN = r"\d{1,2}(?:st|nd|rd|th)?"
_WEEKDAY_EN = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
#: A day named: "March 3rd", "3 March", "the 3rd of March", "next Friday", "this Saturday"; a weekday alone is every
#: such day ("Saturday is my favourite day", "Friday is my day off"), no date.
_DATE_EN = (rf"(?:{_MONTH_EN}\s+{_DAY_EN}|(?:the\s+)?{_DAY_EN}\s+(?:of\s+)?{_MONTH_EN}"
            rf"|(?P<rel>(?:next|this|this coming|coming)\s+){_WEEKDAY_EN})")
_OWNER_FIRST_EN = lazy_regex(
    rf"^(?:on\s+)?(?P<date>{_DATE_EN})\s*,?\s+(?:is|will be)\s+(?P<thing>(?:my|our)\s+[^,;?!]+?)\s*[.!]?$", _IC)
#: A day named in Chinese: 12月18日, 12月18号, 3月5日, and a weekday of this or next week (下周五, 这个星期六,
#: 本周日); a weekday alone (周五) is every such day, as in English.
_DATE_ZH = r"(?:\d{1,2}月\d{1,2}[日号]|(?:下|这|本)个?(?:周|星期|礼拜)[一二三四五六日天])"
_OWNER_FIRST_ZH = lazy_regex(
    rf"^(?P<date>{_DATE_ZH})\s*(?:就)?是\s*(?P<whose>我(?P<we>们)?(?P<rel>{RELATION})?的)\s*(?P<thing>[^，,。！!？?]+?)\s*"
    r"(?P<end>[。！!]?)$")


def owner_first(sentence: str) -> str:
    """``sentence`` with a date that opens it put after the thing it is the date of ("March 3rd is my daughter's
    recital" → "my daughter's recital is on March 3rd", 12月18日是我女儿的家长会 → 我女儿的家长会在12月18日, and a
    birthday's 是 kept: 我妈妈的生日是3月5日); unchanged when it opens with no such date.

    >>> owner_first("March 3rd is my daughter's recital."), owner_first("Next Friday is my son's graduation")
    ("my daughter's recital is on March 3rd", "my son's graduation is next Friday")
    >>> owner_first("12月18日是我女儿的家长会。"), owner_first("Friday is the deadline")
    ('我女儿的家长会在12月18日。', 'Friday is the deadline')
    >>> owner_first("下周五是我儿子的毕业典礼。"), owner_first("周五是我的休息日")
    ('我儿子的毕业典礼在下周五。', '周五是我的休息日')
    """
    text = sentence.strip()
    if (m := _OWNER_FIRST_EN.match(text)) is not None:
        date = m.group("date")
        date = date[:1].lower() + date[1:] if m.group("rel") else f"on {date}"  # "is next Friday", "is on March 3rd"
        return f"{m.group('thing')} is {date}"
    if (m := _OWNER_FIRST_ZH.match(text)) is not None and re.fullmatch(r"[A-Za-z][A-Za-z' -]*", m.group("thing")):
        # 12月18日是我儿子的 sports day: the English thing read by the English shapes, "my son's sports day is on ..."
        whose = f"{'our' if m.group('we') else 'my'}" + (f" {kin.subject(m.group('rel'))}'s" if m.group("rel") else "")
        return f"{whose} {m.group('thing')} is on {m.group('date')}"
    if m is not None:
        verb = "是" if m.group("thing").endswith("生日") else "在"
        return f"{m.group('whose')}{m.group('thing')}{verb}{m.group('date')}{m.group('end')}"
    return sentence
