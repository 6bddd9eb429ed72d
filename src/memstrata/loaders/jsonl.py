"""Load messages from JSON Lines: one JSON object per line, one message per object.

Fields of a line (only ``content`` is required; any other key is an error, so a misspelt
``timestamp`` for ``created_at`` fails loudly instead of being dropped)::

    content     string, not blank                      the message text
    role        "user" | "assistant" | "system" | "tool" (default "user")
    speaker     string                                 default: the role
    session_id  string                                 default: the file name without suffix
    created_at  ISO 8601 string; naive means UTC       default: the import time (see below)
    source_id   string                                 the message's id in its source system
    metadata    object                                 copied into ``ImportedMessage.metadata``
    user_id     string                                 kept as ``metadata["scope"]["user_id"]``
    agent_id    string                                 kept as ``metadata["scope"]["agent_id"]``

``null`` counts as absent. Blank lines are skipped. A line without ``created_at`` is stamped
with the import time plus its line number in microseconds (so file order survives) and gets
``metadata["created_at_assumed"] = True``, so the substitution is never silent; an import then
knows it by its import key (``loaders.identity``), so importing the file again adds nothing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from memstrata.clock import unreadable_time
from memstrata.errors import InvalidInput
from memstrata.loaders.base import ImportedMessage, json_type_name
from memstrata.types import ROLES

__all__ = ["FIELDS", "ImportedMessage", "load_jsonl_messages", "message_from_object"]

FIELDS: frozenset[str] = frozenset(
    {
        "content",
        "role",
        "speaker",
        "session_id",
        "created_at",
        "source_id",
        "metadata",
        "user_id",
        "agent_id",
    }
)
_SCOPE_FIELDS = ("user_id", "agent_id")


class _LineError(Exception):
    """Internal: what is wrong with one line; the caller adds the file and line number. ``field``: the
    line's field it names, given on as ``InvalidInput.field`` (``details.field``)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def load_jsonl_messages(
    path: str | Path, *, now: datetime | None = None
) -> Iterator[ImportedMessage]:
    """Yield one ``ImportedMessage`` per non-blank line, in file order.

    The file is read lazily, so errors surface while iterating; a bad line stops the
    iteration (earlier messages were already yielded).

    Args:
        path: UTF-8 JSONL file (a leading byte-order mark is accepted).
        now: import time used for lines without ``created_at``; default
            ``datetime.now(UTC)``. Must be timezone-aware.

    Yields:
        Messages with UTC ``created_at``.

    Raises:
        InvalidInput: the file cannot be read, or a line is not valid JSON, not an object,
            lacks ``content``, has a field of the wrong type or an unknown field, or has a
            bad timestamp. The message reads ``<path>, line <n>: <reason>``.
    """
    path = Path(path)
    import_time = (now or datetime.now(UTC)).astimezone(UTC)
    try:
        # Bytes, not text, so a bad encoding is reported with its line number.
        with path.open("rb") as handle:
            for line_no, raw in enumerate(handle, start=1):
                try:
                    message = _parse_line(raw, line_no, path.stem, import_time)
                except _LineError as exc:
                    raise InvalidInput(f"{path}, line {line_no}: {exc}", field=exc.field) from None
                if message is not None:
                    yield message
    except OSError as exc:
        raise InvalidInput(f"{path}: cannot read JSONL file: {exc.strerror or exc}") from exc


def message_from_object(obj: Any, *, line_no: int = 1, default_session: str = "",
                        now: datetime | None = None) -> ImportedMessage:
    """One already-decoded message object (e.g. from a JSON request body), same rules as a line.

    Args:
        line_no: orders messages without ``created_at`` (microsecond steps, as in a file).
        default_session: session of an object without ``session_id``.
        now: the import time, timezone-aware; default now.

    Raises:
        InvalidInput: not an object, an unknown field, a missing or wrongly typed one.
    """
    if not isinstance(obj, dict):
        raise InvalidInput(f"expected a JSON object, got {json_type_name(obj)}")
    unknown = sorted(set(obj) - FIELDS)
    if unknown:
        raise InvalidInput(f"unknown field(s) {unknown}; allowed: {sorted(FIELDS)}")
    try:
        return _build_message(obj, line_no, default_session, (now or datetime.now(UTC)).astimezone(UTC))
    except _LineError as exc:
        raise InvalidInput(str(exc), field=exc.field) from None


