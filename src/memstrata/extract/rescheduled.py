"""A routine moved to another day or time: "from now on I'll go grocery shopping on Sundays" after "I go grocery
shopping every Saturday", "My piano lessons moved to Thursdays" after "I have piano lessons every Wednesday",
以后改到周日买菜 after 我每周六去买菜, 钢琴课改到每周四了 after 我每周三上钢琴课 (one lesson moved to a day, "my piano
lesson moved to Thursday", is the coming one: ``extract.scheduled.moved``, the routine kept).

Both were stored as habits (``preference.habit``, a key of many values) and stood side by side: the user goes
shopping on two days. A routine said with a change of when ("from now on", 以后, "moved to", 改到, 换成) is the
same activity on a new day: it withdraws the habits of that activity (``extract.habits.withdraws_habit``: the
activity inside the stored habit, the same polarity), then states the new one, in that order (the engine applies
a message's findings in order, so the new habit is not withdrawn with the old). The activity is the habit without
its day or time (``activity_of``). A routine said with no change of when ("I also swim on Thursdays") adds a day,
as before, and so does one said as added ("from now on I'll go running on Thursdays too", 以后周四也去跑步); a day
alone with no activity ("from now on Sundays") withdraws nothing, and a routine said as a person's
("My wife's yoga class moved to Thursdays", 儿子的钢琴课改到每周四了: ``someones``) is no habit of the user's.
"""

from __future__ import annotations

import re
from dataclasses import replace

from memstrata.extract import gazetteer
from memstrata.extract.clauses import CONF_STATED, Finding, clean_value
from memstrata.extract.corrected_later import PLANS
from memstrata.extract.habits import said_of_user
from memstrata.extract.subject_zh import NAME as NAME_ZH
from memstrata.extract.subject_zh import RELATION as RELATION_ZH
from memstrata.extract.when import CLOCK_EN, CLOCK_ZH
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE

_DAY_EN = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?|weekdays"
#: When a routine is done, said at the end or the start of it: "on Sundays", "every Thursday at 6pm",
#: "on Mondays and Thursdays", "at 7am".
_WHEN_EN = (rf"(?:(?:on|every)\s+)?(?:{_DAY_EN})(?:\s*(?:,|and|&|or)\s*(?:{_DAY_EN}))*"
            r"(?:\s+(?:mornings?|afternoons?|evenings?|nights?))?"
            rf"(?:\s+at\s+{CLOCK_EN})?|at\s+{CLOCK_EN}")
_AT_END_EN = lazy_regex(rf"^(?P<act>.+?),?\s+(?P<when>{_WHEN_EN})$", _IC)
_AT_START_EN = lazy_regex(rf"^(?P<when>(?:on|every)\s+(?:{_DAY_EN})(?:\s+at\s+{CLOCK_EN})?),?\s+"
                          r"(?:i(?:'ll|\s+will)\s+)?(?P<act>.+)$", _IC)
#: "My piano lesson moved to Thursday", "the team meeting has been moved to Friday at 3pm", "We moved yoga to
#: Tuesdays", "I moved my yoga class to Thursdays".
_MOVED_EN = lazy_regex(
    rf"^(?:my|our|the)\s+(?P<act>[\w' -]+?)\s+(?:has\s+been\s+|have\s+been\s+|is\s+|are\s+|was\s+|were\s+|got\s+|"
    rf"'s\s+)?(?:now\s+)?(?:moved|changed|switched|rescheduled|shifted)\s+to\s+(?P<when>{_WHEN_EN})$"
    rf"|^(?:i|we)(?:'ve|\s+have)?\s+(?:moved|changed|switched|rescheduled|shifted)\s+(?P<det>(?:my|our|the)\s+)?"
    rf"(?P<act2>[\w' -]+?)\s+to\s+(?P<when2>{_WHEN_EN})$", _IC)

