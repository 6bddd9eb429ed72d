"""Named, transactional migrations of the SQLite store. Schema is code: add, never edit.

``docs/schema.md`` is generated from this list (``memstrata doctor --schema``).
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass

FTS_TOKENIZER = "porter unicode61 remove_diacritics 2"


@dataclass(frozen=True)
class Migration:
    """One schema step: applied in one transaction, recorded in ``schema_migrations``."""

    version: int
    name: str
    sql: str
    #: ``(table, column)`` a migration adds by ``ALTER TABLE ... ADD COLUMN``, which SQLite cannot say
    #: ``IF NOT EXISTS`` of: when the column is there already (a file whose recorded version was set back,
    #: so that the later migrations run again), the migration is recorded without running, as the others'
    #: ``IF NOT EXISTS`` let them run again.
    column: tuple[str, str] | None = None


#: Migration 13, the same SQL on both stores (``store.postgres.schema`` reuses it).
OWN_SUBJECTS_SQL = """
-- A fact the user states about themself has no subject (the write path: ``facts.terms.fact_subject``).
-- Imports named the user's own turns after their role ("user", the JSONL loader's default) or by
-- the user's id, so those facts carried a subject and a correction said later with no speaker
-- never replaced them: two current carriers. Such subjects are cleared.
-- Two values of one key may then both be current; the next statement of the key replaces both.
UPDATE facts SET subject = NULL
 WHERE subject IS NOT NULL
   AND (lower(trim(subject)) = 'user' OR (user_id IS NOT NULL AND lower(trim(subject)) = lower(trim(user_id))));
"""

MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "initial",
        f"""
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

-- AUTOINCREMENT: an id is never reused after a deletion, so a citation or audit event
-- can never come to point at another user's memory.

CREATE TABLE episodes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL,
    user_id TEXT, agent_id TEXT, session_id TEXT,
    role TEXT NOT NULL, producer_id TEXT, produced_for_id TEXT,
    content TEXT NOT NULL, content_type TEXT NOT NULL DEFAULT 'message',
    created_at TEXT NOT NULL, sequence_num INTEGER NOT NULL,
    metadata TEXT NOT NULL DEFAULT '{{}}',
    content_hash TEXT NOT NULL, ingested_at TEXT NOT NULL
);
CREATE UNIQUE INDEX episodes_identity ON episodes (
    org_id, project_id, ifnull(user_id, ''), ifnull(agent_id, ''), ifnull(session_id, ''),
    content_hash);
CREATE INDEX episodes_session ON episodes (org_id, project_id, session_id, sequence_num);
CREATE INDEX episodes_user ON episodes (org_id, project_id, user_id, created_at);

CREATE TABLE segments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    episode_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    text TEXT NOT NULL, derivative TEXT NOT NULL,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL,
    user_id TEXT, agent_id TEXT, session_id TEXT,
    embedding BLOB,
    UNIQUE (episode_id, idx)
);
CREATE INDEX segments_scope ON segments (org_id, project_id, user_id, id);
-- terms: pre-segmented text (CJK bigrams + words); scope: one token per scope field, so
-- the scope filter runs inside the full-text index; bm25 weighs it 0 (rank config below).
CREATE VIRTUAL TABLE segments_fts USING fts5(terms, scope, tokenize = '{FTS_TOKENIZER}');
INSERT INTO segments_fts (segments_fts, rank) VALUES ('rank', 'bm25(1.0, 0.0)');

CREATE TABLE facts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL,
    user_id TEXT, agent_id TEXT, subject TEXT,
    kind TEXT NOT NULL, key TEXT NOT NULL, tag TEXT NOT NULL,
    value TEXT NOT NULL, value_norm TEXT NOT NULL, statement TEXT NOT NULL,
    confidence REAL NOT NULL CHECK (confidence BETWEEN 0 AND 1),
    importance REAL NOT NULL CHECK (importance BETWEEN 0 AND 1),
    sensitivity TEXT NOT NULL,
    observed_at TEXT NOT NULL, valid_from TEXT, valid_to TEXT, expires_at TEXT,
    status TEXT NOT NULL CHECK (status IN ('active', 'superseded', 'archived', 'deleted')),
    access_count INTEGER NOT NULL DEFAULT 0, last_accessed_at TEXT,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
    embedding BLOB
);
CREATE INDEX facts_key ON facts (org_id, project_id, user_id, key, status, value_norm);
CREATE INDEX facts_status ON facts (org_id, project_id, user_id, status);
CREATE VIRTUAL TABLE facts_fts USING fts5(terms, tokenize = '{FTS_TOKENIZER}');

