"""An episode's metadata as the SQLite store reads it back (``store.sqlite.rows.metadata_of``): the
object stored, a new dict each read, so that changing one read's never changes another's."""

from __future__ import annotations

from pathlib import Path

from memstrata import HashingEmbedder, Memory
from memstrata.store.sqlite.rows import metadata_of


def test_each_read_is_a_new_dict_of_what_was_stored() -> None:
    flat = '{"dia_id": "D1:3", "session": 1, "shared": true, "note": null}'
    first = metadata_of(flat)
    assert first == {"dia_id": "D1:3", "session": 1, "shared": True, "note": None}
    first["dia_id"] = "changed"
    assert metadata_of(flat)["dia_id"] == "D1:3"
    nested = '{"image": {"caption": "a dog"}, "tags": ["a"]}'
    one = metadata_of(nested)
    one["image"]["caption"] = "changed"
    one["tags"].append("b")
    assert metadata_of(nested) == {"image": {"caption": "a dog"}, "tags": ["a"]}
    assert metadata_of("{}") == {} and metadata_of("{}") is not metadata_of("{}")


def test_a_hit_s_metadata_changed_by_the_caller_is_read_unchanged_by_the_next_search(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(dim=64), extractor=None, user_id="u") as memory:
        memory.add("we planted tomatoes by the fence", metadata={"dia_id": "D1:1", "image": {"caption": "beds"}})
        memory.add("the tomatoes ripened in August", metadata={"dia_id": "D1:2"})
        for hit in memory.search("tomatoes", kinds=("episode",)):
            assert hit.episode is not None
            hit.episode.metadata["dia_id"] = "changed"
            hit.episode.metadata.get("image", {})["caption"] = "changed"
        again = [h.episode.metadata for h in memory.search("tomatoes", kinds=("episode",)) if h.episode]
        assert sorted(again, key=str) == [{"dia_id": "D1:1", "image": {"caption": "beds"}}, {"dia_id": "D1:2"}]


def test_a_long_metadata_text_is_read_whole_and_not_kept() -> None:
    from memstrata.store.sqlite.rows import METADATA_CACHED_CHARS, _flat_metadata

    long = '{"note": "' + "x" * METADATA_CACHED_CHARS + '"}'
    kept = _flat_metadata.cache_info().currsize
    assert metadata_of(long) == {"note": "x" * METADATA_CACHED_CHARS}
    assert _flat_metadata.cache_info().currsize == kept
