"""The ``Store`` protocol: what ingest, recall, export and ``Memory`` need from a backend.

Implemented by ``SQLiteStore`` (embedded), ``PostgresStore`` (server) and
``ReferenceStore`` (pure Python, the oracle of the contract tests). One logical write is
``with store.db.write() as conn:`` followed by write methods taking that ``conn``; every
read method takes a ``Scope`` and applies it (and the optional filter) inside the query.

Ordering and scores: candidate lists are best first; full-text scores are "lower is
better" (SQLite bm25, negated ``ts_rank``), cosines are in [-1, 1] with higher better.
Times are timezone-aware UTC.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

import numpy as np

from memstrata.filter import Expr
from memstrata.paging import Position
from memstrata.privacy.crypto import Cipher
from memstrata.store.dialect import Dialect
from memstrata.store.event_scrub import Scrubbed
from memstrata.store.records import Citation, NewEpisode, NewFact, NewSegment
from memstrata.store.withdrawals import Withdrawal
from memstrata.types import ApiKey, ContextSegment, Episode, Fact, MemoryEvent, Scope, Segment


@dataclass(frozen=True)
class Capabilities:
    """Optional abilities of a backend, declared rather than discovered.

    Attributes:
        forget_jobs: forgets run as durable, chunked background jobs (``lifecycle.forget``);
            without, a forget is one synchronous transaction (``lifecycle.direct``).
        extraction_queue: the LLM extraction queue and worker (``store.sqlite.queue``).
        short_term: per-session short-term memory (``semantic.stm``).
        maintenance: ``maintain``, ``restore``, ``rollback`` and exact import of export files
            (``lifecycle.maintain``, ``lifecycle.rollback``, ``lifecycle.import_records``).
        parallel_reads: two threads may read at once (one search runs its vector look-ups
            beside its full-text ones, ``recall``); the store serialises what must be.
        split_vector_reads: with ``parallel_reads``, a search's two vector look-ups (segments,
            facts) run in two threads of their own, three reads at once (PostgreSQL: three
            server processes, so the facts' graph walk no longer waits for the segments').
        sql: a SQL database (SQLite, PostgreSQL; not the in-memory reference store): it keeps
            meta values across opens (the flag of rows stored without vectors,
            ``lifecycle.embed_missing``), the forget trail (``lifecycle.trail``), the REST API keys
            (``store.keys``) and says how forgotten text leaves its files (``ScrubbingStore``).
        batch_inserts: episodes with their segments, and turn documents, are inserted many in one
            exchange with the server (``BatchInsertStore``; PostgreSQL). Without, one at a time.
    """

    forget_jobs: bool
    extraction_queue: bool
    short_term: bool
    maintenance: bool
    parallel_reads: bool = False
    split_vector_reads: bool = False
    sql: bool = False
    batch_inserts: bool = False


class StoreDatabase(Protocol):
    """Transactions of a store."""

    def write(self) -> AbstractContextManager[Any]:
        """One write transaction, committed (durably) on exit, rolled back on error."""

    def schema_version(self) -> int:
        """The highest applied migration."""

    @property
    def address(self) -> str | None:
        """What a second connection of another thread or process opens: the file's path, or the
        URL with its password (unlike ``Store.location``); ``None`` for a store held in memory."""


class Store(Protocol):
    """One storage backend; see the module docstring and ``SQLiteStore`` for each method's contract."""

    @property
    def db(self) -> StoreDatabase:
        """The transactions (``with store.db.write() as conn``)."""

    @property
    def location(self) -> str:
        """Where the data lives (file path, or URL without password)."""

    @property
    def capabilities(self) -> Capabilities:
        """What this backend can do beyond the core protocol."""

    cipher: Cipher | None

    def snapshot(self) -> AbstractContextManager[None]:
        """Share one consistent read snapshot across this thread's reads until exit
        (``Retriever.search`` wraps a search in it); a store whose reads are consistent anyway
        (one SQLite connection, the reference store) returns a context that does nothing."""

    def close(self) -> None: ...
    def clear_caches(self) -> None: ...
    def size_bytes(self) -> int: ...
    def get_meta(self, key: str) -> str | None: ...
    def set_meta(self, conn: Any, key: str, value: str) -> None: ...
    def bump(self, conn: Any, counter: str) -> None: ...
    def upgrade_terms(self, conn: Any, version: int, fn: Callable[[str], str]) -> int | None:
        """Inside an open write: if meta ``terms_version`` is below ``version`` (or unset), pass
        every stored full-text terms column (segments and facts) through ``fn`` and record
        ``version``; returns the rows rewritten, or ``None`` if the terms were already current."""
    def lock_scopes(self, conn: Any, scopes: Iterable[Scope]) -> None: ...

    def insert_episode(self, conn: Any, *, scope: Scope, role: str, content: str, created_at: datetime,
                       producer_id: str | None, produced_for_id: str | None, content_type: str,
                       metadata: dict[str, Any], now: datetime, expires_at: datetime | None = None,
                       utc_offset_minutes: int | None = None) -> tuple[int, bool]:
        """Insert an episode; ``(id, created)``. An identical episode already in the scope (same
        role, speaker, UTC instant and content: ``records.episode_hash``) is returned with
        ``created=False``, keeping its own ``utc_offset_minutes`` (``Episode.utc_offset_minutes``)."""
    def insert_segments(self, conn: Any, *, episode_id: int, scope: Scope, segments: Sequence[NewSegment],
                        expires_at: datetime | None = None) -> list[int]: ...
    def insert_turn(self, conn: Any, *, episode_id: int, scope: Scope, terms: str,
                    expires_at: datetime | None = None, context: str = "") -> None:
        """Index an episode's whole text (with ``context``, the previous turn's terms) as its turn
        document and append its own terms to its session's last block (``store.turns``); inside
        an open write, after ``insert_segments``."""
    def backfill_turns(self, conn: Any, version: int, fn: Callable[[str | None, str], str]) -> int | None:
        """Inside an open write: if meta ``turn_docs_version`` is below ``version``, index every
        episode that has no turn document (``fn(speaker, content)`` gives its terms) and record
        ``version``; returns the episodes indexed, or ``None`` if already current."""
    def get_episode(self, scope: Scope, episode_id: int) -> Episode | None: ...
    def list_episodes(self, scope: Scope, *, limit: int, offset: int = 0,
                      filter: Expr | None = None, expiry: bool = True, before: Position | None = None) -> list[Episode]:
        """Newest first; ``before``: strictly before that ``(created_at, id)`` (``memstrata.paging``)."""
    def segments_with_episodes(self, ids: Iterable[int]) -> dict[int, tuple[Segment, Episode]]: ...
    def adjacent_segments(self, episodes: Sequence[Episode], *, reach: int = 1, filter: Expr | None = None,
                          now: datetime | None = None) -> dict[int, list[tuple[Segment, Episode]]]: ...
    def neighbours(self, episode: Episode, segment_index: int, n: int, *,
                   filter: Expr | None = None) -> list[ContextSegment]: ...

    def fact_ids(self, conn: Any, scope: Scope, *, keys: Sequence[str] | None, subject: str | None,
                 value_norm: str | None = None, status: str = "active") -> list[int]:
        """Ids of facts of ``scope`` about ``subject`` under ``keys`` (``None``: any key) with
        ``status``, optionally only those whose normalised value is ``value_norm``."""
    def nearest_facts(self, conn: Any, scope: Scope, *, key: str, subject: str | None, vector: np.ndarray,
                      min_similarity: float, k: int = 3) -> list[tuple[int, float]]: ...
    def load_facts(self, conn: Any, ids: Iterable[int]) -> list[Fact]: ...
    def insert_fact(self, conn: Any, scope: Scope, fact: NewFact, *, citations: Sequence[int],
                    now: datetime) -> int: ...
    def cite(self, conn: Any, fact_id: int, episode_ids: Iterable[int]) -> None: ...
    def uncite(self, conn: Any, fact_id: int, episode_ids: Iterable[int]) -> None: ...
    def episode_times(self, conn: Any, ids: Sequence[int]) -> dict[int, datetime]: ...
    def episode_text(self, conn: Any, episode_id: int) -> str | None:
        """What the episode ``episode_id`` said (its content), inside an open transaction; ``None`` when there is no
        such episode (``facts.previous``: what else the message a correction speaks of named)."""
        ...
    def user_turns_between(self, conn: Any, scope: Scope, after: int, before: int) -> int:
        """How many episodes of ``scope`` (any session) with role ``user`` have an id strictly between ``after`` and
        ``before``, inside an open transaction (``facts.previous``: a correction speaks of the user's message just
        before it)."""
    def set_fact_status(self, conn: Any, fact_id: int, status: str, *, now: datetime,
                        valid_to: datetime | None = None) -> None: ...
    def insert_withdrawal(self, conn: Any, scope: Scope, withdrawal: Withdrawal) -> None: ...
    def withdrawals_after(self, conn: Any, scope: Scope, *, key: str, subject: str | None,
                          after: datetime) -> list[Withdrawal]: ...
    def set_valid_from(self, conn: Any, fact_id: int, valid_from: datetime, *, now: datetime) -> None: ...
    def set_valid_to(self, conn: Any, fact_id: int, valid_to: datetime, *, now: datetime) -> None: ...
    def set_fact_scores(self, conn: Any, fact_id: int, *, importance: float, confidence: float,
                        now: datetime) -> None: ...
    def touch_fact(self, conn: Any, fact_id: int, *, confidence: float, now: datetime,
                   observed_at: datetime) -> None: ...
    def record_access(self, fact_ids: Sequence[int], now: datetime) -> bool: ...
    def purge_deleted(self, tables: Sequence[str] | None = None) -> bool: ...
    def get_facts(self, scope: Scope, ids: Sequence[int]) -> dict[int, Fact]: ...
    def list_facts(self, scope: Scope, *, statuses: Sequence[str], key: str | None = None, limit: int = 100,
                   offset: int = 0, filter: Expr | None = None, before: Position | None = None) -> list[Fact]:
        """Newest observation first; ``before``: recorded strictly before that ``(created_at, id)``,
        newest recorded first (``memstrata.paging``)."""
    def citing_facts(self, scope: Scope, episode_ids: Sequence[int]) -> list[Citation]:
        """Which facts inside ``scope`` cite ``episode_ids`` (any status, live), one ``Citation``
        per (episode, fact); what tells a search whether an episode's facts were all superseded."""

    def keep_outdated_marks(self, conn: Any, facts: Sequence[int]) -> int:
        """Inside an open write, before ``facts`` are deleted one by one or by a fact filter: keep,
        for each one, where its value was stated in the messages that stay, and whether it was
        superseded then (``store.outdated_marks``), so those pieces keep their state:
        ``citing_facts`` gives them as superseded or current citations. Returns how many marks
        were kept."""

    def keep_forgotten(self, conn: Any, table: str, ids: Sequence[int], now: datetime) -> None:
        """Inside an open write, before the rows ``ids`` of ``table`` (``episodes`` or ``facts``)
        are forgotten: record their ids, so that no import brings them back (``store.forgotten``;
        a store without exact import keeps nothing)."""

    def keep_suppressed(self, conn: Any, facts: Sequence[int], now: datetime, *, going: Sequence[int] = ()) -> int:
        """Inside an open write, before ``facts`` are forgotten: suppress each one's key in the
        messages it cites but ``going`` (deleted with it), so no extraction of them makes it again
        (``store.suppressed``). Returns how many suppressions were new."""

    def suppressed_among(self, conn: Any, scope: Scope, episodes: Sequence[int], key: str) -> set[int]:
        """Of ``episodes``, those from which ``scope``'s owner forgot a fact under ``key``
        (``store.suppressed``): no fact under ``key`` may be drawn from them again."""

    def log_event(self, conn: Any, scope: Scope, *, fact_id: int | None, action: str, actor: str,
                  detail: dict[str, Any], now: datetime) -> None: ...
    def events(self, scope: Scope, fact_ids: Sequence[int]) -> list[MemoryEvent]: ...

    def fts_segments(self, scope: Scope, match: str, limit: int, *, filter: Expr | None = None,
                     now: datetime | None = None) -> list[tuple[int, float]]: ...
    def fts_turns(self, scope: Scope, match: str, limit: int, *, filter: Expr | None = None,
                  now: datetime | None = None) -> list[tuple[int, float]]:
        """Whole-turn full-text candidates: ``[(id of the turn's first segment, score)]``, best first."""
    def fts_sessions(self, scope: Scope, match: str, limit: int, *,
                     now: datetime | None = None) -> list[tuple[Scope, float]]:
        """Sessions ranked by their best block: ``[(scope naming the session, score)]``, best first;
        no filter (blocks mix turns a filter may hide: ``store.turns``)."""
    def fts_facts(self, scope: Scope, match: str, limit: int, statuses: Sequence[str], *,
                  filter: Expr | None = None, now: datetime | None = None) -> list[tuple[int, float]]: ...
    def nearest_segments(self, scope: Scope, vector: np.ndarray, *, k: int, min_similarity: float,
                         filter: Expr | None = None, now: datetime | None = None) -> list[tuple[int, float]]: ...
    def nearest_scope_facts(self, scope: Scope, vector: np.ndarray, *, statuses: Sequence[str], k: int,
                            min_similarity: float, filter: Expr | None = None,
                            now: datetime | None = None) -> list[tuple[int, float]]: ...

    def fact_event_count(self, conn: Any, fact_id: int) -> int: ...
    def owner_active_facts(self, conn: Any, scope: Scope, *,
                           over: int = 0) -> list[tuple[int, datetime, float, float, int]]: ...
    def delete_facts(self, conn: Any, ids: Sequence[int]) -> int: ...
    def scrub_events(self, conn: Any, *, facts: Sequence[int], episodes: Sequence[int]) -> Scrubbed:
        """Inside the forget's write, before ``facts``/``episodes`` go: remove what they said from the
        events of the facts that stay (``store.event_scrub``)."""
    def counts(self, scope: Scope | None = None) -> dict[str, int]: ...


