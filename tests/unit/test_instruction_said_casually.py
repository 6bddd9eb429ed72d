"""How the user wants answers written, said casually, is a standing instruction; a later one of the same kind takes
its place; a one-off request, a question or a reaction is none.

"reply in bullets pls", "keep it short", "answers in English only", 说话简洁点, 别给我发表情, 代码注释写英文 stored
nothing: only "always", "never", "only", "I want you to", 请 or 以后 made a reply instruction standing. And two
instructions of one aspect stood side by side ("reply in bullets" and "actually use numbered lists"), since
``assistant.instruction`` holds many values. Now ``extract.replies`` reads an imperative about how to answer, write or
address the user that names no one-off object, and ``extract.statements.slot_label`` gives a reply instruction the
aspect it sets (language, format, length, tone), so the later one supersedes the earlier."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.extract import replies
from memstrata.extract.rules import RuleExtractor

_AT = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def _instructions(text: str) -> list[str]:
    return [c.value for c in RuleExtractor().extract(text=text, role="user", said_at=_AT)
            if c.key == "assistant.instruction"]


@pytest.mark.parametrize(("text", "value"), [
    ("answer in numbered points pls", "answer in numbered points"),
    ("respond in German only", "respond in German only"),
    ("talk to me casually", "talk to me casually"),
    ("keep it brief", "keep answers brief"),
    ("keep things simple, thanks", "keep answers simple"),
    ("just give me concise answers", "give concise answers"),
    ("shorter replies from now on", "give shorter replies"),
    ("replies in plain text", "give replies in plain text"),
    ("snippets in Go only", "give snippets in Go only"),
    ("use bullet points", "use bullet points"),
    ("stick to American spelling", "stick to American spelling"),
    ("no small talk please", "never use small talk"),
    ("quit hedging so much", "quit hedging"),
    ("get right to the point", "get right to the point"),
    ("回复精简一些", "回复精简一些"),
    ("和我聊天轻松一点", "和我聊天轻松一点"),
    ("回复不要那么正式", "回复不要那么正式"),
    ("用表格回复我", "用表格回复我"),
    ("提交信息写英文", "提交信息写英文"),
    ("不要给我发表情包", "不要给我发表情包"),
    ("多举例子", "多举例子"),
    ("别总是说教", "别总是说教"),
    ("先说重点再展开", "先说重点再展开"),
])
def test_a_casual_instruction_on_answers_stands(text: str, value: str) -> None:
    assert _instructions(text) == [value]


@pytest.mark.parametrize("text", [
    "give me a brief overview of this",  # one thing at hand
    "put that in Spanish",
    "could you answer in numbered points?",  # a question
    "keep it brief this time",  # for once
    "brief and clear, nice!",  # a reaction
    "write a reply to my landlord in German",  # a task with its own object
    "give me examples in Rust",  # this example's language, maybe
    "my manager wants shorter replies",  # someone else's wish
    "he always talks to me casually",
    "no problem",
    "stop using DHL",  # a carrier given up, no answer
    "把这段话改成表格",
    "这次回复精简一些",
    "用日语写一首诗",
    "你的回复太正式了",
    "她说话很轻松",
    "能不能多举例子？",
    "别客气",
])
def test_a_one_off_a_question_or_a_reaction_is_none(text: str) -> None:
    assert _instructions(text) == []


@pytest.mark.parametrize(("value", "kind"), [
    ("answer in numbered points", "format"), ("use bullet points", "format"), ("用表格回复我", "format"),
    ("keep answers brief", "length"), ("回答别太长", "length"), ("give detailed answers", "length"),
    ("respond in German only", "language"), ("回答用中文", "language"),
    ("talk to me casually", "tone"), ("和我聊天轻松一点", "tone"),
    ("write commit messages in English", None), ("never use tables", None), ("answer briefly in Spanish", None),
    ("always run ruff before committing", None), ("代码注释写英文", None),
])
def test_the_aspect_an_instruction_sets(value: str, kind: str | None) -> None:
    assert replies.aspect(value) == kind


def _facts(tmp_path: Path, *messages: str) -> set[tuple[str, str]]:
    """``(status, value)`` of every instruction after the user's ``messages``, a minute apart."""
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        for i, message in enumerate(messages):
            mem.add(message, created_at=_AT + timedelta(minutes=i))
        return {(f.status, f.value) for f in mem.list(kind="fact", status="all", limit=100)
                if f.key == "assistant.instruction"}


@pytest.mark.parametrize(("first", "later", "old", "new"), [
    ("answer in numbered points pls", "actually use bullet points", "answer in numbered points", "use bullet points"),
    ("keep it brief", "give me detailed answers from now on", "keep answers brief", "give detailed answers"),
    ("respond in German only", "以后用中文回复我", "respond in German only", "用中文回复"),
    ("回复精简一些", "以后回答详细一点", "回复精简一些", "回答详细一点"),
])
def test_a_later_instruction_of_the_same_aspect_supersedes(tmp_path: Path, first: str, later: str, old: str,
                                                           new: str) -> None:
    assert _facts(tmp_path, first, later) == {("superseded", old), ("active", new)}


def test_instructions_of_other_aspects_stand_together(tmp_path: Path) -> None:
    assert _facts(tmp_path, "answer in numbered points pls", "keep it brief", "never use tables") == {
        ("active", "answer in numbered points"), ("active", "keep answers brief"), ("active", "never use tables")}


@pytest.mark.parametrize(("text", "value"), [
    # a wish addressed to the assistant ("I want you to ..." was read, these were not): what follows is the instruction
    ("I'd rather you respond in numbered points", "respond in numbered points"),
    ("I like it when you keep it brief", "keep answers brief"),
    ("我希望你回复精简一些", "回复精简一些"),
    ("我更喜欢你用表格回复", "用表格回复"),
])
def test_a_wish_addressed_to_the_assistant_is_its_instruction(text: str, value: str) -> None:
    assert _instructions(text) == [value]


@pytest.mark.parametrize("text", ["I'd rather you didn't", "我希望她回复精简一些", "我希望你这次回复精简一些",
                                  "I'd rather you respond in numbered points this time"])
def test_a_wish_for_someone_else_or_for_once_is_none(text: str) -> None:
    assert _instructions(text) == []
