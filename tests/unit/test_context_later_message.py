"""``context.later``: a message said after a standing fact, about the same thing, that the extractor did not read
is shown beside the fact in the context block, labelled as said later; questions, restated facts, other speakers
and unrelated messages are not."""

from __future__ import annotations

import doctest
from datetime import UTC, datetime, timedelta, timezone

import pytest

from memstrata import Memory
from memstrata.context import later
from memstrata.types import Fact, Scope

SAID = datetime(2026, 11, 2, 9, tzinfo=UTC)


def said(memory: Memory, *messages: str, speaker: str | None = None) -> None:
    """Each message a day after the one before (the order the later rule reads)."""
    for i, text in enumerate(messages):
        memory.add(text, created_at=SAID + timedelta(days=i), speaker=speaker)


def test_doctests() -> None:
    assert doctest.testmod(later).failed == 0


def test_a_later_message_the_extractor_missed_follows_the_profile_fact(memory: Memory) -> None:
    said(memory, "I prefer UPS for delivery", "FedEx from now on pls, UPS keeps losing my stuff")
    assert [f.value for f in memory.list(kind="fact")] == ["UPS"]  # the second message stored nothing
    lines = memory.context("which carrier should we use for the new order?").splitlines()
    ups = next(i for i, line in enumerate(lines) if "prefers UPS" in line)
    assert lines[ups + 1].startswith("- [said later] FedEx from now on pls, UPS keeps losing my stuff")


def test_a_later_message_follows_a_matched_fact_in_chinese(memory: Memory) -> None:
    said(memory, "我住在上海", "上海待腻了，下个月搬去成都")
    lines = memory.context("我住在哪？").splitlines()
    shanghai = next(i for i, line in enumerate(lines) if "我住在上海" in line or "住在上海" in line)
    assert lines[shanghai + 1].startswith("- [后来说的] 上海待腻了，下个月搬去成都")


def test_nothing_is_said_later_of_a_fact_stated_again_after_it(memory: Memory) -> None:
    said(memory, "I prefer UPS for delivery", "FedEx from now on pls, UPS keeps losing my stuff",
         "I prefer UPS for delivery.")
    assert "[said later]" not in memory.context("which carrier should we use for the new order?")


@pytest.mark.parametrize(("text", "speaker"), [
    ("Do you think UPS is any good?", None),  # a question
    ("Honestly UPS keeps losing my stuff", "bob"),  # another speaker of the group, a day after the fact
    ("Put printer paper on the new order too", None),  # another topic, matching the question by its words
])
def test_a_question_another_speaker_or_another_topic_is_not_said_later(memory: Memory, text: str,
                                                                        speaker: str | None) -> None:
    said(memory, "I prefer UPS for delivery")
    memory.add(text, created_at=SAID + timedelta(days=1), speaker=speaker)  # later than the fact: only its shape tells
    block = memory.context("which carrier should we use for the new order?")
    assert "prefers UPS" in block
    assert "[said later]" not in block


def _fact(key: str, value: str, subject: str | None = None) -> Fact:
    """A current preference ``key = value`` stated at ``SAID`` by message 1 (about ``subject``, else the user)."""
    return Fact(id=1, scope=Scope(), kind="preference", key=key, value=value, tag="", confidence=1.0, importance=0.8,
                sensitivity="low", citations=(1,), observed_at=SAID, valid_from=None, valid_to=None, expires_at=None,
                status="active", access_count=0, last_accessed_at=None, created_at=SAID, subject=subject)


@pytest.mark.parametrize(("key", "value", "text"), [
    # what another person said or thinks of the value says nothing of the user's fact
    ("identity.location", "Denver", "My coworker said Denver is too expensive and he is moving to Austin."),
    ("identity.location", "Denver", "Tom thinks Denver is boring."),
    ("shipping.carrier", "UPS", "My friend keeps telling me UPS is the worst."),
    ("identity.location", "上海", "他说上海太贵了，要搬去成都"),
    ("identity.location", "北京", "我朋友说北京太堵了"),
    ("identity.location", "北京", "小王觉得北京太堵了"),
])
def test_what_another_person_said_of_the_value_names_nothing(key: str, value: str, text: str) -> None:
    assert not later.names(_fact(key, value), text)


@pytest.mark.parametrize(("key", "value", "subject", "text"), [
    # the user's own words, and the words of the person the fact is about, still name it
    ("identity.location", "Denver", None, "I said Denver was fine, but I'm moving to Austin."),
    ("identity.location", "上海", None, "我说过上海太贵了，下个月搬去成都"),
    ("identity.location", "Boston", "mom", "My mom said she is leaving Boston next month."),
    ("identity.location", "上海", "mom", "我妈妈说上海太贵了，想搬去成都"),
])
def test_the_users_or_the_facts_persons_words_still_name_it(key: str, value: str, subject: str | None,
                                                             text: str) -> None:
    assert later.names(_fact(key, value, subject), text)


