"""A new thing got, then its make said after a comma, is what the thing is: 我换了个新手机，华为的 and
"I got a new phone, a Pixel 8" store the phone (``tool.phone`` = 华为 / Pixel 8), 我买了一台新电脑，联想的 the
computer, as 我的手机是华为 and "My phone is a Pixel 8" do; before, they stored nothing. How the thing is
(挺好用的, 还不错, "it's great") names no make."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("我换了个新手机，华为的", ("tool.phone", "华为")),
    ("我买了一台新电脑，联想的", ("user.computer", "联想")),
    ("我买了一辆新车，比亚迪的", ("user.car", "比亚迪")),
    ("I got a new phone, a Pixel 8", ("tool.phone", "Pixel 8")),
    ("I just bought a new laptop: a MacBook Air", ("user.laptop", "MacBook Air")),
])
def test_the_make_said_after_the_thing_is_what_it_is(text: str, fact: tuple[str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", ["我换了个新手机，挺好用的", "我换了个新手机，还不错",
                                  "I got a new phone, it's great"])
def test_how_the_thing_is_names_no_make(text: str) -> None:
    assert _read(text) == []


def test_a_new_job_and_where_it_is_stay_the_employer() -> None:
    assert _read("我换了新工作，在字节跳动") == [("identity.employer", "字节跳动")]
