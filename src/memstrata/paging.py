"""Cursor (keyset) pagination of fact and episode lists, stable while the list changes.

Offset paging (``list(offset=...)``) counts rows: a message stored between two pages shifts
every row down, so the next page repeats the last ones, and a deletion skips one. A cursor
instead names the last row a page showed, by its ``(created_at, id)``,
and the next page holds the rows strictly before it in the order ``created_at DESC, id DESC``:

* for an episode ``created_at`` is when it was said, for a fact when it was recorded
  (``Fact.recorded_at``); neither ever changes, and ids are unique, so every row that exists
  from the first page to the last and keeps matching the query is returned exactly once,
  whatever is written, re-stated or deleted meanwhile. Rows added meanwhile appear only if
  they sort after the cursor (an import of old messages); a fresh listing shows them all.
* Facts are in recorded order here, not in the offset listing's "newest observation first":
  a fact stated again moves up in that order (its ``observed_at`` changes), which is exactly
  what makes offset pages skip it.

The cursor text is opaque to callers (URL-safe base64 of the kind, the time and the id), and
one of another kind, or anything else, is an ``InvalidInput`` naming the parameter.
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Generic, TypeVar

from memstrata.errors import InvalidInput
from memstrata.types import Episode, Fact

#: What a caller passes for the first page of a cursor listing where "no cursor" already
#: means offset paging (REST ``?cursor=start``, CLI ``--cursor start``).
START_TOKEN = "start"

T = TypeVar("T", Fact, Episode)


@dataclass(frozen=True)
class Position:
    """Where a page ends: the ``created_at`` and ``id`` of its last row; the next page holds
    the rows strictly before it (``(created_at, id) < (self.created_at, self.id)``)."""

    created_at: datetime
    id: int


#: Before every row: the first page of a cursor listing (the latest time a store keeps, the
#: largest signed 64-bit id).
START = Position(datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC), 2**63 - 1)


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page of a cursor listing: ``items`` newest recorded first, and the cursor of the
    next page (``None`` when this page is the last)."""

    items: list[T]
    next_cursor: str | None


def _kind(item: Fact | Episode) -> str:
    return "fact" if isinstance(item, Fact) else "episode"


def cursor_after(item: Fact | Episode) -> str:
    """The cursor of the page that follows ``item`` (the last row of a page)."""
    raw = json.dumps([_kind(item), item.created_at.astimezone(UTC).isoformat(), item.id], separators=(",", ":"))
    return base64.urlsafe_b64encode(raw.encode("utf-8")).decode("ascii").rstrip("=")


def read_cursor(cursor: str | None, kind: str, *, name: str = "cursor") -> Position:
    """The ``Position`` a cursor names (``START`` for ``None``, ``""`` or ``START_TOKEN``).

    Raises:
        InvalidInput: not a cursor this code wrote, or one of another kind of list (``name``
            is the parameter named in the message).
    """
    if cursor is None or cursor in ("", START_TOKEN):
        return START
    if not isinstance(cursor, str) or len(cursor) > 200:
        raise InvalidInput(f"{name} must be a cursor string from a previous page's next_cursor", field=name)
    try:
        got, when, ident = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
        at = datetime.fromisoformat(when)
        if at.tzinfo is None or isinstance(ident, bool) or not isinstance(ident, int) or not 0 < ident < 2**63:
            raise ValueError("bad position")
        at = at.astimezone(UTC)
    except (ValueError, TypeError, OverflowError, binascii.Error, UnicodeDecodeError):
        raise InvalidInput(f"{name} {cursor[:40]!r} is not a cursor memstrata gave: pass a previous page's "
                           f"next_cursor unchanged, or {START_TOKEN!r} for the first page", field=name) from None
    if got != kind:
        raise InvalidInput(f"{name} was given by a list of {got}s; this lists {kind}s: start again with "
                           f"{START_TOKEN!r}", field=name)
    return Position(at, ident)


def page_of(rows: list[T], limit: int) -> Page[T]:
    """A ``Page`` of ``rows`` fetched with ``limit + 1``: one row past the page tells that
    another page follows (no empty last page to fetch)."""
    items = rows[:limit]
    return Page(items, cursor_after(items[-1]) if len(rows) > limit and items else None)
