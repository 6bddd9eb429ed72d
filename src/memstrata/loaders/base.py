"""``ImportedMessage``: the one value every loader yields, before anything is stored."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class ImportedMessage:
    """One message read from an external log, not yet an ``Episode``.

    Attributes:
        session_id: conversation-local session, e.g. ``conv-30/session_3``.
        speaker: who said it, e.g. ``Gina``.
        role: one of ``memstrata.types.ROLES``; LoCoMo turns are all ``user`` (two people).
        content: the message text; LoCoMo image turns carry ``" [shares <caption>]"``.
        created_at: timezone-aware: UTC, or the offset the source gave (a JSON Lines `created_at` with one:
            the speaker's, read by the extractor for their calendar day).
        source_id: the id the source gives the message (LoCoMo ``dia_id`` such as ``D3:5``).
        metadata: loader-specific extras (never ``None``); treat as read-only.
        line: the 1-based line of the file it was read from (JSON Lines), so an error found
            later (a future ``created_at``, content too large) names where it is; ``None``
            when the source has no lines (LoCoMo).
    """

    session_id: str
    speaker: str
    role: str
    content: str
    created_at: datetime
    source_id: str | None
    metadata: dict[str, Any]
    line: int | None = None


def json_type_name(value: Any) -> str:
    """JSON name of a decoded value's type (``object``, ``array``, ``null``, ...), for messages."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    return "string" if isinstance(value, str) else "null"
