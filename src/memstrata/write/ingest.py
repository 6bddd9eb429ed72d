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
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from memstrata.clock import utcnow
from memstrata.config import Settings
from memstrata.errors import ContentTooLarge, EmbeddingError, InvalidInput, at_character
from memstrata.extract.allergens import allergen
from memstrata.extract.base import Extractor, FactCandidate
from memstrata.extract.habits import withdraws_habit
from memstrata.extract.rules import favourite_label
from memstrata.extract.taxonomy import KEYS, key_spec
from memstrata.extract.twins import kinds_of, twins
from memstrata.facts.resolve import EXACT_KEYS, Decision, choice_key, contradicts, decide, normalise_value, same_value
from memstrata.facts.split import candidate_terms, split_at
from memstrata.facts.timeline import place, said_after
from memstrata.lifecycle.retention import enforce_cap, fact_expiry
from memstrata.privacy.crypto import Cipher
from memstrata.privacy.policy import only_placeholders, redact, redact_json
from memstrata.store.protocol import Store
from memstrata.store.records import NewEpisode, NewFact, NewSegment
from memstrata.store.turns import context_terms, turn_terms
from memstrata.store.withdrawals import Withdrawal
from memstrata.text.segment import INVISIBLE, derivative, split_segments
from memstrata.text.tokens import index_text
from memstrata.text.visible import check_name
from memstrata.timing import phase
from memstrata.types import ROLES, Fact, Scope

if TYPE_CHECKING:
    from memstrata.store.semantic_store import SemanticStore

log = logging.getLogger(__name__)


