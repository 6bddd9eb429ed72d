"""Import of ``export`` records: the exact state back (ids, timestamps, statuses), idempotently.

Episodes, facts and events are inserted with their exported ids. A row whose id already
exists is left alone when it is the same memory (same scope and content), so importing
twice changes nothing; an id held by a different memory is a conflict and nothing of the
batch is written. Segments, vectors and full-text rows are derived again (they are not
exported), with the configured model.

Nothing forgotten comes back. A record whose id was forgotten here, or in a ``forgotten`` record of
the import itself (``store.forgotten``), or whose ``expires_at`` has passed (its TTL ran out), is
skipped, with what hangs on it: a fact citing only forgotten episodes, the events of a skipped fact,
the withdrawals and outdated marks of a skipped episode; a fact that stays loses its citations of
forgotten episodes. The rest is imported, and the result's ``skipped`` lists each skipped record
with the reason. Skipping rather than refusing the whole file: the file is a backup the user may
need back (everything they did not forget), and refusing would leave them no way to restore it but
editing it by hand; the forgotten part is what they asked never to see again, so dropping it is what
they already chose.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

import numpy as np

from memstrata.clock import MAX_OFFSET_MINUTES, from_db, to_db, utcnow
from memstrata.errors import InvalidInput
from memstrata.extract.base import FactCandidate
from memstrata.facts.terms import fact_terms, key_terms
from memstrata.lifecycle.trail import COUNTED, TRAIL_TYPES, restore_trail
from memstrata.lifecycle.trail import NO_ID as TRAIL_NO_ID
from memstrata.lifecycle.trail import floors as trail_floors
from memstrata.privacy.crypto import Cipher
from memstrata.store import forgotten, suppressed
from memstrata.store.dialect import rows, run
from memstrata.store.keys import restore_key
from memstrata.store.protocol import LifecycleStore
from memstrata.store.records import NewSegment, episode_hash
from memstrata.store.turns import turn_terms
from memstrata.text.segment import derivative, split_sentences
from memstrata.text.tokens import index_text, normalise_value
from memstrata.types import Scope

#: Record types an export holds (``api_key`` and ``id_floor``: only ``export --all`` writes them;
#: the audit trail's types: ``lifecycle.trail``).
TYPES = ("episode", "fact", "event", "api_key", *TRAIL_TYPES)
#: Record types without an integer ``id`` of their own.
NO_ID = ("api_key", *TRAIL_NO_ID)


def _scope(record: Mapping[str, Any], where: str) -> Scope:
    raw = record.get("scope")
    if not isinstance(raw, dict) or not raw.get("org_id") or not raw.get("project_id"):
        raise InvalidInput(f"{where}: missing scope.org_id / scope.project_id")
    return Scope(raw["org_id"], raw["project_id"], raw.get("user_id"), raw.get("agent_id"), raw.get("session_id"))


def _time(value: Any, where: str) -> datetime | None:
    if value is None:
        return None
    try:
        return from_db(str(value))
    except ValueError as exc:
        raise InvalidInput(f"{where}: {value!r} is not an exported timestamp") from exc


def _offset(value: Any, where: str) -> int | None:
    """An episode record's ``utc_offset_minutes`` (``Episode.utc_offset_minutes``): ``None`` when absent (a file
    written before offsets were kept imports as before: shown in UTC) or zero."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_OFFSET_MINUTES:
        raise InvalidInput(f"{where}: utc_offset_minutes {value!r} is not an offset from UTC in minutes "
                           f"(a whole number from -{MAX_OFFSET_MINUTES} to {MAX_OFFSET_MINUTES}, or null)")
    return value or None


