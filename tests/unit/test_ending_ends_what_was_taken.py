"""A change said as an ending ends the value it names.

"I drink a lot of coffee" then "quit coffee two weeks ago", 我最近开始喝奶茶了 then 不喝奶茶了: the quit was stored
beside what was drunk (``user.drinks`` stayed current); now giving up or not taking a drink or a food ends what was
said to be drunk or eaten (``facts.resolve.TAKEN_KEYS``). "I go to the climbing gym on tuesdays" then "stopped going to
the climbing gym": a place named in lower case was no place to the reader of endings, so the habit stayed current;
and a reason said after what was given up ("because of my stomach") was read as part of it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _stored(tmp_path: Path, *messages: str) -> tuple[set[tuple[str, str, str]], set[tuple[str, str, str]]]:
    """(active, superseded) (key, value, subject) after ``messages`` are added in order to one memory."""
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for n, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(minutes=n))
        facts = mem.list(kind="fact", status="all", limit=100)
    return ({(f.key, f.value, f.subject or "") for f in facts if f.status == "active"},
            {(f.key, f.value, f.subject or "") for f in facts if f.status == "superseded"})


def _read(text: str) -> list[tuple[str, str, bool]]:
    return sorted((c.key, c.value, c.retracts) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT))


@pytest.mark.parametrize(("before", "ending", "key", "value"), [
    ("我最近开始喝奶茶了", "不喝奶茶了", "user.drinks", "奶茶"),
    ("我平时喝豆浆", "现在已经不喝豆浆了", "user.drinks", "豆浆"),
    ("I drink a lot of coffee", "quit coffee two weeks ago", "user.drinks", "lot of coffee"),
    ("I drink oat milk", "I don't drink oat milk anymore", "user.drinks", "oat milk"),
    ("I eat a lot of sugar", "I gave up sugar", "user.eats", "lot of sugar"),
])
def test_giving_up_ends_what_was_drunk_or_eaten(tmp_path: Path, before: str, ending: str, key: str,
                                                value: str) -> None:
    active, superseded = _stored(tmp_path, before, ending)
    assert (key, value, "") in superseded and not any(k == key for k, _, _ in active)


@pytest.mark.parametrize(("before", "other"), [
    ("我喝咖啡", "我妈不喝咖啡了"),  # someone else's ending
    ("I drink oat milk", "I don't drink coffee anymore"),  # another drink
    ("I drink a lot of tea", "I quit sugar"),  # a food, not the drink
])
def test_an_ending_of_another_thing_or_person_ends_nothing_drunk(tmp_path: Path, before: str, other: str) -> None:
    active, superseded = _stored(tmp_path, before, other)
    assert not any(k == "user.drinks" for k, _, _ in superseded) and any(k == "user.drinks" for k, _, _ in active)


@pytest.mark.parametrize(("before", "ending"), [
    ("I go to the climbing gym on tuesdays", "stopped going to the climbing gym"),
    ("I go to the farmers market every saturday", "I don't go to the farmers market anymore"),
    ("I go to the dog park every morning", "I stopped going to the dog park because of the construction"),
])
def test_going_to_a_place_named_in_lower_case_ends_the_habit(tmp_path: Path, before: str, ending: str) -> None:
    active, superseded = _stored(tmp_path, before, ending)
    assert any(k == "preference.habit" for k, _, _ in superseded)
    assert not any(k == "preference.habit" for k, _, _ in active)


def test_an_ending_of_one_place_leaves_another_habit(tmp_path: Path) -> None:
    active, _ = _stored(tmp_path, "I go to the farmers market every saturday", "I go to the gym every day",
                        "I don't go to the farmers market anymore")
    assert ("preference.habit", "go to the gym every day", "") in active


@pytest.mark.parametrize("text", ["I'm not going to the party anymore", "I'm not going to the meeting anymore"])
def test_a_plan_called_off_withdraws_no_habit(text: str) -> None:
    assert not any(key == "preference.habit" for key, _, _ in _read(text))


@pytest.mark.parametrize(("text", "value"), [
    ("I quit coffee because of my stomach", "coffee"),
    ("I stopped going to the dog park because of the construction", "go to the dog park"),
    ("I gave up soda due to my teeth", "soda"),
    ("gave up tennis after my knee surgery", "tennis"),
    ("I stopped running after my injury", "running"),
])
def test_a_reason_is_no_part_of_what_was_given_up(text: str, value: str) -> None:
    assert ("preference.habit", value, True) in _read(text)


def test_a_time_of_day_after_the_habit_is_part_of_it() -> None:
    assert ("preference.habit", "snacking after dinner", True) in _read("I stopped snacking after dinner")


@pytest.mark.parametrize(("before", "ending", "value"), [
    ("我平时用钉钉", "早就不用钉钉了", "钉钉"),  # a listed name of two 汉字, the subject left out
    ("我平时用钉钉", "我现在不用钉钉了", "钉钉"),
    ("我们现在用飞书", "已经不用飞书了，现在都用Slack", "飞书"),
])
def test_a_tool_no_longer_used_ends(tmp_path: Path, before: str, ending: str, value: str) -> None:
    active, superseded = _stored(tmp_path, before, ending)
    assert any(v == value for _, v, _ in superseded) and not any(v == value for _, v, _ in active)


@pytest.mark.parametrize("text", ["我早就不用上班了", "早就不用写作业了", "我妈早就不用钉钉了"])
def test_no_need_and_someone_elses_stop_end_no_tool_of_the_user(text: str) -> None:
    assert not any(retracts and key == "user.uses" for key, _, retracts in _read(text))
