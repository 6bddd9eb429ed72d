"""Reading coding agents' transcript files into turns (``integrations.hooks.transcript``): what is a
turn, what is the harness's, and keys that stay the same from one read to the next."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memstrata.integrations.hooks.protocol import PayloadError
from memstrata.integrations.hooks.run import handle
from memstrata.integrations.hooks.transcript import keyless_note, read_turns, why_no_turns

SESSIONS = Path(__file__).resolve().parents[1] / "surfaces" / "agent_sessions"


def test_a_claude_code_transcript_gives_the_spoken_turns_keyed_by_uuid() -> None:
    turns = read_turns(SESSIONS / "claude-code-session.jsonl", "claude-code")
    assert [(t.key[:8], t.role) for t in turns] == [("0a7c6a1e", "user"), ("f7403b9e", "assistant"),
                                                     ("1b8e4d2f", "user"), ("2c9f5e3a", "assistant")]
    # not the slash command, the harness's caveat (isMeta), the thinking or tool_use blocks, the tool
    # result, nor the subagent's line (isSidechain)
    said = " ".join(t.text for t in turns)
    assert "/clear" not in said and "Caveat" not in said and "import boto3" not in said
    assert "other callers" not in said and "read the client first" not in said


def test_a_codex_rollout_gives_the_spoken_turns_with_stable_keys() -> None:
    turns = read_turns(SESSIONS / "codex-rollout.jsonl", "codex")
    assert [t.role for t in turns] == ["user", "assistant", "user", "assistant"]
    assert not any(t.text.startswith(("<environment_context>", "# AGENTS.md")) for t in turns)
    assert turns[2].text == "我住在杭州，账单邮件用中文。"
    assert [t.key for t in read_turns(SESSIONS / "codex-rollout.jsonl", "codex")] == [t.key for t in turns]
    assert len({t.key for t in turns}) == 4


def test_a_line_still_being_written_is_left_for_the_next_read(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    whole = json.dumps({"type": "user", "uuid": "u-1", "timestamp": "2026-11-20T09:00:00Z",
                        "message": {"role": "user", "content": "I use Neovim"}})
    half = json.dumps({"type": "assistant", "uuid": "u-2", "message": {"role": "assistant", "content": "Noted"}})
    path.write_text(whole + "\n" + half[:30], encoding="utf-8")
    assert [t.key for t in read_turns(path, "claude-code")] == ["u-1"]
    path.write_text(whole + "\n" + half + "\n", encoding="utf-8")
    assert [t.key for t in read_turns(path, "claude-code")] == ["u-1", "u-2"]


def test_an_unknown_agent_is_refused(tmp_path: Path) -> None:
    (tmp_path / "t.jsonl").write_text("", encoding="utf-8")
    with pytest.raises(ValueError, match="unknown agent 'cursor'"):
        read_turns(tmp_path / "t.jsonl", "cursor")


def test_a_line_that_is_not_utf8_is_skipped_not_stored_with_replacement_characters(tmp_path: Path) -> None:
    def line(uuid: str, text: str) -> bytes:
        return json.dumps({"type": "user", "uuid": uuid, "timestamp": "2026-01-05T09:00:00Z",
                           "message": {"role": "user", "content": text}}, ensure_ascii=False).encode()
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"\n".join([line("a", "I live in Zürich"), line("b", "I live in München").replace(
        "ü".encode(), "ü".encode("latin-1")), line("c", "我住在北京")]) + b"\n")
    assert [(t.key, t.text) for t in read_turns(path, "claude-code")] == [("a", "I live in Zürich"),
                                                                          ("c", "我住在北京")]


def test_a_transcript_without_turns_says_what_is_missing_and_where(tmp_path: Path) -> None:
    """A Claude Code transcript whose message lines had no ``uuid`` (the id each turn is stored under) was
    logged as "is it a codex transcript?", which it was not; now the log names the field and the lines."""
    path = tmp_path / "session.jsonl"
    lines = [{"type": "user", "message": {"role": "user", "content": "I prefer tabs"}},
             {"type": "summary", "summary": "x"},
             {"type": "assistant", "message": {"role": "assistant", "content": "Noted"}, "uuid": ""}]
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    assert read_turns(path, "claude-code") == []
    assert why_no_turns(path, "claude-code") == (
        f'2 claude-code message lines have no "uuid" (the id each turn is stored under): lines 1, 3 of {path}')
    codex = tmp_path / "rollout.jsonl"
    codex.write_text(json.dumps({"type": "response_item", "payload": {"type": "reasoning"}}) + "\n", encoding="utf-8")
    assert why_no_turns(codex, "claude-code") == "is it a codex transcript? then the hook needs --agent codex"
    assert why_no_turns(path, "codex") == "is it a claude-code transcript? then the hook needs --agent claude-code"
    other = tmp_path / "notes.jsonl"
    other.write_text('{"a": 1}\nnot json\n', encoding="utf-8")
    assert why_no_turns(other, "claude-code") == (
        f'2 lines of {other}, none a claude-code message: a line {{"type": "user" | "assistant", "uuid", '
        '"message"} (1 not a JSON object)')


@pytest.mark.parametrize(("where", "what"), [("gone/t.jsonl", "does not exist"), ("", "is a directory")])
def test_a_transcript_path_that_names_no_file_is_said_before_the_database_is_opened(tmp_path: Path, where: str,
                                                                                   what: str) -> None:
    """The log said "FileNotFoundError: [Errno 2] No such file or directory: '...'" once the engine was loaded."""
    path = tmp_path / where
    env = {"MEMSTRATA_DB": str(tmp_path / "m.db"), "MEMSTRATA_HOOKS_DIR": str(tmp_path / "hooks")}
    payload = json.dumps({"session_id": "s", "transcript_path": str(path), "hook_event_name": "Stop", "cwd": "/tmp"})
    with pytest.raises(PayloadError, match=rf"^payload field 'transcript_path' names {path}, which {what}"):
        handle("Stop", "claude-code", payload, env)
    assert not (tmp_path / "m.db").exists()  # no database opened, none created


def test_message_lines_without_uuid_beside_stored_ones_are_named_by_their_line_in_the_file(tmp_path: Path) -> None:
    """Beside lines with a ``uuid`` (stored), the lines without one were skipped in silence ("1 new turn stored");
    the log now names them, numbered as in the file (a blank line and a line that is not UTF-8 count)."""
    path = tmp_path / "session.jsonl"
    good = {"type": "user", "message": {"role": "user", "content": "I prefer tabs"}, "uuid": "u1"}
    keyless = {"type": "assistant", "message": {"role": "assistant", "content": "Noted"}}
    path.write_bytes(b"\n".join([json.dumps(good).encode(), b"", b"\xff\xfe", json.dumps(keyless).encode()]) + b"\n")
    assert [t.key for t in read_turns(path, "claude-code")] == ["u1"]
    assert keyless_note(path, "claude-code") == (
        f'1 claude-code message line has no "uuid" (the id each turn is stored under): line 4 of {path}')
    assert keyless_note(path, "codex") == ""  # a Codex message without an id is keyed by its digest


def test_a_time_out_of_range_once_in_utc_is_unreadable_and_the_later_turns_are_read(tmp_path: Path) -> None:
    """A line dated ``9999-12-31T23:59:59-12:00`` raised OverflowError out of the reader: no turn of the
    transcript was stored, the valid ones after it included, on every later run too."""
    def line(uuid: str, stamp: str, text: str) -> str:
        return json.dumps({"type": "user", "uuid": uuid, "timestamp": stamp,
                           "message": {"role": "user", "content": text}})
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join([line("a", "9999-12-31T23:59:59-12:00", "I use Neovim"),
                               line("b", "0001-01-01T00:00:00+14:00", "I use tmux"),
                               line("c", "2026-11-20T09:00:00Z", "I use fish")]) + "\n", encoding="utf-8")
    turns = read_turns(path, "claude-code")
    assert [(t.key, t.created_at) for t in turns][:2] == [("a", None), ("b", None)]  # as a "garbage" time
    assert [t.key for t in turns] == ["a", "b", "c"] and turns[2].created_at is not None
