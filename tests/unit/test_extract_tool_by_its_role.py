"""A thing used, said by the role it has ("using helix as my editor", "I use arc as my browser now", 我用zsh当shell,
浏览器我用的是Chrome, 手机我一直用小米, 编辑器我用vim), is read as "my <role> is <thing>" whatever case its name is
typed in, or as the thing used when a list knows it (Arc, Chrome, Obsidian); before, each stored nothing (or
手机我一直用小米 the habit ``一直用小米``). Said as new ("now", "switched to") it ends the one of its kind; a person's
role ("as my therapist"), a thing with an article and an unlisted English name in a role no key holds are no tool."""

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
    ("using helix as my editor these days", ("tool.editor", "helix")),
    ("I use arc as my browser", ("tool.uses", "Arc")),
    ("I'm using chrome as my main browser", ("tool.uses", "Chrome")),
    ("switched to obsidian as my notes app", ("user.uses", "Obsidian")),
    ("我用zsh当shell", ("user.shell", "zsh")),
    ("我用Arc作为浏览器", ("tool.uses", "Arc")),
    ("浏览器我用的是Chrome", ("tool.uses", "Chrome")),
    ("输入法我用搜狗", ("user.输入法", "搜狗")),
    ("手机我一直用小米", ("tool.phone", "小米")),
    ("编辑器我用vim", ("tool.editor", "Vim")),
    ("快递我用顺丰", ("shipping.carrier", "顺丰")),
])
def test_a_thing_said_by_its_role_is_that_role(text: str, fact: tuple[str, str]) -> None:
    assert _read(text) == [fact]


@pytest.mark.parametrize("text", [
    "I use ChatGPT as my therapist", "I use my phone as my alarm", "他我一直用小名叫", "晚饭我用微波炉热",
    "I use it as my excuse", "using fish as my shell",
])
def test_no_tool_role_is_left_as_said(text: str) -> None:
    assert role_said(text) == text


def test_a_thing_said_by_its_role_as_new_ends_the_one_of_its_kind(tmp_path, embedder) -> None:  # type: ignore[no-untyped-def]
    from memstrata import Memory

    with Memory(str(tmp_path / "m.db"), embedder=embedder, user_id="u") as memory:
        memory.add("I use Chrome")
        memory.add("using firefox as my default browser now")
        facts = {(f.key, f.value, f.status) for f in memory.list(kind="fact", status="all", limit=50)}
    assert ("tool.uses", "Firefox", "active") in facts and ("tool.uses", "Chrome", "superseded") in facts
