"""A plan called off by another form of one of its words is the plan meant.

"The design meeting is cancelled." after "I have a meeting with the designers on Friday." withdrew nothing: the plan's
own words were compared as written (design / designers). They are compared by their stems now; words of a plan's
kind in any form ("meetings", "trips") still name no plan of their own.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from memstrata import Memory

SAID = datetime.fromisoformat("2026-12-01T09:00:00+08:00")
LATER = datetime.fromisoformat("2026-12-02T09:00:00+08:00")


@pytest.mark.parametrize(("plan", "called_off", "withdrawn"), [
    ("I have a meeting with the designers on Friday.", "The design meeting is cancelled.", True),
    ("I'm going hiking with Sam on the 20th.", "The hiking trip is cancelled.", True),
    ("I have a meeting with the designers on Friday.", "The budget meetings are cancelled.", False),
])
def test_a_plan_called_off_by_another_form_of_its_word(tmp_path: Path, plan: str, called_off: str,
                                                        withdrawn: bool) -> None:
    with Memory(tmp_path / "m.db", user_id="k", embedder=None) as memory:
        memory.add(plan, created_at=SAID)
        memory.add(called_off, created_at=LATER)
        active = [f.value for f in memory.list() if f.key == "schedule.event"]
    assert (active == []) is withdrawn, active
