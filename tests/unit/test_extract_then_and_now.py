"""Changes of mind the rule extractor reads as one statement shape each, in English and Chinese
(Simplified and Traditional): a destination with the thing sent named first, a named person's team
with a time or 回."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str, str]]:
    """``(key, value, subject, instead_of)`` of each candidate; none is a withdrawal here."""
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    assert not any(c.retracts for c in found)
    return [(c.key, c.value, c.subject, c.instead_of) for c in found]


@pytest.mark.parametrize(("text", "value"), [
    ("快递以后都用京东。", "京东"), ("快遞以後都用京東。", "京东"), ("包裹今后都发顺丰", "顺丰"),
    ("快递从现在起用中通", "中通"), ("Packages from now on go with DHL.", "DHL"),
    ("My parcels should go via FedEx from now on.", "FedEx"),
])
def test_a_destination_with_the_thing_sent_named_first(text: str, value: str) -> None:
    assert _read(text) == [("shipping.carrier", value, "", "")]


@pytest.mark.parametrize("text", ["快递以后再说。", "包裹以后到了告诉我。"])
def test_no_destination_without_a_carrier(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize(("text", "subject", "team"), [
    ("小王这周调到搜索组了。", "小王", "搜索组"),
    ("小王這週調到搜索組了。", "小王", "搜索组"),
    ("小王又回支付组了。", "小王", "支付组"),
    ("我同事小张上个月调到设计组了", "小张", "设计组"),
    ("小李刚转到平台组", "小李", "平台组"),
    ("Tom moved to the search team this week.", "Tom", "search team"),
    ("Tom went back to the payments team.", "Tom", "payments team"),
])
def test_a_named_persons_team_is_theirs(text: str, subject: str, team: str) -> None:
    assert _read(text) == [(f"{subject.lower()}.team", team, subject, "")]


def test_a_team_change_said_with_its_week_is_dated() -> None:
    [found] = RuleExtractor().extract(text="小王这周调到搜索组了", role="user", said_at=_AT)
    assert found.valid_from == datetime(2026, 1, 5, tzinfo=UTC) and found.valid_to is None
