"""A correction in the next message that names only the new value supersedes the previous message's value of its kind.

"I live in Berlin" then "Oops, I meant Munich", 我在南京工作 then 说错了，是在南通, 我的生日是三月五号 then
打错了，是三月十五号: the second message named no attribute, so nothing read it and the first value stayed current.
Now it takes the key of the one fact of the same kind (a place, a time, a number, a name with the same first word)
that the user's message just before stated (``facts.previous``); with none, several, another user message between,
or a pause longer than ``facts.previous.WINDOW``, nothing changes and nothing is stored."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract import corrected_later
from memstrata.facts.previous import WINDOW

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _stored(tmp_path: Path, *messages: str | tuple[str, str] | tuple[str, str, timedelta],
            ) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(active, superseded) (key, value) pairs after ``messages`` are added in order to one memory, a minute apart
    (a message may be ``(text, role)`` or ``(text, role, delay after the one before)``)."""
    at = _AT
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for message in messages:
            text, role, gap = (message, "user", timedelta(minutes=1)) if isinstance(message, str) else (
                (*message, timedelta(minutes=1)) if len(message) == 2 else message)
            at += gap
            mem.add(text, role=role, created_at=at)
        facts = mem.list(kind="fact", status="all", limit=100)
    return ({(f.key, f.value) for f in facts if f.status == "active"},
            {(f.key, f.value) for f in facts if f.status == "superseded"})


@pytest.mark.parametrize(("first", "fix", "key", "old", "new"), [
    ("I live in Berlin", "Oops, I meant Munich", "identity.location", "Berlin", "Munich"),
    ("I live in Berlin", "sorry, I meant Munich", "identity.location", "Berlin", "Munich"),
    ("I live in Berlin", "I mean Munich.", "identity.location", "Berlin", "Munich"),
    ("My birthday is March 5", "my bad, I meant March 15", "identity.birthday", "March 5", "March 15"),
    ("我在南京工作", "说错了，是在南通", "user.workplace_location", "南京", "南通"),
    ("我目前住在上海", "那个，我刚才打错了，是在苏州", "identity.location", "上海", "苏州"),
    ("我家在朝阳区", "我是说海淀区", "identity.location", "朝阳区", "海淀区"),
    ("我的生日是三月五号", "打错了，是三月十五号", "identity.birthday", "三月五号", "三月十五号"),
    ("我用的是iPhone 13", "应该是iPhone 14", "tool.phone", "iPhone 13", "iPhone 14"),
])
def test_a_bare_correction_supersedes_the_previous_value_of_its_kind(tmp_path: Path, first: str, fix: str, key: str,
                                                                     old: str, new: str) -> None:
    active, superseded = _stored(tmp_path, first, fix)
    assert (key, new) in active and (key, old) in superseded, (active, superseded)
    assert not any(k == corrected_later.KEY for k, _ in active | superseded)


def test_an_assistant_reply_between_is_no_other_message(tmp_path: Path) -> None:
    active, superseded = _stored(tmp_path, "I live in Berlin", ("Noted, you live in Berlin.", "assistant"),
                                 "Oops, I meant Munich")
    assert ("identity.location", "Munich") in active and ("identity.location", "Berlin") in superseded


@pytest.mark.parametrize("messages", [
    # another user message between: the correction may speak of it (Paris), not of the home
    ("I live in Berlin", "What's the weather like in Paris today?", "Oops, I meant Munich"),
    ("我住在南京", "今天天气怎么样？", "说错了，是在南通"),
    # a pause longer than the window: no slip corrected at once
    ("I live in Berlin", ("Oops, I meant Munich", "user", WINDOW + timedelta(minutes=5))),
    # no value of the kind said before, or two of them
    ("I like green tea", "Oops, I meant Munich"),
    # a time said after "at" is no place (it replaced the home: identity.location = 5pm)
    ("I live in Berlin", "Oops, I meant at 5pm"),
    ("我住在南京。我老家在苏州。", "说错了，是在南通"),
    # a reply word alone may answer the assistant; a hedge or a clause names no value
    ("I live in Berlin", "No, Munich"),
    ("我住在南京", "不对吧？"),
    ("I live in Berlin", "Sorry, I meant to ask about Munich"),
    ("我住在南京", "我是说我不想去"),
    ("我住在南京", "应该是吧"),
    ("我住在南京", "我的意思是再等等"),
    # another person's fact is not the user's
    ("My brother lives in Berlin", "Oops, I meant Munich"),
])
def test_a_bare_correction_with_nothing_sure_to_correct_changes_nothing(
        tmp_path: Path, messages: tuple[str | tuple[str, str, timedelta], ...]) -> None:
    active, superseded = _stored(tmp_path, *messages)
    assert not superseded, superseded
    assert not {v for _, v in active} & {"Munich", "南通"}, active


