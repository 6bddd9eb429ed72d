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



def test_a_period_filter_masks_the_scope_copy_with_the_filtered_copy_s_answer(tmp_path: Path) -> None:
    # created_at ranges alone (what a query naming a day becomes) are served from the scope's
    # own copy by each row's creation time: the same answer as a filtered copy, no new copy,
    # and rows added later are in it.
    from datetime import UTC, datetime

    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(dim=64), extractor=None, user_id="u") as memory:
        days = [1, 2, 3, 2, 1, 3]
        for i, day in enumerate(days):
            memory.add(f"we planted tomatoes in bed {i}", created_at=datetime(2023, 5, day, 12, tzinfo=UTC))
        store, vector = memory.store, memory.embedder.embed(["tomatoes"])[0]

        def nearest(where: str | None) -> list[tuple[int, float]]:
            return store.nearest_segments(memory.scope, vector, k=50, min_similarity=-1.0,
                                          filter=None if where is None else parse(where))
        period = ('(created_at >= "2023-05-02T00:00:00+00:00" AND created_at < "2023-05-03T00:00:00+00:00") OR '
                  '(created_at >= "2023-05-03T00:00:00+00:00" AND created_at < "2023-05-03T06:00:00+00:00")')
        assert len(nearest(None)) == 6  # the scope's copy
        copies = len(store.vectors)
        masked = nearest(period)
        assert len(store.vectors) == copies  # no copy for the period
        filtered = nearest(f'({period}) AND role = "user"')  # every memory is the user's: a filtered copy
        assert masked == filtered and len(masked) == 2 and len(store.vectors) == copies + 1
        memory.add("tomatoes on the second of May", created_at=datetime(2023, 5, 2, 18, tzinfo=UTC))
        assert len(nearest(period)) == 3 and nearest(period) == nearest(f'({period}) AND role = "user"')


def test_inside_one_search_the_period_list_reuses_the_scan_and_a_later_search_sees_new_rows(tmp_path: Path) -> None:
    # A search naming a period asks the scope's copy twice with the same vector (all of it, then
    # the period); the second answer comes from the first scan's cosines, and must be the answer a
    # scan of its own gives. The kept cosines end with the read: a row added later is searched.
    from datetime import UTC, datetime

    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(dim=64), extractor=None, user_id="u") as memory:
        for i, day in enumerate([1, 2, 3, 2, 1, 3]):
            memory.add(f"we planted tomatoes in bed {i}", created_at=datetime(2023, 5, day, 12, tzinfo=UTC))
        store, vector = memory.store, memory.embedder.embed(["tomatoes"])[0]
        period = parse('created_at >= "2023-05-02T00:00:00+00:00" AND created_at < "2023-05-03T00:00:00+00:00"')

        def nearest(where: object = None) -> list[tuple[int, float]]:
            return store.nearest_segments(memory.scope, vector, k=50, min_similarity=-1.0,
                                          filter=where)  # type: ignore[arg-type]
        alone = nearest(period)
        with store.snapshot():
            everything = nearest()
            inside = nearest(period)
        assert inside == alone and len(inside) == 2 and len(everything) == 6
        added = memory.add("tomatoes on the second of May", created_at=datetime(2023, 5, 2, 18, tzinfo=UTC))
        with store.snapshot():
            assert len(nearest()) == 7
            assert added.episode_id in {store.segments_with_episodes({i})[i][1].id for i, _ in nearest(period)}
