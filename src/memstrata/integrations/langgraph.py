"""LangGraph's long-term memory store over memstrata: ``MemstrataStore``.

``MemstrataStore(memory)`` is a ``langgraph.store.base.BaseStore``: pass it to
``graph.compile(store=...)`` (or LangMem) and every ``put`` / ``get`` / ``search`` /
``delete`` / ``list_namespaces`` goes through ``Memory``. Needs the ``langgraph`` extra
(``pip install -e '.[langgraph]'``). The mapping (``docs/langgraph.md``):

* **Namespace -> scope.** The element at ``user_position`` of a namespace tuple is the
  memstrata ``user_id`` (default 1: ``("memories", user_id)``, LangMem's and LangGraph's memory
  examples); the other elements are kept in the item's episode metadata, so namespaces
  under one user stay apart. ``user_position=None``: every namespace belongs to the
  ``Memory``'s own ``user_id``. A namespace (or a search prefix, or a listing's prefix)
  without a user element is refused with ``InvalidNamespaceError``: one call reads one
  user, as every memstrata read does.
* **Item -> episode.** One item is one episode of that user (role ``user``, content type
  ``text``): its content is the item's text (the string values of the indexed fields), so
  facts are extracted from it and it is found by memstrata's hybrid search; its metadata
  ``langgraph`` holds the namespace, key, the JSON value and when the key was first put, so
  ``get`` returns the value that was put (secrets and personal data redacted, as in every
  memstrata write). A new ``put`` of a key stores the new episode, then forgets the old one
  (``Memory.delete``) with the facts only it supported; ``delete`` forgets it.
* **Search.** With ``query``: ``Memory.search`` over the namespace's items and the user's facts;
  a fact hit stands for the items that said it. ``filter`` is LangGraph's (``{"k": v}``, ``$eq``,
  ``$ne``, ``$gt``, ``$gte``, ``$lt``, ``$lte`` on the value). Without ``query``: newest first.
* **TTL.** ``put(..., ttl=minutes)`` and ``TTLConfig.default_ttl`` become the episode's TTL:
  the item leaves every read after it and ``maintain`` deletes it. Reads do not extend it
  (episodes are never rewritten), so ``refresh_ttl`` has no effect.
* **Forget and export** see items as the episodes they are: ``memory.forget(user_id=...)``
  removes that user's items from the store too.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from typing import Any

from memstrata.errors import ContentTooLarge, InvalidInput, NotFound
from memstrata.filter import And, Compare, Expr, Field, IsNull, Or
from memstrata.memory import MAX_LIMIT, Memory
from memstrata.text.regex import lazy_regex
from memstrata.text.visible import blank
from memstrata.types import Episode
from memstrata.write.ingest import MAX_METADATA_DEPTH

try:
    from langgraph.store.base import (
        BaseStore,
        GetOp,
        InvalidNamespaceError,
        Item,
        ListNamespacesOp,
        MatchCondition,
        Op,
        PutOp,
        Result,
        SearchItem,
        SearchOp,
        TTLConfig,
    )
    from langgraph.store.base.embed import get_text_at_path, tokenize_path
except ImportError as exc:  # an optional extra: say which to install
    raise ImportError("memstrata.integrations.langgraph needs LangGraph: install memstrata with its langgraph "
                      "extra (pip install -e '.[langgraph]' in the checkout)") from exc

#: The episode metadata key that holds an item (namespace, key, value, first put time).
METADATA_KEY = "langgraph"
#: ``actor`` of the forgets a replaced or deleted item causes (the audit log names the door).
ACTOR = "langgraph"
#: Rows read per page when listing a user's items (``Memory.page``'s maximum is 1000).
PAGE_ROWS = 500
#: Hits asked of ``Memory.search`` per item wanted: fact hits and other items of the user share
#: the ranking, so a page of items needs more hits than items.
HITS_PER_ITEM = 4
#: Most labels a namespace (or a prefix) may have. LangGraph sets none; its and LangMem's layouts use
#: two to four. Each label is one term of the SQL that selects a namespace's items, and SQLite refuses
#: an expression deeper than 1,000 (``SQLITE_MAX_EXPR_DEPTH``), which a search of ~490 labels reached.
MAX_NAMESPACE_DEPTH = 100
#: Longest key or namespace an error message shows, characters (a longer one is cut).
SHOWN_CHARS = 80
_WORD = lazy_regex(r"\w+")


class MemstrataStore(BaseStore):
    """LangGraph ``BaseStore`` whose items are memstrata episodes (see the module docstring).

    Args:
        memory: the open ``Memory`` to read and write (its org, project and agent apply).
        user_position: index of the namespace element that is the user id (default 1:
            ``("memories", user_id)``); ``None``: every item belongs to ``memory``'s ``user_id``.
        index_fields: JSON paths of the value whose text is the episode's content (LangGraph's
            ``IndexConfig["fields"]`` syntax: ``"text"``, ``"a.b"``, ``"notes[*]"``); default
            ``["$"]``: every string in the value. A ``put(..., index=[...])`` overrides it.
        ttl_config: LangGraph's ``TTLConfig``; ``default_ttl`` (minutes) applies to puts
            without their own ``ttl``.

    Raises:
        ValueError: ``user_position`` negative, or ``None`` while ``memory`` has no ``user_id``.
    """

    supports_ttl = True

    def __init__(self, memory: Memory, *, user_position: int | None = 1,
                 index_fields: Sequence[str] | None = None, ttl_config: TTLConfig | None = None) -> None:
        if user_position is None and memory.scope.user_id is None:
            raise ValueError("user_position=None keeps every item in the Memory's own user: open it with "
                             "Memory(..., user_id=...), or give the namespace position of the user id")
        if user_position is not None and (isinstance(user_position, bool) or user_position < 0):
            raise ValueError(f"user_position must be an index >= 0 into the namespace tuple, got {user_position!r}")
        self.memory = memory
        self.user_position = user_position
        self.index_fields = list(index_fields) if index_fields is not None else ["$"]
        self.ttl_config = ttl_config
        self._lock = threading.Lock()

    # -- BaseStore --------------------------------------------------------------------------
    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """Run ``ops`` in order, one at a time (a put is visible to a later get of the batch);
        results in the order of ``ops``.

        Raises:
            InvalidNamespaceError: a namespace without the user element, or with more than
                ``MAX_NAMESPACE_DEPTH`` labels (checked for every op before the first runs). memstrata errors
                (``InvalidInput`` for a bad user id or an over-long text) as ``Memory`` raises them.
        """
        ops = list(ops)
        for op in ops:  # every namespace checked before anything runs: a refused batch writes nothing
            self._user(*_namespace_of(op))
        with self._lock:
            return [self._run(op) for op in ops]

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        """``batch`` on a worker thread, so the event loop never waits on embedding or disk."""
        return await asyncio.to_thread(self.batch, list(ops))

    def _run(self, op: Op) -> Result:
        if isinstance(op, GetOp):
            return self._get(op.namespace, op.key)
        if isinstance(op, PutOp):
            self._put(op)
            return None
        if isinstance(op, SearchOp):
            return self._search(op)
        if isinstance(op, ListNamespacesOp):
            return self._list_namespaces(op)
        raise ValueError(f"unknown store operation {type(op).__name__}")

    # -- scope ------------------------------------------------------------------------------
    def _user(self, namespace: Sequence[str], what: str = "namespace") -> str:
        """The user id a namespace (or a prefix reaching the user element) belongs to.

        Raises:
            InvalidNamespaceError: the user element is missing or is a wildcard, or the namespace
                is deeper than ``MAX_NAMESPACE_DEPTH``.
        """
        if len(namespace) > MAX_NAMESPACE_DEPTH:
            raise InvalidNamespaceError(
                f"{what} has {len(namespace)} labels (starting {tuple(namespace[:3])!r}); the limit is "
                f"{MAX_NAMESPACE_DEPTH}")
        if self.user_position is None:
            return self.memory.scope.user_id  # type: ignore[return-value]
        at = self.user_position
        if len(namespace) <= at or namespace[at] == "*":
            example = tuple(["memories"] * at + ["<user_id>"])
            raise InvalidNamespaceError(
                f"{what} {tuple(namespace)!r} has no user id at position {at}: MemstrataStore(user_position={at}) "
                f"keeps each user's items in that user's memory, so a {what} must name the user there (e.g. "
                f"{example!r}); give user_position=... for another layout, or None for a single-user Memory")
        user = namespace[at]
        # Memory refuses such a user id too, but only when the op runs: a batch had run its earlier ops,
        # and the refusal named neither the op nor the position ("scope user_id must be ...").
        if isinstance(user, str) and user != user.strip():
            raise InvalidNamespaceError(
                f"{what} {tuple(namespace)!r} has {'a blank' if not user.strip() else 'a padded'} user id "
                f"{user!r} at position {at}: give the user id itself" + (f", {user.strip()!r}" if user.strip() else ""))
        return user

    def _where(self, prefix: Sequence[str], *, exact: bool = False) -> list[Expr]:
        """Filter terms selecting the items under ``prefix`` (exactly in it with ``exact``)."""
        terms: list[Expr] = [IsNull(_meta("depth"), negated=True)]
        terms += [Compare(_meta(f"n{i}"), "=", label) for i, label in enumerate(prefix)]
        if exact:
            terms.append(Compare(_meta("depth"), "=", len(prefix)))
        return terms

    def _episodes(self, where: list[Expr], user: str, rows: int = PAGE_ROWS) -> Iterator[Episode]:
        """Every episode of ``user`` matching all of ``where``, newest first, read ``rows`` a page."""
        cursor: str | None = None
        while True:
            page = self.memory.page(kind="episode", filter=_all(where), limit=rows, cursor=cursor, user_id=user)
            yield from page.items  # type: ignore[misc]
            if page.next_cursor is None:
                return
            cursor = page.next_cursor

    # -- get / put --------------------------------------------------------------------------
    def _stored(self, namespace: Sequence[str], key: str) -> list[Episode]:
        user = self._user(namespace)
        where = [*self._where(namespace, exact=True), Compare(_meta("key"), "=", key)]
        return list(self._episodes(where, user))

    def _get(self, namespace: tuple[str, ...], key: str) -> Item | None:
        found = self._stored(namespace, key)
        return _item(found[0]) if found else None

    def _put(self, op: PutOp) -> None:
        if op.value is not None and not isinstance(op.value, Mapping):
            # LangGraph's items are dicts; dict("a string") failed with "dictionary update sequence ..."
            raise InvalidInput(f"put: the value of {op.key!r} must be a dict (or None to delete), got "
                               f"{type(op.value).__name__}", field="value")
        user = self._user(op.namespace)
        ttl = op.ttl if op.ttl is not None else (self.ttl_config or {}).get("default_ttl")
        if op.value is not None:
            _check_put(op.key, op.value, ttl)
            _check_index(op.key, op.index)
        old = self._stored(op.namespace, op.key)
        if op.value is not None:
            value = dict(op.value)
            first = (old[0].metadata[METADATA_KEY].get("created_at") or old[0].created_at.isoformat()) if old else None
            fields = self.index_fields if op.index is None or op.index is False else list(op.index)
            record = {"namespace": list(op.namespace), "depth": len(op.namespace), "key": op.key, "value": value,
                      "indexed": op.index is not False,
                      **{f"n{i}": label for i, label in enumerate(op.namespace)}}
            try:  # created_at None: the first put, whose time is the episode's own (``_item``)
                self.memory.add(item_text(op.key, value, fields), role="user", content_type="text",
                                metadata={METADATA_KEY: {**record, "created_at": first}},
                                ttl=None if ttl is None else float(ttl) * 60.0, user_id=user)
            except InvalidInput as exc:  # "content is 600,000 bytes" names no item: say which put
                kind = ContentTooLarge if isinstance(exc, ContentTooLarge) else InvalidInput
                raise kind(f"put of {_shown(op.key)} in {_shown(tuple(op.namespace))}: {exc}",
                           field=getattr(exc, "field", None)) from None
        # After the new value is stored (a failure never loses the item), every episode of the key but
        # the newest goes: read again, not ``old``, so a put by another writer that raced this one
        # (its add between this one's read and add) leaves one item, the newest, as every reader sees it.
        for episode in (self._stored(op.namespace, op.key)[1:] if op.value is not None else old):
            self._forget(episode.id, user)

    def _forget(self, episode_id: int, user: str) -> None:
        with contextlib.suppress(NotFound):  # forgotten meanwhile (another writer, an expiry): done
            self.memory.delete(episode_id=episode_id, actor=ACTOR, user_id=user)

    # -- search -----------------------------------------------------------------------------
    def _search(self, op: SearchOp) -> list[SearchItem]:
        user = self._user(op.namespace_prefix, "search prefix")
        _check_paging("search", op.limit, op.offset)
        if op.filter is not None and not isinstance(op.filter, Mapping):  # a list failed as an AttributeError
            raise InvalidInput(f"search: filter must be a dict such as {{'status': 'active'}}, got "
                               f"{type(op.filter).__name__}", field="filter")
        if op.limit == 0:
            return []
        where = self._where(op.namespace_prefix) + _pushed_down(op.filter)
        if not op.query:  # without a filter left for Python, the first page holds the answer
            rows = PAGE_ROWS if op.filter else max(1, min(PAGE_ROWS, op.offset + op.limit))
            found = (_search_item(e, None) for e in self._episodes(where, user, rows))
            return _page((i for i in found if matches(i.value, op.filter)), op.offset, op.limit)
        return self._ranked(op, where, user)

    def _ranked(self, op: SearchOp, where: list[Expr], user: str) -> list[SearchItem]:
        """Items for ``op.query`` in the order of ``Memory.search``: an episode hit is its item, a
        fact hit stands for the items it cites (under the prefix), each item once."""
        wanted = op.offset + op.limit
        items = [*where, Compare(_meta("indexed"), "!=", False)]
        facts = IsNull(Field("kind"), negated=True)  # only facts carry ``kind``: they pass this branch
        try:
            hits = self.memory.search(op.query or "", limit=min(MAX_LIMIT, max(20, wanted * HITS_PER_ITEM)),
                                      kinds=("fact", "episode"), filter=Or((_all(items), facts)), user_id=user)
        except InvalidInput as exc:  # "query is empty" (a query of spaces) named no call: say which search
            raise InvalidInput(f"search in {_shown(tuple(op.namespace_prefix))}: {exc}",
                               field=getattr(exc, "field", None)) from None
        seen: dict[tuple[tuple[str, ...], str], SearchItem] = {}
        for hit in hits:
            episodes = [hit.episode] if hit.episode is not None else self._cited(hit.citations, user)
            for episode in episodes:
                if episode is None or not _under(episode, op.namespace_prefix):
                    continue
                item = _search_item(episode, hit.score)
                ident = (item.namespace, item.key)
                if ident not in seen and matches(item.value, op.filter):
                    seen[ident] = item
        return _page(iter(seen.values()), op.offset, op.limit)

    def _cited(self, citations: Sequence[int], user: str) -> list[Episode | None]:
        out: list[Episode | None] = []
        for episode_id in citations:
            try:
                episode = self.memory.get(episode_id=episode_id, user_id=user)
            except NotFound:
                continue
            out.append(episode if isinstance(episode, Episode) else None)
        return out

    # -- namespaces -------------------------------------------------------------------------
    def _list_namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        conditions = op.match_conditions or ()
        prefix, what = _namespace_of(op)
        user = self._user(prefix, what)
        _check_paging("list_namespaces", op.limit, op.offset)
        fixed = list(prefix[:next((i for i, p in enumerate(prefix) if p == "*"), len(prefix))])
        found = {tuple(e.metadata[METADATA_KEY]["namespace"]) for e in self._episodes(self._where(fixed), user)}
        kept = [ns for ns in found if all(_matches_condition(c, ns) for c in conditions)]
        if op.max_depth is not None:
            kept = list({ns[:op.max_depth] for ns in kept})
        return sorted(kept)[op.offset:op.offset + op.limit]


# -- values -----------------------------------------------------------------------------------
def item_text(key: str, value: Mapping[str, Any], fields: Sequence[str]) -> str:
    """The text an item is remembered and searched by: the strings at ``fields`` of ``value``
    (``"$"``: every string in it, depth first), one per line. A value with no text at those
    paths is remembered as its key and compact JSON, so every item is an episode."""
    texts: list[str] = []
    for path in fields:
        texts += _strings(value) if path == "$" else get_text_at_path(value, tokenize_path(path))
    # a string that shows nothing ("\u200b" as "  ") is no text: Memory.add refused a put of {"text": "\u200b"}
    text = "\n".join(t.strip() for t in texts if isinstance(t, str) and not blank(t))
    return text or f"{key}: {json.dumps(value, ensure_ascii=False, sort_keys=True)}"


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _strings(v)]
    return []


def matches(value: Mapping[str, Any], wanted: Mapping[str, Any] | None) -> bool:
    """Whether an item's value passes a LangGraph search filter: each key's value equals the
    filter's (objects compared key by key, lists element by element) or passes its operators
    ``$eq`` ``$ne`` ``$gt`` ``$gte`` ``$lt`` ``$lte`` (numbers compared as floats), the
    semantics of LangGraph's own ``InMemoryStore``.

    Raises:
        ValueError: an unknown ``$`` operator.
    """
    return not wanted or all(_compare(value.get(k), v) for k, v in wanted.items())


def _compare(have: Any, want: Any) -> bool:
    if isinstance(want, Mapping):
        if any(str(k).startswith("$") for k in want):
            return all(_operator(have, op, operand) for op, operand in want.items())
        return isinstance(have, Mapping) and all(_compare(have.get(k), v) for k, v in want.items())
    if isinstance(want, (list, tuple)):
        return (isinstance(have, (list, tuple)) and len(have) == len(want)
                and all(_compare(h, w) for h, w in zip(have, want, strict=True)))
    return bool(have == want)


def _operator(have: Any, op: str, operand: Any) -> bool:
    if op == "$eq":
        return bool(have == operand)
    if op == "$ne":
        return bool(have != operand)
    if op not in ("$gt", "$gte", "$lt", "$lte"):
        raise ValueError(f"unsupported filter operator {op!r}; use $eq, $ne, $gt, $gte, $lt or $lte")
    try:
        left, right = float(have), float(operand)
    except (TypeError, ValueError):
        return False  # a missing or non-numeric value is never greater or smaller
    return {"$gt": left > right, "$gte": left >= right, "$lt": left < right, "$lte": left <= right}[op]


def _pushed_down(wanted: Mapping[str, Any] | None) -> list[Expr]:
    """The part of a LangGraph filter the database can apply: top-level string equalities on
    word keys (``{"status": "active"}``). The rest is applied by ``matches`` on the rows read
    (which also re-checks these), so the result is LangGraph's semantics either way."""
    terms: list[Expr] = []
    for key, want in (wanted or {}).items():
        if isinstance(want, Mapping) and set(want) == {"$eq"}:
            want = want["$eq"]
        if isinstance(key, str) and _WORD.fullmatch(key) and isinstance(want, str):
            terms.append(Compare(_meta("value", key), "=", want))
    return terms


