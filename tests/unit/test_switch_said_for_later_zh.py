"""A Chinese switch said for from now on (以后改用微信支付吧) or with 用 after 改成 (我改成用顺丰了) is a
switch: it stored ``preference.habit = 改用微信支付`` beside 支付宝 and ``tool.uses = 用顺丰``; now 微信支付
supersedes 支付宝 as how the user pays and 顺丰 is the carrier. A second means said with 也 ends none."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory

_AT = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


def _stored(folder: Path, *messages: str) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(active, superseded) (key, value) pairs after the user's ``messages``, three days apart."""
    with Memory(folder / "m.db", embedder=None, user_id="u1") as mem:
        for i, message in enumerate(messages):
            mem.add(message, created_at=_AT + timedelta(days=3 * i))
        facts = list(mem.list(kind="fact", status="all", limit=100))
    return ({(f.key, f.value) for f in facts if f.status == "active"},
            {(f.key, f.value) for f in facts if f.status == "superseded"})


@pytest.mark.parametrize("switch", ["以后改用微信支付吧。", "我以后改用微信支付了"])
def test_a_switch_from_now_on_supersedes_the_means_held(tmp_path: Path, switch: str) -> None:
    active, superseded = _stored(tmp_path, "我用支付宝付款。", switch)
    assert active == {("user.payment_method", "微信支付")}, active
    assert superseded == {("user.payment_method", "支付宝")}, superseded


def test_use_after_a_change_belongs_to_the_verb(tmp_path: Path) -> None:
    active, _ = _stored(tmp_path, "我改成用顺丰了")
    assert active == {("shipping.carrier", "顺丰")}, active


def test_a_second_means_ends_none(tmp_path: Path) -> None:
    active, superseded = _stored(tmp_path, "我用支付宝付款。", "我有时也用微信支付")
    assert ("user.payment_method", "支付宝") in active and not superseded, (active, superseded)
