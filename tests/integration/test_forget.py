"""Provable forgetting: byte scans of the SQLite files (WAL included), receipts, tombstones, and
large forgets that hide at once, finish in the background and resume after a restart or a
SIGKILL, on a real SQLite file and a real PostgreSQL schema (``location``). PostgreSQL's
byte scans: ``test_forget_postgres.py``."""

from __future__ import annotations

import hashlib
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memstrata import InvalidInput, Memory
from memstrata.embed.base import EmbeddingCache
from memstrata.lifecycle import forget as forget_jobs
from memstrata.text.tokens import stem_term

CANARIES = {
    "user": ("Zanzibarquokka", "蓝鲸咖啡馆暗号"),
    "session": ("Quillfeatherbrook", "紫藤山庄密语"),
    "before": ("Marmaladetrombone", "青石板小巷记忆"),
    "fact": ("Pumpernickelwombat", None),
}


def _needles(text: str) -> list[bytes]:
    return [text.encode(), text.lower().encode(), text.encode("utf-16-le")]


def _scan(db_path: Path) -> bytes:
    files = [p for p in db_path.parent.iterdir() if p.name.startswith(db_path.name)]  # main file, -wal, -shm
    return b"".join(p.read_bytes() for p in files)


def _digest(lines: list[tuple[str, int]], nonce: str) -> str:
    # The receipt's formula, written out here so the test checks it independently (lifecycle.forget.ids_digest).
    ids = "\n".join(f"{t}:{i}" for t, i in sorted(lines))
    return hashlib.sha256(f"memstrata forget receipt v2\nnonce:{nonce}\n{ids}".encode()).hexdigest()


def test_forgotten_text_leaves_no_bytes_in_the_files(db_path: Path, embedder: EmbeddingCache) -> None:
    old = datetime(2020, 1, 1, tzinfo=UTC)
    with Memory(db_path, embedder=embedder, user_id="u1") as memory:
        en, zh = CANARIES["user"]
        a = memory.add(f"My cat is called {en} and I love him")
        b = memory.add(f"我们的{zh}是什么？我喜欢{zh}")
        memory.add(f"Meet me at {CANARIES['session'][0]}; {CANARIES['session'][1]}", user_id="u2", session_id="s9")
        memory.add(f"Back then I said {CANARIES['before'][0]} {CANARIES['before'][1]}", user_id="u2", created_at=old)
        fact = memory.add(f"Please remember that my locker code word is {CANARIES['fact'][0]}", user_id="u2")
        memory.add("An unrelated note that stays", user_id="u2")
        assert all(_needles(c)[0] in _scan(db_path) for pair in CANARIES.values() for c in pair if c)

        receipt = memory.forget(user_id="u1")
        episode_ids = [a.episode_id, b.episode_id]
        fact_ids = [c.fact.id for r in (a, b) for c in r.facts]
        assert receipt.status == "done" and receipt["episodes"] == 2 and receipt["facts"] == len(fact_ids)
        assert receipt.ids_sha256 == _digest([("episodes", e) for e in episode_ids] + [("facts", f) for f in fact_ids],
                                             receipt.nonce)
        assert receipt.wal_checkpointed is True
        assert memory.doctor()["forget_scrub"].startswith("secure_delete zeroes freed pages")

        assert memory.forget(user_id="u2", session_id="s9")["episodes"] == 1
        assert memory.forget(user_id="u2", before=datetime(2021, 1, 1, tzinfo=UTC))["episodes"] == 1
        fact_id = next(c.fact.id for c in fact.facts if CANARIES["fact"][0] in c.fact.value)
        assert memory.forget(fact_id=fact_id, user_id="u2")["facts"] == 1

        assert [e.content for e in memory.list(kind="episode", user_id="u2")] == [
            "An unrelated note that stays", f"Please remember that my locker code word is {CANARIES['fact'][0]}"]
    raw = _scan(db_path)
    for name, pair in CANARIES.items():
        for text in pair:
            if text is None or name == "fact":
                continue
            for needle in _needles(text):
                assert needle not in raw, (name, text)
    # The fact is gone from facts and its index (the episode that said it was not forgotten).
    conn = sqlite3.connect(db_path)
    try:
        left = conn.execute("SELECT count(*) FROM facts WHERE value LIKE ?", (f"%{CANARIES['fact'][0]}%",))
        assert left.fetchone()[0] == 0
        tombstones = conn.execute("SELECT user_id, actor, detail FROM memory_events WHERE action = 'delete'").fetchall()
    finally:
        conn.close()
    assert len(tombstones) == 4
    assert all(c not in detail for _, _, detail in tombstones for pair in CANARIES.values() for c in pair if c)
    assert all('"ids_sha256"' in detail for _, _, detail in tombstones)


