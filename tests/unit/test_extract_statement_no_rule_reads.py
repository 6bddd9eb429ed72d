"""A durable statement no topic rule reads is kept in the speaker's own words (``extract.general``), and only then:
passing states, questions, hypotheticals, thoughts and other people's words stay unread."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.embed.base import EmbeddingCache
from memstrata.extract.clauses import CONF_GENERAL, CONF_ZERO_SHOT
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)


def _read(text: str, *, general: bool = True) -> list[tuple[str, str, str, str]]:
    return [(c.key, c.value, c.statement, c.subject)
            for c in RuleExtractor(general=general).extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "statement"), [
    ("I grow chillies on my balcony.", "grows chillies on their balcony"),
    ("Honestly, I mostly repair my own shoes.", "repairs their own shoes"),
    ("I'm a beekeeper, not a farmer.", "is a beekeeper"),
    ("I've always been someone who plans every trip to the minute.", "has always been someone who plans"),
    ("I keep bees in the back garden and I sell the honey at the market.", "sells the honey at the market"),
])
def test_a_users_standing_statement_is_kept_in_their_words(text: str, statement: str) -> None:
    found = [r for r in _read(text) if r[0] == "fact.general"]
    assert any(statement in r[2] and r[3] == "" for r in found), found


def test_a_relatives_habit_is_theirs_never_the_users() -> None:
    found = _read("My grandfather repairs old radios.")
    assert ("fact.general", "repairs old radios", "repairs old radios", "grandpa") in found or any(
        r[0] == "fact.general" and r[3] and "radios" in r[1] for r in found), found
    assert not any(r[3] == "" for r in found)


@pytest.mark.parametrize(("text", "subject", "value"), [
    ("我平时骑电动车送孩子上学。", "", "骑电动车送孩子上学"),
    ("我主要看科幻小说和历史书。", "", "看科幻小说和历史书"),
    ("我姐姐平时在家做烘焙。", "older sister", "在家做烘焙"),
])
def test_a_chinese_standing_statement_is_kept(text: str, subject: str, value: str) -> None:
    assert any(r[0] == "fact.general" and r[3] == subject and value in r[1] for r in _read(text)), _read(text)


@pytest.mark.parametrize("text", [
    "I think the second option is better.",          # an opinion of the moment
    "I cooked a curry for my neighbours.",           # a past event
    "I'm a bit tired of all this.",                  # a passing state
    "Do I need a visa for Peru?",                    # a question
    "If I move to Leeds, I'd buy a bike.",           # a hypothetical
    "I grab a coffee before the meeting today.",     # the time of the moment
    "I use it every day.",                           # an object that names nothing
    "He plays chess on Sundays.",                    # whose "he" is, the sentence does not say
    "You play the cello, right?",                    # the listener's
    "Maria said she teaches piano.",                 # another's words
    "I require the full list by Friday.",            # a request of the conversation
    "Lately, I burn the rice a lot.",                # a time of the moment said before the clause
    "我今天去超市买菜。",                                 # the time of the moment
    "我平时想多运动。",                                   # a wish
    "我的上司非常苛刻。",                                 # an opinion, as often as a trait
    "assistant: I teach piano on weekends.",         # a pasted line of the assistant's
    "Tom: I restore vintage motorbikes.",            # a pasted line of someone else's
    "我经常很累。",                                       # how one often feels, no doing
])
def test_no_standing_statement_reads_nothing(text: str) -> None:
    assert not any(r[0] == "fact.general" for r in _read(text)), _read(text)


def test_what_a_rule_reads_is_not_read_again() -> None:
    found = _read("My wife works at a bakery in Leeds.")
    assert found and not any(r[0] == "fact.general" for r in found), found


def test_the_reader_is_off_unless_asked_for_and_below_every_rule() -> None:
    assert not _read("I grow chillies on my balcony.", general=False)
    said = RuleExtractor(general=True).extract(text="I grow chillies on my balcony.", role="user", said_at=_AT)
    assert said[0].confidence == CONF_GENERAL < CONF_ZERO_SHOT


def test_two_standing_statements_are_both_kept(tmp_path: Path, embedder: EmbeddingCache) -> None:
    with Memory(tmp_path / "m.db", embedder=embedder, extractor=RuleExtractor(general=True), user_id="u1") as mem:
        mem.add("I grow chillies on my balcony.")
        mem.add("I'm a beekeeper, not a farmer.")
        active = {f.value for f in mem.list(kind="fact", limit=50) if f.key == "fact.general"}
    assert {"grow chillies on their balcony", "a beekeeper"} <= active, active
