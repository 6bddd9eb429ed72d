"""A thing used, said by the role it has ("using fish as my shell", "I use arc as my browser now", 我用zsh当shell,
浏览器我用的是Chrome, 手机我一直用小米, 编辑器我用vim), is read as "my <role> is <thing>" whatever case its name is
typed in; before, each stored nothing (or 手机我一直用小米 the habit ``一直用小米``). A later change of the role
supersedes it; a person's role ("as my therapist") and a thing with an article are no tool."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memstrata.extract.rules import RuleExtractor
from memstrata.extract.tool_roles import role_said

_AT = datetime(2026, 12, 7, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    return sorted((c.key, c.value) for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
                  if not c.subject and not c.retracts)


@pytest.mark.parametrize(("text", "fact"), [
    ("using fish as my shell these days", ("user.shell", "fish")),
    ("I use arc as my browser now", ("user.browser", "arc")),
    ("we use gitea as our forge", ("user.forge", "gitea")),
    ("我用zsh当shell", ("user.shell", "zsh")),
    ("我用Arc作为浏览器", ("user.浏览器", "Arc")),
    ("浏览器我用的是Chrome", ("user.浏览器", "Chrome")),
    ("手机我一直用小米", ("tool.phone", "小米")),
    ("编辑器我用vim", ("tool.editor", "Vim")),
    ("快递我用顺丰", ("shipping.carrier", "顺丰")),
])
def test_a_thing_said_by_its_role_is_that_role(text: str, fact: tuple[str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", [
    "I use ChatGPT as my therapist", "I use my phone as my alarm", "他我一直用小名叫", "晚饭我用微波炉热",
    "I use it as my excuse",
])
def test_no_tool_role_is_left_as_said(text: str) -> None:
    assert role_said(text) == text


def test_a_role_said_again_supersedes_the_thing(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from memstrata import Memory

    with Memory(str(tmp_path / "m.db"), user_id="u") as memory:
        memory.add("I use arc as my browser now")
        memory.add("switched my browser to firefox")
        facts = {(f.key, f.value, f.status) for f in memory.list(kind="fact", status="all", limit=50)}
    assert ("user.browser", "Firefox", "active") in facts and ("user.browser", "arc", "superseded") in facts
