"""A correction of one value of a many-valued key reaches that value only, never the key's other values.

"I have a dentist appointment on December 20 at 3pm", "I have a meeting with my manager next Friday", then "actually
no, it's next Thursday, not Friday" superseded the meeting and the dentist appointment too: the meeting's successor
has the meeting's value, so the dentist appointment looked like the key's one other value, which a correction naming
no old value takes the place of. A correction that found what it corrects (the plan of the message before, put right)
takes the place of that one fact; another plan under the same key stays.
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
