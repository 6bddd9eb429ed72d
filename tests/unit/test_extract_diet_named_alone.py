"""A diet that is a name of its own, said without "diet", is the diet kept: "I'm on keto now", "I'm doing
intermittent fasting", "I went keto", "I've started paleo" stored nothing while "I'm on a keto diet" and 我现在在吃生酮
stored ``health.diet``. A question, a past and a diet ended are not a diet kept now."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str, bool]]:
    return [(c.key, c.value, c.subject, c.retracts)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if c.key == "health.diet"]


@pytest.mark.parametrize(("text", "value"), [
    ("I'm on keto now, trying to drop a few pounds before summer", "keto"),
    ("I'm doing intermittent fasting", "intermittent fasting"),
    ("I went keto", "keto"),
    ("I've started paleo", "paleo"),
    ("I'm on low-carb these days", "low-carb"),
    ("I'm on a keto diet", "keto"),  # said with "diet", as before
])
def test_a_diet_named_alone_is_the_diet_kept(text: str, value: str) -> None:
    assert _read(text) == [("health.diet", value, "", False)]


@pytest.mark.parametrize("text", ["Should I go keto?", "I was on keto last year", "Is keto healthy?",
                                  "I'm on it now", "I'm doing fasting for Lent"])
def test_a_question_or_a_past_is_no_diet(text: str) -> None:
    assert _read(text) == []


def test_a_diet_named_alone_and_ended_is_withdrawn() -> None:
    assert _read("I'm not on keto anymore") == [("health.diet", "keto", "", True)]


@pytest.mark.parametrize(("text", "value"), [
    # a diet given up by its name: the profile still said "is on a keto diet" after "I quit keto last week"
    ("I quit keto last week.", "keto"),
    ("I stopped keto", "keto"),
    ("I gave up intermittent fasting", "intermittent fasting"),
    ("我不吃生酮了", "生酮"),
    ("我停了轻断食", "轻断食"),
])
def test_a_diet_named_alone_and_given_up_is_withdrawn(text: str, value: str) -> None:
    assert _read(text) == [("health.diet", value, "", True)]
    quits = [c.key for c in RuleExtractor().extract(text=text, role="user", said_at=_AT) if c.key.endswith(".quit")]
    assert quits == []  # a diet ended, no food or drink given up


@pytest.mark.parametrize("text", ["I quit coffee", "I stopped running", "我不喝咖啡了", "I quit my job"])
def test_giving_up_what_is_no_named_diet_ends_no_diet(text: str) -> None:
    assert _read(text) == []
