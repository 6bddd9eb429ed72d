"""Idempotency keys: a retried write returns the first result and stores nothing new.

A message sent without ``created_at`` is stamped with the time it arrives, so a client that
retries a request whose answer it lost (a timeout, a dropped connection) stored the message
twice. With an idempotency key (REST ``Idempotency-Key`` header,
``Memory.add(..., idempotency_key=...)``) the first request's messages and the key commit in
one transaction; a later request with the same key gets the first answer back and writes
nothing. It is durable (a table of the database, ``idempotency_keys``: a retry after a
server restart, or against another server process of the same database, is recognised too).

* **Whose key.** Keys are kept per tenant (org/project) and per writing owner (the user and
  agent ids of the messages): the same key text sent for another user is another key, so one
  user's retry never answers with another's result.
* **Same request.** A key reused for different messages (content, role, speaker, metadata,
  scope) is refused (``IdempotencyKeyReused``) rather than answered with a result that is not
  theirs. ``created_at`` and ``ttl`` are not compared: a retry built anew stamps them again.
* **Concurrent twins.** Two requests with one key racing each other: the key is inserted in
  the transaction that stores the messages, so one commits; the other's transaction is rolled
  back (nothing of it stays) and it answers with the first's result.
* **Nothing personal is kept**: the request key and the fingerprint are SHA-256 hashes, and the
  result is kept as ids (episodes, facts, actions), so a forget has nothing to scrub here. A
  replay reads the facts as they are now; a fact since deleted is left out.
* **A message forgotten since.** ``add_many`` leaves out a message its owner forgot
  (``skip_forgotten``), so the retry of a request one of whose messages was forgotten after it was
  stored holds fewer messages than the key's request: it is still the same request
  (``replay_of``), answered with the first results, the forgotten message's marked ``forgotten``;
  so is a message forgotten since and sent again stamped anew (its episode id is a forgotten one).
* **Retention**: ``KEY_RETENTION`` (7 days); older keys of the tenant are deleted by its next
  keyed write, and a retry after that is a new request.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from memstrata.errors import InvalidInput, at_character
from memstrata.store import forgotten
from memstrata.store.dialect import Dialect, run
from memstrata.types import Scope
from memstrata.write.forgotten import LEFT_OUT
from memstrata.write.ingest import AddResult, Ingestor, Message, RawResult

#: How long a key is remembered (a retry comes within minutes; a week covers a client that
#: re-sends a failed batch the next day, at a few hundred bytes per request).
KEY_RETENTION = timedelta(days=7)
#: Longest key accepted, in characters (the IETF Idempotency-Key draft suggests a UUID; 255 fits
#: any client's request id).
MAX_KEY_CHARS = 255


class IdempotencyKeyReused(InvalidInput):
    """An idempotency key already used by this owner for a different request."""

    code = "idempotency_key_reused"


def check_key(key: object, name: str = "idempotency_key") -> str:
    """``key`` if it is a usable idempotency key: a string of 1 to ``MAX_KEY_CHARS`` visible
    ASCII characters (what an HTTP header carries faithfully).

    Raises:
        InvalidInput: naming ``name`` and what is wrong; ``details.field`` ``idempotency_key``.
    """
    if not isinstance(key, str) or not key:
        raise InvalidInput(f"{name} must be a non-empty string, e.g. a UUID made once per request",
                           field="idempotency_key")
    if len(key) > MAX_KEY_CHARS:
        raise InvalidInput(f"{name} is {len(key)} characters; the limit is {MAX_KEY_CHARS}", field="idempotency_key")
    bad = next((i for i, c in enumerate(key) if not " " < c <= "~"), None)
    if bad is not None:
        raise InvalidInput(f"{name} has character {key[bad]!r} {at_character(bad)}: use visible ASCII characters "
                           "only, e.g. a UUID", field="idempotency_key")
    return key


def _sha256(value: object) -> str:
    return hashlib.sha256(json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
                          .encode("utf-8")).hexdigest()


def request_key(messages: Sequence[Message], key: str) -> str:
    """The stored name of ``key`` for the owners of ``messages`` (SHA-256 of both)."""
    owners = sorted({(m.scope.user_id or "", m.scope.agent_id or "") for m in messages})
    return _sha256([owners, key])


def fingerprint(messages: Sequence[Message]) -> str:
    """SHA-256 of what makes ``messages`` the same request (see the module docstring)."""
    return _sha256([[m.content, m.role, m.speaker, m.produced_for, m.content_type, m.metadata,
                     m.scope.user_id, m.scope.agent_id, m.scope.session_id] for m in messages])


class _Taken(Exception):
    """Internal: another transaction committed this key first (rolls this one back)."""


class KeyTable:
    """The ``idempotency_keys`` table of one store (SQL once, through ``dialect``)."""

    def __init__(self, db: Any, dialect: Dialect) -> None:
        self.db, self.dialect = db, dialect

    def find(self, tenant: Scope, rkey: str) -> tuple[str, list[Any]] | None:
        """``(fingerprint, results)`` stored under ``rkey``, or ``None``."""
        with self.db.read() as conn:
            row = run(conn, self.dialect, "SELECT fingerprint, results FROM idempotency_keys WHERE org_id = ? "
                                          "AND project_id = ? AND request_key = ?",
                      (tenant.org_id, tenant.project_id, rkey)).fetchone()
        return None if row is None else (str(row[0]), list(self.dialect.read_json(row[1])))

    def claim(self, conn: Any, tenant: Scope, rkey: str, fp: str, results: list[Any], now: datetime) -> bool:
        """Inside an open write: delete the tenant's expired keys, then record ``rkey``; whether
        it was free (``False``: another transaction committed it first)."""
        run(conn, self.dialect, "DELETE FROM idempotency_keys WHERE org_id = ? AND project_id = ? AND created_at < ?",
            (tenant.org_id, tenant.project_id, self.dialect.time(now - KEY_RETENTION)))
        cur = run(conn, self.dialect, "INSERT INTO idempotency_keys (org_id, project_id, request_key, fingerprint, "
                                      "results, created_at) VALUES (?,?,?,?,?,?) ON CONFLICT DO NOTHING",
                  (tenant.org_id, tenant.project_id, rkey, fp, self.dialect.json(results), self.dialect.time(now)))
        return bool(cur.rowcount)


def _replay(ingestor: Ingestor, messages: Sequence[Message], stored: list[Any]) -> list[AddResult]:
    """The first request's results again, its facts as they are now; a message forgotten since
    (its episode id among the forgotten ones, ``store.forgotten``) ``forgotten``, with no episode:
    its result named the deleted episode, ``"forgotten": false``."""
    gone = forgotten.among_stored(ingestor.store, "episodes", [int(r[0]) for r in stored])
    out = []
    for msg, (episode_id, created, segments, changes, redacted, withheld) in zip(messages, stored, strict=True):
        if int(episode_id) in gone:
            out.append(replace(LEFT_OUT, replayed=True))
            continue
        raw: RawResult = (int(episode_id), bool(created), int(segments),
                          [(str(a), int(f), tuple(int(p) for p in prev)) for a, f, prev in changes])
        out.append(replace(ingestor._result(raw, msg.scope, msg.role), redacted=tuple(redacted),
                           withheld=int(withheld), replayed=True))
    return out


def replay_of(ingestor: Ingestor, table: KeyTable, messages: Sequence[Message], key: str) -> list[AddResult] | None:
    """The first results stored under ``key`` when it was used for exactly ``messages`` (marked
    ``replayed``, read as they are now), else ``None``; raises nothing. For a retry of a request
    some of whose messages were forgotten since: ``add_many`` leaves those out, so the rest alone
    would not match the key's request (``IdempotencyKeyReused``), while the retry is the same."""
    tenants = {(m.scope.org_id, m.scope.project_id) for m in messages}
    if len(tenants) != 1:
        return None
    found = table.find(Scope(*next(iter(tenants))), request_key(messages, key))
    if found is None or found[0] != fingerprint(messages) or len(found[1]) != len(messages):
        return None
    return _replay(ingestor, messages, found[1])


