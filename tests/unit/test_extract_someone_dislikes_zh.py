"""What another person dislikes, said in Chinese: 我老板讨厌开会, 小王讨厌开会, 我老婆讨厌开会 are the boss's, 小王's
and the wife's dislike, as 我老板喜欢喝茶 is the boss's like (讨厌 opened nothing said of someone else, and 很 / 特别
nothing said of a role); the speaker as the thing liked (我老婆喜欢我) is no taste."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _facts(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("text", "fact"), [
    ("我老板讨厌开会", ("preference.dislike", "开会", "boss")),
    ("我老板特别讨厌开会", ("preference.dislike", "开会", "boss")),
    ("小王讨厌开会", ("preference.dislike", "开会", "小王")),
    ("我老婆讨厌开会", ("preference.dislike", "开会", "wife")),
    ("我老板很喜欢喝茶", ("drink.like", "茶", "boss")),
])
def test_someone_elses_dislike_is_theirs(text: str, fact: tuple[str, str, str]) -> None:
    assert _facts(text) == [fact]


@pytest.mark.parametrize("text", ["我老板讨厌我", "我老婆喜欢我", "我讨厌我", "我老板很忙", "我老板很严格"])
def test_the_speaker_liked_or_a_mood_is_no_taste(text: str) -> None:
    assert _facts(text) == []