class LifecycleDatabase(StoreDatabase, Protocol):
    """Transactions of a store with lifecycle support: reads too."""

    def read(self) -> AbstractContextManager[Any]:
        """One consistent read-only snapshot."""


class LifecycleStore(Store, Protocol):
    """A store with forget jobs and maintenance (``Capabilities.forget_jobs`` and
    ``maintenance``): ``SQLiteStore`` and ``PostgresStore``. The lifecycle modules write
    portable SQL (``store.dialect``) around these hooks."""

    @property
    def db(self) -> LifecycleDatabase:
        """The transactions."""

    @property
    def dialect(self) -> Dialect:
        """Placeholders, times, JSON and vectors as this store keeps them."""

    def delete_segments(self, conn: Any, episode_ids: Sequence[int]) -> int: ...
    def import_fact(self, conn: Any, row: dict[str, object], terms: str) -> None: ...
    def after_explicit_ids(self, conn: Any) -> None: ...
    def reclaim_space(self) -> tuple[bool, str | None]: ...


class KeyStore(Protocol):
    """What the server and the CLI use (``ApiKeys``)."""

    def create(self, *, org_id: str, project_id: str, user_id: str | None = None,
               name: str = "") -> tuple[ApiKey, str]: ...
    def list(self) -> list[ApiKey]: ...
    def revoke(self, key_id: str) -> ApiKey: ...
    def verify(self, plaintext: str) -> ApiKey | None: ...
    def any_active(self) -> bool: ...