def import_records(store: LifecycleStore, records: Iterable[Mapping[str, Any]], *, embedder: Any,
                   cipher: Cipher | None, lines: Sequence[int] | None = None) -> dict[str, Any]:
    """Insert exported records; returns ``{"episodes", "facts", "events"}`` newly inserted,
    ``"api_keys"`` when the records hold any (``export --all``; keys as stored: their hashes,
    ``store.keys.restore_key``), the counts of the audit trail records when they hold any
    (``lifecycle.trail.COUNTED``: ``"withdrawals"``, ``"outdated_marks"``, ``"tombstones"``,
    ``"forget_receipts"``, ``"forgotten_ids"``), and ``"skipped"``: the records not imported because
    what they hold was forgotten (see the module docstring), each ``{"type", "id" (or
    ``"episode_id"`` for an outdated mark), "reason"}``, in file order. New ids start above every id
    the export had handed out (its ``id_floor``), so no forgotten row's id is reused.

    A fact may cite only episodes of its own owner (org, project, user, agent) or, for a fact of
    one of a user's agents, the user's own messages said without an agent (``cites_own``), as the
    write path makes them: a file whose fact cites another user's or another agent's episode
    (edited by hand, or tampered with) would show their words as this owner's source, and
    forgetting them would take this owner's fact along. Such a file is refused whole.

    Args:
        lines: the file line of each record (``load_export``), so errors say ``line N``; without
            it they say ``record N`` (the position in ``records``, from 1).

    Raises:
        InvalidInput: naming the record's line or position: a malformed record, an id held by
            another memory, a fact citing an episode of another owner or one that is nowhere.
            Nothing of the records is written then (one transaction).
    """
    items = list(records)
    labels = [f"line {lines[i]}" if lines is not None and i < len(lines) else f"record {i + 1}"
              for i in range(len(items))]
    for at, rec in zip(labels, items, strict=True):
        if isinstance(rec, Mapping) and rec.get("type") in NO_ID:
            continue  # checked field by field when used (``restore_key``, ``trail.floors``): no id of their own
        if not isinstance(rec, Mapping) or rec.get("type") not in TYPES or isinstance(rec.get("id"), bool) \
                or not isinstance(rec.get("id"), int):
            with_id = "|".join(t for t in TYPES if t not in NO_ID)
            raise InvalidInput(f"{at}: not an export record (needs type {with_id} and an integer id, or type "
                               "api_key or id_floor)")
    numbered = list(zip(labels, items, strict=True))
    keys = [(at, r) for at, r in numbered if r["type"] == "api_key"]
    trail = [(at, r) for at, r in numbered if r["type"] in TRAIL_TYPES]
    episodes = [(at, r) for at, r in numbered if r["type"] == "episode"]
    facts = [(at, r) for at, r in numbered if r["type"] == "fact"]
    events = [(at, r) for at, r in numbered if r["type"] == "event"]
    seg_vectors = _embed(embedder, [d for _, r in episodes for _, d in _segments(r)])
    fact_vectors = _embed(embedder, [str(r.get("statement") or r.get("value")) for _, r in facts])
    counts = {"episodes": 0, "facts": 0, "events": 0, **({"api_keys": 0} if keys else {})}
    for _, rec in trail:
        if rec["type"] in COUNTED:
            counts.setdefault(COUNTED[rec["type"]], 0)
    skipped = _write(store, episodes, facts, events, seg_vectors, fact_vectors, cipher, counts, utcnow(), keys,
                     trail)
    store.clear_caches()
    return {**counts, "skipped": skipped}


Numbered = list[tuple[str, Mapping[str, Any]]]