# -- helpers ----------------------------------------------------------------------------------
def _shown(value: object) -> str:
    """``repr(value)``, cut to ``SHOWN_CHARS`` characters (a 300,000-character key is named by its start)."""
    text = repr(value)
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS - 1] + "…"


#: Deepest nesting of a value (the value itself is level 1): it is kept in the episode's metadata
#: two levels down (``metadata["langgraph"]["value"]``), which may nest ``MAX_METADATA_DEPTH``.
VALUE_DEPTH = MAX_METADATA_DEPTH - 2


def _deeper_than(value: object, limit: int) -> bool:
    """Whether ``value`` nests objects and arrays more than ``limit`` levels deep (itself level 1),
    walked level by level, never recursively, and stopped past ``limit``."""
    level: list[Any] = [value]
    depth = 0
    while level:
        level = [v for v in level if isinstance(v, dict | list | tuple)]
        depth += bool(level)
        if depth > limit:
            return True
        level = [c for v in level for c in (v.values() if isinstance(v, dict) else v)]
    return False


def _check_put(key: str, value: Mapping[str, Any], ttl: object) -> None:
    """Refuse, naming the key, a value JSON cannot hold or a TTL that is not a positive number of
    minutes (LangGraph's unit; ``Memory`` counts seconds and would name ``-300.0`` for ``ttl=-5``).

    Raises:
        InvalidInput: ``field`` ``value`` or ``ttl``.
    """
    if _deeper_than(value, VALUE_DEPTH):  # 2,000 levels raised a bare RecursionError, 40 named the metadata
        raise InvalidInput(f"put: the value of {key!r} must be nested at most {VALUE_DEPTH} levels deep "
                           "(objects and arrays)", field="value")
    try:
        json.dumps(value)
    except (TypeError, ValueError) as exc:
        raise InvalidInput(f"put: the value of {key!r} must be JSON: {exc}", field="value") from None
    if ttl is not None and (isinstance(ttl, bool) or not isinstance(ttl, int | float) or not ttl > 0):
        raise InvalidInput(f"put: the ttl of {key!r} must be a positive number of minutes, got {ttl!r}",
                           field="ttl")


