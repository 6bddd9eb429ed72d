"""What someone runs, and a shift said with where it is worked, are read: "My uncle runs a bakery in Porto" stored
nothing ("I run a bakery" was read, "runs" was no verb of someone's statement), nor did "I work nights at the hospital"
and "Carla, my roommate, works nights at the hospital" (a place after the shift)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject or "") for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "facts"), [
    ("My uncle runs a bakery in Porto", [("work.business", "bakery", "uncle")]),
    # where the shifts are worked is the workplace too, as "I work at the hospital" says it
    ("I work nights at the hospital", [("user.work_arrangement", "night shift", ""),
                                       ("identity.employer", "hospital", "")]),
    ("I'm on the night shift at a care home", [("user.work_arrangement", "night shift", ""),
                                               ("identity.employer", "care home", "")]),
    ("Carla, my roommate, works nights at the hospital", [("carla.work_arrangement", "night shift", "Carla"),
                                                          ("identity.employer", "hospital", "Carla")]),
])
def test_read(text: str, facts: list[tuple[str, str, str]]) -> None:
    assert _read(text) == facts


@pytest.mark.parametrize("text", ["My brother runs late a lot", "My nose runs all the time"])
def test_none(text: str) -> None:
    assert _read(text) == []


def test_running_somewhere_is_no_business() -> None:
    assert _read("My sister runs in the park") == []
