"""A trip called off: "The Lisbon trip is cancelled", "We cancelled our trip to Lisbon", "We're not going to Lisbon
anymore", 成都那趟不去了, 我们不去成都了, 去成都的行程取消了.

Said after "We're going to Lisbon on 14 March" (``travel.plan`` = ``going to Lisbon``) or "our Lisbon trip"
(``plan.intent`` = ``trip to Lisbon``), the cancellation was read as the trip it names (a plan of the cancelled
thing) and left the plan current. It is the withdrawal of every plan that goes to the place: each finding withdraws,
under one plan key, the values that name the place as a whole word (``names_trip``, which the fact engine asks:
``facts.withdraw.names_value``). Someone else's trip, a question or a wish withdraw nothing.

A plan named by what it is ("The dentist appointment is cancelled", "I called off the team dinner", 看牙医的预约取消了)
withdraws the one current plan it names (``named_plan_off``; the fact engine decides which: a word of the plan's own
shared, or its kind alone when exactly one current plan is of that kind, ``facts.previous``). A trip named by no place
("The trip is cancelled") names no plan stored by where it goes.
"""

from __future__ import annotations

import re

from memstrata.extract import subscriptions
from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.extract.places import city_zh
from memstrata.extract.timex import time_span
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE

#: The keys a trip ahead is stored under: a dated plan (``events_en``, ``preferences_zh``; "Our trip to Lisbon is on 14
#: March" a scheduled event) or one named without a date (``plans.trip_en`` / ``trip_zh``).
PLAN_KEYS = ("travel.plan", "plan.intent", "schedule.event")

_PLACE_EN = r"(?!(?:the|my|our|this|that|their|his|her|your)\b)(?-i:[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)"
_TRIP_EN = r"(?:trip|vacation|holiday|getaway|visit|flight)"
_OPENING_EN = r"^(?:(?:actually|so|well|unfortunately|sadly|but|and|oh|ok|okay)\s*,?\s+)*"
_CANCELLED_EN = lazy_regex(
    rf"{_OPENING_EN}(?:(?:the|my|our)\s+)?(?:(?P<a>{_PLACE_EN})\s+{_TRIP_EN}|{_TRIP_EN}\s+to\s+(?P<b>{_PLACE_EN}))\s+"
    r"(?:is|was|has\s+been|got|'s)\s+(?:now\s+|officially\s+)?(?:cancell?ed|called\s+off|off)$"
    rf"|{_OPENING_EN}(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|had\s+to\s+)?(?:cancell?ed|called\s+off)\s+(?:the|my|our)\s+"
    rf"(?:(?P<c>{_PLACE_EN})\s+{_TRIP_EN}|{_TRIP_EN}\s+to\s+(?P<d>{_PLACE_EN}))$"
    rf"|{_OPENING_EN}(?:i|we)(?:'re|\s+are|'m|\s+am)\s+(?:not|no\s+longer)\s+(?:going|flying|travell?ing)\s+to\s+"
    rf"(?P<e>{_PLACE_EN})(?:\s+(?:anymore|any\s+more|after\s+all))?$", _IC)
_H = "\u4e00-\u9fff"
#: 成都那趟不去了 (a trip word names it a trip), 我们不去成都了 (a city: 不去上班 is none), 去成都的行程取消了.
#: 了 is cut off a clause before it is read.
_CANCELLED_ZH = lazy_regex(
    rf"^(?:我们?)?去?(?P<a>[{_H}]{{2,6}}?)(?:那趟|这趟|那次|这次|之行|之旅|的行程|的旅行|的旅游|旅行|旅游)"
    r"(?:也|就|已经)*(?:不去了?|取消了?|泡汤了?|去不成了?)$"
    rf"|^(?:我们?)(?:也|就|已经)*(?:不去|取消了?去)(?P<b>[{_H}]{{2,6}}?)(?:旅行|旅游|玩)?了?$"
    rf"|^(?:我们?的?)?去(?P<c>[{_H}]{{2,6}}?)的(?:计划|行程|旅行|旅游|机票)(?:也|已经)*取消了?$")


