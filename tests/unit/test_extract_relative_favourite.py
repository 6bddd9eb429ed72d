"""A relative's favourite is the relative's like, keyed as the user's own favourite is, never the user's.

"My wife's favourite colour is red" stored nothing (the possessive copula took "red" for an adjective, as it takes
"tired"), while "My wife's favourite colour is green" stored ``wife.colour`` ("their wife colour is green") and "Priya's
favorite color is green" the like ``preference.like`` under Priya. A relative's favourite is now read as a named
person's is: the user's favourite reader, under the relative (``food.like = pizza [son]``), holding one value at a time
under that relative, as the user's own favourite does; the user's favourite is left alone. A relative's other
attributes stay the possessive copula's ("My daughter's school is Lincoln Elementary" is ``daughter.school``); what the
copula does not read is read as the user's own sentence is, under the relative ("My sister's dog is called Biscuit":
her pet, as "My sister has a dog named Biscuit"; "My brother's new job is at Boeing": his employer), never a third
person's ("My brother's girlfriend is pregnant" is neither his nor the user's) and never a place read as an employer
("My new job is in Denver" had stored the employer "in Denver").
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

SAID = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject) for c in RuleExtractor().extract(text=text, role="user", said_at=SAID)]


@pytest.mark.parametrize(("text", "found"), [
    ("My wife's favourite colour is red.", ("preference.like", "red", "wife")),
    ("My wife's favorite color is green", ("preference.like", "green", "wife")),
    ("my husband's favourite food is lasagna", ("food.like", "lasagna", "husband")),
    ("My dad's favourite team is the Packers.", ("sport.like", "Packers", "dad")),
    ("My sister's all-time favourite movie is Jaws", ("media.like", "Jaws", "sister")),
    ("My mom’s favorite band is ABBA", ("music.like", "ABBA", "mom")),
])
def test_a_relatives_favourite_is_their_like(text: str, found: tuple[str, str, str]) -> None:
    assert _read(text) == [found]


@pytest.mark.parametrize(("text", "found"), [
    ("My daughter's school is Lincoln Elementary", [("daughter.school", "Lincoln Elementary", "daughter")]),
    ("My husband's birthday is March 3rd.", [("identity.birthday", "March 3rd", "husband")]),
    ("My favourite colour is red", [("preference.like", "red", "")]),
    ("My wife's car is red", []),  # how the car is, no favourite and no thing named
    ("My wife's favourite is the blue one", []),  # no thing the favourite is of
])
def test_a_relatives_other_attributes_and_the_users_favourite_read_as_before(
        text: str, found: list[tuple[str, str, str]]) -> None:
    assert _read(text) == found


def _facts(tmp_path: Path, *messages: str) -> tuple[set[tuple[str, str, str]], set[tuple[str, str, str]]]:
    """(active, superseded) (key, value, subject) after ``messages`` are added in order, a minute apart."""
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for n, text in enumerate(messages):
            mem.add(text, created_at=SAID + timedelta(minutes=n))
        facts = mem.list(kind="fact", status="all", limit=100)
    return ({(f.key, f.value, f.subject or "") for f in facts if f.status == "active"},
            {(f.key, f.value, f.subject or "") for f in facts if f.status == "superseded"})


def test_a_relatives_favourite_never_replaces_the_users(tmp_path: Path) -> None:
    active, superseded = _facts(tmp_path, "My favourite colour is blue", "My wife's favourite colour is red")
    assert active == {("preference.like", "blue", ""), ("preference.like", "red", "wife")} and not superseded


@pytest.mark.parametrize("later", ["My wife's favorite color is green now", "Sarah's favourite colour is green"])
def test_a_new_favourite_of_the_same_person_replaces_theirs(tmp_path: Path, later: str) -> None:
    first = later.replace("green now", "red").replace("green", "red")
    who = "wife" if later.startswith("My wife") else "Sarah"
    active, superseded = _facts(tmp_path, first, "My wife's favourite band is Queen" if who == "wife" else "hi",
                                later)
    assert ("preference.like", "green", who) in active
    assert superseded == {("preference.like", "red", who)}


@pytest.mark.parametrize(("text", "found"), [
    ("My sister's dog is called Biscuit.", [("pet", "dog named Biscuit", "sister")]),
    ("My brother's new job is at Boeing.", [("identity.employer", "Boeing", "brother")]),
    ("My brother's girlfriend is pregnant", []),  # the girlfriend's
    ("My husband's new job is in Denver", []),  # where the job is, no employer
    ("My new job is in Denver", []),
    ("My new job is at Google", [("identity.employer", "Google", "")]),
])
def test_a_relatives_thing_the_copula_does_not_read_is_read_as_the_users_under_them(
        text: str, found: list[tuple[str, str, str]]) -> None:
    assert _read(text) == found


@pytest.mark.parametrize(("text", "found"), [
    ("my sister's wedding is on 20 Sept", [("schedule.event", "wedding", "sister")]),
    ("My son's recital is next Friday", [("schedule.event", "recital", "son")]),
    ("My flight is on Dec 20", [("schedule.event", "flight", "")]),
])
def test_a_relatives_scheduled_happening_is_theirs(text: str, found: list[tuple[str, str, str]]) -> None:
    """"my sister's wedding is on 20 Sept" had stored the user's schedule.event "sister's wedding"."""
    assert _read(text) == found