def write_once(ingestor: Ingestor, table: KeyTable, messages: Sequence[Message], prepared: Sequence[Any],
               key: str, *, now: datetime) -> list[AddResult]:
    """Store ``messages`` (``prepared`` by ``ingestor``) in one transaction together with ``key``,
    or return the first result stored under it (see the module docstring), each marked
    ``replayed`` (nothing was written).

    Raises:
        IdempotencyKeyReused: ``key`` was used by the same owner for other messages.
        InvalidInput: the messages span several tenants (a key belongs to one).
    """
    tenants = {(m.scope.org_id, m.scope.project_id) for m in messages}
    if len(tenants) != 1:
        raise InvalidInput("an idempotency key covers the messages of one org and project; send the others "
                           "in their own request")
    tenant = Scope(*next(iter(tenants)))
    rkey, fp = request_key(messages, key), fingerprint(messages)

    def answer(found: tuple[str, list[Any]]) -> list[AddResult]:
        if found[0] != fp or len(found[1]) != len(messages):
            raise IdempotencyKeyReused(f"idempotency key {key!r} was already used for a different request (other "
                                       "messages or another user); make a new key for each new request")
        return _replay(ingestor, messages, found[1])

    found = table.find(tenant, rkey)
    if found is not None:
        return answer(found)

    def record(conn: Any, raw: list[RawResult]) -> None:
        results = [[eid, created, segments, [[a, f, list(prev)] for a, f, prev in changes], list(p.redacted),
                    p.withheld] for (eid, created, segments, changes), p in zip(raw, prepared, strict=True)]
        if not table.claim(conn, tenant, rkey, fp, results, now):
            raise _Taken
    try:
        return ingestor.write(prepared, now=now, before_commit=record)
    except _Taken:  # a twin committed first; this transaction was rolled back
        again = table.find(tenant, rkey)
        assert again is not None  # committed before our insert gave way
        return answer(again)
