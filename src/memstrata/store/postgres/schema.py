"""Named, transactional migrations of the PostgreSQL store: the same numbers and names as
the SQLite store's (``store.sqlite.schema``), each with its own SQL. Add, never edit.

Differences from SQLite, by design: ``TIMESTAMPTZ`` times, ``JSONB`` metadata (with a GIN
index so ``metadata.<name> = value`` filters use it), ``tsvector`` full-text columns fed
the same pre-segmented terms (``text.tokens.index_text``) under the ``simple``
configuration, and pgvector ``vector`` embeddings. The HNSW index needs a fixed
dimension, so it is created per dimension when the embedding model is first recorded
(``PostgresStore.ensure_vector_index``), not here.
"""

from __future__ import annotations

from memstrata.store.sqlite.schema import OWN_SUBJECTS_SQL, Migration

MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "initial",
        """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE episodes (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL,
    user_id TEXT, agent_id TEXT, session_id TEXT,
    role TEXT NOT NULL, producer_id TEXT, produced_for_id TEXT,
    content TEXT NOT NULL, content_type TEXT NOT NULL DEFAULT 'message',
    created_at TIMESTAMPTZ NOT NULL, sequence_num BIGINT NOT NULL,
    metadata JSONB NOT NULL DEFAULT '{}',
    content_hash TEXT NOT NULL, ingested_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX episodes_identity ON episodes (
    org_id, project_id, coalesce(user_id, ''), coalesce(agent_id, ''), coalesce(session_id, ''), content_hash);
CREATE INDEX episodes_session ON episodes (org_id, project_id, session_id, sequence_num);
CREATE INDEX episodes_user ON episodes (org_id, project_id, user_id, created_at);
CREATE INDEX episodes_metadata ON episodes USING gin (metadata jsonb_path_ops);

CREATE TABLE segments (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    episode_id BIGINT NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    text TEXT NOT NULL, derivative TEXT NOT NULL,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL,
    user_id TEXT, agent_id TEXT, session_id TEXT,
    terms TEXT NOT NULL,
    tsv TSVECTOR GENERATED ALWAYS AS (to_tsvector('simple', terms)) STORED,
    embedding vector,
    UNIQUE (episode_id, idx)
);
CREATE INDEX segments_scope ON segments (org_id, project_id, user_id, id);
CREATE INDEX segments_session ON segments (org_id, project_id, session_id);
CREATE INDEX segments_episode ON segments (episode_id);
CREATE INDEX segments_tsv ON segments USING gin (tsv);

CREATE TABLE facts (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL,
    user_id TEXT, agent_id TEXT, subject TEXT,
    kind TEXT NOT NULL, key TEXT NOT NULL, tag TEXT NOT NULL,
    value TEXT NOT NULL, value_norm TEXT NOT NULL, statement TEXT NOT NULL,
    confidence DOUBLE PRECISION NOT NULL CHECK (confidence BETWEEN 0 AND 1),
    importance DOUBLE PRECISION NOT NULL CHECK (importance BETWEEN 0 AND 1),
    sensitivity TEXT NOT NULL,
    observed_at TIMESTAMPTZ NOT NULL, valid_from TIMESTAMPTZ, valid_to TIMESTAMPTZ, expires_at TIMESTAMPTZ,
    status TEXT NOT NULL CHECK (status IN ('active', 'superseded', 'archived', 'deleted')),
    access_count BIGINT NOT NULL DEFAULT 0, last_accessed_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL, updated_at TIMESTAMPTZ NOT NULL,
    terms TEXT NOT NULL,
    tsv TSVECTOR GENERATED ALWAYS AS (to_tsvector('simple', terms)) STORED,
    embedding vector
);
CREATE INDEX facts_key ON facts (org_id, project_id, user_id, key, status, value_norm);
CREATE INDEX facts_status ON facts (org_id, project_id, user_id, status);
CREATE INDEX facts_tsv ON facts USING gin (tsv);

CREATE TABLE fact_citations (
    fact_id BIGINT NOT NULL REFERENCES facts(id) ON DELETE CASCADE,
    episode_id BIGINT NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
    PRIMARY KEY (fact_id, episode_id)
);
CREATE INDEX fact_citations_episode ON fact_citations (episode_id);

-- The audit log. fact_id has no foreign key so tombstones outlive what they describe.
CREATE TABLE memory_events (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    fact_id BIGINT,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL, user_id TEXT,
    action TEXT NOT NULL, at TIMESTAMPTZ NOT NULL, actor TEXT NOT NULL,
    detail JSONB NOT NULL DEFAULT '{}'
);
CREATE INDEX memory_events_fact ON memory_events (fact_id, id);
""",
    ),
    Migration(
        2,
        "llm_queue_and_short_term",
        """
-- Same tables as SQLite's migration 2. The queue and short-term memory are driven by
-- SQLite-only code for now (Store.capabilities); the tables keep the schemas in step.
CREATE TABLE extraction_queue (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    episode_id BIGINT NOT NULL UNIQUE REFERENCES episodes(id) ON DELETE CASCADE,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL,
    user_id TEXT, agent_id TEXT, session_id TEXT,
    status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'done', 'failed')),
    flush BOOLEAN NOT NULL DEFAULT FALSE,
    attempts INTEGER NOT NULL DEFAULT 0,
    not_before TIMESTAMPTZ,
    claimed_by TEXT, lease_until TIMESTAMPTZ,
    last_error TEXT,
    enqueued_at TIMESTAMPTZ NOT NULL, done_at TIMESTAMPTZ
);
CREATE INDEX extraction_queue_status ON extraction_queue (status, org_id, project_id, session_id);

CREATE TABLE session_memory (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL,
    user_id TEXT, agent_id TEXT, session_id TEXT NOT NULL,
    summary TEXT NOT NULL DEFAULT '',
    summarised_through BIGINT NOT NULL DEFAULT 0,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX session_memory_scope ON session_memory (
    org_id, project_id, coalesce(user_id, ''), coalesce(agent_id, ''), session_id);
""",
    ),
    Migration(
        3,
        "lifecycle",
        """
ALTER TABLE episodes ADD COLUMN expires_at TIMESTAMPTZ;
ALTER TABLE segments ADD COLUMN expires_at TIMESTAMPTZ;
CREATE INDEX episodes_expires ON episodes (expires_at) WHERE expires_at IS NOT NULL;
CREATE INDEX facts_expires ON facts (expires_at) WHERE expires_at IS NOT NULL;
ALTER TABLE facts ADD COLUMN expired_at TIMESTAMPTZ;
UPDATE facts SET expired_at = updated_at WHERE status = 'superseded';
ALTER TABLE facts ADD COLUMN encrypted BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE facts ADD COLUMN boost_mark BIGINT NOT NULL DEFAULT 0;

-- Forget jobs exist for schema parity; PostgreSQL forgets a scope in one transaction
-- (rows are gone for every reader at commit), so none is left running here.
CREATE TABLE forget_jobs (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL, user_id TEXT, agent_id TEXT,
    episode_cut BIGINT NOT NULL, segment_cut BIGINT NOT NULL, fact_cut BIGINT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('running', 'done')),
    actor TEXT NOT NULL, started_at TIMESTAMPTZ NOT NULL, finished_at TIMESTAMPTZ,
    total_episodes BIGINT NOT NULL, counts JSONB NOT NULL DEFAULT '{}', ids_sha256 TEXT
);
CREATE INDEX forget_jobs_status ON forget_jobs (status);
CREATE TABLE forget_job_ids (
    job_id BIGINT NOT NULL, tbl TEXT NOT NULL, row_id BIGINT NOT NULL,
    PRIMARY KEY (job_id, tbl, row_id)
);
""",
    ),
    Migration(
        4,
        "forget_job_filters",
        """
ALTER TABLE forget_jobs ADD COLUMN session_id TEXT;
ALTER TABLE forget_jobs ADD COLUMN before TIMESTAMPTZ;
""",
    ),
    Migration(
        5,
        "api_keys",
        """
-- The REST server's API keys (SHA-256 of each key); the server reads them from SQLite
-- only for now, the table keeps the schemas in step.
CREATE TABLE api_keys (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    key_id TEXT NOT NULL UNIQUE,
    secret_hash TEXT NOT NULL,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL, user_id TEXT,
    name TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL, revoked_at TIMESTAMPTZ
);
""",
    ),
    Migration(
        6,
        "segment_episode_fields",
        """
-- Every episode field a filter can name is copied onto its segments, so full text and vector
-- search filter segments directly: PostgreSQL can then intersect the filter's index with the
-- full-text index (a BitmapAnd) instead of visiting every filtered episode's segments. The
-- copy is kept by triggers, never by callers: a segment always carries its episode's values.
-- Both tables are locked first, in the writers' order, so a writer running meanwhile waits
-- rather than deadlocks (the triggers below need a lock on episodes after segments is held).
LOCK TABLE episodes, segments IN ACCESS EXCLUSIVE MODE;
ALTER TABLE segments ADD COLUMN role TEXT, ADD COLUMN content_type TEXT, ADD COLUMN producer_id TEXT,
    ADD COLUMN produced_for_id TEXT, ADD COLUMN created_at TIMESTAMPTZ, ADD COLUMN sequence_num BIGINT,
    ADD COLUMN metadata JSONB;

-- Backfill. Each row gets a new version (the rows do not fit twice on their pages), so every
-- index takes a new entry per row: the HNSW indexes are dropped first and rebuilt after (a
-- rebuild is several times faster than a million graph inserts), with their own definitions.
DO $backfill$
DECLARE
    defs TEXT[];
    def TEXT;
BEGIN
    SELECT coalesce(array_agg(indexdef), '{}') INTO defs FROM pg_indexes
        WHERE schemaname = current_schema() AND tablename = 'segments' AND indexname LIKE 'segments_embedding_%';
    EXECUTE (SELECT coalesce(string_agg(format('DROP INDEX %I', indexname), '; '), 'SELECT 1') FROM pg_indexes
             WHERE schemaname = current_schema() AND tablename = 'segments'
             AND indexname LIKE 'segments_embedding_%');
    UPDATE segments s SET org_id = e.org_id, project_id = e.project_id, user_id = e.user_id,
        agent_id = e.agent_id, session_id = e.session_id, role = e.role, content_type = e.content_type,
        producer_id = e.producer_id, produced_for_id = e.produced_for_id, created_at = e.created_at,
        sequence_num = e.sequence_num, metadata = e.metadata
        FROM episodes e WHERE e.id = s.episode_id;
    FOREACH def IN ARRAY defs LOOP
        EXECUTE def;
    END LOOP;
END
$backfill$;

CREATE INDEX segments_metadata ON segments USING gin (metadata jsonb_path_ops);

-- A segment written (or its copied fields rewritten) takes its episode's values.
CREATE FUNCTION memstrata_segment_episode_fields() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
    SELECT e.org_id, e.project_id, e.user_id, e.agent_id, e.session_id, e.role, e.content_type,
           e.producer_id, e.produced_for_id, e.created_at, e.sequence_num, e.metadata
      INTO NEW.org_id, NEW.project_id, NEW.user_id, NEW.agent_id, NEW.session_id, NEW.role, NEW.content_type,
           NEW.producer_id, NEW.produced_for_id, NEW.created_at, NEW.sequence_num, NEW.metadata
      FROM episodes e WHERE e.id = NEW.episode_id;
    RETURN NEW;
END
$fn$;
CREATE TRIGGER segments_episode_fields BEFORE INSERT OR UPDATE OF episode_id, org_id, project_id, user_id,
    agent_id, session_id, role, content_type, producer_id, produced_for_id, created_at, sequence_num, metadata
    ON segments FOR EACH ROW EXECUTE FUNCTION memstrata_segment_episode_fields();

-- An episode whose fields change passes them on to its segments (through the trigger above).
CREATE FUNCTION memstrata_episode_fields_to_segments() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
    UPDATE segments SET episode_id = NEW.id WHERE episode_id = NEW.id;
    RETURN NULL;
END
$fn$;
CREATE TRIGGER episodes_fields_to_segments AFTER UPDATE OF org_id, project_id, user_id, agent_id, session_id,
    role, content_type, producer_id, produced_for_id, created_at, sequence_num, metadata
    ON episodes FOR EACH ROW EXECUTE FUNCTION memstrata_episode_fields_to_segments();
""",
    ),
    Migration(
        7,
        "turn_documents",
        """
-- Whole-turn and session-block full-text documents (store.turns). turns: one row per episode
-- (id = the episode's id), its whole text's terms (speaker once), and the session block that
-- holds it. Filled on write; an older database is backfilled from its episodes when opened.
CREATE TABLE session_blocks (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL,
    user_id TEXT, agent_id TEXT, session_id TEXT NOT NULL,
    turns INTEGER NOT NULL, expires_at TIMESTAMPTZ,
    terms TEXT NOT NULL,
    tsv TSVECTOR GENERATED ALWAYS AS (to_tsvector('simple', terms)) STORED
);
CREATE INDEX session_blocks_session ON session_blocks (org_id, project_id, session_id, user_id, id);
CREATE INDEX session_blocks_tsv ON session_blocks USING gin (tsv);
CREATE TABLE turns (
    id BIGINT PRIMARY KEY REFERENCES episodes(id) ON DELETE CASCADE,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL,
    user_id TEXT, agent_id TEXT, session_id TEXT,
    terms TEXT NOT NULL,
    tsv TSVECTOR GENERATED ALWAYS AS (to_tsvector('simple', terms)) STORED,
    expires_at TIMESTAMPTZ,
    block_id BIGINT REFERENCES session_blocks(id)
);
CREATE INDEX turns_scope ON turns (org_id, project_id, user_id, id);
CREATE INDEX turns_block ON turns (block_id) WHERE block_id IS NOT NULL;
CREATE INDEX turns_tsv ON turns USING gin (tsv);
""",
    ),
    Migration(
        8,
        "inline_row_columns",
        """
-- Every other column of segments and facts stays inline in its row (STORAGE MAIN: compressed
-- in place if need be, moved out of line only when a row outgrows its 8 kB page). The embedding
-- is inline (STORAGE PLAIN, 2 kB at 512 dimensions), which leaves a row no room under
-- PostgreSQL's 2 kB TOAST threshold: by default every value over ~24 bytes (metadata, tsv,
-- text) went to the TOAST table, and each reading of one from a filter or a ranking cost a
-- TOAST index lookup (1M segments, 1% metadata filter: 13 buffers per row read, 220 ms warm).
-- Catalog only: rows written from now on are stored inline; VACUUM FULL rewrites older ones.
ALTER TABLE segments
    ALTER COLUMN text SET STORAGE MAIN, ALTER COLUMN derivative SET STORAGE MAIN,
    ALTER COLUMN org_id SET STORAGE MAIN,
    ALTER COLUMN project_id SET STORAGE MAIN, ALTER COLUMN user_id SET STORAGE MAIN,
    ALTER COLUMN agent_id SET STORAGE MAIN,
    ALTER COLUMN session_id SET STORAGE MAIN, ALTER COLUMN terms SET STORAGE MAIN, ALTER COLUMN tsv SET STORAGE MAIN,
    ALTER COLUMN role SET STORAGE MAIN, ALTER COLUMN content_type SET STORAGE MAIN,
    ALTER COLUMN producer_id SET STORAGE MAIN,
    ALTER COLUMN produced_for_id SET STORAGE MAIN, ALTER COLUMN metadata SET STORAGE MAIN;
ALTER TABLE facts
    ALTER COLUMN org_id SET STORAGE MAIN, ALTER COLUMN project_id SET STORAGE MAIN,
    ALTER COLUMN user_id SET STORAGE MAIN,
    ALTER COLUMN agent_id SET STORAGE MAIN, ALTER COLUMN subject SET STORAGE MAIN, ALTER COLUMN kind SET STORAGE MAIN,
    ALTER COLUMN key SET STORAGE MAIN, ALTER COLUMN tag SET STORAGE MAIN, ALTER COLUMN value SET STORAGE MAIN,
    ALTER COLUMN value_norm SET STORAGE MAIN, ALTER COLUMN statement SET STORAGE MAIN,
    ALTER COLUMN sensitivity SET STORAGE MAIN,
    ALTER COLUMN status SET STORAGE MAIN, ALTER COLUMN terms SET STORAGE MAIN, ALTER COLUMN tsv SET STORAGE MAIN;
""",
    ),
    Migration(
        9,
        "turn_episode_fields",
        """
-- Every episode field a filter can name is copied onto its turn document too, as migration 6
-- did for segments: filtered whole-turn full text then reads turns alone, and PostgreSQL can
-- intersect the filter's index with the full-text index (a BitmapAnd) instead of looking up
-- each matching turn's episode (1M turns, 1% metadata filter: 72-131 ms p50 for that join).
-- Kept by triggers, never by callers: a turn always carries its episode's values. Locked in
-- the writers' order (episodes, then turns), so a writer running meanwhile waits.
LOCK TABLE episodes, turns IN ACCESS EXCLUSIVE MODE;
ALTER TABLE turns ADD COLUMN role TEXT, ADD COLUMN content_type TEXT, ADD COLUMN producer_id TEXT,
    ADD COLUMN produced_for_id TEXT, ADD COLUMN created_at TIMESTAMPTZ, ADD COLUMN sequence_num BIGINT,
    ADD COLUMN metadata JSONB;
-- Inline in the row, as segments' (migration 8): a filter reading metadata makes no TOAST lookup.
ALTER TABLE turns ALTER COLUMN metadata SET STORAGE MAIN, ALTER COLUMN terms SET STORAGE MAIN,
    ALTER COLUMN tsv SET STORAGE MAIN;

-- Backfill. Every row gets a new version, so every index would take a new entry per row: the
-- secondary indexes are dropped first and built again after (a build is much faster than a
-- million inserts into the full-text GIN index).
DROP INDEX turns_tsv;
DROP INDEX turns_scope;
DROP INDEX turns_block;
UPDATE turns t SET org_id = e.org_id, project_id = e.project_id, user_id = e.user_id, agent_id = e.agent_id,
    session_id = e.session_id, role = e.role, content_type = e.content_type, producer_id = e.producer_id,
    produced_for_id = e.produced_for_id, created_at = e.created_at, sequence_num = e.sequence_num,
    metadata = e.metadata
    FROM episodes e WHERE e.id = t.id;
CREATE INDEX turns_scope ON turns (org_id, project_id, user_id, id);
CREATE INDEX turns_block ON turns (block_id) WHERE block_id IS NOT NULL;
CREATE INDEX turns_tsv ON turns USING gin (tsv);
CREATE INDEX turns_metadata ON turns USING gin (metadata jsonb_path_ops);

-- A turn written (or its copied fields rewritten) takes its episode's values.
CREATE FUNCTION memstrata_turn_episode_fields() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
    SELECT e.org_id, e.project_id, e.user_id, e.agent_id, e.session_id, e.role, e.content_type,
           e.producer_id, e.produced_for_id, e.created_at, e.sequence_num, e.metadata
      INTO NEW.org_id, NEW.project_id, NEW.user_id, NEW.agent_id, NEW.session_id, NEW.role, NEW.content_type,
           NEW.producer_id, NEW.produced_for_id, NEW.created_at, NEW.sequence_num, NEW.metadata
      FROM episodes e WHERE e.id = NEW.id;
    RETURN NEW;
END
$fn$;
CREATE TRIGGER turns_episode_fields BEFORE INSERT OR UPDATE OF id, org_id, project_id, user_id, agent_id,
    session_id, role, content_type, producer_id, produced_for_id, created_at, sequence_num, metadata
    ON turns FOR EACH ROW EXECUTE FUNCTION memstrata_turn_episode_fields();

-- An episode whose fields change passes them on to its turn (through the trigger above).
CREATE FUNCTION memstrata_episode_fields_to_turns() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
    UPDATE turns SET id = NEW.id WHERE id = NEW.id;
    RETURN NULL;
END
$fn$;
CREATE TRIGGER episodes_fields_to_turns AFTER UPDATE OF org_id, project_id, user_id, agent_id, session_id,
    role, content_type, producer_id, produced_for_id, created_at, sequence_num, metadata
    ON episodes FOR EACH ROW EXECUTE FUNCTION memstrata_episode_fields_to_turns();
""",
    ),
    Migration(
        10,
        "session_block_scope",
        """
-- Session blocks in id order within a user's scope, as segments_scope and turns_scope hold
-- segments and turns: full text ranks a common term from its newest matches by walking this
-- index newest first (store.postgres.search), never the whole table's primary key.
CREATE INDEX session_blocks_scope ON session_blocks (org_id, project_id, user_id, id);
""",
    ),
    Migration(
        11,
        "text_and_filter_index",
        """
-- One GIN index over the full text and the filterable metadata of segments and of turns, in
-- place of one each. A filtered full-text search used to intersect two bitmaps (a BitmapAnd),
-- and a common term's bitmap holds every row that says it: 1M segments, 'trip' in 35,614 and a
-- 1 % metadata filter, 8.7 ms to build the two bitmaps. One index intersects the two posting
-- lists inside GIN and returns only the rows in both (1.0 ms); a query on either column alone
-- reads it as it read its own index. Built in ~10 s per table at 1M rows.
-- (IF [NOT] EXISTS: a database taken back to an older schema by hand may keep either.)
CREATE INDEX IF NOT EXISTS segments_tsv_metadata ON segments USING gin (tsv, metadata jsonb_path_ops);
DROP INDEX IF EXISTS segments_tsv;
DROP INDEX IF EXISTS segments_metadata;
CREATE INDEX IF NOT EXISTS turns_tsv_metadata ON turns USING gin (tsv, metadata jsonb_path_ops);
DROP INDEX IF EXISTS turns_tsv;
DROP INDEX IF EXISTS turns_metadata;
""",
    ),
    Migration(
        12,
        "fact_access_room",
        """
-- Facts are stored half full (fillfactor 50), so counting a recall (PostgresStore.record_access:
-- access_count and last_accessed_at, neither indexed) rewrites the row on its own page: a HOT
-- update, which adds no index entry. A fact row holds its embedding inline (~3.1 kB at 512
-- dimensions, two to a full page), so the new version never fitted beside the old one and every
-- count inserted into each index of facts, the HNSW graph included: 1M bench database, one
-- UPDATE of 5 facts 15.3 ms p50 on full pages, 0.6 ms on pages with room. Catalog only: rows
-- written from now on keep the room, an older row gets it when it is next rewritten (its first
-- count moves it once); VACUUM FULL facts rewrites them all.
ALTER TABLE facts SET (fillfactor = 50);
""",
    ),
    Migration(13, "own_subjects", OWN_SUBJECTS_SQL),
    Migration(
        14,
        "idempotency_keys",
        """
-- Idempotency keys of writes: hashes and ids only (see the SQLite store's migration 14; IF NOT EXISTS
-- as there).
CREATE TABLE IF NOT EXISTS idempotency_keys (
    org_id TEXT NOT NULL, project_id TEXT NOT NULL,
    request_key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    results JSONB NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (org_id, project_id, request_key)
);
CREATE INDEX IF NOT EXISTS idempotency_keys_created ON idempotency_keys (org_id, project_id, created_at);
""",
    ),
    Migration(
        15,
        "withdrawals",
        """
-- What the user withdrew, kept whether or not it withdrew a stored value (as the SQLite store's
-- migration 15 says): a value said before it but arriving after it is stored as a past value.
-- (IF NOT EXISTS: a database taken back to an older schema by hand may keep it.)
CREATE TABLE IF NOT EXISTS withdrawals (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL, user_id TEXT, agent_id TEXT, subject TEXT,
    key TEXT NOT NULL, value TEXT NOT NULL, statement TEXT NOT NULL, said_at TIMESTAMPTZ NOT NULL,
    episode_id BIGINT NOT NULL REFERENCES episodes(id) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS withdrawals_owner ON withdrawals (org_id, project_id, user_id, key, said_at);
CREATE INDEX IF NOT EXISTS withdrawals_episode ON withdrawals (episode_id);
""",
    ),
    Migration(
        16,
        "outdated_marks",
        """
-- Where a forgotten value was stated, superseded or current: spans of still-stored messages, no text (as the
-- SQLite store's migration 16 says). Deleted with its episode.
CREATE TABLE IF NOT EXISTS outdated_marks (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    episode_id BIGINT NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
    piece_start INTEGER NOT NULL, piece_end INTEGER NOT NULL,
    recorded_at TIMESTAMPTZ NOT NULL, expired_at TIMESTAMPTZ
);
CREATE INDEX IF NOT EXISTS outdated_marks_episode ON outdated_marks (episode_id);
""",
    ),
    Migration(
        17,
        "active_fact_search",
        """
-- A narrow copy of the active facts with only what a scope's unfiltered search of them reads:
-- scope columns, TTL, full text and the halfvec cast of the embedding (inline). A trigger on facts
-- keeps it whatever code path writes them. A fact row is ~3.1 kB at 512 dimensions and facts are
-- stored half full (migration 12), so on the 1M bench database (89,209 facts, 10,000 active) the
-- exact vector search of a user's active facts read 10,800 heap pages, one per fact, and full text
-- intersected each term's matches with a 10,000-row bitmap of the active ones (2-10 ms a search).
-- Here the 10,000 fill ~1,450 pages and full text finds only active rows. Stored vectors are
-- float16 already (search.stored_vector), so the cast loses nothing. The trigger function
-- resolves names with this migration's search_path.
CREATE TABLE IF NOT EXISTS active_fact_search (
    id BIGINT PRIMARY KEY,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL, user_id TEXT, agent_id TEXT,
    expires_at TIMESTAMPTZ,
    -- Before tsv (~480 bytes a fact): the vector scan reads it without stepping over the text
    -- (1M bench database, 10,000 facts: 9.2 vs 11.4 ms).
    embedding halfvec,
    tsv TSVECTOR
);
ALTER TABLE active_fact_search ALTER COLUMN embedding SET STORAGE PLAIN, ALTER COLUMN tsv SET STORAGE MAIN;
CREATE INDEX IF NOT EXISTS active_fact_search_scope ON active_fact_search (org_id, project_id, user_id, agent_id);
-- fastupdate off: no pending list for every search to scan between vacuums (a fact write adds a
-- few terms; the list would otherwise hold the recent ones until autovacuum merged it).
CREATE INDEX IF NOT EXISTS active_fact_search_tsv ON active_fact_search USING gin (tsv) WITH (fastupdate = off);
CREATE OR REPLACE FUNCTION active_fact_search_sync() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND NEW.status IS DISTINCT FROM 'active') THEN
        DELETE FROM active_fact_search WHERE id = OLD.id;
    ELSIF NEW.status = 'active' THEN
        INSERT INTO active_fact_search (id, org_id, project_id, user_id, agent_id, expires_at, embedding, tsv)
        VALUES (NEW.id, NEW.org_id, NEW.project_id, NEW.user_id, NEW.agent_id, NEW.expires_at,
                NEW.embedding::halfvec, NEW.tsv)
        ON CONFLICT (id) DO UPDATE SET org_id = EXCLUDED.org_id, project_id = EXCLUDED.project_id,
            user_id = EXCLUDED.user_id, agent_id = EXCLUDED.agent_id, expires_at = EXCLUDED.expires_at,
            embedding = EXCLUDED.embedding, tsv = EXCLUDED.tsv;
    END IF;
    RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS facts_active_search ON facts;
-- UPDATE OF: counting a recall (access_count, last_accessed_at) does not fire it. terms: tsv is
-- generated from it.
CREATE TRIGGER facts_active_search
    AFTER INSERT OR DELETE OR UPDATE OF status, embedding, terms, expires_at, org_id, project_id, user_id, agent_id
    ON facts FOR EACH ROW EXECUTE FUNCTION active_fact_search_sync();
INSERT INTO active_fact_search (id, org_id, project_id, user_id, agent_id, expires_at, embedding, tsv)
    SELECT id, org_id, project_id, user_id, agent_id, expires_at, embedding::halfvec, tsv
    FROM facts WHERE status = 'active'
    ON CONFLICT (id) DO NOTHING;
""",
    ),
    Migration(
        18,
        "forgotten_ids",
        """
-- The ids of forgotten episodes and facts, owner and time, no content (as the SQLite store's
-- migration 18 says): an import skips them.
CREATE TABLE IF NOT EXISTS forgotten_ids (
    tbl TEXT NOT NULL, row_id BIGINT NOT NULL,
    org_id TEXT NOT NULL, project_id TEXT NOT NULL, user_id TEXT,
    forgotten_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (tbl, row_id)
);
CREATE INDEX IF NOT EXISTS forgotten_ids_owner ON forgotten_ids (org_id, project_id, user_id);
""",
    ),
    Migration(
        19,
        "episodes_conversation",
        """
-- The SQLite store's migration 19 indexes a session's turns by time for its neighbouring-turn
-- look-ups; here those run as one LATERAL statement that sorts each session's few rows
-- (``_time_order``), so nothing changes. Kept so both stores share one numbered list.
SELECT 1;
""",
    ),
    Migration(
        20,
        "suppressed_facts",
        """
-- What was forgotten and must not come back, as the SQLite store's migration 20 says: fact
-- suppressions (message identity, key) and forgotten or expired messages' digests, with the owner;
-- no content.
CREATE TABLE IF NOT EXISTS suppressed_facts (
    org_id TEXT NOT NULL, project_id TEXT NOT NULL, user_id TEXT NOT NULL,
    digest TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (org_id, project_id, user_id, digest)
);
""",
    ),
    Migration(
        21,
        "fts_crisismerge",
        """
-- The SQLite store's migration 21 tunes how its FTS5 indexes merge their segments; PostgreSQL's
-- GIN indexes have no such setting, so nothing changes. Kept so both stores share one numbered list.
SELECT 1;
""",
    ),
    Migration(
        22,
        "episodes_utc_offset",
        """
-- The UTC offset a message's time was given in, minutes east of UTC, as the SQLite store's migration
-- 22 says; NULL for UTC, no offset, and the episodes stored before it. A nullable column without a
-- default: no row is rewritten.
ALTER TABLE episodes ADD COLUMN IF NOT EXISTS utc_offset_minutes INTEGER;
""",
    ),
)

#: The newest schema this code knows (equal to the SQLite store's: one migration list per backend).
SCHEMA_VERSION = MIGRATIONS[-1].version