_DAY_ZH = r"(?:周|星期|礼拜)[一二三四五六日天](?:[和、跟](?:周|星期|礼拜)?[一二三四五六日天])*|周末|工作日"
#: A part of the day said alone after the day (周日早上, 每周三晚上) says when as a clock time does.
_DAY_PART_ZH = r"早上|早晨|上午|中午|下午|傍晚|晚上"
_WHEN_ZH = rf"(?:每个?)?(?:{_DAY_ZH})(?:{CLOCK_ZH}|{_DAY_PART_ZH})?|每天{CLOCK_ZH}|{CLOCK_ZH}"
#: 以后改到周日买菜, 以后每周日去买菜 (the change word, then when, then the activity).
_DAY_FIRST_ZH = lazy_regex(rf"^(?:我们?)?(?:都|就|也)?(?:改到|换到|改在|换成|改成)?(?P<when>{_WHEN_ZH})(?:再|都|就)?"
                           r"(?P<act>[\u4e00-\u9fff]{2,10})$")
#: 钢琴课改到周四了, 买菜换成周日, 我的瑜伽课挪到周二晚上7点, 健身房改成周三和周六去了, badminton改到每周日了 (an
#: activity named in English inside the Chinese clause).
_MOVED_ZH = lazy_regex(rf"^(?:我们?的?)?(?P<act>[\u4e00-\u9fffA-Za-z]{{2,12}}?)(?:也|已经|都)?"
                       rf"(?:改到|换到|挪到|调到|改成|换成|改在)了?(?P<when>{_WHEN_ZH})(?P<verb>去|上|练|打)?了?$")
#: A day added, not moved: the old day holds on ("from now on I'll go running on Thursdays too", 以后周四也去跑步).
_ADDED = lazy_regex(r"\b(?:too|also|as\s+well|in\s+addition|additionally)\b|也|另外", _IC)
#: A sentence that supposes ("If I get the job, from now on ...", 如果搬家，以后..., 要是下雨的话): the move is not said
#: to have happened, and the routine holds until it does.
_SUPPOSED = lazy_regex(r"\b(?:if|unless|in\s+case|suppose|supposing|assuming)\b|如果|要是|假如|假设|万一|的话", _IC)
#: What follows a change of when that is no activity: a way of putting it off (再说, 再看), a pronoun.
_NO_ACTIVITY_ZH = lazy_regex(r"^(?:再说|再看|再议|吧|了|这个|那个|它|这样|一样)")

#: An activity said as someone's ("wife's yoga class", "the kids' swim practice", 儿子的钢琴课, 她的瑜伽课): a person's
#: possessive before it. A day's is no person's ("Wednesday's class", 周三的瑜伽课).
_WHOSE_EN = lazy_regex(rf"^(?!(?:{_DAY_EN}|today|tonight|tomorrow|this\s+week|next\s+week)['’])(?:[\w-]+\s)?[\w-]+"
                       r"(?:['’]s|s['’])\s", _IC)
_WHOSE_ZH = lazy_regex(rf"^(?!{_DAY_ZH})(?:{RELATION_ZH}|{NAME_ZH}|[他她你]们?|孩子们?|宝宝)的")


def someones(act: str) -> bool:
    """Whether the activity ``act`` (English or Chinese) is said as a person's, not the user's: a routine of theirs
    moved ("My wife's yoga class moved to Thursdays", 儿子的钢琴课改到每周四了) is no habit of the user's and
    withdraws none.

    >>> someones("wife's yoga class"), someones("kids' swim practice"), someones("儿子的钢琴课"), someones("她的瑜伽课")
    (True, True, True, True)
    >>> someones("piano lessons"), someones("Wednesday's yoga class"), someones("周三的瑜伽课"), someones("钢琴课")
    (False, False, False, False)
    """
    return bool(_WHOSE_EN.match(act) or _WHOSE_ZH.match(act))


def activity_of(value: str) -> str:
    """The activity of an English habit ``value`` without its day or time ("go grocery shopping on Sundays" →
    "go grocery shopping"); ``""`` when it names no day or time, or nothing else.

    >>> activity_of("go grocery shopping on Sundays"), activity_of("every Thursday at 6pm go swimming")
    ('go grocery shopping', 'go swimming')
    >>> activity_of("go to bed early"), activity_of("on Sundays")
    ('', '')
    """
    m = _AT_END_EN.match(value.strip()) or _AT_START_EN.match(value.strip())
    if m is None:
        return ""
    act = re.sub(r"^(?:i(?:'ll|\s+will)\s+|i\s+)", "", m.group("act"), flags=_IC).strip()
    return "" if re.fullmatch(r"(?:it|that|this|them|one|on|every|at)?", act, _IC) else act


