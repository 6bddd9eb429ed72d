"""A relative's exclusive preference, said with "only" / 只: 我老婆只喝奶茶 and "My wife only drinks bubble tea" stored
nothing, while 我老婆喝奶茶 and 我只喝奶茶 were read. "only" / 只 before the verb now opens a statement about someone as
the other adverbs do (``extract.subject_zh`` / ``extract.subject_en``); it stays theirs, never the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str]]:
    return {(c.key, c.value, c.subject or "")
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "value", "who"), [
    ("我老婆只喝奶茶", "奶茶", "wife"),
    ("My wife only drinks bubble tea", "bubble tea", "wife"),
    ("小王只用Mac", "Mac", "小王"),
])
def test_the_relatives_preference_is_kept_under_them(text: str, value: str, who: str) -> None:
    found = _read(text)
    assert [f for f in found if f[1] == value and f[2] == who]
    assert not [f for f in found if not f[2]]  # never the user's


@pytest.mark.parametrize("text", ["我妈只是问问", "我只是随便说说"])
def test_only_as_just_states_nothing(text: str) -> None:
    assert _read(text) == set()
