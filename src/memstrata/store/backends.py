"""Choosing a backend from a location: a file path → SQLite, ``postgresql://`` → PostgreSQL."""

from __future__ import annotations

from pathlib import Path

from memstrata.store.protocol import Store

URL_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(location: object) -> bool:
    """True for ``postgresql://...`` / ``postgres://...`` strings."""
    return isinstance(location, str) and location.startswith(URL_SCHEMES)


def open_store(location: str | Path, *, busy_timeout_s: float = 30.0, max_connections: int = 4,
               defer_scrub: bool = False) -> Store:
    """Open (and migrate) the store at ``location``. ``defer_scrub``: PostgreSQL leaves the
    rewrite of tables a forget deleted from to the next ``maintain`` (``Settings.forget_scrub``).

    Raises:
        StoreError: PostgreSQL requested without the ``postgres`` extra (the message says
            ``errors.install_hint("postgres")``), or the database cannot be used.
    """
    if is_postgres_url(location):
        from memstrata.store.postgres.store import PostgresStore  # the extra is imported only when used

        return PostgresStore(str(location), max_connections=max_connections, defer_scrub=defer_scrub)
    from memstrata.store.sqlite.store import SQLiteStore

    return SQLiteStore(Path(location).expanduser(), busy_timeout_s=busy_timeout_s)
