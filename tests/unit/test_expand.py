"""Query expansion: the periods a query names (``recall.periods``), on hand-made queries."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from memstrata.filter import And, Compare, Or
from memstrata.filter.evaluate import matches
from memstrata.recall.periods import YEARS_BACK, period_complement, period_filter, query_periods
from memstrata.text.tokens import coverage_units, query_terms, text_units
from memstrata.types import Episode, Scope

NOW = datetime(2026, 11, 29, 15, 0, tzinfo=UTC)


def days(periods: list[tuple[datetime, datetime]]) -> list[tuple[date, date]]:
    return [(start.date(), end.date()) for start, end in periods]


def test_a_date_with_its_year_is_that_day() -> None:
    for query in ("What did Gina find on 1 February, 2023?", "What did she paint on February 1st, 2023?",
                  "the talk of 2023-02-01", "2023年2月1日我们聊了什么"):
        assert days(query_periods(query, NOW)) == [(date(2023, 2, 1), date(2023, 2, 2))], query


def test_a_month_with_its_year_is_the_whole_month() -> None:
    assert days(query_periods("What did John attend in March 2023?", NOW)) == [(date(2023, 3, 1), date(2023, 4, 1))]
    assert days(query_periods("2023年12月我做了什么", NOW)) == [(date(2023, 12, 1), date(2024, 1, 1))]


def test_a_date_without_a_year_is_that_day_in_each_recent_year() -> None:
    periods = days(query_periods("在5月1号，我遇到了什么开心的事情？", NOW))
    assert len(periods) == YEARS_BACK
    assert periods[0] == (date(2026 - YEARS_BACK + 1, 5, 1), date(2026 - YEARS_BACK + 1, 5, 2))
    assert periods[-1] == (date(2026, 5, 1), date(2026, 5, 2))
    assert days(query_periods("When did Melanie go camping in June?", NOW))[-1] == (date(2026, 6, 1),
                                                                                  date(2026, 7, 1))


def test_words_that_look_like_months_or_durations_name_no_period() -> None:
    for query in ("I may go hiking", "They march on", "我计划去三个月", "What is her favourite food?",
                  "上个月份的账单"):
        periods = query_periods(query, NOW)
        # "上个月" is relative (last month, resolved against now); nothing else names a period.
        assert periods == [] or days(periods) == [(date(2026, 10, 1), date(2026, 11, 1))], query


def test_relative_expressions_are_resolved_against_now() -> None:
    assert days(query_periods("what did I eat yesterday", NOW)) == [(date(2026, 11, 28), date(2026, 11, 29))]
    assert days(query_periods("我上周说了什么", NOW)) == [(date(2026, 11, 16), date(2026, 11, 23))]


def test_periods_are_widened_at_their_end_and_merged() -> None:
    assert days(query_periods("on May 3, 2023", NOW, after_days=3)) == [(date(2023, 5, 3), date(2023, 5, 7))]
    merged = query_periods("on May 3, 2023 or May 4, 2023", NOW, after_days=1)
    assert days(merged) == [(date(2023, 5, 3), date(2023, 5, 6))]


def test_a_lone_year_is_optional() -> None:
    assert days(query_periods("the beach trips in 2023", NOW)) == [(date(2023, 1, 1), date(2024, 1, 1))]
    assert query_periods("the beach trips in 2023", NOW, years=False) == []


def test_the_period_filter_is_one_created_at_range_per_period() -> None:
    periods = query_periods("on May 3, 2023 or June 9, 2024", NOW)
    expr = period_filter(periods)
    assert period_filter([]) is None
    assert isinstance(expr, Or) and len(expr.operands) == 2
    first = expr.operands[0]
    assert isinstance(first, And)
    assert [(c.field.name, c.op, c.value) for c in first.operands if isinstance(c, Compare)] == [
        ("created_at", ">=", "2023-05-03T00:00:00+00:00"), ("created_at", "<", "2023-05-04T00:00:00+00:00")]


def test_the_complement_keeps_exactly_what_the_periods_do_not() -> None:
    periods = query_periods("on May 3 2023, June 9 2024 or in August 2025", NOW)
    inside, outside = period_filter(periods), period_complement(periods)
    assert inside is not None and outside is not None and period_complement([]) is None
    assert isinstance(outside, Or) and len(outside.operands) == len(periods) + 1  # before, between, after
    edges = [when for period in periods for when in period]
    for when in [NOW.replace(year=1990), *edges, *(e - timedelta(microseconds=1) for e in edges), NOW]:
        said = Episode(id=1, scope=Scope("o", "p", "u"), role="user", content="x", created_at=when, sequence_num=1)
        assert matches(inside, said) != matches(outside, said), when


def test_chinese_coverage_counts_characters_not_bigrams() -> None:
    query = coverage_units(set(query_terms("我遇到了什么开心的事情？")))
    answer = text_units("今天健身教练夸我身材练的非常不错，我很开心。")
    # Bigrams: 1 of 10 shared (开心); characters: 开 and 心 of 遇 到 什 开 心 事 情.
    assert query == {"遇", "到", "什", "开", "心", "事", "情"}
    assert len(query & answer) / len(query) == 2 / 7
    english = coverage_units(set(query_terms("adopted dogs")))
    assert english == {"adopt", "dog"} and english <= text_units("We adopted two dogs")
