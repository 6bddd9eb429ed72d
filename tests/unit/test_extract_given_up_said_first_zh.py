"""A thing given up said before 我 (烟我已经戒了, 咖啡我已经不喝了, 烟我戒掉半年了): read as 我已经戒烟了 /
我已经不喝咖啡了 are, in the order the rules read; a person, a pointer or a meal said first is no thing given up."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _facts(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("text", "said_plainly"), [
    ("烟我已经戒了", "我已经戒烟了"), ("烟我已经戒掉半年了", "我已经戒掉烟了"), ("烟我戒了", "我戒烟了"),
    ("咖啡我已经不喝了", "我已经不喝咖啡了"), ("奶茶我不喝了", "我不喝奶茶了"), ("酒我早就戒了", "我早就戒酒了"),
])
def test_the_thing_said_first_is_given_up_as_said_plainly(text: str, said_plainly: str) -> None:
    assert _facts(text) == _facts(said_plainly) != []


@pytest.mark.parametrize("text", ["小王我不吃了", "他我不喝了", "这个我不吃了", "饭我不吃了", "晚饭我不吃了"])
def test_a_person_a_pointer_or_a_meal_said_first_is_nothing_given_up(text: str) -> None:
    assert _facts(text) == []
