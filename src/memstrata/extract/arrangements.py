"""How the user works now: from home, hybrid, in the office, on the night or the day shift.

"These days I mostly work from home", "As of this week I'm on the night shift", 最近我基本在家办公,
这周开始我上夜班 state one current arrangement (``user.work_arrangement``, one value at a time), so "I'm back on
the day shift" or 我现在坐班了 supersedes it. As with a temperament (``extract.temperament``), one bilingual
list gives each arrangement a value per language ("remote" / 在家办公, "night shift" / 夜班), and the pair are
twins (``TWINS``, ``extract.twins``): 我在家办公 after "I work from home" restates it.

A happening is no arrangement: "I worked from home yesterday" (a past tense), "I'm working from home today",
今天我在家办公 (the day's, a time word of the moment), "I'll be on nights next month" (a plan); nor a wish
("I want to work from home") or a question; someone else's is theirs ("My wife works from home": the wife's
arrangement, ``extract.shapes.about``). A start said with the arrangement ("as of this week", "since last
month", 这周开始, 从上个月开始) makes it current.
"""

from __future__ import annotations

import re

from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
#: An open key (``extract.shapes.open_key``): the taxonomy stays small, and an open key holds one value at a time,
#: under a relative's or a named person's subject as ``wife.work_arrangement``.
_KEY = "user.work_arrangement"

#: (English value, English statement, Chinese value, Chinese statement).
ARRANGEMENTS: tuple[tuple[str, str, str, str], ...] = (
    ("remote", "works remotely", "在家办公", "在家办公"),
    ("hybrid", "works hybrid", "混合办公", "混合办公"),
    ("office", "works in the office", "坐班", "坐班"),
    ("night shift", "works the night shift", "夜班", "上夜班"),
    ("day shift", "works the day shift", "白班", "上白班"),
)
#: The English and Chinese value of each arrangement, for ``extract.twins``.
TWINS: tuple[tuple[str, str], ...] = tuple((en, zh) for en, _, zh, _ in ARRANGEMENTS)
_EN_SAID = {en: said for en, said, _, _ in ARRANGEMENTS}
_ZH_SAID = {zh: said for _, _, zh, said in ARRANGEMENTS}

#: English surfaces per value, after "I" (a present verb) or "I'm" (a state or a progressive).
_EN_WORK = {
    "remote": r"work (?:from|at) home|work remotely|work remote|wfh",
    "hybrid": r"work hybrid|work a hybrid schedule|split my (?:time|week) between (?:home|the office) and "
              r"(?:home|the office)",
    "office": r"work (?:from|in|at) the office|go (?:in|into|to) the office(?: every day)?",
    "night shift": r"work (?:the )?night shifts?|work nights|work overnights?",
    "day shift": r"work (?:the )?day shifts?|work days",
}
_EN_BE = {
    "remote": r"(?:fully |mostly |completely )?remote|working (?:from|at) home|working remotely",
    "hybrid": r"hybrid|working hybrid",
    "office": r"back (?:in|at) the office|working (?:from|in|at) the office|in the office full[- ]time",
    "night shift": r"(?:back )?on (?:the )?night shifts?|(?:back )?on nights|working (?:the )?night shifts?|"
                   r"working nights",
    "day shift": r"(?:back )?on (?:the )?day shifts?|(?:back )?on days|working (?:the )?day shifts?|working days",
}
_EN_ADV = r"(?:(?:now|currently|mostly|mainly|usually|still|fully|generally|basically|primarily|also)\s+)*"
_EN_LEAD = (r"(?:(?:these days|nowadays|lately|currently|now|right now|at the moment|for now|"
            r"as of (?:this|last) (?:week|month)|as of (?:today|monday|tuesday|wednesday|thursday|friday)|"
            r"since (?:last|this) (?:week|month|year)|starting (?:this|last) (?:week|month))\s*,?\s+)?")
_EN_TAIL = (r"(?:\s+(?:now|these days|nowadays|most days|full[- ]time|for now|"
            r"as of (?:this|last) (?:week|month)|since (?:last|this) (?:week|month|year)|"
            # where: "I work nights at the hospital", "on the night shift at a care home"
            r"(?:at|in)\s+(?:the|a|an)\s+(?!moment\b)[a-z]+(?:\s+[a-z]+)?))*")
#: Where the shifts are worked, closing the clause: "I work nights at the hospital".
_EN_AT = lazy_regex(r"\s+at\s+(?:the|a|an)\s+(?!moment\b)(?P<place>[a-z]+(?:\s+[a-z]+)?)$", _IC)


def _named(groups: dict[str, str]) -> str:
    return "|".join(f"(?P<{name}>{surfaces})" for name, surfaces in groups.items())


def _group(value: str) -> str:
    return value.replace(" ", "_")


_EN = lazy_regex(
    rf"^{_EN_LEAD}i\s+{_EN_ADV}(?:{_named({_group(v): s for v, s in _EN_WORK.items()})}){_EN_TAIL}$"
    rf"|^{_EN_LEAD}(?:i'm|i am)\s+{_EN_ADV}(?:{_named({_group(v) + '_be': s for v, s in _EN_BE.items()})})"
    rf"{_EN_TAIL}$", _IC)
