""""at all" after a negated thing is emphasis, never part of it: "I don't eat pork at all" stored ``food.dislike = pork
at all`` and "I don't drink coffee at all, only tea" ``preference.dislike = coffee at all``. It is now one of the
trailing fillers every value is cleaned of (``extract.clauses``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "value"), [
    ("I don't eat pork at all", "pork"),
    ("I don't drink coffee at all, only tea, mostly green tea", "coffee"),
])
def test_at_all_is_no_part_of_the_value(text: str, value: str) -> None:
    values = {c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}
    assert value in values
    assert not [v for v in values if v.endswith("at all")]
