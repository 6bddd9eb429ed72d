"""Import message logs (JSONL, LoCoMo) through the public SDK, exactly as a user would."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from memstrata.errors import ContentTooLarge, InvalidInput
from memstrata.lifecycle.import_records import TYPES as EXPORT_TYPES
from memstrata.loaders.base import ImportedMessage
from memstrata.loaders.identity import forgotten, keyed, settled
from memstrata.loaders.jsonl import load_jsonl_messages
from memstrata.loaders.locomo import Conversation, is_locomo, load_locomo
from memstrata.memory import Memory


def import_messages(memory: Memory, messages: Iterable[ImportedMessage], *, user_id: str | None = None,
                    on_batch: Callable[[int], None] | None = None,
                    tally: dict[str, int] | None = None) -> dict[str, int]:
    """Add messages (speaker, time and session kept); returns ``{source_id: episode_id}``.
    ``tally``, when given, counts ``added`` (new episodes) and ``duplicates`` (messages already
    stored, left as they were): a re-import must not report its duplicates as imported.

    A message's own ``user_id`` (JSONL ``user_id``, kept in ``metadata["scope"]``) wins;
    ``user_id`` is the default for messages without one, then the ``Memory``'s default user.
    Re-importing adds nothing: a message with its own ``created_at`` is known by its episode
    identity (role, speaker, time, text); a JSONL line without one, stamped at import, by its
    import key (its ``source_id``, else its text and place among identical lines:
    ``loaders.identity``). A message its owner forgot here is not stored again
    (``Memory.forgotten_messages``); ``tally`` counts it as ``forgotten``. One stored already in
    another redaction (the privacy policy changed since) is a duplicate too
    (``Memory.stored_otherwise``): its unredacted original is never stored beside it.

    Raises:
        InvalidInput, ContentTooLarge: a message ``Memory.message`` refuses, prefixed ``line N:``
            when it came from a line of a file; nothing of ``messages`` is stored.
    """
    built, sources = [], []
    stamped, older = keyed(list(messages))
    for msg in stamped:
        scope = dict(msg.metadata.get("scope") or {})
        metadata = {k: v for k, v in msg.metadata.items() if k != "scope"}
        try:
            built.append(memory.message(
                msg.content, role=msg.role, speaker=msg.speaker, created_at=msg.created_at,
                metadata=metadata, session_id=msg.session_id,
                user_id=user_id if scope.get("user_id") is None else scope["user_id"], agent_id=scope.get("agent_id"),
            ))
        except InvalidInput as exc:
            # Checked after the file parsed (the clock, the size limit, the scope): name the line, as
            # the loader does for a malformed one (a future date otherwise names none).
            if msg.line is None:
                raise
            kind = ContentTooLarge if isinstance(exc, ContentTooLarge) else InvalidInput
            raise kind(f"line {msg.line}: {exc}") from None
        sources.append(msg.source_id)
    gone = forgotten(memory, built, older)  # forgotten here: never stored again by an import
    kept = [m for m, g in zip(built, gone, strict=True) if not g]
    sources = [s for s, g in zip(sources, gone, strict=True) if not g]
    kept = settled(memory, kept, older)
    twins = memory.stored_otherwise(kept)  # stored already in another redaction: never its original beside it
    kept = [m for m, t in zip(kept, twins, strict=True) if not t]
    sources = [s for s, t in zip(sources, twins, strict=True) if not t]
    if on_batch is not None and (skipped := sum(gone) + sum(twins)):
        on_batch(skipped)  # handled, though not stored: a progress bar still reaches every message
    results = memory.add_many(kept, on_batch=on_batch, skip_forgotten=False)  # asked above (``gone``), tallied
    if tally is not None:
        tally["forgotten"] = tally.get("forgotten", 0) + sum(gone)
        added = sum(1 for r in results if r.created)
        tally["added"] = tally.get("added", 0) + added
        tally["duplicates"] = tally.get("duplicates", 0) + len(results) - added + sum(twins)
    return {src: r.episode_id for src, r in zip(sources, results, strict=True)
            if src is not None and r.episode_id is not None}


def import_conversation(memory: Memory, conversation: Conversation, *, user_id: str | None = None,
                        on_batch: Callable[[int], None] | None = None) -> dict[str, int]:
    """Import one LoCoMo conversation as one user (default: the conversation id)."""
    return import_messages(memory, conversation.messages, user_id=user_id or conversation.id,
                           on_batch=on_batch)


def detect_format(path: Path) -> str:
    """``locomo``, ``export`` (``memstrata export`` records) or ``jsonl``, by sniffing the file.
    Raises ``InvalidInput`` if unreadable."""
    if path.is_dir():
        raise InvalidInput(f"{path} is a directory; give a JSONL or LoCoMo JSON file")
    if not path.exists():
        raise InvalidInput(f"{path}: no such file")
    if not path.is_file():  # /dev/null, a pipe: read twice (sniffed, then imported), a stream is not
        raise InvalidInput(f"{path} is not a regular file (a device, pipe or socket); save the records to a "
                           "JSONL or LoCoMo JSON file and import that")
    if is_locomo(path):
        return "locomo"
    return "export" if is_export(path) else "jsonl"


def is_export(path: Path) -> bool:
    """Whether the first non-blank line is a ``memstrata export`` record (``type`` episode, fact,
    event, or one an ``export --all`` of a database without memories starts with: an audit trail
    record, api_key, id_floor; ``lifecycle.import_records.TYPES``)."""
    with path.open(encoding="utf-8", errors="replace") as handle:
        for line in handle:
            if line.strip():
                try:
                    first = json.loads(line)
                except ValueError:
                    return False
                return isinstance(first, dict) and first.get("type") in EXPORT_TYPES
    return False


def load_export(path: Path) -> list[dict[str, Any]]:
    """The records of a ``memstrata export`` file. Raises ``InvalidInput`` naming a bad line."""
    return load_export_lines(path)[0]


def load_export_lines(path: Path) -> tuple[list[dict[str, Any]], list[int]]:
    """The records of a ``memstrata export`` file and the line (from 1) each came from, for
    errors that name it (``Memory.import_records(records, lines=...)``; blank lines are skipped,
    so a record's position is not always its line). Raises ``InvalidInput`` naming a bad line."""
    records, lines = [], []
    with path.open(encoding="utf-8") as handle:
        for n, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:  # places counted from 1, as every error counts them (never "char 0")
                raise InvalidInput(f"{path}:{n}: not JSON: {exc.msg} (column {exc.colno})") from exc
            if not isinstance(record, dict):
                raise InvalidInput(f"{path}:{n}: not a JSON object")
            records.append(record)
            lines.append(n)
    return records, lines


def load_any(path: Path, fmt: str = "auto") -> list[tuple[str | None, list[ImportedMessage]]]:
    """``[(default_user, messages)]``: one group per LoCoMo conversation, or one for JSONL."""
    fmt = detect_format(path) if fmt == "auto" else fmt
    if fmt == "locomo":
        return [(c.id, list(c.messages)) for c in load_locomo(path)]
    if fmt == "jsonl":
        return [(None, list(load_jsonl_messages(path)))]
    raise InvalidInput(f"unknown import format {fmt!r}; use auto, jsonl or locomo")
