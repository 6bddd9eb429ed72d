"""The turns of a coding agent's transcript file, as text to remember.

Both agents name the file in every hook payload (``transcript_path``); neither publishes a
schema for its lines, so this module reads only the fields every line of the format carries
and skips what it does not know (a new line type must never break a hook):

* **Claude Code** (``~/.claude/projects/<dir>/<session_id>.jsonl``): one JSON object per line
  with ``type`` (``user`` / ``assistant``; ``summary``, ``system``, ``file-history-snapshot``
  and others are skipped), ``uuid`` (the line's id), ``timestamp`` (ISO 8601),
  ``isSidechain`` (a subagent's line: skipped), ``isMeta`` (a line the harness injected:
  skipped) and ``message`` (the Messages API message: ``role``, ``content`` a string or a
  list of blocks; only ``text`` blocks are read, never ``tool_use``, ``tool_result`` or
  ``thinking``). Each line is keyed by its ``uuid``: Claude Code writes one line per content
  block of a reply, so a reply's text blocks are turns of their own (a reply still being
  written when a hook fires loses nothing: its later lines have their own keys).
* **Codex** rollout (``~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl``): lines
  ``{"timestamp", "type", "payload"}``; a turn is a ``response_item`` whose payload is
  ``{"type": "message", "role": "user" | "assistant", "content": [{"type": "input_text" |
  "output_text", "text"}]}`` (``codex-rs/protocol``'s ``RolloutLine`` / ``ResponseItem``).
  Messages Codex writes on the user's behalf (``<environment_context>``,
  ``<user_instructions>``, ``# AGENTS.md instructions``) are skipped. A message's ``id`` is
  its key when present; otherwise the key is a digest of the line's timestamp, role and text,
  which is as stable as the append-only file.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

#: Text Codex puts in a user message that the user did not type (its harness's wrappers).
CODEX_HARNESS_PREFIXES = ("<environment_context>", "<user_instructions>", "# AGENTS.md instructions",
                          "<permissions instructions>", "<turn_aborted>", "<user_shell_command>")
#: Text Claude Code writes as a user line for a slash command or its output, not a prompt.
CLAUDE_HARNESS_PREFIXES = ("<command-name>", "<command-message>", "<local-command-stdout>",
                           "<local-command-stderr>", "Caveat: The messages below were generated")
#: Characters that show nothing (``text.segment.INVISIBLE``, copied so the warm path loads no engine;
#: a test pins the two equal): a text of only these is empty, which ``Memory.add`` refuses.
INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))


@dataclass(frozen=True)
class Turn:
    """One message of the conversation.

    Attributes:
        key: the transcript's own id for it (Claude Code ``uuid``, Codex
            ``id`` or a digest); stable across reads of the same file.
        role: ``user`` or ``assistant``.
        text: what was said, the text blocks joined by blank lines.
        created_at: when it was written (timezone-aware UTC), or ``None`` when the line has no
            readable timestamp.
    """

    key: str
    role: str
    text: str
    created_at: datetime | None


def read_turns(path: Path, agent: str) -> list[Turn]:
    """The turns of the transcript at ``path`` in file order (``agent``: ``claude-code`` or
    ``codex``). A line that is not JSON (e.g. one being written right now) or not UTF-8 is
    skipped: decoded with replacement characters, "München" in Latin-1 was stored as "M\ufffdnchen".

    Raises:
        OSError: the file cannot be read.
        ValueError: an unknown ``agent``.
    """
    lines = _json_lines(_utf8_lines(path.read_bytes()))
    if agent == "claude-code":
        return list(claude_turns(lines))
    if agent == "codex":
        return list(codex_turns(lines))
    raise ValueError(f"unknown agent {agent!r}")


def _claude_message(record: dict[str, Any]) -> bool:
    return record.get("type") in ("user", "assistant") and isinstance(record.get("message"), dict)


def _codex_line(record: dict[str, Any]) -> bool:
    return isinstance(record.get("payload"), dict) and isinstance(record.get("type"), str)


#: At most this many line numbers are named in a message.
SHOWN_LINES = 3


def why_no_turns(path: Path, agent: str) -> str:
    """Why the transcript at ``path`` gave ``agent`` no turn, for the hook's log: what is missing and where.

    * message lines of the agent's format without the id a turn is stored under (Claude Code's ``uuid``):
      ``3 claude-code message lines have no "uuid" (the id each turn is stored under): lines 1, 2, 3 of PATH``;
    * lines of the other agent's format: ``is it a codex transcript? then the hook needs --agent codex``;
    * nothing of either (``4 lines of PATH, none a claude-code message: a line {"type": "user" | "assistant",
      "uuid", "message"}``), or no line at all.

    Raises:
        OSError: the file cannot be read.
    """
    lines = _numbered(path)
    records = [(n, r) for n, r in lines if r is not None]
    if not lines:
        return f"{path} holds no line yet"
    other = "codex" if agent == "claude-code" else "claude-code"
    keyless = keyless_note(path, agent, lines)
    if keyless:
        return keyless
    theirs = _codex_line if agent == "claude-code" else _claude_message
    if any(theirs(r) for _, r in records):
        return f"is it a {other} transcript? then the hook needs --agent {other}"
    shape = ('{"type": "user" | "assistant", "uuid", "message"}' if agent == "claude-code" else
             '{"type": "response_item", "payload": {"type": "message", "role", "content"}}')
    unread = len(lines) - len(records)
    return (f"{len(lines)} lines of {path}, none a {agent} message: a line {shape}"
            + (f" ({unread} not a JSON object)" if unread else ""))


def keyless_note(path: Path, agent: str, lines: list[tuple[int, dict[str, Any] | None]] | None = None) -> str:
    """The message lines of ``agent``'s transcript at ``path`` that no turn was read from for want of the id a
    turn is stored under (Claude Code's ``uuid``; a Codex message without an ``id`` is keyed by its digest), as
    ``2 claude-code message lines have no "uuid" (...): lines 1, 3 of PATH``; ``""`` when there is none. They were
    skipped in silence: a transcript of which only some lines were stored logged "3 new turns stored".
    ``lines``: the file's numbered records when already read (``_numbered``).

    Raises:
        OSError: the file cannot be read.
    """
    if agent != "claude-code":
        return ""
    keyless = [n for n, r in (_numbered(path) if lines is None else lines)
               if r is not None and _claude_message(r) and not (isinstance(r.get("uuid"), str) and r["uuid"])]
    if not keyless:
        return ""
    where = ", ".join(map(str, keyless[:SHOWN_LINES])) + (", ..." if len(keyless) > SHOWN_LINES else "")
    many = len(keyless) > 1
    return (f"{len(keyless)} claude-code message line{'s' if many else ''} {'have' if many else 'has'} no \"uuid\" "
            f"(the id each turn is stored under): line{'s' if many else ''} {where} of {path}")


def _numbered(path: Path) -> list[tuple[int, dict[str, Any] | None]]:
    """The file's non-blank lines by their number in the file (from 1), each as its JSON object, or ``None`` when
    it is not one (not JSON, or not UTF-8)."""
    out: list[tuple[int, dict[str, Any] | None]] = []
    for number, raw in enumerate(path.read_bytes().splitlines(), start=1):
        try:
            record = json.loads(raw.decode("utf-8"))
        except ValueError:  # UnicodeDecodeError is one
            if raw.strip():
                out.append((number, None))
            continue
        out.append((number, record if isinstance(record, dict) else None))
    return out


def _utf8_lines(data: bytes) -> Iterator[str]:
    for raw in data.splitlines():
        with contextlib.suppress(UnicodeDecodeError):
            yield raw.decode("utf-8")


def _json_lines(lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    for line in lines:
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict):
            yield record


def claude_turns(records: Iterable[dict[str, Any]]) -> Iterator[Turn]:
    """Turns of Claude Code transcript lines (see the module docstring for the fields read)."""
    for record in records:
        kind = record.get("type")
        message = record.get("message")
        if kind not in ("user", "assistant") or not isinstance(message, dict):
            continue
        if record.get("isSidechain") or record.get("isMeta"):
            continue
        text = _text_of(message.get("content"), ("text",))
        if not text or (kind == "user" and text.startswith(CLAUDE_HARNESS_PREFIXES)):
            continue
        key = record.get("uuid")
        if not isinstance(key, str) or not key:
            continue
        yield Turn(key, kind, text, _timestamp(record.get("timestamp")))


def codex_turns(records: Iterable[dict[str, Any]]) -> Iterator[Turn]:
    """Turns of Codex rollout lines (see the module docstring for the fields read)."""
    for record in records:
        payload = record.get("payload")
        if record.get("type") != "response_item" or not isinstance(payload, dict):
            continue
        role = payload.get("role")
        if payload.get("type") != "message" or role not in ("user", "assistant"):
            continue
        text = _text_of(payload.get("content"), ("input_text", "output_text", "text"))
        if not text or (role == "user" and text.startswith(CODEX_HARNESS_PREFIXES)):
            continue
        stamp = record.get("timestamp")
        key = payload.get("id")
        if not isinstance(key, str) or not key:
            digest = hashlib.sha256(json.dumps([stamp, role, text], ensure_ascii=False).encode("utf-8"))
            key = "d" + digest.hexdigest()[:32]
        yield Turn(key, role, text, _timestamp(stamp))


def _text_of(content: object, kinds: tuple[str, ...]) -> str:
    """The text of a message's ``content``: a plain string, or its text blocks joined; ``""`` when
    nothing of it is visible (a refused turn would stop the session's later turns from being stored)."""
    if isinstance(content, str):
        parts = [content.strip()]
    elif isinstance(content, list):
        parts = [block["text"].strip() for block in content
                 if isinstance(block, dict) and block.get("type") in kinds and isinstance(block.get("text"), str)]
    else:
        return ""
    return "\n\n".join(p for p in parts if p.translate(INVISIBLE).strip())


def _timestamp(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        when = datetime.fromisoformat(value.replace("Z", "+00:00"))
        # out of range once in UTC (9999-12-31T23:59:59-12:00) is as unreadable as "garbage": the store
        # would refuse the turn, and every later turn of the transcript with it
        return when.astimezone(UTC) if when.tzinfo is not None else when.replace(tzinfo=UTC)
    except (ValueError, OverflowError):
        return None
