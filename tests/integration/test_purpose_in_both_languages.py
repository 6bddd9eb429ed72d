"""A thing used for a listed purpose is one fact in Chinese and English: a change said in the other language
supersedes it, its history shows both, and a search in either language finds it; through the public SDK on
SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest

from factvalues import change_of, values
from memstrata import Memory
from memstrata.config import Settings


@pytest.mark.parametrize(("before", "change", "key", "old", "new"), [
    ("我用Obsidian记笔记", "I use Notion for notes now.", "user.notes", "Obsidian", "Notion"),
    ("I use Obsidian for notes.", "我现在用Notion记笔记了", "user.notes", "Obsidian", "Notion"),
    ("我们用Jira管理任务", "We use Linear for tickets now.", "user.tickets", "Jira", "Linear"),
    ("We use jira for tickets.", "我们现在用Linear管理任务", "user.tickets", "Jira", "Linear"),
    ("We use Confluence for documentation.", "我们改用Notion写文档了", "user.docs", "Confluence", "Notion"),
    ("我们用Zoom开会", "We use Google Meet for meetings now.", "user.meetings", "Zoom", "Google Meet"),
    ("We use Slack for team chat.", "我们现在用飞书沟通", "user.chat", "Slack", "飞书"),
    ("I use Obsidian for notes.", "我记笔记改用Notion了", "user.notes", "Obsidian", "Notion"),
    ("We use Zoom for meetings.", "我们从Zoom换成腾讯会议开会了", "user.meetings", "Zoom", "腾讯会议"),
    ("Our issue tracker is Jira.", "我们现在用Linear管理任务", "user.tickets", "Jira", "Linear"),
    ("我的笔记软件是Obsidian", "I use Notion for notes now.", "user.notes", "Obsidian", "Notion"),
])
def test_a_purpose_said_in_the_other_language_supersedes_the_thing_used(
        db_settings: dict[str, Any], before: str, change: str, key: str, old: str, new: str) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add(before)
        [changed] = mem.add(change).facts
        assert change_of(changed) == ("supersede", new, [old])
        assert values(mem, key) == [new]
        assert values(mem, key, "superseded") == [old]
        assert [(f.value, f.status) for f, _ in mem.history(key=key)] == [(old, "superseded"), (new, "active")]


@pytest.mark.parametrize(("said", "query", "value"), [
    ("I use Notion for notes.", "我用什么记笔记", "Notion"),
    ("我用Obsidian记笔记", "which app do I take notes in", "Obsidian"),
    ("We use Linear for tickets.", "我们用什么管理任务", "Linear"),
    ("我们用Jira管理任务", "what do we track issues in", "Jira"),
])
def test_a_search_in_the_other_language_finds_what_the_purpose_uses(
        db_settings: dict[str, Any], said: str, query: str, value: str) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add(said)
        mem.add("今天天气不错。" if said.isascii() else "What a rainy day.")
        hits = mem.search(query, kinds=("fact",))
        assert [h.text for h in hits][:1] and value in hits[0].text


def test_a_switch_naming_no_old_value_ends_the_thing_of_its_kind_used_for_a_purpose(
        db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add("我们用钉钉开会")
        mem.add("We use Jira for tickets.")
        [changed] = mem.add("我们改用飞书了").facts  # 飞书 is team chat, as 钉钉 is: Jira stays
        assert change_of(changed) == ("supersede", "飞书", ["钉钉"])
        assert values(mem, "user.meetings") == ["飞书"]
        assert values(mem, "user.tickets") == ["Jira"]
        mem.add("We use Foo for notes.")  # of no known kind: no rival of a switch to a tool of a known kind
        [changed] = mem.add("We've moved to Linear.").facts
        assert change_of(changed) == ("supersede", "Linear", ["Jira"])
        assert values(mem, "user.tickets") == ["Linear"]
        assert values(mem, "user.notes") == ["Foo"]


def test_a_purpose_off_the_list_keeps_its_own_words(db_settings: dict[str, Any]) -> None:
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.add("我们用DeepL做翻译")
        mem.add("We use Google Translate for translation.")
        assert values(mem, "user.翻译") == ["DeepL"]  # not superseded: an unknown purpose is keyed as said
        assert values(mem, "user.translation") == ["Google Translate"]


def test_a_value_stored_under_the_purposes_chinese_key_before_is_superseded_there(
        db_settings: dict[str, Any], tmp_path: Any) -> None:
    """A store written when 我用Obsidian记笔记 was ``user.笔记`` (its export, the key as it was then)."""
    with Memory(settings=Settings(db_path=str(tmp_path / "then.db")), embedder=None, user_id="ann") as then:
        then.add("我用Obsidian记笔记")
        records = [{**r, "key": "user.笔记"} if r.get("key") == "user.notes" else r for r in then.export()]
    with Memory(settings=Settings(**db_settings), embedder=None, user_id="ann") as mem:
        mem.import_records(records)
        assert values(mem, "user.笔记") == ["Obsidian"]
        [changed] = mem.add("I use Notion for notes now.").facts
        assert change_of(changed) == ("supersede", "Notion", ["Obsidian"])
        assert [(f.value, f.status) for f, _ in mem.history(key="user.笔记")] == [
            ("Obsidian", "superseded"), ("Notion", "active")]
        assert values(mem, "user.notes") == []
        mem.add("我现在用Logseq记笔记")  # the value held there now is superseded there again
        assert values(mem, "user.笔记") == ["Logseq"]
