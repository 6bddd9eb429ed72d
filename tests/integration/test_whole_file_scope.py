"""A SQLite file holding one user's memory skips the scope check of its ranked full-text rows
(``SQLiteStore._whole_file``); what a search returns stays the scope's own, as the file gains
other users, an expiring message or an agent's scope."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from memstrata import Memory
from memstrata.embed.base import EmbeddingCache
from memstrata.store.sqlite.store import SQLiteStore
from memstrata.text.tokens import fts_match_expression
from memstrata.types import Scope

ANN = Scope("default", "default", "ann")


def _whole_file(memory: Memory, scope: Scope) -> dict[str, bool]:
    store = memory.store
    assert isinstance(store, SQLiteStore)
    with store.db.read() as conn:
        return {table: store._whole_file(conn, scope, table, index)
                for table, index in (("segments", "segments_scope"), ("episodes", "episodes_user"))}


def test_one_users_file_then_another_user_keeps_each_search_to_its_own(tmp_path: Path,
                                                                       embedder: EmbeddingCache) -> None:
    with Memory(tmp_path / "one.db", embedder=embedder) as memory:
        memory.add("The harbour ferry leaves at noon.", user_id="ann")
        memory.add("码头的渡轮中午出发。", user_id="ann")
        assert _whole_file(memory, ANN) == {"segments": True, "episodes": True}
        assert {h.text for h in memory.search("harbour ferry", user_id="ann")} >= {"The harbour ferry leaves at noon."}
        assert any(h.text == "码头的渡轮中午出发。" for h in memory.search("渡轮", user_id="ann"))

        memory.add("Our harbour ferry was cancelled.", user_id="bob")
        memory.add("我们的渡轮取消了。", user_id="bob")
        assert _whole_file(memory, ANN) == {"segments": False, "episodes": False}
        for query in ("harbour ferry", "渡轮"):
            ann = memory.search(query, user_id="ann")
            bob = memory.search(query, user_id="bob")
            assert ann and all(h.scope.user_id == "ann" for h in ann)
            assert bob and all(h.scope.user_id == "bob" for h in bob)
            assert not {h.id for h in ann} & {h.id for h in bob}


def test_an_expiring_message_or_an_agents_scope_checks_every_row(tmp_path: Path, embedder: EmbeddingCache) -> None:
    with Memory(tmp_path / "one.db", embedder=embedder) as memory:
        memory.add("The harbour ferry leaves at noon.", user_id="ann")
        memory.add("The harbour ferry pass expires soon.", user_id="ann", ttl=60)
        assert _whole_file(memory, ANN) == {"segments": False, "episodes": False}
        assert _whole_file(memory, Scope("default", "default", "ann", agent_id="helper")) == {
            "segments": False, "episodes": False}
        later = datetime.now(UTC) + timedelta(minutes=5)
        texts = [h.text for h in memory.search("harbour ferry", user_id="ann", now=later)]
        assert texts == ["The harbour ferry leaves at noon."]


def test_sessions_of_a_one_user_file_rank_as_those_of_a_shared_file(tmp_path: Path, embedder: EmbeddingCache) -> None:
    """The session list of a one-user file matches without the scope's tokens: the same sessions in
    the same order as when another user's sessions share the file (their words change the terms'
    idf, so the scores may differ), and never the other user's."""
    said = [("s1", "We booked the harbour ferry for Friday."), ("s1", "The ferry leaves at noon."),
            ("s2", "My sister fixed the sink."), ("s3", "渡轮周五中午出发。"), ("s3", "我们订了渡轮的票。")]
    ranked = {}
    for name, others in (("alone", False), ("shared", True)):
        with Memory(tmp_path / f"{name}.db", embedder=embedder) as memory:
            for session, text in said:
                memory.add(text, user_id="ann", session_id=session)
            if others:
                memory.add("Bob's harbour ferry was late, 渡轮晚点了.", user_id="bob", session_id="b1")
            store = memory.store
            assert isinstance(store, SQLiteStore)
            with store.db.read() as conn:
                assert store._whole_file(conn, ANN, "episodes", "episodes_user") is not others
            ranked[name] = [[s for s, _ in store.fts_sessions(ANN, fts_match_expression(query) or "", 10)]
                            for query in ("harbour ferry", "渡轮")]
    assert ranked["alone"] == ranked["shared"]
    assert [[s.session_id for s in found] for found in ranked["alone"]] == [["s1"], ["s3"]]
    assert {s.user_id for found in ranked["shared"] for s in found} == {"ann"}
