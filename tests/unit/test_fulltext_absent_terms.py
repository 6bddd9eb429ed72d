"""A full-text query leaves out the terms no row of its table holds (``store.sqlite.vocabulary``): an
agent's long message ORs every term, and FTS5 visits each phrase on every matching row. The same
rows come back with the same bm25 scores in the same order; a term stored later, through this
connection or another one, is searched again."""

from __future__ import annotations

from pathlib import Path

from memstrata import Memory
from memstrata.text.tokens import fts_match_expression

SAID = ["We painted the garden shed blue", "The garden looked lovely in spring",
        "My sister painted a portrait of the dog", "The dog sleeps in the garden shed"]
CHAT = "Honestly the train was late again and the coffee machine broke, anyway enough of that."


def _memory(path: Path) -> Memory:
    return Memory(path, embedder=None, extractor=None, user_id="u")


def _match(text: str) -> str:
    match = fts_match_expression(text)
    assert match is not None
    return match


def _ranked(memory: Memory, table: str, match: str) -> list[tuple[int, float]]:
    """Every row of ``table`` for ``match`` by bm25 as the store scores it, the whole expression kept."""
    sql = (f"SELECT rowid, bm25({table}, 1.0, 0.0) AS r FROM {table} WHERE {table} MATCH ? ORDER BY r")
    return [(int(r[0]), float(r[1])) for r in memory.store.db.conn.execute(sql, (f"terms : ({match})",))]


def test_the_terms_no_row_holds_are_left_out_in_order(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as memory:
        for text in SAID:
            memory.add(text)
        with memory.store.db.read() as conn:
            present = memory.store.vocabulary.present
            assert present(conn, "segments_fts", _match("zebra painted the shed")) == '"paint" OR "shed"'
            assert present(conn, "turns_fts", _match("zebras and giraffes")) == ""
            # not an OR of terms: left as it is
            assert present(conn, "segments_fts", '"garden" AND "shed"') == '"garden" AND "shed"'


def test_a_long_message_ranks_as_with_every_term(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as memory:
        for text in SAID:
            memory.add(text)
        match = _match(f"{CHAT}\n\nWho painted the garden shed?")
        segments = memory.store.fts_segments(memory.scope, match, 50)
        assert segments == _ranked(memory, "segments_fts", match) and len(segments) == 4
        first = {int(r[0]): int(r[1]) for r in memory.store.db.conn.execute(
            "SELECT episode_id, id FROM segments WHERE idx = 0")}
        turns = memory.store.fts_turns(memory.scope, match, 50)
        assert turns == [(first[e], score) for e, score in _ranked(memory, "turns_fts", match)]
        assert memory.store.fts_segments(memory.scope, _match(CHAT), 50) == []


def test_a_term_stored_later_is_searched(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as memory:
        for text in SAID:
            memory.add(text)
        match = _match("the zebra in the garden")
        assert len(memory.store.fts_segments(memory.scope, match, 50)) == 3
        zebra = memory.add("A zebra walked past the fence").episode_id
        found = memory.store.fts_segments(memory.scope, match, 50)
        assert len(found) == 4 and found == _ranked(memory, "segments_fts", match)
        assert zebra in {h.id for h in memory.search("zebra", kinds=("episode",))}


def test_a_term_stored_by_another_connection_is_searched(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as memory, _memory(tmp_path / "m.db") as other:
        for text in SAID:
            memory.add(text)
        assert memory.store.fts_turns(memory.scope, _match("zebra"), 10) == []
        other.add("A zebra walked past the fence")
        assert len(memory.store.fts_turns(memory.scope, _match("zebra"), 10)) == 1


def test_terms_asked_when_the_kept_answers_are_full(tmp_path: Path) -> None:
    # The kept answers overflow while terms answered before are asked again: they were dropped with
    # the rest and must be asked of the table afresh, not read from the dropped answers (a KeyError).
    with _memory(tmp_path / "m.db") as memory:
        for text in SAID:
            memory.add(text)
        presence = memory.store.vocabulary
        presence.size = 3
        with memory.store.db.read() as conn:
            assert presence.present(conn, "segments_fts", _match("garden zebra")) == '"garden"'
            assert presence.present(conn, "segments_fts", _match("garden shed dog")) == '"garden" OR "shed" OR "dog"'
            assert presence.present(conn, "facts_fts", _match("garden")) == ""
