"""A change said as a beginning supersedes the old value of the same kind, and of no other.

"my browser is Chrome" then "started using Arc a few weeks ago", 我平时用钉钉 then 我最近开始用飞书了: the beginning was
a thing used beside the one it took the place of. Now a thing of a known kind said as begun
(``extract.shapes.begun_use``) ends the one thing of that kind the user had (``facts.switch.ended_by_beginning``).
"I use arc as my browser now" then "switched my browser to firefox" kept Arc current beside Firefox (``tool.uses`` and
``user.browser``, two keys); now a key that holds one thing of a kind and a thing used of that kind are one slot
(``extract.tool_kinds.kind_of_key``). Near-misses end nothing: a thing of another kind or of no known kind, a
relative's change, a supposition, a plan."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def _stored(tmp_path: Path, *messages: str) -> tuple[set[str], set[str]]:
    """(active, superseded) values of the user's own facts after ``messages`` are added in order to one memory."""
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for n, text in enumerate(messages):
            mem.add(text, created_at=_AT + timedelta(minutes=n))
        facts = [f for f in mem.list(kind="fact", status="all", limit=100) if not f.subject]
    return ({f.value for f in facts if f.status == "active"}, {f.value for f in facts if f.status == "superseded"})


@pytest.mark.parametrize(("before", "begun", "old", "new"), [
    ("my browser is Chrome", "started using Arc a few weeks ago", "Chrome", "Arc"),
    ("I use Firefox", "I started using Brave last month", "Firefox", "Brave"),
    ("I use Apple Music", "I've started using Spotify", "Apple Music", "Spotify"),
    ("We use Trello", "I started using Asana last month", "Trello", "Asana"),
    ("我平时用钉钉", "我最近开始用飞书了", "钉钉", "飞书"),
    ("我的浏览器是Chrome", "我开始用Edge了", "Chrome", "Edge"),
    # a use said with when it began is a beginning too
    ("I use Apple Music", "I've been using Spotify since March", "Apple Music", "Spotify"),
    ("I use Outlook", "I've been on Fastmail since March", "Outlook", "Fastmail"),
])
def test_a_thing_begun_ends_the_one_of_its_kind(tmp_path: Path, before: str, begun: str, old: str, new: str) -> None:
    active, superseded = _stored(tmp_path, before, begun)
    assert new in active and old in superseded and old not in active


@pytest.mark.parametrize(("before", "other", "kept"), [
    ("I use Notion for notes", "started using Figma for design", "Notion"),  # another kind
    ("I use Slack", "I started using Spotify", "Slack"),  # another kind
    ("I use Anki", "I started using Chrome", "Anki"),  # no known kind: may be anything
    ("I use Chrome", "my wife started using Firefox", "Chrome"),  # someone else's
    ("I use Chrome", "if I start using Firefox I'll lose my bookmarks", "Chrome"),  # a supposition
    ("I use Spotify", "I'm thinking of starting to use Apple Music", "Spotify"),  # a plan
    ("我平时用钉钉", "我老公最近开始用飞书了", "钉钉"),  # someone else's
    ("I use Outlook", "my wife has been on Fastmail since March", "Outlook"),  # someone else's
    ("I use Slack", "I've been on Fastmail since March", "Slack"),  # another kind
])
def test_a_beginning_of_another_kind_or_person_ends_nothing(tmp_path: Path, before: str, other: str,
                                                             kept: str) -> None:
    active, superseded = _stored(tmp_path, before, other)
    assert kept in active and kept not in superseded


def test_two_of_the_kind_before_leave_both(tmp_path: Path) -> None:
    active, _ = _stored(tmp_path, "I use Chrome", "I also use Safari", "I started using Arc")
    assert {"Chrome", "Safari", "Arc"} <= active


@pytest.mark.parametrize(("before", "after", "old", "new"), [
    ("I use arc as my browser now", "switched my browser to firefox", "Arc", "Firefox"),
    ("I use Chrome", "my browser is Firefox", "Chrome", "Firefox"),
    ("浏览器我用的是Chrome", "我的浏览器是Edge", "Chrome", "Edge"),
    ("my browser is Chrome", "I switched to Brave", "Chrome", "Brave"),
])
def test_a_key_of_one_kind_and_a_thing_used_of_it_are_one_slot(tmp_path: Path, before: str, after: str, old: str,
                                                                new: str) -> None:
    active, superseded = _stored(tmp_path, before, after)
    assert new in active and old in superseded and old not in active


def test_a_key_of_one_kind_leaves_things_of_other_kinds(tmp_path: Path) -> None:
    active, _ = _stored(tmp_path, "I use Slack", "I use Anki", "my browser is Firefox")
    assert {"Slack", "Anki", "Firefox"} <= active


@pytest.mark.parametrize(("text", "value"), [("换成腾讯视频了", "腾讯视频"), ("最近换成芒果TV了", "芒果TV")])
def test_a_listed_name_ending_in_a_purpose_word_is_kept_whole(text: str, value: str) -> None:
    found = [(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)]
    assert [v for _, v in found] == [value] and not any(k == "user.meetings" for k, _ in found)
