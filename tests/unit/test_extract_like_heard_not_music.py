"""What one likes listening to that is no music is no music like, and where or during what a thing is liked is no
part of it: "I like listening to podcasts on my commute" stored ``music.like = podcasts on their commute``. Spoken
audio (podcasts, audiobooks, talk radio) is a like as "my favourite podcast is …" is (``preference.like``), and a
closing circumstance ("on my commute", "in the car", "while I run") is cut from the value; a time of day stays
(what is preferred may be the time)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if not c.retracts]


@pytest.mark.parametrize(("text", "expected"), [
    ("I like listening to podcasts on my commute", [("preference.like", "podcasts")]),
    ("I love listening to true crime podcasts", [("preference.like", "true crime podcasts")]),
    ("I enjoy listening to audiobooks", [("preference.like", "audiobooks")]),
    ("I like listening to jazz on my commute", [("music.like", "jazz")]),  # music stays music
    ("I love coffee in the car", [("drink.like", "coffee")]),
    ("I like green tea on my lunch break", [("drink.like", "green tea")]),
])
def test_spoken_audio_is_no_music_and_a_circumstance_no_part_of_the_like(
        text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I like listening to classical music in the car", [("music.like", "classical music")]),
    ("I love the morning", []),
    ("I prefer blocking creative work in the morning", [("preference.like", "blocking creative work in the morning")]),
])
def test_what_names_no_spoken_audio_or_no_circumstance_is_kept(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


def test_spoken_audio_is_not_keyed_again_by_meaning() -> None:
    """An embedder keys a generic like by meaning (``extract.zero_shot``, a finding with a polarity): it put podcasts
    back under music.like, so the like of spoken audio is kept as it is (no polarity to re-key)."""
    from memstrata.extract import patterns_en

    [found] = patterns_en.find("I like listening to podcasts on my commute", _AT)
    assert (found.key, found.value, found.polarity) == ("preference.like", "podcasts", None)
