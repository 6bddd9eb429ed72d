"""Which messages given to a write were forgotten here by their owner, so no door stores them again.

A forget of messages (``lifecycle.forget.delete_episodes``) and the TTL sweep keep, per message, a
content-free digest of its identity with its owner (``store.suppressed``): its import key, else its
Markdown note key, else its role, speaker, time and text as a person reads them
(``text.same_message``: surrounding and repeated whitespace, CRLF, NFC / NFD and zero-width spaces
aside; case and punctuation count), and its exact text for the stores that kept only that. Every door that
may be handed a message again asks ``were_forgotten``: ``Memory.add`` / ``add_many`` (``skip_forgotten``),
``POST /v1/messages``, the importers and the coding-agent hooks. A message said anew, at its own time,
has another identity and is stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from memstrata.clock import utcnow
from memstrata.privacy.policy import PrivacyPolicy, strictest
from memstrata.store import suppressed
from memstrata.store.records import episode_hash
from memstrata.write.ingest import AddResult, Message, redacted

#: The result of a message left out because its owner forgot it here: no episode, nothing written.
LEFT_OUT = AddResult(episode_id=None, created=False, segments=0, forgotten=True)


def were_forgotten(store: Any, policy: PrivacyPolicy, messages: Sequence[Message]) -> list[bool]:
    """For each of ``messages``, whether its owner (org, project, user) forgot it in ``store``: a
    digest of its identity (``store.suppressed.message_digests``) in any form it may be stored in
    (``forms``: under ``policy``, the strictest policy or unredacted; its speaker unset or named as
    its role) is kept (``suppressed.held``), the message expired by its TTL and awaits the sweep
    (``suppressed.expired``), or a running forget job hides it and has not deleted it yet
    (``suppressed.being_forgotten``: a background forget). Per owner, one read of the held digests,
    one of the expired messages and one of the running jobs; none for an empty list. Every store
    answers (the in-memory one for its life)."""
    if not messages:
        return []
    digests = [{sha for f in forms(m, policy) for sha in suppressed.message_digests(
        identity_hash(f), m.metadata, f.role, f.speaker, f.created_at, f.content)} for m in messages]
    owners: dict[tuple[str, str, str], set[str]] = {}
    for m, shas in zip(messages, digests, strict=True):
        owners.setdefault(suppressed.owner_of(m.scope), set()).update(shas)
    now = utcnow()
    held = {(owner, sha) for owner, shas in owners.items() for sha in suppressed.held(store, owner, sorted(shas))
            | suppressed.expired(store, owner, now) | suppressed.being_forgotten(store, owner)}
    return [any((suppressed.owner_of(m.scope), sha) in held for sha in shas)
            for m, shas in zip(messages, digests, strict=True)]


def said_now_matches_nothing(message: Message, created_at: object) -> bool:
    """Whether ``message``, built with no time given (``created_at`` ``None``: this instant), cannot
    be one forgotten here, so ``add`` asks nothing: its identity holds its time to the microsecond
    (``episodes.content_hash``), and no message forgotten before was said at this instant; unless its
    metadata names it by an import or note key, an identity without a time."""
    return created_at is None and suppressed.message_identity("", message.metadata) == ""


def forms(message: Message, policy: PrivacyPolicy) -> list[Message]:
    """``message`` as ``policy`` stores it, then as the strictest policy and unredacted, each form
    once, and each under every speaker it may be stored under (``store.suppressed.speakers_of``:
    unset or named as its role is one message), which a door must know whichever way it was stored."""
    every = [redacted(message, policy)[0], redacted(message, strictest())[0], message]
    every = [replace(f, speaker=s) for f in every for s in suppressed.speakers_of(f.role, f.speaker)]
    return [f for i, f in enumerate(every)
            if all((f.content, f.speaker) != (g.content, g.speaker) for g in every[:i])]


def identity_hash(message: Message) -> str:
    """``episodes.content_hash`` of ``message`` as it is (hex SHA-256 of its role, speaker, time and text)."""
    return episode_hash(message.role, message.speaker, message.created_at, message.content)