CREATE TABLE fact_citations (
    fact_id INTEGER NOT NULL REFERENCES facts(id) ON DELETE CASCADE,
    episode_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
    PRIMARY KEY (fact_id, episode_id)
) WITHOUT ROWID;
CREATE INDEX fact_citations_episode ON fact_citations (episode_id);

-- The audit log. fact_id has no foreign key so tombstones outlive what they describe.
CREATE TABLE memory_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    fact_id INTEGER,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL, user_id TEXT,
    action TEXT NOT NULL, at TEXT NOT NULL, actor TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '{{}}'
);
CREATE INDEX memory_events_fact ON memory_events (fact_id, id);
""",
    ),
    Migration(
        2,
        "llm_queue_and_short_term",
        """
-- Episodes waiting for LLM extraction (semantic memory), one row per episode. A row is
-- claimed by a worker for a lease; the facts it yields and status 'done' commit in one
-- transaction, so a crash either loses the whole attempt (retried) or none of it.
CREATE TABLE extraction_queue (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    episode_id INTEGER NOT NULL UNIQUE REFERENCES episodes(id) ON DELETE CASCADE,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL,
    user_id TEXT, agent_id TEXT, session_id TEXT,
    status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'done', 'failed')),
    flush INTEGER NOT NULL DEFAULT 0,
    attempts INTEGER NOT NULL DEFAULT 0,
    not_before TEXT,
    claimed_by TEXT, lease_until TEXT,
    last_error TEXT,
    enqueued_at TEXT NOT NULL, done_at TEXT
);
CREATE INDEX extraction_queue_status ON extraction_queue (status, org_id, project_id, session_id);

-- Short-term memory: each session's rolling summary of the episodes folded out of its window.
CREATE TABLE session_memory (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL,
    user_id TEXT, agent_id TEXT, session_id TEXT NOT NULL,
    summary TEXT NOT NULL DEFAULT '',
    summarised_through INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX session_memory_scope ON session_memory (
    org_id, project_id, ifnull(user_id, ''), ifnull(agent_id, ''), session_id);
""",
    ),
    Migration(
        3,
        "lifecycle",
        """
-- TTL of episodes (segments copy it so vector search can mask expired rows without a join).
ALTER TABLE episodes ADD COLUMN expires_at TEXT;
ALTER TABLE segments ADD COLUMN expires_at TEXT;
CREATE INDEX episodes_expires ON episodes (expires_at) WHERE expires_at IS NOT NULL;
CREATE INDEX facts_expires ON facts (expires_at) WHERE expires_at IS NOT NULL;
-- Bi-temporal: created_at is when the system recorded a fact, expired_at when it stopped
-- believing it (superseded or merged away); valid_from/valid_to is when it was true.
ALTER TABLE facts ADD COLUMN expired_at TEXT;
UPDATE facts SET expired_at = updated_at WHERE status = 'superseded';
-- 1 when value and statement hold ciphertext (high sensitivity, key configured).
ALTER TABLE facts ADD COLUMN encrypted INTEGER NOT NULL DEFAULT 0;
-- access_count when maintenance last raised the fact's importance (idempotent boosts).
ALTER TABLE facts ADD COLUMN boost_mark INTEGER NOT NULL DEFAULT 0;

-- A large forget in progress. While status = 'running', every read excludes rows of the
-- scope with an id up to the cuts (taken when it started): hidden at once, deleted in chunks,
-- resumed after a restart. No content, only the scope and counts.
CREATE TABLE forget_jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL, user_id TEXT, agent_id TEXT,
    episode_cut INTEGER NOT NULL, segment_cut INTEGER NOT NULL, fact_cut INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('running', 'done')),
    actor TEXT NOT NULL, started_at TEXT NOT NULL, finished_at TEXT,
    total_episodes INTEGER NOT NULL, counts TEXT NOT NULL DEFAULT '{}', ids_sha256 TEXT
);
CREATE INDEX forget_jobs_status ON forget_jobs (status);
-- Ids deleted by a running job, for the receipt's hash; emptied when the job finishes.
CREATE TABLE forget_job_ids (
    job_id INTEGER NOT NULL, tbl TEXT NOT NULL, row_id INTEGER NOT NULL,
    PRIMARY KEY (job_id, tbl, row_id)
) WITHOUT ROWID;
""",
    ),
    Migration(
        4,
        "forget_job_filters",
        """
