"""A standing medicine said with its dose is the medicine: 我每天早上吃一片降压药, 我每天吃两粒降糖药, "I take one pill
of lisinopril every morning" and "I take 20 mg of simvastatin every night" store ``health.medication`` = 降压药 /
降糖药 / lisinopril / simvastatin (before: 一片降压药, 两粒降糖药, and in English only a habit); and one dose taken
(我吃了感冒药, 我吃过退烧药, which stored 了感冒药, 过退烧药) is no standing medicine."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _medicines(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if c.key == "health.medication"]


@pytest.mark.parametrize(("text", "medicine"), [
    ("我每天早上吃一片降压药", "降压药"),
    ("我每天吃两粒降糖药", "降糖药"),
    ("I take one pill of lisinopril every morning", "lisinopril"),
    ("I take 20 mg of simvastatin every night", "simvastatin"),
    ("I take two tablets of metformin every day", "metformin"),
])
def test_a_dose_is_no_part_of_the_medicine(text: str, medicine: str) -> None:
    assert _medicines(text) == [medicine]


@pytest.mark.parametrize("text", ["我吃了感冒药", "我吃过退烧药", "我吃了一片药"])
def test_one_dose_taken_is_no_standing_medicine(text: str) -> None:
    assert _medicines(text) == []
