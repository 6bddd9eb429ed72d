"""Where a parcel goes, said with the parcel named first (包裹别放门口, 快递放快递柜就行): the drop-off, as 别放门口 and
放快递柜 say it. A prohibition said with its alternative (包裹别放门口，放快递柜就行) keeps both: the no stands when the
place asked for changes later, as "Don't leave parcels at the door" is kept in English."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _dropoffs(text: str) -> list[str]:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    return [c.value for c in found if c.key == "shipping.dropoff" and not c.retracts]


@pytest.mark.parametrize(("text", "values"), [
    ("包裹别放门口", ["不放门口"]), ("快递不要放门口", ["不放门口"]), ("包裹放快递柜就行", ["放快递柜"]),
    ("快递放快递柜", ["放快递柜"]), ("包裹放在快递柜", ["放快递柜"]), ("外卖放前台", ["放前台"]),
    ("包裹别放门口，放快递柜就行", ["不放门口", "放快递柜"]), ("放快递柜就行", ["放快递柜"]),
])
def test_the_parcel_named_first_then_where_it_goes(text: str, values: list[str]) -> None:
    assert _dropoffs(text) == values


@pytest.mark.parametrize("text", ["包裹放门口被偷了", "快递别担心", "包裹放哪里？", "快递放门口了"])
def test_what_befell_a_parcel_or_a_question_is_no_drop_off(text: str) -> None:
    assert _dropoffs(text) == []
