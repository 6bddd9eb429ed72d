"""The SQLite store's filtered working copies of segment vectors stay complete as rows arrive.

A copy for a filter that matched nothing remembers how far it has read the table, so later
searches read only newer rows; these tests fail if a row written after the copy was built
(matching or not) is skipped or wrongly kept. Real SQLite file, real (hashing) embedder.
"""

from __future__ import annotations

from pathlib import Path

from memstrata import HashingEmbedder, Memory
from memstrata.filter import parse
from memstrata.store.sqlite.store import SQLiteStore


def _ids(memory: Memory, query: str, where: str) -> set[int]:
    return {h.id for h in memory.search(query, kinds=("episode",), filter=where, limit=50)}


def test_a_copy_that_matched_nothing_still_finds_rows_added_later(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(dim=64), user_id="u") as memory:
        assert isinstance(memory.store, SQLiteStore)
        for i in range(5):
            memory.add(f"we planted tomatoes in bed {i}", metadata={"bucket": 1})
        assert _ids(memory, "tomatoes", "metadata.bucket = 2") == set()
        later = memory.add("we planted tomatoes by the fence", metadata={"bucket": 2}).episode_id
        other = memory.add("we planted tomatoes near the shed", metadata={"bucket": 1}).episode_id
        assert _ids(memory, "tomatoes", "metadata.bucket = 2") == {later}
        # Only the vector list can reach a turn sharing no word with the query.
        vec = memory.store.nearest_segments(memory.scope, memory.embedder.embed(["tomatoes fence"])[0], k=50,
                                            min_similarity=-1.0, filter=parse("metadata.bucket = 2"))
        assert {memory.store.segments_with_episodes({i})[i][1].id for i, _ in vec} == {later}
        newest = memory.add("tomatoes again by the fence", metadata={"bucket": 2}).episode_id
        assert _ids(memory, "tomatoes", "metadata.bucket = 2") == {later, newest}
        assert other in _ids(memory, "tomatoes", "metadata.bucket = 1")

