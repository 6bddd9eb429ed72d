"""A bare correction in the next message ("Oops, I meant Munich") corrects the user's message just before it, on every
store: an assistant's reply or another user's message between leaves it the previous one, the same user's message
between does not (``Store.user_turns_between``, ``facts.previous``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from conftest import OpenMemory

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def test_the_previous_user_message_is_the_one_corrected(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="nx")
    memory.add("I live in Berlin", created_at=START)
    memory.add("Noted: Berlin.", role="assistant", created_at=START + timedelta(seconds=5))
    memory.add("I live in Oslo", user_id="someone-else", created_at=START + timedelta(seconds=10))
    memory.add("Oops, I meant Munich", created_at=START + timedelta(seconds=20))
    assert [f.value for f in memory.list(key="identity.location")] == ["Munich"]
    assert [f.value for f in memory.list(key="identity.location", user_id="someone-else")] == ["Oslo"]


def test_a_user_message_between_leaves_the_value(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="nx")
    memory.add("I live in Berlin", created_at=START)
    memory.add("What should I cook tonight?", created_at=START + timedelta(seconds=10))
    memory.add("Oops, I meant Munich", created_at=START + timedelta(seconds=20))
    assert [f.value for f in memory.list(key="identity.location")] == ["Berlin"]
    assert not memory.list(key="user.corrects_previous", status="all")


def test_a_name_is_corrected_only_when_the_message_before_names_no_other(open_memory: OpenMemory) -> None:
    # what else the message before named is read back from the store (``Store.episode_text``)
    memory = open_memory(user_id="nx")
    memory.add("My favourite band is Massive Attack", created_at=START)
    memory.add("Sorry, I meant Portishead", created_at=START + timedelta(seconds=20))
    assert [f.value for f in memory.list(key="music.like")] == ["Portishead"]
    other = open_memory(user_id="ny")
    other.add("My favourite band is Radiohead, we saw them with Jake", created_at=START)
    other.add("sorry, I meant Jack", created_at=START + timedelta(seconds=20))
    assert [f.value for f in other.list(key="music.like")] == ["Radiohead"]