-- A forget job may be narrowed to one session, or to episodes said before a time.
ALTER TABLE forget_jobs ADD COLUMN session_id TEXT;
ALTER TABLE forget_jobs ADD COLUMN before TEXT;
""",
    ),
    Migration(
        5,
        "api_keys",
        """
-- API keys of the REST server. Only a SHA-256 of each key is kept (keys are 256-bit
-- random tokens, so a slow password hash adds nothing); key_id is the public part
-- printed by `memstrata keys list`. A key is bound to one tenant and optionally a user.
CREATE TABLE api_keys (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key_id TEXT NOT NULL UNIQUE,
    secret_hash TEXT NOT NULL,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL, user_id TEXT,
    name TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL, revoked_at TEXT
);
""",
    ),
    Migration(
        6,
        "segment_episode_fields",
        """
-- The PostgreSQL store copies the episode fields a filter can name onto its segments (so its
-- indexes can intersect at a million rows); SQLite's filtered search joins episodes, as before.
-- The step is kept here so both stores share one numbered list of migrations.
""",
    ),
    Migration(
        7,
        "turn_documents",
        f"""
-- Whole-turn and session-block full-text documents (store.turns). turns_fts: one row per
-- episode, rowid = episode id, its whole text's terms (speaker once); the scope tokens as in
-- segments_fts. Filled on write; an older database is backfilled from its episodes when opened.
CREATE VIRTUAL TABLE turns_fts USING fts5(terms, scope, tokenize = '{FTS_TOKENIZER}');
INSERT INTO turns_fts (turns_fts, rank) VALUES ('rank', 'bm25(1.0, 0.0)');
-- A session's turns in blocks of at most store.turns.SESSION_BLOCK_TURNS consecutive episodes
-- (one session of one owner); session_block_turns says which episodes each block holds;
-- expires_at: the earliest expiry of its turns. A block is rebuilt from the turns left when
-- any of its episodes is deleted, and deleted with its last one.
CREATE TABLE session_blocks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL,
    user_id TEXT, agent_id TEXT, session_id TEXT NOT NULL,
    turns INTEGER NOT NULL, expires_at TEXT
);
CREATE INDEX session_blocks_session ON session_blocks (org_id, project_id, session_id, user_id, id);
CREATE TABLE session_block_turns (
    episode_id INTEGER PRIMARY KEY, block_id INTEGER NOT NULL REFERENCES session_blocks(id)
);
CREATE INDEX session_block_turns_block ON session_block_turns (block_id, episode_id);
CREATE VIRTUAL TABLE session_blocks_fts USING fts5(terms, scope, tokenize = '{FTS_TOKENIZER}');
INSERT INTO session_blocks_fts (session_blocks_fts, rank) VALUES ('rank', 'bm25(1.0, 0.0)');
""",
    ),
    Migration(
        8,
        "inline_row_columns",
        """
-- The PostgreSQL store keeps the columns of segments and facts inline in their rows (its
-- storage settings; SQLite has no TOAST). Kept here so both stores share one numbered list.
""",
    ),
    Migration(
        9,
        "turn_episode_fields",
        """
-- The PostgreSQL store copies the episode fields a filter can name onto its turn documents
-- (as migration 6 onto segments); SQLite's filtered whole-turn search joins episodes, as
-- before. Kept here so both stores share one numbered list.
""",
    ),
    Migration(
        10,
        "session_block_scope",
        """
-- The PostgreSQL store indexes its session blocks by scope and id (its full text walks them
-- newest first); SQLite's FTS5 ranks every match. Kept here so both stores share one numbered list.
""",
    ),
    Migration(
        11,
        "text_and_filter_index",
        """
-- The PostgreSQL store indexes the full text and the metadata of segments and turns in one GIN
-- index; SQLite's FTS5 tables are unchanged. Kept here so both stores share one numbered list.
""",
    ),
    Migration(
        12,
        "fact_access_room",
        """
-- The PostgreSQL store keeps room in each page of facts (fillfactor) so that counting a recall
-- rewrites a fact in place without new index entries; SQLite updates rows in place anyway.
-- Kept here so both stores share one numbered list.
""",
    ),
    Migration(13, "own_subjects", OWN_SUBJECTS_SQL),
    Migration(
        14,
        "idempotency_keys",
        """
