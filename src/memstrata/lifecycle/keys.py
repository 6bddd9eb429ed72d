"""The REST server's API keys as the SDK manages them: ``Memory.keys`` (create, list, revoke).

The keys live in the database beside the memories (``store.keys``: only each key's SHA-256 is
kept), travel with ``export_all`` / ``import_records`` and are revoked by ``delete_project``, so a
program that embeds the server (``server.app.create_app(memory=...)``) or provisions tenants
manages them through the ``Memory`` it already holds, as ``memstrata keys`` does (the CLI calls
this class too). A store that keeps no keys (the in-memory reference store: only the admin key
``MEMSTRATA_ADMIN_KEY`` exists there) refuses every call with ``StoreError`` saying so, rather
than answering ``None`` to be checked by each caller. Verifying a request's key stays the
server's own business (``server.auth``).
"""

from __future__ import annotations

import builtins

from memstrata.arguments import refused
from memstrata.errors import StoreError
from memstrata.lifecycle.target import require_target
from memstrata.store.protocol import KeyStore
from memstrata.types import ApiKey


class ApiKeyAdmin:
    """Create, list and revoke the REST API keys kept in one database.

    Args:
        stored: the store's keys (``store.keys.stored_keys``), ``None`` when it keeps none.
        location: the database, for the error on a store that keeps none.
    """

    def __init__(self, stored: KeyStore | None, location: str) -> None:
        self._stored = stored
        self._location = location

    def _keys(self) -> KeyStore:
        if self._stored is None:
            raise StoreError(f"{self._location} keeps no API keys (SQLite and PostgreSQL databases do); with "
                             "this store the server takes only the admin key, MEMSTRATA_ADMIN_KEY")
        return self._stored

    def create(self, *, org_id: str, project_id: str, user_id: str | None = None,
               name: str = "") -> tuple[ApiKey, str]:
        """A new key bound to ``org_id/project_id`` (and to ``user_id`` when given): every request
        made with it is held to that scope. Returns the key's public record and its secret
        (``msk_<key_id>_<secret>``), which is shown this once and never stored.

        Raises:
            InvalidInput: a bad org, project or user identifier, or a ``name`` over 200 characters.
            StoreError: the store keeps no API keys.
        """
        return self._keys().create(org_id=org_id, project_id=project_id, user_id=user_id, name=name)

    def list(self) -> builtins.list[ApiKey]:
        """Every key, revoked ones included, oldest first; never a secret.

        Raises:
            StoreError: the store keeps no API keys.
        """
        return self._keys().list()

    def revoke(self, key_id: str) -> ApiKey:
        """Revoke the key whose public id is ``key_id`` (as ``list`` gives it): requests with it are
        refused (401) from then on. Revoking a revoked key changes nothing and returns it.

        Raises:
            InvalidInput: ``key_id`` empty, blank or not a string (``details.field`` ``key_id``):
                the target of a destructive call is never blank; nothing is revoked.
            NotFound: no key has that id.
            StoreError: the store keeps no API keys.
        """
        require_target("Memory.keys.revoke", key_id=key_id)
        if not isinstance(key_id, str):
            raise refused("key_id", f"Memory.keys.revoke: key_id must be a key id string (from keys.list()), "
                                          f"got {type(key_id).__name__} {key_id!r:.40}")
        return self._keys().revoke(key_id)
