"""Three gaps around an age and a choice said in passing. 我的猫叫咪咪，今年三岁了 lost the cat's age (a pet was no
one a clause without a subject could belong to, and 我的猫三岁了 stored nothing), 我的儿子今年五岁 stored
``user.儿子今年 = 五岁``, "My son is five years old" nothing (an age in words); and "In the end I chose the Subaru
Outback over the RAV4" inside a longer message stored nothing while the sentence alone stated the choice."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str | None]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "age", "who"), [
    ("我的猫叫咪咪，今年三岁了", "3", "cat"),
    ("我的猫三岁了。", "3", "cat"),
    ("我的狗今年五岁了。", "5", "dog"),
    ("我的儿子今年五岁。", "5", "son"),
    ("My son is five years old.", "5", "son"),
    ("My dog is five years old.", "5", "dog"),
])
def test_the_age_is_the_pets_or_the_relatives(text: str, age: str, who: str) -> None:
    found = _read(text)
    assert ("identity.age", age, who) in found and not [k for k, _, _ in found if k.startswith("user.")], found


def test_a_pet_named_is_a_pet_no_family_member() -> None:
    found = _read("我的狗小黑喜欢吃肉")
    assert ("pet", "狗小黑", "") in found and not [k for k, _, _ in found if k == "family.member"], found


@pytest.mark.parametrize("text", ["I'm one of the organizers.", "我的猫粮吃完了", "我喜欢猫。"])
def test_no_age_where_none_is_said(text: str) -> None:
    assert not [k for k, _, _ in _read(text) if k == "identity.age"]


@pytest.mark.parametrize("text", [
    "We spent weeks comparing cars. In the end I chose the Subaru Outback over the RAV4, mostly for the AWD.",
    "In the end, I chose the Subaru Outback over the RAV4.",
])
def test_how_a_story_ends_hides_no_choice(text: str) -> None:
    assert any("Subaru Outback" in v for _, v, _ in _read(text)), _read(text)


def test_an_ending_with_no_speaker_states_nothing() -> None:
    assert _read("In the end it didn't matter.") == []
