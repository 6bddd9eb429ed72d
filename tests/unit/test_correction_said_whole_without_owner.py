"""A correction that says the statement again without its owner puts the old value right.

我家宽带是电信的 then 说错了，宽带是联通的，不是电信 stored nothing: read without 我的, 宽带是联通的 is no statement,
and a Chinese "X是Y，不是Z" with no value read was dropped (``extract.corrected``). Now the statement is read with
its owner, and the new value is set against the old one: only a fact holding the old value is put right. A thing no
one stored (天气), an old value the message before did not hold (移动), and another person (他是…) change nothing.
"sorry, internet is Fios, not Comcast" stored the value ``internet is Fios``; now ``Fios``.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _facts(*messages: str, path: Path) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(active, superseded) (key, value) after ``messages``, a minute apart, in one memory."""
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for i, text in enumerate(messages):
            mem.add(text, role="user", created_at=_AT + timedelta(minutes=i))
        facts = mem.list(kind="fact", status="all", limit=100)
    return ({(f.key, f.value) for f in facts if f.status == "active"},
            {(f.key, f.value) for f in facts if f.status == "superseded"})


@pytest.mark.parametrize(("first", "fix", "new", "old"), [
    ("我家宽带是电信的", "说错了，宽带是联通的，不是电信。", "联通", "电信"),
    ("我家宽带是电信的", "不对，宽带是联通，不是电信", "联通", "电信"),
    ("我的车是比亚迪", "说错了，车是特斯拉，不是比亚迪。", "特斯拉", "比亚迪"),
    ("我的手机是小米的", "更正一下，手机是华为的，不是小米", "华为", "小米"),
    ("My internet is Comcast", "sorry, internet is Fios, not Comcast", "Fios", "Comcast"),
    ("My car is a Honda", "sorry, car is a Toyota, not a Honda", "Toyota", "Honda"),
])
def test_the_statement_said_again_puts_its_value_right(tmp_path: Path, first: str, fix: str, new: str,
                                                       old: str) -> None:
    active, superseded = _facts(first, fix, path=tmp_path)
    assert {v for _, v in active} == {new}, active
    assert {v for _, v in superseded} == {old}, superseded


@pytest.mark.parametrize(("first", "fix"), [
    ("我家宽带是电信的", "说错了，天气是晴天，不是阴天。"),
    ("我家宽带是电信的", "说错了，宽带是联通的，不是移动。"),
    ("我家宽带是电信的", "他是我同学，不是同事"),
])
def test_a_value_not_held_before_changes_nothing(tmp_path: Path, first: str, fix: str) -> None:
    active, superseded = _facts(first, fix, path=tmp_path)
    assert active == {("user.宽带", "电信")}, active
    assert not superseded, superseded


def test_an_english_thing_no_one_stored_changes_nothing(tmp_path: Path) -> None:
    active, superseded = _facts("My internet is Comcast", "sorry, weather is sunny, not rainy", path=tmp_path)
    assert active == {("user.internet", "Comcast")}, active
    assert not superseded, superseded
