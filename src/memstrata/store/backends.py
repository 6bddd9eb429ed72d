"""Choosing a backend from a location: a file path → SQLite, ``postgresql://`` → PostgreSQL."""

from __future__ import annotations

from pathlib import Path

from memstrata.config import is_postgres_url, looks_like_url
from memstrata.errors import StoreError, install_hint
from memstrata.store.protocol import Store
from memstrata.store.sqlite.store import SQLiteStore


def _lower_scheme(url: str) -> str:
    """``url`` with its scheme in lower case, the only spelling libpq accepts."""
    scheme, rest = url.split("://", 1)
    return f"{scheme.lower()}://{rest}"


def check_location(location: str | Path) -> None:
    """Refuse a location that looks like a URL of no scheme memstrata opens: a mistyped
    ``postgresq://`` or ``mysql://`` would otherwise become a new SQLite file in a directory
    named after the scheme, and every worker given it would keep its own memory.

    Raises:
        StoreError: ``location`` holds ``://`` and is not a PostgreSQL URL; the message names
            the scheme (never the rest: it may hold a password) and the accepted forms.
    """
    if not looks_like_url(location) or is_postgres_url(location):
        return
    assert isinstance(location, str)
    if "://" in location:
        scheme = location.split("://", 1)[0]
        raise StoreError(f"unknown database URL scheme {scheme!r}://: memstrata opens postgresql:// (or "
                         "postgres://) URLs and SQLite file paths; check the spelling of --db / MEMSTRATA_DB")
    # A scheme with one slash (file:/x, postgresql:/db) or a PostgreSQL URL missing its "//"
    # (postgresql//host/db, postgres:pw@host/db) is a typo too, never a file name a user meant.
    raise StoreError(f"{location.split(':', 1)[0].split('/', 1)[0]!r}... is neither a postgresql:// URL nor a "
                         "plain file path; write postgresql://user:password@host:5432/db, or a path such as "
                         "./memory.db")


def open_store(location: str | Path, *, busy_timeout_s: float = 30.0, max_connections: int = 4,
               defer_scrub: bool = False) -> Store:
    """Open (and migrate) the store at ``location``. ``defer_scrub``: PostgreSQL leaves the
    rewrite of tables a forget deleted from to the next ``maintain`` (``Settings.forget_scrub``).

    Raises:
        StoreError: PostgreSQL requested without the ``postgres`` extra (the message says
            ``errors.install_hint("postgres")``), or the database cannot be used.
    """
    check_location(location)
    if is_postgres_url(location):
        try:
            from memstrata.store.postgres.store import PostgresStore  # the extra is imported only when used
        except ModuleNotFoundError as exc:
            raise StoreError(f"a PostgreSQL URL needs the postgres extra ({exc.name} is missing): "
                             f"{install_hint('postgres')}") from exc

        return PostgresStore(_lower_scheme(str(location)), max_connections=max_connections,
                             defer_scrub=defer_scrub)

    return SQLiteStore(Path(location).expanduser(), busy_timeout_s=busy_timeout_s)
