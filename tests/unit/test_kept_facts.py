"""The facts reads map are kept across reads (``store.sqlite.kept_facts``) only while the file holds them
unchanged: a change of mind, a forget, counted recalls, through this ``Memory`` or another connection
to the same file, are read at once; the scope's read predicate still decides what is returned."""

from __future__ import annotations

from pathlib import Path

from memstrata import HashingEmbedder, Memory
from memstrata.types import Scope


def _memory(path: Path) -> Memory:
    return Memory(path, embedder=HashingEmbedder(dim=64), user_id="u")


def _colour(memory: Memory) -> int:
    memory.add("My favourite colour is green.")
    memory.add("I live in Lisbon.")
    hits = memory.search("favourite colour", kinds=("fact",))
    assert hits and "green" in hits[0].text
    return hits[0].id


def _owner(memory: Memory) -> Scope:
    return Scope(memory.scope.org_id, memory.scope.project_id, "u")


def test_a_fact_read_again_is_the_one_mapped_while_the_file_is_unchanged(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as memory:
        fact_id = _colour(memory)
        first = memory.store.get_facts(_owner(memory), [fact_id])[fact_id]
        again = memory.store.get_facts(_owner(memory), [fact_id])[fact_id]
        assert again is first
        assert again.value == "green"


def test_a_change_of_mind_is_read_at_once(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as memory:
        fact_id = _colour(memory)
        assert memory.store.get_facts(_owner(memory), [fact_id])[fact_id].status == "active"

        memory.add("Actually my favourite colour is blue now, not green.")

        assert memory.store.get_facts(_owner(memory), [fact_id])[fact_id].status == "superseded"
        hits = memory.search("favourite colour", kinds=("fact",))
        assert "blue" in hits[0].text and hits[0].fact is not None and hits[0].fact.status == "active"


def test_a_forget_by_another_connection_to_the_file_is_seen(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as memory, _memory(tmp_path / "m.db") as other:
        fact_id = _colour(memory)
        assert fact_id in memory.store.get_facts(_owner(memory), [fact_id])

        other.delete(fact_id=fact_id)

        assert memory.store.get_facts(_owner(memory), [fact_id]) == {}
        assert all("green" not in h.text for h in memory.search("favourite colour", kinds=("fact",)))


def test_counted_recalls_are_read_once_written(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as memory:
        fact_id = _colour(memory)
        before = memory.store.get_facts(_owner(memory), [fact_id])[fact_id].access_count
        for _ in range(3):
            memory.search("favourite colour", kinds=("fact",))

        # A read outside a search writes the counts first (``store.sqlite.recalls``).
        assert memory.store.get_facts(_owner(memory), [fact_id])[fact_id].access_count == before + 3


def test_another_scope_reads_nothing_kept(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as memory:
        fact_id = _colour(memory)
        assert fact_id in memory.store.get_facts(_owner(memory), [fact_id])
        stranger = Scope(memory.scope.org_id, memory.scope.project_id, "someone-else")
        assert memory.store.get_facts(stranger, [fact_id]) == {}


def test_a_read_that_overflows_the_kept_facts_returns_every_fact_asked(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as memory:
        for text in ("My favourite colour is green.", "I live in Lisbon.", "I work as a nurse.",
                     "My dog is called Rex.", "I am allergic to peanuts."):
            memory.add(text)
        owner = _owner(memory)
        a, b, c, d, e = sorted(f.id for f in memory.store.list_facts(owner, statuses=("active",)))
        memory.store.kept_facts.clear()
        memory.store.kept_facts.size = 4  # reads of two are kept
        memory.store.get_facts(owner, [a, b])
        memory.store.get_facts(owner, [c, d])  # four kept: full
        # ``a`` is kept and ``e`` is not: keeping ``e`` drops every kept fact, ``a`` among them.
        assert sorted(memory.store.get_facts(owner, [a, e])) == [a, e]


def test_a_listing_reads_what_was_written_after_the_last_listing(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as memory, _memory(tmp_path / "m.db") as other:
        fact_id = _colour(memory)
        owner = _owner(memory)
        listed = memory.store.list_facts(owner, statuses=("active",))
        assert [f.id for f in memory.store.list_facts(owner, statuses=("active",))] == [f.id for f in listed]
        assert memory.store.list_facts(owner, statuses=("active",))[0] is listed[0]  # kept

        memory.add("Actually my favourite colour is blue now, not green.")  # through this connection
        statuses = {f.value: f.status for f in memory.store.list_facts(owner, statuses=("active", "superseded"))}
        assert statuses["green"] == "superseded" and statuses["blue"] == "active"

        other.add("I have a cat called Miso.")  # through another connection to the file
        assert any("Miso" in f.value for f in memory.store.list_facts(owner, statuses=("active",)))
        assert fact_id not in {f.id for f in memory.store.list_facts(owner, statuses=("active",))}
