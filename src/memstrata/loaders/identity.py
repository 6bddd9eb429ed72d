"""Which imported messages are stored already, for messages whose time the source does not give.

A message with its own ``created_at`` is known by what it is (role, speaker, time, text: the
episode identity of ``store.records.episode_hash``), so importing it again stores nothing. A
JSON Lines message without ``created_at`` is stamped at import, so that identity alone would
store it again on every import. Such a message carries an *import key* in its metadata
(``metadata["import_key"]``, 32 hex characters of SHA-256):

* with ``source_id`` (its id in the source system): of its session and ``source_id``;
* without: of its session, role, speaker, text and how many identical messages came before it
  in the same file or request (so a log where someone says "ok" twice keeps both). The text is
  taken as a person reads it (``text.same_message.said_text``: whitespace runs, CRLF, NFC / NFD,
  zero-width spaces aside), so a line saved again with a trailing space or CRLF is the same message,
  stored or forgotten. Imports before that took the text as it is: the key they gave (``older_key``)
  is asked too where the two differ (``Keyer.older``), by ``settled`` and ``forgotten``.

The speaker and text enter the key with every kind of secret redacted (``privacy.policy.strictest``),
whatever the policy stores: the key is kept in the episode's metadata and exported, and a hash of
"my phone is 13812345678" would let anyone who guesses the sentence find the number by trying
every number. Two lines that differ only in a secret are told apart by their place, as identical
lines are.

Before storing, a message whose key a stored episode of the same owner holds takes that
episode's time: the write path then knows it as stored (a duplicate, left as it was), on every
import door (``memstrata import``, ``POST /v1/import``).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import replace
from datetime import datetime

from memstrata.filter import Field, In
from memstrata.loaders.base import ImportedMessage
from memstrata.memory import Memory
from memstrata.privacy.policy import redact, strictest
from memstrata.text.same_message import said_text
from memstrata.write.ingest import Message

#: The metadata key an import key is kept under.
KEY = "import_key"
#: The policy the key's text is redacted under (``masked``).
STRICTEST = strictest()
#: Keys per ``IN (...)`` filter (``Memory.page`` reads at most 1000 rows a page).
CHUNK = 500


def import_key(message: ImportedMessage, repeat: int) -> str:
    """A message's import key (see the module docstring); ``repeat``: how many messages that read
    the same (``said_text``) came before it in its file or request (0 for the first)."""
    return _key(message, said_text(masked(message.content)), repeat)


def older_key(message: ImportedMessage, repeat: int) -> str:
    """The import key imports gave before the text was taken as read: of the masked text as it is;
    ``repeat`` counts messages of the very same text."""
    return _key(message, masked(message.content), repeat)


def _key(message: ImportedMessage, text: str, repeat: int) -> str:
    if message.source_id is not None:
        parts = ["id", message.session_id, message.source_id]
    else:
        parts = ["text", message.session_id, message.role, masked(message.speaker), text, str(repeat)]
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:32]


def masked(text: str) -> str:
    """``text`` with every kind of secret redacted (see the module docstring)."""
    return redact(text, STRICTEST).text


class Keyer:
    """Gives each message stamped at import (JSONL ``metadata["created_at_assumed"]``) its import
    key, counting identical messages across one file or request; others pass unchanged."""

    def __init__(self) -> None:
        self._seen: Counter[tuple[str, str, str, str]] = Counter()
        self._seen_exact: Counter[tuple[str, str, str, str]] = Counter()
        #: Import key -> the key imports gave it before (``older_key``), where the two differ.
        self.older: dict[str, str] = {}

    def __call__(self, msg: ImportedMessage) -> ImportedMessage:
        """``msg`` with ``metadata["import_key"]`` when it was stamped at import."""
        if not msg.metadata.get("created_at_assumed"):
            return msg
        text = masked(msg.content)
        same, exact = [(msg.session_id, msg.role, masked(msg.speaker), t) for t in (said_text(text), text)]
        key, before = import_key(msg, self._seen[same]), older_key(msg, self._seen_exact[exact])
        self._seen[same] += 1
        self._seen_exact[exact] += 1
        if before != key:
            self.older[key] = before
        return replace(msg, metadata={**msg.metadata, KEY: key})


def keyed(messages: list[ImportedMessage]) -> tuple[list[ImportedMessage], dict[str, str]]:
    """``messages`` of one file or request, each stamped at import given its import key, and the
    older keys of those keys (``Keyer``)."""
    keyer = Keyer()
    return [keyer(msg) for msg in messages], keyer.older


def forgotten(memory: Memory, messages: list[Message], older: dict[str, str]) -> list[bool]:
    """``Memory.forgotten_messages`` of ``messages``, each known also by its import key's older key
    (``Keyer.older``): a message an import before forgot under that key stays out."""
    gone = memory.forgotten_messages(messages)
    again = [(i, replace(m, metadata={**m.metadata, KEY: older[str(m.metadata[KEY])]}))
             for i, m in enumerate(messages) if str(m.metadata.get(KEY)) in older]
    if again:
        for (i, _), was in zip(again, memory.forgotten_messages([m for _, m in again]), strict=True):
            gone[i] = gone[i] or was
    return gone


def stored_times(memory: Memory, owner: dict[str, str | None], keys: list[str]) -> dict[str, datetime]:
    """``{import key: created_at}`` of the stored episodes of ``owner`` (``user_id``,
    ``agent_id``, ``org_id``, ``project_id`` keywords of ``Memory.page``) holding one of ``keys``."""
    found: dict[str, datetime] = {}
    wanted = sorted(set(keys))
    for start in range(0, len(wanted), CHUNK):
        where = In(Field("metadata", (KEY,)), tuple(wanted[start:start + CHUNK]))
        cursor: str | None = None
        while True:
            page = memory.page(kind="episode", limit=1000, cursor=cursor, filter=where, **owner)  # type: ignore[arg-type]
            for episode in page.items:
                found.setdefault(str(episode.metadata.get(KEY)), episode.created_at)  # type: ignore[union-attr]
            if page.next_cursor is None:
                break
            cursor = page.next_cursor
    return found


def settled(memory: Memory, messages: list[Message], older: dict[str, str] | None = None) -> list[Message]:
    """``messages``, each one whose import key (or its older key: ``Keyer.older``) a stored episode
    of its owner holds given that episode's time, so the write path finds it stored and adds nothing
    (see the module docstring)."""
    older = older or {}
    owners: dict[tuple[str, str, str | None, str | None], list[str]] = {}
    for msg in messages:
        if KEY in msg.metadata:
            s, key = msg.scope, str(msg.metadata[KEY])
            owners.setdefault((s.org_id, s.project_id, s.user_id, s.agent_id), []).extend(
                [key, older[key]] if key in older else [key])
    times: dict[tuple[tuple[str, str, str | None, str | None], str], datetime] = {}
    for owner, keys in owners.items():
        org, project, user, agent = owner
        ids = {"org_id": org, "project_id": project, "user_id": user, "agent_id": agent}
        times.update({(owner, k): t for k, t in stored_times(memory, ids, keys).items()})
    out = []
    for msg in messages:
        s = msg.scope
        owner, key = (s.org_id, s.project_id, s.user_id, s.agent_id), str(msg.metadata.get(KEY))
        when = times.get((owner, key)) or times.get((owner, older.get(key, key)))
        out.append(msg if when is None or KEY not in msg.metadata else replace(msg, created_at=when))
    return out
