"""What one noticed is a perception, as what one realized is: a date in the sentence makes no event of it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize("text", [
    "Yesterday I noticed my car was making a noise.", "Last Friday I noticed they weren't acting normally.",
])
def test_what_one_noticed_is_no_happening_of_the_day(text: str) -> None:
    assert RuleExtractor().extract(text=text, role="user", said_at=SAID) == []


def test_what_one_did_about_it_still_is() -> None:
    found = RuleExtractor().extract(text="Last Friday I noticed they weren't acting normally, so I made an appointment "
                                         "with an animal behaviorist.", role="user", said_at=SAID)
    assert [(c.key, c.value) for c in found] == [("event", "made an appointment with an animal behaviorist")]