#: A plan of the user's named by what it is, called off: "The dentist appointment is cancelled", "I called off the
#: team dinner", "Our meeting isn't happening anymore". The named plan needs the user's determiner (never "Tom's", "it",
#: "the flight might be cancelled", "if it's cancelled"); which stored plan it names the fact engine decides
#: (``facts.previous.names_plan``).
_THING_EN = r"(?!(?:it|this|that|them|one)\b)[a-z0-9][\w -]{1,40}?"
_NAMED_OFF_EN = lazy_regex(
    rf"{_OPENING_EN}(?:the|my|our)\s+(?P<x>{_THING_EN})\s+(?:(?:is|was|has\s+been|got|'s)\s+(?:now\s+|officially\s+)?"
    r"(?:cancell?ed|called\s+off)|(?:is\s+not|isn't|'s\s+not|is\s+no\s+longer|'s\s+no\s+longer)\s+happening"
    r"(?:\s+(?:anymore|any\s+more))?)$"
    rf"|{_OPENING_EN}(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|had\s+to\s+)?(?:cancell?ed|called\s+off)\s+(?:the|my|our)\s+"
    rf"(?P<y>{_THING_EN})$", _IC)
#: What is cancelled but is no plan: a service ended or an order (``extract.subscriptions`` reads those).
_NOT_PLAN_EN = lazy_regex(r"\b(?:subscriptions?|orders?|accounts?|memberships?|cards?|polic(?:y|ies)|contracts?|"
                          r"services?|payments?|deliver(?:y|ies)|shipments?|insurance|loans?|phone|plan|package)$", _IC)
#: What a plan is: the kinds of appointment, gathering, trip or booking a plan called off is named by ("the dentist
#: appointment", "the team dinner", "our flight"); a thing had or used ("my cable", "my newspaper") is none.
_PLAN_KIND_EN = lazy_regex(r"\b(?:appointments?|appt|meetings?|meetups?|dinners?|lunch(?:es)?|breakfast|brunch|"
                           r"part(?:y|ies)|wedding|interviews?|trips?|flights?|visits?|classe?s?|lessons?|sessions?|"
                           r"reservations?|bookings?|date|concert|show|game|match|calls?|conference|events?|plans|"
                           r"holiday|vacation|getaway|check-?up|surgery|operation|exam|consultation|tour|cruise|"
                           r"ceremony|celebration|gathering|reunion|get-together|hangout|sleepover|playdate)$", _IC)
#: The same in Chinese: the word a plan's name ends in (看牙医的预约, 家长会, 周五的面试), or the going a trip is.
_PLAN_KIND_ZH = lazy_regex(r"(?:预约|门诊|会议|会|聚餐|饭局|约会|面试|行程|旅行|旅游|航班|婚礼|课|活动|安排|计划"
                           r"|手术|体检|复查|演出|演唱会|比赛|派对|聚会|婚宴|饭|电话|检查)$")
_NAMED_OFF_ZH = lazy_regex(
    rf"^(?:我们?的?)?(?P<x>[{_H}]{{2,12}}?)(?:也|已经|被|都)*(?:取消了?|不去了?|泡汤了?)$"
    rf"|^我们?(?:也|已经|都)*(?:取消了?|推掉了?)(?P<y>[{_H}]{{2,12}})$"
    rf"|^我们?(?:也|已经|都)*把(?P<z>[{_H}]{{2,12}}?)(?:取消|推掉)了?$")
#: Not a plan of the user's called off: a maybe or an if (航班可能会取消, 航班会取消; 家长会, 聚会 are meetings),
#: another person's (他的会议), an order or a service ended (订单, 会员).
_NOT_PLAN_ZH = lazy_regex(r"可能|如果|要是|万一|也许|恐怕|应该|吗|(?<![议长聚例年宴晚舞乐约大组班话唱览])会$|要$"
                          r"|^(?:他|她|你|它)|订单|订阅|会员|账户|账号|套餐|卡$|服务|保险|快递")


def names_plan_zh(thing: str) -> bool:
    """Whether the Chinese ``thing`` names a plan by its last word (``_PLAN_KIND_ZH``: 牙医预约, 周五的会议) and no
    maybe, someone else's plan or a service (``_NOT_PLAN_ZH``)."""
    return bool(_PLAN_KIND_ZH.search(thing)) and not _NOT_PLAN_ZH.search(thing)


