"""A like said the way chat says it is read as the plain like. English: degree words and slang before "into" /
"obsessed with" / "a fan of" ("I'm sooo into pottery", "lowkey obsessed with matcha rn", "such a sucker for
thrillers") are one vocabulary with "really"; a taste said as the kind of person one is ("I'm more of a coffee
person", "not much of a beer person"); a favourite said with a time word, as new, or with no "my" ("my fav band rn
is Alvvays", "new fav band: Wet Leg"). Chinese: the topic said first (甜食我不太爱吃, 运动方面我比较喜欢游泳,
看电影我更喜欢科幻片, 比起奶茶我更喜欢喝果汁), an interest negated (我对爵士乐不感冒, which stored
``music.like = 爵士乐不`` when said 不感兴趣), a like said as what one is (我是咖啡控, 我是猫派). Before, each stored
nothing or a generic like (the favourite); another person's taste and questions stay none of the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return sorted((c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
                  if not c.subject and not c.retracts)


@pytest.mark.parametrize(("text", "fact"), [
    ("I'm sooo into pottery these days", ("preference.like", "pottery")),
    ("I'm lowkey obsessed with matcha rn", ("preference.like", "matcha")),
    ("I'm totally into true crime podcasts", ("preference.like", "true crime podcasts")),
    ("I'm such a sucker for psychological thrillers", ("preference.like", "psychological thrillers")),
    ("I'm super into climbing", ("sport.like", "climbing")),
    ("I'm more of a coffee person", ("drink.like", "coffee")),
    ("i'm definitely a dog person", ("preference.like", "dogs")),
    ("I'm not much of a beer person", ("preference.dislike", "beer")),
])
def test_degree_words_and_the_kind_of_person_say_a_like(text: str, fact: tuple[str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize(("text", "fact"), [
    ("My favorite kind of music is jazz.", ("music.like", "jazz")),
    ("Thai is my favourite type of food.", ("food.like", "Thai")),
    ("My favorite genre of film is horror", ("media.like", "horror")),
])
def test_a_favourite_kind_of_a_thing_is_keyed_by_the_thing(text: str, fact: tuple[str, str]) -> None:
    """"kind of music", "type of food", "genre of film": the kind is of music, food, film, whose key it takes; these
    were generic likes (``preference.like``), never superseding "My favorite music is jazz"."""
    assert _read(text) == [fact]


@pytest.mark.parametrize(("text", "fact"), [
    ("fav band rn is Alvvays", ("music.like", "Alvvays")),
    ("My favorite band right now is Muse", ("music.like", "Muse")),
    ("ok new fav band: Wet Leg", ("music.like", "Wet Leg")),
    ("my fav show rn is severance", ("media.like", "severance")),
    ("fav drink is a flat white", ("drink.like", "flat white")),
])
def test_a_favourite_said_with_a_time_word_or_as_new_is_keyed_by_its_noun(text: str, fact: tuple[str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize(("text", "fact"), [
    ("甜食我不太爱吃", ("food.dislike", "甜食")),
    ("运动方面我比较喜欢游泳", ("sport.like", "游泳")),
    ("看电影我更喜欢科幻片", ("media.like", "科幻片")),
    ("比起奶茶我更喜欢喝果汁", ("drink.like", "果汁")),
    ("喝茶的话我偏爱乌龙", ("drink.like", "乌龙")),
    ("坐高铁我喜欢靠过道", ("travel.seat", "靠过道")),
    ("数学我最讨厌了", ("preference.dislike", "数学")),
    ("我对爵士乐不感冒", ("preference.dislike", "爵士乐")),
    ("我对爵士乐不感兴趣", ("preference.dislike", "爵士乐")),
    ("我是咖啡控", ("drink.like", "咖啡")),
    ("我是猫派", ("preference.like", "猫")),
])
def test_a_chinese_like_with_its_topic_first_is_the_plain_like(text: str, fact: tuple[str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", [
    "I'm so into you", "I'm a morning person", "I'm a people person",
    "what's your fav band rn?", "do you like jazz?", "love that idea", "I'd love an aisle seat if there's one",
    "他说我喜欢猫", "累的话我喜欢喝咖啡", "小时候我喜欢画画", "你喜欢吃辣吗？", "我对花粉感冒", "这个主意不错",
])
def test_near_misses_state_no_like_of_the_user(text: str) -> None:
    assert [f for f in _read(text) if f[0] != "identity.chronotype"] == []


@pytest.mark.parametrize(("text", "key"), [
    ("my sister's fav band rn is BTS", "sister"), ("my kids love pizza", "kids"), ("我儿子很喜欢恐龙", "son"),
])
def test_another_persons_taste_is_theirs(text: str, key: str) -> None:
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert found and all(f.subject for f in found)


@pytest.mark.parametrize(("text", "fact"), [
    ("I'm so over pottery now", ("preference.dislike", "pottery")),
    ("I'm over reality tv", ("preference.dislike", "reality tv")),
    ("I've gone off sushi", ("food.dislike", "sushi")),
    ("I'm more into jazz these days", ("music.like", "jazz")),
])
def test_a_like_ended_or_turned_said_as_chat_says_it(text: str, fact: tuple[str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", [
    "I'm over the moon about it", "I'm over 30", "I'm over Tom", "I'm over my ex", "I'm over halfway done",
    "I'm over it", "I'm over there",
])
def test_over_what_is_no_taste_states_nothing(text: str) -> None:
    assert _read(text) == []


def test_a_like_said_over_is_superseded(tmp_path, embedder) -> None:  # type: ignore[no-untyped-def]
    from memstrata import Memory

    with Memory(str(tmp_path / "m.db"), embedder=embedder, user_id="u") as memory:
        memory.add("I'm so into pottery these days")
        memory.add("honestly I'm over pottery now")
        facts = {(f.key, f.value, f.status) for f in memory.list(kind="fact", status="all", limit=50)}
    assert ("preference.like", "pottery", "superseded") in facts
    assert ("preference.dislike", "pottery", "active") in facts


@pytest.mark.parametrize(("text", "fact"), [
    ("lowkey obsessed with matcha rn", ("preference.like", "matcha")),
    ("sooo into pottery these days", ("preference.like", "pottery")),
    ("such a sucker for thrillers", ("preference.like", "thrillers")),
    ("not a huge fan of country music tbh", ("preference.dislike", "country music")),
    ("really not into horror films", ("preference.dislike", "horror films")),
])
def test_the_same_degree_words_are_read_with_the_subject_left_out(text: str, fact: tuple[str, str]) -> None:
    assert _read(text) == [fact]
