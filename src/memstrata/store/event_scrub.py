"""Forgotten content in the audit events of the facts a forget leaves.

Deleting a fact deletes its own events, but the events of *other* facts can quote it: the
``supersede`` event of the fact it replaced holds its value (``new_value``) and the episode
that said it; a retraction holds the withdrawing sentence (``statement``); a restatement
folded into a surviving fact holds the restated words (``restated``). Unscrubbed, a
forgotten value stayed this way in the SQLite file after ``forget --session``,
``forget --filter`` and ``forget --fact``. ``clean_detail`` removes such
content from one event's detail; ``scrub_sql`` applies it, inside the forget's own write
transaction, to the events of the surviving facts of the owners concerned (SQLite and
PostgreSQL; the in-memory store applies ``clean_detail`` itself).

What stays is what ``lifecycle.rollback.rollback`` needs and holds no forgotten content: the
surviving fact's own value, counts, times and the ids of what still exists. A reference to a
deleted fact goes too: ``superseded_by`` becomes ``None`` (the history says the value was
replaced by one since forgotten, never "by #12" when #12 is gone: following it ends in
not_found), and the deleted id leaves ``returns_to``; rolling that supersede back still
makes the old fact current again (the rollback needs no successor that is gone). A cleaned
detail lists the removed field names under ``forgotten`` (names only, never values).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from memstrata.store.dialect import Dialect, rows, run

#: Detail fields naming another fact by id: an event of a surviving fact that names a deleted
#: fact here may quote its value (``new_value``); the reference itself becomes ``None``.
FACT_REFS = ("superseded_by",)
#: Detail fields holding a list of fact ids (a value said again: ``ingest``'s ``returns_to``);
#: deleted ids are removed from them.
FACT_LISTS = ("returns_to",)
#: Detail fields quoting content said by the event's episode(s) (``episode``/``episodes``):
#: removed when that episode is forgotten. ``value``/``old_value`` are the surviving fact's own.
EPISODE_CONTENT = ("new_value", "statement", "restated")
#: Detail fields holding a list of episode ids; forgotten ids are removed from them.
EPISODE_LISTS = ("episodes", "cites", "added_citations", "removed_citations")
#: Ids per ``IN (...)`` list (well under SQLite's bound-parameter limit).
BATCH = 500


@dataclass(frozen=True)
class Scrubbed:
    """What ``scrub_sql`` changed.

    Attributes:
        events: how many events of surviving facts lost forgotten content.
        rollbacks: ``(event id, fact id)`` of each ``supersede`` event of a surviving fact whose
            successor (``superseded_by``) was deleted: rolling the event back makes that fact
            current again (``lifecycle.forget.Replaced``).
    """

    events: int = 0
    rollbacks: tuple[tuple[int, int], ...] = ()


def clean_detail(detail: dict[str, Any], *, facts: Collection[int],
                 episodes: Collection[int]) -> dict[str, Any] | None:
    """``detail`` without what came from the deleted ``facts`` and ``episodes``, or ``None``
    when it quotes none of them (unchanged).

    Rules: a deleted successor's id and value go (``superseded_by`` becomes ``None``, ``new_value``
    is removed), and deleted ids leave ``FACT_LISTS``; when the event's episode (``episode``, or
    any of ``episodes``) is deleted, the words it said (``new_value``, ``statement``,
    ``restated``) and the reference go; deleted ids leave the id lists (``EPISODE_LISTS``).
    Removed field names accumulate in ``forgotten``.

    >>> clean_detail({"superseded_by": 2, "new_value": "FedEx", "episode": 7}, facts={2}, episodes=())
    {'superseded_by': None, 'episode': 7, 'forgotten': ['new_value', 'superseded_by']}
    >>> clean_detail({"superseded_by": None, "statement": "not allergic", "episode": 7}, facts=(), episodes={7})
    {'superseded_by': None, 'forgotten': ['episode', 'statement']}
    >>> clean_detail({"key": "k", "value": "v", "episode": 3}, facts={9}, episodes={4}) is None
    True
    """
    out = dict(detail)
    removed: list[str] = []

    def drop(name: str) -> None:
        if name in out:
            del out[name]
            removed.append(name)

    for ref in FACT_REFS:
        if _is_id(out.get(ref)) and out[ref] in facts:
            drop("new_value")
            out[ref] = None
            removed.append(ref)
    for name in FACT_LISTS:
        ids = out.get(name)
        if isinstance(ids, list) and any(_is_id(i) and i in facts for i in ids):
            out[name] = [i for i in ids if not (_is_id(i) and i in facts)]
            removed.append(name)
    said_by_forgotten = _is_id(out.get("episode")) and out["episode"] in episodes
    if said_by_forgotten:
        drop("episode")
    for name in EPISODE_LISTS:
        ids = out.get(name)
        if isinstance(ids, list) and any(_is_id(i) and i in episodes for i in ids):
            out[name] = [i for i in ids if not (_is_id(i) and i in episodes)]
            removed.append(name)
            said_by_forgotten = said_by_forgotten or name == "episodes"
    if said_by_forgotten:
        for name in EPISODE_CONTENT:
            drop(name)
    if not removed:
        return None
    out["forgotten"] = sorted(set(out.get("forgotten", [])) | set(removed))
    return out


def _is_id(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _batches(ids: Sequence[int]) -> list[list[int]]:
    return [list(ids[i:i + BATCH]) for i in range(0, len(ids), BATCH)]


def scrub_sql(conn: Any, dialect: Dialect, *, facts: Sequence[int], episodes: Sequence[int]) -> Scrubbed:
    """Inside an open write, before ``facts`` and ``episodes`` are deleted: clean the events of
    every other fact of their owners (org, project, user) with ``clean_detail``.

    Reads the events of the owners' facts (index ``facts`` by owner, then ``memory_events_fact``);
    a fact of another owner never cites an episode or supersedes a fact of this one.
    Returns a ``Scrubbed`` (events changed; supersede events left pointing to a deleted fact).
    """
    if not facts and not episodes:
        return Scrubbed()
    gone_facts, gone_episodes = set(facts), set(episodes)
    owners: set[tuple[Any, ...]] = set()
    for table, ids in (("facts", facts), ("episodes", episodes)):
        for batch in _batches(ids):
            owners.update(tuple(r) for r in run(conn, dialect, "SELECT DISTINCT org_id, project_id, user_id FROM "
                                                f"{table} WHERE id IN ({','.join('?' * len(batch))})", batch))
    changed, rollbacks = 0, []
    for org, project, user in sorted(owners, key=repr):
        found = rows(conn, dialect,
                     "SELECT e.id, e.fact_id, e.action, e.detail FROM memory_events e JOIN facts f ON f.id = e.fact_id "
                     "WHERE f.org_id = ? AND f.project_id = ? AND f.user_id IS NOT DISTINCT FROM ? ORDER BY e.id",
                     (org, project, user))
        for event in found:
            if event["fact_id"] in gone_facts:
                continue  # deleted with its fact
            detail = dialect.read_json(event["detail"])
            if not isinstance(detail, dict):
                continue
            if event["action"] == "supersede" and _is_id(detail.get("superseded_by")) \
                    and detail["superseded_by"] in gone_facts:
                rollbacks.append((int(event["id"]), int(event["fact_id"])))
            cleaned = clean_detail(detail, facts=gone_facts, episodes=gone_episodes)
            if cleaned is not None:
                run(conn, dialect, "UPDATE memory_events SET detail = ? WHERE id = ?",
                    (dialect.json(cleaned), event["id"]))
                changed += 1
    return Scrubbed(changed, tuple(rollbacks))
