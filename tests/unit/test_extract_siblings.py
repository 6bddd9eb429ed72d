"""Siblings said with their age are one person each (``extract.kin``): 姐姐 and 妹妹, "my older sister" and "my
little sister" are two people, so what is said of one never supersedes what was said of the other; a plain "my
sister" is its own subject and touches neither."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str]]:
    return {(c.subject, c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "expected"), [
    ("我姐姐是护士。", {("older sister", "identity.occupation", "护士")}),
    ("我妹妹是老师。", {("younger sister", "identity.occupation", "老师")}),
    ("我哥住在上海。", {("older brother", "identity.location", "上海")}),
    ("我弟弟对花生过敏。", {("younger brother", "health.allergy", "花生")}),
    ("My older sister is a nurse.", {("older sister", "identity.occupation", "nurse")}),
    ("My big sister lives in Lisbon.", {("older sister", "identity.location", "Lisbon")}),
    ("My younger brother is a teacher.", {("younger brother", "identity.occupation", "teacher")}),
    ("My little brother is allergic to peanuts.", {("younger brother", "health.allergy", "peanuts")}),
    ("My twin is a doctor.", {("twin", "identity.occupation", "doctor")}),
    ("My twin sister is a doctor.", {("twin", "identity.occupation", "doctor")}),
    ("My sister is a nurse.", {("sister", "identity.occupation", "nurse")}),
])
def test_a_sibling_said_with_their_age_is_one_person(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _read(text) == expected


def _current(mem: Memory, key: str) -> list[tuple[str, str]]:
    return sorted((f.subject or "", f.value) for f in mem.list(key=key) if isinstance(f, Fact))


@pytest.mark.parametrize(("first", "second", "expected"), [
    ("我姐姐是护士。", "我妹妹是老师。", [("older sister", "护士"), ("younger sister", "老师")]),
    ("My older sister is a nurse.", "My little sister is a teacher.",
     [("older sister", "nurse"), ("younger sister", "teacher")]),
    ("My older sister is a nurse.", "My sister is a teacher.", [("older sister", "nurse"), ("sister", "teacher")]),
    ("我哥哥是医生。", "我弟弟是律师。", [("older brother", "医生"), ("younger brother", "律师")]),
])
def test_what_is_said_of_one_sibling_leaves_the_other(tmp_path: Path, first: str, second: str,
                                                      expected: list[tuple[str, str]]) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(first)
        mem.add(second)
        assert _current(mem, "identity.occupation") == expected
        assert mem.list(key="identity.occupation", status="superseded") == []


def test_the_older_sisters_job_is_answered_current(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("我姐姐是护士")
        mem.add("我妹妹是老师")
        block = mem.context("我姐姐做什么工作？")
        assert "护士" in block and "已过时" not in block
