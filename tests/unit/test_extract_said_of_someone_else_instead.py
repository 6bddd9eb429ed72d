"""A statement the user denies of themselves and says of someone else in one sentence.

"I'm not allergic to peanuts, it's Max who is" stored ``health.allergy = Max who is`` as the user's own allergy (the
clause naming Max was read as the allergen), and 我不是对芒果过敏，是我老婆 withdrew the user's allergy but stored
nothing for the wife. The negated clause is read as said; the person's statement is made whole and kept under them,
in every kind of fact; a 是 naming no one stays a corrected value."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str, bool]]:
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    return sorted((c.key, c.value, c.subject, c.retracts) for c in found)


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm not allergic to peanuts, it's Max who is.",
     [("health.allergy", "peanuts", "", True), ("health.allergy", "peanuts", "Max", False)]),
    ("I'm not allergic to peanuts, my son is.",
     [("health.allergy", "peanuts", "", True), ("health.allergy", "peanuts", "son", False)]),
    ("I don't work at Google, it's my wife who does.",
     [("identity.employer", "Google", "", True), ("identity.employer", "Google", "wife", False)]),
    ("I don't live in Leeds, my parents do.",
     [("identity.location", "Leeds", "", True), ("identity.location", "Leeds", "parents", False)]),
    ("I don't have a dog, it's my sister who does.", [("pet", "dog", "sister", False)]),
    ("I'm not a nurse, my wife is.", [("identity.occupation", "nurse", "wife", False)]),
    ("我不是对芒果过敏，是我老婆。", [("health.allergy", "芒果", "", True), ("health.allergy", "芒果", "wife", False)]),
    ("我不是对芒果过敏，是我老婆对芒果过敏。",
     [("health.allergy", "芒果", "", True), ("health.allergy", "芒果", "wife", False)]),
    ("我不在谷歌上班，是我老婆。",
     [("identity.employer", "谷歌", "", True), ("identity.employer", "谷歌", "wife", False)]),
    ("我不住在北京，是我爸妈。",
     [("identity.location", "北京", "", True), ("identity.location", "北京", "parents", False)]),
])
def test_the_denied_statement_is_kept_under_the_person_named(
        text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "I'm not allergic to peanuts, it's Max who is.",
    "I'm not allergic to peanuts, it's my friend who is.",
    "I am no longer allergic to peanuts, it's Max who is.",
])
def test_the_clause_naming_a_person_is_no_value_of_the_users(text: str) -> None:
    assert not [f for f in _read(text) if not f[2] and not f[3]]  # nothing the user holds
    assert not [f for f in _read(text) if "who" in f[1]]


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm not allergic to peanuts, it's shellfish.",
     [("health.allergy", "peanuts", "", True), ("health.allergy", "shellfish", "", False)]),
    ("我不是住在北京，是上海。", [("identity.location", "上海", "", False)]),
    ("我不是对芒果过敏，是对花生过敏。", [("health.allergy", "芒果", "", True), ("health.allergy", "花生", "", False)]),
])
def test_a_value_said_in_place_of_the_denied_one_stays_the_users(
        text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "who", "what"), [
    ("我对花生不过敏，是我女儿过敏。", "daughter", "花生"),
    ("我对花生不过敏，是我女儿。", "daughter", "花生"),
    ("我对海鲜不过敏，是我老公过敏。", "husband", "海鲜"),
])
def test_a_negation_inside_the_predicate_then_the_person_is_theirs(text: str, who: str, what: str) -> None:
    # before: health.allergy = 我女儿, the user's (对 X 不过敏 put the negation after the object, which the shape
    # of 我不是对花生过敏，是我女儿 did not read, and the plain reading took the person as the allergen)
    found = _read(text)
    assert ("health.allergy", what, who, False) in found
    assert all(subject or retracts for _, _, subject, retracts in found)  # nothing held of the user
