"""A name asked for after one's own: 我叫陈晨，叫我晨晨就行 stored ``identity.name = 陈晨叫我晨晨`` (the clause opening
with 叫 was joined to the one before, as 我养了一只猫，叫咪咪 names the cat); now 叫我 opens a clause of its own, and
what closes the wish (就行, 就好, 吧) is no part of the name."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "expected"), [
    ("我叫陈晨，叫我晨晨就行", [("identity.name", "陈晨"), ("identity.name", "晨晨")]),
    ("嗯……我叫陈晨，叫我晨晨吧", [("identity.name", "陈晨"), ("identity.name", "晨晨")]),
    ("叫我晨晨就好", [("identity.name", "晨晨")]),
    ("我养了一只猫，叫咪咪", [("pet", "名叫咪咪的猫")]),  # a clause opening with 叫 still names what the one before had
])
def test_a_name_asked_for_is_the_name_alone(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


def test_being_called_to_do_something_is_no_name() -> None:
    assert _read("我老婆叫我早点睡") == []
