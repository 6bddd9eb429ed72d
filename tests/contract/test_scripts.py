"""Traditional and Simplified Chinese on every store: one fact, one full-text term, and a
database indexed before Traditional characters were read as Simplified is upgraded on open."""

from __future__ import annotations

from datetime import timedelta

from conftest import START, OpenMemory
from memstrata.store.reindex import upgrade_terms
from memstrata.text.tokens import TERMS_VERSION

#: The characters of the messages below whose Simplified and Traditional forms differ.
TO_TRADITIONAL = str.maketrans("后顺丰别门过敏对", "後順豐別門過敏對")


def test_traditional_message_gives_the_simplified_fact_and_supersedes_it(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice")
    first = memory.add("我以後都希望用順豐", created_at=START)
    assert [(c.fact.key, c.fact.value) for c in first.facts] == [("shipping.carrier", "顺丰")]
    again = memory.add("我以后都希望用顺丰", created_at=START + timedelta(hours=1))
    assert [(c.action, c.fact.id) for c in again.facts] == [("touch", first.facts[0].fact.id)]


def test_full_text_finds_across_scripts(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice", embedder=None)  # full text alone
    trad = memory.add("我對花生過敏", created_at=START).episode_id
    simp = memory.add("以后别放门口", created_at=START + timedelta(hours=1)).episode_id
    assert trad in {h.id for h in memory.search("花生过敏", kinds=("episode",))}
    assert simp in {h.id for h in memory.search("別放門口", kinds=("episode",))}


def test_version_2_terms_are_read_as_simplified_after_the_upgrade(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="alice", embedder=None)
    episode = memory.add("我以後都希望用順豐，別放門口", created_at=START).episode_id
    store = memory.store
    # Make the store as version 2 wrote it: Traditional characters kept in the terms.
    with store.db.write() as conn:
        store.set_meta(conn, "terms_version", "1")
        assert store.upgrade_terms(conn, 2, lambda terms: terms.translate(TO_TRADITIONAL))
    assert store.get_meta("terms_version") == "2"
    assert memory.search("顺丰 门口", kinds=("episode",)) == []  # the old terms miss the query
    assert upgrade_terms(store)  # what Memory does on open: rows rewritten
    assert store.get_meta("terms_version") == str(TERMS_VERSION) == "3"
    assert [h.id for h in memory.search("顺丰 门口", kinds=("episode",))] == [episode]
    assert upgrade_terms(store) is None  # once


def test_a_traditional_filter_literal_matches_the_fact_its_user_wrote_in_traditional(open_memory: OpenMemory) -> None:
    # forget with value = "順豐" after 我以後都希望用順豐 deleted nothing when only 顺丰 (as stored) matched.
    memory = open_memory(user_id="bob")
    memory.add("我以後都希望用順豐，別放門口", created_at=START)
    typed = memory.update(memory.list(key="shipping.dropoff")[0].id, value="別放門口")  # kept as given
    carrier = memory.list(key="shipping.carrier")[0]
    for where in ('value = "順豐"', 'value = "顺丰"', 'value IN ("UPS", "順豐")', 'NOT value != "順豐"'):
        assert [f.id for f in memory.list(filter=where)] == [carrier.id], where
    assert {f.id for f in memory.list(filter='value != "順豐"')} == {typed.id}
    assert [f.id for f in memory.list(filter='value = "別放門口"')] == [typed.id]  # as written matches too
    # Ordering compares the literal as written, by code point: 顺 (U+987A) sorts after 順 (U+9806).
    assert [f.id for f in memory.list(filter='value > "順豐"')] == [carrier.id]


def test_context_shows_facts_in_the_script_the_user_wrote_them_in(open_memory: OpenMemory) -> None:
    # A Taiwan user's 我對花生過敏 must not come back as 对花生过敏 under 相关记忆.
    memory = open_memory(user_id="tw")
    memory.add("我對花生過敏", created_at=START)
    memory.add("我以後都希望用順豐", created_at=START + timedelta(hours=1))
    block = memory.context("花生過敏 順豐")
    assert block.startswith("## 相關記憶\n"), block
    facts = {f.value: f for f in memory.list()}
    assert set(facts) == {"花生", "顺丰"}  # stored as the extractor reads them, and filters match both
    assert f"- 對花生過敏 (2026-01-01; episode #{facts['花生'].citations[0]})" in block
    assert "顺丰" not in block and "对花生过敏" not in block
    # A user writing Simplified reads Simplified.
    simp = open_memory(user_id="cn")
    simp.add("我对花生过敏", created_at=START)
    assert "- 对花生过敏 (" in simp.context("花生过敏") and simp.context("花生过敏").startswith("## 相关记忆\n")