def _write(store: LifecycleStore, episodes: Numbered, facts: Numbered, events: Numbered,
           seg_vectors: np.ndarray | None, fact_vectors: np.ndarray | None, cipher: Cipher | None,
           counts: dict[str, int], now: datetime, keys: Numbered, trail: Numbered) -> list[dict[str, Any]]:
    floor = trail_floors(trail)
    skipped: list[dict[str, Any]] = []
    with store.db.write() as conn:
        # What this database had handed out already: the sequences must not go back below it.
        for table, last in store.dialect.last_ids(conn).items():
            floor[table] = max(floor.get(table, 0), last)
        gone = _forgotten(conn, store, episodes, facts, trail)
        _add_expired(gone, episodes, facts, now)
        try:
            for at, rec in keys:
                counts["api_keys"] += restore_key(conn, store.dialect, rec, f"{at} (api_key)")
            pos = 0
            for at, rec in episodes:
                segs = _segments(rec)
                vectors = None if seg_vectors is None else seg_vectors[pos:pos + len(segs)]
                pos += len(segs)
                if rec["id"] in gone["episodes"]:
                    skipped.append({"type": "episode", "id": rec["id"], "reason": gone["episodes"][rec["id"]]})
                elif _insert_episode(conn, store, rec, segs, vectors, now, at):
                    counts["episodes"] += 1
            kept: Numbered = []
            for i, (at, rec) in enumerate(facts):
                reason = _fact_gone(rec, gone)
                if reason is not None:
                    skipped.append({"type": "fact", "id": rec["id"], "reason": reason})
                    continue
                kept.append((at, rec))
                vec = None if fact_vectors is None or rec.get("encrypted") else fact_vectors[i]
                if _insert_fact(conn, store, rec, vec, cipher, now, at, forgotten_episodes=gone["episodes"]):
                    counts["facts"] += 1
            owners = {int(r["id"]): _scope(r, f"{at}: fact #{r['id']}") for at, r in kept}
            dropped = {int(s["id"]) for s in skipped if s["type"] == "fact"}
            moved: Numbered = []
            for at, rec in events:
                if _is_id(rec.get("fact_id")) and rec["fact_id"] in dropped:
                    skipped.append({"type": "event", "id": rec["id"], "reason": f"its fact #{rec['fact_id']} was "
                                    "skipped"})
                    continue
                done = _insert_event(conn, store, rec, owners, at)
                if done is None:
                    moved.append((at, rec))
                else:
                    counts["events"] += done
            skipped += restore_trail(store, conn, trail, counts, skipped_episodes={
                int(s["id"]): s["reason"] for s in skipped if s["type"] == "episode"})
        except store.dialect.integrity_errors() as exc:  # the whole batch rolls back
            raise InvalidInput(f"the records do not fit together or this database: {exc}") from exc
        store.after_explicit_ids(conn)
        for table, last in floor.items():
            store.dialect.keep_ids_above(conn, table, last)
        # Events whose id another memory's event holds here keep their content under a new id
        # (taken from the sequence only now, past every explicit id of this import).
        for at, rec in moved:
            counts["events"] += _insert_event(conn, store, rec, owners, at, new_id=True) or 0
        store.bump(conn, "facts_version")
        store.bump(conn, "segments_deleted")
    return skipped


def _forgotten(conn: Any, store: LifecycleStore, episodes: Numbered, facts: Numbered,
               trail: Numbered) -> dict[str, dict[int, str]]:
    """``{"episodes": {id: reason}, "facts": {id: reason}}``: the ids of the import's episodes and
    facts (and of the episodes its facts cite) that were forgotten here or that the import's own
    ``forgotten`` records name."""
    d = store.dialect
    out: dict[str, dict[int, str]] = {t: {} for t in forgotten.TABLES}
    for at, rec in trail:
        if rec["type"] == "forgotten":
            for table in forgotten.TABLES:
                ids = rec.get(table)
                for i in ids if isinstance(ids, list) else []:  # malformed ones: refused by ``restore_trail``
                    if _is_id(i):
                        out[table].setdefault(i, f"forgotten (the import's {at})")
    cited = [e for _, r in facts if isinstance(r.get("citations"), list) for e in r["citations"] if _is_id(e)]
    wanted = {"episodes": [int(r["id"]) for _, r in episodes] + cited, "facts": [int(r["id"]) for _, r in facts]}
    for table, ids in wanted.items():
        for i, row in forgotten.among(conn, d, table, ids).items():
            out[table][i] = f"forgotten here on {to_db(row['forgotten_at'])}"
    for i in _forgotten_messages(conn, d, episodes):
        out["episodes"].setdefault(i, "forgotten here (the same message, under another id)")
    return out


