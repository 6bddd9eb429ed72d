"""Choosing a backend from a location: a file path → SQLite, ``postgresql://`` → PostgreSQL."""

from __future__ import annotations

from pathlib import Path

from memstrata.store.protocol import Store

URL_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(location: object) -> bool:
    """True for ``postgresql://...`` / ``postgres://...`` strings (the scheme in any case, as
    RFC 3986 section 3.1 allows: ``POSTGRESQL://`` is the same URL)."""
    return isinstance(location, str) and location[:len(URL_SCHEMES[0])].lower().startswith(URL_SCHEMES)


def _lower_scheme(url: str) -> str:
    """``url`` with its scheme in lower case, the only spelling libpq accepts."""
    scheme, rest = url.split("://", 1)
    return f"{scheme.lower()}://{rest}"


def check_location(location: str | Path) -> None:
    """Refuse a location that looks like a URL of no scheme memstrata opens: a mistyped
    ``postgresq://`` or ``mysql://`` would otherwise become a new SQLite file in a directory
    named after the scheme, and every worker given it would keep its own memory (a fresh-user
    trial, T5).

    Raises:
        StoreError: ``location`` holds ``://`` and is not a PostgreSQL URL; the message names
            the scheme (never the rest: it may hold a password) and the accepted forms.
    """
    from memstrata.errors import StoreError

    if isinstance(location, str) and "://" in location and not is_postgres_url(location):
        scheme = location.split("://", 1)[0]
        raise StoreError(f"unknown database URL scheme {scheme!r}://: memstrata opens postgresql:// (or "
                         "postgres://) URLs and SQLite file paths; check the spelling of --db / MEMSTRATA_DB")


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
        from memstrata.store.postgres.store import PostgresStore  # the extra is imported only when used

        return PostgresStore(_lower_scheme(str(location)), max_connections=max_connections,
                             defer_scrub=defer_scrub)
    from memstrata.store.sqlite.store import SQLiteStore

    return SQLiteStore(Path(location).expanduser(), busy_timeout_s=busy_timeout_s)
