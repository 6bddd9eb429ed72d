"""A change that names the thing changed only in part is read against what the user holds now
(``facts.meant``): "Sorry, I meant Chloe, not Clara" days after "My niece is called Clara" kept Clara (no held
value equals Clara: the niece's is "niece named Clara"), as did 说错了，是小美，不是小丽 after 我妹妹叫小丽. The one
fact holding the old value as a name now takes the new one in its place; an old value no fact holds, or two facts
hold, or a lowercase word inside a phrase ("not tea" of "green tea") changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory

_AT = datetime(2026, 11, 14, 9, 0, tzinfo=UTC)  # a Saturday


def _facts(path: Path, *messages: str) -> set[tuple[str, str, str]]:
    """(status, value, day) of every fact after ``messages``, said two days apart."""
    with Memory(path / "m.db", embedder=None, user_id="u1") as mem:
        for i, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(days=2 * i))
        return {(f.status, f.value, f.valid_from.date().isoformat() if f.valid_from else "")
                for f in mem.list(kind="fact", status="all", limit=50)}


def _values(facts: set[tuple[str, str, str]], status: str) -> set[str]:
    return {value for s, value, _ in facts if s == status}


@pytest.mark.parametrize(("said", "fix", "old", "new"), [
    ("My niece is called Clara.", "Sorry, I meant Chloe, not Clara.", "niece named Clara", "niece named Chloe"),
    ("我妹妹叫小丽", "说错了，是小美，不是小丽", "妹妹小丽", "妹妹小美"),
    ("我住在南京", "我说错了，是南通，不是南京", "南京", "南通"),
    ("I'm flying to Lisbon on March 14.", "Sorry, I meant Porto, not Lisbon.", "flying to Lisbon", "flying to Porto"),
    # "actually" inside the statement, after its copula: before, the sentence was read as nothing
    ("My brother is Tom.", "My brother is actually named Tim, not Tom.", "brother named Tom", "brother named Tim"),
])
def test_a_correction_puts_right_the_held_value_naming_the_old_one(tmp_path: Path, said: str, fix: str, old: str,
                                                                   new: str) -> None:
    facts = _facts(tmp_path, said, fix)
    assert _values(facts, "active") == {new}, facts
    assert _values(facts, "superseded") == {old}, facts


def test_a_plan_put_right_by_its_place_keeps_its_day(tmp_path: Path) -> None:
    facts = _facts(tmp_path, "I'm flying to Lisbon on March 14.", "Sorry, I meant Porto, not Lisbon.")
    assert ("active", "flying to Porto", "2027-03-14") in facts, facts


@pytest.mark.parametrize("messages", [
    ("My niece is called Clara.", "Sorry, I meant Chloe, not Emma."),  # no Emma held
    ("I love green tea.", "Sorry, I meant coffee, not tea."),  # a word inside a phrase, no name
    ("My niece is called Clara.", "My sister is called Clara.", "Sorry, I meant Chloe, not Clara."),  # which one?
])
def test_a_correction_naming_no_single_held_value_changes_nothing(tmp_path: Path, messages: tuple[str, ...]) -> None:
    facts = _facts(tmp_path, *messages)
    assert not _values(facts, "superseded"), facts
    assert not any("Chloe" in v or "coffee" in v for v in _values(facts, "active")), facts


def test_a_name_put_right_of_another_relative_keeps_the_held_one(tmp_path: Path) -> None:
    """"My sister is named Tim, not Tom" superseded "brother named Tom": the relative it is about was not compared."""
    facts = _facts(tmp_path, "My brother is Tom.", "My sister is named Tim, not Tom.")
    assert _values(facts, "active") == {"brother named Tom", "sister named Tim"}, facts


@pytest.mark.parametrize(("messages", "new", "moved"), [
    (("My friend Tom is coming to visit next week.", "Sorry, his name is Tim, not Tom."), "Tim", {"coming to visit"}),
    (("My brother is called Tom.", "Tom is allergic to peanuts.", "Sorry, his name is Tim, not Tom."), "Tim",
     {"brother named Tim", "peanuts"}),
    (("我的朋友小王下周要来看我。", "不好意思，他叫小李，不是小王。"), "小李", {"来看我"}),
])
def test_the_facts_about_a_person_follow_their_name_put_right(tmp_path: Path, messages: tuple[str, ...], new: str,
                                                              moved: set[str]) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for i, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(days=2 * i))
        active = {(f.value, f.subject) for f in mem.list(kind="fact", limit=50)}
    assert not any(subject in ("Tom", "小王") for _, subject in active), active
    assert {value for value, subject in active if subject == new or new in value} == moved, active


def test_a_name_put_right_of_someone_else_moves_no_facts(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add("My friend Tom is coming to visit next week.", created_at=_AT)
        mem.add("Sorry, his name is Tim, not Bob.", created_at=_AT + timedelta(days=2))
        assert {(f.value, f.subject, f.status) for f in mem.list(kind="fact", status="all", limit=50)} == {
            ("coming to visit", "Tom", "active")}