-- Idempotency keys of writes (REST `Idempotency-Key`, `Memory.add(idempotency_key=...)`): a retried
-- request returns the first answer and stores nothing new (memstrata.write.idempotency). Only hashes and
-- ids are kept, never content, so a forget leaves nothing of the user here: request_key is the
-- SHA-256 of the writing owner (user/agent ids) and the client's key, fingerprint the SHA-256 of the
-- messages, results the episode and fact ids the first request wrote. Rows older than the retention
-- (idempotency.KEY_RETENTION) are deleted by the next keyed write of the tenant.
-- (IF NOT EXISTS: a database taken back to an older schema by hand may keep the table, as in migration 11.)
CREATE TABLE IF NOT EXISTS idempotency_keys (
    org_id TEXT NOT NULL, project_id TEXT NOT NULL,
    request_key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    results TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (org_id, project_id, request_key)
);
CREATE INDEX IF NOT EXISTS idempotency_keys_created ON idempotency_keys (org_id, project_id, created_at);
""",
    ),
    Migration(
        15,
        "withdrawals",
        """
-- What the user withdrew ("I'm not allergic to peanuts any more": key, value, the sentence, when
-- it was said), kept whether or not it withdrew a stored value, so that a value said before it but
-- arriving after it (a newest-first log, a backfill after live traffic) is stored as a past value
-- that ended there instead of a current one. Deleted with its episode.
CREATE TABLE IF NOT EXISTS withdrawals (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL, user_id TEXT, agent_id TEXT, subject TEXT,
    key TEXT NOT NULL, value TEXT NOT NULL, statement TEXT NOT NULL, said_at TEXT NOT NULL,
    episode_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS withdrawals_owner ON withdrawals (org_id, project_id, user_id, key, said_at);
CREATE INDEX IF NOT EXISTS withdrawals_episode ON withdrawals (episode_id);
""",
    ),
    Migration(
        16,
        "outdated_marks",
        """
-- Where a forgotten value was stated (store/outdated_marks.py): the character span of each piece
-- of a still-stored message that stated it, with the fact's recorded and retired times (retired
-- NULL: it still held when forgotten), so the piece keeps its state, outdated or current, once the
-- value is gone. No text, no value. Deleted with its episode.
CREATE TABLE IF NOT EXISTS outdated_marks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    episode_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
    piece_start INTEGER NOT NULL, piece_end INTEGER NOT NULL,
    recorded_at TEXT NOT NULL, expired_at TEXT
);
CREATE INDEX IF NOT EXISTS outdated_marks_episode ON outdated_marks (episode_id);
""",
    ),
    Migration(
        17,
        "active_fact_search",
        """
-- The PostgreSQL store keeps a narrow copy of the active facts (scope, TTL, full text, embedding)
-- for its unfiltered fact searches (a fact row fills half a page there); SQLite's vectors are read
-- into numpy and its FTS5 table holds the facts' text alone. Kept here so
-- both stores share one numbered list.
""",
    ),
    Migration(
        18,
        "forgotten_ids",
        """
-- The ids of forgotten episodes and facts, with their owner and when (store/forgotten.py), so that
-- an import of an export taken before the forget skips them instead of bringing the content back
-- (which restored forgotten messages active with their old ids). No content.
CREATE TABLE IF NOT EXISTS forgotten_ids (
    tbl TEXT NOT NULL, row_id INTEGER NOT NULL,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL, user_id TEXT,
    forgotten_at TEXT NOT NULL,
    PRIMARY KEY (tbl, row_id)
);
CREATE INDEX IF NOT EXISTS forgotten_ids_owner ON forgotten_ids (org_id, project_id, user_id);
""",
    ),
    Migration(
        19,
        "episodes_conversation",
        """
-- A session's turns in the order they were said, for the turns just before and after a search's
-- matches (``SQLiteStore.adjacent_segments``). ``episodes_session`` orders a session by
-- ``sequence_num``, so each of those look-ups read and sorted the whole session: O(session) per
-- look-up, 40 look-ups a search. ``id`` is a column here (not only the implicit rowid) so that
-- ``(created_at, id) < (?, ?)`` bounds the index range on both.
CREATE INDEX IF NOT EXISTS episodes_conversation ON episodes (org_id, project_id, session_id, created_at, id);
""",
    ),
    Migration(
        20,
        "suppressed_facts",
        """
