"""A search request from the SDK's arguments: checked, then built as a ``recall.search.Query``.

``Memory.search`` (and through it ``context``, the REST and MCP doors and the CLI) passes its
arguments here, so a bad query, limit, kind, status or bound is the same ``InvalidInput`` on
every door; ``Memory`` only wires the checked ``Query`` to the ``Retriever``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import NamedTuple, TypeVar

from memstrata.arguments import MAX_LIMIT, check_kinds, check_limit, check_statuses, check_whole
from memstrata.clock import require_aware
from memstrata.errors import InvalidInput
from memstrata.filter import And, Compare, Expr, In, IsNull, Not, Or, parse
from memstrata.recall.search import Query
from memstrata.semantic.stm import MODES
from memstrata.text.clauses import latest_turns, transcript
from memstrata.text.visible import blank, check_text
from memstrata.types import Scope

#: Longest search query, in characters. A question is short; a query of megabytes turned every
#: term into a full-text OR branch and held a REST worker for 90 s (a 3 MB query), so
#: it is refused like an over-long filter (``filter.parser.MAX_FILTER_CHARS`` 8,192). 16,384
#: leaves room for an agent that searches with a paragraph of context. A longer dialogue is searched
#: by its latest turns that fit (``searched_query``).
MAX_QUERY_CHARS = 16_384
_Q = TypeVar("_Q")


def searched_query(query: _Q) -> _Q | str:
    """What a search reads of ``query``: a dialogue (``text.clauses.transcript``) over ``MAX_QUERY_CHARS``
    characters is read from its latest whole turns that fit in ``MAX_QUERY_CHARS``, so an agent may
    pass the conversation so far however long it has grown (its question is its last turn); any
    other query is returned as given, and ``check_request`` refuses it when over-long.
    """
    if isinstance(query, str) and len(query) > MAX_QUERY_CHARS:
        tail = latest_turns(query, MAX_QUERY_CHARS)
        if tail is not None:
            return tail
    return query


def parse_filter(filter: str | Expr | None) -> Expr | None:
    """A filter given as text is parsed here (``InvalidFilter`` on error); a tree passes through;
    anything else is ``InvalidInput``."""
    if filter is None or isinstance(filter, (Compare, In, IsNull, Not, And, Or)):
        return filter
    if not isinstance(filter, str):
        raise InvalidInput(f"filter must be a string (e.g. 'tag = \"travel\"') or a parsed filter, "
                           f"got {type(filter).__name__}")
    return parse(filter)


def check_request(query: object, *, limit: object, kinds: Sequence[str],
                  expand_context: object) -> tuple[str, tuple[str, ...]]:
    """Check what a search asks before its scope is read: ``query`` a non-empty visible string of at
    most ``MAX_QUERY_CHARS`` or a dialogue whose latest turns fit in it (``searched_query``; a dialogue
    of role labels alone is empty), ``limit`` an integer in
    [1, ``MAX_LIMIT``], ``expand_context`` an integer >= 0; returns the text the search reads (``query``, or a
    long dialogue's latest turns, cut here once) and the checked ``kinds`` (``arguments.check_kinds``).

    Raises:
        InvalidInput: the first argument that is wrong, named, with the value or its size.
    """
    if not isinstance(query, str):
        raise InvalidInput(f"query must be a string, got {type(query).__name__}", field="query")
    if blank(query):  # spaces or invisible characters only (text.visible.blank), as a message's content
        raise InvalidInput("query is empty; say what to recall", field="query")
    if (turns := transcript(query)) is not None and not any(said for _, said in turns):
        # labels alone ("user:\nassistant:") were searched as an empty text: weak hits ranked as answers
        raise InvalidInput(f"query is a dialogue of {len(turns)} empty turns; say what to recall", field="query")
    read = searched_query(query)
    if len(read) > MAX_QUERY_CHARS and turns is not None:
        # "a longer dialogue is read from its latest turns" read as a contradiction when the dialogue was refused:
        # its last turn alone is over the bound, and no turn of it fits
        raise InvalidInput(f"query is a dialogue of {len(query):,} characters whose last turn alone is "
                           f"{len(turns[-1][1]):,} characters; the limit is {MAX_QUERY_CHARS:,} "
                           "(memstrata.memory.MAX_QUERY_CHARS): a dialogue is read from its latest turns that fit, "
                           "and its last turn does not; shorten that turn", field="query")
    if len(read) > MAX_QUERY_CHARS:
        raise InvalidInput(f"query is {len(query):,} characters; the limit is {MAX_QUERY_CHARS:,} "
                           "(memstrata.memory.MAX_QUERY_CHARS): search with the question, not a document "
                           "(a longer dialogue is read from its latest turns that fit)",
                           field="query")
    check_text(read, "query", "query")  # what is searched: a dialogue's turns cut away are not read
    check_limit(limit, MAX_LIMIT)
    checked = check_kinds(kinds)
    check_whole(expand_context, "expand_context", 0, None)  # True was taken as 1
    return read, checked


def fact_statuses(*, include_superseded: bool, include_archived: bool, status: str | Sequence[str] | None,
                  as_of: datetime | None) -> tuple[str, ...]:
    """The fact statuses a search ranks: every status with ``as_of`` (what was believed then may be
    retired now), else ``status`` (``arguments.check_statuses``) or the ``include_*`` flags
    (default: active only).

    Raises:
        InvalidInput: ``status`` together with an ``include_*`` flag, or a bad ``status``.
    """
    statuses: tuple[str, ...] = ("active", "superseded", "archived") if include_superseded or as_of else (
        ("active", "archived") if include_archived else ("active",))
    if status is not None:
        if include_superseded or include_archived:
            raise InvalidInput("give status or include_superseded/include_archived, not both: status names "
                               "every fact status to rank")
        checked = tuple(check_statuses(status))  # with as_of too: status="actve" was taken silently
        statuses = ("active", "superseded", "archived") if as_of else checked
    return statuses


class CheckedSearch(NamedTuple):
    """A search request ``check_search`` passed: the checked ``kinds``, the fact ``statuses`` to rank, ``as_of`` and
    ``now`` (timezone-aware, or ``None``), the parsed ``filter``, the ``scope`` (``None`` when checked without
    one, before a store is open) and the ``query`` the search reads (a long dialogue's latest turns: a door that
    checks before it searches passes this on, so the dialogue is cut once)."""

    kinds: tuple[str, ...]
    statuses: tuple[str, ...]
    as_of: datetime | None
    now: datetime | None
    filter: Expr | None
    scope: Scope | None
    query: str


def build_query(query: str, checked: CheckedSearch, *, limit: int, expand_context: int, min_score: float,
                min_match: float) -> Query:
    """The ``Query`` of a request ``check_search`` passed with its scope.

    Raises:
        ValueError: the request was checked without a scope (a door that has no store yet builds no query).
    """
    if checked.scope is None:
        raise ValueError("a search checked without a scope builds no query")
    return Query(query, checked.scope, int(limit), tuple(checked.kinds), checked.statuses, int(expand_context),
                 float(min_score), as_of=checked.as_of, filter=checked.filter, min_match=float(min_match))


def check_fractions(**bounds: object) -> None:
    """Each of ``bounds`` (``min_score``, ``min_match``) a number in [0, 1]. Raises ``InvalidInput``
    naming the first that is not."""
    for name, bound in bounds.items():
        if isinstance(bound, bool) or not isinstance(bound, (int, float)) or not 0.0 <= bound <= 1.0:
            raise InvalidInput(f"{name} must be a number from 0 to 1, got {bound!r}", field=name)


def check_mode(mode: object) -> None:
    """``mode`` one of ``semantic.stm.MODES``. Raises ``InvalidInput``."""
    if mode not in MODES:
        raise InvalidInput(f"mode must be one of {', '.join(MODES)}, got {mode!r}", field="mode")


def check_search(query: object, *, limit: object, kinds: Sequence[str], expand_context: object, status: object,
                 min_score: object, min_match: object, filter: object, mode: object,
                 include_superseded: bool = False, include_archived: bool = False, as_of: datetime | None = None,
                 now: datetime | None = None, scope: Callable[[], Scope] | None = None) -> CheckedSearch:
    """Every check ``Memory.search`` makes of its arguments, in its order, so that each door names bad input the same:
    ``Memory.search`` (and through it ``context``, REST and MCP) calls it with its ``scope`` check, the CLI without
    one before it opens a store (against a database file that did not exist yet it answered "no database" for
    ``recall ""``, and the input error once it existed). The order: the request (``check_request``), the scope,
    the statuses (``fact_statuses``), ``as_of``, ``min_score`` / ``min_match``, the filter, ``now``, ``mode``.

    Raises:
        InvalidInput, InvalidFilter: the first argument that is wrong, named.
    """
    read, checked = check_request(query, limit=limit, kinds=kinds, expand_context=expand_context)
    sc = None if scope is None else scope()
    statuses = fact_statuses(include_superseded=include_superseded, include_archived=include_archived,
                             status=status, as_of=as_of)  # type: ignore[arg-type]
    believed = None if as_of is None else require_aware(as_of, "as_of")
    check_fractions(min_score=min_score, min_match=min_match)
    where = parse_filter(filter)  # type: ignore[arg-type]
    when = None if now is None else require_aware(now, "now")
    check_mode(mode)
    return CheckedSearch(checked, statuses, believed, when, where, sc, read)
