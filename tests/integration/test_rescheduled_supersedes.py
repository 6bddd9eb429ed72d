"""A scheduled event moved to another day supersedes it at its old day: after "I have a dentist appointment on
Tuesday", "We moved the dentist appointment to Thursday" left the Tuesday one the only one (the same value said again
was a restatement). Through the public SDK on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

from memstrata import Memory
from memstrata.config import Settings

_SUNDAY = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _days(mem: Memory, status: str) -> list[date]:
    return sorted(f.valid_from.date() for f in mem.list(status=status)
                  if f.key == "schedule.event" and f.valid_from is not None)


def test_a_rescheduled_appointment_supersedes_its_old_day(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add("I have a dentist appointment on Tuesday.", created_at=_SUNDAY)
        mem.add("We moved the dentist appointment to Thursday.", created_at=_SUNDAY + timedelta(minutes=5))
        assert _days(mem, "active") == [date(2026, 12, 10)]
        assert _days(mem, "superseded") == [date(2026, 12, 8)]
        mem.add("我的面试是周二。", created_at=_SUNDAY)
        mem.add("面试改到了周五。", created_at=_SUNDAY + timedelta(minutes=5))
        assert _days(mem, "active") == [date(2026, 12, 10), date(2026, 12, 11)]
