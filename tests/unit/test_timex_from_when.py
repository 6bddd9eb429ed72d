"""The word before a time that says a change holds from then ("starting next month", "from next month", "as of
Monday") belongs to the time: "I'll be working at Stripe from next month" stored ``schedule.event = working at Stripe
from``, "Starting next month I'll be working at Stripe" nothing, and "I'm off from Monday to Friday" ``off from to
Friday``. A planned job is kept as the plan it is (``schedule.event`` from the time named), apart from the employer
now; "from" before a place is no time."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.timex import time_span

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "cut"), [
    ("working at Stripe from next month", "from next month"),
    ("Starting next month I'll be working at Stripe", "Starting next month"),
    ("as of Monday I'm remote", "as of Monday"),
    ("back from Tokyo tomorrow", "tomorrow"),
])
def test_the_word_of_from_when_belongs_to_the_time(text: str, cut: str) -> None:
    span = time_span(text)
    assert span is not None and text[span[0]:span[1]] == cut


@pytest.mark.parametrize("text", ["Starting next month I'll be working at Stripe",
                                  "I'll be working at Stripe from next month",
                                  "From next month I'll be working at Stripe"])
def test_a_job_planned_from_a_time_is_a_plan_from_then(text: str) -> None:
    found = [(c.key, c.value, c.valid_from) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]
    assert found == [("schedule.event", "working at Stripe", datetime(2026, 2, 1, tzinfo=UTC))]


def test_starting_today_is_a_resolve_not_a_date() -> None:
    assert RuleExtractor().extract(text="starting today I'm gonna do my best to stay on track", role="user",
                                   said_at=_AT) == []
