"""Changes a new user says plainly: a relocation, a move announced then placed, a second statement after "and".

"I relocated to Shenzhen" and 我搬家了，现在住在深圳 stored no location; "I love sushi and live in Tokyo" stored
food.like = 'live in Tokyo' and no location, "I like hiking and work at Google" preference.like = 'work at Google'.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _pairs(text: str) -> set[tuple[str, str]]:
    return {(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)}


@pytest.mark.parametrize(("text", "expected"), [
    ("I relocated to Shenzhen.", {("identity.location", "Shenzhen")}),
    ("I have recently moved to Paris.", {("identity.location", "Paris")}),
    ("我搬家了，现在住在深圳。", {("identity.location", "深圳")}),
    ("我换工作了，现在在腾讯上班。", {("identity.employer", "腾讯")}),
    ("I love sushi and live in Tokyo.", {("food.like", "sushi"), ("identity.location", "Tokyo")}),
    ("I like hiking and work at Google.", {("sport.like", "hiking"), ("identity.employer", "Google")}),
])
def test_a_change_or_a_second_statement_said_plainly_is_read(text: str, expected: set[tuple[str, str]]) -> None:
    assert _pairs(text) == expected


@pytest.mark.parametrize("text", ["我吃饭了，很好吃。", "我搬家了。"])
def test_a_short_happening_lends_its_speaker_only_to_a_statement(text: str) -> None:
    assert {k for k, _ in _pairs(text)} <= {"event"}


@pytest.mark.parametrize(("text", "expected"), [
    # a carrier named with the word for what it is (a new user's 我们改用德邦物流了 stored tool.uses)
    ("我们改用德邦物流了。", {("shipping.carrier", "德邦")}),
    ("以后用德邦物流。", {("shipping.carrier", "德邦")}),
    # a choice asked for this once is no standing preference; what else is said still reads
    ("Ship it with UPS this time only.", set()),
    ("Just this once, use FedEx.", set()),
    ("这次用顺丰就行。", set()),
    ("I prefer UPS.", {("shipping.carrier", "UPS")}),
    ("以后用顺丰。", {("shipping.carrier", "顺丰")}),
])
def test_a_carrier_with_its_kind_and_a_choice_for_this_once(text: str, expected: set[tuple[str, str]]) -> None:
    assert _pairs(text) == expected
