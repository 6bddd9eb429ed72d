"""A correction of one value of a many-valued key reaches that value only, never the key's other values.

"I have a dentist appointment on December 20 at 3pm", "I have a meeting with my manager next Friday", then "actually
no, it's next Thursday, not Friday" superseded the meeting and the dentist appointment too: the meeting's successor
has the meeting's value, so the dentist appointment looked like the key's one other value, which a correction naming
no old value takes the place of. A correction that found what it corrects (the plan of the message before, put right)
takes the place of that one fact; another plan under the same key stays. A correction naming the old day ("the 19th,
not the 20th") puts right the one plan to come on that day, wherever it was said, or none.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory

_AT = datetime(2026, 12, 2, 8, 0, tzinfo=UTC)


def _events(path: Path, *messages: str) -> tuple[list[str], list[str]]:
    """(active, superseded) values of ``schedule.event`` after ``messages``, a minute apart, in one memory."""
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for i, text in enumerate(messages):
            mem.add(text, role="user", created_at=_AT + timedelta(minutes=i))
        facts = [f for f in mem.list(kind="fact", status="all", limit=100) if f.key == "schedule.event"]
    return (sorted(f.value for f in facts if f.status == "active"),
            sorted(f.value for f in facts if f.status == "superseded"))


@pytest.mark.parametrize(("other", "plan", "fix", "value"), [
    ("I have a dentist appointment on December 20 at 3pm", "I have a meeting with my manager next Friday",
     "actually no, it's next Thursday, not Friday", "meeting with their manager"),
    ("I have a dentist appointment on December 20 at 3pm", "I have a meeting with my manager next Friday",
     "sorry, I meant Thursday", "meeting with their manager"),
    ("I'm seeing my physio on Monday", "I have a meeting with my manager next Friday",
     "oops, next Thursday", "meeting with their manager"),
    ("我12月20号下午3点要看牙医", "下周五我和经理有个会议", "不对，是下周四，不是周五", "和经理有个会议"),
    ("我12月20号下午3点要看牙医", "下周五我和经理有个会议", "说错了，是下周四", "和经理有个会议"),
    ("我下周三要去医院复查", "我周五要去银行办事", "口误，是周四", "去银行办事"),
])
def test_a_plan_put_right_leaves_the_other_plan(tmp_path: Path, other: str, plan: str, fix: str, value: str) -> None:
    active, superseded = _events(tmp_path, other, plan, fix)
    assert superseded == [value], superseded  # the plan put right only
    assert len(active) == 2 and value in active, active  # the other plan stays beside the plan at its new day


def test_a_correction_of_the_only_plan_still_supersedes_it(tmp_path: Path) -> None:
    active, superseded = _events(tmp_path, "I have a meeting with my manager next Friday", "sorry, I meant Thursday")
    assert (active, superseded) == (["meeting with their manager"], ["meeting with their manager"])


_DENTIST = "I have a dentist appointment on December 20 at 3pm"


def _dated(path: Path, *messages: tuple[str, timedelta]) -> tuple[set[tuple[str, int]], set[tuple[str, int]]]:
    """(active, superseded) (value, day of month) of ``schedule.event``, each message ``delta`` after ``_AT``."""
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for text, delta in messages:
            mem.add(text, role="user", created_at=_AT + delta)
        facts = [f for f in mem.list(kind="fact", status="all", limit=100) if f.key == "schedule.event"]
    return ({(f.value, f.valid_from.day) for f in facts if f.status == "active" and f.valid_from},
            {(f.value, f.valid_from.day) for f in facts if f.status == "superseded" and f.valid_from})


@pytest.mark.parametrize(("plan", "other", "fix", "value", "gap"), [
    (_DENTIST, "I have a meeting with my manager next Friday", "actually no, it's the 19th, not the 20th",
     "dentist appointment at 3pm", timedelta(minutes=5)),
    (_DENTIST, "", "sorry, I meant the 19th, not the 20th", "dentist appointment at 3pm", timedelta(days=3)),
    ("我12月20号下午3点要看牙医", "下周五我和经理有个会议", "不对，是19号，不是20号", "下午3点看牙医",
     timedelta(minutes=5)),
])
def test_the_old_day_named_puts_right_the_plan_on_it(tmp_path: Path, plan: str, other: str, fix: str, value: str,
                                                     gap: timedelta) -> None:
    said = [(plan, timedelta(hours=-20)), *([(other, timedelta(0))] if other else []), (fix, gap)]
    active, superseded = _dated(tmp_path, *said)
    assert superseded == {(value, 20)}, superseded
    assert (value, 19) in active and len(active) == len(said) - 1, active  # the other plan stays as it was


@pytest.mark.parametrize(("said", "fix"), [
    ((_DENTIST, "I have a meeting with my manager next Friday"), "actually no, it's the 19th, not the 21st"),
    ((_DENTIST, "I have a team dinner on December 20"), "sorry, I meant the 19th, not the 20th"),  # two plans that day
])
def test_a_day_named_of_no_single_plan_to_come_moves_none(tmp_path: Path, said: tuple[str, ...], fix: str) -> None:
    active, superseded = _dated(tmp_path, *((text, timedelta(hours=i - 20)) for i, text in enumerate(said)),
                                (fix, timedelta(minutes=5)))
    assert superseded == set() and len(active) == len(said), (active, superseded)
