"""How the user gets to work is their commute: "I commute by bike", "I bike to work", 我骑车上班 stored nothing,
while "My commute is about 40 minutes by bike" stored ``user.commute``. Now a means said of the routine in the
present is ``user.commute`` (one at a time, so "I take the train to work now" replaces it); one day's ride, a
negation, a question and another person's ride are none of the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str, str]]:
    return {(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "value"), [
    ("I commute by bike.", "by bike"),
    ("I cycle to work", "by bike"),
    ("I usually take the subway to the office.", "by subway"),
    ("I walk to work these days.", "on foot"),
    ("I get to work by bus.", "by bus"),
    ("我骑车上班。", "骑车"),
    ("我每天坐地铁去上班", "坐地铁"),
    ("我现在开车上班了", "开车"),
])
def test_the_means_of_the_routine_is_the_commute(text: str, value: str) -> None:
    assert _read(text) == {("user.commute", value, "")}


@pytest.mark.parametrize("text", [
    "I biked to work today.", "I don't drive to work.", "Do you bike to work?", "我今天骑车上班", "我不开车上班",
    "I take the train to Boston.",
])
def test_one_day_a_negation_or_a_question_is_no_commute(text: str) -> None:
    assert not [f for f in _read(text) if f[0].endswith(".commute")]
