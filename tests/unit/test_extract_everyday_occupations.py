"""Everyday jobs are occupations like the office ones ("I'm a cop", "My neighbor Jim is a bartender"), and "at"
that says when or how names no employer ("a nurse at night"; "a teacher at heart" is no job at all)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str]]:
    return {(c.subject, c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm a cop.", {("", "identity.occupation", "cop")}),
    ("I'm a barista.", {("", "identity.occupation", "barista")}),
    ("I'm a paralegal.", {("", "identity.occupation", "paralegal")}),
    ("I'm a realtor.", {("", "identity.occupation", "realtor")}),
    ("My neighbor Jim is a retired cop.", {("Jim", "identity.occupation", "retired cop")}),
    ("I'm a nurse at night.", {("", "identity.occupation", "nurse")}),
    ("I'm a teacher at home.", {("", "identity.occupation", "teacher")}),
])
def test_an_everyday_job_is_an_occupation(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "I'm a teacher at heart.", "I'm a trader at heart.", "I'm a beginner at chess.", "I'm a coffee addict.",
    "I'm a judge of character.",
])
def test_no_job_and_no_employer_where_none_is_said(text: str) -> None:
    assert not {key for _, key, _ in _read(text)} & {"identity.occupation", "identity.employer"}


@pytest.mark.parametrize(("text", "expected"), [
    ("I teach math at a high school.", {("", "identity.occupation", "math teacher"),
                                        ("", "identity.employer", "high school")}),
    ("I teach yoga.", {("", "identity.occupation", "yoga teacher")}),
    ("I teach at Lincoln Elementary.", {("", "identity.occupation", "teacher"),
                                        ("", "identity.employer", "Lincoln Elementary")}),
    ("My friend Jake teaches yoga.", {("Jake", "identity.occupation", "yoga teacher")}),
    ("我在一所小学教英语。", {("", "identity.occupation", "英语老师"), ("", "identity.employer", "小学")}),
    ("我教瑜伽。", {("", "identity.occupation", "瑜伽老师")}),
])
def test_what_one_teaches_names_the_job(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "I teach my kids to swim.", "I teach them how to code.", "I also teach yoga.", "I teach yoga on weekends.",
    "我教孩子们画画。", "我也教瑜伽。", "我周末教瑜伽。", "我教会了他游泳。",
])
def test_whom_one_teaches_or_a_side_job_names_no_job(text: str) -> None:
    assert not {key for _, key, _ in _read(text)} & {"identity.occupation", "identity.employer"}