#: Longest scope identifier accepted, in characters.
MAX_ID_CHARS = 256

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
RawResult = tuple[int, bool, int, list[tuple[str, int, tuple[int, ...]]]]


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
    #: The speaker's offset from UTC when it was said (the offset ``created_at`` was given in):
    #: relative day words ("tomorrow", 明天) resolve in the speaker's calendar, not UTC's.
    utc_offset: timedelta = timedelta(0)


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
    nothing was written (``memstrata.write.idempotency``).
    """

    episode_id: int
    created: bool
    segments: int
    facts: tuple[FactChange, ...] = ()
    semantic: tuple[FactChange, ...] = ()
    extraction: str = "none"
    redacted: tuple[str, ...] = ()
    withheld: int = 0
    replayed: bool = False


#: How far past this machine's clock a message's ``created_at`` may lie: a day covers clock skew
#: and a local time labelled UTC, never a date typed wrong.
FUTURE_SLACK = timedelta(days=1)


def own_speaker(role: str | None, speaker: str | None, user_id: str | None) -> str | None:
    """The speaker a fact's ``subject`` records: ``None`` (the user themself) for a ``user`` turn
    said by no one in particular, by ``user`` (the JSONL loader names a turn without a speaker
    after its role) or by the scope's own ``user_id`` (case and outer spaces aside); otherwise
    ``speaker``. Facts of one person must share one subject, or a correction said live (no
    speaker) never replaces what an import stored under "user": a fresh-user trial (U15) ended
    with two current carriers. Migration 13 (``own_subjects``) clears the same subjects stored
    before."""
    if speaker is None or role != "user":
        return speaker
    name = speaker.strip().casefold()
    return None if name == "user" or (user_id is not None and name == user_id.strip().casefold()) else speaker


def users_own(msg: Message) -> Message:
    """``msg`` with the speaker its facts record (``own_speaker``); the episode keeps its own."""
    speaker = own_speaker(msg.role, msg.speaker, msg.scope.user_id)
    return msg if speaker == msg.speaker else replace(msg, speaker=speaker)


def check_text(value: str, what: str) -> None:
    """Reject text SQLite or JSON cannot keep faithfully: NUL bytes and lone surrogates.

    Raises:
        InvalidInput: naming ``what`` and the character position.
    """
    for pos, ch in enumerate(value):
        if ch == "\x00":
            raise InvalidInput(f"{what} contains a NUL byte {at_character(pos)}; remove it")
        if "\ud800" <= ch <= "\udfff":
            raise InvalidInput(
                f"{what} contains a lone surrogate U+{ord(ch):04X} {at_character(pos)}; "
                "text must be valid Unicode (decode with errors='replace')"
            )


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
                           f"{MAX_METADATA_DEPTH} levels (objects and arrays)")
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise InvalidInput(f"{path} has a key {key!r} of type {type(key).__name__}; keys must be strings")
            check_text(key, f"{path} key")
            check_metadata(item, f"{path}.{key}", depth + 1)
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            check_metadata(item, f"{path}[{i}]", depth + 1)
    elif isinstance(value, str):
        check_text(value, path)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise InvalidInput(f"{path} is {value!r}, which JSON cannot hold; store null or a string instead")
    elif value is not None and not isinstance(value, (bool, int)):
        raise InvalidInput(f"{path} is a {type(value).__name__}; metadata holds only JSON values "
                           "(objects, arrays, strings, numbers, booleans, null)")


def check_scope(scope: Scope, *, needs_owner: bool) -> None:
    """Validate scope identifiers. With ``needs_owner`` (every read and write of memories),
    a ``user_id``, ``agent_id`` or ``session_id`` is required: a call that forgot to name
    whose memory it wants must fail, not silently see the whole tenant.

    Raises:
        InvalidInput: an empty, over-long, non-string, control- or invisible-format-character
            (Unicode category Cf: U+200B, U+FEFF, ...) identifier, or one with leading or
            trailing whitespace.
    """
    for name in ("org_id", "project_id", "user_id", "agent_id", "session_id"):
        value = getattr(scope, name)
        if value is None and name not in ("org_id", "project_id"):
            continue
        if not isinstance(value, str) or not value.strip():
            raise InvalidInput(f"scope {name} must be a non-empty string, got {value!r}")
        if value != value.strip():
            # " bob " and "bob" would be two users: a stray space must not split one memory in two.
            raise InvalidInput(f"scope {name} {value!r} starts or ends with whitespace; pass {value.strip()!r}")
        if len(value) > MAX_ID_CHARS:
            raise InvalidInput(f"scope {name} is {len(value)} characters; the limit is {MAX_ID_CHARS}")
        if any(unicodedata.category(c) == "Cc" for c in value):
            raise InvalidInput(f"scope {name} {value!r} contains control characters")
        # "alice\u200b" would be a second user who lists as "alice": an invisible character
        # (zero-width space, joiner, BOM, direction mark) is a paste accident, never a name.
        check_name(value, f"scope {name}")
        check_text(value, f"scope {name}")
    if needs_owner and scope.user_id is None and scope.agent_id is None and scope.session_id is None:
        raise InvalidInput(
            f"no user_id, agent_id or session_id given (scope {scope.describe()}): say whose memory this is "
            "(Python: user_id='alice' on Memory(...) or the call; CLI: --user alice; REST: \"user_id\")"
        )


def validate_message(message: Message, *, max_bytes: int) -> None:
    """Check content, role and scope of a message before anything is written.

    Raises:
        InvalidInput: empty or whitespace-only content, bad role, NUL, lone surrogate, bad scope,
            metadata that is not JSON (NaN, Infinity, non-string keys, other objects), a
            ``created_at`` more than ``FUTURE_SLACK`` (1 day) ahead of this machine's clock.
        ContentTooLarge: content over ``max_bytes`` UTF-8 bytes.
    """
    if not isinstance(message.content, str):
        raise InvalidInput(f"content must be a string, got {type(message.content).__name__}")
    if not message.content.translate(INVISIBLE).strip():
        raise InvalidInput("content is empty or whitespace only; nothing to remember")
    check_text(message.content, "content")
    size = len(message.content.encode("utf-8"))
    if size > max_bytes:
        raise ContentTooLarge(
            f"content is {size:,} bytes; the limit is {max_bytes:,} (Settings.max_content_bytes). "
            "Split long documents before adding them"
        )
    if message.role not in ROLES:
        raise InvalidInput(f"role must be one of {', '.join(ROLES)}; got {message.role!r}")
    clock = utcnow()
    if message.created_at > clock + FUTURE_SLACK:
        # Changes resolve by when a message was said: one dated in the future would outrank every
        # correction until then (a fresh-user trial, U5: created_at 2099 locked a preference in).
        raise InvalidInput(f"created_at {message.created_at.isoformat()} is in the future (now "
                           f"{clock.isoformat(timespec='seconds')}); give the time the message was said, with "
                           "its UTC offset (a local time read as UTC is hours off)")
    if message.speaker is not None:
        if not isinstance(message.speaker, str):
            raise InvalidInput(f"speaker must be a string, got {type(message.speaker).__name__}")
        if len(message.speaker) > MAX_SPEAKER_CHARS:
            raise InvalidInput(f"speaker is {len(message.speaker):,} characters; the limit is {MAX_SPEAKER_CHARS}")
        check_text(message.speaker, "speaker")
        check_name(message.speaker, "speaker")  # "\u202eecilA" is shown as "Alice" (text.visible)
    if message.produced_for is not None:
        if not isinstance(message.produced_for, str):
            raise InvalidInput(f"produced_for must be a string, got {type(message.produced_for).__name__}")
        if len(message.produced_for) > MAX_SPEAKER_CHARS:
            raise InvalidInput(f"produced_for is {len(message.produced_for):,} characters; the limit is "
                               f"{MAX_SPEAKER_CHARS}")
        check_text(message.produced_for, "produced_for")
        check_name(message.produced_for, "produced_for")
    if not isinstance(message.metadata, dict):
        raise InvalidInput(f"metadata must be an object (dict), got {type(message.metadata).__name__}")
    check_metadata(message.metadata)
    meta_bytes = len(json.dumps(message.metadata, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    if meta_bytes > MAX_METADATA_BYTES:
        raise InvalidInput(f"metadata is {meta_bytes:,} bytes of JSON; the limit is {MAX_METADATA_BYTES:,} "
                           "(64 KiB). Store large documents as content, not metadata")
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

    def _redact(self, msg: Message) -> tuple[Message, tuple[str, ...]]:
        policy = self.settings.privacy
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

    def _admit(self, candidates: Sequence[FactCandidate]) -> tuple[list[FactCandidate], int]:
        """The candidates that may be stored: none carrying a ``drop`` kind's placeholder, none
        whose value is only placeholders (``[REDACTED:email]`` says nothing), and high-sensitivity
        ones only when they can be encrypted."""
        dropped = self.settings.privacy.dropped_placeholders()
        kept = [c for c in candidates
                if not any(p in c.value or p in c.statement for p in dropped)
                and not only_placeholders(c.value)
                and (c.sensitivity != "high" or self.cipher is not None)]
        return kept, len(candidates) - len(kept)

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
                                               said_at=msg.created_at.astimezone(timezone(msg.utc_offset))))
            prepared.append(_Prepared(msg, segs, cands, redacted=kinds, withheld=withheld))
        if self.embedder is not None:
            texts = [d for p in prepared for _, d in p.segments]
            # High-sensitivity statements are embedded too (in memory only): the vector is
            # dropped before storage, see _execute.
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
                changes = [change for i, cand in enumerate(p.candidates) for change in (
                    self._retract(conn, said, episode_id, cand, now) if cand.retracts else
                    [self._apply_fact(conn, said, episode_id, cand,
                                      None if p.fact_vectors is None else p.fact_vectors[i], now)])]
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
            insert_all = getattr(self.store, "insert_turns", None)
            if insert_all is not None:
                insert_all(conn, turns)
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
            segments=tuple(NewSegment(text, deriv, index_text(deriv),
                                      None if p.seg_vectors is None else p.seg_vectors[i])
                           for i, (text, deriv) in enumerate(p.segments))) for p in prepared]
        insert_all = getattr(self.store, "insert_episodes", None)
        if insert_all is not None:
            with phase("ingest", "indexing"):
                return [(eid, created, len(segs)) for eid, created, segs in insert_all(conn, batch, now=now)]
        out = []
        for ep in batch:
            episode_id, created = self.store.insert_episode(
                conn, scope=ep.scope, role=ep.role, content=ep.content, created_at=ep.created_at,
                producer_id=ep.producer_id, produced_for_id=ep.produced_for_id, content_type=ep.content_type,
                metadata=ep.metadata, now=now, expires_at=ep.expires_at)
            if created:
                with phase("ingest", "indexing"):
                    self.store.insert_segments(conn, episode_id=episode_id, scope=ep.scope,
                                               segments=list(ep.segments), expires_at=ep.expires_at)
            out.append((episode_id, created, len(ep.segments) if created else 0))
        return out

    def _enforce_cap(self, conn: Any, prepared: Sequence[_Prepared],
                     results: Sequence[tuple[int, bool, int, list[tuple[str, int, tuple[int, ...]]]]],
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

    def _result(self, raw: tuple[int, bool, int, list[tuple[str, int, tuple[int, ...]]]],
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

    def _apply_fact(self, conn: Any, msg: Message, episode_id: int, cand: FactCandidate,
                    vector: np.ndarray | None, now: datetime) -> tuple[str, int, tuple[int, ...]]:
        try:
            spec = key_spec(cand.key)
            single, tag = spec.cardinality == "one", cand.key.split(".")[0]
        except KeyError:
            single, tag = False, cand.key.split(".")[0]
        fact_scope = Scope(msg.scope.org_id, msg.scope.project_id, msg.scope.user_id, msg.scope.agent_id)
        subject = fact_subject(msg.speaker, cand.subject)
        keys = [cand.key, *_contradicting_keys(cand.key)]
        # Only the facts that can matter are read: the same value (under the key or a
        # contradicting one), every value of a single-valued key, and near-duplicates by vector.
        ids = set(self.store.fact_ids(conn, fact_scope, keys=[cand.key], subject=subject,
                                      value_norm=self._value_norm(cand)))
        if len(keys) > 1:  # likes/dislikes: the other polarity's facts, matched by terms in decide()
            ids |= set(self.store.fact_ids(conn, fact_scope, keys=keys[1:], subject=subject))
        favourite = None if single else favourite_label(cand.statement)
        twin_key = single or cand.key in EXACT_KEYS  # where a twin restated must not count as a new value
        if twin_key or favourite is not None or cand.corrects:
            ids |= set(self.store.fact_ids(conn, fact_scope, keys=[cand.key], subject=subject))
        similarity: dict[int, float] = {}
        if self._encrypts(cand):
            vector = None  # no vector of a secret value is stored or compared
        if vector is not None and cand.kind != "episode":  # events are time-bound: never merged by meaning
            similarity = dict(self.store.nearest_facts(conn, fact_scope, key=cand.key, subject=subject,
                                                       vector=vector, min_similarity=self.merge_similarity))
            ids |= set(similarity)
        existing = self.store.load_facts(conn, ids)
        same_key = [f for f in existing if f.key == cand.key and f.status == "active" and not f.encrypted]
        restated = (set() if not twin_key or self._encrypts(cand)
                    or any(normalise_value(f.value) == normalise_value(cand.value) for f in same_key)
                    else self._twins(cand.value, same_key))
        decision = decide(cand, existing, single_valued=single, similarity=similarity, twins=restated,
                          merge_similarity=self.merge_similarity,
                          same_message=(() if cand.corrects or choice_key(cand.key)
                                        else {f.id for f in existing if episode_id in f.citations}),
                          replaces={f.id for f in existing
                                    if favourite is not None and favourite_label(f.statement) == favourite}
                          | (self._corrected(cand, existing) if cand.corrects and not single else set()))
        # A message said before a rival was last stated is older news, whatever order the messages
        # arrive in (a backfilled log, a newest-first export, two imports racing): it must not retire
        # the newer value; it is stored as the past value that newer one replaced.
        later = [f for f in existing if f.id in decision.superseded and f.observed_at > msg.created_at]
        timeline = single and cand.kind != "episode"
        if decision.action not in ("create", "supersede") and not timeline:
            return self._execute(conn, decision, fact_scope, msg, episode_id, cand, vector, tag, now)
        return self._place(conn, fact_scope, subject, msg, episode_id, cand, vector, tag, now, decision, later,
                           timeline=timeline, by_twin=twin_key)

    def _place(self, conn: Any, scope: Scope, subject: str | None, msg: Message, episode_id: int,
               cand: FactCandidate, vector: np.ndarray | None, tag: str, now: datetime, decision: Decision,
               later: Sequence[Fact], *, timeline: bool, by_twin: bool) -> tuple[str, int, tuple[int, ...]]:
        """Store a new value where it falls by when it was said, whatever order messages arrive in.

        It is current (``decision`` as ``decide`` made it) unless something said after it is
        stored: then it is a past value, held until the first of these was said: a value of the
        key (with ``timeline``, a single-valued key: ``facts.timeline.place``), a contradiction under
        another key said later (``later``: "I hate UPS" said after "I prefer UPS" arrived), or a
        withdrawal of its value (``store.withdrawals``; a fresh-user trial, U18). With
        ``timeline``, the value that held when it was said ends there (``_cut``); the value that
        held then, said again, is that value restated (cited and touched, whatever its status); the
        value said next, said earlier, began earlier (``_begin_earlier``); and a restatement
        ``decide`` found (touch, merge) of a value that did not hold then is a value of its own."""
        # Placed by when it was said; its own validity starts at ``start`` (a stated time: "I moved
        # to Berlin last year" said today is today's word, valid from last year).
        said, start = msg.created_at, cand.valid_from or msg.created_at
        # A superseded fact with no end is no value of the timeline: merged into another (maintain)
        # or set aside by a rollback.
        stored = [f for f in self.store.load_facts(conn, [
            *self.store.fact_ids(conn, scope, keys=[cand.key], subject=subject, status="superseded"),
            *self.store.fact_ids(conn, scope, keys=[cand.key], subject=subject)])
            if f.status == "active" or f.valid_to is not None] if timeline else []
        at = place(said, stored)
        target = decision.target if decision.action in ("touch", "merge") else None

        def restates(fact: Fact) -> bool:
            return fact.id == target or (not fact.encrypted and not self._encrypts(cand)
                                         and same_value(cand.value, fact.value))
        # the value that held then, as its row says (said before, perhaps said again after)
        held = next((f for f in stored if restates(f) and (f.valid_from or f.observed_at) <= said
                     and (f.valid_to is None or f.valid_to > said)), None)
        if held is not None:
            return self._execute(conn, decision if target == held.id else Decision("touch", target=held.id),
                                 scope, msg, episode_id, cand, vector, tag, now)
        # a value said before it and again after it (one row) held apart on either side: two rows
        spans = next((f for f in stored if (f.valid_from or f.observed_at) <= said < f.observed_at
                      and (f.valid_to is None or f.valid_to > said)), None)
        earlier = None if spans is None else split_at(
            self.store, conn, scope, spans, said, terms=fact_terms(candidate_terms(spans)), embedder=self.embedder,
            actor=f"extractor:{getattr(self.extractor, 'name', 'unknown')}", now=now)
        if earlier is not None:
            at = place(said, self.store.load_facts(conn, [f.id for f in stored] + [earlier.id]))
        cut = at.cut if at.cut is not None and at.cut.status == "superseded" else None
        if at.successor is not None and restates(at.successor) \
                and (at.successor.valid_from or at.successor.observed_at) > said:
            return self._begin_earlier(conn, scope, at.successor, cut, said, cand, episode_id, now)
        if target is not None:
            if at.successor is None:
                return self._execute(conn, decision, scope, msg, episode_id, cand, vector, tag, now)
            decision = Decision("create", superseded=decision.superseded)  # it held apart from the later one
        own = {f.id for f in stored}
        nexts: list[tuple[datetime, Fact | Withdrawal]] = [
            (said_after(f, said) or f.observed_at, f) for f in later if f.id not in own]
        if at.successor is not None and at.until is not None:
            nexts.append((at.until, at.successor))
        withdrawn = self._withdrawn(conn, scope, subject, cand, said)
        if withdrawn is not None:
            nexts.append((withdrawn.said_at, withdrawn))
        if not nexts:
            returning = self._returning(conn, scope, subject, cand, by_twin)
            out = self._execute(conn, decision, scope, msg, episode_id, cand, vector, tag, now, returning)
        else:
            until, successor = min(nexts, key=lambda p: (p[0], isinstance(p[1], Withdrawal)))
            # Contradictions under other keys said before it are retired as ever; the key's own values
            # are not: the newest of them stays current.
            kept = tuple(i for i in decision.superseded if i not in own | {f.id for f in later})
            _, fact_id, retired = self._execute(conn, Decision("supersede" if kept else "create", superseded=kept),
                                                scope, msg, episode_id, cand, vector, tag, now)
            self._store_as_past(conn, scope, fact_id, cand, episode_id, successor, max(start, until), now)
            out = ("past", fact_id, retired)
        if cut is not None:
            self._cut(conn, scope, cut, said, out[1], cand, episode_id, now)
        return out

    def _begin_earlier(self, conn: Any, scope: Scope, fact: Fact, cut: Fact | None, start: datetime,
                       cand: FactCandidate, episode_id: int, now: datetime) -> tuple[str, int, tuple[int, ...]]:
        """``cand`` restates ``fact``, the value said next, and was said before it with no other
        value between: ``fact`` began at ``start``. Its ``valid_from`` moves back (an ``update``
        event keeps the old one), the message is cited, and the superseded ``cut`` (the value that
        held at ``start``) ends there. A newest-first log ("FedEx" in March, "FedEx" in February,
        "UPS" in January) thus gives the history a log in time order gives."""
        self.store.set_valid_from(conn, fact.id, start, now=now)
        self.store.touch_fact(conn, fact.id, confidence=cand.confidence, now=now, observed_at=start)
        self.store.cite(conn, fact.id, [episode_id])
        actor = f"extractor:{getattr(self.extractor, 'name', 'unknown')}"
        old = fact.valid_from or fact.observed_at
        self.store.log_event(conn, scope, fact_id=fact.id, action="update", actor=actor, now=now, detail={
            "restated": self._shown(cand), "episode": episode_id, "arrived_late": True,
            "valid_from": [old.isoformat(), start.isoformat()]})
        if cut is not None:
            self._cut(conn, scope, cut, start, fact.id, cand, episode_id, now)
        return "touch", fact.id, ()

    def _cut(self, conn: Any, scope: Scope, cut: Fact, start: datetime, by: int, cand: FactCandidate,
             episode_id: int, now: datetime) -> None:
        """End the superseded ``cut`` at ``start``, when fact ``by`` (a value said inside its
        validity that arrived late) took its place, with a ``supersede`` event naming ``by`` (the
        fact's latest such event names what replaced it: ``lifecycle.rollback.replaced_by``)."""
        self.store.set_valid_to(conn, cut.id, start, now=now)
        actor = f"extractor:{getattr(self.extractor, 'name', 'unknown')}"
        self.store.log_event(conn, scope, fact_id=cut.id, action="supersede", actor=actor, detail={
            "superseded_by": by, "new_value": self._shown(cand), "episode": episode_id, "ended_by_late_value": True,
            "valid_to_was": None if cut.valid_to is None else cut.valid_to.isoformat()}, now=now)

    def _returning(self, conn: Any, scope: Scope, subject: str | None, cand: FactCandidate,
                   by_twin: bool) -> list[Fact]:
        """Superseded facts under ``cand``'s key and subject whose value ``cand`` states again (the
        same value, or with ``by_twin`` its cross-language twin: ``extract.twins``). "I prefer UPS"
        → "make it FedEx" → "On second thought, UPS": the new UPS fact cites the first message too,
        which states the current value again and so is no longer outdated (``outdated``; a fresh-
        user trial, trial 7 H17). Events are never superseded and are not looked at."""
        if cand.kind == "episode" or self._encrypts(cand):
            return []
        ids = self.store.fact_ids(conn, scope, keys=[cand.key], subject=subject, status="superseded")
        old = [f for f in self.store.load_facts(conn, ids) if not f.encrypted]
        same = [f for f in old if same_value(cand.value, f.value)]
        rest = [f for f in old if f not in same]
        found = self._twins(cand.value, rest) if by_twin and rest else set()
        return same + [f for f in rest if f.id in found]

    def _store_as_past(self, conn: Any, scope: Scope, fact_id: int, cand: FactCandidate, episode_id: int,
                       successor: Fact | Withdrawal, until: datetime, now: datetime) -> None:
        """Mark the just-inserted ``fact_id`` superseded by ``successor`` (the first value said after
        it, or a withdrawal of its value), valid until ``until`` (when that was said). The
        ``supersede`` event has the shape of any other (a withdrawal's that of a retraction:
        ``superseded_by`` none, ``retracted``, the withdrawing ``statement`` and ``episode``), so
        ``forget`` treats it alike; ``arrived_late`` says why it was never current (``rollback``
        refuses to make it current over a value said after it: ``lifecycle.rollback``)."""
        self.store.set_fact_status(conn, fact_id, "superseded", now=now, valid_to=until)
        actor = f"extractor:{getattr(self.extractor, 'name', 'unknown')}"
        if isinstance(successor, Withdrawal):
            detail: dict[str, object] = {"superseded_by": None, "retracted": True, "statement": successor.statement,
                                         "episode": successor.episode_id, "arrived_late": True}
        else:
            detail = {"superseded_by": successor.id, "new_value": successor.value, "episode": episode_id,
                      "arrived_late": True}
        self.store.log_event(conn, scope, fact_id=fact_id, action="supersede", actor=actor, detail=detail, now=now)

    def _retract(self, conn: Any, msg: Message, episode_id: int, cand: FactCandidate,
                 now: datetime) -> list[tuple[str, int, tuple[int, ...]]]:
        """Supersede, with no successor, the active facts ``cand`` withdraws (``_withdraws``). The
        audit event is a ``supersede`` marked ``retracted`` (so ``rollback`` undoes it like any
        supersede). The withdrawal is kept (``store.withdrawals``) whether or not it withdrew
        anything: a value said before it that arrives later is stored as a past value ending
        here (``_apply_fact``). A value it names that had already ended later than this (replaced
        or withdrawn by a message said after this one, stored first) now ends here."""
        fact_scope = Scope(msg.scope.org_id, msg.scope.project_id, msg.scope.user_id, msg.scope.agent_id)
        subject = fact_subject(msg.speaker, cand.subject)
        if not self._encrypts(cand):  # a secret value is never kept outside its encrypted fact
            self.store.insert_withdrawal(conn, fact_scope, Withdrawal(cand.key, cand.value, cand.evidence,
                                                                      msg.created_at, episode_id, subject))
        ids = [*self.store.fact_ids(conn, fact_scope, keys=[cand.key], subject=subject),
               *self.store.fact_ids(conn, fact_scope, keys=[cand.key], subject=subject, status="superseded")]
        actor = f"extractor:{getattr(self.extractor, 'name', 'unknown')}"
        out: list[tuple[str, int, tuple[int, ...]]] = []
        # A withdrawal said before a value was last stated does not withdraw it (see ``_apply_fact``).
        held = [f for f in self.store.load_facts(conn, ids) if f.observed_at <= msg.created_at and (
            f.status == "active" or (f.valid_from or f.observed_at) <= msg.created_at < (f.valid_to or msg.created_at))]
        plain = [f for f in held if not f.encrypted]
        named = {f.id for f, hit in zip(plain, self._withdraws(cand.value, cand.evidence, cand.key,
                                                              [f.value for f in plain]), strict=True) if hit}
        detail = {"superseded_by": None, "retracted": True, "statement": cand.evidence, "episode": episode_id}
        for fact in held:
            if cand.value and fact.id not in named:
                continue
            if fact.status != "active":  # it ended later than this withdrawal: it ends here now
                self.store.set_valid_to(conn, fact.id, msg.created_at, now=now)
                self.store.log_event(conn, fact_scope, fact_id=fact.id, action="supersede", actor=actor, now=now,
                                     detail={**detail, "arrived_late": True, "valid_to_was": (
                                         None if fact.valid_to is None else fact.valid_to.isoformat())})
                continue
            self.store.set_fact_status(conn, fact.id, "superseded", now=now, valid_to=msg.created_at)
            self.store.log_event(conn, fact_scope, fact_id=fact.id, action="supersede", actor=actor,
                                 detail=detail, now=now)
            out.append(("retract", fact.id, ()))
        return out

    def _withdraws(self, value: str, evidence: str, key: str, values: Sequence[str]) -> list[bool]:
        """Which of ``values`` (plain, under ``key``) a withdrawal of ``value`` withdraws: every one
        when ``value`` is empty; else those it names as a whole (``names_value``: "Berlin's
        suburbs" does not withdraw "Berlin"), its cross-language twins (an allergy's found by its
        allergen too: "peanuts 哈哈" is 花生's), and the kinds of an allergy category it names ("not
        allergic to seafood" withdraws shrimp, never the reverse: ``extract.twins.kinds_of``;
        ``recall.evidence`` is the withdrawing sentence)."""
        if not value:
            return [True] * len(values)
        hits = [names_value(value, key, v) for v in values]
        # never a habit's twin: 不喝咖啡 and "always drink coffee" are near in meaning, opposite in polarity
        rest = [i for i, hit in enumerate(hits) if not hit and key != "preference.habit"]
        others = [allergen(values[i]) if key == "health.allergy" else values[i] for i in rest]
        for i, twin in zip(rest, self._twin_values(value, others), strict=True):
            hits[i] = twin
        if key == "health.allergy":
            hits = [hit or kind for hit, kind in zip(hits, kinds_of(value, list(values), evidence), strict=True)]
        return hits

    def _withdrawn(self, conn: Any, scope: Scope, subject: str | None, cand: FactCandidate,
                   start: datetime) -> Withdrawal | None:
        """The first withdrawal of ``cand``'s value said after ``start`` (stored before it arrived:
        ``store.withdrawals``), or ``None``."""
        if self._encrypts(cand):
            return None
        for w in self.store.withdrawals_after(conn, scope, key=cand.key, subject=subject, after=start):
            if self._withdraws(w.value, w.statement, w.key, [cand.value])[0]:
                return w
        return None

    def _twins(self, value: str, facts: Sequence[Fact]) -> set[int]:
        """Ids of ``facts`` whose value is ``value``'s cross-language twin (``_twin_values``)."""
        found = self._twin_values(value, [f.value for f in facts])
        return {f.id for f, twin in zip(facts, found, strict=True) if twin}

    def _twin_values(self, value: str, values: Sequence[str]) -> list[bool]:
        """Which of ``values`` are ``value``'s cross-language twin (``extract.twins``: "peanuts"
        and 花生); none when ``value`` is empty or the model fails (the lexicon still answers: a
        failed model must not fail the write)."""
        if not value or not values:
            return [False] * len(values)
        try:
            return list(twins(self.embedder, value, list(values)))
        except EmbeddingError as exc:
            log.warning("cross-language twins by model skipped: %s", exc)
            return list(twins(None, value, list(values)))

    def _corrected(self, cand: FactCandidate, existing: Sequence[Fact]) -> set[int]:
        """What a correction of a many-valued key that names no old value ("其实我是对芒果过敏",
        "Actually, it's shellfish I'm allergic to") takes the place of: the key's one value, said
        in one language or both (花生 and its twin "peanuts", ``extract.twins``). With two or more
        different values active the correction does not say which it corrects, and a wrongly
        withdrawn allergy is the worse error: nothing is retired, the new value is added."""
        live = [f for f in existing if f.key == cand.key and f.status == "active"
                and normalise_value(f.value) != normalise_value(cand.value)]
        if not live or any(f.encrypted for f in live):
            return set()
        last = max(live, key=lambda f: (f.observed_at, f.id))
        rest = [f for f in live if f.id != last.id]
        one = {last.id} | {f.id for f in rest if same_value(last.value, f.value)} | self._twins(last.value, rest)
        return one if len(one) == len(live) else set()

    def _execute(self, conn: Any, decision: Decision, scope: Scope, msg: Message, episode_id: int,
                 cand: FactCandidate, vector: np.ndarray | None, tag: str,
                 now: datetime, returning: Sequence[Fact] = ()) -> tuple[str, int, tuple[int, ...]]:
        actor = f"extractor:{getattr(self.extractor, 'name', 'unknown')}"
        for old in decision.superseded:
            self.store.set_fact_status(conn, old, "superseded", now=now, valid_to=msg.created_at)
        if decision.action in ("touch", "merge") and decision.target is not None:
            self.store.touch_fact(conn, decision.target, confidence=cand.confidence, now=now,
                                  observed_at=msg.created_at)
            self.store.cite(conn, decision.target, [episode_id])
            self.store.log_event(conn, scope, fact_id=decision.target,
                                 action="update" if decision.action == "touch" else "merge", actor=actor,
                                 detail={"restated": self._shown(cand), "episode": episode_id}, now=now)
            fact_id = decision.target
        else:
            # the newest earlier messages only: a value flapping back and forth would otherwise have
            # each return cite every message of its value's whole history
            earlier = sorted({e for f in returning for e in f.citations} - {episode_id})[-MAX_RETURNING_CITATIONS:]
            fact_id = self.store.insert_fact(conn, scope, self._new_fact(cand, msg, tag, vector, now),
                                             citations=[episode_id, *earlier], now=now)
            detail: dict[str, object] = {"key": cand.key, "value": self._shown(cand), "episode": episode_id}
            if returning:  # the value comes back: the messages that said it before state it again
                detail["returns_to"] = [f.id for f in returning]
            self.store.log_event(conn, scope, fact_id=fact_id, action="create", actor=actor, detail=detail, now=now)
        for old in decision.superseded:
            self.store.log_event(conn, scope, fact_id=old, action="supersede", actor=actor,
                                 detail={"superseded_by": fact_id, "new_value": self._shown(cand),
                                         "episode": episode_id}, now=now)
        return decision.action, fact_id, decision.superseded


    def _encrypts(self, cand: FactCandidate) -> bool:
        return cand.sensitivity == "high" and self.cipher is not None

    def _value_norm(self, cand: FactCandidate) -> str:
        norm = normalise_value(cand.value)
        return self.cipher.mac(norm) if self.cipher is not None and self._encrypts(cand) else norm

    def _shown(self, cand: FactCandidate) -> str:
        """A value as the audit log may hold it: encrypted values never appear in events."""
        return self.cipher.encrypt(cand.value) if self.cipher is not None and self._encrypts(cand) else cand.value

    def _new_fact(self, cand: FactCandidate, msg: Message, tag: str, vector: np.ndarray | None,
                  now: datetime) -> NewFact:
        s = self.settings
        expires = fact_expiry(now=now, kind=cand.kind, sensitivity=cand.sensitivity, ttl_seconds=s.ttl_seconds,
                              message_expires_at=msg.expires_at)
        value, statement, terms = cand.value, cand.statement or cand.value, fact_terms(cand)
        if self.cipher is not None and self._encrypts(cand):
            # Only the key's descriptions are indexed: "my phone number" finds it, the number does not.
            value, statement = self.cipher.encrypt(value), self.cipher.encrypt(statement)
            terms, vector = key_terms(cand.key), None
        return NewFact(
            kind=cand.kind, key=cand.key, tag=tag, value=value, value_norm=self._value_norm(cand),
            statement=statement, confidence=cand.confidence, importance=cand.importance,
            sensitivity=cand.sensitivity, subject=fact_subject(msg.speaker, cand.subject), observed_at=msg.created_at,
            valid_from=cand.valid_from or msg.created_at, valid_to=cand.valid_to, index_terms=terms,
            embedding=vector, expires_at=expires, encrypted=self._encrypts(cand),
        )


#: Most earlier messages a returning value cites (``Ingestor._returning``): the newest ones. Older
#: messages of a value that went and came back more often than this stay outdated.
MAX_RETURNING_CITATIONS = 20


def names_value(value: str, key: str, stored: str) -> bool:
    """Whether a withdrawal of ``value`` under ``key`` names the stored value ``stored`` as a
    whole. An allergy is compared by its allergen (``extract.allergens``): a value stored before
    that clean-up (``peanuts 所以不要放花生``, 花生又) is still withdrawn by "I'm not allergic to peanuts";
    a habit (a phrase) by its activity and polarity (``extract.habits.withdraws_habit``)."""
    if same_value(value, stored):
        return True
    if key == "preference.habit":  # a habit is a phrase: matched by its activity and polarity
        return withdraws_habit(value, stored)
    return key == "health.allergy" and same_value(value, allergen(stored))


def fact_subject(speaker: str | None, about: str) -> str | None:
    """The stored subject of a fact ``about`` someone (``FactCandidate.subject``: ``""`` for the
    speaker, else a relation word such as ``son`` / ``儿子``) said by ``speaker``: the speaker
    themselves; the bare relation when the speaker is unnamed (the user); else the speaker's
    relation ("Jon's son", 小明的儿子), so two speakers' sons stay two subjects.

    >>> fact_subject(None, ""), fact_subject(None, "son"), fact_subject("Jon", "son"), fact_subject("小明", "儿子")
    (None, 'son', "Jon's son", '小明的儿子')
    """
    if not about:
        return speaker
    if not speaker:
        return about
    return f"{speaker}的{about}" if any("\u3400" <= ch <= "\u9fff" for ch in about) else f"{speaker}'s {about}"


def _contradicting_keys(key: str) -> list[str]:
    """Taxonomy keys whose facts a candidate under ``key`` can contradict (like vs dislike)."""
    return [spec.key for spec in KEYS if contradicts(key, spec.key)]


def key_terms(key: str) -> str:
    """Full-text column of an encrypted fact: its key and the key's descriptions only."""
    parts = [key.replace(".", " ").replace("_", " ")]
    try:
        spec = key_spec(key)
        parts += [spec.description_en, spec.description_zh]
    except KeyError:
        pass
    return index_text(" ".join(parts))


def fact_terms(cand: FactCandidate) -> str:
    """Full-text column of a fact: its statement and value plus the key's descriptions in
    English and Chinese, so ``配送偏好`` or ``delivery`` find ``shipping.carrier = 顺丰``."""
    parts = [cand.statement, cand.value, cand.key.replace(".", " ").replace("_", " ")]
    try:
        spec = key_spec(cand.key)
        parts += [spec.description_en, spec.description_zh]
    except KeyError:
        pass
    return index_text(" ".join(parts))
