"""Someone named by a role the user has one of, in passing ("my thesis supervisor, Ingrid, wants ...", "I sent it to
my accountant Ravi"), stored nothing, though "My thesis supervisor is Ingrid" stores ``user.thesis_supervisor``. Now
the role is kept under the copula's key, and a later name supersedes it; a role of several ("my friend Jake", "my
colleague Tom"), one no longer held ("my former boss Dana"), one the sentence is about ("My accountant Ravi prefers
email": what it says is his), a question and a supposition give nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _roles(text: str) -> list[tuple[str, str]]:
    return sorted((c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
                  if c.key.startswith("user."))


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm behind on my thesis and my thesis supervisor, Ingrid, wants the methods chapter by June.",
     [("user.thesis_supervisor", "Ingrid")]),
    ("I sent the receipts to my accountant Ravi last week.", [("user.accountant", "Ravi")]),
    ("After three complaints our landlord, Mr. Haddad, finally fixed the heating.", [("user.landlord", "Mr. Haddad")]),
    ("I'm icing it daily, and my wonderful physio Tanya says my knee is healing.", [("user.physio", "Tanya")]),
])
def test_a_role_named_in_passing_is_kept(text: str, expected: list[tuple[str, str]]) -> None:
    assert _roles(text) == expected


@pytest.mark.parametrize("text", [
    "My friend Jake is coming over tonight.",
    "My accountant Ravi prefers email.",  # about Ravi: his preference, kept under him
    "My colleague Tom covered my shift.",
    "My former boss Dana called me yesterday.",
    "Should I ask my accountant Ravi about it?",
    "If my landlord Omar agrees, we'll get a cat.",
])
def test_no_role_of_the_users(text: str) -> None:
    assert _roles(text) == []


def test_a_later_name_supersedes(memory: Memory) -> None:
    memory.add("My accountant is Ravi.")
    memory.add("I handed everything over to my accountant Leah this spring.")
    active = [f.value for f in memory.list(kind="fact", status="active", limit=50) if f.key == "user.accountant"]
    assert active == ["Leah"]
