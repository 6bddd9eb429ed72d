"""Something of the speaker's set for a time, said with the possessive copula: "My flight home is on the 12th", "My
dentist appointment is next Tuesday", 我的航班在周五, 我的面试是下周三 (``schedule.event``, dated).

"I have a dentist appointment next Tuesday" was a scheduled event (``events_en``); said as "my X is <time>" it
stored nothing, or the time as the value of an attribute (``user.dentist_appointment = next Tuesday``, which no
later day resolves; ``user.航班在周 = 五``). When the whole value is a time the reader knows (``timex``), what is
owned is what happens then: a scheduled event of that name, its period the time named (the next one, for a day
already past: a plan). What recurs or is a date of the person ("My birthday is on June 5": ``identity.birthday``;
"my anniversary", "my day off is Friday") and a relative ("My son is on Friday") are no such event.

A rescheduling says the same of the new time ("We moved the dentist appointment to Thursday", "My haircut got pushed
to next Tuesday", "My piano lesson moved to Thursday", 我们把牙医预约改到周四了): it stored ``event = moved the dentist
appointment to`` dated the Thursday before, or ``user.haircut = next Tuesday``. What is moved is the scheduled event,
its period the time it was moved to, ahead as every plan's (the coming Thursday). A routine of it ("I have piano
lessons every Wednesday", 我每周三上钢琴课: a habit) is kept: one occurrence moved to a day ("to Thursday", "to
tomorrow", 改到周四) is the coming one, and the routine holds on (a move to a day of every week, "to Thursdays",
改到每周四, is a routine moved: ``extract.rescheduled``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from memstrata.extract import appointments, kin
from memstrata.extract.clauses import CONF_PREFER, Finding, clause_period
from memstrata.extract.timex import next_day_of_month, time_span, zh_number
from memstrata.text.regex import lazy_regex

#: "My flight home is on the 12th"; the time said as set ("My trip to Tokyo is planned for January 5", "is scheduled
#: for", "is set for", "is booked for") is the same statement.
_EN = lazy_regex(r"^(?:my|our)\s+(?P<attr>[a-z][a-z' -]{1,30}?)\s+(?:is|'s)\s+"
                 r"(?:(?:(?:now|all|already)\s+)?(?:planned|scheduled|set|booked|fixed|arranged|confirmed)\s+"
                 r"(?:(?:for|on|at|in)\s+)?|(?:on|at|in)\s+)?(?P<when>.+?)[.!]*$", re.IGNORECASE)
_ZH = lazy_regex(r"^我(?:们)?的(?P<attr>[\u4e00-\u9fffA-Za-z]{1,8}?)(?:是|在|定在|安排在)"
                 r"(?P<when>[^，。！]+?)[。！!]*$")
#: What is done, named before the time of it: 我去东京的行程定在1月5号, 我看牙医的时间是周四. The happening is what is
#: done (去东京, 看牙医); a word for when or what is planned (行程, 时间, 安排) names none of its own. Done with a verb
#: of going, seeing or taking part first, so 我们公司的安排 (a company's) is none.
_ZH_DOING = lazy_regex(r"^我(?:们)?(?P<attr>(?:去|回|飞|到|看|见|参加|开|办|做|拍|考|体检|面试|出差|搬|接|送|陪|约)"
                       r"[\u4e00-\u9fffA-Za-z]{1,8}?)的(?:行程|时间|日子|日期|安排|计划)(?:是|在|定在|安排在|订在|约在)"
                       r"(?P<when>[^，。！]+?)了?[。！!]*$")
_MOVE_EN = (r"(?:moved|rescheduled|pushed|postponed|bumped|shifted|changed|brought\s+forward|moved\s+up|put\s+off|"
            r"delayed)(?:\s+(?:back|forward|up|out))?")
#: "We moved the dentist appointment to Thursday", "My haircut got pushed back to next Tuesday": a time set anew.
_MOVED_EN = lazy_regex(
    rf"^(?:i|we)(?:'ve|\s+have|'d|\s+had)?\s+(?:(?:just|finally|already|also)\s+)?{_MOVE_EN}\s+(?:my|our|the)\s+"
    r"(?P<attr>[a-z][a-z' -]{1,30}?)(?:\s+(?:back|forward|up))?\s+(?:to|till|until)\s+(?P<when>.+?)[.!]*$"
    r"|^(?P<det>(?:my|our|the)\s+)?(?P<attr2>[a-z][a-z' -]{1,30}?)\s+"
    r"(?:(?:got|was|has\s+been|is|'s\s+been|have\s+been|were)\s+)?"
    rf"(?:(?:just|finally|already|also)\s+)?{_MOVE_EN}\s+(?:to|till|until)\s+(?P<when2>.+?)[.!]*$"
    # "The dentist moved my appointment to Monday": someone else set the user's own appointment anew
    r"|^(?:the|my|our)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:(?:just|finally|already|also)\s+)?"
    rf"{_MOVE_EN}\s+(?:my|our)\s+(?P<attr3>[a-z][a-z' -]{{1,30}}?)(?:\s+(?:back|forward|up))?\s+(?:to|till|until)\s+"
    r"(?P<when3>.+?)[.!]*$", re.IGNORECASE)
#: 我们把牙医预约改到周四了, 牙医预约推迟到下周一了, 面试改到了周五.
_MOVED_ZH = lazy_regex(r"^(?:我们?|咱们)?(?:已经|刚)?(?:把|将)?(?:我的|我们的)?"
                       r"(?P<attr>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:已经)?(?:改到|改在|改成|推迟到|推到|延期到|延后到|延到|挪到|调到|调整到|提前到|换到)了?"
                       r"(?P<when>[^，。！]+?)了?[。！!]*$")
#: What names no happening of its own when moved: a plan, a time, a date, "it".
_VAGUE = lazy_regex(r"(?:(?:the|my|our)\s+)?(?:plans?|time|date|day|schedule|arrangements?|it|this|that|things|"
                    r"everything)|计划|安排|时间|日期|日子|日程|行程|时候|事情|东西|这个|那个|它", re.IGNORECASE)
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
    m = (_ZH.match(clause.strip()) or _ZH_DOING.match(clause.strip())) if lang == "zh" else _EN.match(clause.strip())
    if m is None:
        return []
    attr, owner = m.group("attr").strip(), ""
    if lang == "en" and (whose := _OWNED_BY_EN.match(attr)) is not None and kin.is_relative(whose.group("owner")):
        # "my sister's wedding is on 20 Sept": the sister's wedding (subject sister), never the user's event
        attr, owner = whose.group("thing"), kin.subject(whose.group("owner"))
    return [replace(f, subject=owner) if owner else f
            for f in _at(attr, m.group("when").strip(), clause, said_at, lang)]


#: A thing of someone's, named before "'s" ("sister's wedding", "son's recital").
_OWNED_BY_EN = lazy_regex(r"^(?P<owner>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)['’]s\s+(?P<thing>[a-z].*)$", re.IGNORECASE)


def _at(attr: str, when: str, clause: str, said_at: datetime, lang: str) -> list[Finding]:
    """``attr`` as a scheduled event at ``when`` when that is a time the reader knows and ``attr`` a happening."""
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


def moved(clause: str, said_at: datetime, lang: str) -> list[Finding]:
    """The scheduled event a rescheduling names, at the time it was moved to ("We moved the dentist appointment to
    Thursday" → ``schedule.event`` = ``dentist appointment``, the coming Thursday), else ``[]``."""
    m = (_MOVED_ZH if lang == "zh" else _MOVED_EN).match(clause.strip())
    if m is None:
        return []
    attr = (m.group("attr") or m.group("attr2") or m.group("attr3") if lang == "en" else m.group("attr")).strip()
    if _VAGUE.fullmatch(attr):
        return []  # 计划改成了明天, "we moved the plan to Friday": no happening named
    if lang == "en" and m.group("attr2") and not m.group("det") and not appointments.names_happening(attr):
        return []  # a note with no "my" / "the" ("dentist moved to friday") names a happening, not "Tom moved to ..."
    when = (m.group("when") or m.group("when2") or m.group("when3") if lang == "en" else m.group("when")).strip()
    found = _at(attr, re.sub(r"^(?:on|at)\s+", "", when, flags=re.IGNORECASE), clause, said_at, lang)
    # the same event at its old time is superseded; a routine of it ("I have piano lessons every Wednesday") is not:
    # one occurrence moved to a day ("to Thursday", "to tomorrow") is the coming one, and the routine holds on
    # (a move to a day of every week, "to Thursdays", 改到每周四, moves the routine: ``extract.rescheduled``)
    return [replace(f, instead_of=f.value) for f in found]


def _day_of_month(when: str, said_at: datetime) -> tuple[datetime, datetime] | None:
    """12号 alone: that day of this month, or of the next when it is past (a plan)."""
    m = _ZH_DAY.match(when)
    day = zh_number(m.group("d")) if m else None
    return None if day is None else next_day_of_month(day, said_at)
