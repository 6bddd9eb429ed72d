"""The segment rows searches read are kept across searches (``store.sqlite.searched``) only while the
file holds them unchanged: a forget through this ``Memory`` or through another connection to the same
file empties them, so nothing forgotten is served again; adding messages keeps them."""

from __future__ import annotations

from pathlib import Path

from memstrata import HashingEmbedder, Memory

SAID = ["We planted tomatoes by the fence", "The tomatoes ripened in August",
        "My sister lives in Lisbon", "I fly to Lisbon to see my sister in May"]


def _memory(path: Path) -> Memory:
    return Memory(path, embedder=HashingEmbedder(dim=64), extractor=None, user_id="u")


def _segments_of(memory: Memory, episode_id: int) -> list[int]:
    conn = memory.store.db.conn
    return [int(r[0]) for r in conn.execute("SELECT id FROM segments WHERE episode_id = ?", (episode_id,))]


def test_a_forgotten_message_is_dropped_from_the_kept_rows_and_never_served(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as memory:
        ids = [memory.add(text).episode_id for text in SAID]
        assert ids[0] in {h.id for h in memory.search("tomatoes fence", kinds=("episode",))}
        gone = _segments_of(memory, ids[0])
        assert gone and all(i in memory.store.searched for i in gone)

        memory.delete(episode_id=ids[0])

        assert len(memory.store.searched) == 0 and not any(i in memory.store.searched for i in gone)
        assert memory.store.segments_with_episodes(gone) == {}
        hits = memory.search("tomatoes fence", kinds=("episode",))
        assert ids[0] not in {h.id for h in hits} and ids[1] in {h.id for h in hits}
        assert all("fence" not in h.text for h in hits)


def test_a_forget_by_another_connection_to_the_file_is_seen(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as memory, _memory(tmp_path / "m.db") as other:
        ids = [memory.add(text).episode_id for text in SAID]
        assert ids[2] in {h.id for h in memory.search("sister Lisbon", kinds=("episode",))}
        gone = _segments_of(memory, ids[2])
        assert all(i in memory.store.searched for i in gone)

        other.delete(episode_id=ids[2])

        assert memory.store.segments_with_episodes(gone) == {}
        hits = memory.search("sister Lisbon", kinds=("episode",))
        assert ids[2] not in {h.id for h in hits} and ids[3] in {h.id for h in hits}


def test_a_forgotten_session_is_not_served(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as memory:
        first = memory.add("The gate code is 4412", session_id="s1").episode_id
        memory.add("The gate code changed last week", session_id="s2")
        assert first in {h.id for h in memory.search("gate code", kinds=("episode",))}
        gone = _segments_of(memory, first)
        assert gone and all(i in memory.store.searched for i in gone)

        memory.forget(session_id="s1")

        assert memory.store.segments_with_episodes(gone) == {}
        assert all(h.id != first and "4412" not in h.text for h in memory.search("gate code", kinds=("episode",)))


def test_adding_messages_keeps_the_rows_read_and_finds_the_new_one(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as memory:
        ids = [memory.add(text).episode_id for text in SAID]
        memory.search("tomatoes", kinds=("episode",))
        kept = [i for i in _segments_of(memory, ids[0]) if i in memory.store.searched]
        assert kept

        new = memory.add("The tomatoes went into a sauce").episode_id

        assert all(i in memory.store.searched for i in kept)
        assert new in {h.id for h in memory.search("tomatoes sauce", kinds=("episode",))}
        rows = memory.store.segments_with_episodes(kept)
        assert {episode.content for _, episode in rows.values()} == {SAID[0]}


def test_a_hit_s_episode_changed_by_the_caller_leaves_the_kept_row_as_stored(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as memory:
        said = memory.add("we planted tomatoes by the fence", metadata={"dia_id": "D1:1", "tags": ["garden"]})
        memory.add("the tomatoes ripened in August", metadata={"dia_id": "D1:2"})
        for hit in memory.search("tomatoes", kinds=("episode",)):
            assert hit.episode is not None
            hit.episode.metadata["dia_id"] = "changed"
            hit.episode.metadata.setdefault("tags", []).append("x")
        segment = _segments_of(memory, said.episode_id)[0]
        assert segment in memory.store.searched
        assert memory.store.segments_with_episodes([segment])[segment][1].metadata == {
            "dia_id": "D1:1", "tags": ["garden"]}
        again = {h.id: h.episode.metadata for h in memory.search("tomatoes", kinds=("episode",)) if h.episode}
        assert again[said.episode_id] == {"dia_id": "D1:1", "tags": ["garden"]}
        assert sorted(again.values(), key=str) == [{"dia_id": "D1:1", "tags": ["garden"]}, {"dia_id": "D1:2"}]


def test_long_messages_are_kept_within_the_character_bound(tmp_path: Path) -> None:
    words = ["harbour", "lantern", "orchard", "meadow", "glacier", "canyon", "village", "market"]
    long = [" ".join(f"The {w} walk number {i} went past the old {w} gate." for i in range(120)) for w in words]
    found = []
    for bound in (10**9, 20_000):
        with _memory(tmp_path / f"{bound}.db") as memory:
            for text in long:
                memory.add(text)
            memory.store.searched.chars = bound
            found.append([[(h.id, round(h.score, 6)) for h in memory.search(f"{w} walk gate", kinds=("episode",))]
                          for w in words])
            kept = memory.store.searched
            assert len(kept) > 0 and kept.held <= bound
    assert sum(len(t) for t in long) > 20_000
    assert found[0] == found[1]


def test_an_episode_s_text_is_counted_once_for_its_kept_sentences(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as memory:
        said = memory.add("We planted tomatoes. The fence was painted. The shed got a new roof.")
        segments = _segments_of(memory, said.episode_id)
        assert len(segments) == 3
        rows = memory.store.segments_with_episodes(segments)
        content = next(iter(rows.values()))[1].content
        assert len({id(episode) for _, episode in rows.values()}) == 1
        assert memory.store.searched.held == len(content) + sum(len(s.text) + len(s.derivative)
                                                                 for s, _ in rows.values())
