"""Frozen value types shared by every layer: Scope, Episode, Segment, Fact, MemoryEvent, Hit.

Times are timezone-aware ``datetime`` in UTC. Scores are floats in [0, 1], higher is better.
Vocabulary follows ``shared/DESIGN.md`` section 2.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from datetime import datetime
from typing import Any, Literal, TypeVar

from memstrata.clock import said_in

ROLES: tuple[str, ...] = ("user", "assistant", "system", "tool")
#: How a fact's ``subject`` names a project folder rather than a person: a convention said in a message whose
#: ``metadata.project`` is ``/home/dev/a`` ("This repo uses pnpm") is about ``project:/home/dev/a``
#: (``facts.terms.subject_of``), so two projects' conventions are two subjects and never replace each other.
PROJECT_SUBJECT = "project:"


def project_of(subject: str | None) -> str | None:
    """The project folder a fact's ``subject`` names (``PROJECT_SUBJECT``), ``None`` for a person or the user.

    >>> project_of("project:/home/dev/a"), project_of("boss"), project_of(None)
    ('/home/dev/a', None, None)
    """
    if subject is None or not subject.startswith(PROJECT_SUBJECT):
        return None
    return subject[len(PROJECT_SUBJECT):] or None


def names_the_user(name: str | None, user_id: str | None) -> bool:
    """Whether a speaker or subject ``name`` is the scope's user (case and outer spaces aside): no
    name (a fact's ``subject`` ``None``), the word ``user`` (a JSONL import with no ``speaker``
    names each turn after its role), or the user's id.

    >>> names_the_user(None, "alice"), names_the_user(" Alice", "alice"), names_the_user("User", None)
    (True, True, True)
    >>> names_the_user("wife", "alice")
    False
    """
    if name is None or name.strip().casefold() == "user":
        return True
    return user_id is not None and name.strip().casefold() == user_id.strip().casefold()

V = TypeVar("V")


class _Factory:
    """The default of a parameter whose field has a ``default_factory`` (``_fills_own_dict``); shown
    as ``dataclass`` shows it in a signature."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _fills_own_dict(cls: type[V]) -> type[V]:
    """Give a frozen dataclass an ``__init__`` that writes the instance's ``__dict__`` directly.

    The ``__init__`` that ``dataclass`` writes for a frozen class sets each field through
    ``object.__setattr__`` (the class's own ``__setattr__`` refuses), one call per field; a search
    builds ~600 of the types below (the episodes, segments and facts of its candidates, and their
    hits), and writing the dictionary builds each in about half the time (quiet: a hit 2.7 -> 1.4
    us, an episode 1.6 -> 0.8). Written, as ``dataclass`` writes its own, from
    ``dataclasses.fields``: the same parameters in the same order, the same defaults and default
    factories, then ``__post_init__``; the class stays frozen, and compares, hashes and prints as
    before. Only plain fields are supported: a field with ``init=False`` or ``kw_only`` raises."""
    env: dict[str, Any] = {"_FACTORY": _FACTORY}
    params, lines = [], []
    for f in fields(cls):  # type: ignore[arg-type]
        if not f.init or f.kw_only is True:
            raise TypeError(f"{cls.__name__}.{f.name}: only plain fields are supported")
        if f.default is not MISSING:
            env[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        elif f.default_factory is not MISSING:
            env[f"_factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_FACTORY")
            lines.append(f"    if {f.name} is _FACTORY: {f.name} = _factory_{f.name}()")
        else:
            params.append(f.name)
        lines.append(f"    state[{f.name!r}] = {f.name}")
    if hasattr(cls, "__post_init__"):
        lines.append("    self.__post_init__()")
    source = f"def __init__(self, {', '.join(params)}):\n    state = self.__dict__\n" + "\n".join(lines)
    exec(source, env)  # the source is built above from the class's own field names
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


@dataclass(frozen=True)
class Scope:
    """Where a memory lives: tenant (``org_id``/``project_id``) and, inside it, who it is about.

    ``user_id``, ``agent_id`` and ``session_id`` narrow a read: ``None`` means "any" for
    reads and "not set" for writes. Isolation is enforced in the storage query itself.
    """

    org_id: str = "default"
    project_id: str = "default"
    user_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None

    def describe(self) -> str:
        """Human-readable ``org/project user=... agent=... session=...`` (for messages)."""
        parts = [f"{self.org_id}/{self.project_id}"]
        for name in ("user_id", "agent_id", "session_id"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name.removesuffix('_id')}={value}")
        return " ".join(parts)


@_fills_own_dict
@dataclass(frozen=True)
class Episode:
    """One message or text as received; the source of truth, append-only."""

    id: int
    scope: Scope
    role: str
    content: str
    created_at: datetime
    sequence_num: int
    producer_id: str | None = None
    produced_for_id: str | None = None
    content_type: str = "message"
    metadata: dict[str, Any] = field(default_factory=dict)
    expires_at: datetime | None = None
    #: The UTC offset the message's time was given in, minutes east of UTC (``+08:00`` is 480,
    #: ``-05:00`` -300); ``None`` when it was given at UTC (``Z``, ``+00:00``), without an offset
    #: (read as UTC) or not at all (the time it arrived), and for episodes stored before offsets
    #: were kept (``clock.offset_minutes``). ``created_at`` stays the UTC instant.
    utc_offset_minutes: int | None = None

    @property
    def said_at(self) -> datetime:
        """``created_at`` as the speaker's clock read it: at ``utc_offset_minutes``, else UTC (the
        same instant; what a person or an agent is shown)."""
        return said_in(self.created_at, self.utc_offset_minutes)


@_fills_own_dict
@dataclass(frozen=True)
class Segment:
    """A sentence-level slice of an episode; ``derivative`` is the text embedded and indexed."""

    id: int
    episode_id: int
    index: int
    text: str
    derivative: str


@_fills_own_dict
@dataclass(frozen=True)
class Fact:
    """A distilled, mergeable statement (semantic memory).

    ``subject`` is who the fact is about (the speaker, e.g. ``alice``); ``None`` means the
    scope's user; ``project:<folder>`` a project's convention (``project``, ``PROJECT_SUBJECT``).
    ``citations`` are episode ids. ``confidence`` and ``importance`` are in [0, 1].
    Bi-temporal: ``valid_from``/``valid_to`` is when it was true in the world,
    ``recorded_at`` (= ``created_at``)/``expired_at`` when the system believed it.
    ``expires_at`` is its time to live (TTL), after which it leaves every read.
    ``encrypted``: value and statement are stored as ciphertext (high sensitivity).
    """

    id: int
    scope: Scope
    kind: str
    key: str
    value: str
    tag: str
    confidence: float
    importance: float
    sensitivity: str
    citations: tuple[int, ...]
    observed_at: datetime
    valid_from: datetime | None
    valid_to: datetime | None
    expires_at: datetime | None
    status: str
    access_count: int
    last_accessed_at: datetime | None
    created_at: datetime
    subject: str | None = None
    statement: str = ""
    expired_at: datetime | None = None
    encrypted: bool = False

    @property
    def recorded_at(self) -> datetime:
        """When the system learned the fact (bi-temporal transaction time; ``created_at``)."""
        return self.created_at

    @property
    def project(self) -> str | None:
        """The project folder the fact is a convention of (``project_of(subject)``), ``None`` for any other."""
        return project_of(self.subject)


@dataclass(frozen=True)
class MemoryEvent:
    """One audit-log entry: something happened to a fact. ``detail`` holds old/new values."""

    id: int
    fact_id: int | None
    action: str
    at: datetime
    actor: str
    detail: dict[str, Any]


@dataclass(frozen=True)
class ContextSegment:
    """A neighbouring segment returned by ``expand_context`` (same session, ordered)."""

    episode_id: int
    segment_index: int
    text: str
    speaker: str | None
    created_at: datetime


@_fills_own_dict
@dataclass(frozen=True)
class Hit:
    """One search result: a fact or an episode, ranked.

    ``score`` in [0, 1] is the blended ranking score (see ``recall.fusion.score``);
    ``relevance`` in [0, 1] is the fused query relevance alone. ``citations`` are
    episode ids; for an episode hit it is the episode itself. ``matched`` is the
    segment text that matched (episode hits) or the fact statement. ``superseded``: the hit is
    outdated, a superseded fact, an episode whose facts were all superseded, a hit on one
    sentence whose own facts were all superseded (``outdated``), or a hit showing outdated pieces
    beside statements that hold when the question asks about those pieces (``recall.asked_part``:
    "where do I live?" of "I live in Portland, work as a nurse" once the home is replaced, not "what
    is my job?"); its score is lowered and the context block labels it. ``outdated_parts``: in an episode hit
    whose message still holds something, the pieces of ``text`` (sentences, or clauses of a
    sentence) whose own facts were all superseded ("I am allergic to peanuts." after "I'm not
    allergic to peanuts"), in text order; the context block labels them inline and leaves the
    rest unmarked. An outdated hit on one sentence of such a message (``superseded``) names its
    outdated pieces here too, so ``text`` printed beside ``superseded`` can say which part is
    outdated; an episode whose facts were all superseded names the pieces stating them when they are
    not all of it ("I live in Leeds" of "I live in Leeds with my wife Anna"), else none (all of it is).

    ``speaker``, ``role`` and ``subject`` say whose memory it is (filled from ``episode`` /
    ``fact`` when not given): an episode hit's ``speaker`` is who said it (its ``producer_id``;
    an unnamed ``user`` turn is the scope's ``user_id``, else ``"user"``; an unnamed turn of
    another role is that role) and ``role`` its role (``user`` / ``assistant`` / ``system`` /
    ``tool``); a fact hit's ``subject`` is whom it is about, exactly ``Fact.subject``: the speaker
    it was drawn from, ``None`` for the scope's user's own fact (as the fact stores it, every door
    shows it and a filter selects it: ``subject IS NULL``). The other fields are ``None``.
    """

    kind: Literal["fact", "episode"]
    id: int
    text: str
    matched: str
    score: float
    relevance: float
    created_at: datetime
    citations: tuple[int, ...]
    scope: Scope
    fact: Fact | None = None
    episode: Episode | None = None
    context: tuple[ContextSegment, ...] = ()
    signals: dict[str, float] = field(default_factory=dict)
    superseded: bool = False
    outdated_parts: tuple[str, ...] = ()
    speaker: str | None = None
    role: str | None = None
    subject: str | None = None
    #: The offset ``created_at`` was said in (``Episode.utc_offset_minutes``): an episode hit's own; a
    #: fact hit's, that of the message that last stated it (``recall.hits.said_offset``), filled by
    #: ``Memory.search``; ``None``: UTC.
    utc_offset_minutes: int | None = None

    @property
    def said_at(self) -> datetime:
        """``created_at`` at ``utc_offset_minutes``: the day and hour the speaker said it (what a
        person or an agent is shown)."""
        return said_in(self.created_at, self.utc_offset_minutes)

    def __post_init__(self) -> None:
        # Derived from the episode / fact the hit carries, so every constructor (ranked hits,
        # profile hits, ``dataclasses.replace``) and every JSON door (asdict, pydantic) has them.
        if self.episode is not None:
            said = self.episode
            if self.utc_offset_minutes is None and said.utc_offset_minutes is not None:
                object.__setattr__(self, "utc_offset_minutes", said.utc_offset_minutes)
            if self.role is None:
                object.__setattr__(self, "role", said.role)
            if self.speaker is None:
                own = (said.scope.user_id or "user") if said.role == "user" else said.role
                object.__setattr__(self, "speaker", said.producer_id or own)
        if self.fact is not None and self.subject is None:
            object.__setattr__(self, "subject", self.fact.subject)


@dataclass(frozen=True)
class ApiKey:
    """One stored key (never the secret). ``user_id`` ``None``: any user of the tenant."""

    key_id: str
    org_id: str
    project_id: str
    user_id: str | None
    name: str
    created_at: datetime
    revoked_at: datetime | None

    @property
    def active(self) -> bool:
        """Not revoked."""
        return self.revoked_at is None
