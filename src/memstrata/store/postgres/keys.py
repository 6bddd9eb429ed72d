"""API keys in PostgreSQL: ``store.keys.ApiKeys`` with psycopg's ``%s`` and ``TIMESTAMPTZ``
values (migration 5), read back as aware UTC times."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from memstrata.store.keys import ApiKeys, KeyDatabase, KeyDialect


def _decode(value: Any) -> datetime:
    if not isinstance(value, datetime):
        raise TypeError(f"api_keys holds a {type(value).__name__} where a TIMESTAMPTZ was expected")
    return value.astimezone(UTC)


POSTGRES_KEYS = KeyDialect(mark="%s", encode=lambda value: value, decode=_decode)


def postgres_keys(db: KeyDatabase) -> ApiKeys:
    """The API keys of a ``PgDatabase``."""
    return ApiKeys(db, POSTGRES_KEYS)
