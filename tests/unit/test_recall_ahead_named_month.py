"""A question about what is ahead that names a month or day without a year asks about its next one:
"what's coming up in January?" asked in December finds the January plan (``recall.ahead.ahead_windows``,
``recall.periods.read_periods(forward=True)``). Only the question a message closes with is read so: a month
ahead in the chit-chat before another question is not what memory is asked about."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from memstrata import Memory
from memstrata.clock import utcnow
from memstrata.recall.ahead import ahead_windows

DECEMBER = datetime(2026, 12, 7, 10, tzinfo=UTC)
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")


def test_a_question_ahead_reads_a_named_month_in_the_next_year() -> None:
    for question in ("What's coming up in January?", "any plans in January?", "一月份有什么安排？",
                     "1月15号有什么安排"):
        windows = ahead_windows(question, DECEMBER)
        assert windows and datetime(2027, 1, 1, tzinfo=UTC) <= windows[0][0] <= datetime(2027, 1, 15, tzinfo=UTC), \
            question
        assert datetime(2027, 1, 16, tzinfo=UTC) <= windows[0][1] <= datetime(2027, 2, 2, tzinfo=UTC), question


def test_a_named_month_or_day_ahead_is_that_period_not_the_days_before_it() -> None:
    # The days between now and the month named are not asked about, in the window or in its open-ended
    # fallback: the meeting on 10 December does not answer "what's coming up in January?".
    january, february = datetime(2027, 1, 1, tzinfo=UTC), datetime(2027, 2, 1, tzinfo=UTC)
    for question in ("what's coming up in January?", "any plans for January?", "一月份有什么安排？",
                     "Busy week. Anything on my calendar in January?"):
        windows = ahead_windows(question, DECEMBER)
        assert windows[0] == (january, february), question
        assert all(start == january for start, _ in windows), question
    day = ahead_windows("what's coming up on December 20?", DECEMBER)
    assert day[0] == (datetime(2026, 12, 20, tzinfo=UTC), datetime(2026, 12, 21, tzinfo=UTC))
    # the month we are in: from now, not from its first day
    assert ahead_windows("anything coming up in December?", DECEMBER)[0] == (DECEMBER, datetime(2027, 1, 1,
                                                                                                tzinfo=UTC))
    # no period, or a relative one: from now on
    assert ahead_windows("what's coming up?", DECEMBER)[0][0] == DECEMBER
    assert ahead_windows("下周要忙什么？", DECEMBER)[0][0] == DECEMBER


def test_the_closing_question_reads_its_month_ahead_after_chit_chat() -> None:
    for question in ("December was hectic at work. What's coming up in January?",
                     "十二月太忙了。一月份有什么安排？"):
        windows = ahead_windows(question, DECEMBER)
        assert windows and datetime(2027, 1, 16, tzinfo=UTC) <= windows[0][1] <= datetime(2027, 2, 2, tzinfo=UTC), \
            question


def test_a_month_ahead_in_the_chit_chat_is_not_the_question_asked() -> None:
    # The chit-chat's question names a month ahead ("coming up in April", "starts April 1" beside "schedule");
    # the question the message closes with names no time: nothing is asked about what lies ahead.
    for message in ("I'm stressed since tax season is coming up in April, what's the best way to estimate my "
                    "income? How did I organize the tasks over the sprint?",
                    "Can you help me adjust my schedule? My course starts April 1, how can I balance it? "
                    "Can you list the order in which I brought up the budget tracker?",
                    "四月份有什么安排要准备吗？我上次说的预算表做到哪一步了？"):
        assert ahead_windows(message, DECEMBER) == [], message


def test_a_question_about_the_past_keeps_the_months_behind_it() -> None:
    # no word of what is ahead: January 2026 and before, all over by December: no window ahead
    assert ahead_windows("What did I do in January?", DECEMBER) == []
    assert ahead_windows("一月份我做了什么？", DECEMBER) == []
    # a word of plans, but said in the past tense: the January that was
    for question in ("What plans did I have in January?", "一月份我有过什么安排？",
                     "在5月1号我曾告诉过你我的旅行计划，我计划去哪个地方？"):
        assert ahead_windows(question, DECEMBER) == [], question
    # a month still ahead this year needs no next year
    assert ahead_windows("anything coming up in December?", datetime(2026, 11, 2, tzinfo=UTC))[0][1] \
        < datetime(2027, 1, 3, tzinfo=UTC)


def test_the_plans_of_a_month_named_ahead_answer_the_question(memory: Memory) -> None:
    # A month that was two months ago this year (September in December): its next one lies ahead.
    now = utcnow()
    month = (now.month - 3) % 12 + 1
    year = now.year + 1 if month < now.month else now.year
    said = now - timedelta(days=10)
    memory.add("My birthday is May 3rd.", created_at=said)
    memory.add("I go to the gym on Mondays.", created_at=said)
    memory.add(f"I'm flying to Denver for a conference on {year}-{month:02d}-15.", created_at=said)
    memory.add(f"我{year}年{month}月20日去上海参加年会。", created_at=said)
    plans = {f.statement for f in memory.list() if f.valid_from is not None and f.valid_from.year == year
             and f.valid_from.month == month}
    assert len(plans) == 2, [f.statement for f in memory.list()]
    for question in (f"What's coming up in {MONTHS[month - 1]}?", f"{month}月份有什么安排？"):
        assert plans <= {h.text for h in memory.search(question, limit=5)}, question
        block = memory.context(question)
        assert all(p in block for p in plans) and "nothing matched" not in block, block


def test_a_plan_before_the_month_named_is_not_what_is_asked(memory: Memory) -> None:
    # A meeting in three days and a trip in the month after next: "what's coming up in <that month>?" finds
    # the trip as its answer (``period_asked``) above the meeting, which is not.
    now = utcnow()
    month = (now.month + 1) % 12 + 1
    year = now.year + 1 if month < now.month else now.year
    said = now - timedelta(days=2)
    soon = (now + timedelta(days=3)).date()
    memory.add(f"I have a meeting with my manager about the promotion on {soon.isoformat()}.", created_at=said)
    memory.add(f"We're flying to Tokyo for a week on {year}-{month:02d}-15.", created_at=said)
    dated = {f.valid_from.date(): f.statement for f in memory.list() if f.valid_from is not None
             and f.valid_to is not None}
    trip = next(text for day, text in dated.items() if (day.year, day.month) == (year, month))
    meeting = dated[soon]
    for question in (f"What's coming up in {MONTHS[month - 1]}?", f"{month}月份有什么安排？"):
        hits = {h.text: h for h in memory.search(question, limit=10)}
        assert hits[trip].signals.get("period_asked") == 1.0, question
        assert meeting not in hits or not hits[meeting].signals.get("period_asked"), question
        order = list(hits)
        assert meeting not in hits or order.index(trip) < order.index(meeting), question