def moved_habit(found: list[Finding], lang: str, sentence: str = "") -> list[Finding]:
    """``found``, the habits a clause of ``sentence`` said under a change of when ("from now on", 以后:
    ``patterns_en`` / ``patterns_zh`` read it; ``lang`` ``"en"`` or ``"zh"``), each habit naming a day or time
    preceded by the withdrawal of the habits of its activity, unless the clause as said adds the day (``_ADDED``:
    "... on Thursdays too", the word the clause's cleaning takes off) or the sentence supposes (``_SUPPOSED``: "If I
    get the job, from now on ..."); the rest unchanged."""
    if _SUPPOSED.search(sentence):
        return found  # "If I get the job, from now on I'll swim on Thursdays": nothing moved yet
    out: list[Finding] = []
    for finding in found:
        if finding.key == "preference.habit" and not finding.retract and not _ADDED.search(
                _as_said(finding.clause, sentence)):
            moved = _moved(finding, lang)
            if moved:
                out.extend(moved)
                continue
        out.append(finding)
    return out


def _as_said(clause: str, sentence: str) -> str:
    """``clause`` with what ``sentence`` says after it up to the next mark ("I'll go running on Thursdays" of "From
    now on I'll go running on Thursdays too." → "I'll go running on Thursdays too"); ``clause`` when not found."""
    at = sentence.find(clause) if clause else -1
    if at < 0:
        return clause
    end = re.search(r"[,.;!?，。；！？]|$", sentence[at + len(clause):])
    return sentence[at: at + len(clause) + (end.start() if end else 0)]


def _moved(finding: Finding, lang: str) -> list[Finding]:
    if lang == "en":
        act = activity_of(finding.value)
        return [Finding("preference.habit", act, CONF_STATED, finding.clause, retract=True, subject=finding.subject),
                finding] if act else []
    m = _DAY_FIRST_ZH.match(finding.value)
    if m is None or _NO_ACTIVITY_ZH.match(m.group("act")):
        return []
    value = f"{m.group('when')}{m.group('act')}"
    return [Finding("preference.habit", m.group("act"), CONF_STATED, finding.clause, retract=True),
            replace(finding, value=value, statement=value if finding.statement else "")]


#: A routine's new days said of the activity alone: "Gym is now Tuesday and Thursday evenings instead", "Swimming is
#: now Mondays and Fridays", "Yoga moved to Wednesdays".
_NOW_ON_EN = lazy_regex(
    rf"^(?P<act>[a-z][\w' -]{{1,30}}?)\s+(?:(?:is|are|'s)\s+now(?:\s+on)?|(?:has\s+been\s+|was\s+|got\s+)?"
    rf"(?:moved|changed|switched|shifted)\s+to)\s+(?P<when>{_WHEN_EN})(?:\s+(?:now|instead))*$", _IC)
#: Days said as a routine's: in the plural ("Mondays"), two or more ("Tuesday and Thursday"), or "every".
_ROUTINE_DAYS = lazy_regex(rf"\b(?:every\s|(?:{_DAY_EN})\s*(?:,|and|&|or)\s*(?:{_DAY_EN})|[a-z]+days\b)", _IC)
#: A routine's activity named alone: a sport or pastime (``gazetteer``), the gym, lessons, a class, practice.
_ACTIVITY_WORD = lazy_regex(r"(?:^|\s)(?:gym|lessons?|class(?:es)?|practice|training|workouts?|sessions?|"
                            r"[a-z]+ing)$", _IC)


def _now_on(clause: str) -> tuple[str, str] | None:
    """(activity, when) of a routine's new days said of the activity alone ("Gym is now Tuesday and Thursday evenings
    instead" → ("Gym", "Tuesday and Thursday evenings")); ``None`` unless the days are a routine's (``_ROUTINE_DAYS``:
    "Dinner is now Friday" is one evening) and the activity is one (a sport, a pastime, the gym, lessons, practice)."""
    m = _NOW_ON_EN.match(clause.strip().rstrip(".!"))
    if m is None or not _ROUTINE_DAYS.search(m.group("when")):
        return None
    act = m.group("act").strip()
    hit = gazetteer.lookup(act)
    pastime = hit is not None and hit.key in ("sport.like", "hobby.like") and (hit.start, hit.end) == (0, len(act))
    return (act, m.group("when")) if pastime or _ACTIVITY_WORD.search(act) else None


