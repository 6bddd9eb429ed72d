"""No stored value leaves a bracket or a quote open.

"Last weekend I drove up to Tahoe with the kids (Noah is 7 and Mia is 4)." stored ``event = drove up to Tahoe with the
kids (Noah is 7``: the reading stopped at a clause break inside the brackets. A value is now cut before a bracket it
opens and never closes (``extract.candidates.balanced``); closed brackets and quotes stay as said."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.candidates import balanced
from memstrata.extract.clauses import Finding
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def test_a_value_cut_inside_brackets_is_cut_before_them() -> None:
    found = RuleExtractor().extract(text="Last weekend I drove up to Tahoe with the kids (Noah is 7 and Mia is 4).",
                                    role="user", said_at=_AT)
    assert found and all(c.value.count("(") == c.value.count(")") for c in found), found
    assert any(c.value == "drove up to Tahoe with the kids" for c in found), found


@pytest.mark.parametrize(("value", "kept"), [
    ("drove up to Tahoe with the kids (Noah is 7", "drove up to Tahoe with the kids"),
    ("去了三亚（和爸妈一起", "去了三亚"),
    ('a book called "Dune', 'a book called "Dune"'),  # a title cut at its comma: closed
    ("读完了《三体", "读完了《三体》"),
    ("Mia is 4) and more", "Mia is 4"),
    ("【限时", "【限时"),  # nothing before the bracket: kept whole
    ("Acme (the robotics one)", "Acme (the robotics one)"),
    ('"Dune"', '"Dune"'),
    ("《三体》", "《三体》"),
])
def test_balanced(value: str, kept: str) -> None:
    assert balanced(Finding("event", value, 0.8)).value == kept
