"""A switch names what it replaces by what the new thing is, or by the key the sentence names: a means of payment
switched to ("I switched to PayPal", 我现在改用微信支付了) is how the user pays now and replaces the means paid with
before; a favourite changed ("I switched my favorite color to green") is that favourite now. A switch tried for a
moment ("I switched to dark mode for a minute") is no standing change."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "found"), [
    ("I switched to PayPal", [("user.payment_method", "PayPal")]),
    ("I switched to PayPal for payments", [("user.payment_method", "PayPal")]),
    ("I've switched to Apple Pay.", [("user.payment_method", "Apple Pay")]),
    ("I use PayPal for payments", [("user.payment_method", "PayPal")]),
    ("我现在改用微信支付了", [("user.payment_method", "微信支付")]),
    ("我换成支付宝付款了", [("user.payment_method", "支付宝")]),
    ("我改用微信付款了", [("user.payment_method", "微信")]),
    ("我改成用手机付款了。", [("user.payment_method", "手机")]),
    ("I switched my favorite color to green", [("preference.like", "green")]),
    ("I changed my favourite band to Muse.", [("music.like", "Muse")]),
    ("我最喜欢的颜色改成绿色了", [("preference.like", "绿色")]),
    ("我把最喜欢的颜色换成了绿色", [("preference.like", "绿色")]),
    # not a means of paying by what it is: a business's payment system, a chat app
    ("We use Stripe for payments", [("user.payments", "Stripe")]),
    ("I switched to WeChat", [("user.uses", "WeChat")]),
    ("我改用微信了", [("user.uses", "微信")]),
    ("I switched to Vim for good", [("tool.editor", "Vim")]),
])
def test_a_switch_is_read_under_the_key_of_what_it_replaces(text: str, found: list[tuple[str, str]]) -> None:
    assert _read(text) == found


@pytest.mark.parametrize("text", ["I switched to dark mode for a minute.", "I switched to dark mode for a few days"])
def test_a_switch_for_a_moment_stores_nothing(text: str) -> None:
    assert _read(text) == []


def _current(mem: Memory, key: str) -> list[str]:
    return sorted(f.value for f in mem.list(key=key) if isinstance(f, Fact))


@pytest.mark.parametrize(("before", "after", "key", "old", "new"), [
    ("I usually pay with my Visa card.", "I switched to PayPal", "user.payment_method", "Visa card", "PayPal"),
    ("I usually pay with my Visa card.", "I switched to PayPal for payments", "user.payment_method", "Visa card",
     "PayPal"),
    ("我一般用支付宝付款", "我现在改用微信支付了", "user.payment_method", "支付宝", "微信支付"),
    ("My favorite color is blue", "I switched my favorite color to green", "preference.like", "blue", "green"),
    ("我最喜欢的颜色是蓝色", "我最喜欢的颜色改成绿色了", "preference.like", "蓝色", "绿色"),
])
def test_the_new_value_replaces_the_old_one(
        tmp_path: Path, before: str, after: str, key: str, old: str, new: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(before)
        assert _current(mem, key) == [old]
        assert [c.action for c in mem.add(after).facts] == ["supersede"]
        assert _current(mem, key) == [new]
        assert [f.value for f in mem.list(key=key, status="superseded") if isinstance(f, Fact)] == [old]


@pytest.mark.parametrize("after", ["I switched my mobile plan to Circles.", "My cell phone plan is with Circles now."])
def test_a_switch_said_by_another_name_of_the_slot_replaces_its_value(tmp_path: Path, after: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("My phone plan is with Singtel.")
        mem.add(after)
        held = {(f.value, f.status) for f in mem.list(status="all") if isinstance(f, Fact)}
    assert ("Singtel", "superseded") in held
    assert ("Circles", "active") in held


@pytest.mark.parametrize(("text", "found"), [
    ("I switched my phone plan to StarHub yesterday.", [("user.phone_plan", "StarHub")]),
    ("We switched to Linear the other day.", [("user.uses", "Linear")]),
    ("I switched to Firefox two weeks ago.", [("user.uses", "Firefox")]),
])
def test_when_a_switch_was_made_is_no_part_of_the_value(text: str, found: list[tuple[str, str]]) -> None:
    assert _read(text) == found
