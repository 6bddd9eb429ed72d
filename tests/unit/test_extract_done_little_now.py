"""不怎么 ("not much") before an activity now done little is one word: 我现在不怎么玩游戏了 withdrew the habit
``怎么玩游戏`` (no habit ever held). Now the habit and the like of 玩游戏 end, and nothing is said quit (不怎么喝咖啡了
is no ``drink.quit``); 不怎么 with no change said (我平时不怎么运动, 我不怎么喜欢吃辣) stores nothing, as before."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[str]:
    return sorted(f"{'-' if c.retracts else ''}{c.key}={c.value}"
                  for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "facts"), [
    ("我现在不怎么玩游戏了", ["-hobby.like=玩游戏", "-preference.habit=玩游戏"]),
    ("我不怎么喝咖啡了", ["-preference.habit=喝咖啡"]),
    ("我现在不怎么去健身房了", ["-preference.habit=去健身房", "-sport.like=健身"]),
    # near-misses: no change said, or a liking hedged
    ("我平时不怎么运动", []),
    ("我不怎么喜欢吃辣", []),
])
def test_done_little_now_ends_the_habit(text: str, facts: list[str]) -> None:
    assert _read(text) == facts
