"""An amount said with no thing after it is of the drink or food named before it in the sentence: "she hates coffee
but I drink like 4 cups a day" stored ``preference.habit = drink 4 cups a day`` (of nothing). Now the habit is "drink
4 cups of coffee a day"; an amount with no thing named anywhere in the sentence is no habit, and an amount that names
its thing is kept as said."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _habits(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if c.key == "preference.habit" and not c.subject]


@pytest.mark.parametrize(("text", "habits"), [
    ("my wife Priya is great, she hates coffee but I drink like 4 cups a day", ["drink 4 cups of coffee a day"]),
    ("I love green tea and I drink 3 cups a day", ["drink 3 cups of green tea a day"]),
    ("I drink like 4 cups a day", []),
    ("I drink about three glasses a day", []),
    # near-misses: the amount names its thing
    ("I drink 2 cups of coffee a day", ["drink 2 cups of coffee a day"]),
    ("I eat two bowls of rice every day", ["eat two bowls of rice every day"]),
    ("I smoke a pack a day", ["smoke a pack a day"]),
])
def test_an_amount_is_of_the_thing_named_before_it(text: str, habits: list[str]) -> None:
    assert _habits(text) == habits
