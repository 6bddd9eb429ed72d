"""A trip called off: "The Lisbon trip is cancelled", "We cancelled our trip to Lisbon", "We're not going to Lisbon
anymore", 成都那趟不去了, 我们不去成都了, 去成都的行程取消了.

Said after "We're going to Lisbon on 14 March" (``travel.plan`` = ``going to Lisbon``) or "our Lisbon trip"
(``plan.intent`` = ``trip to Lisbon``), the cancellation was read as the trip it names (a plan of the cancelled
thing) and left the plan current. It is the withdrawal of every plan that goes to the place: each finding withdraws,
under one plan key, the values that name the place as a whole word (``names_trip``, which the fact engine asks:
``facts.withdraw.names_value``). A trip named by no place ("The trip is cancelled", 那趟不去了), a meeting called
off, someone else's trip, a question or a wish withdraw nothing.
"""

from __future__ import annotations

import re

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


def cancelled_en(clause: str, ctx: object) -> list[Finding]:
    """The withdrawal of every plan to the place an English clause says is called off ("The Lisbon trip is
    cancelled" → ``travel.plan`` / ``plan.intent`` naming Lisbon withdrawn), else ``[]``."""
    m = _CANCELLED_EN.match(clause.strip().rstrip(".!"))
    if m is None:
        return []
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
        return []
    place = m.group("a") or m.group("b") or m.group("c")
    if m.group("b") and not city_zh(place):
        return []
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
    Lisbon", 去成都, 去成都旅行; "Lisbonne" and "New York" for York are other places).

    >>> names_trip("Lisbon", "going to Lisbon"), names_trip("成都", "去成都旅行")
    (True, True)
    >>> names_trip("York", "trip to New York")
    False
    """
    if not place or not stored:
        return False
    if re.fullmatch(rf"[{_H}]+", place):
        return re.search(rf"(?:^|去|到|飞){re.escape(place)}", stored) is not None
    return re.search(rf"(?:^|\b(?:to|in|for)\s+){re.escape(place)}(?![\w-])", stored, _IC) is not None
