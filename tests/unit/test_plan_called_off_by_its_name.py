"""A plan called off by what it is, not by a place: "The dentist appointment is cancelled", "I cancelled the
dentist appointment", 看牙医的预约取消了 left the plan current (and "I cancelled ..." stored ``event = cancelled the
dentist appointment``). The cancellation withdraws the one current plan it names: a word of the plan's own shared
(dentist, 牙医, 家长会), or its kind alone when exactly one plan of that kind is current ("the meeting"). A maybe,
an if, another person's plan, another plan of the same kind, an order or a subscription withdraw no plan."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory

_AT = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


def _facts(path: Path, *messages: str) -> set[tuple[str, str, str]]:
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for i, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(hours=i))
        return {(f.status, f.key, f.value) for f in mem.list(kind="fact", status="all", limit=50)}


@pytest.mark.parametrize(("plan", "off"), [
    ("I have a dentist appointment on January 14.", "The dentist appointment is cancelled."),
    ("I have a dentist appointment on January 14.", "I cancelled the dentist appointment."),
    ("I have a dentist appointment on January 14.", "The appointment has been called off."),
    ("I have a team meeting on Friday at 3pm.", "Unfortunately the meeting is cancelled."),
    ("We're having a team dinner on Friday.", "We called off the team dinner."),
    ("I have a job interview next Tuesday.", "The interview isn't happening anymore."),
    ("我12月20号要看牙医", "看牙医的预约取消了"),
    ("我12月20号要看牙医", "我取消了看牙医的预约"),
    ("我12月20号要去开家长会", "家长会取消了"),
    ("我12月20号要去开家长会", "我把家长会推掉了"),
    # called off by a decision, or thrown away (extract.cancelled.decided_off)
    ("I have a dentist appointment on January 14.", "I have decided to call off the dentist appointment."),
    ("I have a job interview next Tuesday.", "I've decided to skip the interview."),
    ("我12月20号要看牙医", "我决定取消看牙医的预约。"),
])
def test_the_plan_named_is_withdrawn(tmp_path: Path, plan: str, off: str) -> None:
    facts = _facts(tmp_path, plan, off)
    assert not [f for f in facts if f[0] == "active"], facts  # no plan left current, no "cancelled ..." stored
    assert [f for f in facts if f[0] == "superseded" and f[1] == "schedule.event"], facts


@pytest.mark.parametrize(("said", "off"), [
    (("I have a dentist appointment on January 14.",), "The haircut appointment is cancelled."),
    (("I have a dentist appointment on January 14.", "I have a haircut appointment on January 15."),
     "The appointment is cancelled."),  # two appointments: which one is unknown
    (("I'm flying to Tokyo on December 20.",), "The flight might be cancelled."),
    (("I have a dentist appointment on January 14.",), "If it's cancelled I'll go to work."),
    (("I have a dentist appointment on January 14.",), "My sister's dentist appointment is cancelled."),
    (("我12月20号要看牙医",), "妈妈的牙医预约取消了"),
    (("我12月20号要看牙医",), "航班可能会取消"),
    (("我12月20号要看牙医",), "航班会取消"),
])
def test_no_plan_of_the_users_named_stays(tmp_path: Path, said: tuple[str, ...], off: str) -> None:
    facts = _facts(tmp_path, *said, off)
    assert not [f for f in facts if f[0] == "superseded"], facts
    assert len([f for f in facts if f[1] == "schedule.event" or f[1] == "travel.plan"]) == len(said), facts


@pytest.mark.parametrize("said", ["I cancelled my newspaper.", "I canceled my cable.", "I cancelled my Netflix."])
def test_a_thing_cancelled_that_is_no_plan_withdraws_no_plan(tmp_path: Path, said: str) -> None:
    facts = _facts(tmp_path, "I have a newspaper and cable meeting with Netflix on January 14.", said)
    assert [f for f in facts if f[0] == "active" and f[1] == "schedule.event"], facts


def test_a_cancelled_subscription_still_ends_the_service_only(tmp_path: Path) -> None:
    facts = _facts(tmp_path, "I subscribe to Netflix.", "I'm seeing the dentist on January 14.",
                   "I cancelled my Netflix subscription.")
    assert ("superseded", "tool.uses", "Netflix") in facts, facts
    assert [f for f in facts if f[0] == "active" and f[1] == "schedule.event"], facts