#: A time of the moment: the day's or a week's arrangement, not the standing one ("I'm working from home
#: today", "I'm on nights this week"); "as of this week" and "since last month" are starts, said in the lead.
_EN_MOMENT = lazy_regex(r"\b(?:today|tonight|tomorrow|yesterday|this (?:morning|afternoon|evening)|"
                        r"(?<!as of )(?<!since )(?<!starting )this week|next (?:week|month))\b", _IC)


def find_en(clause: str, ctx: object) -> list[Finding]:
    """``user.work_arrangement`` from an English clause: the arrangement the speaker works in now ("These days
    I mostly work from home" → ``remote``, "As of this week I'm on the night shift" → ``night shift``), or
    nothing. ``ctx`` is the sentence context of ``extract.clause_en`` (its ``sentence`` is checked for a
    time of the moment)."""
    m = _EN.match(clause.strip().rstrip(".!"))
    if m is None or _EN_MOMENT.search(getattr(ctx, "sentence", clause)):
        return []
    name = next(k for k, v in m.groupdict().items() if v)
    value = name.removesuffix("_be").replace("_", " ")
    found = [Finding(_KEY, value, CONF_STATED, clause, statement=_EN_SAID[value])]
    if value.endswith("shift") and (at := _EN_AT.search(clause.strip().rstrip(".!"))) is not None:
        # "I work nights at the hospital": where the shifts are worked is the workplace, as "I work at the hospital"
        found.append(Finding("identity.employer", at.group("place"), CONF_STATED, clause))
    return found


_ZH_WORK = {
    "在家办公": r"在家(?:里|中)?(?:办公|上班|工作)|居家办公|远程办公|远程工作|远程上班",
    "混合办公": r"混合办公",
    "坐班": r"坐班|[去回在到](?:公司|单位|办公室)(?:上班|办公)",
    "夜班": r"上夜班|值夜班|上晚班|倒夜班|上大夜班",
    "白班": r"上白班|值白班",
}
_ZH_GROUPS = {f"z{i}": surfaces for i, surfaces in enumerate(_ZH_WORK.values())}
_ZH_VALUES = dict(zip(_ZH_GROUPS, _ZH_WORK, strict=True))
_ZH_LEAD = (r"(?:(?:从)?(?:这周|本周|这个星期|这个礼拜|这个月|本月|今天|上周|上个月|今年)(?:起|开始)"
            r"|最近|现在|目前|如今|这段时间|这阵子)?")
_ZH = lazy_regex(
    rf"^{_ZH_LEAD}[，,]?我(?:{_ZH_LEAD})?(?:现在|目前|最近|平时|基本上?|主要|一直|都|已经|开始|改成|改为|换成|"
    rf"还是|也|全职|长期|大部分时间)*(?:在(?P<place>[\u4e00-\u9fff]{{2,8}}?))?(?:{_named(_ZH_GROUPS)})了?$")
#: The day's or next week's: 今天我在家办公, 明天上夜班, 下周开始上夜班 (a plan) are no standing arrangement.
_ZH_MOMENT = lazy_regex(r"今天(?!起|开始)|今晚|明天|昨天|后天|下周|下个月|这周(?!起|开始)")


def find_zh(clause: str, ctx: object) -> list[Finding]:
    """``user.work_arrangement`` from a Chinese clause: the arrangement's Chinese value (最近我基本在家办公 →
    ``在家办公``, 这周开始我上夜班 → ``夜班``), or nothing; ``ctx`` as in ``find_en`` (``extract.clause_zh``)."""
    m = _ZH.match(clause.strip().rstrip("。！!."))
    if m is None or _ZH_MOMENT.search(getattr(ctx, "sentence", clause)):
        return []
    value = _ZH_VALUES[next(k for k, v in m.groupdict().items() if v and k != "place")]
    found = [Finding(_KEY, value, CONF_STATED, clause, statement=_ZH_SAID[value])]
    if m.group("place") and value in ("夜班", "白班") and not m.group("place").startswith("家"):
        # 我在医院上夜班: where the shifts are worked is the workplace, as 我在医院工作 says it
        found.append(Finding("identity.employer", m.group("place"), CONF_STATED, clause))
    return found


#: A way of working named in a like's value: work, shifts, the office, meetings, from home (not "working
#: out", a sport), 办公, 上班, 夜班 ...
_WORK_WORDS = lazy_regex(r"\bwork(?:ing)?\b(?!\s+out)|\b(?:shifts?|offices?|meetings?|wfh|commute)\b|from home|"
                         r"办公|上班|夜班|白班|加班|坐班|通勤", _IC)


def names_work(value: str) -> bool:
    """Whether a like's ``value`` is a way of working ("remote work", "working from home", "night shifts",
    "morning meetings", 远程办公): work has no like key of its own, and zero-shot keying filed "I prefer
    remote work" under ``sport.like`` and "I prefer night shifts" under ``hobby.like`` (``extract.rules``),
    so such a like stays the generic ``preference.like``.

    >>> [names_work(v) for v in ("remote work", "night shifts", "远程办公", "working out", "yoga")]
    [True, True, True, False, False]
    """
    return bool(_WORK_WORDS.search(value))
