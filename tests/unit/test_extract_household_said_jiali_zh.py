"""家里 is the household as 家 is: 我家里养了两只仓鼠, 我们家里有一只猫, 我家里新养了一只狗 stored nothing
while 我家养了一条金毛 stored the pet. What is no pet or child kept (家里人都喜欢吃辣, 家里有点乱, 家里养了很多花)
stays none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_SAID = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _pets(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_SAID) if c.key == "pet"]


@pytest.mark.parametrize(("text", "pet"), [
    ("我家里养了两只仓鼠", "2只仓鼠"), ("我们家里有一只猫", "猫"), ("我家里新养了一只狗", "狗"),
    ("我家里养了一条金毛", "金毛"),
])
def test_a_pet_of_the_household_said_with_jiali_is_kept(text: str, pet: str) -> None:
    assert _pets(text) == [pet]


@pytest.mark.parametrize("text", ["我家里人都喜欢吃辣", "我家里有点乱", "我家里养了很多花", "你家里养猫吗？"])
def test_what_is_no_pet_is_none(text: str) -> None:
    assert _pets(text) == []
