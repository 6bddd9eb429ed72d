"""A one-digit number's full stop ends a sentence when a capitalised word starts the next ("We met on April 4.
Everything changed after that." was one segment: the splitter read a sentence end only after two characters of a
word). A number that is a list marker (the next of "1. … 2. …", after a colon or a mark, or a label's: "Step 4.",
"Day 2.") heads what follows and ends nothing, and abbreviations and decimals stay whole, as before
(``text.segment``)."""

from __future__ import annotations

import doctest

import pytest

from memstrata.text import segment
from memstrata.text.segment import split_sentences


@pytest.mark.parametrize(("text", "pieces"), [
    ("We met on April 4. Everything changed after that.", ["We met on April 4.", "Everything changed after that."]),
    ("I'd give the session a solid 8. It was tough.", ["I'd give the session a solid 8.", "It was tough."]),
    ("My flight leaves at 6. Then I have a meeting in Oslo.",
     ["My flight leaves at 6.", "Then I have a meeting in Oslo."]),
    ("Let's refine slide 5. \"Make it sharper,\" she said.",
     ["Let's refine slide 5.", "\"Make it sharper,\" she said."]),
])
def test_a_number_ends_a_sentence_before_a_capital(text: str, pieces: list[str]) -> None:
    assert split_sentences(text) == pieces


@pytest.mark.parametrize("text", [
    "No. 4 is my favourite song.", "I upgraded to v2.0 last week.", "The parcel weighs 3.5 kg in total.",
    "We live on St. 4 Avenue now.", "1. Buy milk 2. Call mom 3. Pay rent", "Step 1. Open the lid carefully.",
    "The plan involves: 1. Wake early 2. Run", "I moved there on April 4. it was cold",  # no capital: no new sentence
    "Here are the parts (in order) 1. Frame 2. Wheels",
])
def test_near_misses_stay_one_segment(text: str) -> None:
    assert split_sentences(text) == [text]


def test_a_list_of_more_than_nine_items_keeps_each_marker_with_its_item() -> None:
    # "10." after a sentence end was cut off to the item before it: "…materials. 10." then "Development …"
    text = "9. Study of fatigue in aerospace materials. 10. Development of new recycling methods."
    assert split_sentences(text) == ["9. Study of fatigue in aerospace materials.",
                                     "10. Development of new recycling methods."]


def test_the_doctests() -> None:
    assert doctest.testmod(segment).failed == 0
