"""A plan put right before its day never held: it ends where it began, on every store.

Superseding a fact ends its validity when the new value is said (``FactStore.set_fact_status``).
A plan dated ahead ("a dentist appointment on January 14", valid 14 → 15 January) corrected on
January 2 was given January 2 as its end: history read a span from the 14th that ended on the
2nd, before it started. A fact closed before it began holds for no time: ``valid_to == valid_from``.
"""

from __future__ import annotations

from datetime import UTC, datetime

from conftest import OpenMemory
from memstrata import Memory
from memstrata.recall.ahead import ahead_facts
from memstrata.types import Fact


def day(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def _plans(memory: Memory) -> list[Fact]:
    return [f for f, _ in memory.history(key="schedule.event")]


def _held_at(facts: list[Fact], at: datetime) -> list[datetime | None]:
    """The start days of the plans whose validity holds ``at`` (half-open: from ``valid_from`` until ``valid_to``)."""
    return [f.valid_from for f in facts
            if f.valid_from is not None and f.valid_from <= at and (f.valid_to is None or at < f.valid_to)]


def test_a_plan_corrected_before_its_day_never_held(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="dentist")
    memory.add("I have a dentist appointment on January 14.", created_at=day("2026-01-01T09:00"))
    memory.add("Sorry, I meant January 21, not January 14, for the dentist", created_at=day("2026-01-02T09:00"))
    plans = _plans(memory)
    assert [(f.status, f.valid_from, f.valid_to) for f in plans] == [
        ("superseded", day("2026-01-14"), day("2026-01-14")),  # an empty span, not 14th → 2nd
        ("active", day("2026-01-21"), day("2026-01-22"))]
    assert all(f.valid_to is None or f.valid_from is None or f.valid_to >= f.valid_from for f in plans)
    # the days each plan holds: the 14th never, the 21st its whole day
    assert [_held_at(plans, day(t)) for t in ("2026-01-10", "2026-01-14T12:00", "2026-01-21T12:00", "2026-01-23")] \
        == [[], [], [day("2026-01-21")], []]


def test_what_was_believed_before_the_correction_and_after_it(open_memory: OpenMemory) -> None:
    # as_of is the system's time (a fact's recorded_at / expired_at); the plan it believed before the
    # correction is the 14th, after it the 21st, and the 14th's days meet no window asked about ahead
    memory = open_memory(user_id="believed")
    memory.add("I have a dentist appointment on January 14.", created_at=day("2026-01-01T09:00"))
    memory.add("Sorry, I meant January 21, not January 14, for the dentist", created_at=day("2026-01-02T09:00"))
    old, new = _plans(memory)
    assert old.expired_at is not None

    def current(as_of: datetime) -> list[datetime | None]:
        hits = memory.search("dentist appointment", as_of=as_of, status="all")
        return [h.fact.valid_from for h in hits if h.fact is not None and not h.superseded]

    assert current(old.recorded_at + (old.expired_at - old.recorded_at) / 2) == [day("2026-01-14")]
    assert current(old.expired_at) == [day("2026-01-21")]
    both = ("active", "superseded")
    ahead = [ahead_facts(memory.store, memory._scope(), [(day(a), day(b))], day("2026-01-10"), statuses=both,
                         limit=10) for a, b in (("2026-01-12", "2026-01-19"), ("2026-01-19", "2026-01-26"))]
    assert ahead == [[], [new.id]]
