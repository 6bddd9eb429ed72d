"""A relative said with "our" and a named person said with a word before the relation ("best friend", "new boss",
"ex-wife") are someone else, whose statement is kept under them: "Our son is allergic to peanuts", "Our daughter goes
to Lincoln Elementary", "My best friend Kofi lives in Accra", "Kofi, my best friend, lives in Accra" stored nothing.
Under "from now on" what a relative or a named person will do was stored as the user's own habit ("From now on my
sister will go grocery shopping on Sundays" → ``preference.habit = my sister will go grocery shopping on Sundays``
with no subject); it is the sister's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [(c.key, c.value, c.subject or "") for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if not c.retracts]


@pytest.mark.parametrize(("text", "fact"), [
    ("Our son is allergic to peanuts", ("health.allergy", "peanuts", "son")),
    ("Our daughter goes to Lincoln Elementary", ("daughter.school", "Lincoln Elementary", "daughter")),
    ("our kids love swimming", ("sport.like", "swimming", "kids")),
    ("My best friend Kofi lives in Accra", ("identity.location", "Accra", "Kofi")),
    ("Kofi, my best friend, lives in Accra", ("identity.location", "Accra", "Kofi")),
    ("Dana (my new boss) prefers email", ("contact.channel", "email", "Dana")),
    ("My ex-wife Lena lives in Ohio", ("identity.location", "Ohio", "Lena")),
    ("From now on my sister will go grocery shopping on Sundays",
     ("preference.habit", "go grocery shopping on Sundays", "sister")),
    ("Going forward my son is going to walk to school", ("preference.habit", "walk to school", "son")),
    ("From now on, Tom will drive the kids to school", ("preference.habit", "drive the kids to school", "Tom")),
])
def test_kept_under_the_person(text: str, fact: tuple[str, str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", [
    "From now on my friend will cook on Fridays",  # a friend unnamed: no one kept, never the user
    "My best friend lives in Accra", "My ex-wife lives in Ohio",
])
def test_someone_unnamed_is_never_the_user(text: str) -> None:
    assert [f for f in _read(text) if not f[2]] == []


def test_what_the_user_will_do_stays_the_users() -> None:
    assert _read("From now on my wife and I will eat dinner at 7") == [("preference.habit", "eat dinner at 7", "")]
    assert _read("From now on I'll go grocery shopping on Sundays") == [
        ("preference.habit", "go grocery shopping on Sundays", "")]
