"""Languages the user speaks: how well is said beside the language, and the language alone is the value."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _spoken(text: str) -> list[str]:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    return sorted(c.value for c in found if c.key == "language.spoken")


@pytest.mark.parametrize(("text", "languages"), [
    ("I speak French and a little German.", ["French", "German"]),
    ("I speak some Spanish.", ["Spanish"]),
    ("I can speak basic Japanese and fluent English.", ["English", "Japanese"]),
    ("I speak French fluently.", ["French"]),
    ("我会说法语和一点德语。", ["德语", "法语"]),
    ("我会说一点点日语。", ["日语"]),
])
def test_how_well_a_language_is_spoken_is_not_part_of_its_name(text: str, languages: list[str]) -> None:
    assert _spoken(text) == languages
