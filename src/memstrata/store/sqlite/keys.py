"""API keys in a SQLite file: ``store.keys.ApiKeys`` with sqlite3's ``?`` and times as
``clock.to_db`` text."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from memstrata.clock import from_db, to_db
from memstrata.store.keys import ApiKey, ApiKeys, KeyDatabase, KeyDialect


def _decode(value: Any) -> datetime:
    decoded = from_db(str(value))
    assert decoded is not None  # a NULL never reaches here (``ApiKeys._row`` keeps it None)
    return decoded


SQLITE_KEYS = KeyDialect(mark="?", encode=to_db, decode=_decode)


def sqlite_keys(db: KeyDatabase) -> ApiKeys:
    """The API keys of a SQLite ``Database``."""
    return ApiKeys(db, SQLITE_KEYS)


__all__ = ["ApiKey", "ApiKeys", "sqlite_keys"]
