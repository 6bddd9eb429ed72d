"""Reads by id and listings (``Memory.get``, ``list``, ``page``), and one search run that
survives a failing model (``Memory.search``).

The caller checks the scope; these check the rest of the arguments, so a bad id, kind, status,
key, cursor or filter is the same ``InvalidInput`` (or ``InvalidFilter``) on every door.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from memstrata.arguments import check_id, check_key, check_statuses
from memstrata.config import Settings
from memstrata.embed.base import Embedder
from memstrata.errors import EmbeddingError, InvalidInput, NotFound
from memstrata.filter import Expr
from memstrata.paging import Page, page_of, read_cursor
from memstrata.recall.query import parse_filter
from memstrata.recall.search import Query, Retriever
from memstrata.store.protocol import Store
from memstrata.types import Episode, Fact, Hit, Scope

#: What ``kind`` names: a fact or an episode (a message).
KINDS = ("fact", "episode")
#: SQLite's INTEGER (and PostgreSQL's bigint) ends below 2**63: a larger ``limit`` reads every row,
#: a larger ``offset`` is past every row (``list(limit=10**20)`` raised the driver's OverflowError).
SQL_INTEGER_END = 2**63


def which_id(fact_id: int | None, episode_id: int | None, kind: str | None) -> tuple[int | None, int | None]:
    """``(fact_id, episode_id)`` as ``get`` reads them: ``kind="episode"`` turns a lone first id
    into an episode id.

    Raises:
        InvalidInput: a ``kind`` other than fact/episode, or ``kind="fact"`` with an episode id.
    """
    if kind is None:
        return fact_id, episode_id
    if kind not in KINDS:
        raise InvalidInput(f"kind must be 'fact' or 'episode', got {kind!r}", field="kind")
    if kind == "episode" and episode_id is None:
        return None, fact_id
    if kind == "fact" and episode_id is not None:
        raise InvalidInput("kind='fact' with episode_id: give the fact's id as fact_id, or kind='episode'",
                           field="kind")
    return fact_id, episode_id


def read_one(store: Store, scope: Scope, fact_id: int | None, episode_id: int | None,
             call: str = "get()") -> Fact | Episode:
    """The fact ``fact_id`` or the episode ``episode_id`` (exactly one given) within ``scope``;
    ``call`` is the SDK call a bad id is said to (``update()`` reads its fact here too).

    Raises:
        InvalidInput: not exactly one id, or an id that is not an integer (``True`` is none) or below 1.
        NotFound: no such id in the scope (any id of 2**63 or more).
    """
    if (fact_id is None) == (episode_id is None):
        raise InvalidInput(f"{call}: give exactly one of fact_id or episode_id")
    for name, value in (("fact_id", fact_id), ("episode_id", episode_id)):
        if value is not None:  # as history() and the REST and MCP doors say: 0 is no id
            check_id(call, name, value)
    if fact_id is not None:
        # an id past SQLite's INTEGER (2**63 - 1) names no row; the driver raised OverflowError
        fact = store.get_facts(scope, [int(fact_id)]).get(int(fact_id)) if fact_id < 2**63 else None
        if fact is None:
            raise NotFound(f"no fact #{fact_id} in {scope.describe()}")
        return fact
    episode = store.get_episode(scope, int(episode_id)) if episode_id < 2**63 else None  # type: ignore[arg-type,operator]
    if episode is None:
        raise NotFound(f"no episode #{episode_id} in {scope.describe()}")
    return episode


def list_rows(store: Store, scope: Scope, *, kind: str, status: str | Sequence[str], key: str | None,
              limit: int, offset: int, filter: str | Expr | None) -> list[Fact] | list[Episode]:
    """Facts (of ``status``, under the ``key`` prefix) or episodes of ``scope`` matching
    ``filter``, newest first; ``limit`` and ``offset`` checked by the caller.

    Raises:
        InvalidFilter: a malformed filter. InvalidInput: a bad kind, status or key.
    """
    where = parse_filter(filter)
    if kind == "episode":
        if offset >= SQL_INTEGER_END:  # past every row; the driver raised OverflowError
            return []
        return store.list_episodes(scope, limit=min(limit, SQL_INTEGER_END - 1), offset=offset, filter=where)
    if kind != "fact":
        raise InvalidInput(f"kind must be 'fact' or 'episode', got {kind!r}", field="kind")
    statuses = check_statuses(status)
    key = check_key(key)
    if offset >= SQL_INTEGER_END:  # past every row; the driver raised OverflowError
        return []
    return store.list_facts(scope, statuses=statuses, key=key, limit=min(limit, SQL_INTEGER_END - 1), offset=offset,
                            filter=where)


def page_rows(store: Store, scope: Scope, *, kind: str, status: str | Sequence[str], key: str | None,
              limit: int, cursor: str | None, filter: str | Expr | None) -> Page[Fact] | Page[Episode]:
    """One page of ``list_rows`` after ``cursor`` (``memstrata.paging``); ``kind`` and ``limit``
    checked by the caller. One row more than ``limit`` is read to know whether a page follows.

    Raises:
        InvalidInput: a cursor memstrata did not give (or of the other kind), a bad status or key.
        InvalidFilter: a malformed filter.
    """
    where = parse_filter(filter)
    before = read_cursor(cursor, kind)
    if kind == "episode":
        return page_of(store.list_episodes(scope, limit=limit + 1, filter=where, before=before), limit)
    statuses = check_statuses(status)
    key = check_key(key)
    return page_of(store.list_facts(scope, statuses=statuses, key=key, limit=limit + 1, filter=where,
                                    before=before), limit)


def run_search(store: Store, embedder: Embedder | None, settings: Settings, query: Query, *, now: datetime,
               model_failed: Callable[[str], None]) -> list[Hit]:
    """``query`` ranked by the ``Retriever``, best first. When the model fails on the query it is
    reported (``model_failed``) and the search runs again with full text only, so a search never
    fails on the model."""
    try:
        return Retriever(store, embedder, settings).search(query, now=now)
    except EmbeddingError as exc:
        model_failed(str(exc))
        return Retriever(store, None, settings).search(query, now=now)
