"""Where the household lives is where the user lives: 我们家住在杭州, 我们家在北京, 我们一家现在住在深圳
stored nothing while 我家住在杭州 was ``identity.location``; now the same (identity_zh._LIVE). 我们家在 a doing
(我们家在吃饭), a floor, a question: no home."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject or "") for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "city"), [
    ("我们家住在杭州。", "杭州"), ("我们家在北京。", "北京"), ("我们一家住在成都。", "成都"),
    ("我们一家现在住在深圳。", "深圳"),
])
def test_the_households_home_is_the_users(text: str, city: str) -> None:
    assert _read(text) == [("identity.location", city, "")]


@pytest.mark.parametrize("text", ["我们家在吃饭。", "我们家在装修呢。", "我们家住在12楼。", "我们家在哪里？"])
def test_no_home(text: str) -> None:
    assert not [f for f in _read(text) if f[0] == "identity.location"]