def moved_en(clause: str, sentence: str = "") -> list[Finding]:
    """"My piano lessons moved to Thursdays": the habits of the piano lessons withdrawn, then the lessons on their new
    day (``preference.habit`` "piano lessons on Thursdays"); ``[]`` for any other clause, and in a ``sentence`` that
    supposes (``_SUPPOSED``)."""
    m = _MOVED_EN.match(clause.strip().rstrip(".!"))
    alone = _now_on(clause) if m is None else None
    if (m is None and alone is None) or _SUPPOSED.search(sentence):
        return []
    if alone is not None:  # "Gym is now ...": the sentence's capital, no name
        act, when = alone[0][:1].lower() + alone[0][1:], alone[1]
    elif m is not None:
        act, when = (m.group("act"), m.group("when")) if m.group("act") else (m.group("act2"), m.group("when2"))
    act = act.strip()
    if m is not None and not m.group("act") and not m.group("det") and not act[:1].islower():
        return []  # "I moved Tom to Thursdays": a name moved; "I moved yoga to Thursdays" the user's yoga
    if re.fullmatch(r"(?:it|that|this|them|one|appointment|meeting|flight|date|deadline)", act, _IC) or someones(act):
        return []  # "My wife's yoga class moved to Thursdays": her routine, not the user's
    when = when if re.match(r"(?:on|every|at)\s", when, _IC) else f"on {when}"
    value = f"{act} {when}"
    return [Finding("preference.habit", act, CONF_STATED, clause, retract=True),
            Finding("preference.habit", value, CONF_STATED, clause, statement=said_of_user(value))]


def moved_zh(clause: str, sentence: str = "") -> list[Finding]:
    """钢琴课改到每周四了: the habits of 钢琴课 withdrawn, then 每周四钢琴课; ``[]`` for any other clause, and in a
    ``sentence`` that supposes (``_SUPPOSED``: 如果老师同意，钢琴课改到每周四)."""
    text = clean_value(clause, "zh")
    m = _MOVED_ZH.match(text)
    if m is None or _SUPPOSED.search(sentence) or _NO_ACTIVITY_ZH.match(m.group("act")) or someones(m.group("act")):
        return []  # 儿子的钢琴课改到每周四了: his routine, not the user's
    if re.search(r"[我你他她]|说|时间$", m.group("act")):
        return []  # 他说我改成周五: a person and a word of saying; 会议时间改成三点了: a time, no activity
    value = f"{m.group('when')}{m.group('verb') or ''}{m.group('act')}"  # 周三和周六去健身房
    return [Finding("preference.habit", m.group("act"), CONF_STATED, clause, retract=True),
            Finding("preference.habit", value, CONF_STATED, clause)]


#: A plan said as its day changed: "Change of plan: I'm flying to Lisbon on March 21st instead", "the trip is now on
#: Friday", 行程改成下周五了. "instead of" names what it replaces and is read there (``extract.corrected``).
_PLAN_CHANGED = lazy_regex(r"\binstead\b(?!\s+of\b)|\bchange\s+of\s+plans?\b|\bplans?\s+(?:have\s+|has\s+)?changed\b"
                           r"|\bnow\s+on\b|\b(?:moved|rescheduled|postponed|pushed\s+back|brought\s+forward)\b"
                           r"|改到|推迟到|提前到|换到|改成|改为|改在|改期", _IC)


def plan_moved(finding: Finding, sentence: str) -> Finding:
    """``finding``, a plan at a time (``extract.corrected_later.PLANS``, with a period) said in a ``sentence`` that
    says its day changed (``_PLAN_CHANGED``), as moved: ``instead_of`` its own value, as ``extract.scheduled.moved``
    says it, so the engine moves the one plan it names to the new day (``facts.previous.plan_moved``) rather than
    touching it at its old day or storing a second beside it. Unchanged otherwise, and in a ``sentence`` that supposes
    (``_SUPPOSED``)."""
    if (finding.key not in PLANS or finding.period is None or finding.instead_of or finding.retract
            or not _PLAN_CHANGED.search(sentence) or _SUPPOSED.search(sentence)):
        return finding
    return replace(finding, instead_of=finding.value)
