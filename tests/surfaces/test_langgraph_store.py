"""``MemstrataStore`` is a LangGraph ``BaseStore``: the real pinned ``langgraph`` package, a real
SQLite file and the real embedding model. One ``Memory`` serves the module; each test writes
under users of its own, so the tests stay independent and fast."""

from __future__ import annotations

import asyncio
import functools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

import pytest

from memstrata import Memory
from memstrata.clock import utcnow
from memstrata.embed.base import EmbeddingCache
from memstrata.errors import ContentTooLarge, InvalidInput

# langgraph's import is ~1 CPU-s: a test imports the names it uses when it runs (these are for the
# annotations only), not every test process when pytest collects the file.
if TYPE_CHECKING:
    from langgraph.runtime import Runtime
    from langgraph.store.base import BaseStore

    from memstrata.integrations.langgraph import MemstrataStore


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory, embedder: EmbeddingCache) -> Iterator[Memory]:
    with Memory(tmp_path_factory.mktemp("langgraph") / "memory.db", embedder=embedder) as mem:
        yield mem


@pytest.fixture(scope="module")
def store(memory: Memory) -> MemstrataStore:
    from memstrata.integrations.langgraph import MemstrataStore
    return MemstrataStore(memory)


def test_is_a_langgraph_base_store(store: MemstrataStore) -> None:
    from langgraph.store.base import BaseStore
    assert isinstance(store, BaseStore)
    assert store.supports_ttl


def test_get_returns_exactly_what_was_put(store: MemstrataStore) -> None:
    value = {"text": "I prefer UPS for delivery", "n": 3, "ratio": 0.5, "ok": True, "none": None,
             "nested": {"tags": ["a", "b"], "deep": {"x": 1}}}
    store.put(("memories", "ann"), "carrier", value)
    item = store.get(("memories", "ann"), "carrier")
    assert item is not None
    assert (item.namespace, item.key, item.value) == (("memories", "ann"), "carrier", value)
    assert item.created_at == item.updated_at
    assert store.get(("memories", "ann"), "missing") is None
    assert store.get(("memories", "ann", "other"), "carrier") is None  # another namespace, same key


def test_items_are_episodes_of_the_namespace_user_and_give_facts(store: MemstrataStore, memory: Memory) -> None:
    store.put(("memories", "ben"), "diet", {"text": "I'm allergic to peanuts"})
    store.put(("memories", "ben"), "zh", {"text": "我以后都希望用顺丰"})
    store.put(("memories", "ben"), "lm", {"kind": "Memory", "content": {"content": "User prefers dark mode"}})
    facts = {(f.key, f.value) for f in memory.list(user_id="ben")}
    assert {("health.allergy", "peanuts"), ("shipping.carrier", "顺丰")} <= facts
    assert any("dark mode" in value for _, value in facts)  # LangMem's item shape, a note in the third person
    episodes = memory.list(kind="episode", user_id="ben")
    assert sorted(e.metadata["langgraph"]["key"] for e in episodes) == ["diet", "lm", "zh"]  # type: ignore[union-attr]
    assert memory.list(kind="episode", user_id="memories") == []  # the first element is no user


def test_a_new_put_replaces_the_value_and_keeps_the_first_put_time(store: MemstrataStore, memory: Memory) -> None:
    ns = ("memories", "cara")
    store.put(ns, "carrier", {"text": "I prefer UPS for delivery"})
    first = store.get(ns, "carrier")
    store.put(ns, "carrier", {"text": "I prefer FedEx for delivery"})
    item = store.get(ns, "carrier")
    assert first is not None and item is not None
    assert item.value == {"text": "I prefer FedEx for delivery"}
    assert item.created_at == first.created_at and item.updated_at > first.updated_at
    assert [e.content for e in memory.list(kind="episode", user_id="cara")] == ["I prefer FedEx for delivery"]
    assert [(f.key, f.value) for f in memory.list(user_id="cara")] == [("shipping.carrier", "FedEx")]


def test_delete_forgets_the_item_and_its_facts(store: MemstrataStore, memory: Memory) -> None:
    ns = ("memories", "dan")
    store.put(ns, "a", {"text": "I'm allergic to shellfish"})
    store.put(ns, "b", {"text": "I like window seats"})
    store.delete(ns, "a")
    assert store.get(ns, "a") is None
    assert store.get(ns, "b") is not None
    assert [f.key for f in memory.list(user_id="dan")] == ["travel.seat"]
    store.delete(ns, "a")  # deleting what is not there is no error, as in LangGraph's stores


