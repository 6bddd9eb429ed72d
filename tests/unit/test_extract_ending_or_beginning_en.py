"""An English ending or beginning said with a common verb ends or begins what it names. "I dropped keto" withdrew
``user.uses = keto`` and left the diet current; "I deleted Duolingo", "I uninstalled Strava" read nothing; "we
started using Linear" (the team's or the household's beginning) read nothing, so "we use Jira" stayed current;
"I moved yoga to Thursdays" kept the Tuesday habit beside an event. Now "dropped" gives up what "quit" gives up
(``cessation``; a name dropped is a thing used left), "deleted" / "uninstalled" end a thing by name as "ditched"
does (``switches_en``), "we started using" is the beginning "I started using" is (``onset``), and a routine
moved with no "my" before it moves the habit (``rescheduled``). A verb with its particle ("dropped off the
kids", "dropped out of college"), a thing with no name ("I deleted my account"), a name moved ("I moved Tom to
Thursdays"), a wish and someone else's beginning change nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str]]:
    found = RuleExtractor().extract(text=text, role="user", said_at=_AT)
    return {(("-" if f.retracts else "") + f.key, f.value) for f in found if not f.subject}


def _active(tmp_path: Path, *messages: str) -> set[tuple[str, str]]:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for i, text in enumerate(messages):
            mem.add(text, role="user", created_at=_AT + timedelta(minutes=i))
        return {(f.key, f.value) for f in mem.list(kind="fact", status="active", limit=100)}


@pytest.mark.parametrize(("text", "fact"), [
    ("I dropped keto", ("-health.diet", "keto")),
    ("I dropped Notion", ("-user.uses", "Notion")),
    ("I've dropped coffee", ("drink.quit", "coffee")),
    ("I deleted Duolingo", ("-user.uses", "Duolingo")),
    ("I uninstalled Strava", ("-user.uses", "Strava")),
    ("We've dropped Jira", ("-user.uses", "Jira")),
    ("we started using Linear", ("user.began_using", "Linear")),
    ("we started to use Notion", ("user.began_using", "Notion")),
    ("I moved yoga to Thursdays", ("preference.habit", "yoga on Thursdays")),
])
def test_an_ending_or_a_beginning_is_read(text: str, fact: tuple[str, str]) -> None:
    assert fact in _read(text)


@pytest.mark.parametrize(("first", "then", "gone", "now"), [
    ("I'm on the keto diet", "I dropped keto", ("health.diet", "keto"), None),
    ("I use Duolingo", "I deleted Duolingo", ("tool.uses", "Duolingo"), None),
    ("we use Jira", "we started using Linear", ("tool.uses", "Jira"), ("tool.uses", "Linear")),
    ("I do yoga on Tuesdays", "I moved yoga to Thursdays", ("preference.habit", "do yoga on Tuesdays"),
     ("preference.habit", "yoga on Thursdays")),
])
def test_the_old_value_is_no_longer_current(tmp_path: Path, first: str, then: str, gone: tuple[str, str],
                                            now: tuple[str, str] | None) -> None:
    active = _active(tmp_path, first, then)
    assert gone not in active and (now is None or now in active), active


@pytest.mark.parametrize("text", [
    "I dropped off the kids", "I dropped out of college", "I dropped by the store", "I dropped my phone",
    "I deleted my account", "we started dating", "if we start using Linear", "I moved Tom to Thursdays",
])
def test_a_particle_no_name_a_person_or_a_wish_ends_or_begins_nothing(text: str) -> None:
    assert not {(k, v) for k, v in _read(text) if k != "event"}


def test_someone_elses_beginning_is_theirs() -> None:
    found = RuleExtractor().extract(text="My wife started using Linear", role="user", said_at=_AT)
    assert all(f.subject == "wife" for f in found)
