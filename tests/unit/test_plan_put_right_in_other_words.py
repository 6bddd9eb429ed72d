"""A plan put right at another day, the old day named, in words other than the plan's own:
"the appointment is on the 19th, not the 20th" after "I'm seeing the dentist on December 20",
牙医预约是19号，不是20号 after 我12月20号要看牙医, and "Sorry, the 19th, not the 20th" (the day as an
ordinal alone) stored a second plan beside the first or nothing. The one plan on the old day is put
right when the new words name it: a word of its own shared (dentist, 牙医), or the kind of plan alone
(the appointment, 预约); another plan's words ("the dentist" for a flight) put nothing right."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory

_AT = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


def _plans(path: Path, *messages: str) -> set[tuple[str, str, str]]:
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for i, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(days=i))  # the next day: the old day names the plan
        return {(f.status, f.value, f.valid_from.date().isoformat() if f.valid_from else "")
                for f in mem.list(kind="fact", status="all", limit=50)}


@pytest.mark.parametrize(("plan", "fix", "value"), [
    ("I'm seeing the dentist on December 20", "the appointment is on the 19th, not the 20th", "seeing the dentist"),
    ("I'm seeing the dentist on December 20", "Sorry, the 19th, not the 20th", "seeing the dentist"),
    ("I'm seeing the dentist on December 20", "My dentist appointment is on the 19th, not the 20th",
     "dentist appointment"),
    ("我12月20号要看牙医", "牙医预约是19号，不是20号", "牙医预约"),
    ("我12月20号要看牙医", "预约是19号，不是20号", "看牙医"),
    ("我12月20号要去东京", "东京之行是19号，不是20号", "东京之行"),
])
def test_the_plan_on_the_old_day_moves(tmp_path: Path, plan: str, fix: str, value: str) -> None:
    facts = _plans(tmp_path, plan, fix)
    assert [f for f in facts if f[0] == "superseded" and f[2] == "2026-12-20"], facts
    assert [f for f in facts if f[0] == "active"] == [("active", value, "2026-12-19")], facts


@pytest.mark.parametrize(("plan", "fix"), [
    ("I'm flying to Tokyo on December 20", "The dentist is on the 19th, not the 20th"),  # another plan
    ("I'm flying to Tokyo on December 20", "The appointment is on the 19th, not the 20th"),  # no trip
    ("I have a dentist appointment on December 20", "My haircut appointment is on the 19th, not the 20th"),
    ("我12月20号要去东京", "牙医预约是19号，不是20号"),
])
def test_another_plan_leaves_the_old_day_alone(tmp_path: Path, plan: str, fix: str) -> None:
    facts = _plans(tmp_path, plan, fix)
    assert not [f for f in facts if f[0] == "superseded"], facts
    assert [v for s, v, d in facts if (s, d) == ("active", "2026-12-20")], facts  # the plan said first stands