def test_search_with_query_is_hybrid_search_in_the_prefix(store: MemstrataStore) -> None:
    store.put(("memories", "eve"), "ship", {"text": "I prefer UPS for delivery"})
    store.put(("memories", "eve"), "food", {"text": "I'm allergic to peanuts"})
    store.put(("memories", "eve", "work"), "job", {"text": "I work as a nurse at the city hospital"})
    store.put(("memories", "eve2"), "ship", {"text": "I prefer DHL for delivery"})  # another user
    hits = store.search(("memories", "eve"), query="which delivery carrier?")
    assert hits[0].key == "ship" and hits[0].value["text"] == "I prefer UPS for delivery"
    assert all(h.namespace[:2] == ("memories", "eve") for h in hits)
    assert all(h.score is not None and 0.0 <= h.score <= 1.0 for h in hits)
    assert [h.key for h in store.search(("memories", "eve", "work"), query="nurse hospital")] == ["job"]
    assert store.search(("memories", "eve"), query="food allergies", limit=1)[0].key == "food"
    assert [h.key for h in store.search(("memories", "eve"), query="allergic", limit=1, offset=1)] != ["food"]


def test_search_filter_has_langgraph_semantics(store: MemstrataStore) -> None:
    ns = ("memories", "fay")
    store.put(ns, "a", {"text": "I like jazz", "status": "active", "score": 5})
    store.put(ns, "b", {"text": "I like rock music", "status": "draft", "score": 2})
    store.put(ns, "c", {"text": "I like classical music", "status": "active", "score": 1, "meta": {"src": "chat"}})
    keys = lambda **kw: sorted(h.key for h in store.search(ns, **kw))  # noqa: E731
    assert keys(filter={"status": "active"}) == ["a", "c"]
    assert keys(filter={"score": {"$gt": 1}}) == ["a", "b"]
    assert keys(filter={"score": {"$gte": 2, "$lt": 5}}) == ["b"]
    assert keys(filter={"status": {"$ne": "active"}}) == ["b"]
    assert keys(filter={"meta": {"src": "chat"}}) == ["c"]
    assert keys(query="music", filter={"status": "active"}) == ["a", "c"] or keys(
        query="music", filter={"status": "active"}) == ["c"]
    assert keys(query="music", filter={"status": "draft"}) == ["b"]


def test_search_without_query_lists_newest_first_with_paging(store: MemstrataStore) -> None:
    ns = ("memories", "gus")
    for n in range(4):
        store.put(ns, f"k{n}", {"text": f"note number {n}"})
    assert [h.key for h in store.search(ns)] == ["k3", "k2", "k1", "k0"]
    assert [h.key for h in store.search(ns, limit=2, offset=1)] == ["k2", "k1"]
    assert all(h.score is None for h in store.search(ns))


def test_unindexed_items_are_kept_but_not_found_by_query(store: MemstrataStore) -> None:
    ns = ("memories", "hal")
    store.put(ns, "plain", {"text": "I prefer UPS for delivery"}, index=False)
    store.put(ns, "indexed", {"text": "Deliveries go to the back door"})
    assert store.get(ns, "plain") is not None
    assert [h.key for h in store.search(ns, query="UPS delivery")] == ["indexed"]
    assert sorted(h.key for h in store.search(ns)) == ["indexed", "plain"]


def test_index_fields_choose_the_text(memory: Memory) -> None:
    from memstrata.integrations.langgraph import MemstrataStore
    store = MemstrataStore(memory, index_fields=["memory"])
    store.put(("memories", "ivy"), "k", {"memory": "I live in Lisbon", "note": "ignore this text"})
    assert [e.content for e in memory.list(kind="episode", user_id="ivy")] == ["I live in Lisbon"]
    store.put(("memories", "ivy"), "k2", {"memory": "x", "list": ["I like tea", "I like figs"]}, index=["list[*]"])
    assert memory.list(kind="episode", user_id="ivy")[0].content == "I like tea\nI like figs"  # type: ignore[union-attr]