class BatchInsertStore(Store, Protocol):
    """A store that inserts many rows in one exchange (``Capabilities.batch_inserts``)."""

    def insert_episodes(self, conn: Any, episodes: Sequence[NewEpisode], *,
                        now: datetime) -> list[tuple[int, bool, list[int]]]:
        """Insert many episodes with their segments; ``(episode_id, created, segment_ids)`` per
        episode, in order (``created=False``: an identical episode was already stored)."""

    def insert_turns(self, conn: Any, turns: Sequence[tuple[int, Scope, str, datetime | None, str]]) -> None:
        """``insert_turn`` for many ``(episode_id, scope, terms, expires_at, context)``, in order."""


class DigestStore(Store, Protocol):
    """A store without SQL (``Capabilities.sql`` false: the in-memory reference store) that keeps the
    content-free digests of ``store.suppressed`` itself, for its life, so a log imported again does
    not bring back what was forgotten there either."""

    def held_digests(self, owner: tuple[str, str, str], digests: Sequence[str]) -> set[str]:
        """Of ``digests``, those ``owner`` (org, project, user or ``""``) keeps."""

    def expired_digests(self, owner: tuple[str, str, str], now: datetime) -> set[str]:
        """The ``message_digest`` of every episode of ``owner`` expired by ``now``."""

    def keep_digests(self, owner: tuple[str, str, str], digests: Sequence[str]) -> int:
        """Keep ``digests`` for ``owner`` (an import's ``suppressed`` records); how many were new."""


class ScrubbingStore(Store, Protocol):
    """A SQL store that says how forgotten text leaves its files (``Capabilities.sql``)."""

    def scrub_posture(self) -> str:
        """How a forget scrubs the files (shown by ``Memory.doctor``)."""
