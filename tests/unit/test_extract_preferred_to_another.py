"""What a preference passes over, said after "to" or "than", is no part of what is preferred: "I prefer tea to coffee"
stored ``drink.like = tea to coffee``, "Tom prefers tea to coffee" the same under Tom, "I would rather read than watch
TV" ``preference.like = read than watch TV``. A "to" that goes on the preferred thing stays ("I prefer driving to
work", "I prefer listening to podcasts"), and one that asks something of it reads as before."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str, bool]]:
    return [(c.key, c.value, c.subject or "", c.retracts)
            for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]


@pytest.mark.parametrize(("text", "fact"), [
    ("I prefer tea to coffee", ("drink.like", "tea", "", False)),
    ("I much prefer trains to planes", ("preference.like", "trains", "", False)),
    ("I prefer walking to driving", ("preference.like", "walking", "", False)),
    ("We prefer the mountains to the beach", ("preference.like", "mountains", "", False)),
    ("Tom prefers tea to coffee", ("drink.like", "tea", "Tom", False)),
    ("I would rather read than watch TV", ("preference.like", "read", "", False)),
])
def test_the_one_passed_over_is_cut(text: str, fact: tuple[str, str, str, bool]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize(("text", "fact"), [
    ("I'd rather have tea than coffee.", [("drink.like", "tea", "", False)]),
    ("I'd rather take the train than fly", [("preference.like", "take the train", "", False)]),
    ("I would rather have tea", [("drink.like", "tea", "", False)]),
    ("I'd rather stay home tonight.", []),
    ("I'd rather keep things simple and stress-free.", []),
    ("I'd rather be safe than sorry.", []),
])
def test_what_one_would_rather_have_is_a_taste(text: str, fact: list[tuple[str, str, str, bool]]) -> None:
    """"I'd rather …" was never read (only "I would rather …"), and "would rather have tea" kept "have tea". A choice
    of what to do this time with nothing set against it ("I'd rather stay home tonight") is no standing like: only a
    thing of a kind (a drink, a food, music, a show) or a choice said against another ("… than …") is one."""
    assert _read(text) == fact


def test_a_change_withdraws_the_one_passed_over() -> None:
    assert _read("Actually I prefer tea to coffee now") == [
        ("drink.like", "tea", "", False), ("drink.like", "coffee", "", True)]


@pytest.mark.parametrize(("text", "value"), [
    ("I prefer driving to work", "driving to work"),
    ("I prefer talking to people", "talking to people"),
    ("I prefer going to the gym in the morning", "going to the gym in the morning"),
])
def test_a_to_that_goes_on_the_thing_stays(text: str, value: str) -> None:
    assert [f[1] for f in _read(text)] == [value]


def test_a_purpose_after_to_withdraws_nothing() -> None:
    """A "to" that says what for is no thing passed over, even in a sentence that says "now"."""
    found = _read("Now I prefer server-side rendering for initial pages but use JS charts for dynamic analytics "
                  "to balance performance and UX")
    assert [f for f in found if f[3]] == []
