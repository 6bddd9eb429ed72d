"""What lies ahead: the window a question about coming plans asks about, and the dated facts in it.

"what's coming up next week?", "any upcoming appointments?", 下周要忙什么？, 最近有什么安排？ ask for the
user's events and plans whose own date lies ahead, yet share no word with "dentist friday 2pm" or
日程：家长会（2026-12-09）. Such a question is answered by the facts' dates (``Fact.valid_from`` /
``valid_to``), not by words: ``ahead_window`` reads the window, ``ahead_filter`` selects the facts in it,
and recall adds them as one more candidate list, soonest first (``recall.search``), marked as a full match
(``period_asked``: ``recall.evidence``), as a question naming a period marks a plan in it
(``recall.shortlist.mark_period_asked``).

The window is:

- from ``now`` to the end of the periods the question names (``recall.periods.read_periods``: "next week",
  下周, "on December 9"; when the question the message closes with has a word of ``_AHEAD``, its year-less
  "in January" is also the next January) when they end after ``now`` (a question about last week asks about
  the past); from the start of the first of them still to come when they are days, months or years of the
  calendar (``recall.periods.names_a_date``): "what's coming up in January?" asked in December asks about
  January, not about the days before it;
- else, or when that window holds no fact, for a question with a word of the closed vocabulary ``_AHEAD``
  (upcoming, coming up, ahead, schedule, plans, agenda, 安排, 日程, 计划, 行程, 接下来, 要忙), from the same
  start on, with no end.

A fact is in the window when its days meet it: ``valid_to`` after the window's start (an event of today
counts until the day is over) and ``valid_from`` before its end; a fact with no ``valid_to`` only when it
starts inside the window after ``now`` ("moving to Berlin next month"), since every fact holds from the
day it was said.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from memstrata.filter import And, Compare, Expr, Field, Or
from memstrata.recall.periods import Period, names_a_date, read_periods
from memstrata.store.protocol import Store
from memstrata.text.clauses import closing_question
from memstrata.text.regex import lazy_regex
from memstrata.types import Scope

#: The closed vocabulary of a question about what is ahead, English and Chinese. Words, not a topic:
#: "plans" and 安排 ask what is to come whatever is planned.
_AHEAD = lazy_regex(r"\b(?:upcoming|coming\s+up|ahead|schedule[ds]?|plans?|planned|agenda|calendar|"
                    r"what'?s\s+next)\b|安排|日程|计划|行程|接下来|要忙|将要|待办", re.IGNORECASE)

#: Words that put a question in the past, English and Chinese (auxiliaries, 曾, 以前, a verb's 过): "what plans did I
#: have in January?" or 在5月1号我曾告诉过你我的旅行计划 asks about the month that was, not the next one.
_PAST_TENSE = lazy_regex(r"\b(?:did|was|were|had|used\s+to)\b|曾|以前|之前|当时|那时|上次|过去|"
                         r"(?:说|告诉|提|讲|做|去|有|定|订)过", re.IGNORECASE)

#: A window with no end is searched up to this far: the filter compares times, and a plan decades out is
#: none a store holds.
_OPEN_END = datetime(9999, 1, 1)


def asks_ahead(text: str) -> bool:
    """Whether ``text`` has a word of the closed vocabulary of questions about what is ahead.

    >>> asks_ahead("what's coming up?"), asks_ahead("最近有什么安排？"), asks_ahead("where do I live?")
    (True, True, False)
    """
    return _AHEAD.search(text) is not None


def ahead_windows(text: str, now: datetime, *, after_days: int = 0) -> list[Period]:
    """The windows ``text`` (a question) asks about when it asks what is ahead of ``now`` (timezone-aware), in UTC,
    to try in order (recall takes the first that holds a fact); ``[]`` when it asks about no time ahead.

    From ``now`` to the end of the named periods (``read_periods`` with ``after_days``) when one ends after
    ``now`` ("what's coming up next week?" on a Monday: this week's rest too, soonest first), or from the start
    of the first of them to come when they are of the calendar (``names_a_date``: "in January", 1月15号); then,
    for a question with a word of ``_AHEAD``, from that start with no end (今天给我安排一下 with nothing today:
    what comes next).
    When the question ``text`` closes with (``closing_question``; ``text`` itself when it is one sentence) has a
    word of ``_AHEAD``, a month or day it names without a year is also its next one ("what's coming up in
    January?" asked in December asks about the next January). Only that question's own: chit-chat before it
    ("tax season is coming up in April, any tips?") says what is ahead of someone else's question; and not in
    the past tense (``_PAST_TENSE``: "what plans did I have in January?" asks about the January that was).
    A question naming only past periods and no ``_AHEAD`` word gives ``[]``.
    """
    periods, _ = read_periods(text, now, after_days=after_days, years=False)
    last = closing_question(text) or text
    if asks_ahead(last) and _PAST_TENSE.search(last) is None:
        # Only the next ones the forward reading adds: the question's other periods are read above.
        behind = set(read_periods(last, now, after_days=after_days, years=False)[0])
        nxt = [p for p in read_periods(last, now, after_days=after_days, years=False, forward=True)[0]
               if p not in behind]
        periods = sorted(periods + nxt, key=lambda p: p[1])
    coming = [p for p in periods if p[1] > now]
    # A month or day of the calendar named is that period: "what's coming up in January?" asked on 7 December
    # does not ask about the meeting on the 10th. A relative one runs from now ("next week" on a Sunday
    # evening: tomorrow too).
    start = max(now, coming[0][0]) if coming and names_a_date(text) else now
    windows = [(start, coming[-1][1])] if coming else []
    if asks_ahead(text) and (windows or not periods):
        windows.append((start, _OPEN_END.replace(tzinfo=now.tzinfo)))
    return windows


def ahead_filter(window: Period, now: datetime) -> Expr:
    """A filter (``memstrata.filter``) keeping the facts whose days meet ``window``: ``valid_to`` after its
    start and ``valid_from`` before its end, or, with no ``valid_to``, ``valid_from`` after ``now`` and
    inside the window."""
    start, end = window
    def at(name: str, op: str, when: datetime) -> Compare:
        return Compare(Field(name), op, when.isoformat())
    bounded = And((at("valid_to", ">", start), at("valid_from", "<", end)))
    starts = And((at("valid_from", ">", max(start, now)), at("valid_from", "<", end)))
    return Or((bounded, starts))


def ahead_facts(store: Store, scope: Scope, windows: Sequence[Period], now: datetime, *, statuses: Sequence[str],
                limit: int, filter: Expr | None = None) -> list[int]:
    """The ids of at most ``limit`` facts of ``scope`` (of ``statuses``, narrowed by ``filter``) whose days meet
    the first of ``windows`` (``ahead_windows``, ``ahead_filter``) that holds any, soonest first (by
    ``valid_from``, then id); ``[]`` when none does. A fact that never held (superseded before its day began:
    ``valid_to == valid_from``) has no days to meet a window."""
    for window in windows:
        where = ahead_filter(window, now)
        found = [f for f in store.list_facts(scope, statuses=statuses, limit=limit,
                                             filter=where if filter is None else And((filter, where)))
                 if f.valid_to is None or f.valid_from is None or f.valid_to > f.valid_from]
        if found:
            return [f.id for f in sorted(found, key=lambda f: (f.valid_from or now, f.id))]
    return []
