"""Timestamps: timezone-aware UTC in memory, fixed-width ISO 8601 text in the database."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone

from memstrata.errors import InvalidInput


def utcnow() -> datetime:
    """The current time, timezone-aware UTC."""
    return datetime.now(UTC)


def require_aware(value: datetime, what: str) -> datetime:
    """``value`` converted to UTC. Raises ``InvalidInput`` for a naive datetime (ambiguous)."""
    if not isinstance(value, datetime):
        raise InvalidInput(f"{what} must be a datetime, got {type(value).__name__}")
    if value.tzinfo is None or value.utcoffset() is None:
        raise InvalidInput(f"{what} must be timezone-aware (e.g. datetime(..., tzinfo=UTC)), got {value!r}")
    return value.astimezone(UTC)


#: The time every door's refusal of a time gives as an example (``unreadable_time``).
TIME_EXAMPLE = "2026-12-07T09:30:00Z"


def unreadable_time(text: object) -> str:
    """What every door says of a value that is no time (``"yesterday"``, ``""``), after the field's name:
    ``cannot parse 'yesterday' as an ISO 8601 date or time such as 2026-12-07T09:30:00Z``. ``parse_time``
    (CLI ``--as-of``, ``--before``, ``--at``; MCP ``as_of``) and the REST body's time fields
    (``server.errors``) say these words, so one mistake reads alike everywhere; the value is cut to 40
    characters."""
    shown = repr(text[:40]) if isinstance(text, str) else json.dumps(text, default=repr)[:40]  # true, not True
    return f"cannot parse {shown} as an ISO 8601 date or time such as {TIME_EXAMPLE}"


def parse_time(text: str, what: str = "time") -> datetime:
    """Parse ISO 8601 (``2026-10-30``, ``2026-10-30T09:00+08:00``, ``...Z``) to UTC.

    A value without an offset is taken as UTC. Raises ``InvalidInput`` naming ``what``, which is
    also its ``field`` (an option's name as an argument's: ``--as-of`` is ``as_of``) unless ``what``
    is the default ``time``.
    """
    return parse_said_at(text, what).astimezone(UTC)


def parse_said_at(text: str, what: str = "time") -> datetime:
    """Parse the ISO 8601 time a message was said, keeping its offset (``2026-11-03T07:00+08:00`` stays at
    +08:00): the extractor reads "tomorrow" / 明天 in the speaker's own calendar day, as the SDK does with an
    aware ``created_at``; stored times are UTC either way (``to_db``). A value without an offset is UTC.
    Raises ``InvalidInput`` as ``parse_time`` does, also for a time out of range once in UTC
    (``9999-12-31T23:59:59-12:00``)."""
    try:
        parsed = datetime.fromisoformat(text.strip().replace("Z", "+00:00").replace("z", "+00:00"))
    except (ValueError, AttributeError) as exc:
        raise InvalidInput(f"{what}: {unreadable_time(text)}", field=_field_of(what)) from exc
    if parsed.tzinfo is None:
        return parsed.replace(tzinfo=UTC)
    try:
        parsed.astimezone(UTC)
    except OverflowError:  # 9999-12-31T23:59:59-12:00 is past year 9999 in UTC, as REST's 422 says
        raise InvalidInput(f"{what}: {text.strip()[:40]!r} is out of range once converted to UTC",
                           field=_field_of(what)) from None
    return parsed


def _field_of(what: str) -> str | None:
    """The ``field`` of an ``InvalidInput`` about ``what``: ``--as-of`` is ``as_of``; none for ``time``."""
    return None if what == "time" else what.lstrip("-").replace("-", "_")


def to_db(value: datetime | None) -> str | None:
    """Fixed-width UTC text that sorts chronologically: ``2026-10-30T09:00:00.000000Z``."""
    if value is None:
        return None
    # isoformat pads the year to 4 digits (strftime's %Y does not below 1000 on glibc).
    return value.astimezone(UTC).replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"


def from_db(value: str | None) -> datetime | None:
    """Inverse of ``to_db``."""
    if value is None:
        return None
    return datetime.fromisoformat(value)  # 3.11 reads the trailing Z as UTC; ~20x faster than strptime


#: The widest offset from UTC a message's time may keep (``datetime``'s own bound is under 24 hours;
#: the offsets in use run from -12:00 to +14:00).
MAX_OFFSET_MINUTES = 24 * 60 - 1


def offset_minutes(value: datetime | None) -> int | None:
    """The UTC offset ``value`` was given in, in whole minutes east of UTC, as an episode keeps it:
    ``None`` for no time, a naive time (read as UTC) or an offset of zero (``Z``, ``+00:00``): those
    show in UTC, as every time did before offsets were kept. Seconds of an offset (no zone in use
    today has them) are rounded to the minute.

    >>> offset_minutes(datetime(2026, 12, 8, 7, 30, tzinfo=timezone(timedelta(hours=8))))
    480
    >>> offset_minutes(datetime(2026, 12, 8, tzinfo=UTC)), offset_minutes(datetime(2026, 12, 8)), offset_minutes(None)
    (None, None, None)
    """
    shift = None if value is None else value.utcoffset()
    minutes = 0 if shift is None else round(shift.total_seconds() / 60)
    return minutes or None


def shown(value: datetime, minutes: int | None, form: str = "%Y-%m-%d %H:%M") -> str:
    """``value`` at the offset ``minutes`` (``said_in``) in ``form``, followed by the offset when it is not
    UTC: ``2026-12-08 07:30 +08:00``; a time in UTC reads as before, with nothing after it.

    >>> shown(datetime(2026, 12, 7, 23, 30, tzinfo=UTC), 480), shown(datetime(2026, 12, 7, 23, 30, tzinfo=UTC), None)
    ('2026-12-08 07:30 +08:00', '2026-12-07 23:30')
    """
    local = said_in(value, minutes)
    text = local.strftime(form)
    shift = local.utcoffset()
    if not shift:
        return text
    sign, rest = ("-", -shift) if shift < timedelta(0) else ("+", shift)
    hours, seconds = divmod(int(rest.total_seconds()), 3600)
    return f"{text} {sign}{hours:02d}:{seconds // 60:02d}"


def said_in(value: datetime, minutes: int | None) -> datetime:
    """``value`` (timezone-aware) at the offset ``minutes`` east of UTC (``offset_minutes``); in UTC
    for ``None`` or an offset out of range. The same instant: only how it reads changes.

    >>> said_in(datetime(2026, 12, 7, 23, 30, tzinfo=UTC), 480).isoformat()
    '2026-12-08T07:30:00+08:00'
    """
    if not minutes or abs(minutes) > MAX_OFFSET_MINUTES:
        return value.astimezone(UTC)
    return value.astimezone(timezone(timedelta(minutes=minutes)))
