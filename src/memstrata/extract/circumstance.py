"""The circumstance said after an English value of a thing: when, how often or with whom, no part of the thing.

"I've been learning Rust in my spare time", "I enjoy hiking on weekends", "I moved to Linear in 2023", "I love
cooking with my mom": the value is Rust, hiking, Linear, cooking; the phrase after it says when one does it, how
often or in whose company. ``clauses.without_time_tail`` cut a closing "since / until <time>" already; this cuts
the other circumstances a value closes with, one or several in a row ("on weekends with my kids"), from the values
that name a thing liked, learnt or used (``THING_KEYS``). A habit, a plan or an event keeps them: "play every
weekend" is the habit, "see a movie with my friends" the plan. Its leading words are read in lower case only, so a
title keeps them ("Sunday in the Park", "Tuesdays with Morrie").
"""

from __future__ import annotations

import re
from dataclasses import replace

from memstrata.extract import kin
from memstrata.extract.clauses import Finding
from memstrata.extract.timex import time_span
from memstrata.text.regex import lazy_regex

_DAYS = r"(?i:(?:mon|tues|wednes|thurs|fri|satur|sun)days?)"
_PARTS = r"(?:mornings?|evenings?|afternoons?|nights?|weekends?|weekdays|weeknights|lunch\s*times?|lunch\s+breaks?)"
_UNITS = rf"(?:morning|evening|afternoon|night|day|week|weekend|month|year|summer|winter|{_DAYS})"
#: One circumstance phrase: one's own time ("in my spare time", "during my lunch break"), a part of the day or week
#: that recurs ("on weekends", "at night", "in the evenings", "most mornings", "on Saturdays"), a frequency ("every
#: morning", "twice a week", "daily") or a companion ("with my friends", "with my kids", "with friends").
_ONE = (rf"(?-i:(?:in|during|on|over)\s+(?:my|our|his|her|their)\s+(?:(?:spare|free|own|down|leisure|off)\s*time|"
        rf"downtime|{_PARTS}|breaks?|days?\s+off|holidays?|vacations?|commutes?)"
        rf"|(?:on|at|over|during|in)\s+(?:the\s+)?(?:{_PARTS}|{_DAYS})"
        rf"|(?:most|some|many|all|other)\s+{_PARTS}|(?:in|at)\s+the\s+(?:morning|evening|afternoon)s?"
        rf"|(?:every|each)\s+(?:other\s+|single\s+)?{_UNITS}"
        rf"|(?:once|twice|three\s+times|four\s+times|\d+\s+times|a\s+few\s+times|several\s+times)\s+(?:a|per|every)\s+"
        rf"(?:day|week|month|year)|daily|weekly|nightly|most\s+days"
        rf"|with\s+(?:(?:my|our|their|his|her)\s+(?:(?:best|close|old|good)\s+)?(?P<who>[a-z]+)|friends|family|the\s+kids))")
_TAIL = lazy_regex(rf"(?:\s*,?\s+(?:{_ONE}))+$", re.IGNORECASE)
_ONE_RE = lazy_regex(rf"\s*,?\s+(?:{_ONE})", re.IGNORECASE)
#: Who a companion "with my …" is: a relative (``kin``) or one of these.
_COMPANION = frozenset({"friend", "friends", "family", "mates", "buddies", "pals", "colleagues", "coworkers",
                        "classmates", "roommates", "neighbors", "neighbours", "team", "group", "club", "partner",
                        "boyfriend", "girlfriend", "fiance", "fiancee", "kids", "children", "folks"})
#: "in <time>" read whole by ``timex.time_span``: "in 2023", "in March".
_IN_TIME = lazy_regex(r"\s+(?-i:in|on|during)\s+(?P<t>[^\s].*)$", re.IGNORECASE)


def without_circumstance(value: str) -> str:
    """An English ``value`` without the circumstance phrases it closes with (``_ONE``: "Rust in my spare time" →
    "Rust", "hiking on weekends" → "hiking", "tennis with my friends" → "tennis") or a closing "in / on <time>" that
    ``timex.time_span`` reads whole ("Linear in 2023" → "Linear"); as said when nothing is left before them, or when
    "with my …" names no companion ("coffee with my breakfast" stays).

    >>> [without_circumstance(v) for v in ("Rust in my spare time", "running every morning", "Sunday in the Park")]
    ['Rust', 'running', 'Sunday in the Park']
    """
    m = _TAIL.search(value)
    if m is not None and m.start() > 0 and all(_companion(p.group("who")) for p in _ONE_RE.finditer(value, m.start())):
        return value[: m.start()]
    t = _IN_TIME.search(value)
    if t is not None and t.start() > 0 and time_span(tail := value[t.start():].strip()) == (0, len(tail)):
        return value[: t.start()]
    return value


def _companion(who: str | None) -> bool:
    """Whether ``who`` (the word after "with my") names a person one does things with; ``None`` (no "with my")
    is no companion phrase and passes."""
    return who is None or who.lower() in _COMPANION or kin.is_relative(who.lower())


#: The keys whose value names a thing liked, learnt or used: a circumstance said after it is none of it. The generic
#: ``preference.like`` is not one: "blocking creative work in the morning" is liked for its time.
THING_KEYS = frozenset({"hobby.like", "sport.like", "music.like", "media.like", "food.like", "drink.like",
                        "food.dislike", "activity.learning", "user.uses"})


def without_circumstance_of(finding: Finding) -> Finding:
    """``finding`` with the circumstance its English value closes with cut (``without_circumstance``), from its
    statement too, when its key names a thing (``THING_KEYS``); as it was otherwise."""
    if finding.key not in THING_KEYS or finding.retract:
        return finding
    if (value := without_circumstance(finding.value)) == finding.value:
        return finding
    tail = finding.value[len(value):]
    statement = finding.statement
    if statement and statement.endswith(tail):
        statement = statement[: len(statement) - len(tail)]
    return replace(finding, value=value, statement=statement)