def named_plan_off(clause: str, lang: str) -> list[Finding]:
    """The withdrawal of the user's plan a clause names by what it is and calls off ("The dentist appointment is
    cancelled", "I called off the team dinner", 看牙医的预约取消了, 我取消了周五的会议): one under each of
    ``PLAN_KEYS`` with the named words as the value, else ``[]``. The named thing must be a plan by its last word
    (``_PLAN_KIND_EN``, ``_PLAN_KIND_ZH``); another person's plan ("Tom's", "my sister's", 他的), a maybe or an if, an
    order or a subscription (``_NOT_PLAN_EN``, ``_NOT_PLAN_ZH``, ``extract.subscriptions``) are none."""
    if any(f.retract for f in subscriptions.find(clause, lang)):
        return []  # "I cancelled my Netflix", 我把腾讯视频会员取消了: a service ended (``extract.subscriptions``)
    if lang == "zh":
        m = _NAMED_OFF_ZH.match(clause.strip().rstrip("。！!"))
        thing = (m.group("x") or m.group("y") or m.group("z")) if m else ""
        mine = "的" not in thing or re.match(r"[看去做见开参上周下这明后今]", thing)
        if not thing or not mine or not _PLAN_KIND_ZH.search(thing) or _NOT_PLAN_ZH.search(thing):
            return []  # 妈妈的预约: someone else's; 看牙医的预约, 周五的会议: the user's
        return [Finding(key, thing, CONF_STATED, clause, retract=True, statement=f"{thing}取消了") for key in PLAN_KEYS]
    m = _NAMED_OFF_EN.match(clause.strip().rstrip(".!"))
    thing = (m.group("x") or m.group("y")) if m else ""
    if not thing or "'" in thing or not _PLAN_KIND_EN.search(thing) or _NOT_PLAN_EN.search(thing):
        return []
    return [Finding(key, thing, CONF_STATED, clause, retract=True, statement=f"{thing} cancelled") for key in PLAN_KEYS]


def cancelled_en(clause: str, ctx: object) -> list[Finding]:
    """The withdrawal of every plan to the place an English clause says is called off ("The Lisbon trip is
    cancelled" → ``travel.plan`` / ``plan.intent`` naming Lisbon withdrawn), else ``[]``; else the plan it names by
    what it is (``named_plan_off``)."""
    m = _CANCELLED_EN.match(clause.strip().rstrip(".!"))
    if m is None:
        return named_plan_off(clause, "en")
    place = next(p for p in m.group("a", "b", "c", "d", "e") if p)
    found = withdrawn_trip(place, clause, f"trip to {place} cancelled")
    if m.group("e") and re.search(r"\b(?:any\s?more|no\s+longer)\b", clause, _IC):
        # "I'm not going to Equinox anymore": a trip called off, or a place gone to regularly that one goes to no more
        # (its habit, "I go to Equinox most mornings", ends; as "I don't go to Equinox anymore" ends it: cessation)
        found.append(Finding("preference.habit", f"go to {place}", CONF_STATED, clause, retract=True))
    return found


def cancelled_zh(clause: str, ctx: object) -> list[Finding]:
    """The withdrawal of every plan to the place a Chinese clause says is called off (成都那趟不去了 → plans naming
    成都 withdrawn), else ``[]``; without a trip word the place must be a city (我们不去上班了 names none)."""
    text = clause.strip().rstrip("。！!")
    if (span := time_span(text)) is not None and span[0] == 0:
        text = text[span[1]:]  # 下个月去日本的计划取消了: when the trip was, no part of where it went
    m = _CANCELLED_ZH.match(text)
    if m is None:
        return named_plan_off(clause, "zh")
    place = m.group("a") or m.group("b") or m.group("c")
    if m.group("b") and not city_zh(place):
        return named_plan_off(clause, "zh")
    return withdrawn_trip(place, clause, f"不去{place}了")


#: A trip ahead said in place of one called off: "we're going to Porto instead", 我们改去云南, 改成去云南玩.
_INSTEAD_EN = lazy_regex(rf"{_OPENING_EN}(?:(?:so|now)\s*,?\s+)?(?:i|we)(?:'re|\s+are|'m|\s+am|'ll|\s+will)\s+"
                         rf"(?:now\s+)?(?:be\s+)?(?P<v>(?:going|flying|travell?ing|heading|go|fly|travel|head)\s+to\s+"
                         rf"{_PLACE_EN})\s+instead$", _IC)
_INSTEAD_ZH = lazy_regex(rf"^(?:我们?)?(?:就|现在|那就|打算)?(?:改去|改成去|换成去|换去)(?P<p>[{_H}]{{2,6}}?)"
                         r"(?P<trip>玩|旅行|旅游)?(?:了|吧)?$")


def trip_instead(clause: str, lang: str) -> list[Finding]:
    """The trip ahead a clause says is taken in place of one called off ("we're going to Porto instead" →
    ``travel.plan`` = ``going to Porto``; 我们改去云南 → ``去云南``), else ``[]``. Read beside a clause that calls a
    trip off (``rules``): "instead" alone names no trip it replaces, and beside a trip called off what 改去 names is
    where the trip goes (云南, a province the city list does not hold)."""
    if lang == "en":
        m = _INSTEAD_EN.match(clause.strip().rstrip(".!"))
        if m is None:
            return []
        value = re.sub(r"^(?:go|fly|travel|head)\b", lambda v: {"go": "going", "fly": "flying", "travel": "traveling",
                                                                 "head": "heading"}[v.group(0).lower()], m.group("v"),
                       flags=_IC)
        return [Finding("travel.plan", value, CONF_STATED, clause)]
    m = _INSTEAD_ZH.match(clause.strip().rstrip("。！!"))
    if m is None:
        return []
    return [Finding("travel.plan", f"去{m.group('p')}", CONF_STATED, clause)]


