"""What someone else drives, owns or speaks is theirs, read as the user's own words are: "My wife drives a Subaru
Outback", "Tom drives a Tesla", "My dad speaks Spanish", "My husband owns a bakery", 我老公开宝马, 小王开特斯拉 stored
nothing (their verbs opened no statement about a relative or a named person). Now each is that person's fact
(``wife.car``, ``language.spoken`` with subject ``dad``, ``husband.车``), never the user's. What is no language is not
read as one, of anyone: "I speak highly of you", "I speak very fast", "Tom speaks highly of you" stored
``language.spoken = highly of you`` / ``very fast``; now nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("My husband drives a Mini Cooper", ("husband.car", "Mini Cooper", "husband")),
    ("Priya drives a Prius", ("priya.car", "Prius", "Priya")),
    ("My grandma speaks Hungarian", ("language.spoken", "Hungarian", "grandma")),
    ("My wife owns a flower shop", ("work.business", "flower shop", "wife")),
    ("我老婆开奔驰", ("wife.car", "奔驰", "wife")),
    ("小刘开比亚迪", ("小刘.car", "比亚迪", "小刘")),
])
def test_what_someone_else_drives_owns_or_speaks(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", ["I speak highly of you", "I speak very fast", "I speak my mind",
                                  "Tom speaks highly of you", "My boss drives me crazy", "我老公开会去了"])
def test_no_language_no_car(text: str) -> None:
    assert [f for f in _read(text) if f[0] in ("language.spoken", "user.car", "husband.车")] == []
