"""The write path: validate → segment → derive → extract → embed (batched) → one transaction.

``Ingestor.write_batch`` stores each message as one episode with its segments,
vectors, full-text rows, facts and audit events. Embedding happens before the
transaction (it is the slow part and needs no lock); everything a message writes
is committed together, and the batch is committed before the call returns.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from memstrata.clock import offset_minutes, utcnow
from memstrata.config import Settings
from memstrata.errors import ContentTooLarge, InvalidInput
from memstrata.extract import corrected_later
from memstrata.extract.base import Extractor, FactCandidate
from memstrata.facts.engine import FactEngine
from memstrata.facts.said import RawChange, Said, fact_expiry, said_in
from memstrata.facts.withdraw import masked_change
from memstrata.lifecycle.retention import enforce_cap
from memstrata.privacy.crypto import Cipher
from memstrata.privacy.policy import PrivacyPolicy, masked_texts, only_placeholders, redact, redact_json
from memstrata.store.protocol import BatchInsertStore, Store
from memstrata.store.records import NewEpisode, NewSegment
from memstrata.store.scope import check_scope
from memstrata.store.turns import context_terms, turn_terms
from memstrata.text.segment import derivative, split_segments
from memstrata.text.tokens import index_text
from memstrata.text.visible import blank, check_name, check_text
from memstrata.timing import phase
from memstrata.types import ROLES, Fact, Scope

if TYPE_CHECKING:
    from memstrata.store.semantic_store import SemanticStore

log = logging.getLogger(__name__)


#: Deepest metadata nesting accepted (the top-level object is level 1). Checking, redaction and
#: JSON encoding all walk metadata recursively: 900 levels made a REST call fail with a
#: RecursionError (HTTP 500) and 5,000 levels did the same in the SDK. Real metadata is a
#: few levels deep; 32 leaves ample room.
MAX_METADATA_DEPTH = 32

#: Largest metadata accepted, in bytes of its compact UTF-8 JSON (64 KiB). Metadata is stored
#: with every episode and returned with every hit: 5 MB of it was accepted and carried along.
MAX_METADATA_BYTES = 64 * 1024

#: Longest ``speaker`` accepted, in characters (as a scope identifier): it becomes the episode's
#: ``producer_id`` and prefixes every derivative, so 100,000 characters were stored many times.
MAX_SPEAKER_CHARS = 256


#: What ``Ingestor.write`` knows of one message inside its transaction: the episode id, whether it
#: was new, its segment count, and each fact change as ``(action, fact_id, previous fact ids)``.
RawResult = tuple[int, bool, int, list[RawChange]]


@dataclass(frozen=True)
class Message:
    """One message to remember (validated by ``validate_message``).

    ``created_at`` is when it was said (timezone-aware UTC); ``speaker`` becomes the
    episode's ``producer_id`` and the prefix of its derivatives (``alice: ...``).
    """

    content: str
    scope: Scope
    created_at: datetime
    role: str = "user"
    speaker: str | None = None
    produced_for: str | None = None
    content_type: str = "message"
    metadata: dict[str, Any] = field(default_factory=dict)
    expires_at: datetime | None = None
    #: Seconds the message is kept, counted from when it is written (``Ingestor.write``'s ``now``), not
    #: from when it was built: the first ``add`` of a process loads the model for seconds first, and a
    #: TTL counted from the call had expired the record before the call returned. ``expires_at``, when
    #: given (an import keeps the export's own), wins.
    ttl: float | None = None
    #: The speaker's offset from UTC when it was said (the offset ``created_at`` was given in):
    #: relative day words ("tomorrow", 明天) resolve in the speaker's calendar, not UTC's.
    utc_offset: timedelta = timedelta(0)


def expiring(message: Message, now: datetime) -> Message:
    """``message`` with its ``expires_at`` set ``ttl`` seconds after ``now`` (the write's time), unless it has
    one already or no ``ttl``."""
    if message.expires_at is not None or message.ttl is None:
        return message
    return replace(message, expires_at=now + timedelta(seconds=message.ttl))


@dataclass(frozen=True)
class FactChange:
    """What one extracted fact did: ``create``, ``touch``, ``merge``, ``supersede``, ``retract``
    (the message withdrew ``fact``, now superseded with no successor) or ``past`` (the message
    was said before the key's current value was last stated, so ``fact`` is stored already
    superseded by it: messages arriving out of time order never undo a newer value).

    ``fact`` is the fact as stored afterwards; ``previous`` the facts it superseded.
    """

    action: str
    fact: Fact
    previous: tuple[Fact, ...] = ()


@dataclass(frozen=True)
class AddResult:
    """Outcome of remembering one message.

    ``created`` is ``False`` when an identical episode was already stored (idempotent
    re-add: nothing else was written). ``facts`` are the rule extractor's changes;
    ``semantic`` the LLM's (only with ``add(..., wait=True)``), and ``extraction`` where the
    LLM extraction stands: ``none`` (no LLM, or not extracted), ``queued``, ``done``,
    ``retry`` (failed, will be retried) or ``failed``. ``redacted`` names the kinds of
    secrets and personal data replaced by placeholders before storage (one entry per
    occurrence, never the values); ``withheld`` counts extracted facts not stored (``drop``
    policy, or high sensitivity without an encryption key). ``replayed`` is ``True`` when the
    call carried an idempotency key already used: this is the first call's result again and
    nothing was written (``memstrata.write.idempotency``). ``forgotten`` is ``True`` when the
    message was left out because its owner forgot it here (``add(..., skip_forgotten=True)``, the
    default: the same role, speaker, time and text, or import key, as a message forgotten or expired):
    nothing was written, so ``episode_id`` is ``None``, ``created`` ``False`` and ``segments`` 0;
    ``episode_id`` is an ``int`` whenever ``forgotten`` is ``False``.
    """

    episode_id: int | None
    created: bool
    segments: int
    facts: tuple[FactChange, ...] = ()
    semantic: tuple[FactChange, ...] = ()
    extraction: str = "none"
    redacted: tuple[str, ...] = ()
    withheld: int = 0
    replayed: bool = False
    forgotten: bool = False


#: How far past this machine's clock a message's ``created_at`` may lie: a day covers clock skew
#: and a local time labelled UTC, never a date typed wrong.
FUTURE_SLACK = timedelta(days=1)


def own_speaker(role: str | None, speaker: str | None, user_id: str | None) -> str | None:
    """The speaker a fact's ``subject`` records: ``None`` (the user themself) for a ``user`` turn
    said by no one in particular, by ``user`` (the JSONL loader names a turn without a speaker
    after its role) or by the scope's own ``user_id`` (case and outer spaces aside); otherwise
    ``speaker``. Facts of one person must share one subject, or a correction said live (no
    speaker) never replaces what an import stored under "user", which left two current
    carriers. Migration 13 (``own_subjects``) clears the same subjects stored
    before."""
    if speaker is None or role != "user":
        return speaker
    name = speaker.strip().casefold()
    return None if name == "user" or (user_id is not None and name == user_id.strip().casefold()) else speaker


def users_own(msg: Message) -> Message:
    """``msg`` with the speaker its facts record (``own_speaker``); the episode keeps its own."""
    speaker = own_speaker(msg.role, msg.speaker, msg.scope.user_id)
    return msg if speaker == msg.speaker else replace(msg, speaker=speaker)


def check_metadata(value: Any, path: str = "metadata", depth: int = 1) -> None:
    """Reject metadata that JSON cannot carry faithfully, naming the field (``metadata.a.b[2]``).

    Allowed: objects with string keys, arrays, strings, booleans, integers, finite floats and
    null, nested at most ``MAX_METADATA_DEPTH`` objects/arrays deep (``depth`` is the level of
    ``value``; the check stops at the limit, so it never recurses deeper itself). NaN and
    ±Infinity are refused because they are not JSON: SQLite's JSON functions call such a row
    malformed (every metadata filter over it then failed) and an export holding them is not
    valid JSON Lines.

    Raises:
        InvalidInput: the first offending value, with its path.
    """
    if isinstance(value, (dict, list, tuple)) and depth > MAX_METADATA_DEPTH:
        raise InvalidInput(f"{path} is nested {depth} levels deep; metadata may nest at most "
                           f"{MAX_METADATA_DEPTH} levels (objects and arrays)", field="metadata")
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise InvalidInput(f"{path} has a key {key!r} of type {type(key).__name__}; keys must be strings",
                                   field="metadata")
            check_text(key, f"{path} key", "metadata")
            check_metadata(item, f"{path}.{key}", depth + 1)
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            check_metadata(item, f"{path}[{i}]", depth + 1)
    elif isinstance(value, str):
        check_text(value, path, "metadata")
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise InvalidInput(f"{path} is {value!r}, which JSON cannot hold; store null or a string instead",
                               field="metadata")
    elif value is not None and not isinstance(value, (bool, int)):
        raise InvalidInput(f"{path} is a {type(value).__name__}; metadata holds only JSON values "
                           "(objects, arrays, strings, numbers, booleans, null)", field="metadata")


def validate_message(message: Message, *, max_bytes: int) -> None:
    """Check content, role and scope of a message before anything is written.

    Raises:
        InvalidInput: empty or whitespace-only content, bad role, NUL, lone surrogate, bad scope,
            metadata that is not JSON (NaN, Infinity, non-string keys, other objects), a
            ``created_at`` with no UTC offset or more than ``FUTURE_SLACK`` (1 day) ahead of this machine's clock.
        ContentTooLarge: content over ``max_bytes`` UTF-8 bytes.
    """
    if not isinstance(message.content, str):
        raise InvalidInput(f"content must be a string, got {type(message.content).__name__}", field="content")
    if blank(message.content):  # spaces or invisible characters only (text.visible.blank), as a query
        raise InvalidInput("content is empty or whitespace only; nothing to remember", field="content")
    check_text(message.content, "content", "content")
    size = len(message.content.encode("utf-8"))
    if size > max_bytes:
        raise ContentTooLarge(
            f"content is {size:,} bytes; the limit is {max_bytes:,} (Settings.max_content_bytes). "
            "Split long documents before adding them", field="content"
        )
    if message.role not in ROLES:
        raise InvalidInput(f"role must be one of {', '.join(ROLES)}; got {message.role!r}", field="role")
    if not isinstance(message.created_at, datetime) or message.created_at.utcoffset() is None:
        raise InvalidInput(f"created_at must be a timezone-aware datetime, got {message.created_at!r}; give the "
                           "time the message was said with its UTC offset", field="created_at")
    clock = utcnow()
    if message.created_at > clock + FUTURE_SLACK:
        # Changes resolve by when a message was said: one dated in the future would outrank every
        # correction until then (created_at 2099 would lock a preference in).
        raise InvalidInput(f"created_at {message.created_at.isoformat()} is in the future (now "
                           f"{clock.isoformat(timespec='seconds')}); give the time the message was said, with "
                           "its UTC offset (a local time read as UTC is hours off)", field="created_at")
    if message.speaker is not None:
        if not isinstance(message.speaker, str):
            raise InvalidInput(f"speaker must be a string, got {type(message.speaker).__name__}", field="speaker")
        if len(message.speaker) > MAX_SPEAKER_CHARS:
            raise InvalidInput(f"speaker is {len(message.speaker):,} characters; the limit is {MAX_SPEAKER_CHARS}",
                               field="speaker")
        if not message.speaker.strip():
            # A blank speaker was stored as said: a subject "" on its facts, ": text" as its derivative.
            raise InvalidInput("speaker is blank; give who said it (a name) or leave it out for the role's own",
                               field="speaker")
        check_text(message.speaker, "speaker", "speaker")
        check_name(message.speaker, "speaker", "speaker")  # "\u202eecilA" is shown as "Alice" (text.visible)
    if message.produced_for is not None:
        if not isinstance(message.produced_for, str):
            raise InvalidInput(f"produced_for must be a string, got {type(message.produced_for).__name__}",
                               field="produced_for")
        if len(message.produced_for) > MAX_SPEAKER_CHARS:
            raise InvalidInput(f"produced_for is {len(message.produced_for):,} characters; the limit is "
                               f"{MAX_SPEAKER_CHARS}", field="produced_for")
        check_text(message.produced_for, "produced_for", "produced_for")
        check_name(message.produced_for, "produced_for", "produced_for")
    if not isinstance(message.metadata, dict):
        raise InvalidInput(f"metadata must be an object (dict), got {type(message.metadata).__name__}",
                           field="metadata")
    check_metadata(message.metadata)
    meta_bytes = len(json.dumps(message.metadata, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    if meta_bytes > MAX_METADATA_BYTES:
        raise InvalidInput(f"metadata is {meta_bytes:,} bytes of JSON; the limit is {MAX_METADATA_BYTES:,} "
                           "(64 KiB). Store large documents as content, not metadata", field="metadata")
    check_scope(message.scope, needs_owner=True)


@dataclass
class _Prepared:
    message: Message
    segments: list[tuple[str, str]]  # (text, derivative)
    candidates: list[FactCandidate]
    seg_vectors: np.ndarray | None = None
    fact_vectors: np.ndarray | None = None
    redacted: tuple[str, ...] = ()
    withheld: int = 0


def redacted(msg: Message, policy: PrivacyPolicy) -> tuple[Message, tuple[str, ...]]:
    """``msg`` as the write path stores it under ``policy`` (content, metadata and speaker
    redacted), with the kinds taken out; ``msg`` itself when nothing was."""
    content = redact(msg.content, policy)
    kinds = list(content.kinds)
    metadata = redact_json(msg.metadata, policy, kinds)
    # The speaker becomes producer_id and the derivatives' prefix: an address given as the
    # speaker (speaker="bob@example.com") must not reach the file either.
    speaker = msg.speaker
    if speaker is not None:
        found = redact(speaker, policy)
        kinds.extend(found.kinds)
        speaker = found.text
    if not kinds:
        return msg, ()
    return replace(msg, content=content.text, metadata=metadata, speaker=speaker), tuple(kinds)


class Ingestor:
    """Writes messages into a store; see the module docstring.

    Args:
        store: any ``Store`` (SQLite, PostgreSQL, reference).
        embedder: embeds derivatives and fact statements, or ``None`` (full-text only).
        extractor: proposes facts, or ``None`` (no semantic memory).
        extract_roles: roles whose messages are mined for facts (the user's own words).
        merge_similarity: cosine for merging near-duplicate facts.
        enqueue: also queue each new episode of ``extract_roles`` for LLM extraction
            (``store.queue``), in the transaction that stores it.
        settings: privacy policy, TTLs, the per-user cap and ranking weights (default ``Settings()``).
        cipher: encrypts high-sensitivity facts; ``None``: they are not stored.
    """

    def __init__(self, store: Store, embedder: Any, extractor: Extractor | None, *,
                 extract_roles: Sequence[str] = ("user",), merge_similarity: float = 0.9,
                 enqueue: bool = False, settings: Settings | None = None, cipher: Cipher | None = None) -> None:
        self.enqueue = enqueue
        self.store = store
        self.embedder = embedder
        self.extractor = extractor
        self.extract_roles = tuple(extract_roles)
        self.merge_similarity = merge_similarity
        self.settings = settings or Settings()
        self.cipher = cipher
        self.engine = FactEngine(store, embedder, merge_similarity=merge_similarity, cipher=cipher)

    def _redact(self, msg: Message) -> tuple[Message, tuple[str, ...]]:
        return redacted(msg, self.settings.privacy)

    def _admit(self, candidates: Sequence[FactCandidate],
               masked: dict[str, list[str]] | None = None) -> tuple[list[FactCandidate], int]:
        """The candidates that may be stored, and how many were withheld: none carrying a ``drop`` kind's
        placeholder, none whose value is only placeholders (``[REDACTED:phone]`` is no value), and
        high-sensitivity ones only when they can be encrypted. A placeholder of a single-valued key is
        withheld as a value but still withdraws the value stored before (``facts.withdraw.masked_change``;
        ``masked``: what each placeholder kind stands for in the message, in memory only)."""
        dropped = self.settings.privacy.dropped_placeholders()
        kept = [c for c in candidates
                if not any(p in c.value or p in c.statement for p in dropped)
                and not only_placeholders(c.value)
                and (c.sensitivity != "high" or self.cipher is not None)]
        withheld = len(candidates) - len(kept)
        kept += [w for c in candidates if (w := masked_change(c, masked or {})) is not None]
        return kept, withheld

    def prepare(self, messages: Sequence[Message]) -> list[_Prepared]:
        """Segment, extract and embed (batched across messages); no database access."""
        prepared = []
        for original in messages:
            # Redaction first: the secret never reaches the extractor, the embedder or the store.
            with phase("ingest", "redaction"):
                msg, kinds = self._redact(original)
            speaker = msg.speaker or msg.role
            with phase("ingest", "segmentation"):
                segs = [(s, derivative(s, speaker)) for s in split_segments(msg.content)]
            cands: list[FactCandidate] = []
            withheld = 0
            if self.extractor is not None and msg.role in self.extract_roles:
                with phase("ingest", "extraction"):
                    cands, withheld = self._admit(
                        self.extractor.extract(text=msg.content, role=msg.role,
                                               said_at=msg.created_at.astimezone(timezone(msg.utc_offset))),
                        masked_texts(original.content, self.settings.privacy) if kinds else {})
                if not cands and msg.role == "user" and (loose := corrected_later.tentative(msg.content)) is not None:
                    cands = [loose]  # 说错了，是小婷: a word no list knows, kept only as a name held (facts.previous)
            prepared.append(_Prepared(msg, segs, cands, redacted=kinds, withheld=withheld))
        if self.embedder is not None:
            texts = [d for p in prepared for _, d in p.segments]
            # High-sensitivity statements are embedded too (in memory only): the vector is
            # dropped before storage (``facts.engine``).
            texts += [c.statement or c.value for p in prepared for c in p.candidates]
            with phase("ingest", "embedding"):
                vectors = self.embedder.embed(texts)
            pos = 0
            for p in prepared:
                p.seg_vectors = vectors[pos:pos + len(p.segments)]
                pos += len(p.segments)
            for p in prepared:
                p.fact_vectors = vectors[pos:pos + len(p.candidates)]
                pos += len(p.candidates)
        return prepared

    def write(self, prepared: Sequence[_Prepared], *, now: datetime,
              before_commit: Callable[[Any, list[RawResult]], None] | None = None) -> list[AddResult]:
        """Store prepared messages in one transaction (committed and synced on return).

        ``before_commit(conn, raw)``, when given, runs last inside the transaction with each
        message's ``(episode_id, created, segments, [(action, fact_id, previous_ids)])``: what it
        writes commits with the messages, and what it raises rolls them back (``write.idempotency``).

        Timed as phase ``storage`` (the whole transaction, commit included), within which
        ``indexing`` is the segment, vector and full-text rows."""
        results: list[RawResult] = []
        for p in prepared:
            p.message = expiring(p.message, now)
        # Only a store with a queue is asked to enqueue (``Memory`` checks ``capabilities``).
        queue = cast("SemanticStore", self.store).extraction_queue(self.settings.semantic) if self.enqueue else None
        with phase("ingest", "indexing"):
            said_before = self._session_tails(prepared)
        with phase("ingest", "storage"), self.store.db.write() as conn:
            # Fact scopes are locked up front, in one order, so concurrent writers (PostgreSQL)
            # neither deadlock nor both supersede the same fact.
            self.store.lock_scopes(conn, [Scope(p.message.scope.org_id, p.message.scope.project_id,
                                                p.message.scope.user_id, p.message.scope.agent_id)
                                          for p in prepared])
            stored = self._insert_episodes(conn, prepared, now)
            self._insert_turns(conn, prepared, stored, said_before)
            for p, (episode_id, created, n_segments) in zip(prepared, stored, strict=True):
                msg = p.message
                if not created:
                    results.append((episode_id, False, 0, []))
                    continue
                if queue is not None and msg.role in self.extract_roles:
                    queue.enqueue(conn, episode_id=episode_id, scope=msg.scope, now=now)
                said = users_own(msg)  # whom its facts are about: the user, or a named other speaker
                vectors = [None] * len(p.candidates) if p.fact_vectors is None else list(p.fact_vectors)
                changes = self.engine.apply_message(conn, [
                    (self._said(said, episode_id, cand, now), cand, vector)
                    for cand, vector in zip(p.candidates, vectors, strict=True)], now)
                results.append((episode_id, True, n_segments, changes))
            self._enforce_cap(conn, prepared, results, now)
            if before_commit is not None:
                before_commit(conn, results)
        return [replace(self._result(r, p.message.scope, p.message.role), redacted=p.redacted, withheld=p.withheld)
                for r, p in zip(results, prepared, strict=True)]

    def _session_tails(self, prepared: Sequence[_Prepared]) -> dict[Scope, str]:
        """For each session the batch writes to, the content of the last turn already stored in it
        (``""`` if none): the context of the batch's first turn there (``store.turns``). One read
        per session, before the write; a concurrent writer's turn may be missed (a context is a
        ranking aid, not a record)."""
        tails: dict[Scope, str] = {}
        for p in prepared:
            scope = p.message.scope
            if scope.session_id is not None and scope not in tails:
                last = self.store.list_episodes(scope, limit=1)
                tails[scope] = last[0].content if last else ""
        return tails

    def _insert_turns(self, conn: Any, prepared: Sequence[_Prepared], stored: Sequence[tuple[int, bool, int]],
                      said_before: dict[Scope, str]) -> None:
        """Index each new episode's whole text as its turn document (``store.turns``), with the
        turn said before it in its session as context (``said_before``: each session's last
        stored turn, then the batch's own turns in order); a store with ``insert_turns``
        (PostgreSQL) takes them all in one exchange."""
        previous = dict(said_before)
        turns = []
        for p, (episode_id, created, _) in zip(prepared, stored, strict=True):
            scope = p.message.scope
            context = context_terms(previous.get(scope, "")) if scope.session_id is not None else ""
            if scope.session_id is not None:
                previous[scope] = p.message.content
            if created:
                turns.append((episode_id, scope, turn_terms(p.message.speaker or p.message.role, p.message.content),
                              p.message.expires_at, context))
        with phase("ingest", "indexing"):
            if self.store.capabilities.batch_inserts:
                cast("BatchInsertStore", self.store).insert_turns(conn, turns)
                return
            for episode_id, scope, terms, expires_at, context in turns:
                self.store.insert_turn(conn, episode_id=episode_id, scope=scope, terms=terms, expires_at=expires_at,
                                       context=context)

    def _insert_episodes(self, conn: Any, prepared: Sequence[_Prepared],
                         now: datetime) -> list[tuple[int, bool, int]]:
        """Insert the messages' episodes and segments, in order: ``(episode_id, created, segments)``
        each. A store with ``insert_episodes`` (PostgreSQL) takes them all in one exchange;
        otherwise one episode, then its segments, at a time."""
        batch = [NewEpisode(
            scope=p.message.scope, role=p.message.role, content=p.message.content,
            created_at=p.message.created_at, producer_id=p.message.speaker,
            produced_for_id=p.message.produced_for, content_type=p.message.content_type,
            metadata=p.message.metadata, expires_at=p.message.expires_at,
            utc_offset_minutes=offset_minutes(p.message.created_at.astimezone(timezone(p.message.utc_offset))),
            segments=tuple(NewSegment(text, deriv, index_text(deriv),
                                      None if p.seg_vectors is None else p.seg_vectors[i])
                           for i, (text, deriv) in enumerate(p.segments))) for p in prepared]
        if self.store.capabilities.batch_inserts:
            with phase("ingest", "indexing"):
                return [(eid, created, len(segs)) for eid, created, segs in
                        cast("BatchInsertStore", self.store).insert_episodes(conn, batch, now=now)]
        out = []
        for ep in batch:
            episode_id, created = self.store.insert_episode(
                conn, scope=ep.scope, role=ep.role, content=ep.content, created_at=ep.created_at,
                producer_id=ep.producer_id, produced_for_id=ep.produced_for_id, content_type=ep.content_type,
                metadata=ep.metadata, now=now, expires_at=ep.expires_at, utc_offset_minutes=ep.utc_offset_minutes)
            if created:
                with phase("ingest", "indexing"):
                    self.store.insert_segments(conn, episode_id=episode_id, scope=ep.scope,
                                               segments=list(ep.segments), expires_at=ep.expires_at)
            out.append((episode_id, created, len(ep.segments) if created else 0))
        return out

    def _enforce_cap(self, conn: Any, prepared: Sequence[_Prepared],
                     results: Sequence[tuple[int, bool, int, list[RawChange]]],
                     now: datetime) -> None:
        written: dict[Scope, set[int]] = {}
        for p, (_, _, _, changes) in zip(prepared, results, strict=True):
            if changes:
                sc = p.message.scope
                owner = Scope(sc.org_id, sc.project_id, sc.user_id, sc.agent_id)
                written.setdefault(owner, set()).update(fid for _, fid, _ in changes)
        s = self.settings
        for owner, keep in written.items():
            enforce_cap(self.store, conn, owner, cap=s.max_active_facts, keep=keep, now=now,
                        weights=s.weights, half_life_days=s.half_life_days)

    def _result(self, raw: tuple[int, bool, int, list[RawChange]],
                scope: Scope, role: str) -> AddResult:
        episode_id, created, n_segments, changes = raw
        queued = "queued" if created and self.enqueue and role in self.extract_roles else "none"
        if not changes:
            return AddResult(episode_id, created, n_segments, extraction=queued)
        ids = {i for _, fid, prev in changes for i in (fid, *prev)}
        facts = self.store.get_facts(Scope(scope.org_id, scope.project_id), sorted(ids))
        return AddResult(episode_id, created, n_segments, tuple(
            FactChange(action, facts[fid], tuple(facts[i] for i in prev if i in facts))
            for action, fid, prev in changes if fid in facts
        ), extraction=queued)

    def _said(self, msg: Message, episode_id: int, cand: FactCandidate, now: datetime) -> Said:
        """The statement ``cand`` comes from, as the fact engine records it."""
        s = self.settings
        return Said(scope=Scope(msg.scope.org_id, msg.scope.project_id, msg.scope.user_id, msg.scope.agent_id),
                    speaker=msg.speaker, at=msg.created_at, episode_id=episode_id, actor=self.actor,
                    project=said_in(msg.metadata),  # a project's convention said there is that folder's
                    expires_at=fact_expiry(now=now, kind=cand.kind, sensitivity=cand.sensitivity,
                                           ttl_seconds=s.ttl_seconds, message_expires_at=msg.expires_at))

    @property
    def actor(self) -> str:
        """The audit events' actor of rule facts: ``extractor:<name>``."""
        return f"extractor:{getattr(self.extractor, 'name', 'unknown')}"