def _check_index(key: str, index: object) -> None:
    """Refuse, naming the key, an ``index`` that is not ``None``, ``False`` or a list of JSON paths:
    ``index="text"`` was read as the paths ``t``, ``e``, ``x``, ``t`` (the item stored as its key and
    JSON, no fact drawn from its text), and ``index=[1]`` or ``True`` failed as a ``TypeError``.

    Raises:
        InvalidInput: ``field`` ``index``.
    """
    if index is None or index is False:
        return
    if isinstance(index, (list, tuple)) and all(isinstance(p, str) and p.strip() for p in index):
        return
    raise InvalidInput(f"put: the index of {_shown(key)} must be False or a list of JSON paths such as ['text'], "
                       f"got {_shown(index)}", field="index")


def _namespace_of(op: Op) -> tuple[Sequence[str], str]:
    """The namespace (or prefix) an op reads or writes, and how an error names it."""
    if isinstance(op, SearchOp):
        return op.namespace_prefix, "search prefix"
    if isinstance(op, ListNamespacesOp):
        prefix = next((c.path for c in op.match_conditions or () if c.match_type == "prefix"), ())
        return prefix, "list_namespaces prefix"
    return op.namespace, "namespace"


def _meta(*path: str) -> Field:
    return Field("metadata", (METADATA_KEY, *path))


