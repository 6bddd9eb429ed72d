"""An abbreviated weekday after a word of time ("last Wed", "on Sat.") names that day, as the full name does.

"… so I made an appointment with an animal behaviorist last Wed" (a LoCoMo turn) stored the event "made an appointment
with an animal behaviorist last Wed", undated, and "I went hiking last Sat." stored nothing.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.timex import resolve_relative

#: A Sunday.
SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "fact", "day"), [
    ("I noticed they weren't acting normally, so I made an appointment with an animal behaviorist last Wed.",
     ("event", "made an appointment with an animal behaviorist"), date(2026, 11, 25)),
    ("I went hiking last Sat.", ("event", "went hiking"), date(2026, 11, 28)),
    ("I'm flying to Paris next Thurs.", ("travel.plan", "flying to Paris"), date(2026, 12, 10)),
])
def test_an_abbreviated_weekday_dates_the_fact_and_leaves_its_value(
        text: str, fact: tuple[str, str], day: date) -> None:
    found = RuleExtractor().extract(text=text, role="user", said_at=SAID)
    assert [(c.key, c.value) for c in found] == [fact]
    assert found[0].valid_from is not None and found[0].valid_from.date() == day


@pytest.mark.parametrize(("abbreviated", "full"), [
    ("last Wed", "last Wednesday"), ("on Tues", "on Tuesday"), ("next Thurs", "next Thursday"),
    ("on Sat.", "on Saturday"), ("last Mon", "last Monday"), ("this Fri", "this Friday"),
])
def test_it_names_the_day_its_full_name_names(abbreviated: str, full: str) -> None:
    assert resolve_relative(abbreviated, SAID) == resolve_relative(full, SAID) is not None


@pytest.mark.parametrize("text", ["I sat on the bench.", "We met on Sun Valley Road.", "the sun was out", "Wed."])
def test_a_word_that_only_looks_like_one_names_no_day(text: str) -> None:
    assert resolve_relative(text, SAID) is None


def test_what_one_noticed_is_no_happening_of_the_day() -> None:
    """Noticing is a perception, as realizing is: the date makes no event of it."""
    found = RuleExtractor().extract(text="Yesterday I noticed my car was making a noise.", role="user", said_at=SAID)
    assert found == []
