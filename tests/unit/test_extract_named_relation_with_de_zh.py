"""A relation said with 的 and a word of how close or where from, then a name, is that named person:
我的好朋友王芳是个医生 stored ``user.好朋友王芳 = 医生`` (the user's own, under a made-up key), and
我的大学同学小李在腾讯工作, 我最好的朋友张伟住在成都, 我的老同学刘洋对花生过敏 stored nothing, while
我朋友王芳是个医生 stored 王芳's occupation. Without a name after the relation (我的好朋友是个医生) nothing is
anyone's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_SAID = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_SAID)]


@pytest.mark.parametrize(("text", "fact"), [
    ("我的好朋友王芳是个医生", ("identity.occupation", "医生", "王芳")),
    ("我的大学同学小李在腾讯工作", ("identity.employer", "腾讯", "小李")),
    ("我最好的朋友张伟住在成都", ("identity.location", "成都", "张伟")),
    ("我的老同学刘洋对花生过敏", ("health.allergy", "花生", "刘洋")),
])
def test_a_named_friend_said_with_de_is_that_person(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", ["我的好朋友是个医生", "我的大学同学都在北京", "我最好的朋友住在成都"])
def test_a_friend_left_unnamed_is_no_one_kept(text: str) -> None:
    assert _read(text) == []