-- What was forgotten and must not come back by an extraction or an import (store/suppressed.py),
-- with the owner (user '' for none); each digest a SHA-256 under its own prefix, no value, no text.
-- Two kinds: fact suppressions (a fact forgotten, or expired, from a message that stays: the message's
-- identity and the fact's key), so that no extraction of that message (a queued LLM run, the message
-- re-added by an import elsewhere) makes the fact again; and message digests (a message forgotten or
-- expired: its import key, Markdown note key or content_hash), so that no import of its log or
-- folder stores it again.
CREATE TABLE IF NOT EXISTS suppressed_facts (
    org_id TEXT NOT NULL, project_id TEXT NOT NULL, user_id TEXT NOT NULL,
    digest TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (org_id, project_id, user_id, digest)
);
""",
    ),
    Migration(
        21,
        "fts_crisismerge",
        """
-- Each full-text index merges its segments once four share a level (FTS5's default: sixteen). A
-- message is its own transaction, so every add wrote a small new segment, and FTS5's incremental
-- merging lagged behind: LoCoMo's pooled store (2,951 messages added one at a time) read its turns'
-- index from 17 segments and its facts' from 16, each query term looked up in every one. At four,
-- 5-7 segments; the same rows and scores (docs/benchmarks.md, Real stores: ``--pooled``).
INSERT INTO segments_fts (segments_fts, rank) VALUES ('crisismerge', 4);
INSERT INTO facts_fts (facts_fts, rank) VALUES ('crisismerge', 4);
INSERT INTO turns_fts (turns_fts, rank) VALUES ('crisismerge', 4);
INSERT INTO session_blocks_fts (session_blocks_fts, rank) VALUES ('crisismerge', 4);
""",
    ),
    Migration(
        22,
        "episodes_utc_offset",
        """
-- The UTC offset a message's time was given in, minutes east of UTC (``+08:00`` is 480), so every door
-- shows the time as its speaker said it (``Episode.said_at``); ``created_at`` stays the UTC instant the
-- episode is ordered, filtered and identified by. NULL: given at UTC, without an offset or not at all,
-- and every episode stored before this migration (shown in UTC, as before).
ALTER TABLE episodes ADD COLUMN utc_offset_minutes INTEGER;
""",
        column=("episodes", "utc_offset_minutes"),
    ),
)

#: The newest schema this code knows.
SCHEMA_VERSION = MIGRATIONS[-1].version


def schema_markdown() -> str:
    """``docs/schema.md``: every table and column after all migrations, generated, never hand-written."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                     "applied_at TEXT NOT NULL)")
        for migration in MIGRATIONS:
            conn.executescript(migration.sql)
        lines = ["# Database schema", "",
                 "Generated from the migrations in `src/memstrata/store/sqlite/schema.py` by",
                 "`memstrata.store.sqlite.schema.schema_markdown()`; a test checks this file matches.",
                 "Migrations: "
                 + ", ".join(f"{m.version} `{m.name}`" for m in MIGRATIONS) + ".", ""]
        tables = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table' "
                              "AND name NOT LIKE '%fts_%' AND name NOT LIKE 'sqlite_%' ORDER BY name").fetchall()
        notes = table_notes()
        for name, sql in tables:
            lines += [f"## `{name}`", ""] + ([notes[name], ""] if name in notes else [])
            if "VIRTUAL TABLE" in sql.upper():
                lines += [f"FTS5 virtual table: `{' '.join(sql.split())}`", ""]
                continue
            lines += ["| column | type | not null | primary key |", "|---|---|---|---|"]
            for _, col, typ, notnull, _, pk in conn.execute(f"PRAGMA table_info({name})"):
                lines.append(f"| `{col}` | {typ or ''} | {'yes' if notnull else ''} | {'yes' if pk else ''} |")
            indexes = [r[0] for r in conn.execute(
                "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL "
                "ORDER BY name", (name,))]
            if indexes:
                lines += ["", "Indexes:", ""] + [f"- `{' '.join(i.split())}`" for i in indexes]
            lines.append("")
        return "\n".join(lines)
    finally:
        conn.close()


#: ``CREATE TABLE [IF NOT EXISTS] name`` at the start of a migration's line.
_CREATE = re.compile(r"CREATE TABLE (?:IF NOT EXISTS )?(\w+)", re.IGNORECASE)


def table_notes() -> dict[str, str]:
    """Each table's comment: the ``--`` lines right above its ``CREATE TABLE`` in the migrations (the
    last migration that creates it), joined into one paragraph, for ``schema_markdown``."""
    notes: dict[str, str] = {}
    for migration in MIGRATIONS:
        comment: list[str] = []
        for line in migration.sql.splitlines():
            text = line.strip()
            if text.startswith("--"):
                comment.append(text[2:].strip())
                continue
            if (created := _CREATE.match(text)) and comment:
                notes[created.group(1)] = " ".join(comment)
            comment = []
    return notes