def test_a_large_forget_hides_at_once_and_resumes_after_a_restart(location: str | Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forget_jobs, "CHUNK", 7)
    with Memory(location, embedder=None, user_id="big") as memory:
        memory.add_many([memory.message(f"project note number {i} about the Orion launch", session_id=f"s{i % 4}")
                         for i in range(60)])
        memory.add("a note of another user about the Orion launch", user_id="other")
        # A process that started the job, deleted two chunks and died.
        job = forget_jobs.start_job(memory.store, memory._scope(), actor="test")
        assert memory.search("Orion launch") == [] and memory.list(kind="episode") == []
        assert memory.search("Orion launch", user_id="other")
        forget_jobs.run_chunk(memory.store, job)
        forget_jobs.run_chunk(memory.store, job)
        status = memory.forget_status(job)[0]
        assert status.status == "running" and status["episodes"] == 14 and 0 < status.progress < 1
        assert memory.doctor()["unfinished_forgets"] == [{"job": job, "progress": round(status.progress, 3)}]
    with Memory(location, embedder=None, user_id="big") as reopened:
        assert reopened.list(kind="episode") == []  # still hidden while the resumed job runs
        assert reopened.wait_forgotten(timeout=60)
        done = reopened.forget_status(job)[0]
        assert done.status == "done" and done["episodes"] == 60 and len(done.ids_sha256) == 64
        assert reopened.store.counts()["episodes"] == 1
        assert reopened.search("Orion launch", user_id="other")


def test_background_forget_returns_before_the_rows_are_gone(location: str | Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forget_jobs, "CHUNK", 5)
    with Memory(location, embedder=None, user_id="big") as memory:
        memory.add_many([memory.message(f"line {i} of the Vega dossier") for i in range(40)])
        receipt = memory.forget(user_id="big", background=True)
        assert receipt.status == "running" and receipt.total_episodes == 40
        assert memory.search("Vega dossier") == []  # hidden from the moment forget returned
        new = memory.add("a new note about Vega after the forget")  # later writes are not forgotten
        assert memory.wait_forgotten(timeout=60)
        assert memory.forget_status(receipt.job_id)[0]["episodes"] == 40
        assert [h.id for h in memory.search("Vega")] == [new.episode_id]


def test_short_term_memory_excludes_what_is_being_forgotten_or_expired(location: str | Path) -> None:
    with Memory(location, embedder=None, user_id="u1", session_id="s1") as memory:
        memory.add("first turn about the Lyra project")
        memory.add("a passing remark", ttl=0.01)
        import time

        time.sleep(0.05)
        assert [e.content for e in memory.short_term().episodes] == ["first turn about the Lyra project"]
        forget_jobs.start_job(memory.store, memory._scope(), actor="test")  # hidden, not yet deleted
        assert memory.short_term().episodes == ()


def test_a_forgotten_turn_leaves_no_bytes_in_its_session_block(db_path: Path, embedder: EmbeddingCache) -> None:
    """The session block (``store.turns``) that held a forgotten turn is rebuilt from the turns
    left: the turn's words are in no row and, after the scrub, in no byte of the files."""
    canary, zh = "Gribblesnatchwhistle", "银杏树下的约定暗号"
    t0 = datetime(2020, 1, 1, tzinfo=UTC)
    with Memory(db_path, embedder=embedder, user_id="u1") as memory:
        memory.add(f"My parrot is called {canary}, remember {zh}", session_id="s1", created_at=t0)
        kept = memory.add("Then we talked about the weather", session_id="s1", created_at=datetime(2022, 1, 1,
                                                                                                     tzinfo=UTC))
        stem = stem_term(canary.lower()).encode()
        assert _needles(canary)[0] in _scan(db_path) and stem != canary.lower().encode()
        conn = sqlite3.connect(db_path)
        try:  # the stem is in both new documents: its turn, the next turn's context, the block
            assert conn.execute("SELECT count(*) FROM turns_fts WHERE terms LIKE ?", (f"%{stem.decode()}%",)
                                ).fetchone()[0] == 2
            assert conn.execute("SELECT count(*) FROM session_blocks_fts WHERE terms LIKE ?", (f"%{stem.decode()}%",)
                                ).fetchone()[0] == 1
        finally:
            conn.close()
        assert memory.forget(user_id="u1", before=datetime(2021, 1, 1, tzinfo=UTC))["episodes"] == 1
        assert [h.id for h in memory.search("weather", kinds=("episode",))] == [kept.episode_id]
    conn = sqlite3.connect(db_path)
    try:
        blocks = conn.execute("SELECT terms FROM session_blocks_fts").fetchall()
        turns = conn.execute("SELECT rowid FROM turns_fts").fetchall()
    finally:
        conn.close()
    assert blocks == [("user then we talk about the weather",)] and turns == [(kept.episode_id,)]
    raw = _scan(db_path)
    assert stem not in raw
    for text in (canary, zh, "parrot"):
        for needle in _needles(text):
            assert needle not in raw, text


def test_a_bare_forget_names_what_it_needs_and_deletes_nothing(tmp_path: Path) -> None:
    """The instance's default user alone is not a target: ``forget()`` with no arguments erased
    the whole user without a word."""
    with Memory(tmp_path / "m.db", embedder=None, user_id="alice") as memory:
        memory.add("I am allergic to peanuts")
        with pytest.raises(InvalidInput, match=r"forget\(\) needs a target: user_id='alice'"):
            memory.forget()
        with pytest.raises(InvalidInput, match="needs a target"):
            memory.forget(kind="episode")
        assert len(memory.list(kind="episode")) == 1 and len(memory.list()) == 1
        assert memory.forget(user_id="alice")["episodes"] == 1
        assert memory.list(kind="episode") == []
