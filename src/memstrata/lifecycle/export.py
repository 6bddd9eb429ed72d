"""Export a scope as JSON-serialisable records (one per JSONL line)."""

from __future__ import annotations

import itertools
import json
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict
from datetime import datetime
from pathlib import Path
from typing import Any, cast

from memstrata.clock import to_db
from memstrata.errors import InvalidInput, NotFound
from memstrata.lifecycle.trail import id_floor, trail_records
from memstrata.paging import START, Position
from memstrata.store.dialect import run
from memstrata.store.keys import key_records
from memstrata.store.protocol import LifecycleStore, Store
from memstrata.types import Scope

#: Episodes read per page while exporting, so a large scope streams in bounded memory.
PAGE = 500


def _plain(value: Any) -> Any:
    if isinstance(value, datetime):
        return to_db(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def export_records(store: Store, scope: Scope) -> Iterator[dict[str, Any]]:
    """``{"type": "episode" | "fact" | "event", ...}`` records of ``scope``, oldest first, then
    its audit trail (``withdrawal``, ``tombstone``, ``forget_receipt``: ``lifecycle.trail``) on
    a store that keeps one (SQLite, PostgreSQL)."""
    # Keyset pages (``memstrata.paging``): an export taken while messages arrive neither repeats
    # nor skips an episode, as offset pages did.
    before = START
    episode_ids: list[int] = []
    while True:
        page = store.list_episodes(scope, limit=PAGE, before=before)
        for episode in reversed(page):
            episode_ids.append(episode.id)
            yield {"type": "episode", **_plain(asdict(episode))}
        if len(page) < PAGE:
            break
        before = Position(page[-1].created_at, page[-1].id)
    facts = store.list_facts(scope, statuses=["active", "superseded", "archived"], limit=10**9)
    for fact in reversed(facts):
        yield {"type": "fact", **_plain(asdict(fact))}
    for event in store.events(scope, [f.id for f in facts]):
        yield {"type": "event", **_plain(asdict(event))}
    if store.capabilities.sql and store.capabilities.forget_jobs:
        yield from trail_records(cast(LifecycleStore, store), scope, episode_ids)


def tenants(store: LifecycleStore) -> list[Scope]:
    """Every tenant (``org_id``, ``project_id``) holding an episode, a fact, an audit event or a
    forget receipt, sorted: what ``export_all`` walks (a tenant whose memories were all forgotten
    keeps its tombstones). Reads only."""
    with store.db.read() as conn:
        rows = run(conn, store.dialect, "SELECT org_id, project_id FROM episodes UNION "
                                        "SELECT org_id, project_id FROM facts UNION "
                                        "SELECT org_id, project_id FROM memory_events UNION "
                                        "SELECT org_id, project_id FROM forget_jobs", ()).fetchall()
    return [Scope(org, project) for org, project in sorted({(str(r[0]), str(r[1])) for r in rows})]


def export_all(store: LifecycleStore) -> Iterator[dict[str, Any]]:
    """The records of every tenant, user and agent of the database, tenant by tenant (each as
    ``export_records`` gives them), then the REST API keys (``type: api_key``, as stored: the
    SHA-256 of each key, never a secret; ``store.keys.key_records``): the whole database as one
    file, e.g. to move a SQLite file to PostgreSQL (``import`` of the file into an empty database
    gives the same ids, statuses, audit events and keys back, so REST clients keep working), and
    last an ``id_floor`` record (``lifecycle.trail``: a restore never reuses a forgotten row's id)."""
    for tenant in tenants(store):
        yield from export_records(store, tenant)
    if store.capabilities.sql:
        yield from key_records(store.db, store.dialect)
    yield id_floor(store)


def require_records(records: Iterable[dict[str, Any]], whose: str, *, hint: str) -> Iterator[dict[str, Any]]:
    """``records`` as they are, once the first is known to exist: every door that exports a scope
    (CLI JSONL and Markdown, ``GET /v1/export``, the inspector's downloads) refuses a scope that
    holds nothing (no episode, fact, event or forget record: most often a mistyped user id)
    before it writes anything, rather than an empty file or folder that looks like a backup.

    Args:
        whose: the scope as ``Scope.describe`` names it (``default/default user=alcie``).
        hint: what to do instead, in the door's terms (``--user NAME``, ``user_id``).

    Raises:
        NotFound: there is no record; the message names ``whose``.
    """
    stream = iter(records)
    first = next(stream, None)
    if first is None:
        raise NotFound(f"nothing is stored for {whose}, so nothing was exported or written; {hint}")
    return itertools.chain([first], stream)


def dumps(record: dict[str, Any]) -> str:
    """One JSONL line (UTF-8 text kept readable)."""
    return json.dumps(record, ensure_ascii=False, sort_keys=True)


def write_file(records: Iterable[dict[str, Any]], path: Path, *,
               on_record: Callable[[dict[str, Any]], None] | None = None) -> int:
    """Write ``records`` as JSONL to ``path`` and return how many: into a temporary file beside it,
    renamed over ``path`` only once every record is written (``os.replace``), so a failed export
    leaves the file as it was. An export of nothing never replaces an existing file (a typo'd user
    emptied a backup): it is refused.

    Raises:
        InvalidInput: ``path`` is a directory, its directory does not exist, or nothing was
            exported and ``path`` exists (it is left as it was).
    """
    if path.is_dir():
        raise InvalidInput(f"-o {path} is a directory; name a file in it, e.g. {path / 'memstrata-export.jsonl'}")
    if not path.parent.is_dir():
        raise InvalidInput(f"-o {path}: the directory {path.parent} does not exist")
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".partial")
    n = 0
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            for record in records:
                handle.write(dumps(record) + "\n")
                n += 1
                if on_record is not None:
                    on_record(record)
        if n == 0 and path.exists():
            raise InvalidInput(f"nothing was exported, so {path} was left as it was (an export of nothing never "
                               "replaces a file); check the --user/--agent/--org/--project, or --all")
        os.replace(temp, path)
    finally:
        if os.path.exists(temp):
            os.unlink(temp)
    return n
