"""A relative said with a name (我儿子乐乐, 女儿糖糖) and a later clause with no subject: the later clause is the named
person's, as the first is (``extract.apposition``). 我儿子乐乐今年五岁，在阳光幼儿园上学 stored the age under 乐乐 and
the school under ``son``, two subjects for one child; now both are 乐乐's. A relative said without a name keeps the
relation (我儿子今年五岁，… stays ``son``'s)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _subjects(text: str) -> set[tuple[str, str, str]]:
    return {(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if c.key != "family.member"}


@pytest.mark.parametrize(("text", "expected"), [
    ("我儿子乐乐今年五岁，在阳光幼儿园上学", {("identity.age", "5", "乐乐"), ("乐乐.school", "阳光幼儿园", "乐乐")}),
    ("儿子乐乐今年五岁，在阳光幼儿园上学", {("identity.age", "5", "乐乐"), ("乐乐.school", "阳光幼儿园", "乐乐")}),
    ("我女儿糖糖今年八岁，在实验小学读书", {("identity.age", "8", "糖糖"), ("糖糖.school", "实验小学", "糖糖")}),
    # no name said: the relation is the subject
    ("我儿子今年五岁，在阳光幼儿园上学", {("identity.age", "5", "son"), ("son.school", "阳光幼儿园", "son")}),
    ("我妈妈今年六十了，住在成都", {("identity.age", "60", "mom"), ("identity.location", "成都", "mom")}),
])
def test_a_clause_after_a_relative_and_a_name_is_the_named_persons(
        text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _subjects(text) == expected
