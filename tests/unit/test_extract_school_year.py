"""The school year one is in is a standing state (``extract.schooling``): "My son is in first grade this year" was a
scheduled event ``in first grade`` and 我儿子今年上小学一年级 stored nothing; both are the son's ``grade``."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("My son is in first grade this year.", ("son.grade", "first grade", "son")),
    ("My son is in first grade.", ("son.grade", "first grade", "son")),
    ("My daughter is in 3rd grade.", ("daughter.grade", "3rd grade", "daughter")),
    ("我儿子今年上小学一年级。", ("son.grade", "小学一年级", "son")),
    ("我儿子上小学一年级。", ("son.grade", "小学一年级", "son")),
    ("我女儿读初二。", ("daughter.grade", "初二", "daughter")),
    ("I'm in 10th grade.", ("user.grade", "10th grade", "")),
    ("我上高二了。", ("user.grade", "高二", "")),
    # a school year begun is the year one is in
    ("My son just started kindergarten.", ("son.grade", "kindergarten", "son")),
    ("我女儿今年上初一了。", ("daughter.grade", "初一", "daughter")),
])
def test_the_school_year_is_a_standing_state_of_whose_it_is(text: str, expected: tuple[str, str, str]) -> None:
    assert _read(text) == [expected]


@pytest.mark.parametrize("text", ["I'm in the office.", "I'm in the first round.", "我上班了。",
                                  "我上一年级的时候很胖。", "Is your son in first grade?"])
def test_no_school_year_said(text: str) -> None:
    assert [k for k, _, _ in _read(text) if k.endswith(".grade")] == []


def test_a_new_school_year_replaces_the_old(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("My son is in first grade.")
        mem.add("My son is in second grade now.")
        facts = [f for f in mem.list() if isinstance(f, Fact)]
        assert [(f.key, f.value, f.statement) for f in facts] == [("son.grade", "second grade",
                                                                   "their son is in second grade")]