def _parse_line(
    raw: bytes, line_no: int, default_session: str, import_time: datetime
) -> ImportedMessage | None:
    """Decode and validate one line; ``None`` for a blank line."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        # the byte counted from 1, as every door names a place (``errors.character``): "at byte 5" named the 6th
        raise _LineError(f"not UTF-8: byte 0x{raw[exc.start]:02x} at byte {exc.start + 1} of the line "
                         f"({exc.reason}); save the file as UTF-8") from None
    if line_no == 1:
        text = text.removeprefix("\ufeff")
    if not text.strip():
        return None
    # The line's own terminator is not part of the record: a record that stops early must be
    # reported at the column where it stops, not at column 1 of a phantom next line.
    text = text.rstrip("\r\n")
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _LineError(f"invalid JSON: {exc.msg} (column {exc.colno})") from None
    if not isinstance(obj, dict):
        raise _LineError(f"expected a JSON object, got {json_type_name(obj)}")
    unknown = sorted(set(obj) - FIELDS)
    if unknown:
        raise _LineError(f"unknown field(s) {unknown}; allowed: {sorted(FIELDS)}")
    return _build_message(obj, line_no, default_session, import_time)


def _build_message(
    obj: dict[str, Any], line_no: int, default_session: str, import_time: datetime
) -> ImportedMessage:
    """Turn a validated-shape object into a message, checking each field's type."""
    content = _optional_str(obj, "content")
    if content is None:
        raise _LineError("missing required field 'content'")
    if not content.strip():
        raise _LineError("'content' is blank")
    role = _optional_str(obj, "role") or "user"
    if role not in ROLES:
        raise _LineError(f"'role' must be one of {list(ROLES)}, got {role!r}")
    metadata = _metadata(obj)
    raw_time = _optional_str(obj, "created_at")
    if raw_time is None:
        # Microsecond steps keep file order without visibly moving the time.
        created_at = import_time + timedelta(microseconds=line_no)
        metadata["created_at_assumed"] = True
    else:
        created_at = _parse_time(raw_time)
    return ImportedMessage(
        session_id=_optional_str(obj, "session_id") or default_session,
        speaker=_optional_str(obj, "speaker") or role,
        role=role,
        content=content,
        created_at=created_at,
        source_id=_optional_str(obj, "source_id"),
        metadata=metadata,
        line=line_no,
    )


def _metadata(obj: dict[str, Any]) -> dict[str, Any]:
    """Copy ``metadata``, folding ``user_id``/``agent_id`` in under ``"scope"``."""
    raw = obj.get("metadata")
    if raw is not None and not isinstance(raw, dict):
        raise _LineError(f"'metadata' must be an object, got {json_type_name(raw)}")
    metadata = dict(raw or {})
    scope = {name: value for name in _SCOPE_FIELDS if (value := _optional_str(obj, name)) is not None}
    for name, value in scope.items():
        if not value.strip():  # falling back to --user would file the line under someone else
            raise _LineError(f"'{name}' is empty; leave it out to use the default (--user)")
    if scope:
        if "scope" in metadata:
            # Merging would hide which one the caller meant; make them choose.
            raise _LineError("both 'metadata.scope' and user_id/agent_id are given")
        metadata["scope"] = scope
    return metadata


def _parse_time(text: str) -> datetime:
    """ISO 8601 to an aware time in the offset the line gives (its speaker's: "tomorrow" is read in their
    calendar day, as the SDK reads an aware ``created_at``; stored as UTC either way); a naive time is UTC."""
    try:
        value = datetime.fromisoformat(text.strip())
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        value.astimezone(UTC)  # out of range once in UTC (year 1 at +01:00): an unreadable time here
    except (ValueError, OverflowError):
        raise _LineError(f"created_at: {unreadable_time(text)}", "created_at") from None
    return value


def _optional_str(obj: dict[str, Any], key: str) -> str | None:
    """``obj[key]`` as a string, ``None`` if absent or null; wrong type is an error."""
    value = obj.get(key)
    if value is None or isinstance(value, str):
        return value
    raise _LineError(f"'{key}' must be a string, got {json_type_name(value)}")
