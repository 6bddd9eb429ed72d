"""A pasted transcript of role-labelled lines gives facts from the user's lines only (``extract.quoted.users_lines``):
the assistant's lines are its own, and the message is stored as said."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract.rules import RuleExtractor
from memstrata.types import Fact

_AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _read(text: str) -> set[tuple[str, str]]:
    return {(c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)}


@pytest.mark.parametrize(("text", "expected"), [
    ("user: I live in Leeds and I ship with DHL\nassistant: Noted! I'd use FedEx myself. I live in London.",
     {("identity.location", "Leeds"), ("shipping.carrier", "DHL")}),
    ("用户：我住在北京\n助理：好的，我住在上海", {("identity.location", "北京")}),
    ("**User:** I live in Leeds\n**Assistant:** Great, I live in London.", {("identity.location", "Leeds")}),
    ("assistant: I live in London\nuser: thanks\nassistant: I ship with FedEx", set()),
    ("assistant: I live in London", set()),
])
def test_only_the_users_lines_of_a_transcript_state_facts(text: str, expected: set[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("User: I prefer UPS for delivery", {("shipping.carrier", "UPS")}),  # one label: a message, no transcript
    ("I live in Leeds.\nMy assistant lives in London.", {("identity.location", "Leeds")}),
])
def test_a_message_that_is_no_transcript_reads_as_before(text: str, expected: set[tuple[str, str]]) -> None:
    assert _read(text) == expected


def test_the_assistants_line_supersedes_nothing_and_the_message_is_kept_whole(tmp_path: Path) -> None:
    pasted = "user: I live in Leeds and I ship with DHL\nassistant: Noted! I'd use FedEx myself. I live in London."
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        mem.add(pasted)
        assert [f.value for f in mem.list(key="identity.location") if isinstance(f, Fact)] == ["Leeds"]
        assert [f.value for f in mem.list(key="shipping.carrier") if isinstance(f, Fact)] == ["DHL"]
        assert [e.content for e in mem.list(kind="episode")] == [pasted]  # type: ignore[union-attr]
