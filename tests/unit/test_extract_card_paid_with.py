"""A bank's card one uses: 我平时用招商银行的信用卡 stored nothing (用 needed 付款 said, as 刷 a card did not); a card
that only pays is a payment said with 用 too. Someone else's card, or one used once, is none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return sorted((c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "expected"), [
    ("我平时用招商银行的信用卡", [("user.payment_method", "招商银行信用卡")]),
    ("我一般用工商银行的借记卡", [("user.payment_method", "工商银行借记卡")]),
    ("我一般刷信用卡", [("user.payment_method", "信用卡")]),
])
def test_a_card_used_is_how_one_pays(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", ["我用了他的信用卡", "我刷了他的信用卡", "我用朋友的信用卡", "我一般用微信"])
def test_no_payment_of_someone_elses_card_or_of_an_app_alone(text: str) -> None:
    assert _read(text) == []