def test_item_text_of_a_value_without_strings_is_its_key_and_json() -> None:
    from memstrata.integrations.langgraph import item_text
    assert item_text("count", {"n": 3}, ["$"]) == 'count: {"n": 3}'
    assert item_text("k", {"a": "x", "b": {"c": ["y", 2]}}, ["$"]) == "x\ny"
    # was "\u200b", which Memory.add refuses as empty: the put failed where {"text": "  "} was stored
    assert item_text("k", {"text": "\u200b\u2060"}, ["$"]) == 'k: {"text": "\u200b\u2060"}'


def test_namespaces_without_a_user_are_refused_with_the_rule(store: MemstrataStore) -> None:
    from langgraph.store.base import InvalidNamespaceError
    with pytest.raises(InvalidNamespaceError, match=r"no user id at position 1.*user_position"):
        store.put(("memories",), "k", {"text": "x"})
    with pytest.raises(InvalidNamespaceError, match="search prefix"):
        store.search(("memories",), query="anything")
    with pytest.raises(InvalidNamespaceError, match="list_namespaces prefix"):
        store.list_namespaces(prefix=("memories", "*"))
    with pytest.raises(InvalidNamespaceError):  # LangGraph's own label rule still applies first
        store.put(("memories", "a.b"), "k", {"text": "x"})


@pytest.mark.parametrize(("user", "said"), [
    ("  ", "a blank user id '  ' at position 1"),
    (" nia", "a padded user id ' nia' at position 1: give the user id itself, 'nia'")])
def test_a_blank_or_padded_user_id_is_refused_before_the_batch_runs(store: MemstrataStore, user: str,
                                                                    said: str) -> None:
    # was: the put ran, then the get failed with "scope user_id must be a non-empty string", naming no op
    from langgraph.store.base import GetOp, InvalidNamespaceError, PutOp

    ns = ("memories", "nia")
    with pytest.raises(InvalidNamespaceError, match=re.escape(said)):
        store.batch([PutOp(ns, "k", {"text": "I like figs"}), GetOp(("memories", user), "k")])
    assert store.get(ns, "k") is None
    with pytest.raises(InvalidNamespaceError, match="search prefix"):
        store.search(("memories", user), query="figs")


