"""A Chinese subject before an English predicate ("我老公 is allergic to shellfish") is whom the clause is about,
never a word that hid the user's clause: a relative's fact, or nothing for anyone the rules cannot name
(``extract.mixed_script.after_other_script``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return sorted((c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "fact"), [
    ("我老公 is allergic to shellfish。", ("health.allergy", "shellfish", "husband")),
    ("我妈 loves jazz", ("music.like", "jazz", "mom")),
    ("我老公 works at Google", ("identity.employer", "Google", "husband")),
    ("我的女儿 is vegetarian", ("food.diet", "vegetarian", "daughter")),
])
def test_a_relative_said_in_chinese_is_the_subject(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact], text


@pytest.mark.parametrize("text", ["小李 is allergic to peanuts", "张总 works at Google", "隔壁 loves jazz"])
def test_anyone_else_before_an_english_predicate_is_never_the_user(text: str) -> None:
    assert all(subject for _, _, subject in _read(text)), (text, _read(text))


@pytest.mark.parametrize(("text", "fact"), [
    ("你好 i like falafel", ("falafel", "")),
    ("我 is allergic to shellfish", ("shellfish", "")),
])
def test_a_greeting_or_the_speaker_before_an_english_clause_keeps_it_the_users(
        text: str, fact: tuple[str, str]) -> None:
    assert fact in [(value, subject) for _, value, subject in _read(text)], (text, _read(text))
