"""Scripts the rule extractor used to miss: Traditional Chinese, and a
word of another script in front of a clause."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor, after_other_script, tidy
from memstrata.text.hanzi import simplified
from memstrata.text.tokens import index_terms, query_terms

SAID = datetime(2026, 11, 15, 10, 0, tzinfo=UTC)


def _found(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("traditional", "simplified_text"), [
    ("我以後都希望用順豐", "我以后都希望用顺丰"),
    ("我以後都希望用順豐，別放門口", "我以后都希望用顺丰，别放门口"),
    ("我對花生過敏", "我对花生过敏"),
    ("我喜歡吃辣", "我喜欢吃辣"),
    ("我住在臺北", "我住在台北"),
])
def test_traditional_chinese_gives_the_facts_of_its_simplified_form(traditional: str, simplified_text: str) -> None:
    expected = _found(simplified_text)
    assert expected, simplified_text
    assert _found(traditional) == expected


def test_simplified_reads_each_traditional_character_and_keeps_everything_else() -> None:
    assert simplified("我以後都希望用順豐，別放門口 OK 123 🙂") == "我以后都希望用顺丰，别放门口 OK 123 🙂"
    assert simplified("我以后都希望用顺丰") == "我以后都希望用顺丰"
    assert simplified("plain ascii") == "plain ascii"
    assert tidy("🙂 我以後都用順豐") == "我以后都用顺丰"


def test_full_text_terms_are_one_for_both_scripts() -> None:
    assert index_terms("我以後都用順豐") == index_terms("我以后都用顺丰")
    assert query_terms("順豐") == query_terms("顺丰") == ["顺丰"]


@pytest.mark.parametrize(("text", "expected"), [
    ("שלום I like falafel", [("preference.like", "falafel")]),
    ("CANARYKEEP 我喜欢吃辣", [("food.like", "辣")]),
    ("Bonjour 我喜欢吃辣", [("food.like", "辣")]),
    ("مرحبا، أنا I prefer UPS for delivery", [("shipping.carrier", "UPS")]),
    ("Привет I am allergic to peanuts", [("health.allergy", "peanuts")]),
])
def test_a_word_of_another_script_before_a_clause_does_not_hide_it(text: str, expected: list[tuple[str, str]]) -> None:
    assert _found(text) == expected


@pytest.mark.parametrize("text", ["My friend said 我喜欢吃辣", "He said 我喜欢吃辣", "one two three four 我喜欢吃辣"])
def test_someone_elses_clause_before_chinese_is_not_skipped(text: str) -> None:
    # An English clause of its own (a function word, or more than three words) is not a tag.
    assert after_other_script(text) is None
    assert _found(text) == []


def test_after_other_script_cuts_at_the_first_letter_of_another_script() -> None:
    assert after_other_script("שלום I like falafel") == "I like falafel"
    assert after_other_script("CANARYKEEP 我喜欢吃辣") == "我喜欢吃辣"
    assert after_other_script("I like tea") is None
    assert after_other_script("🙂 !!") is None
