"""Which message identities a scope stores already, for the log importers.

A message's identity is ``episodes.content_hash`` (``store.records.episode_hash``: role, speaker,
time and text as stored, so after redaction). The write path knows a message as stored when the
hash of its form under the current privacy policy is there; a message stored under another policy
(an email redacted then, allowed now, or the reverse) has another hash. The importers ask here for
the other forms (``Memory.stored_otherwise``), so a re-import never stores the unredacted original
beside the redacted message, nor a redacted copy beside the original.

The SQL is written once for the SQLite and PostgreSQL stores (``store.dialect``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from memstrata.store.dialect import rows
from memstrata.types import Scope

#: Hashes per ``IN (...)`` list.
CHUNK = 500


def stored(store: Any, scope: Scope, hashes: Sequence[str]) -> set[str]:
    """Of ``hashes`` (``content_hash`` values), those an episode of exactly ``scope`` (org, project,
    user, agent and session, as the write path's duplicate check) holds, expired or not; none on a
    store without SQL (``Capabilities.sql`` false: the in-memory reference store)."""
    if not store.capabilities.sql or not hashes:
        return set()
    d = store.dialect
    found: set[str] = set()
    wanted = sorted(set(hashes))
    owner = (scope.org_id, scope.project_id, scope.user_id or "", scope.agent_id or "", scope.session_id or "")
    with store.db.read() as conn:
        for start in range(0, len(wanted), CHUNK):
            batch = wanted[start:start + CHUNK]
            found |= {r["content_hash"] for r in rows(
                conn, d, "SELECT content_hash FROM episodes WHERE org_id = ? AND project_id = ? AND "
                         "coalesce(user_id, '') = ? AND coalesce(agent_id, '') = ? AND coalesce(session_id, '') = ? "
                         f"AND content_hash IN ({','.join('?' * len(batch))})", (*owner, *batch))}
    return found
