"""``Memory``'s writes: one message (``add``), many (``add_many``, ``message``), and a fact changed by
hand (``update``).

Each method checks its arguments and the scope, then calls the write path (``write.batch``,
``write.ingest``, ``write.idempotency``, ``write.update``); a batch committed updates its
sessions' short-term memory, and ``wait=True`` hands the new messages to the LLM service.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, Unpack, cast

from memstrata.arguments import check_actor, check_id
from memstrata.clock import utcnow
from memstrata.errors import EmbeddingError, InvalidInput
from memstrata.memory.base import ScopeArgs, closest
from memstrata.memory.recall import RecallMethods
from memstrata.semantic.stm import ShortTerm
from memstrata.types import Fact, Scope
from memstrata.write.batch import BATCH_SIZE, Writer, build_message, check_messages, message_list
from memstrata.write.forgotten import LEFT_OUT, said_now_matches_nothing, were_forgotten
from memstrata.write.idempotency import KeyTable, check_key, replay_of
from memstrata.write.ingest import AddResult, Ingestor, Message
from memstrata.write.update import FactUpdate, admitted_value, apply_update, not_current

if TYPE_CHECKING:
    from memstrata.store.protocol import LifecycleStore


#: The arguments ``add`` and ``message`` name themselves, for the close match of a mistyped one.
_MESSAGE_ARGUMENTS = ("role", "speaker", "created_at", "metadata", "produced_for", "content_type", "ttl", "wait",
                      "idempotency_key")


class WriteMethods(RecallMethods):
    """Writing memories: ``add``, ``message``, ``add_many``, ``update``."""

    def add(self, content: str, *, role: str = "user", speaker: str | None = None,
            created_at: datetime | None = None, metadata: dict[str, Any] | None = None,
            produced_for: str | None = None, content_type: str = "message", wait: bool = False,
            ttl: float | None = None, idempotency_key: str | None = None, skip_forgotten: bool = True,
            **scope: Unpack[ScopeArgs]) -> AddResult:
        """Remember one message; durable (committed, fsynced) before it returns.

        Args:
            content: the message text (at most ``Settings.max_content_bytes`` UTF-8 bytes).
            role: ``user`` | ``assistant`` | ``system`` | ``tool``.
            speaker: who said it (the derivative prefix and the facts' subject).
            created_at: when it was said, timezone-aware; default now (UTC). Its offset is taken as
                the speaker's: day words ("tomorrow", 明天) resolve in that calendar, stored as UTC.
            metadata: JSON-serialisable extras stored with the episode.
            wait: with an LLM configured, extract the session's waiting messages before
                returning (read-your-writes; ``AddResult.semantic``). Without, the message
                waits in the queue for the flush policy and a worker.
            ttl: seconds after which the episode and the facts drawn from it leave every read
                (and are deleted by ``maintain``), counted from when it is written (after the model
                has loaded, not from the call); default: ``Settings.ttl_seconds`` (``message`` for
                the episode, fact kind/sensitivity for facts), else no limit.
            idempotency_key: a key made once per message sent (e.g. a UUID): calling again with the
                same key (a retry after a lost answer) returns the first call's result (``replayed``)
                and stores nothing new, also after a restart (``memstrata.write.idempotency``).
            skip_forgotten: leave the message out when its owner forgot it here (the default): the
                same role, speaker, ``created_at`` and text (or import key) as a message forgotten or
                expired, sent again by a client replaying its log, a sync job or a retry. Nothing is
                written and the result says ``forgotten`` (``episode_id`` ``None``). A message said anew
                (another time; ``created_at`` left out is now) is stored as always, and asks nothing of
                the database. ``False`` stores a forgotten message again on purpose.
            **scope: ``org_id``, ``project_id``, ``user_id``, ``agent_id``, ``session_id``.

        Secrets and personal data are redacted first (``Settings.privacy``); the result's
        ``redacted`` names what was taken out.

        Raises:
            InvalidInput, ContentTooLarge: bad content, TTL or scope; nothing is written.
            LLMError: ``wait=True`` with an LLM configured that cannot be loaded (e.g. the
                ``llm`` extra is missing); nothing is written.
        """
        message = self.message(content, role=role, speaker=speaker, created_at=created_at,
                               metadata=metadata, produced_for=produced_for,
                               content_type=content_type, ttl=ttl, **scope)
        if wait and self.has_llm:
            _ = self.semantic  # loads the LLM client first: a failure must not leave a stored message behind
        # said now, with no import key: its identity holds this instant, which nothing forgotten has
        ask = skip_forgotten and not said_now_matches_nothing(message, created_at)
        result = self.add_many([message], idempotency_key=idempotency_key, skip_forgotten=ask)[0]
        # a replay or a forgotten message wrote nothing: its result stands as it is
        return self.semantic.read_your_writes(result, message.scope) if wait and self.has_llm \
            and not result.replayed and not result.forgotten else result

    def message(self, content: str, *, role: str = "user", speaker: str | None = None,
                created_at: datetime | None = None, metadata: dict[str, Any] | None = None,
                produced_for: str | None = None, content_type: str = "message", ttl: float | None = None,
                **scope: Unpack[ScopeArgs]) -> Message:
        """Build and validate a ``Message`` for ``add_many`` (same arguments as ``add``;
        ``write.batch.build_message``)."""
        unknown = set(scope) - set(ScopeArgs.__annotations__)
        if unknown:
            close = closest(sorted(unknown)[0], [*ScopeArgs.__annotations__, *_MESSAGE_ARGUMENTS])
            raise InvalidInput(f"unknown argument(s): {', '.join(sorted(unknown))}"
                               + (f" (did you mean {close!r}?)" if close else ""))
        return build_message(content, scope=self._scope(**scope), settings=self.settings, role=role,
                             speaker=speaker, created_at=created_at, metadata=metadata,
                             produced_for=produced_for, content_type=content_type, ttl=ttl)

    def add_many(self, messages: Iterable[Message], *, batch_size: int = BATCH_SIZE,
                 on_batch: Callable[[int], None] | None = None, wait: bool = False,
                 idempotency_key: str | None = None, skip_forgotten: bool = True) -> list[AddResult]:
        """Remember many messages, embedding in batches; each batch is one transaction. One result
        per message, in order.

        Every message is validated before anything is written. ``on_batch(n)`` is
        called after each committed batch with the number of messages in it. ``wait``: as
        ``add(wait=True)``, once for the whole batch (each session flushed once).
        ``idempotency_key``: the whole request is one transaction with the key, and a repeat
        with the same key returns the first results (``replayed``) and stores nothing
        (``memstrata.write.idempotency``). ``skip_forgotten``: as ``add``'s, asked once for the
        batch (``write.forgotten``): each message its owner forgot here is left out, its result
        ``forgotten`` (``episode_id`` ``None``); the others are stored as if sent alone.

        Raises:
            InvalidInput: a message is invalid (nothing is written), a bad idempotency key, or
                ``IdempotencyKeyReused``: the key was used for other messages.
        """
        items = message_list(messages)
        if wait and self.has_llm:
            _ = self.semantic  # loads the LLM client first: a failure must not leave stored messages behind
        check_messages(items, max_bytes=self.settings.max_content_bytes)
        if idempotency_key is not None:
            check_key(idempotency_key)  # a bad key is refused even when every message is left out
        if skip_forgotten:
            gone = were_forgotten(self.store, self.settings.privacy, items)
            if any(gone):  # what its owner forgot stays out: the rest is stored as if sent alone
                if idempotency_key is not None and (first := self._replay_of(items, idempotency_key)) is not None:
                    # a retry of a request stored before some of its messages were forgotten
                    return [replace(LEFT_OUT, replayed=True) if g else r for g, r in zip(gone, first, strict=True)]
                kept = [m for m, g in zip(items, gone, strict=True) if not g]
                stored = iter(self._store(kept, batch_size, on_batch, wait, idempotency_key) if kept else [])
                return [LEFT_OUT if g else next(stored) for g in gone]
        return self._store(items, batch_size, on_batch, wait, idempotency_key)

    def _replay_of(self, items: list[Message], key: str) -> list[AddResult] | None:
        """The results stored under ``key`` for exactly ``items`` (``write.idempotency.replay_of``), or
        ``None``, also on a store that keeps no keys."""
        if not items or not self.store.capabilities.maintenance:
            return None
        table = KeyTable(self.store.db, cast("LifecycleStore", self.store).dialect)
        return replay_of(self._ingestor(), table, items, key)

    def _store(self, items: list[Message], batch_size: int, on_batch: Callable[[int], None] | None,
               wait: bool, idempotency_key: str | None) -> list[AddResult]:
        """``add_many`` of ``items``, checked and none forgotten: one result each, in order."""
        if idempotency_key is not None:
            key = check_key(idempotency_key)
            if not items:
                return []
            # a table of the SQLite or PostgreSQL store
            self._require(self.store.capabilities.maintenance, "idempotency keys")
            table = KeyTable(self.store.db, cast("LifecycleStore", self.store).dialect)
            results = self._writer().once(items, table, key, on_batch=on_batch)
            if any(r.replayed for r in results):
                return results  # a replay wrote nothing: its (first) results stand as they are
        else:
            results = self._writer().batches(items, batch_size=batch_size, on_batch=on_batch)
        if wait and self.has_llm:
            return self.semantic.read_your_writes_many(results, [m.scope for m in items])
        return results

    def _ingestor(self) -> Ingestor:
        return Ingestor(self.store, self.embedder, self.extractor,
                        merge_similarity=self.settings.merge_similarity,
                        enqueue=self.has_llm and self.store.capabilities.extraction_queue,
                        settings=self.settings, cipher=self.store.cipher)

    def _writer(self) -> Writer:
        """This instance's write path (``write.batch``): a model that fails is switched off for
        the extractor too, and each committed batch updates its sessions' short-term memory."""
        def model_failed(reason: str) -> None:
            self._disable_embedder(reason)
            if self.extractor is not None and hasattr(self.extractor, "embedder"):
                self.extractor.embedder = None

        def written(batch: Sequence[Message]) -> None:
            self._fold_short_term({m.scope for m in batch if m.scope.session_id is not None})
        return Writer(self._ingestor, model_failed, written)

    def _fold_short_term(self, sessions: set[Scope]) -> None:
        if not self.store.capabilities.short_term:
            return

        llm = self.semantic.llm if self.has_llm else None
        for session in sessions:
            ShortTerm(self._semantic_store(), llm, self.settings.semantic).update(session, now=utcnow())

    def check_update(self, fact_id: int, *, value: str, **scope: Unpack[ScopeArgs]) -> None:
        """Raise what ``update(fact_id, value=value)`` would raise for this value, writing nothing:
        an importer of many edits checks them all before it applies one.

        Raises:
            InvalidInput: a missing, blank or over-long value, a secret never stored as a fact, or
                a ``fact_id`` that is no integer; each names its argument (``field``).
            NotFound: no such fact in the scope.
            Conflict: the fact is superseded or archived.
        """
        if value is None:  # FactUpdate's "give value, importance or confidence" names arguments this has not
            raise InvalidInput("value must be a non-blank string, got None", field="value")
        check_id("update()", "fact_id", fact_id)  # as update() says it, not as get() inside it would
        FactUpdate(value, None, None).check()
        fact = self.get(fact_id, **scope)
        assert isinstance(fact, Fact)
        if fact.status != "active":
            raise not_current(fact)
        admitted_value(self._ingestor(), fact, value, now=utcnow())

    def update(self, fact_id: int, *, value: str | None = None, importance: float | None = None,
               confidence: float | None = None, actor: str = "sdk", **scope: Unpack[ScopeArgs]) -> Fact:
        """Change one active fact by hand; returns the fact as stored afterwards.

        A new ``value`` supersedes: the old fact stays (status ``superseded``, ``valid_to``
        now) and a new active fact with the same key and subject, citing no episode, is returned,
        with a ``supersede`` event on the old and a ``create`` event on the new. Only
        ``importance`` / ``confidence`` (each in [0, 1]) change in place, with one ``update``
        event holding old and new numbers. Durable before it returns.

        Raises:
            InvalidInput: a ``fact_id`` that is no id (not an int, or below 1; naming update() and
                ``fact_id``), nothing to change, a blank or over-long value, a number outside [0, 1].
            NotFound: no such fact in the scope.
            Conflict: the fact is superseded or archived.
        """
        check_id("update()", "fact_id", fact_id)  # update(0) said "get(): fact_id ..."
        check_actor("update()", actor)
        change = FactUpdate(value, importance, confidence).check()
        fact = self.get(fact_id, **scope)
        assert isinstance(fact, Fact)
        try:
            new_id = apply_update(self._ingestor(), fact, change, actor=actor, now=utcnow())
        except EmbeddingError as exc:
            self._disable_embedder(str(exc))
            new_id = apply_update(self._ingestor(), fact, change, actor=actor, now=utcnow())
        # the new fact cites no episode: read it in its owner's scope (a session scope holds no such fact)
        return self.store.get_facts(fact.scope, [new_id])[new_id]
