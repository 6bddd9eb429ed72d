"""Facts forgotten from messages that stay, so that no extraction of those messages makes them again.

Forgetting a fact keeps the message that stated it ("我以後都希望用順豐" stays; the
``shipping.carrier`` fact goes: ``docs/privacy.md``). Anything that reads that message again would
derive the fact again: the LLM's extraction of a message still queued, or the message re-added by
``POST /v1/import`` into another database or tenant, where the rule extractor runs. So a forget of
a fact keeps, for each message it cited that stays, one suppression: the SHA-256 of the message's
identity (``episodes.content_hash``: role, speaker, time, text) and the fact's key, with the owner
(org, project, user), and a second of the message as a person reads it (``fact_digests``: a copy
sent again at its time with a trailing space is stored as another episode, and drew the fact again).
The fact engine (``facts.engine.FactEngine``) drops a candidate under that key from that message
(``among``). No value, no text: the digest names neither, and a message with the
same words said at another time is another message (the user may say it again, and mean it).

A suppression names the fact's key, not its value: the LLM may state the same value in other words
or the other language (順豐 / SF Express), and every one of them must stay forgotten.

Carried by ``export`` as ``suppressed`` records (``lifecycle.trail``), restored by every import: the
exact one (``lifecycle.import_records``) and the re-adding one over REST (``server.transfer``),
which writes them for the owner it imports for before re-adding the messages.

Messages forgotten here are kept the same way, so that no log import brings them back: a forget of
episodes (``lifecycle.forget.delete_episodes``, which every id, filter, user and scope forget runs)
keeps, for each one, ``message_digest`` of its identity with its owner, in the same table: its import
key (``metadata["import_key"]``, ``loaders.identity``: a JSONL line stamped at import), else its
Markdown note key (``integrations.markdown``) and, beside it, its note's text without its file
(``note_text_digests``: the note moved to another file stays out), else its role, speaker, time and text as a person
reads them (``text.same_message``: a trailing space, CRLF, NFD or a zero-width space is the same
message). Stores written before that identity kept the exact ``content_hash``'s digest, which every
door still asks (``message_digests``). The importers (``memstrata import`` of a log or a Markdown
folder, ``POST /v1/import``) skip a message whose identity's digest its owner keeps (``held``), and
so do ``Memory.add`` / ``add_many`` (``skip_forgotten``, the default), ``POST /v1/messages`` and the
coding-agent hooks (``write.forgotten``): the same message sent again with its original time stays out. The two
digests never collide: each hashes its own prefix. The same words said anew (another time) are the
user's new statement and are stored. The TTL sweep
(``lifecycle.maintain.sweep_expired``) keeps the same digests for the messages it deletes, and a
fact's suppression for an expired fact whose message stays; a message expired but not yet swept
counts as forgotten to the importers (``expired``).

A forget keeps too the note key of each line a Markdown projection shows of what it forgot: a fact's
line in ``MEMORY.md`` (``keep_fact_lines``), a message's line in its daily note
(``episode_line_digest``). Such a line with its ``<!-- fact:N -->`` mark deleted is a new note to
the import, known by its file and text alone, and the fact's line was never a stored message.

The SQL is written once for the SQLite and PostgreSQL stores (``store.dialect``); the in-memory
reference store keeps the same digests in its state for its life (``store.protocol.DigestStore``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any, cast

from memstrata.clock import utcnow
from memstrata.errors import InvalidInput
from memstrata.privacy.crypto import UNREADABLE, Cipher, reveal
from memstrata.store.dialect import Dialect, rows, run
from memstrata.store.protocol import DigestStore
from memstrata.store.scope import job_scope_parts, running_forgets_sql
from memstrata.text.same_message import note_key, said_hash, said_text
from memstrata.types import Scope

#: Ids per ``IN (...)`` list.
CHUNK = 500
#: Versions the digest's input, so a later change of what it covers cannot be confused with this one.
PREFIX = "memstrata suppressed fact v1"
#: The same for a forgotten message's identity (``message_digest``).
MESSAGE_PREFIX = "memstrata forgotten message v1"
#: The metadata key of a message's import key (``loaders.identity.KEY``, which this layer may not import).
IMPORT_KEY = "import_key"
#: Where a Markdown note keeps its note key (``integrations.markdown``: ``metadata["markdown"]["note"]``).
NOTE = ("markdown", "note")
#: What a message known by its text (no key) is named by in ``message_digest``: ``said:`` and its
#: ``text.same_message.said_hash`` (a ``content_hash`` is 64 hex characters, a note key ``note:...``).
SAID = "said:"
#: What a forgotten Markdown note's text is named by in ``message_digest`` (``note_text_digests``), whatever
#: its file: ``note text:``, a daily note's day and its ``text.same_message.said_text``.
NOTE_TEXT = "note text:"
#: The date a daily note's file name begins with (``integrations.markdown.notes.DAILY_NAME``).
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}(?=(-[^/]*)?\.md$)")
#: The file of a Markdown projection holding the user's facts and long-term notes (``integrations.markdown``).
LONG_TERM_FILE = "MEMORY.md"
#: The episode columns ``row_digests`` reads.
IDENTITY_COLUMNS = "content_hash, metadata, role, producer_id, created_at, content"


def digest(content_hash: str, key: str) -> str:
    """The suppression of facts under ``key`` drawn from the message whose ``episodes.content_hash``
    is ``content_hash``: 64 hex characters."""
    return hashlib.sha256(f"{PREFIX}\n{content_hash}\n{key}".encode()).hexdigest()


def fact_digests(content_hash: str, key: str, role: str, speaker: str | None, created_at: datetime,
                 content: str) -> list[str]:
    """The suppressions of facts under ``key`` drawn from one message: of its ``content_hash`` (the
    one a tombstone places, ``placed``, and the export names, ``lifecycle.forgotten_keys``) and of the
    message as a person reads it (``SAID`` and ``said_hash``), so a copy sent again at its time with a
    trailing space, CRLF or NFD (stored as another episode) does not draw the forgotten fact again."""
    return [digest(content_hash, key), digest(SAID + said_hash(role, speaker, created_at, content), key)]


def row_fact_digests(d: Dialect, row: dict[str, Any], key: str) -> list[str]:
    """``fact_digests`` of an episode row holding ``IDENTITY_COLUMNS``."""
    when = d.read_time(row["created_at"])
    if when is None:  # created_at is NOT NULL: a row without it is not an episode row
        raise ValueError("an episode row without created_at")
    return fact_digests(row["content_hash"], key, row["role"], row["producer_id"], when, row["content"])


def message_digest(identity: str) -> str:
    """The suppression of a forgotten message whose identity is ``identity`` (its import key, its
    note key, ``SAID`` and its ``said_hash``, or its ``episodes.content_hash``: ``message_digests``):
    64 hex characters."""
    return hashlib.sha256(f"{MESSAGE_PREFIX}\n{identity}".encode()).hexdigest()


def message_identity(content_hash: str, metadata: object) -> str:
    """What a stored message is known by to an import: its import key when its metadata holds one
    (a JSONL line stamped at import), else its Markdown note key (a note of a memory folder, known
    by its file and text: a note of ``MEMORY.md`` is stamped at each import), else its
    ``content_hash``."""
    if not isinstance(metadata, dict):
        return content_hash
    if key := metadata.get(IMPORT_KEY):
        return str(key)
    note = metadata.get(NOTE[0])
    key = note.get(NOTE[1]) if isinstance(note, dict) else None
    return f"note:{key}" if key else content_hash


def message_digests(content_hash: str, metadata: object, role: str, speaker: str | None,
                    created_at: datetime, content: str) -> list[str]:
    """Every ``message_digest`` a forgotten message is known by, the one a forget keeps first: of its
    import key or note key when its metadata holds one (``message_identity``); else of the message as
    a person reads it (``SAID`` and ``text.same_message.said_hash``), then of its exact
    ``content_hash``, all that stores written before ``said_hash`` kept (asked, so such a store keeps
    refusing the exact message; its copies it cannot know: the digest holds no text to fold)."""
    key = message_identity("", metadata)
    if key:
        return [message_digest(key), *note_text_digests(metadata, content)]
    return [message_digest(SAID + said_hash(role, speaker, created_at, content)), message_digest(content_hash)]


def note_text_digests(metadata: object, content: str) -> list[str]:
    """For a Markdown note (its metadata holds a note key and no import key): ``message_digest`` of its
    text as a person reads it and the day it was said (``NOTE_TEXT``: a daily note's date, from its file's
    name, or none for a long-term note), without its file, which a forget keeps beside its note key: the
    note moved or renamed to another file of the folder (``MEMORY.md`` to ``memory.md``,
    ``memory/2026-12-01.md`` to ``2026-12-01-standup.md``) stays out too, while the same words in the daily
    note of another day are said anew, as any message said at another time. ``[]`` for any other message.
    Stores written before it kept the note key alone, which every door still asks."""
    if not isinstance(metadata, dict) or metadata.get(IMPORT_KEY) or not message_identity("", metadata):
        note = None
    else:
        note = metadata.get(NOTE[0])
    if not isinstance(note, dict):
        return []
    day = _DAY.match(str(note.get("file") or "").rsplit("/", 1)[-1])
    return [message_digest(f"{NOTE_TEXT}{day.group(0) if day else ''}\n{said_text(content)}")]


def line_digest(file: str, text: str) -> str:
    """``message_digest`` of the note ``text`` in ``file``: what the Markdown import asks for a line."""
    return message_digest(f"note:{note_key(file, text)}")


def episode_line_digest(role: str, speaker: str | None, created_at: datetime, content: str,
                        metadata: object) -> str:
    """``line_digest`` of the line a Markdown projection shows a message as (``export_folder``): in
    ``MEMORY.md`` for a long-term note, else in ``memory/YYYY-MM-DD.md`` of its UTC day, after
    ``**speaker**:`` unless the user said it. Kept by a forget beside the message's identity, so the
    line with its ``<!-- ep:N -->`` mark deleted is not a new note to the next import."""
    note = metadata.get(NOTE[0]) if isinstance(metadata, dict) else None
    long_term = isinstance(note, dict) and note.get("kind") == "long_term"
    file = LONG_TERM_FILE if long_term else f"memory/{created_at.astimezone(UTC).date().isoformat()}.md"
    line = content if role == "user" and speaker is None else f"**{speaker or role}**: {content}"
    return line_digest(file, line)


def keep_fact_lines(conn: Any, d: Dialect, facts: Sequence[int], now: datetime, cipher: Cipher | None) -> int:
    """Inside an open write, before ``facts`` are deleted: keep, for each, ``line_digest`` of its
    line in a Markdown projection's ``MEMORY.md`` (its statement, else its value), so that line with
    its ``<!-- fact:N -->`` mark deleted is not a new note to the next import: the line was never a
    stored message, and its own words would state the fact again. An encrypted statement no key
    reads keeps nothing. Returns how many were new."""
    added = 0
    for start in range(0, len(facts), CHUNK):
        batch = list(facts[start:start + CHUNK])
        for r in rows(conn, d, "SELECT org_id, project_id, user_id, value, statement FROM facts "
                               f"WHERE id IN ({','.join('?' * len(batch))})", batch):
            shown = reveal(r["statement"] or "", cipher) or reveal(r["value"], cipher)
            if shown and shown != UNREADABLE:
                added += insert(conn, d, (r["org_id"], r["project_id"], r["user_id"] or ""),
                                line_digest(LONG_TERM_FILE, shown), now)
    return added


def row_digests(d: Dialect, row: dict[str, Any]) -> list[str]:
    """``message_digests`` of an episode row holding ``IDENTITY_COLUMNS`` (the first is kept)."""
    when = d.read_time(row["created_at"])
    if when is None:  # created_at is NOT NULL: a row without it is not an episode row
        raise ValueError("an episode row without created_at")
    return message_digests(row["content_hash"], d.read_json(row["metadata"]), row["role"], row["producer_id"],
                           when, row["content"])


def speakers_of(role: str, speaker: str | None) -> list[str | None]:
    """The speakers one message may be stored under, ``speaker`` first: unset and named as its
    role are the same message (``add`` leaves the speaker unset, a JSONL line or an export's episode
    re-read as a line names the role), so every importer looks for a forgotten message under both."""
    if speaker is None:
        return [None, role]
    return [speaker, None] if speaker == role else [speaker]


def keep_messages(conn: Any, d: Dialect, episodes: Sequence[int], now: datetime) -> int:
    """Inside an open write, before ``episodes`` are deleted: keep each one's ``message_digests``
    (the first: its key, or its text as read) with its owner, so no door stores it again. Returns
    how many were new."""
    added = 0
    for start in range(0, len(episodes), CHUNK):
        batch = list(episodes[start:start + CHUNK])
        for r in rows(conn, d, f"SELECT org_id, project_id, user_id, {IDENTITY_COLUMNS} FROM episodes "
                               f"WHERE id IN ({','.join('?' * len(batch))})", batch):
            owner = (r["org_id"], r["project_id"], r["user_id"] or "")
            added += insert(conn, d, owner, row_digests(d, r)[0], now)
            for sha in note_text_digests(d.read_json(r["metadata"]), r["content"]):
                added += insert(conn, d, owner, sha, now)
            when = d.read_time(r["created_at"])
            if when is not None:
                added += insert(conn, d, owner, episode_line_digest(
                    r["role"], r["producer_id"], when, r["content"], d.read_json(r["metadata"])), now)
    return added


def held(store: Any, owner: tuple[str, str, str], digests: Sequence[str]) -> set[str]:
    """Of ``digests``, those ``owner`` (org, project, user or ``""``) keeps (a store without SQL
    keeps its own: ``store.protocol.DigestStore``)."""
    if not digests:
        return set()
    if not store.capabilities.sql:
        return cast(DigestStore, store).held_digests(owner, digests)
    with store.db.read() as conn:
        return held_in(conn, store.dialect, owner, digests)


def held_in(conn: Any, d: Dialect, owner: tuple[str, str, str], digests: Sequence[str]) -> set[str]:
    """``held`` inside an open transaction."""
    found: set[str] = set()
    wanted = sorted(set(digests))
    for start in range(0, len(wanted), CHUNK):
        batch = wanted[start:start + CHUNK]
        found |= {r["digest"] for r in rows(
            conn, d, "SELECT digest FROM suppressed_facts WHERE org_id = ? AND project_id = ? "
            f"AND user_id = ? AND digest IN ({','.join('?' * len(batch))})", (*owner, *batch))}
    return found


def expired(store: Any, owner: tuple[str, str, str], now: datetime) -> set[str]:
    """The ``message_digests`` of every episode of ``owner`` that expired by ``now`` and awaits the
    sweep (which will keep these digests): hidden from every read, so an import must not store it
    again either (a store without SQL answers itself: ``DigestStore``)."""
    if not store.capabilities.sql:
        return cast(DigestStore, store).expired_digests(owner, now)
    d = store.dialect
    with store.db.read() as conn:
        return {sha for r in rows(conn, d, f"SELECT {IDENTITY_COLUMNS} FROM episodes WHERE org_id = ? AND "
                                          "project_id = ? AND coalesce(user_id, '') = ? AND expires_at <= ?",
                                  (*owner, d.time(now))) for sha in row_digests(d, r)}


def being_forgotten(store: Any, owner: tuple[str, str, str]) -> set[str]:
    """The ``message_digests`` of every episode of ``owner`` that a running forget job hides and has
    not deleted yet: a job keeps each one's digest only as its chunk goes (``keep_messages``), so a
    message sent again while a background forget runs (a log replayed, a hook's transcript) was not
    known as forgotten, was stored after the job's cut and survived it, its facts with it. An empty
    set, after one read of the running jobs, when none covers ``owner``; a store without SQL runs
    every forget in one transaction."""
    if not store.capabilities.sql:
        return set()
    d = store.dialect
    with store.db.read() as conn:
        jobs = [tuple(r) for r in run(conn, d, running_forgets_sql("episodes")).fetchall()]
        found: set[str] = set()
        for org, project, user, agent, session, before, cut in jobs:
            if (org, project) != owner[:2] or user not in (None, owner[2]):
                continue
            parts, args = job_scope_parts((org, project, user, agent, session))
            if before is not None:
                parts.append("created_at < ?")
                args.append(before)
            found |= {sha for r in rows(conn, d, f"SELECT {IDENTITY_COLUMNS} FROM episodes WHERE "
                                                 f"{' AND '.join(parts)} AND coalesce(user_id, '') = ? AND id <= ?",
                                        (*args, owner[2], cut)) for sha in row_digests(d, r)}
    return found


def owner_of(scope: Scope) -> tuple[str, str, str]:
    """The owner columns of a suppression: org, project and user (``""``: no user)."""
    return scope.org_id, scope.project_id, scope.user_id or ""


def keep(conn: Any, d: Dialect, facts: Sequence[int], now: datetime, *, going: Iterable[int] = ()) -> int:
    """Inside an open write, before ``facts`` are deleted: suppress each one's key in every message
    it cites but those in ``going`` (deleted with it), under each of ``fact_digests``. Returns how
    many suppressions were new."""
    return sum(insert(conn, d, owner, sha, now) for owner, _, shas in _placed(conn, d, facts, going) for sha in shas)


def placed(conn: Any, d: Dialect, facts: Sequence[int], *, going: Iterable[int] = ()) -> list[list[int | str]]:
    """Inside an open transaction, before ``facts`` are deleted: ``[episode id, digest]`` of each
    suppression ``keep`` keeps for them (sorted), for the forget's tombstone: a copy of the messages
    that cannot name a fact's key (``lifecycle.forgotten_keys``) still knows which message holds a
    suppression it cannot carry. Ids and digests only: no key, no value."""
    return [[episode, sha] for episode, sha in sorted({(e, shas[0]) for _, e, shas in _placed(conn, d, facts, going)})]


#: A suppression's owner: org, project and user (``""``: no user).
Owner = tuple[str, str, str]


def _placed(conn: Any, d: Dialect, facts: Sequence[int], going: Iterable[int]) -> list[tuple[Owner, int, list[str]]]:
    """(owner, episode id, ``fact_digests``) of each suppression of ``facts`` in a message not in ``going``."""
    gone, out = set(going), list[tuple[Owner, int, list[str]]]()
    for start in range(0, len(facts), CHUNK):
        batch = list(facts[start:start + CHUNK])
        for r in rows(conn, d, "SELECT f.org_id, f.project_id, f.user_id, f.key, e.id AS episode, e.content_hash, "
                               "e.metadata, e.role, e.producer_id, e.created_at, e.content "
                               "FROM facts f JOIN fact_citations c ON c.fact_id = f.id JOIN episodes e ON "
                               f"e.id = c.episode_id WHERE f.id IN ({','.join('?' * len(batch))})", batch):
            if int(r["episode"]) not in gone:
                out.append(((r["org_id"], r["project_id"], r["user_id"] or ""), int(r["episode"]),
                            row_fact_digests(d, r, r["key"])))
    return out


def insert(conn: Any, d: Dialect, owner: tuple[str, str, str], sha: str, at: datetime) -> int:
    """Inside an open write: keep one suppression ``sha`` (``digest``) of ``owner`` (org, project,
    user or ``""``). Returns 1 if it was new, else 0."""
    return max(0, int(run(conn, d, "INSERT INTO suppressed_facts (org_id, project_id, user_id, digest, created_at) "
                               "VALUES (?,?,?,?,?) ON CONFLICT DO NOTHING", (*owner, sha, d.time(at))).rowcount))


def among(conn: Any, d: Dialect, scope: Scope, episodes: Sequence[int], key: str) -> set[int]:
    """Inside an open transaction: of ``episodes``, those from which ``scope``'s owner forgot a fact
    under ``key`` (its facts under ``key`` must not be drawn from them again)."""
    if not episodes:
        return set()
    marks = ",".join("?" * len(episodes))
    hashes = {int(r["id"]): row_fact_digests(d, r, key) for r in rows(
        conn, d, f"SELECT id, {IDENTITY_COLUMNS} FROM episodes WHERE id IN ({marks})", list(episodes))}
    if not hashes:
        return set()
    wanted = sorted({sha for shas in hashes.values() for sha in shas})
    held = {r["digest"] for r in rows(
        conn, d, "SELECT digest FROM suppressed_facts WHERE org_id = ? AND project_id = ? AND user_id = ? AND "
                 f"digest IN ({','.join('?' * len(wanted))})", (*owner_of(scope), *wanted))}
    return {e for e, shas in hashes.items() if any(sha in held for sha in shas)}


def records(conn: Any, d: Dialect, where: str, params: Sequence[object]) -> list[dict[str, Any]]:
    """The suppressions of the owners ``where`` selects (over ``org_id``, ``project_id``, ``user_id``;
    a user of ``""`` reads as ``None``), one ``{"scope", "digests"}`` group per owner, digests sorted."""
    groups: dict[tuple[str, str, str], list[str]] = {}
    for r in rows(conn, d, "SELECT org_id, project_id, user_id, digest FROM suppressed_facts "
                           f"WHERE {where} ORDER BY org_id, project_id, user_id, digest", params):
        groups.setdefault((r["org_id"], r["project_id"], r["user_id"]), []).append(r["digest"])
    return [{"scope": {"org_id": o, "project_id": p, "user_id": u or None}, "digests": ds}
            for (o, p, u), ds in groups.items()]


def keep_stored(store: Any, owner: tuple[str, str, str], digests: Sequence[str]) -> int:
    """``insert`` of each of ``digests`` for ``owner`` in a write of its own (a store without SQL
    keeps them itself: ``DigestStore``). Returns how many were new.

    Raises:
        InvalidInput: a digest that is not 64 hex characters (nothing is written then)."""
    bad = next((x for x in digests if not is_digest(x)), None)
    if bad is not None:
        raise InvalidInput(f"a suppressed record's digests must be SHA-256 hex digests, got {bad!r}")
    if not digests:
        return 0
    if not store.capabilities.sql:
        return cast(DigestStore, store).keep_digests(owner, digests)
    now = utcnow()
    with store.db.write() as conn:
        return sum(insert(conn, store.dialect, owner, sha, now) for sha in digests)


def is_digest(value: object) -> bool:
    """Whether ``value`` looks like a ``digest`` (64 lower-case hex characters)."""
    return isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value)
