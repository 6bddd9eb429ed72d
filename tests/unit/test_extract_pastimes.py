"""A pastime said plainly ("I play tennis", 我打网球) or as taken up ("I've taken up pottery") is the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _pastimes(text: str) -> list[tuple[str, str]]:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    return [(c.key, c.value) for c in found if c.key in ("sport.like", "hobby.like") and not c.retracts]


@pytest.mark.parametrize(("text", "expected"), [
    ("I climb", ("sport.like", "climbing")), ("I go climbing on weekends", ("sport.like", "climbing")),
    ("I do yoga", ("sport.like", "yoga")), ("I play tennis", ("sport.like", "tennis")),
    ("I took up climbing", ("sport.like", "climbing")), ("I've taken up pottery", ("hobby.like", "pottery")),
    ("I play guitar for fun", ("hobby.like", "guitar")),
    ("我攀岩", ("sport.like", "攀岩")), ("我平时练瑜伽", ("sport.like", "瑜伽")), ("我打网球", ("sport.like", "网球")),
    ("我下棋", ("hobby.like", "下棋")),
    # how often, as the habits say it
    ("I do yoga twice a week", ("sport.like", "yoga")), ("I play tennis three times a week", ("sport.like", "tennis")),
    ("I go climbing on Saturdays", ("sport.like", "climbing")), ("我每天早上跑步", ("sport.like", "跑步")),
    ("我每个周末打网球", ("sport.like", "网球")),
])
def test_a_pastime_said_plainly_is_the_users(text: str, expected: tuple[str, str]) -> None:
    assert _pastimes(text) == [expected]


@pytest.mark.parametrize("text", [
    "I climb the stairs to my office", "I play it by ear", "My friend plays tennis", "I don't play tennis",
    "I took up the offer", "I do it",
    "我妹妹打网球", "我不打网球", "我会游泳", "我要去游泳",
])
def test_no_pastime_of_the_user(text: str) -> None:
    assert _pastimes(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("I often run", ("sport.like", "running", "often runs")),
    ("I usually go swimming on weekends", ("sport.like", "swimming", "usually goes swimming on weekends")),
    ("I've taken up pottery", ("hobby.like", "pottery", "does pottery as a hobby")),
    ("我平时练瑜伽", ("sport.like", "瑜伽", "平时练瑜伽")),
])
def test_a_pastime_reads_as_what_the_user_does(text: str, expected: tuple[str, str, str]) -> None:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    assert expected in [(c.key, c.value, c.statement) for c in found]


@pytest.mark.parametrize(("said", "given_up"), [
    ("I often run", "I stopped running"), ("I play tennis", "I don't play tennis anymore"),
    ("我打网球", "我不再打网球了"), ("I go climbing on weekends", "I gave up climbing"),
    # said with how often: the pastime stored beside the habit goes with it
    ("I do yoga twice a week", "I gave up yoga"), ("我每天早上跑步", "我不再跑步了"),
    ("我每个周末打网球", "我不再打网球了"), ("I play tennis three times a week", "I don't play tennis anymore"),
])
def test_a_pastime_given_up_is_withdrawn(said: str, given_up: str) -> None:
    # giving it up withdrew the habit only: the pastime the plain statement stored stayed standing
    [stored] = _pastimes(said)
    found = RuleExtractor().extract(text=given_up, role="user", said_at=SAID)
    assert stored in [(c.key, c.value) for c in found if c.retracts]
