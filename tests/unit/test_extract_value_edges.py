"""How a value is cut from what follows it: a list item with a verb of its own, an aside after a spaced dash.

我喜欢听古典音乐、看文艺电影 (a MemoryBank-zh turn) stored the films as music, because 听 had made the whole list
music; "I like listening to jazz and watching old films" did the same in English. "I'm learning German now - tough
but fun" (a LoCoMo turn) stored the whole aside as the language learnt.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _pairs(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("text", "films"), [
    ("我喜欢听古典音乐、看文艺电影。", "看文艺电影"),
    ("I like listening to jazz and watching old films.", "watching old films"),
])
def test_an_item_with_its_own_verb_is_not_keyed_by_the_first_items_verb(text: str, films: str) -> None:
    pairs = _pairs(text)
    assert ("music.like", films) not in pairs
    assert [v for _, v in pairs if v == films] == [films]
    assert pairs[0][0] == "music.like"


@pytest.mark.parametrize(("text", "expected"), [
    ("I love eating sushi and ramen.", [("food.like", "sushi"), ("food.like", "ramen")]),
    ("我喜欢吃火锅和烧烤。", [("food.like", "火锅"), ("food.like", "烧烤")]),
    ("我喜欢听摇滚和爵士。", [("music.like", "摇滚"), ("music.like", "爵士")]),
])
def test_items_without_a_verb_of_their_own_keep_the_lists_verb(text: str, expected: list[tuple[str, str]]) -> None:
    assert _pairs(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm learning German now - tough but fun.", [("activity.learning", "German")]),
    ("I love Spider-Man.", [("preference.like", "Spider-Man")]),
])
def test_a_spaced_dash_opens_an_aside_that_is_no_part_of_the_value(text: str, expected: list[tuple[str, str]]) -> None:
    assert _pairs(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a spaced dash before the speaker opens a clause of its own
    ("Lately, I've been doing great - I won a really big video game tournament last week!",
     [("event", "won a really big video game tournament")]),
    ("Yesterday, I tackled something new - I gave a presentation in class.",
     [("event", "tackled something new"), ("event", "gave a presentation in class")]),
    # the words after a dash that do not open with the speaker stay with the clause
    ("Got some great news - the gf and I are hitting the beach next month with Toby!",
     [("schedule.event", "hitting the beach with Toby")]),
    # how one is doing is no happening; a verb with only a person pointed at names none
    ("I've been doing really well this week.", []),
    ("I got her last year, she's a great pet.", []),
])
def test_clauses_after_a_dash_and_what_is_no_event(text: str, expected: list[tuple[str, str]]) -> None:
    assert _pairs(text) == expected


@pytest.mark.parametrize(("text", "learnt"), [
    ("My parents just started learning coding from me.", "coding"),
    ("I started learning Spanish with my tutor.", "Spanish"),
    ("I'm learning to cook with Thai ingredients.", "cook with Thai ingredients"),
])
def test_who_teaches_is_no_part_of_what_is_learnt(text: str, learnt: str) -> None:
    assert [v for k, v in _pairs(text) if k == "activity.learning"] == [learnt]


@pytest.mark.parametrize(("text", "expected"), [
    ("I enjoy watching birds.", [("preference.like", "watching birds")]),  # was media.like = birds
    ("I love watching the sunset.", [("preference.like", "watching the sunset")]),
    ("I love watching movies.", [("media.like", "movies")]),
    ("I like watching Friends.", [("media.like", "Friends")]),
    ("I enjoy watching horror films.", [("media.like", "horror films")]),
])
def test_watching_names_media_only_for_a_show_a_film_a_game_or_a_title(
        text: str, expected: list[tuple[str, str]]) -> None:
    assert _pairs(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # 是X的 classifies (of Hunan): the particle is no part of the place; "originally" says when, not where
    ("我老家是湖南的。", [("identity.hometown", "湖南")]),
    ("我家乡在湖南那边。", [("identity.hometown", "湖南")]),
    ("我老家是湖南长沙的。", [("identity.hometown", "湖南长沙")]),
    ("I'm from Hunan originally.", [("identity.hometown", "Hunan")]),
    ("I'm from Hunan, originally.", [("identity.hometown", "Hunan")]),
    ("I'm originally from Hunan.", [("identity.hometown", "Hunan")]),
])
def test_a_trailing_particle_or_adverb_is_no_part_of_a_hometown(text: str, expected: list[tuple[str, str]]) -> None:
    assert _pairs(text) == expected
