"""``Memory``'s operator methods: the health report (``doctor``), the users of a tenant, the REST API
keys kept in the database, and which ids were forgotten (for doors that re-add records).
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from memstrata.lifecycle.doctor import report as doctor_report
from memstrata.lifecycle.keys import ApiKeyAdmin
from memstrata.lifecycle.preview import OwnerCount, owners
from memstrata.memory.base import DEFAULT
from memstrata.memory.lifecycle import LifecycleMethods
from memstrata.store import forgotten, identities, suppressed
from memstrata.store.keys import stored_keys
from memstrata.store.protocol import KeyStore
from memstrata.store.scope import check_scope
from memstrata.types import Scope
from memstrata.write.forgotten import forms, identity_hash, were_forgotten
from memstrata.write.ingest import Message

if TYPE_CHECKING:
    from memstrata.store.protocol import LifecycleStore


class AdminMethods(LifecycleMethods):
    """Operating a database: ``doctor``, ``users``, ``keys`` (and the server's ``api_keys``),
    ``forgotten_among``."""

    def doctor(self) -> dict[str, Any]:
        """What model, what database, what counts: a health report that never raises on the model."""
        if self._health is not None:  # the model itself, past any cache: the truth now
            was_down = self._health.down
            if self._health.probe() and was_down:
                self._recovered()
        llm = self._semantic_args[0]
        return doctor_report(self.store, settings=self.settings, embedder=self.embedder, status=self.embedding_status,
                             extractor=getattr(self.extractor, "name", None),
                             llm=f"{self.settings.llm.provider}:{self.settings.llm.model}" if self.has_llm and
                             llm is DEFAULT else getattr(llm, "name", None), unfinished=self.forget_status())

    def users(self, *, org_id: str | None = None, project_id: str | None = None) -> builtins.list[OwnerCount]:
        """The users of a tenant (default: this instance's) with memories stored, by user id, each
        with its episode and active fact counts.

        Raises:
            InvalidInput: a blank ``org_id`` or ``project_id`` (an unset variable: it listed the
                instance's tenant as if it had been named), naming it.
            StoreError: the store has no lifecycle queries (the in-memory reference store).
        """
        sc = Scope(self.scope.org_id if org_id is None else org_id,
                   self.scope.project_id if project_id is None else project_id)
        check_scope(sc, needs_owner=False)
        self._require(self.store.capabilities.forget_jobs, "listing users")
        return owners(cast("LifecycleStore", self.store), sc.org_id, sc.project_id)

    @property
    def keys(self) -> ApiKeyAdmin:
        """The REST server's API keys kept in this database: ``create``, ``list``, ``revoke``
        (``lifecycle.keys.ApiKeyAdmin``; ``memstrata keys`` uses the same). On a store that keeps
        none (the in-memory reference store) each call raises ``StoreError``."""
        return ApiKeyAdmin(stored_keys(self.store), str(self.store.location))

    @property
    def api_keys(self) -> KeyStore | None:
        """The store's own key table, which the server verifies each request against (SQLite and
        PostgreSQL), or ``None`` for a store that keeps none (the in-memory reference store: only
        the admin key exists). To create, list or revoke keys, use ``keys``."""
        return stored_keys(self.store)

    def forgotten_among(self, ids: Sequence[int], *, table: str = "episodes") -> dict[int, dict[str, Any]]:
        """Which of ``ids`` (rows of ``table``: ``episodes`` or ``facts``) were forgotten in this
        database, each with its forget record; ``{}`` on a store that keeps no forgotten ids. For a
        door that re-adds exported records as new messages (REST import): nothing forgotten comes back.
        An id of 2**63 or more (past SQLite's INTEGER) was never stored, so never forgotten.
        """
        return forgotten.among_stored(self.store, table, [i for i in ids if i < 2**63])

    def keep_suppressed(self, digests: Sequence[str], **scope: Any) -> int:
        """Keep ``digests`` (an export's ``suppressed`` records, ``store.suppressed``) for the owner
        of ``scope`` (org, project, user), so that re-adding the messages they name extracts none of
        the facts forgotten from them. For a door that re-adds exported records as new messages
        (REST import), before it adds them. Returns how many were new (the in-memory store keeps
        them for its life).

        Raises:
            InvalidInput: a digest that is not 64 hex characters.
        """
        return suppressed.keep_stored(self.store, suppressed.owner_of(self._scope(**scope)), digests)

    def forgotten_messages(self, messages: Sequence[Message]) -> list[bool]:
        """For each of ``messages`` (``Memory.message``), whether its owner (org, project, user)
        forgot it here (``store.suppressed``: its import key, else its role, speaker, time and
        text, as stored under the current privacy policy, under the strictest one or unredacted,
        so a message stored redacted is known whichever policy stored it). A message expired by its
        TTL counts as forgotten, swept or not yet (``store.suppressed.expired``). The one rule every
        door that may be handed a message again asks (``write.forgotten``): ``add`` and
        ``add_many`` (``skip_forgotten``, the default), ``POST /v1/messages``, the log importers and
        the hooks. Every store answers, the in-memory one for its life (``store.protocol.DigestStore``)."""
        return were_forgotten(self.store, self.settings.privacy, messages)

    def stored_otherwise(self, messages: Sequence[Message]) -> list[bool]:
        """For each of ``messages``, whether its scope stores it already in another redaction: the
        current privacy policy would store a text no episode holds, while its form under the
        strictest policy, or unredacted, is stored (``store.identities``; an email redacted when it
        was stored and allowed now, or the reverse). For the log importers, which count those as
        stored: a re-import never stores the unredacted original beside the redacted message.
        All ``False`` on a store that keeps no SQL (the in-memory one)."""
        hashes = [[identity_hash(f) for f in forms(m, self.settings.privacy)] for m in messages]
        scopes: dict[Scope, set[str]] = {}
        for m, shas in zip(messages, hashes, strict=True):
            scopes.setdefault(m.scope, set()).update(shas)
        found = {(sc, sha) for sc, shas in scopes.items() for sha in identities.stored(self.store, sc, sorted(shas))}
        return [(m.scope, shas[0]) not in found and any((m.scope, sha) in found for sha in shas[1:])
                for m, shas in zip(messages, hashes, strict=True)]