@pytest.mark.parametrize(("first", "fix", "key", "old", "new"), [
    # a colour for a colour, an English name for a name: the previous message names no other of its shape
    ("My favourite band is Massive Attack", "Sorry, I meant Portishead", "music.like", "Massive Attack", "Portishead"),
    ("My favorite singer is Adele", "no wait, I meant Sia", "music.like", "Adele", "Sia"),
    ("My favourite colour is green", "my bad, blue", "preference.like", "green", "blue"),
    ("My favorite color is red", "Oops, I meant dark green", "preference.like", "red", "dark green"),
    ("我最喜欢的颜色是蓝色", "说错了，是绿色", "preference.like", "蓝色", "绿色"),
    ("我最喜欢的颜色是紫色", "不好意思，打错了，应该是粉色", "preference.like", "紫色", "粉色"),
])
def test_a_bare_correction_of_a_colour_or_a_name_supersedes_it(tmp_path: Path, first: str, fix: str, key: str,
                                                               old: str, new: str) -> None:
    active, superseded = _stored(tmp_path, first, fix)
    assert (key, new) in active and (key, old) in superseded, (active, superseded)


@pytest.mark.parametrize(("messages", "kept"), [
    # the message before named another person: "Jack" may correct Jake, who is no fact
    (("My favourite band is Radiohead, we saw them with Jake", "sorry, I meant Jack"), "Radiohead"),
    # two colours said before: which one the correction speaks of is not known
    (("My favourite colour is blue, but my car is red", "oops, I meant green"), "blue"),
    (("我最喜欢的颜色是蓝色，我的车是红色的", "说错了，是绿色"), "蓝色"),
    # a time, a place or a phrase is no name and no colour
    (("My favorite singer is Adele", "Oops, I meant Tuesday"), "Adele"),
    (("My favourite colour is green", "Oops, I meant Munich"), "green"),
    (("My favourite band is Massive Attack", "oops, I meant blue"), "Massive Attack"),
])
def test_a_colour_or_a_name_not_sure_to_be_corrected_stays(tmp_path: Path, messages: tuple[str, str],
                                                           kept: str) -> None:
    active, superseded = _stored(tmp_path, *messages)
    assert not superseded and kept in {v for _, v in active}, (active, superseded)


def test_the_shape_of_a_colour_and_of_a_name() -> None:
    assert corrected_later.one_shape("green", "blue", "My favourite colour is green")
    assert corrected_later.one_shape("Massive Attack", "Portishead", "My favourite band is Massive Attack")
    assert not corrected_later.one_shape("green", "Portishead", "My favourite colour is green")
    assert not corrected_later.one_shape("Massive Attack", "Massive Attack", "My favourite band is Massive Attack")
    assert not corrected_later.one_shape("green tea", "Munich", "I like green tea")
    assert not corrected_later.colour("蓝") and corrected_later.colour("深蓝色")


@pytest.mark.parametrize(("first", "then", "old", "new"), [
    ("I live in Boston", "no wait, Cambridge", "Boston", "Cambridge"),
    ("I live in Boston", "wait, no: Cambridge", "Boston", "Cambridge"),
    ("My favourite colour is green", "no wait, blue", "green", "blue"),
])
def test_no_wait_corrects_the_value_said_before(tmp_path: Path, first: str, then: str, old: str, new: str) -> None:
    # "no wait, Cambridge" stored nothing: only "oops", "my bad", "typo", "I meant" said that the speaker misspoke
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(first, created_at=datetime(2026, 12, 7, 9, 0, tzinfo=UTC))
        mem.add(then, created_at=datetime(2026, 12, 7, 9, 1, tzinfo=UTC))
        facts = {(f.value, f.status) for f in mem.list(kind="fact", status="all", limit=50)}
    assert (new, "active") in facts and (old, "superseded") in facts, facts


@pytest.mark.parametrize("then", ["no wait, that's great", "No wait, I'm busy"])
def test_no_wait_before_no_value_corrects_nothing(tmp_path: Path, then: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("I live in Boston", created_at=datetime(2026, 12, 7, 9, 0, tzinfo=UTC))
        mem.add(then, created_at=datetime(2026, 12, 7, 9, 1, tzinfo=UTC))
        assert [f.value for f in mem.list(kind="fact", limit=50) if f.key == "identity.location"] == ["Boston"]
