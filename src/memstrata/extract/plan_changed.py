"""A plan changed without the plan named: "Now on March 21 instead", "It's been moved to Friday", 计划有变，改到下周五,
"I cancelled it", "It's been called off", 我把它取消了.

Said after "I'm flying to Lisbon for a week on March 14", such a sentence names a new day or a withdrawal and at most
some words of the plan (its kind: "The trip is now on the 21st", 预约改到周五了; its own words after "the": "Push the
car service back to next Monday", "The hike is off"; or a word any plan is: "the plan", 计划): no rule read it, and the
trip stayed on its old day. It is read here as a change of plan under ``KEY``, never stored as it is: a plan at its
new day (``Finding.period``), or a withdrawal (``Finding.retract``), its value the plan's words when any are named,
else ``""``. Which plan it changes is known only from what the user holds: the fact engine compares it with
the plans ahead (``facts.meant.plan_meant``) and changes the one that fits, or nothing.

A plan moved by a span and no day ("They pushed it back a week", "It got moved forward two days", 婚礼推迟了一周,
提前两天了) is read under ``KEY`` with how far it moves (``Finding.shift``), the fact engine moving the plan's own day
by it; a plan called off by an imperative ("Cancel it, I took another offer") as one said done.

A change needs its marker: a new day said with "instead", "now", "moved", "postponed", "pushed back", 改到, 推迟到,
or asked for ("Move it to Saturday", "Can we move that to Saturday?");
a day alone ("On March 21.") or "now" with no day ("Now I'm tired") is none. A sentence that supposes ("if it's
cancelled", 如果取消了) or asks changes nothing.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.extract.timex import resolve_relative, time_span
from memstrata.text.regex import lazy_regex

#: The key of a change of plan that names no plan: never stored; the fact engine puts it on the plan it means.
KEY = "plan.changed"

_IC = re.IGNORECASE
#: Words that open the sentence and state nothing: "OK, ...", "Update: ...", "Change of plan: ...".
_OPENING_EN = (r"^(?:(?:ok(?:ay)?|so|well|actually|oh|hey|update|quick\s+update|small\s+change|"
               r"(?:a\s+)?change\s+of\s+plans?|plans?\s+(?:have\s+|has\s+)?changed|heads\s+up)\s*[:,.!-]*\s*)*")
#: What a changed plan is called when it is named by no words of its own: a pronoun, a word any plan is, or its own
#: words after "the", "my", "our" ("the trip", "the car service", "our hike"): the fact engine finds the plan they name.
_PLAN_EN = (r"(?:it|that|this|the\s+plans?|(?:the|my|our)\s+(?P<kind>(?:[a-z][\w'-]*\s+){0,2}?[a-z][\w'-]*))")
#: "Now on March 21 instead", "It's been moved to Friday", "The trip is now on the 21st", "Pushed back to Monday".
_MOVED_EN = lazy_regex(
    rf"{_OPENING_EN}(?:{_PLAN_EN}\s*(?:'s|\s+is|\s+was|\s+has\s+been|\s+got|\s+will\s+be)?\s+)?(?:(?:been|now)\s+)*"
    r"(?P<verb>(?:moved|changed|pushed(?:\s+back)?|postponed|rescheduled|brought\s+forward|shifted)\s+)?"
    r"(?:(?:to|until|till|for|on)\s+)?(?P<when>.+?)(?P<instead>\s*,?\s+(?:instead|now))?[.!]*$", _IC)
#: "Move it to Saturday", "Please push the appointment back to Monday", "Push the car service back to next Monday": the
#: move asked for.
_MOVE_IT_EN = lazy_regex(
    rf"{_OPENING_EN}(?:please\s+|let's\s+)?(?P<verb>move|push|change|reschedule|shift|bump|bring)\s+{_PLAN_EN}\s+"
    r"(?:back\s+|forward\s+|over\s+)?(?:to|until|till|for)\s+(?P<when>.+?)(?P<instead>\s*,?\s+instead)?"
    r"(?:,?\s+please)?[.!]*$", _IC)
#: 计划有变，改到下周五, 改到下周五了, 预约推迟到周五, 时间改成12月20号了.
_MOVED_ZH = lazy_regex(
    r"^(?:(?:计划|行程|安排|时间)(?:有变|变了|改了)(?:一下)?[，,。]?\s*)?(?:我们?的?)?"
    r"(?P<kind>计划|行程|安排|时间|预约|会议|出差|航班|课)?(?:也|已经|都|就)?"
    r"(?:改到|推迟到|延期到|延后到|延到|推到|提前到|改成|改为|改在|换到|挪到|调到)了?(?P<when>[^，,。！!？?]+?)(?:了|吧)?[。！!]*$")
#: "I cancelled it", "It's been called off", "That's cancelled now", "The hike is off", "The car service is cancelled
#: after all", "Cancel it", "Call it off": "off" only of a plan named by its words (a device is off too: "No, it's
#: off"); asked for, of "it" only ("Cancel that, I meant Friday" takes back what was said, it calls nothing off).
_OFF_EN = lazy_regex(
    rf"{_OPENING_EN}(?:(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|had\s+to\s+|already\s+)?(?:cancell?ed|called\s+off)\s+"
    r"(?:it|that)|(?:please\s+)?(?:cancel\s+it|call\s+it\s+off)(?:,?\s+please)?|"
    rf"(?:it|that|{_PLAN_EN})(?:'s|\s+is|\s+was|\s+has\s+been|\s+got)\s+(?:now\s+|officially\s+|been\s+|"
    r"all\s+)*(?:cancell?ed|called\s+off|(?P<off>off)))(?:\s+(?:now|already|anyway|after\s+all))?[.!]*$", _IC)
#: 取消了, 我取消了, 我把它取消了, 已经取消了, 那个推掉了.
_OFF_ZH = lazy_regex(r"^(?:我们?)?(?:已经|也)?(?:把(?:它|这个|那个)|(?:这个|那个|它))?(?:也|已经|被)?"
                     r"(?:取消|推掉)了?[。！!]*$")
#: A move asked of someone ("Can we move that to Saturday?", "Could you push it back to Monday?"): asked for, as
#: "Move it to Saturday" is.
_ASKED_EN = lazy_regex(r"^(?:(?:can|could)\s+(?:we|you)\s+(?:please\s+)?)(?=\w+\s)", _IC)
#: A sentence that supposes, wishes or asks: nothing changed yet.
_NOT_SAID_DONE = lazy_regex(r"\b(?:if|unless|maybe|might|may|could|should|would|hope|whether)\b|\?|？|如果|要是|万一|"
                            r"可能|也许|应该|吗|是否|会不会", _IC)


def _day(when: str, said_at: datetime, *, lang: str) -> tuple[datetime, datetime] | None:
    """The day ``when`` names, when it is a time and nothing else ("March 21", "the 21st", 下周五); ``None`` for more
    or less than a time ("I'm tired"), and for a time longer than a day ("next week": no day to move to)."""
    when = when.strip()
    span = time_span(when)
    if span is None or when[: span[0]].strip(" ,") not in ("", "the") or when[span[1]:].strip(" ,"):
        return None
    day = resolve_relative(when if lang == "zh" else f"on {when}", said_at, prefer_future=True)
    if day is None or (day[1] - day[0]).days > 1 or day[1] <= said_at:
        return None
    return day


def moved(sentence: str, said_at: datetime, lang: str) -> list[Finding]:
    """A plan moved to a new day, named by no words or a few after "the" ("Now on March 21 instead",
    计划有变，改到下周五, "Push the car service back to next Monday"): one finding under ``KEY`` at that day, valued
    the words named ("the trip", 预约, "car service"), else ``""``; ``[]`` for any other sentence, one with no change
    marker, or a day that is no single day to come. A move asked ("Can we move that to Saturday?") is read as one
    asked for ("Move it to Saturday"), never as a day asked about ("Can we do Monday?")."""
    text = sentence.strip()
    asked = _ASKED_EN.match(text) if lang == "en" else None
    if asked:  # "Can we move that to Saturday?": the move asked for
        text = text[asked.end():].rstrip("? ")
    if _NOT_SAID_DONE.search(text):
        return []
    m = _MOVED_ZH.match(text) if lang == "zh" else _MOVE_IT_EN.match(text) or (None if asked else _MOVED_EN.match(text))
    if m is None:
        return []
    if lang == "en" and not (m.group("verb") or m.group("instead") or re.search(r"\bnow\b|change|changed", text, _IC)):
        return []  # "On March 21.": a day, no change
    day = _day(m.group("when"), said_at, lang=lang)
    if day is None:
        return []
    kind = m.group("kind") or ""
    kind = "" if kind in ("计划", "安排", "时间") else kind  # words any plan is: no kind
    return [Finding(KEY, kind, CONF_STATED, sentence, period=day, statement=sentence)]


#: A span a plan moves by, said with no day: "a week", "two days", "a couple of days", "10 days".
_SPAN_EN = (r"(?P<n>an?|one|two|three|four|five|six|seven|eight|nine|ten|a\s+couple\s+of|\d{1,2})\s+"
            r"(?P<unit>days?|weeks?)")
_SHIFT_TAIL_EN = rf"(?P<dir>back|forward|up)?\s*(?:by\s+)?{_SPAN_EN}(?:\s+(?P<dir2>later|earlier))?"
_SHIFT_VERB_EN = (r"(?P<verb>push(?:ed)?|mov(?:e|ed)|postpone[ds]?|delay(?:ed)?|bump(?:ed)?|br(?:ing|ought)|"
                  r"shift(?:ed)?)")
#: "They pushed it back a week", "We moved the wedding forward two days", "Push it back a week, please".
_SHIFTED_EN = lazy_regex(
    rf"{_OPENING_EN}(?:please\s+|let's\s+)?(?:(?:they|we|i|he|she|someone)\s+(?:have\s+|'ve\s+|just\s+|had\s+to\s+)*)?"
    rf"{_SHIFT_VERB_EN}\s+{_PLAN_EN}\s+{_SHIFT_TAIL_EN}(?:,?\s+please)?[.!]*$", _IC)
#: "It got pushed back a week", "The wedding has been postponed by two days", "It's been moved two days later".
_SHIFTED_PASSIVE_EN = lazy_regex(
    rf"{_OPENING_EN}{_PLAN_EN}\s*(?:'s|\s+is|\s+was|\s+has\s+been|\s+got|\s+will\s+be)\s+(?:been\s+|now\s+)*"
    rf"{_SHIFT_VERB_EN}\s+{_SHIFT_TAIL_EN}(?:\s+now)?[.!]*$", _IC)
#: 婚礼推迟了一周, 推迟一周, 提前两天了, 预约往后推了三天, 我们把婚礼提前了一个星期.
_SHIFTED_ZH = lazy_regex(
    r"^(?:我们?|他们|她们)?(?:把)?(?P<kind>[\u4e00-\u9fff]{0,8}?)(?:也|已经|又|都|被|给)*"
    r"(?:(?P<late>推迟|延后|延期|推后|往后推|往后挪|顺延)|(?P<early>提前|提早|往前挪|往前推))了?"
    r"(?P<n>[一二两三四五六七八九十]|\d{1,2})(?:个)?(?P<unit>天|日|周|星期|礼拜)了?[。！!]*$")
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10, "a couple of": 2, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6,
            "七": 7, "八": 8, "九": 9, "十": 10}


def _span(m: re.Match[str]) -> timedelta:
    """The span ``m`` names (``n`` of ``unit``): "a week" 7 days, 两天 2 days."""
    n = " ".join(m.group("n").casefold().split())
    count = int(n) if n.isdigit() else _NUMBERS[n]
    return timedelta(days=count * (7 if m.group("unit")[:1].casefold() in ("w", "周", "星", "礼") else 1))


def shifted(sentence: str, lang: str) -> list[Finding]:
    """A plan moved by a span, no day said ("They pushed it back a week", "It got moved forward two days",
    婚礼推迟了一周, 提前两天了): one finding under ``KEY`` valued the plan's words named ("wedding", 婚礼), else ``""``,
    that says how far the day moves (``Finding.shift``: later is ahead, earlier behind); ``[]`` for any other
    sentence, one that supposes or asks, and a move whose way is not said ("moved it a week")."""
    text = sentence.strip()
    if _NOT_SAID_DONE.search(text):
        return []
    if lang == "zh":
        m = _SHIFTED_ZH.match(text)
        if m is None:
            return []
        kind = m.group("kind")
        kind = "" if kind in ("计划", "安排", "时间", "它", "这个", "那个", "行程安排") else kind
        sign = -1 if m.group("early") else 1
    else:
        m = _SHIFTED_EN.match(text) or _SHIFTED_PASSIVE_EN.match(text)
        if m is None:
            return []
        way = (m.group("dir") or m.group("dir2") or "").casefold()
        verb = (m.group("verb") or "").casefold()
        if way in ("back", "later") or (not way and verb[:4] in ("post", "dela", "push")):
            sign = 1
        elif way in ("forward", "up", "earlier"):
            sign = -1
        else:
            return []  # "moved it a week": which way is not said
        kind = m.group("kind") or ""
    return [Finding(KEY, kind, CONF_STATED, sentence, statement=sentence, shift=sign * _span(m))]


#: Where a sentence's clauses part: "Please drop the physio session, I cancelled it".
_CLAUSE = lazy_regex(r"\s*(?:[,;，；]|\b(?:and|but|so)\b)\s*", _IC)


def called_off(sentence: str, lang: str) -> list[Finding]:
    """A plan called off by a pronoun or a few words after "the" in a clause of ``sentence`` ("I cancelled it", "It's
    been called off", 我把它取消了, "The hike is off"; "Please drop the physio session, I cancelled it": the message's
    other words may say which plan, as the fact engine reads them): one withdrawal under ``KEY`` valued the words named
    ("hike"), else ``""``; ``[]`` for any other sentence, or one that
    supposes or asks."""
    if _NOT_SAID_DONE.search(sentence):
        return []
    pattern = _OFF_ZH if lang == "zh" else _OFF_EN
    found = [m for clause in _CLAUSE.split(sentence.strip()) if clause and (m := pattern.match(clause))]
    off = lang == "en" and bool(found) and found[0].group("off")
    if not found or (off and (not found[0].group("kind") or re.search(r"\bwas\b", found[0].group(0), _IC))):
        return []  # "No, it's off": a device as well as a plan; "my calculation was off": wrong, not called off
    named = (found[0].group("kind") or "") if lang == "en" else ""
    return [Finding(KEY, named, CONF_STATED, sentence, retract=True, statement=sentence)]


def up_to_off(text: str) -> str:
    """``text`` up to the end of its first clause that calls a plan off (``called_off``): what "it" may stand for is
    said before it, and a clause after it gives a reason ("Cancel it, I took another offer"), no thing it names.
    ``text`` whole when no clause calls a plan off.

    >>> up_to_off("Cancel it, I took another offer."), up_to_off("I had Netflix but I cancelled it")
    ('Cancel it', 'I had Netflix but I cancelled it')
    """
    start = 0
    for part in [*_CLAUSE.finditer(text), None]:
        end = len(text) if part is None else part.start()
        clause = text[start:end].strip()
        if clause and (_OFF_EN.match(clause) or _OFF_ZH.match(clause)):
            return text[:end]
        start = end if part is None else part.end()
    return text
