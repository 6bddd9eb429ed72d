"""A trip ahead said to a place "instead of" another withdraws the plans to the other place and keeps the new one
(``extract.replacing._trip_changed``, withdrawals as ``extract.cancelled`` makes them)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 1, 5, 12, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


_GONE = [("travel.plan", "Japan", True), ("plan.intent", "Japan", True), ("schedule.event", "Japan", True)]


@pytest.mark.parametrize(("text", "plan"), [
    ("We're going to Korea instead of Japan", "going to Korea"),
    ("We're going to Korea instead of Japan in April", "going to Korea"),
    ("so I'm flying to Seoul instead of Japan", "flying to Seoul"),
])
def test_the_old_trip_is_withdrawn_beside_the_new(text: str, plan: str) -> None:
    assert _read(text) == [*_GONE, ("travel.plan", plan, False)]


def test_the_date_after_the_old_place_is_the_new_trips() -> None:
    [*gone, new] = RuleExtractor().extract(text="I'm flying to Seoul instead of Japan in April", role="user",
                                           said_at=SAID)
    assert [(f.value, f.retracts) for f in gone] == [("Japan", True)] * 3
    assert (new.value, new.valid_from) == ("flying to Seoul", datetime(2026, 4, 1, tzinfo=UTC))


@pytest.mark.parametrize("text", [
    "I went to Paris instead of London", "We're going to Korea instead of waiting",
    "We're going to the beach instead of the mountains", "Are we going to Korea instead of Japan?",
])
def test_no_trip_withdrawn_without_a_trip_ahead_to_a_place(text: str) -> None:
    assert [f for f in _read(text) if f[2]] == []