def _add_expired(gone: dict[str, dict[int, str]], episodes: Numbered, facts: Numbered, now: datetime) -> None:
    """Add to ``gone`` the episode and fact records whose ``expires_at`` is past at ``now``: their TTL
    ran out (here or before the export), so the store would only hide them until ``maintain`` purges
    them; written back, an expired message sat in the new database's tables again."""
    for table, numbered in (("episodes", episodes), ("facts", facts)):
        for at, rec in numbered:
            expires = _time(rec.get("expires_at"), f"{at}: {table[:-1]} #{rec['id']}")
            if expires is not None and expires <= now:
                gone[table].setdefault(int(rec["id"]), f"expired on {to_db(expires)} (its TTL ran out)")


def _forgotten_messages(conn: Any, d: Any, episodes: Numbered) -> set[int]:
    """The ids of the episode records whose message their owner forgot or let expire here, known by
    its identity (``store.suppressed``) rather than its id: an export of another database (its own
    ids) holds the same message under another id. Malformed records are left to the insert's checks."""
    owners: dict[tuple[str, str, str], dict[str, int]] = {}
    for _, rec in episodes:
        raw, created = rec.get("scope"), rec.get("created_at")
        if not isinstance(raw, dict) or not isinstance(rec.get("content"), str) or not isinstance(created, str):
            continue
        try:
            when = from_db(created)
        except ValueError:
            continue
        if when is None:
            continue
        owner = (str(raw.get("org_id")), str(raw.get("project_id")), str(raw.get("user_id") or ""))
        role = str(rec.get("role"))
        for speaker in suppressed.speakers_of(role, rec.get("producer_id")):  # unset or the role: one message
            for sha in suppressed.message_digests(episode_hash(role, speaker, when, rec["content"]),
                                                  rec.get("metadata"), role, speaker, when, rec["content"]):
                owners.setdefault(owner, {})[sha] = int(rec["id"])
    return {ids[sha] for owner, ids in owners.items() for sha in suppressed.held_in(conn, d, owner, list(ids))}


def _fact_gone(rec: Mapping[str, Any], gone: Mapping[str, Mapping[int, str]]) -> str | None:
    """Why a fact record is not imported, or ``None``: it was forgotten, or every episode it cites
    was (its value came from them, and forgetting them took every fact only they supported)."""
    if rec["id"] in gone["facts"]:
        return gone["facts"][rec["id"]]
    cited = rec.get("citations") or []
    if isinstance(cited, list) and cited and all(_is_id(e) and e in gone["episodes"] for e in cited):
        gone_how = "forgotten or expired" if any(gone["episodes"][e].startswith("expired") for e in cited) \
            else "forgotten"
        return f"every episode it cites ({', '.join(f'#{e}' for e in cited)}) was {gone_how}"
    return None


def _is_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _embed(embedder: Any, texts: list[str]) -> np.ndarray | None:
    return None if embedder is None or not texts else np.asarray(embedder.embed(texts))


def _segments(rec: Mapping[str, Any]) -> list[tuple[str, str]]:
    speaker = rec.get("producer_id") or rec.get("role") or "user"
    return [(s, derivative(s, str(speaker))) for s in split_sentences(str(rec.get("content", "")))]


