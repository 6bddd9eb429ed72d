"""A value said with the one it takes the place of: "We now ship orders with DHL instead of UPS", "I now use DHL
rather than UPS", "Instead of Jira, we use Linear now", 我们改用DHL而不是UPS, 我们不再用UPS，改用DHL.

This is a switch said another way, read as "We switched from UPS to DHL" is (``switches_en._switched``): the statement
without the old value is read as a statement of its own (``find``: the extractor's reader), and each value it states
carries the old one (``shapes.instead``, ``Finding.instead_of``), so the fact engine supersedes the fact holding the
old value, on that fact's key, and its history keeps it. Unlike "…, not UPS" (``extract.corrected``) the old value was
true until now: it is no correction. A doing with a thing names the thing ("I cycle to work instead of taking the
subway": the subway); a doing alone ("I walk instead of driving", "instead of waiting, let's go"), a
pronoun ("instead of that") and a like ranked ("I prefer tea rather than coffee": likes rank, they replace nothing)
are not read here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from memstrata.extract.cancelled import withdrawn_trip
from memstrata.extract.clauses import CONF_STATED, Finding, clean_value
from memstrata.extract.shapes import instead
from memstrata.extract.timex import time_span
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
_INSTEAD_EN = r"(?:instead\s+of|rather\s+than|in\s+place\s+of)"
_OLD_EN = r"(?:the\s+|an?\s+|my\s+|our\s+)?(?P<old>[\w.+#'’&-]+(?:\s+[\w.+#'’&-]+){0,3}?)"
_WHEN_EN = r"(?P<when>\s+(?:now|these days|nowadays|from now on|going forward))?"
#: "<statement> instead of <old> [now]", and "Instead of <old>, <statement>".
_EN = lazy_regex(rf"^(?P<pos>.+?)\s*,?\s+{_INSTEAD_EN}\s+{_OLD_EN}{_WHEN_EN}[.!]*$"
                 rf"|^{_INSTEAD_EN}\s+{_OLD_EN.replace('old', 'old2')}\s*,\s*(?P<pos2>.+?)[.!]*$", _IC)
#: 我们改用DHL而不是UPS; 我们不再用UPS，改用DHL / 我们不再用UPS改用DHL / 我们不用UPS了，现在改用DHL /
#: 我们不再用京东，现在用顺丰.
_ZH = lazy_regex(r"^(?P<pos>.+?)[，,]?\s*(?:而不是|而非)(?:用|选|坐)?(?P<old>[^，,。！!；;]{1,12}?)了?[。！!]*$"
                 r"|^(?P<who>我们?)?(?:现在|以后|已经)?(?:不再用|不用|不再选|不再坐)(?P<old2>[^，,。]{1,12}?)了?[，,]?\s*"
                 r"(?:而是|现在|以后|已经)?(?P<pos2>(?:(?:改|换)(?:用|成|坐)|(?<=现在|以后)用)[^，,。！!]+?)[。！!]*$")
#: What "instead of" is followed by that is no value: an activity (-ing), a pronoun, a determiner alone.
_NOT_OLD = lazy_regex(r"^(?:\w+ing|it|this|that|these|those|them|him|her|me|you|us|one|ones|usual|before|"
                      r"something|anything|nothing|everything)$|^\w+ing\s", _IC)
#: A doing with the thing it is done with ("taking the subway", "using Evernote", "driving my car"): the thing is the
#: old value; a doing alone ("driving") or one somewhere ("driving to work") names none.
_DOING_A_THING = lazy_regex(r"^\w+ing\s+(?!(?:to|in|at|on|for|with|from|by|into|around|out|up|down|home|there|it|"
                            r"this|that|them)\b)(?:the\s+|an?\s+|my\s+|our\s+)?(?P<thing>[\w.+#'’&-]+(?:\s+[\w.+#'’&-]+)?)$",
                            _IC)
#: Keys a value said "instead of" another replaces nothing in: likes rank, allergies and habits have their rules, and
#: a happening or a plan is one of many ("I went to Paris instead of London" changes no value).
_NOT_REPLACED = ("like", "dislike", "allergy", "condition", "habit", "event", "plan", "intent")

Reader = Callable[[str, datetime], list[tuple[Finding, str]]]


def read(sentence: str, said_at: datetime, find: Reader) -> list[tuple[Finding, str]]:
    """The findings of ``sentence`` read as a value said with the one it takes the place of, each carrying the
    old value (``Finding.instead_of``); ``[]`` when it is none, or its statement states nothing ``find`` reads."""
    text = sentence.strip()
    if (m := _ZH.match(text)) is not None:
        lang, old = "zh", m.group("old") or m.group("old2")
        pos = m.group("pos") or f"{m.group('who') or '我'}{m.group('pos2')}"
    elif (m := _EN.match(text)) is not None:
        lang, old = "en", m.group("old") or m.group("old2")
        pos = m.group("pos") or m.group("pos2")
        pos = f"{pos}{m.group('when') or ''}" if m.group("pos") else pos
    else:
        return []
    old = clean_value(old, lang)
    if lang == "en" and (doing := _DOING_A_THING.match(old)) is not None:
        old = doing.group("thing")  # "I cycle to work instead of taking the subway": the subway is what it replaces
    if not old or _NOT_OLD.match(old):
        return []
    whole = find(text, said_at)
    if any(f.instead_of or f.key == "identity.location" for f, _ in whole):
        # the switch shape read the old value itself: "moved to Munich instead of Berlin" is a home, as the city
        # left (Berlin) says, where "We moved to Munich" alone may be a thing used (``shapes.moved_home``)
        return whole
    found = find(pos, said_at)
    if lang == "en" and (span := time_span(old)) is not None and span[0] > 0 and span[1] == len(old):
        # "flying to Rome instead of Paris next week": the time is the new trip's, no part of the old place
        dated_trip = find(f"{pos} {old[span[0]:]}", said_at)
        trip = _trip_changed(pos, old[:span[0]].strip(), text, dated_trip)
    else:
        trip = _trip_changed(pos, old, text, found) if lang == "en" else []
    if trip:
        return [(f, "en") for f in trip]
    if not found or any(f.retract or f.key.rpartition(".")[2] in _NOT_REPLACED for f, _ in found):
        return []
    return [(g, said) for f, said in found for g in instead([f], f.instead_of or old, said)]


#: A trip ahead to a place: "We're going to Korea", "I'm flying to Rome next week" (``_trip_changed``).
_TRIP_EN = lazy_regex(r"^(?:(?:so|but|and|actually|now)\s*,?\s+)*(?:i|we)(?:'re|\s+are|'m|\s+am)\s+(?:now\s+)?"
                      r"(?P<v>(?:going|flying|travell?ing|heading|driving)\s+to\s+(?-i:[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?))"
                      r"\b", _IC)


def _trip_changed(pos: str, old: str, clause: str, found: list[tuple[Finding, str]]) -> list[Finding]:
    """A trip ahead said with the place it goes to in place of another ("We're going to Korea instead of Japan",
    "I'm flying to Rome instead of Paris next week"): the plans to the old place withdrawn, as calling that trip off
    does (``cancelled.withdrawn_trip``), beside the plan to the new place (as ``found`` reads it with its date, else
    the trip as said); ``[]`` when ``pos`` is no trip ahead or ``old`` names no place."""
    m = _TRIP_EN.match(pos.strip())
    if m is None or not re.fullmatch(r"(?-i:[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)", old):
        return []
    plans = [f for f, _ in found if f.key == "travel.plan" and not f.retract]
    new = plans or [Finding("travel.plan", m.group("v"), CONF_STATED, clause)]
    return [*withdrawn_trip(old, clause, f"trip to {old} given up"), *new]
