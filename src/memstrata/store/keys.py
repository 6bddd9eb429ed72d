"""API keys of the REST server, stored hashed in the ``api_keys`` table (SQLite migration 2,
PostgreSQL migration 5).

A key reads ``msk_<key_id>_<secret>``: ``key_id`` (16 hex characters) is public and
names the key in lists and logs; ``secret`` is 32 random bytes (``secrets.token_urlsafe``).
Only ``sha256(key)`` is stored, so the file alone never yields a usable key. A key is
bound to one ``org_id/project_id`` and optionally one ``user_id``: the server forces
every request made with it into that scope.

The SQL is written once here; the store's ``dialect`` (``store.dialect``) supplies the
driver's placeholders and how it keeps times (ISO text on SQLite, ``TIMESTAMPTZ`` on
PostgreSQL).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping
from typing import Any, cast

from memstrata.clock import from_db, utcnow
from memstrata.errors import InvalidInput, NotFound
from memstrata.store.dialect import Dialect
from memstrata.store.protocol import KeyStore, LifecycleDatabase
from memstrata.store.scope import check_scope
from memstrata.types import ApiKey, Scope

PREFIX = "msk"
_COLS = "key_id, org_id, project_id, user_id, name, created_at, revoked_at"


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class ApiKeys:
    """Create, list, revoke and verify keys in one database (any backend, through ``dialect``)."""

    def __init__(self, db: LifecycleDatabase, dialect: Dialect) -> None:
        self.db = db
        self.dialect = dialect

    def _sql(self, sql: str) -> str:
        return self.dialect.sql(sql)

    def _row(self, row: tuple[object, ...]) -> ApiKey:
        key_id, org, project, user, name, created, revoked = row
        created_at = self.dialect.read_time(created)
        assert created_at is not None  # NOT NULL column
        return ApiKey(str(key_id), str(org), str(project), None if user is None else str(user), str(name),
                      created_at, self.dialect.read_time(revoked))

    def create(self, *, org_id: str, project_id: str, user_id: str | None = None,
               name: str = "") -> tuple[ApiKey, str]:
        """A new key; returns it and the plaintext key, which is shown once and never stored.

        Raises:
            InvalidInput: a bad org, project or user identifier, or a name over 200 characters.
        """
        check_scope(Scope(org_id, project_id, user_id), needs_owner=False)
        if not isinstance(name, str) or len(name) > 200:
            raise InvalidInput("key name must be a string of at most 200 characters")
        key_id = secrets.token_hex(8)
        plaintext = f"{PREFIX}_{key_id}_{secrets.token_urlsafe(32)}"
        now = utcnow()
        with self.db.write() as conn:
            conn.execute(self._sql("INSERT INTO api_keys (key_id, secret_hash, org_id, project_id, user_id, name, "
                                   "created_at) VALUES (?,?,?,?,?,?,?)"),
                         (key_id, _digest(plaintext), org_id, project_id, user_id, name, self.dialect.time(now)))
        return ApiKey(key_id, org_id, project_id, user_id, name, now, None), plaintext

    def list(self) -> list[ApiKey]:
        """Every key, revoked ones included, oldest first."""
        with self.db.read() as conn:
            rows = conn.execute(f"SELECT {_COLS} FROM api_keys ORDER BY id").fetchall()
        return [self._row(tuple(r)) for r in rows]

    def revoke(self, key_id: str) -> ApiKey:
        """Revoke a key by its ``key_id`` (idempotent). Raises ``NotFound``."""
        with self.db.write() as conn:
            conn.execute(self._sql("UPDATE api_keys SET revoked_at = ? WHERE key_id = ? AND revoked_at IS NULL"),
                         (self.dialect.time(utcnow()), key_id))
            row = conn.execute(self._sql(f"SELECT {_COLS} FROM api_keys WHERE key_id = ?"), (key_id,)).fetchone()
        if row is None:
            raise NotFound(f"no API key {key_id!r}; `memstrata keys list` shows the key ids")
        return self._row(tuple(row))

    def verify(self, plaintext: str) -> ApiKey | None:
        """The active key ``plaintext`` is, or ``None`` (unknown, malformed or revoked)."""
        parts = plaintext.split("_", 2)
        if len(parts) != 3 or parts[0] != PREFIX or len(parts[1]) != 16:
            return None
        with self.db.read() as conn:
            row = conn.execute(self._sql(f"SELECT {_COLS}, secret_hash FROM api_keys WHERE key_id = ?"),
                               (parts[1],)).fetchone()
        if row is None or not hmac.compare_digest(str(row[-1]), _digest(plaintext)):
            return None
        key = self._row(tuple(row)[:-1])
        return key if key.active else None

    def any_active(self) -> bool:
        """Whether at least one key can be used (then the server requires keys)."""
        with self.db.read() as conn:
            return conn.execute("SELECT 1 FROM api_keys WHERE revoked_at IS NULL LIMIT 1").fetchone() is not None


#: Fields of an ``api_key`` export record (``export_all``), as the ``api_keys`` table stores them.
KEY_RECORD_FIELDS = ("key_id", "secret_hash", "org_id", "project_id", "user_id", "name", "created_at",
                     "revoked_at")


def key_records(db: LifecycleDatabase, dialect: Dialect) -> list[dict[str, object]]:
    """Every API key as an ``{"type": "api_key", ...}`` export record, oldest first: the public
    ``key_id``, the stored SHA-256 ``secret_hash`` (never a secret: none is kept), the tenant,
    user, name and times (ISO text). Revoked keys are carried too, so they stay revoked."""
    with db.read() as conn:
        rows = conn.execute(f"SELECT {', '.join(KEY_RECORD_FIELDS)} FROM api_keys ORDER BY id").fetchall()
    out: list[dict[str, object]] = []
    for row in rows:
        record: dict[str, object] = {"type": "api_key", **dict(zip(KEY_RECORD_FIELDS, tuple(row), strict=True))}
        for name in ("created_at", "revoked_at"):
            when = dialect.read_time(record[name])
            record[name] = None if when is None else when.isoformat()
        out.append(record)
    return out


def restore_key(conn: Any, dialect: Dialect, record: Mapping[str, Any], where: str) -> bool:
    """Insert one ``api_key`` export record inside an open write; returns whether it was new.
    The same key already here (same ``key_id`` and hash) is left as it is, so a second import
    changes nothing.

    Raises:
        InvalidInput: a field missing or of the wrong type, or the ``key_id`` held by another key.
    """
    for name in ("key_id", "secret_hash", "org_id", "project_id", "created_at"):
        if not isinstance(record.get(name), str) or not record[name]:
            raise InvalidInput(f"{where}: an api_key record needs {name} as a non-empty string")
    for name in ("user_id", "name", "revoked_at"):
        if record.get(name) is not None and not isinstance(record[name], str):
            raise InvalidInput(f"{where}: an api_key record's {name} must be a string or null")
    check_scope(Scope(record["org_id"], record["project_id"], record.get("user_id")), needs_owner=False)
    held = conn.execute(dialect.sql("SELECT secret_hash FROM api_keys WHERE key_id = ?"),
                        (record["key_id"],)).fetchone()
    if held is not None:
        if str(held[0]) != record["secret_hash"]:
            raise InvalidInput(f"{where}: API key {record['key_id']!r} already exists here with another secret; "
                               "import into another database")
        return False
    try:
        created, revoked = from_db(record["created_at"]), from_db(record.get("revoked_at"))
    except ValueError as exc:
        raise InvalidInput(f"{where}: {exc}") from None
    conn.execute(dialect.sql("INSERT INTO api_keys (key_id, secret_hash, org_id, project_id, user_id, name, "
                             "created_at, revoked_at) VALUES (?,?,?,?,?,?,?,?)"),
                 (record["key_id"], record["secret_hash"], record["org_id"], record["project_id"],
                  record.get("user_id"), record.get("name") or "", dialect.time(created), dialect.time(revoked)))
    return True


def stored_keys(store: Any) -> KeyStore | None:
    """The API keys a store keeps (SQLite and PostgreSQL: ``store.api_keys()``), or ``None`` for a
    store that keeps none (the in-memory reference store): then only the admin key exists."""
    return cast(KeyStore, store.api_keys()) if store.capabilities.sql else None
