"""A clause with no subject after one about a relative is the relative's: 我儿子叫乐乐，今年五岁 and
我老婆叫王芳，是护士 store the son's age and the wife's occupation beside the name (before: the name alone), as
我姐姐住在上海，她是一名医生 carries a pronoun. The pieces are kept only when
each states something, so 我妈妈做了饭，在厨房 and 我有个妹妹，住在上海 read as before."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "facts"), [
    ("我儿子叫乐乐，今年五岁", [("family.member", "儿子乐乐", ""), ("identity.age", "5", "son")]),
    ("我老婆叫王芳，是护士", [("family.member", "老婆王芳", ""), ("identity.occupation", "护士", "wife")]),
])
def test_a_subjectless_clause_after_a_relative_is_theirs(text: str, facts: list[tuple[str, str, str]]) -> None:
    assert _read(text) == facts


@pytest.mark.parametrize(("text", "facts"), [
    ("我妈妈做了饭，在厨房", []),
    ("我有个妹妹，住在上海", [("family.member", "妹妹", "")]),
])
def test_a_clause_that_states_nothing_of_them_changes_nothing(text: str, facts: list[tuple[str, str, str]]) -> None:
    assert _read(text) == facts
