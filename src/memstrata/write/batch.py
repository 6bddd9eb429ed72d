"""Messages on their way in (``Memory.message``, ``add``, ``add_many``): built and checked first,
then stored in batches of ``BATCH_SIZE`` (one transaction each), or, under an idempotency key,
all in one transaction with the key (``write.idempotency``).

Every message is checked before anything is written, so a bad one stores nothing. The embedding
model may fail in the middle of a write: the batch is prepared again without it (full-text only
until the model is retried, ``embed.health``) instead of losing the message.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from memstrata.clock import require_aware, utcnow
from memstrata.config import Settings, check_ttl
from memstrata.errors import EmbeddingError, InvalidInput
from memstrata.timing import phase
from memstrata.types import Scope
from memstrata.write.idempotency import KeyTable, write_once
from memstrata.write.ingest import AddResult, Ingestor, Message, validate_message

#: Messages embedded and committed together by ``add_many`` (one transaction per batch): large
#: enough that the model embeds a batch at once, small enough that a failure loses little work.
BATCH_SIZE = 64


def message_list(messages: Iterable[Message]) -> builtins.list[Message]:
    """``messages`` as a list for ``add_many``, refusing a str, bytes or dict, which iterate as
    characters, bytes or keys (``add_many("text")`` was read one character at a time).

    Raises:
        InvalidInput: ``messages`` is a str, bytes or dict, named with what to call instead.
    """
    if isinstance(messages, str | bytes | dict):
        raise InvalidInput(f"add_many takes a list of Message (Memory.message(...)), got a "
                           f"{type(messages).__name__}; Memory.add remembers one text")
    return builtins.list(messages)


def build_message(content: str, *, scope: Scope, settings: Settings, role: str, speaker: str | None,
                  created_at: datetime | None, metadata: dict[str, Any] | None, produced_for: str | None,
                  content_type: str, ttl: float | None) -> Message:
    """A checked ``Message`` said in ``scope`` (already checked by the caller). ``created_at``
    (timezone-aware; default now) keeps its offset as the speaker's; ``ttl`` seconds (default
    ``Settings.ttl_seconds["message"]``, else none) is kept as ``Message.ttl``, counted from the write
    (``write.ingest.expiring``), not from now.

    Raises:
        InvalidInput, ContentTooLarge: a bad content, role, time, TTL or metadata
            (``write.ingest.validate_message``).
    """
    if ttl is None:
        ttl = settings.ttl_seconds.get("message")
    seconds = None if ttl is None else check_ttl(ttl)
    when = utcnow() if created_at is None else require_aware(created_at, "created_at")
    offset = (created_at.utcoffset() if created_at is not None else None) or timedelta(0)
    # Copied when a dict; anything else is left for validate_message to name (dict("x") raised
    # a bare ValueError).
    meta = dict(metadata) if isinstance(metadata, dict) else {} if metadata is None else metadata
    msg = Message(content=content, scope=scope, created_at=when, role=role, speaker=speaker,
                  produced_for=produced_for, content_type=content_type, metadata=meta,
                  ttl=seconds, utc_offset=offset)
    validate_message(msg, max_bytes=settings.max_content_bytes)
    return msg


def check_messages(items: Sequence[object], *, max_bytes: int) -> None:
    """Check every item of an ``add_many`` call before anything is written.

    Raises:
        InvalidInput: an item is no ``Message``, or one is invalid (each named by its position).
        ContentTooLarge: a message is over ``max_bytes`` UTF-8 bytes.
    """
    with phase("ingest", "validation"):
        for position, msg in enumerate(items):
            if not isinstance(msg, Message):
                raise InvalidInput(f"add_many item {position} is a {type(msg).__name__}, not a Message: "
                                   "build one with Memory.message(...)")
            try:
                validate_message(msg, max_bytes=max_bytes)
            except InvalidInput as exc:  # which message of the batch, as the wrong type above is named
                raise type(exc)(f"add_many item {position}: {exc}", field=getattr(exc, "field", None)) from None


@dataclass(frozen=True)
class Writer:
    """One write's collaborators, as ``Memory`` wires them.

    Attributes:
        ingestor: a new ``Ingestor`` with the model as it is now (it may go down between steps).
        model_failed: called with the reason when the model fails; the next ingestor has none.
        written: called with each batch once committed (short-term memory folds its sessions).
    """

    ingestor: Callable[[], Ingestor]
    model_failed: Callable[[str], None]
    written: Callable[[Sequence[Message]], None]

    def prepare(self, batch: Sequence[Message]) -> list[Any]:
        """``batch`` redacted, segmented and embedded (``Ingestor.prepare``); without vectors
        when the model fails."""
        try:
            return self.ingestor().prepare(batch)
        except EmbeddingError as exc:
            self.model_failed(str(exc))
            return self.ingestor().prepare(batch)

    def batches(self, items: Sequence[Message], *, batch_size: int = BATCH_SIZE,
                on_batch: Callable[[int], None] | None = None) -> list[AddResult]:
        """Store ``items`` in batches of ``batch_size``, one transaction each; ``on_batch(n)``
        after each commit. Returns one result per message, in order."""
        results: list[AddResult] = []
        for start in range(0, len(items), batch_size):
            batch = items[start:start + batch_size]
            results.extend(self.ingestor().write(self.prepare(batch), now=utcnow()))
            self.written(batch)
            if on_batch is not None:
                on_batch(len(batch))
        return results

    def once(self, items: Sequence[Message], table: KeyTable, key: str, *,
             on_batch: Callable[[int], None] | None = None) -> list[AddResult]:
        """Store ``items`` in one transaction with the idempotency ``key``, or return the first
        results stored under it, marked ``replayed`` (``write.idempotency.write_once``).

        Raises:
            IdempotencyKeyReused: ``key`` was used by the same owner for other messages.
        """
        prepared = self.prepare(items)  # may switch the model off: the ingestor is made after
        results = write_once(self.ingestor(), table, items, prepared, key, now=utcnow())
        if results and not results[0].replayed:
            self.written(items)
        if on_batch is not None:
            on_batch(len(items))
        return results
