"""A spoken programme listened to is no music: 我喜欢听播客 and 我喜欢听相声 stored ``music.like``; now ``media.like``,
as "I love audiobooks" is. Songs, a singer's songs and a genre (我喜欢听周杰伦的歌, 我喜欢听爵士乐) stay music."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _likes(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "read"), [
    ("我喜欢听播客", [("media.like", "播客")]),
    ("我很喜欢听相声", [("media.like", "相声")]),
    ("我喜欢听有声书", [("media.like", "有声书")]),
    ("我喜欢听周杰伦的歌", [("music.like", "周杰伦的歌")]),
    ("我喜欢听爵士乐", [("music.like", "爵士乐")]),
])
def test_a_programme_listened_to_is_media_and_songs_are_music(text: str, read: list[tuple[str, str]]) -> None:
    assert _likes(text) == read
