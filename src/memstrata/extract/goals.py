"""A goal the user set, said with the noun and often with its target and deadline: "I've set a goal to complete my
cover letter draft by March 25", "I've got this goal to reduce hiring time by 30% within 6 months", "My goal is to
reduce weekly work hours from 55 to 40 by April 30". Read as the topic patterns read a clause (``patterns_en``),
ahead of the dated event, which stored "set a goal to complete their cover letter draft" as a plan of that day.

The value is what the user means to do (``plan.intent``, "no date said"); the deadline stays in the statement
("has the goal to complete their cover letter draft by March 25"), never in the period: a period would be the
time the goal holds from (``candidates``), and a goal holds from when it is set.
"""

from __future__ import annotations

import re

from memstrata.extract.clause_en import _Ctx
from memstrata.extract.clauses import CONF_PREFER, Finding, clean_value, third_person
from memstrata.extract.plans import goal_en
from memstrata.extract.timex import time_span
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE

#: "I've set a goal to …", "I set myself a goal of saving …", "I've got this goal to …", "I have a new goal to …",
#: "My (main) goal is to …", "One of my goals this year is to …". A goal only wished, asked or supposed ("I'm trying
#: to set a goal", "Should I set a goal", "If I set a goal") opens otherwise and is none.
_GOAL_SET = lazy_regex(
    r"^(?:(?:so|and|but|also|well|now|anyway)\s*,?\s+)?(?:"
    r"(?:i|we)(?:'ve|\s+have)?\s+(?:(?:just|also|finally|now|already|recently)\s+)*"
    r"(?:set|got|gotten|have|made)\s+(?:myself\s+|ourselves\s+)?(?:a|an|this|the|one|my|our)\s+"
    r"|(?:my|our|one\s+of\s+my)\s+)"
    r"(?:(?:new|big|main|personal|clear|specific|ambitious|realistic|concrete|long-term|short-term|ultimate|"
    r"primary|top|fitness|savings|reading|writing)\s+)*goals?"
    r"(?:\s+(?:for\s+)?(?:this|next|the)\s+(?:year|month|week|summer|quarter|semester))?"
    r"(?:\s+is\s+to|\s+to|\s+(?P<of>of)(?=\s+[a-z]+ing\b))\s+(?P<v>[a-z].+)$", _IC)
#: What a goal clause names that is no doing of the user's own: the thing at hand, a question, a doubt.
_NOT_A_GOAL = lazy_regex(r"\b(?:it|this|that|them|you|your|what|whether|how|why|which)\b|\?", _IC)
#: A preposition that opens the deadline or the span of a goal ("by March 25", "within 6 months").
_BEFORE_TIME = lazy_regex(r"\s+(?:by|before|on|in|within|until|through|throughout|over|for|during|no later than|"
                          r"over the (?:next|coming))\s*$", _IC)
#: A goal value longer than this is a clause of reasons, not what the user means to do ("maintain 40-hour workweeks
#: and get 7 hours of sleep every night" is 11 words).
_MOST_WORDS = 12


def goal_set(clause: str, ctx: _Ctx | None = None) -> list[Finding]:
    """The goal ``clause`` says the user set ("I've set a goal to finish 3 series by February 28" → ``plan.intent =
    finish 3 series``, stated "has the goal to finish 3 series by February 28"); ``[]`` for any other clause, a goal
    naming the thing at hand ("My goal is to fix it"), and one too long to be a doing."""
    m = _GOAL_SET.match(clause.strip().rstrip(".!"))
    if m is None or goal_en(clause):  # "My goal is to lose 5 kg": a goal worked on, read as such (``plans``)
        return []
    said = m.group("v").strip()
    at = _deadline_at(said)
    doing = _BEFORE_TIME.sub("", said[:at]) if at is not None else said
    if _NOT_A_GOAL.search(doing):
        return []
    value = third_person(clean_value(doing, "en"))
    if not value or len(value.split()) > _MOST_WORDS or len(value.split()) < 2:
        return []
    deadline = "" if at is None else _deadline(said[len(doing):])
    statement = f"has the goal {'of' if m.group('of') else 'to'} {value}" + (f" {deadline}" if deadline else "")
    return [Finding("plan.intent", value, CONF_PREFER, clause, statement=statement)]


def _deadline_at(said: str) -> int | None:
    """Where the first time ``said`` names begins (``timex``, or a month or a day after "by" / "before" / "until",
    which ``timex`` reads only after "in"); ``None`` when it names none."""
    span = time_span(said)
    month = _BY_MONTH.search(said)
    starts = [at for at in (span[0] if span else None, month.start("t") if month else None) if at is not None]
    return min(starts) if starts else None


def _deadline(rest: str) -> str:
    """The deadline or span opening ``rest`` (what follows the doing: "by June without hiring anyone" → "by June")."""
    span = time_span(rest)
    month = _BY_MONTH.search(rest)
    ends = [at for at in (span[1] if span else None, month.end() if month else None) if at is not None]
    return rest[: min(ends)].strip() if ends else ""


#: A month or a weekday after a deadline's preposition ("by June", "before March 3, 2025", "until Friday").
_BY_MONTH = lazy_regex(r"\b(?:by|before|until|no later than)\s+(?:the\s+end\s+of\s+)?(?P<t>(?:january|february|march|"
                       r"april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|"
                       r"thursday|friday|saturday|sunday)\b(?:\s+\d{1,2}(?:st|nd|rd|th)?)?(?:,?\s+\d{4})?)", _IC)
