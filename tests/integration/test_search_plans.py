"""SQLite look-ups by id stay look-ups by id. A search loads rows it already has ids for (facts,
session blocks, the facts citing its episodes); SQLite's planner, seeing the owner's columns in
the same WHERE, preferred walking every row of the owner in an index and probing each id (at
100k messages: ~2 ms for blocks or facts, ~190 ms for citations a search). The statements of a
real search are explained here and must start from the ids."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from memstrata import Memory

#: A statement loading rows by id, and the index its plan must start from.
BY_ID = {
    "FROM fact_citations c": "fact_citations_episode (episode_id=?)",
    "FROM facts NOT INDEXED WHERE id IN": "INTEGER PRIMARY KEY",
    "FROM facts f NOT INDEXED WHERE f.id IN": "INTEGER PRIMARY KEY",
    "FROM session_blocks b NOT INDEXED WHERE b.id IN": "INTEGER PRIMARY KEY",
}


def test_a_search_loads_facts_blocks_and_citations_by_id(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u") as memory:
        for i in range(30):
            memory.add(f"I prefer FedEx for delivery, note {i}", session_id=f"s{i // 10}")
            memory.add(f"I like jasmine tea number {i}", session_id=f"s{i // 10}", user_id="v")
        statements: list[str] = []
        memory.store.db.conn.set_trace_callback(statements.append)  # type: ignore[attr-defined]
        assert memory.search("which carrier for delivery?")
        memory.store.db.conn.set_trace_callback(None)  # type: ignore[attr-defined]
    seen = set()
    with sqlite3.connect(tmp_path / "m.db") as conn:
        for sql in statements:
            for marker, index in BY_ID.items():
                if marker in sql:
                    plan = [row[3] for row in conn.execute(f"EXPLAIN QUERY PLAN {sql}")]
                    assert index in plan[0], (sql[:120], plan)
                    seen.add(marker)
    assert seen == set(BY_ID)