def test_another_persons_words_are_not_said_later_in_a_block(memory: Memory) -> None:
    said(memory, "我住在上海", "他说上海太贵了，要搬去成都")
    assert "[后来说的]" not in memory.context("我住在哪？")


@pytest.mark.parametrize(("value", "text"), [
    # said of another person (a relative, he / she): nothing of the user's own fact
    ("Denver", "My brother is leaving Denver for Austin."),
    ("Denver", "He lives in Denver too but he's moving to Austin next month."),
    ("上海", "他也住在上海，不过下个月要搬去成都"),
    ("上海", "我哥要离开上海去成都"),
])
def test_what_is_said_of_another_person_names_nothing_of_the_users_fact(value: str, text: str) -> None:
    assert not later.names(_fact("identity.location", value), text)


@pytest.mark.parametrize(("key", "value", "subject", "text"), [
    ("identity.location", "Boston", "mom", "She is leaving Boston next month."),  # the fact's person
    ("identity.location", "Boston", "mom", "My mom is leaving Boston next month."),
    ("identity.location", "Denver", None, "Denver is too expensive, moving to Austin next month."),  # the value
    ("shipping.carrier", "UPS", None, "FedEx is way better than UPS, switch us."),  # a thing, not a person
])
def test_what_is_said_of_the_facts_person_or_of_a_thing_still_names_it(key: str, value: str, subject: str | None,
                                                                       text: str) -> None:
    assert later.names(_fact(key, value, subject), text)


def test_a_relatives_move_is_not_said_later_of_the_users_home(memory: Memory) -> None:
    said(memory, "I live in Denver", "My brother is leaving Denver for Austin")
    assert "[said later]" not in memory.context("where do I live?")


@pytest.mark.parametrize(("key", "value", "text"), [
    # a sentence that names the value (or the key's word) in passing says nothing of the user's fact
    ("shipping.carrier", "FedEx", "UPS called me about the FedEx package"),
    ("shipping.carrier", "FedEx", "The FedEx guy was super friendly today."),
    ("shipping.carrier", "UPS", "The carrier called about my order."),
    ("identity.location", "Denver", "I ran into an old friend from Denver at the airport."),
    ("identity.location", "上海", "上海的朋友来看我了"),
    ("shipping.carrier", "顺丰", "今天收到了顺丰的快递"),
])
def test_a_value_named_in_passing_names_nothing(key: str, value: str, text: str) -> None:
    assert not later.names(_fact(key, value), text)


@pytest.mark.parametrize(("key", "value", "text"), [
    # the same value beside a change, an ending or a restatement, in its sentence or the next, still names it
    ("shipping.carrier", "FedEx", "My FedEx package arrived damaged again, switch us to UPS"),
    ("shipping.carrier", "UPS", "UPS lost my stuff again, I'm done with them."),
    ("identity.location", "Denver", "Denver is too expensive. Moving to Austin next month."),
    ("shipping.carrier", "顺丰", "顺丰太慢了，以后换京东"),
    ("identity.location", "上海", "我还是住在上海，没搬"),
])
def test_a_value_named_with_a_change_an_ending_or_a_restatement_still_names_it(key: str, value: str,
                                                                               text: str) -> None:
    assert later.names(_fact(key, value), text)


def test_a_passing_mention_is_not_said_later_in_a_block(memory: Memory) -> None:
    said(memory, "I prefer FedEx for delivery", "UPS called me about the FedEx package")
    block = memory.context("which carrier should we use for the new order?")
    assert "prefers FedEx" in block and "[said later]" not in block


def test_the_context_block_dates_a_memory_on_the_day_its_speaker_said_it(memory: Memory) -> None:
    # 07:30 on a Tuesday in +08:00 is 23:30 on the Monday before in UTC: "what did I say on Tuesday?"
    tuesday = datetime(2026, 12, 8, 7, 30, tzinfo=timezone(timedelta(hours=8)))
    memory.add("I'm allergic to peanuts. We booked the Kyoto trip.", created_at=tuesday)
    memory.add("I prefer window seats.", created_at=datetime(2026, 12, 8, 23, 30, tzinfo=UTC))  # no offset: UTC
    block = memory.context("what do you know about me?", budget_tokens=600)
    lines = [line for line in block.splitlines() if line.startswith("- ")]
    assert lines and all("(2026-12-08; episode #" in line for line in lines), block
    peanuts = next(h for h in memory.search("peanuts", limit=5) if h.kind == "fact")
    assert (peanuts.created_at.day, peanuts.said_at.day, peanuts.utc_offset_minutes) == (7, 8, 480)