def withdrawn_trip(place: str, clause: str, said: str) -> list[Finding]:
    """The withdrawals of every plan going to ``place`` (one under each of ``PLAN_KEYS``), stated ``said``."""
    return [Finding(key, place, CONF_STATED, clause, retract=True, statement=said) for key in PLAN_KEYS]


def names_trip(place: str, stored: str) -> bool:
    """Whether the plan ``stored`` goes to ``place``: the place, whole, where it goes ("going to Lisbon", "trip to
    Lisbon", 去成都, 去成都旅行; a new job at it, "staff engineer at Contoso"; "Lisbonne" and "New York" for York are
    other places).

    >>> names_trip("Lisbon", "going to Lisbon"), names_trip("成都", "去成都旅行")
    (True, True)
    >>> names_trip("Contoso", "staff engineer at Contoso")
    True
    >>> names_trip("York", "trip to New York")
    False
    """
    if not place or not stored:
        return False
    if re.fullmatch(rf"[{_H}]+", place):
        return re.search(rf"(?:^|去|到|飞){re.escape(place)}", stored) is not None
    return re.search(rf"(?:^|\b(?:to|in|for|at)\s+){re.escape(place)}(?![\w-])", stored, _IC) is not None


#: A plan called off said as a decision, or by a word of throwing away: "Actually we've decided to call off the Tokyo
#: trip", "I've decided to cancel the dentist appointment", "We scrapped the Tokyo trip", 我们决定取消东京的旅行,
#: 我决定不去东京了. The decision is the calling off (what was decided is done by saying it); before, "decided to call
#: off the Tokyo trip" stored a new plan.intent "trip to Tokyo" and 决定取消 nothing.
_DECIDED_OFF_EN = lazy_regex(
    r"^(?P<pre>(?:(?:actually|so|well|unfortunately|sadly|but|and|oh|ok|okay)\s*,?\s+)*)(?P<who>i|we)"
    r"(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|now\s+)?(?:(?:decided|chosen|chose|opted|agreed)\s+to\s+"
    r"(?P<verb>cancel|call\s+off|scrap|ditch|skip)|(?P<past>scrapped|ditched))\s+(?P<rest>(?:the|my|our)\s+.+)$", _IC)
_DECIDED_OFF_ZH = lazy_regex(r"^(?P<who>我们?)(?:最后|最终|还是|已经)*决定(?:了)?(?P<verb>取消|不去)(?P<rest>.+)$")


def decided_off(sentence: str) -> str:
    """``sentence`` said as the plan called off when it calls one off by a decision or a word of throwing away
    (``_DECIDED_OFF_EN``: "We've decided to call off the Tokyo trip" → "We called off the Tokyo trip";
    ``_DECIDED_OFF_ZH``: 我们决定取消东京的旅行 → 东京的旅行取消了), else unchanged.

    >>> decided_off("Actually we've decided to call off the Tokyo trip."), decided_off("We scrapped the Tokyo trip")
    ('Actually we called off the Tokyo trip.', 'We cancelled the Tokyo trip')
    >>> decided_off("我们决定取消东京的旅行。"), decided_off("我决定不去东京了"), decided_off("I decided to cancel it")
    ('东京的旅行取消了。', '我不去东京了', 'I decided to cancel it')
    """
    text = sentence.strip()
    if "决定" in text:
        if (z := _DECIDED_OFF_ZH.match(text)) is None:
            return sentence
        rest = z.group("rest")
        if z.group("verb") == "取消":  # the plan first, as 东京的旅行取消了 and 看牙医的预约取消了 say it
            end = re.search(r"[。！!]*$", rest)
            said = rest[:end.start()] if end else rest
            return f"{said}取消了{end.group() if end else ''}"
        return f"{z.group('who')}不去{rest}" if re.search(r"了[。！!]*$", rest) else f"{z.group('who')}不去{rest}了"
    m = _DECIDED_OFF_EN.match(text)
    if m is None:
        return sentence
    verb = "called off" if (m.group("verb") or "").lower().startswith("call") else "cancelled"
    who = m.group("who") if m.group("pre") else m.group("who").capitalize()
    return f"{m.group('pre')}{who} {verb} {m.group('rest')}"