def test_puts_of_one_key_that_race_leave_one_item(store: MemstrataStore, memory: Memory,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from memstrata.integrations.langgraph import MemstrataStore

    ns, other = ("memories", "raced"), MemstrataStore(memory)  # another writer, with its own lock
    real_add = memory.add

    def add_after_the_other_writers_put(*args: Any, **kwargs: Any) -> Any:
        monkeypatch.setattr(memory, "add", real_add)
        other.put(ns, "city", {"text": "I live in Rome"})  # between this put's read of the key and its add
        return real_add(*args, **kwargs)

    monkeypatch.setattr(memory, "add", add_after_the_other_writers_put)
    store.put(ns, "city", {"text": "I live in Berlin"})
    # was: both values stayed, get said Berlin and search listed the key twice, Berlin and Rome
    assert [(i.key, i.value) for i in store.search(ns)] == [("city", {"text": "I live in Berlin"})]
    assert [e.content for e in memory.list(kind="episode", user_id="raced")] == ["I live in Berlin"]


def test_a_namespace_deeper_than_the_limit_is_refused_by_name_and_nothing_is_stored(store: MemstrataStore,
                                                                                   memory: Memory) -> None:
    # before: a put 600 labels deep was stored, and a search of it raised SQLite's
    # "Expression tree is too large (maximum depth 1000)"
    from langgraph.store.base import InvalidNamespaceError

    from memstrata.integrations.langgraph import MAX_NAMESPACE_DEPTH
    deepest = ("memories", "dee", *["d"] * (MAX_NAMESPACE_DEPTH - 2))
    store.put(deepest, "k", {"text": "I keep notes deep down"})
    assert [h.key for h in store.search(deepest, query="notes")] == ["k"]
    too_deep = (*deepest, "one more")
    for call, what in ((lambda: store.put(too_deep, "k2", {"text": "x"}), "namespace"),
                       (lambda: store.get(too_deep, "k"), "namespace"),
                       (lambda: store.delete(too_deep, "k"), "namespace"),
                       (lambda: store.search(("memories", "dee", *["d"] * 600), query="notes"), "search prefix")):
        with pytest.raises(InvalidNamespaceError, match=f"{what} has .* labels .*the limit is {MAX_NAMESPACE_DEPTH}"):
            call()
    assert [e.content for e in memory.list(kind="episode", user_id="dee")] == ["I keep notes deep down"]


def test_user_position_zero_and_single_user_layouts(memory: Memory, tmp_path: Path) -> None:
    from memstrata.integrations.langgraph import MemstrataStore
    first = MemstrataStore(memory, user_position=0)
    first.put(("jon", "prefs"), "k", {"text": "I like aisle seats"})
    assert [f.value for f in memory.list(user_id="jon")] == ["aisle seat"]
    single = MemstrataStore(Memory(tmp_path / "one.db", embedder=None, user_id="kim"), user_position=None)
    single.put(("notes",), "k", {"text": "I live in Oslo"})
    single.put(("notes", "travel"), "k", {"text": "I like window seats"})
    assert single.list_namespaces() == [("notes",), ("notes", "travel")]
    assert [h.key for h in single.search(())] == ["k", "k"]
    single.memory.close()
    with pytest.raises(ValueError, match="user_id"):
        MemstrataStore(memory, user_position=None)


def test_list_namespaces_prefix_suffix_depth_and_paging(store: MemstrataStore) -> None:
    for ns in [("memories", "lea"), ("memories", "lea", "work", "v1"), ("memories", "lea", "home", "v1"),
               ("memories", "lea", "home", "v2"), ("memories", "leo", "x")]:
        store.put(ns, "k", {"text": "a note"})
    lea = ("memories", "lea")
    assert store.list_namespaces(prefix=lea) == [lea, (*lea, "home", "v1"), (*lea, "home", "v2"), (*lea, "work", "v1")]
    assert store.list_namespaces(prefix=lea, suffix=("v1",)) == [(*lea, "home", "v1"), (*lea, "work", "v1")]
    assert store.list_namespaces(prefix=(*lea, "*", "v1")) == [(*lea, "home", "v1"), (*lea, "work", "v1")]
    assert store.list_namespaces(prefix=lea, max_depth=3) == [lea, (*lea, "home"), (*lea, "work")]
    assert store.list_namespaces(prefix=lea, limit=2, offset=1) == [(*lea, "home", "v1"), (*lea, "home", "v2")]


def test_same_results_as_langgraphs_in_memory_store(store: MemstrataStore) -> None:
    """One script of operations against both stores: same items, same listings, same filters."""
    _same_as_in_memory_store(store, ("memories", "max"))


@pytest.mark.slow  # the session's PostgreSQL server starts for it when no other test has started it
def test_the_same_results_on_postgresql(pg_url: Any, embedder: EmbeddingCache) -> None:
    from memstrata.integrations.langgraph import MemstrataStore
    with Memory(pg_url(), embedder=embedder) as memory:
        store = MemstrataStore(memory)
        _same_as_in_memory_store(store, ("memories", "max"))
        assert [h.key for h in store.search(("memories", "max"), query="green tea", limit=1)] == ["a"]
        memory.forget(user_id="max")
        assert store.search(("memories", "max")) == []


def _same_as_in_memory_store(store: MemstrataStore, base: tuple[str, ...]) -> None:
    from langgraph.store.memory import InMemoryStore
    reference = InMemoryStore()
    script: list[tuple[str, tuple[Any, ...]]] = [
        ("put", (base, "a", {"text": "I like tea", "kind": "drink", "n": 1})),
        ("put", ((*base, "x"), "b", {"text": "I like coffee", "kind": "drink", "n": 2})),
        ("put", ((*base, "x", "y"), "c", {"text": "I live in Rome", "kind": "place", "n": 3})),
        ("put", (base, "a", {"text": "I like green tea", "kind": "drink", "n": 4})),
        ("put", ((*base, "z"), "d", {"text": "I work at Acme", "kind": "job", "n": 5})),
        ("delete", ((*base, "z"), "d")),
        ("put", ((*base, "z"), "e", {"text": "I read at night", "kind": "habit", "n": 6})),
    ]
    for name, args in script:
        for s in (reference, store):
            getattr(s, name)(*args)

    def view(s: BaseStore, **kw: Any) -> list[tuple[Any, ...]]:
        # compared as JSON with sorted keys: PostgreSQL's jsonb keeps an object's keys in its own order
        return sorted((h.namespace, h.key, json.dumps(h.value, sort_keys=True)) for h in s.search(base, limit=50, **kw))

    for flt in (None, {"kind": "drink"}, {"n": {"$gte": 3}}, {"kind": {"$ne": "drink"}}, {"n": {"$lt": 2}}):
        assert view(store, filter=flt) == view(reference, filter=flt), flt
    for kw in ({"prefix": base}, {"prefix": base, "max_depth": 3}, {"prefix": base, "suffix": ("y",)},
               {"prefix": (*base, "*")}, {"prefix": base, "limit": 1, "offset": 1}):
        assert store.list_namespaces(**kw) == reference.list_namespaces(**kw), kw
    for ns, key in ((base, "a"), ((*base, "x"), "b"), ((*base, "z"), "d"), (base, "nope")):
        got, want = store.get(ns, key), reference.get(ns, key)
        assert (got and (got.namespace, got.key, got.value)) == (want and (want.namespace, want.key, want.value))


def test_batch_runs_mixed_operations_in_order(store: MemstrataStore) -> None:
    from langgraph.store.base import GetOp, InvalidNamespaceError, ListNamespacesOp, MatchCondition, PutOp, SearchOp
    ns = ("memories", "mia")
    with pytest.raises(InvalidNamespaceError):  # every op is checked first: the put is not run
        store.batch([PutOp(ns, "k", {"text": "I like figs"}), ListNamespacesOp()])
    assert store.get(ns, "k") is None
    results = store.batch([PutOp(ns, "k", {"text": "I like figs"}), GetOp(ns, "k"), SearchOp(ns, query="figs"),
                           ListNamespacesOp((MatchCondition("prefix", ns),)), PutOp(ns, "k", None), GetOp(ns, "k")])
    assert results[0] is None and results[1].value == {"text": "I like figs"}  # type: ignore[union-attr]
    assert [h.key for h in results[2]] == ["k"] and results[3] == [ns]  # type: ignore[union-attr]
    assert results[4] is None and results[5] is None


def test_async_methods_run_the_same_operations(store: MemstrataStore) -> None:
    ns = ("memories", "nia")

    async def scenario() -> tuple[Any, ...]:
        await store.aput(ns, "k", {"text": "I prefer UPS for delivery"})
        got = await store.aget(ns, "k")
        hits = await store.asearch(ns, query="delivery carrier")
        spaces = await store.alist_namespaces(prefix=ns)
        await store.adelete(ns, "k")
        return got, hits, spaces, await store.aget(ns, "k")

    got, hits, spaces, gone = asyncio.run(scenario())
    assert got.value == {"text": "I prefer UPS for delivery"}
    assert [h.key for h in hits] == ["k"] and spaces == [ns] and gone is None


def test_ttl_becomes_the_episodes_expiry_and_maintain_removes_it(store: MemstrataStore, memory: Memory) -> None:
    ns = ("memories", "oli")
    before = utcnow()
    store.put(ns, "short", {"text": "I am in Paris this week"}, ttl=30)
    store.put(ns, "long", {"text": "I live in Madrid"})
    short = next(e for e in memory.list(kind="episode", user_id="oli") if e.metadata["langgraph"]["key"] == "short")
    assert short.expires_at is not None  # type: ignore[union-attr]
    assert timedelta(minutes=29) < short.expires_at - before < timedelta(minutes=31)  # type: ignore[union-attr,operator]
    memory.maintain(now=utcnow() + timedelta(hours=1))
    assert store.get(ns, "short") is None
    assert store.get(ns, "long") is not None


def test_default_ttl_from_ttl_config(memory: Memory) -> None:
    from memstrata.integrations.langgraph import MemstrataStore
    store = MemstrataStore(memory, ttl_config={"default_ttl": 10})
    store.put(("memories", "pia"), "k", {"text": "I am on holiday"})
    episode = memory.list(kind="episode", user_id="pia")[0]
    assert episode.expires_at is not None  # type: ignore[union-attr]


def test_forgetting_a_user_removes_their_items_and_export_holds_them(store: MemstrataStore, memory: Memory) -> None:
    ns = ("memories", "quinn")
    store.put(ns, "k", {"text": "I'm allergic to peanuts", "level": 2})
    exported = [r for r in memory.export(user_id="quinn") if r["type"] == "episode"]
    assert [r["metadata"]["langgraph"]["value"] for r in exported] == [{"text": "I'm allergic to peanuts", "level": 2}]
    memory.forget(user_id="quinn")
    assert store.get(ns, "k") is None
    assert store.search(ns) == [] and store.search(ns, query="peanuts") == []
    assert store.list_namespaces(prefix=ns) == []


class _State(TypedDict):
    said: str
    recalled: list[str]


@dataclass
class _Context:
    user_id: str


def _graph(store: BaseStore) -> Any:
    from langgraph.graph import END, START, StateGraph
    def remember(state: _State, runtime: Runtime[_Context]) -> dict[str, Any]:
        assert runtime.store is not None
        runtime.store.put(("memories", runtime.context.user_id), "latest", {"text": state["said"]})
        return {}

    def recall(state: _State, runtime: Runtime[_Context]) -> dict[str, Any]:
        assert runtime.store is not None
        hits = runtime.store.search(("memories", runtime.context.user_id), query="delivery carrier", limit=3)
        return {"recalled": [h.value["text"] for h in hits]}

    graph = StateGraph(_State, context_schema=_Context)
    graph.add_node("remember", remember)
    graph.add_node("recall", recall)
    graph.add_edge(START, "remember")
    graph.add_edge("remember", "recall")
    graph.add_edge("recall", END)
    return graph.compile(store=store)


def test_store_inside_a_compiled_graph(store: MemstrataStore, memory: Memory) -> None:
    app = _graph(store)
    out = app.invoke({"said": "I prefer UPS for delivery", "recalled": []}, context=_Context("rae"))
    assert out["recalled"] == ["I prefer UPS for delivery"]
    out = asyncio.run(app.ainvoke({"said": "我以后都希望用顺丰", "recalled": []}, context=_Context("sol")))
    assert out["recalled"] == ["我以后都希望用顺丰"]
    assert [(f.key, f.value) for f in memory.list(user_id="rae")] == [("shipping.carrier", "UPS")]
    assert [(f.key, f.value) for f in memory.list(user_id="sol")] == [("shipping.carrier", "顺丰")]
    assert memory.search("delivery", user_id="sol") != []  # the graph's writes are memstrata memories


def test_matches_rejects_unknown_operators() -> None:
    from memstrata.integrations.langgraph import matches
    assert matches({"a": 1}, None) and matches({"a": 1}, {"a": {"$eq": 1}})
    assert not matches({"a": "x"}, {"a": {"$gt": 1}})  # not a number: never greater
    with pytest.raises(ValueError, match=r"\$in"):
        matches({"a": 1}, {"a": {"$in": [1]}})


@pytest.mark.parametrize("value", ["a string", ["a", "list"], 42])
def test_a_value_not_a_dict_is_refused_by_name_and_nothing_is_lost(store: MemstrataStore, value: object) -> None:
    store.put(("memories", "bea"), "carrier", {"text": "I prefer UPS"})
    with pytest.raises(InvalidInput, match="the value of 'carrier' must be a dict") as raised:
        store.put(("memories", "bea"), "carrier", value)  # type: ignore[arg-type]
    assert raised.value.field == "value"
    kept = store.get(("memories", "bea"), "carrier")
    assert kept is not None and kept.value == {"text": "I prefer UPS"}


@pytest.mark.parametrize(("ttl", "value", "field"), [
    (-5, {"text": "I prefer DHL"}, "ttl"), (0, {"text": "I prefer DHL"}, "ttl"),
    ("abc", {"text": "I prefer DHL"}, "ttl"), (None, {"text": "I prefer DHL", "when": object()}, "value"),
    # nested 2,000 levels: a bare RecursionError; 31: an error about "metadata.langgraph.value.a.a..."
    (None, functools.reduce(lambda inner, _: {"a": inner}, range(2000), {}), "value"),
    (None, functools.reduce(lambda inner, _: {"a": [inner]}, range(15), {"text": "I prefer DHL"}), "value")])
def test_a_ttl_not_in_positive_minutes_or_a_value_json_cannot_hold_is_refused_by_key(
        store: MemstrataStore, ttl: object, value: dict[str, Any], field: str) -> None:
    # before: ttl=-5 said "ttl must be a positive number of seconds, got -300.0", ttl="abc" raised
    # float()'s "could not convert string to float" and an object() value json's TypeError
    store.put(("memories", "cai"), "carrier", {"text": "I prefer UPS"})
    with pytest.raises(InvalidInput, match=f"put: the {field} of 'carrier' must be") as raised:
        store.put(("memories", "cai"), "carrier", value, ttl=ttl)  # type: ignore[arg-type]
    assert raised.value.field == field
    kept = store.get(("memories", "cai"), "carrier")
    assert kept is not None and kept.value == {"text": "I prefer UPS"}


@pytest.mark.parametrize("index", ["text", [1], True, ["  "]])
def test_an_index_not_a_list_of_paths_is_refused_by_key(store: MemstrataStore, index: object) -> None:
    # before: index="text" stored the item as 'carrier: {json}' (the paths t, e, x, t: no fact drawn
    # from its text); [1] and True raised TypeError
    store.put(("memories", "cid"), "carrier", {"text": "I prefer UPS"})
    with pytest.raises(InvalidInput, match="put: the index of 'carrier' must be False or a list of JSON paths") \
            as raised:
        store.put(("memories", "cid"), "carrier", {"text": "I prefer DHL"}, index=index)  # type: ignore[arg-type]
    assert raised.value.field == "index"
    kept = store.get(("memories", "cid"), "carrier")
    assert kept is not None and kept.value == {"text": "I prefer UPS"}


def test_a_search_filter_not_a_dict_is_refused_by_name(store: MemstrataStore) -> None:
    with pytest.raises(InvalidInput, match="search: filter must be a dict") as raised:  # was AttributeError
        store.search(("memories", "cid"), filter=["status"])  # type: ignore[arg-type]
    assert raised.value.field == "filter"


def test_an_item_too_large_to_store_is_refused_naming_its_key_and_namespace(store: MemstrataStore) -> None:
    # before: "content is 599,999 bytes; the limit is 262,144" and, for a 300,000-character key,
    # "metadata is 300,155 bytes of JSON": neither said which put
    ns = ("memories", "dag")
    store.put(ns, "notes", {"text": "I prefer UPS"})
    with pytest.raises(ContentTooLarge, match=r"^put of 'notes' in \('memories', 'dag'\): content is 599,999 bytes"):
        store.put(ns, "notes", {"text": "x " * 300_000})
    with pytest.raises(InvalidInput, match=r"^put of 'kkkk.*… in \('memories', 'dag'\): metadata is .* bytes"):
        store.put(ns, "k" * 300_000, {"text": "a long key"})
    kept = store.get(ns, "notes")
    assert kept is not None and kept.value == {"text": "I prefer UPS"}
    assert [i.key for i in store.search(ns)] == ["notes"]


@pytest.mark.parametrize(("kw", "field"), [({"limit": -1}, "limit"), ({"offset": -1}, "offset"),
                                           ({"limit": 2, "offset": -3}, "offset")])
def test_a_negative_limit_or_offset_is_refused_by_name(store: MemstrataStore, kw: dict[str, int], field: str) -> None:
    # It returned [] (and LangGraph's own store slices with it: offset -1 is the last item).
    store.put(("memories", "neg"), "a", {"text": "I like tea"})
    with pytest.raises(InvalidInput, match=f"search: {field} must be a whole number from 0 up") as raised:
        store.search(("memories", "neg"), **kw)
    assert raised.value.field == field
    with pytest.raises(InvalidInput, match=f"list_namespaces: {field} must be a whole number from 0 up"):
        store.list_namespaces(prefix=("memories", "neg"), **kw)
    assert store.search(("memories", "neg"), limit=0) == []
    assert [h.key for h in store.search(("memories", "neg"))] == ["a"]


@pytest.mark.parametrize("query", ["   ", "\n\t"])
def test_a_query_of_spaces_is_refused_naming_the_search_and_its_namespace(store: MemstrataStore, query: str) -> None:
    # before: "query is empty; say what to recall", naming no call
    store.put(("memories", "eli"), "carrier", {"text": "I prefer UPS"})
    with pytest.raises(InvalidInput, match=r"^search in \('memories', 'eli'\): query is empty") as raised:
        store.search(("memories", "eli"), query=query)
    assert raised.value.field == "query"
    assert [i.key for i in store.search(("memories", "eli"), query="which carrier?")] == ["carrier"]
