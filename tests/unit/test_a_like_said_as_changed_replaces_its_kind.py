"""A like said as a change of mind takes the place of the like of the same kind the user holds.

我最喜欢蓝色 then 算了，其实我现在更喜欢绿色 kept 蓝色 current beside 绿色, and "I like coffee" then "I like tea better
these days" stored ``drink.like = tea better`` beside coffee. A like said with "now" and a word of comparison
(prefer, better, more, 更, 比较), or 现在 with the 了 of a new state, is now a correction (``extract.changed_now``)
that supersedes the one like of its own kind (a colour for a colour, a drink for a drink:
``facts.kinds.like_kind``). A like said as one more ("I also like green", 我也喜欢绿色), with no word of change, or of
another kind (a colour after a food) leaves the held likes current."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory

_AT = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def _likes(path: Path, *messages: str) -> set[tuple[str, str]]:
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for n, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(days=3 * n))
        return {(f.value, f.status) for f in mem.list(kind="fact", status="all", limit=50) if f.key.endswith(".like")}


@pytest.mark.parametrize(("messages", "old", "new"), [
    (("我最喜欢蓝色。", "算了，其实我现在更喜欢绿色。"), "蓝色", "绿色"),
    (("我最喜欢蓝色。", "我现在喜欢绿色了。"), "蓝色", "绿色"),
    (("我喜欢喝咖啡。", "我现在比较喜欢喝茶。"), "咖啡", "茶"),
    (("I like blue.", "Actually I prefer green now."), "blue", "green"),
    (("I like coffee.", "I like tea better these days."), "coffee", "tea"),
    (("I like blue. I like pizza.", "Now I prefer green."), "blue", "green"),
    # the like given up was held under another key of a like (preference.like, now drink.like)
    (("I love lattes.", "Now I prefer green tea over lattes."), "lattes", "green tea"),
])
def test_a_like_said_as_changed_supersedes_the_like_of_its_kind(
        tmp_path: Path, messages: tuple[str, ...], old: str, new: str) -> None:
    likes = _likes(tmp_path, *messages)
    assert (old, "superseded") in likes
    assert (new, "active") in likes


@pytest.mark.parametrize("messages", [
    ("I like blue.", "I also like green."),
    ("我最喜欢蓝色。", "我也喜欢绿色。"),
    ("I like blue.", "I like green."),
    ("I like pizza.", "Now I prefer green."),
    ("我喜欢蓝色。", "我现在更喜欢去上海。"),
])
def test_a_like_said_as_one_more_or_of_another_kind_keeps_the_held_one(
        tmp_path: Path, messages: tuple[str, ...]) -> None:
    assert all(status == "active" for _, status in _likes(tmp_path, *messages))


@pytest.mark.parametrize(("later", "paid"), [
    ("现在我更喜欢用支付宝。", {("微信", "superseded"), ("支付宝", "active")}),
    ("Now I prefer PayPal.", {("微信", "superseded"), ("PayPal", "active")}),
    ("我也喜欢支付宝。", {("微信", "active")}),
])
def test_a_means_of_payment_preferred_now_is_how_the_user_pays(
        tmp_path: Path, later: str, paid: set[tuple[str, str]]) -> None:
    """A means of payment liked as a change of mind was a like beside the means held (微信支付 stayed current)."""
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("我平时用微信支付。", created_at=_AT)
        mem.add(later, created_at=_AT + timedelta(days=3))
        found = {(f.value, f.status) for f in mem.list(kind="fact", status="all", limit=50)
                 if f.key == "user.payment_method"}
    assert found == paid
