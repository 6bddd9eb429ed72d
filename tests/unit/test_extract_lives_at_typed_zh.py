"""Where one lives, typed with 再 for its homophone 在 (我住再上海): the place is the home, never 再上海; a 再 that
means "again" (我住再看看) and 一起 ("together") name no place."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _homes(text: str) -> list[str]:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    return [c.value for c in found if c.key == "identity.location" and not c.retracts and not c.subject]


@pytest.mark.parametrize(("text", "home"), [
    ("我住再上海", "上海"), ("我现在住再杭州", "杭州"), ("我们一直生活再成都", "成都"), ("我住在上海", "上海"),
])
def test_the_homophone_typed_for_at_still_names_the_home(text: str, home: str) -> None:
    assert _homes(text) == [home]


@pytest.mark.parametrize("text", ["我先住再说", "我住再看看吧", "我想住再久一点", "我们住在一起", "我住在一起",
                                  "我们住再一起"])
def test_again_or_together_names_no_home(text: str) -> None:
    assert _homes(text) == []
