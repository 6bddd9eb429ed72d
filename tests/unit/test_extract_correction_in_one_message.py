"""A correction said inside one message supersedes what the message said before it, as a later message does.

"My favorite city is Kyoto. Actually no, my favorite city is Osaka." left both favourites active (one message could
not change its mind about a favourite, only about a single-valued key); 我最喜欢的城市是京都，不对，是大阪 and "My
favorite restaurant is Nopa. Oh wait, they closed. Now it's Zuni Cafe." stored only the first value (the corrected
value said alone, ``extract.restated``); "I'm allergic to peanuts. Oh wait, I'm allergic to pecans." kept both."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial
from pathlib import Path

import pytest

from factvalues import stored_facts
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


#: (active, superseded) (key, value) pairs after messages said a minute apart (factvalues.stored_facts).
_stored = partial(stored_facts, start=_AT)


@pytest.mark.parametrize(("message", "now", "before"), [
    ("My favorite city is Kyoto. Actually no, my favorite city is Osaka.", "Osaka", "Kyoto"),
    ("My favorite city is Kyoto, actually no, my favorite city is Osaka.", "Osaka", "Kyoto"),
    ("My favorite city is Kyoto. Actually no, it's Osaka.", "Osaka", "Kyoto"),
    ("我最喜欢的城市是京都，不对，是大阪", "大阪", "京都"),
    ("我最喜欢的城市是京都。不对，我最喜欢的城市是大阪。", "大阪", "京都"),
    ("My favorite restaurant is Nopa. Oh wait, they closed. Now it's Zuni Cafe.", "Zuni Cafe", "Nopa"),
    ("I live in Paris, no wait, Berlin.", "Berlin", "Paris"),
    ("我住在巴黎，不对，是柏林", "柏林", "巴黎"),
    ("I'm allergic to peanuts. Oh wait, I'm allergic to pecans.", "pecans", "peanuts"),
    ("我对花生过敏。不对，我是对芒果过敏", "芒果", "花生"),
])
def test_the_later_value_of_one_message_supersedes_the_earlier(tmp_path: Path, message: str, now: str,
                                                                before: str) -> None:
    active, superseded = _stored(tmp_path, message)
    assert now in {v for _, v in active}, active
    assert before not in {v for _, v in active} and before in {v for _, v in superseded}, (active, superseded)


def test_one_correction_mechanism_inside_a_message_and_across_two(tmp_path: Path) -> None:
    one = _stored(tmp_path / "one", "My favorite city is Kyoto. Actually no, my favorite city is Osaka.")
    two = _stored(tmp_path / "two", "My favorite city is Kyoto.", "Actually no, my favorite city is Osaka.")
    assert one == two == ({("preference.like", "Osaka")}, {("preference.like", "Kyoto")})


@pytest.mark.parametrize(("message", "values"), [
    ("I like tea. Oh wait, I also like coffee.", {"tea", "coffee"}),  # "also": an addition, no correction
    ("我喜欢喝茶。不对，我也喜欢喝咖啡", {"茶", "咖啡"}),
    ("My favorite color is blue. My favorite food is pizza.", {"blue", "pizza"}),  # two favourites of two things
    ("My favorite colors are blue and green.", {"blue and green"}),
])
def test_values_said_together_or_added_both_stand(tmp_path: Path, message: str, values: set[str]) -> None:
    active, superseded = _stored(tmp_path, message)
    assert {v for _, v in active} == values and not superseded


@pytest.mark.parametrize("message", [
    "My favorite city is Kyoto. Actually no, it's fine.",  # no name after the correction
    "I live in Paris. No, tomorrow.",
    "I like tea. Sorry, I have to go.",
    "I went to Paris last week. Oh wait, it was Rome.",  # an event is no short named value
    "我住在巴黎。不对，是这样的",
])
def test_a_correction_naming_no_value_keeps_the_first(message: str) -> None:
    found = RuleExtractor().extract(text=message, role="user", said_at=_AT)
    assert len(found) == 1 and not found[0].corrects, found