def _insert_episode(conn: Any, store: LifecycleStore, rec: Mapping[str, Any],
                    segs: list[tuple[str, str]], vectors: np.ndarray | None, now: datetime, at: str) -> bool:
    d = store.dialect
    where = f"{at}: episode #{rec['id']}"
    sc = _scope(rec, where)
    created = _time(rec.get("created_at"), where)
    if created is None or not isinstance(rec.get("content"), str):
        raise InvalidInput(f"{where}: needs content and created_at")
    digest = episode_hash(str(rec.get("role")), rec.get("producer_id"), created, rec["content"])
    existing = run(conn, d, "SELECT org_id, project_id, content_hash FROM episodes WHERE id = ?",
                   (rec["id"],)).fetchone()
    if existing is not None:
        if tuple(existing) != (sc.org_id, sc.project_id, digest):
            raise InvalidInput(f"{where}: this id already holds another episode here; an export keeps its "
                               "ids, so restore it into an empty database")
        return False
    expires = _time(rec.get("expires_at"), where)
    offset = _offset(rec.get("utc_offset_minutes"), where)
    run(conn, d,
        "INSERT INTO episodes (id, org_id, project_id, user_id, agent_id, session_id, role, producer_id, "
        "produced_for_id, content, content_type, created_at, sequence_num, metadata, content_hash, ingested_at, "
        f"expires_at, utc_offset_minutes){d.overriding} VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (rec["id"], sc.org_id, sc.project_id, sc.user_id, sc.agent_id, sc.session_id, rec.get("role"),
         rec.get("producer_id"), rec.get("produced_for_id"), rec["content"], rec.get("content_type", "message"),
         d.time(created), int(rec.get("sequence_num", 0)), d.json(rec.get("metadata") or {}), digest,
         d.time(now), d.time(expires), offset))
    store.insert_segments(conn, episode_id=int(rec["id"]), scope=sc, segments=[
        NewSegment(text, deriv, index_text(deriv), None if vectors is None else vectors[i])
        for i, (text, deriv) in enumerate(segs)], expires_at=expires)
    store.insert_turn(conn, episode_id=int(rec["id"]), scope=sc, expires_at=expires,
                      terms=turn_terms(str(rec.get("producer_id") or rec.get("role") or "user"), rec["content"]))
    return True


def _insert_fact(conn: Any, store: LifecycleStore, rec: Mapping[str, Any], vector: np.ndarray | None,
                 cipher: Cipher | None, now: datetime, at: str, *,
                 forgotten_episodes: Mapping[int, str] | None = None) -> bool:
    d = store.dialect
    where = f"{at}: fact #{rec['id']}"
    sc = _scope(rec, where)
    citations = _own_citations(conn, store, rec, sc, where, skip=forgotten_episodes or {})
    value, statement = str(rec.get("value", "")), str(rec.get("statement") or rec.get("value", ""))
    existing = run(conn, d, "SELECT org_id, project_id, key FROM facts WHERE id = ?", (rec["id"],)).fetchone()
    if existing is not None:
        if tuple(existing) != (sc.org_id, sc.project_id, rec.get("key")):
            raise InvalidInput(f"{where}: this id already holds another fact here; an export keeps its "
                               "ids, so restore it into an empty database")
        return False
    encrypted = bool(rec.get("encrypted"))
    norm = normalise_value(value)
    cand = FactCandidate(kind=str(rec.get("kind")), key=str(rec.get("key")), value=value, confidence=0.0,
                         importance=0.0, statement=statement)
    terms = fact_terms(cand)
    if encrypted:
        if cipher is None:
            raise InvalidInput(f"{where}: an encrypted fact needs MEMSTRATA_ENCRYPTION_KEY to be imported")
        value, statement, norm, terms = cipher.encrypt(value), cipher.encrypt(statement), cipher.mac(norm), \
            key_terms(cand.key)
    row = {"id": rec["id"], "org_id": sc.org_id, "project_id": sc.project_id, "user_id": sc.user_id,
           "agent_id": sc.agent_id, "subject": rec.get("subject"), "kind": rec.get("kind"), "key": rec.get("key"),
           "tag": rec.get("tag"), "value": value, "value_norm": norm, "statement": statement,
           "confidence": rec.get("confidence"), "importance": rec.get("importance"),
           "sensitivity": rec.get("sensitivity", "low"), "status": rec.get("status"),
           "access_count": int(rec.get("access_count") or 0), "updated_at": d.time(now),
           "embedding": d.vector(vector), "encrypted": encrypted}
    for name in ("observed_at", "valid_from", "valid_to", "expires_at", "last_accessed_at", "created_at",
                 "expired_at"):
        row[name] = d.time(_time(rec.get(name), where))
    store.import_fact(conn, row, terms)
    store.cite(conn, int(rec["id"]), citations)
    return True


