"""Choosing a backend from a location: a file path → SQLite, ``postgresql://`` → PostgreSQL."""

from __future__ import annotations

import re
from pathlib import Path

from memstrata.store.protocol import Store

URL_SCHEMES = ("postgresql://", "postgres://")

#: ``scheme:/`` at the start of a location (RFC 3986 scheme characters, two or more).
_SCHEME_ISH = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]+:/")


def is_postgres_url(location: object) -> bool:
    """True for ``postgresql://...`` / ``postgres://...`` strings (the scheme in any case, as
    RFC 3986 section 3.1 allows: ``POSTGRESQL://`` is the same URL)."""
    return isinstance(location, str) and location[:len(URL_SCHEMES[0])].lower().startswith(URL_SCHEMES)


def _lower_scheme(url: str) -> str:
    """``url`` with its scheme in lower case, the only spelling libpq accepts."""
    scheme, rest = url.split("://", 1)
    return f"{scheme.lower()}://{rest}"


def _postgres_ish(location: str) -> bool:
    """``postgres…`` holding ``:`` or ``@``: a PostgreSQL URL typed wrong, not a file such as
    ``postgres_backup.db``."""
    return location.casefold().startswith("postgres") and (":" in location or "@" in location)


def looks_like_url(location: object) -> bool:
    """Whether a ``--db`` / ``MEMSTRATA_DB`` string is meant as a URL (``scheme://``, ``scheme:/``,
    or starting with ``postgres``): it is then kept as written (a ``Path`` folds ``//``) and
    ``check_location`` accepts only a PostgreSQL URL."""
    return isinstance(location, str) and (
        "://" in location or bool(_SCHEME_ISH.match(location)) or _postgres_ish(location)
        or location.casefold().startswith("file:"))  # SQLite's own URI form, which memstrata does not take


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
            from memstrata.errors import StoreError, install_hint

            raise StoreError(f"a PostgreSQL URL needs the postgres extra ({exc.name} is missing): "
                             f"{install_hint('postgres')}") from exc

        return PostgresStore(_lower_scheme(str(location)), max_connections=max_connections,
                             defer_scrub=defer_scrub)
    from memstrata.store.sqlite.store import SQLiteStore

    return SQLiteStore(Path(location).expanduser(), busy_timeout_s=busy_timeout_s)
