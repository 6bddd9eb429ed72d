"""Every Chinese "from now on" word (以后, 今后, 往后, 从今以后, 从今往后, 从今天起, 从现在开始) is read alike by every
shape that reads one (``extract.for_now.STANDING_ZH``): 往后快递都发到公司 is the drop-off as 以后快递都发到公司 is,
never a habit of the wording."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)
STANDING = ["以后", "今后", "往后", "从今以后", "从今往后", "从今天起", "从现在开始"]


def _facts(text: str) -> list[tuple[str, str, bool]]:
    return [(c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize("word", STANDING)
def test_where_parcels_go_from_now_on(word: str) -> None:
    assert _facts(f"{word}快递都发到公司") == [("shipping.dropoff", "公司", False)]


@pytest.mark.parametrize("word", STANDING)
def test_a_carrier_forbidden_from_now_on(word: str) -> None:
    assert _facts(f"{word}别用圆通发货") == _facts("以后别用圆通发货") != []


@pytest.mark.parametrize("word", STANDING)
def test_a_carrier_given_up_from_now_on(word: str) -> None:
    assert _facts(f"{word}我不用顺丰了") == [("shipping.carrier", "顺丰", True)]


@pytest.mark.parametrize("text", ["之前快递都发到公司了", "昨天快递发到公司了", "从今以后的事谁知道呢"])
def test_a_past_or_a_question_is_no_standing_choice(text: str) -> None:
    assert [f for f in _facts(text) if f[0] == "shipping.dropoff"] == []
