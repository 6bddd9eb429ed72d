"""Scope identifiers: their validation (``check_scope``) and the predicate every backend puts inside
its storage queries (isolation before ranking)."""

from __future__ import annotations

import unicodedata

from memstrata.errors import InvalidInput
from memstrata.text.visible import check_name, check_text
from memstrata.types import Scope

#: Scope fields below the tenant (``org_id``/``project_id``), each bound when set.
SCOPE_FIELDS = ("user_id", "agent_id", "session_id")


def scope_predicate(scope: Scope, *, prefix: str = "", session: bool = True,
                    mark: str = "?") -> tuple[str, list[object]]:
    """SQL predicate and parameters restricting rows to ``scope``.

    ``org_id`` and ``project_id`` always bind; ``user_id``/``agent_id``/``session_id``
    bind when set (``None`` = any), each narrowing what the others select. ``session=False``
    is for facts, which belong to a user or agent rather than a session: a session narrows
    them to "facts cited by that session's episodes", with or without a user or agent (else
    ``user_id`` + ``session_id`` returned the user's facts of every
    session while ``session_id`` alone narrowed; a hand-set fact cites no episode, so
    no session scope holds it). ``mark`` is the driver's placeholder (``?`` for sqlite3,
    ``%s`` for psycopg).
    """
    clauses = [f"{prefix}org_id = {mark}", f"{prefix}project_id = {mark}"]
    params: list[object] = [scope.org_id, scope.project_id]
    for name in SCOPE_FIELDS:
        value = getattr(scope, name)
        if value is not None and (session or name != "session_id"):
            clauses.append(f"{prefix}{name} = {mark}")
            params.append(value)
    if not session and scope.session_id is not None:
        clauses.append(f"{prefix}id IN (SELECT c.fact_id FROM fact_citations c JOIN episodes ce ON "
                       f"ce.id = c.episode_id WHERE ce.org_id = {mark} AND ce.project_id = {mark} "
                       f"AND ce.session_id = {mark})")
        params += [scope.org_id, scope.project_id, scope.session_id]
    return " AND ".join(clauses), params


def events_predicate(scope: Scope, *, mark: str = "?") -> tuple[str, list[object]]:
    """SQL predicate and parameters restricting ``memory_events`` rows to ``scope``.

    An event row carries its fact's org, project and user (no agent or session), so those bind
    directly; an agent or session narrows to the events of the facts that scope holds
    (``scope_predicate(..., session=False)``). Without this a scoped ``counts()`` gave the whole
    database's events: one user's inspector page showed how much every other user had changed.
    """
    clauses = [f"org_id = {mark}", f"project_id = {mark}"]
    params: list[object] = [scope.org_id, scope.project_id]
    if scope.user_id is not None:
        clauses.append(f"user_id = {mark}")
        params.append(scope.user_id)
    if scope.agent_id is not None or scope.session_id is not None:
        facts, fact_params = scope_predicate(scope, session=False, mark=mark)
        clauses.append(f"fact_id IN (SELECT id FROM facts WHERE {facts})")
        params += fact_params
    return " AND ".join(clauses), params


#: Which forget-job cut applies to which table (rows with an id up to it are hidden).
FORGET_CUTS = {"episodes": "episode_cut", "segments": "segment_cut", "facts": "fact_cut"}


def running_forgets_sql(table: str) -> str:
    """The query of the running forget jobs' scopes and cut for ``table`` (rows for ``hidden_predicate``)."""
    return (f"SELECT org_id, project_id, user_id, agent_id, session_id, before, {FORGET_CUTS[table]} "
            "FROM forget_jobs WHERE status = 'running'")


def job_scope_parts(scope: tuple[object, ...], *, prefix: str = "",
                    mark: str = "?") -> tuple[list[str], list[object]]:
    """Equality clauses and parameters for a forget job's ``(org, project, user, agent, session)``;
    an id the job leaves ``None`` is not compared (the job covers all of them)."""
    org, project, user, agent, session = scope
    parts = [f"{prefix}org_id = {mark}", f"{prefix}project_id = {mark}"]
    args: list[object] = [org, project]
    for name, value in (("user_id", user), ("agent_id", agent), ("session_id", session)):
        if value is not None:
            parts.append(f"{prefix}{name} = {mark}")
            args.append(value)
    return parts, args


def hidden_predicate(jobs: list[tuple[object, ...]], table: str, *, prefix: str = "",
                     mark: str = "?") -> tuple[str, list[object]]:
    """SQL excluding rows of ``table`` that running forget jobs hide (``""`` when none).

    ``jobs`` are the rows of ``running_forgets_sql(table)``. A job hides the rows of its
    scope with an id up to its cut for that table; a job narrowed to a session or to
    episodes said ``before`` a time hides only those episodes and segments (its facts are
    decided, and deleted, as its episodes go). ``mark`` is the driver's placeholder."""
    clauses, params = [], []
    for org, project, user, agent, session, before, cut in jobs:
        if table == "facts" and (session is not None or before is not None):
            continue
        parts, args = job_scope_parts((org, project, user, agent, session), prefix=prefix, mark=mark)
        if before is not None:
            parts.append(f"{prefix}created_at < {mark}" if table == "episodes" else
                         f"{prefix}episode_id IN (SELECT id FROM episodes WHERE created_at < {mark})")
            args.append(before)
        parts.append(f"{prefix}id <= {mark}")
        clauses.append(f"NOT ({' AND '.join(parts)})")
        params += [*args, cut]
    return " AND ".join(clauses), params


#: Longest scope identifier accepted, in characters.
MAX_ID_CHARS = 256


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
        if not isinstance(value, str):
            raise InvalidInput(f"scope {name} must be a string, got {type(value).__name__} {value!r}", field=name)
        if not value.strip():
            raise InvalidInput(f"scope {name} must be a non-empty string, got {value!r}", field=name)
        if value != value.strip():
            # " bob " and "bob" would be two users: a stray space must not split one memory in two.
            raise InvalidInput(f"scope {name} {value!r} starts or ends with whitespace; pass {value.strip()!r}",
                               field=name)
        if len(value) > MAX_ID_CHARS:
            raise InvalidInput(f"scope {name} is {len(value)} characters; the limit is {MAX_ID_CHARS}", field=name)
        if any(unicodedata.category(c) == "Cc" for c in value):
            raise InvalidInput(f"scope {name} {value!r} contains control characters", field=name)
        # "alice\u200b" would be a second user who lists as "alice": an invisible character
        # (zero-width space, joiner, BOM, direction mark) is a paste accident, never a name.
        check_name(value, f"scope {name}", name)
        check_text(value, f"scope {name}", name)
    if needs_owner and scope.user_id is None and scope.agent_id is None and scope.session_id is None:
        raise InvalidInput(
            f"no user_id, agent_id or session_id given (scope {scope.describe()}): say whose memory this is "
            "(Python: user_id='alice' on Memory(...) or the call; CLI: --user alice; REST: \"user_id\")",
            field="user_id",  # the owner most calls name; agent_id or session_id serve as well
        )