def _own_citations(conn: Any, store: LifecycleStore, rec: Mapping[str, Any], sc: Scope, where: str, *,
                   skip: Mapping[int, str]) -> list[int]:
    """The episode ids a fact record cites, but the forgotten ones (``skip``), each checked to be
    an episode of the fact's own owner (org, project, user, agent), in the import or already here
    (see ``import_records``)."""
    cited = rec.get("citations") or []
    if not isinstance(cited, list) or any(isinstance(e, bool) or not isinstance(e, int) for e in cited):
        raise InvalidInput(f"{where}: citations must be a list of integer episode ids, got {cited!r}")
    cited = [e for e in cited if e not in skip]
    if not cited:
        return []
    marks = ",".join("?" * len(cited))
    found = {int(r["id"]): (r["org_id"], r["project_id"], r["user_id"], r["agent_id"]) for r in rows(
        conn, store.dialect, f"SELECT id, org_id, project_id, user_id, agent_id FROM episodes WHERE id IN ({marks})",
        cited)}
    mine = (sc.org_id, sc.project_id, sc.user_id, sc.agent_id)
    for episode in cited:
        owner = found.get(episode)
        if owner is None:
            raise InvalidInput(f"{where} cites episode #{episode}, which is neither in the import nor in this "
                               "database; nothing was imported")
        if not cites_own(mine, owner):
            raise InvalidInput(f"{where} of {_who(mine)} cites episode #{episode} of {_who(owner)}: a fact may cite "
                               "only its own owner's episodes (the file was edited or tampered with); nothing was "
                               "imported")
    return [int(e) for e in cited]


def cites_own(fact: tuple[Any, ...], episode: tuple[Any, ...]) -> bool:
    """Whether a fact of owner ``fact`` may cite an episode of owner ``episode`` (each ``(org,
    project, user, agent)``): the same owner, or the fact's user's own message said without an
    agent. The second is what the write path makes: a user's message said without an agent is
    resolved against the facts of every agent of the user (the user's level reads them all), so a
    restatement of an agent's fact cites the user's message; refusing it made such a store's own
    export impossible to import."""
    if episode == fact:
        return True
    org, project, user, agent = fact
    return user is not None and agent is not None and episode == (org, project, user, None)


def _who(owner: tuple[Any, ...]) -> str:
    org, project, user, agent = owner
    return f"{org}/{project}" + (f" user={user}" if user is not None else "") + (
        f" agent={agent}" if agent is not None else "")


def _insert_event(conn: Any, store: LifecycleStore, rec: Mapping[str, Any], owners: Mapping[int, Scope],
                  position: str, *, new_id: bool = False) -> int | None:
    """Insert one event: 1 if inserted, 0 if the same event is already here (a re-import), and
    ``None`` when its id holds another event here (insert it again later with ``new_id``)."""
    d = store.dialect
    where = f"{position}: event #{rec['id']}"
    owner = owners.get(int(rec.get("fact_id") or 0))
    if owner is None:
        raise InvalidInput(f"{where}: its fact #{rec.get('fact_id')} is not in the import")
    at = d.time(_time(rec.get("at"), where))
    same = run(conn, d, "SELECT id FROM memory_events WHERE fact_id = ? AND action = ? AND at = ? AND actor = ?",
               (rec["fact_id"], rec.get("action"), at, rec.get("actor"))).fetchone()
    if same is not None:
        return 0
    values = (rec["fact_id"], owner.org_id, owner.project_id, owner.user_id, rec.get("action"), at, rec.get("actor"),
              d.json(rec.get("detail") or {}))
    if new_id:
        run(conn, d, "INSERT INTO memory_events (fact_id, org_id, project_id, user_id, action, at, actor, detail) "
                     "VALUES (?,?,?,?,?,?,?,?)", values)
        return 1
    if run(conn, d, "SELECT 1 FROM memory_events WHERE id = ?", (rec["id"],)).fetchone() is not None:
        return None
    run(conn, d, "INSERT INTO memory_events (id, fact_id, org_id, project_id, user_id, action, at, actor, detail)"
                 f"{d.overriding} VALUES (?,?,?,?,?,?,?,?,?)", (rec["id"], *values))
    return 1
