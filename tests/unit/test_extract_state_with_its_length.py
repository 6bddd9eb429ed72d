"""A state said with how long it has held is the state, dated from then: 我吃素三年了, 我住在上海十年了,
我怀孕三个月了, 我在腾讯工作五年了, "I've lived in Shanghai for ten years", "I have worked at Google since 2019"
store the diet, the city, the pregnancy, the employer (valid from three years, ten years ... ago), as "I've been
vegetarian for two years" and "I've been living in Berlin since 2020" were. Before, the Chinese stored nothing or
``identity.location = 上海十年`` and the English nothing. A going (我去北京三天了), a doing (我学了三年了) and a place
that is no name ("I've lived here for ten years") state none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str | None]]:
    return [(c.key, c.value, c.valid_from.date().isoformat() if c.valid_from else None)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("我吃素三年了", ("food.diet", "吃素", "2023-01-01")),
    ("我住在上海十年了", ("identity.location", "上海", "2016-01-01")),
    ("我怀孕三个月了", ("health.condition", "怀孕", "2026-09-01")),
    ("我在腾讯工作五年了", ("identity.employer", "腾讯", "2021-01-01")),
    ("I've lived in Shanghai for ten years", ("identity.location", "Shanghai", "2016-01-01")),
    ("I have worked at Google since 2019", ("identity.employer", "Google", "2019-01-01")),
])
def test_a_state_with_how_long_it_held_is_dated_from_then(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", ["我去北京三天了", "我学了三年了", "I've lived here for ten years", "我等了三个月了"])
def test_a_going_a_doing_or_no_place_is_none(text: str) -> None:
    assert _read(text) == []
