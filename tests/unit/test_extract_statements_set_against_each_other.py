"""Two statements of the user's set against each other by "but" (但, 但是, 可是, 不过) are two facts: read whole, the
second was lost ("I'm from Berlin but live in Munich" kept only the hometown) or taken into the first's value
(我喜欢狗但讨厌猫 liked 狗但讨厌猫). A feeling after "but" states nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return sorted((c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "found"), [
    ("I'm from Berlin but live in Munich", [("identity.hometown", "Berlin"), ("identity.location", "Munich")]),
    ("I love dogs but hate cats", [("preference.dislike", "cats"), ("preference.like", "dogs")]),
    ("I love dogs and hate cats", [("preference.dislike", "cats"), ("preference.like", "dogs")]),
    ("我是北京人，但住在上海", [("identity.hometown", "北京"), ("identity.location", "上海")]),
    ("我是北京人，但我住在上海", [("identity.hometown", "北京"), ("identity.location", "上海")]),
    ("我喜欢狗但讨厌猫", [("preference.dislike", "猫"), ("preference.like", "狗")]),
    ("我喜欢狗，但是我讨厌猫", [("preference.dislike", "猫"), ("preference.like", "狗")]),
])
def test_each_statement_set_against_the_other_is_kept(text: str, found: list[tuple[str, str]]) -> None:
    assert _read(text) == found


@pytest.mark.parametrize("text", [
    "I'm tired but happy.", "我很累，但很开心", "I tried sushi but didn't like it",
    "I've always wanted to learn dog grooming but never got the time.",
])
def test_a_feeling_or_an_aside_after_but_states_nothing(text: str) -> None:
    assert _read(text) == []


def _read_all(text: str) -> list[tuple[str, str, bool]]:
    return sorted((c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("text", "found"), [
    # a thing dropped, then the one taken up, joined by "and" or a comma: before, the "and" form ended the use of
    # 'Notion and switched to Obsidian' and the comma form ended Notion alone (Obsidian lost)
    ("I stopped using Notion and switched to Obsidian.", [("user.uses", "Notion", True),
                                                          ("user.uses", "Obsidian", False)]),
    ("I stopped using Notion, switched to Obsidian.", [("user.uses", "Notion", True),
                                                       ("user.uses", "Obsidian", False)]),
    ("I moved to Berlin, started a new job at SAP.", [("identity.employer", "SAP", False),
                                                      ("identity.location", "Berlin", False)]),
])
def test_a_second_predicate_of_the_user_after_and_or_a_comma_is_read_alone(
        text: str, found: list[tuple[str, str, bool]]) -> None:
    assert _read_all(text) == found


@pytest.mark.parametrize("text", ["I like the city, moved here in 2019.", "I love tea, especially green tea."])
def test_a_comma_before_no_statement_of_the_user_cuts_nothing_new(text: str) -> None:
    assert not [v for _, v, _ in _read_all(text) if "," in v or " moved" in v]
