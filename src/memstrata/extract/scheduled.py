"""Something of the speaker's set for a time, said with the possessive copula: "My flight home is on the 12th", "My
dentist appointment is next Tuesday", 我的航班在周五, 我的面试是下周三 (``schedule.event``, dated).

"I have a dentist appointment next Tuesday" was a scheduled event (``events_en``); said as "my X is <time>" it
stored nothing, or the time as the value of an attribute (``user.dentist_appointment = next Tuesday``, which no
later day resolves; ``user.航班在周 = 五``). When the whole value is a time the reader knows (``timex``), what is
owned is what happens then: a scheduled event of that name, its period the time named (the next one, for a day
already past: a plan). What recurs or is a date of the person ("My birthday is on June 5": ``identity.birthday``;
"my anniversary", "my day off is Friday") and a relative ("My son is on Friday") are no such event.
"""

from __future__ import annotations

import re
from datetime import datetime

from memstrata.extract import kin
from memstrata.extract.clauses import CONF_PREFER, Finding, clause_period
from memstrata.extract.timex import next_day_of_month, time_span, zh_number
from memstrata.text.regex import lazy_regex

_EN = lazy_regex(r"^(?:my|our)\s+(?P<attr>[a-z][a-z' -]{1,30}?)\s+(?:is|'s)\s+(?:(?:on|at|in)\s+)?"
                 r"(?P<when>.+?)[.!]*$", re.IGNORECASE)
_ZH = lazy_regex(r"^我(?:们)?的(?P<attr>[\u4e00-\u9fffA-Za-z]{1,8}?)(?:是|在|定在|安排在)"
                 r"(?P<when>[^，。！]+?)[。！!]*$")
#: What recurs or is a date of the person, not a happening ahead; a verb-like attribute is a state ("my mind is ...").
_NOT_EVENT = lazy_regex(r"(?:birthday|anniversary|name day|day off|days off|weekend|schedule|shift|routine|"
                        r"生日|纪念日|休息日|周末|排班|作息|幸运日)$"
                        # a day liked or usual, not one set ("My favorite day is Friday", "my busiest day")
                        r"|^(?:all-time\s+)?(?:favou?rite|usual|preferred|best|worst|lucky|busiest|least\s+favou?rite|"
                        r"normal|typical|regular)\b", re.IGNORECASE)
#: A day of the month said alone in Chinese (12号, 十二日), with nothing after it but "that day".
_ZH_DAY = lazy_regex(r"^(?P<d>\d{1,2}|[一二三四五六七八九十]{1,3})[号日](?:那天)?$")


def find(clause: str, said_at: datetime, lang: str) -> list[Finding]:
    """The scheduled event ``clause`` says ("My flight home is on the 12th" → ``schedule.event`` = ``flight home``,
    12 December), else ``[]``."""
    m = (_ZH if lang == "zh" else _EN).match(clause.strip())
    if m is None:
        return []
    attr, when = m.group("attr").strip(), m.group("when").strip()
    if _NOT_EVENT.search(attr) or kin.is_relative(attr):
        return []
    period = _day_of_month(when, said_at) if lang == "zh" else None
    if period is None:
        span = time_span(when)
        if span is None or when[: span[0]].strip() or when[span[1]:].strip(" .!"):
            return []  # the value is more than a time: "my flight is a red-eye on Friday"
        period = clause_period(when, when, said_at, future=True)
    if period is None:
        return []
    return [Finding("schedule.event", attr, CONF_PREFER, clause, period=period)]


def _day_of_month(when: str, said_at: datetime) -> tuple[datetime, datetime] | None:
    """12号 alone: that day of this month, or of the next when it is past (a plan)."""
    m = _ZH_DAY.match(when)
    day = zh_number(m.group("d")) if m else None
    return None if day is None else next_day_of_month(day, said_at)