def _all(terms: list[Expr]) -> Expr:
    return terms[0] if len(terms) == 1 else And(tuple(terms))


def _under(episode: Episode, prefix: Sequence[str]) -> bool:
    """Whether ``episode`` is an item under ``prefix`` that query search may return."""
    record = episode.metadata.get(METADATA_KEY)
    return (isinstance(record, dict) and record.get("indexed") is not False
            and tuple(record.get("namespace", ()))[:len(prefix)] == tuple(prefix))


def _item(episode: Episode) -> Item:
    """The LangGraph item an episode holds: created when its key was first put (kept in the
    metadata by later puts), updated when this episode was stored."""
    record = episode.metadata[METADATA_KEY]
    first = record.get("created_at")
    return Item(value=record["value"], key=record["key"], namespace=tuple(record["namespace"]),
                created_at=datetime.fromisoformat(first) if first else episode.created_at,
                updated_at=episode.created_at)


def _search_item(episode: Episode, score: float | None) -> SearchItem:
    item = _item(episode)
    return SearchItem(item.namespace, item.key, item.value, item.created_at, item.updated_at, score=score)


def _check_paging(what: str, limit: int, offset: int) -> None:
    """Refuse a negative ``limit`` or ``offset`` by name (``InvalidInput``): LangGraph's in-memory
    store slices with them (``offset=-1`` is the last item, ``limit=-1`` all but the last), which
    no caller means; a limit of 0 is an empty page."""
    for name, number in (("limit", limit), ("offset", offset)):
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            raise InvalidInput(f"{what}: {name} must be a whole number from 0 up, got {number!r}", field=name)


def _page(items: Iterator[SearchItem], offset: int, limit: int) -> list[SearchItem]:
    out: list[SearchItem] = []
    for n, item in enumerate(items):
        if n >= offset + limit:
            break
        if n >= offset:
            out.append(item)
    return out


def _matches_condition(condition: MatchCondition, namespace: tuple[str, ...]) -> bool:
    """LangGraph's namespace match: ``prefix`` / ``suffix`` paths, ``"*"`` matching any label."""
    path = condition.path
    if len(namespace) < len(path):
        return False
    pairs = zip(namespace, path, strict=False) if condition.match_type == "prefix" else \
        zip(reversed(namespace), reversed(path), strict=False)
    return all(p == "*" or n == p for n, p in pairs)
