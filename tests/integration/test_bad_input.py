"""Bad input at the SDK edge: a clear ``MemstrataError`` (what and where) or the right empty
answer, and never a lost memory.

Real components only: SQLite files under ``tmp_path`` and the default embedding model
(``use-multilingual-v3``, the test process's ``embedder``: a memory's own load of it costs ~1.2 s
of CPU). The bad calls share one ``Memory`` holding two memories; after every bad call both
memories must still be found by ``search`` and counted by ``list(kind="episode")``.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from memstrata import AsyncMemory, Episode, HashingEmbedder, Memory, Message
from memstrata.embed.base import EmbeddingCache
from memstrata.errors import (
    ContentTooLarge,
    CorruptDatabase,
    EmbeddingModelMismatch,
    InvalidInput,
    MemstrataError,
)

USER = "u-bad-input"
LISBON = "I moved to Lisbon last spring and I love the old yellow trams"
PEANUT = "我对花生过敏，点餐时请避开花生"
#: (stored text, a query that must find it)
STORED: tuple[tuple[str, str], ...] = ((LISBON, "Lisbon trams"), (PEANUT, "花生过敏"))
TWO_MIB = 2 * 1024 * 1024


@pytest.fixture(scope="module")
def stocked(tmp_path_factory: pytest.TempPathFactory, embedder: EmbeddingCache) -> Iterator[Memory]:
    mem = Memory(tmp_path_factory.mktemp("bad-input") / "memory.db", embedder=embedder)
    for text, _ in STORED:
        assert mem.add(text, user_id=USER).created
    yield mem
    mem.close()


def assert_stored_memories_intact(mem: Memory) -> None:
    """Both memories are listed (and nothing else) and each is the top episode for its query."""
    listed = mem.list(kind="episode", user_id=USER)
    episodes = [e for e in listed if isinstance(e, Episode)]
    assert len(episodes) == len(listed)
    assert sorted(e.content for e in episodes) == sorted(text for text, _ in STORED)
    ids = {e.content: e.id for e in episodes}
    for text, query in STORED:
        hits = mem.search(query, kinds=("episode",), user_id=USER)
        assert hits, f"{query!r} found nothing"
        assert hits[0].citations == (ids[text],)
        assert hits[0].text == text


def test_two_stored_memories_are_found_before_any_bad_call(stocked: Memory) -> None:
    assert_stored_memories_intact(stocked)


# -- bad content on add -------------------------------------------------------------------------

def _nested(levels: int) -> dict[str, Any]:
    value: dict[str, Any] = {}
    for _ in range(levels - 1):
        value = {"a": value}
    return value


BAD_ADDS: list[tuple[str, dict[str, Any], type[MemstrataError], str]] = [
    ("empty_content", {"content": ""}, InvalidInput,
     "content is empty or whitespace only; nothing to remember"),
    ("whitespace_only_content", {"content": " \t\n\u3000 "}, InvalidInput,
     "content is empty or whitespace only; nothing to remember"),
    ("two_mib_content", {"content": "x" * TWO_MIB}, ContentTooLarge,
     "content is 2,097,152 bytes; the limit is 262,144 (Settings.max_content_bytes)"),
    ("lone_surrogate", {"content": "abc\ud800def"}, InvalidInput,
     "content contains a lone surrogate U+D800 at character 4"),
    ("nul_byte", {"content": "a\x00b"}, InvalidInput, "content contains a NUL byte at character 2"),
    ("naive_created_at", {"content": "hello", "created_at": datetime(2024, 5, 1, 12, 0)}, InvalidInput,
     "created_at must be timezone-aware"),
    ("bad_role", {"content": "hello", "role": "boss"}, InvalidInput,
     "role must be one of user, assistant, system, tool; got 'boss'"),
    # NaN stored in SQLite JSON made every later metadata filter of the user fail ("malformed JSON").
    ("nan_metadata", {"content": "hello", "metadata": {"score": float("nan")}}, InvalidInput,
     "metadata.score is nan, which JSON cannot hold"),
    ("nested_infinity_metadata", {"content": "hello", "metadata": {"a": {"b": [1, float("-inf")]}}}, InvalidInput,
     "metadata.a.b[1] is -inf, which JSON cannot hold"),
    ("object_metadata", {"content": "hello", "metadata": {"when": object()}}, InvalidInput,
     "metadata.when is a object; metadata holds only JSON values"),
    ("int_key_metadata", {"content": "hello", "metadata": {1: "x"}}, InvalidInput,
     "metadata has a key 1 of type int; keys must be strings"),
    # Unchecked, these raised a raw OverflowError or RecursionError, or were stored.
    ("infinite_ttl", {"content": "hello", "ttl": float("inf")}, InvalidInput,
     "ttl is inf seconds; the limit is 3,200,000,000"),
    ("huge_ttl", {"content": "hello", "ttl": 1e300}, InvalidInput, "ttl is 1e+300 seconds; the limit is 3,200,000,000"),
    ("deep_metadata", {"content": "hello", "metadata": _nested(5_000)}, InvalidInput,
     "metadata" + ".a" * 32 + " is nested 33 levels deep; metadata may nest at most 32 levels"),
    ("huge_metadata", {"content": "hello", "metadata": {"x": "y" * 5_000_000}}, InvalidInput,
     "metadata is 5,000,008 bytes of JSON; the limit is 65,536"),
    ("long_speaker", {"content": "hello", "speaker": "s" * 100_000}, InvalidInput,
     "speaker is 100,000 characters; the limit is 256"),
    # A blank speaker was stored: its facts' subject "" and its derivative ": hello".
    ("empty_speaker", {"content": "hello", "speaker": ""}, InvalidInput,
     "speaker is blank; give who said it (a name) or leave it out for the role's own"),
    ("blank_speaker", {"content": "hello", "speaker": " \t"}, InvalidInput, "speaker is blank"),
]


@pytest.mark.parametrize(("content_kwargs", "error", "message"),
                         [pytest.param(kw, err, msg, id=name) for name, kw, err, msg in BAD_ADDS])
def test_bad_add_raises_a_precise_error_and_loses_nothing(
    stocked: Memory, content_kwargs: dict[str, Any], error: type[MemstrataError], message: str
) -> None:
    with pytest.raises(error) as info:
        stocked.add(user_id=USER, **content_kwargs)
    assert type(info.value) is error
    assert message in str(info.value)
    assert_stored_memories_intact(stocked)


def test_scope_ids_with_stray_whitespace_are_refused_not_a_second_user(stocked: Memory) -> None:
    with pytest.raises(InvalidInput, match=r"user_id ' u1 ' starts or ends with whitespace; pass 'u1'"):
        stocked.add("I like figs", user_id=" u1 ")
    with pytest.raises(InvalidInput, match="session_id"):
        stocked.search("figs", user_id="u1", session_id="s1\t")
    assert_stored_memories_intact(stocked)


def test_a_scope_id_of_the_wrong_type_says_so(stocked: Memory) -> None:
    # "must be a non-empty string, got 123" read as if 123 were empty
    with pytest.raises(InvalidInput, match=r"^scope user_id must be a string, got int 123$"):
        stocked.search("figs", user_id=123)  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match=r"^scope user_id must be a non-empty string, got ''$"):
        stocked.search("figs", user_id="")
    assert_stored_memories_intact(stocked)


def test_scope_ids_with_invisible_characters_are_refused_not_a_second_user(stocked: Memory) -> None:
    # "alice\u200b" would be a user who lists exactly like alice.
    with pytest.raises(InvalidInput, match=r"invisible format character U\+200B at character 3"):
        stocked.add("I like figs", user_id="u1\u200b")
    with pytest.raises(InvalidInput, match=r"agent_id .* U\+FEFF at character 1;"):
        stocked.search("figs", user_id="u1", agent_id="\ufeffbot")
    assert_stored_memories_intact(stocked)


def test_add_many_with_one_bad_message_writes_none_of_the_batch(stocked: Memory) -> None:
    good = stocked.message("this good message must not be written alone", user_id=USER)
    bad = Message(content="a\x00b", scope=good.scope, created_at=good.created_at)
    with pytest.raises(InvalidInput, match="NUL byte at character 2"):
        stocked.add_many([good, bad])
    assert_stored_memories_intact(stocked)


@pytest.mark.parametrize("messages", ["I'm allergic to peanuts", b"I'm allergic", {"content": "hi"}])
def test_add_many_of_a_string_or_a_mapping_names_the_argument_not_its_first_character(
    stocked: Memory, messages: Any,
) -> None:
    """``add_many("text")`` said "add_many item 0 is a str": a string was read one character at a time."""
    wanted = (f"add_many takes a list of Message (Memory.message(...)), got a {type(messages).__name__}; "
              "Memory.add remembers one text")
    with pytest.raises(InvalidInput) as caught:
        stocked.add_many(messages)
    assert str(caught.value) == wanted
    with pytest.raises(InvalidInput) as caught:  # AsyncMemory makes its list first: the same words
        asyncio.run(AsyncMemory(memory=stocked).add_many(messages))
    assert str(caught.value) == wanted
    assert_stored_memories_intact(stocked)


@pytest.mark.parametrize("path", [5, ["memory.db"], b"memory.db"])
def test_memory_of_a_path_that_is_no_path_names_the_argument(path: Any) -> None:
    """``Memory(5)`` raised pathlib's "expected str, bytes or os.PathLike object, not int"."""
    with pytest.raises(InvalidInput) as caught:
        Memory(path, user_id=USER)
    assert str(caught.value) == ("Memory(path) takes a database file path (str or pathlib.Path) or a postgresql:// "
                                 f"URL, got {type(path).__name__} {path!r}")


# -- bad queries --------------------------------------------------------------------------------

BAD_SEARCHES: list[tuple[str, Callable[[Memory], object], str]] = [
    ("empty_query", lambda m: m.search("", user_id=USER), "query is empty; say what to recall"),
    ("whitespace_query", lambda m: m.search("  \n ", user_id=USER), "query is empty; say what to recall"),
    # invisible characters only: refused as a message's content, yet searched (the vector search returned hits)
    ("zero_width_query", lambda m: m.search("\u200b", user_id=USER), "query is empty; say what to recall"),
    ("format_characters_query", lambda m: m.context(" \u2060\ufeff\u200e ", user_id=USER),
     "query is empty; say what to recall"),
    ("limit_zero", lambda m: m.search("Lisbon", limit=0, user_id=USER),
     "limit must be a whole number from 1 to 1000, got 0"),
    ("nul_in_query", lambda m: m.search("Lis\x00bon", user_id=USER),
     "query contains a NUL byte at character 4"),
    ("surrogate_in_query", lambda m: m.search("Lis\udc80bon", user_id=USER),
     "query contains a lone surrogate U+DC80 at character 4"),
    ("non_string_query", lambda m: m.search(123, user_id=USER), "query must be a string, got int"),  # type: ignore[arg-type]
    # A 3 MB query held a REST worker for 90 s.
    ("over_long_query", lambda m: m.search("peanut allergy " * 2000, user_id=USER),
     "query is 30,000 characters; the limit is 16,384"),
]


def test_an_over_long_content_or_query_and_an_unknown_role_name_their_argument(stocked: Memory) -> None:
    # before: details.field was missing on these three (REST answered details {} / {"index": 0})
    for call, field in ((lambda: stocked.add("x" * TWO_MIB, user_id=USER), "content"),
                        (lambda: stocked.add("hello", role="boss", user_id=USER), "role"),
                        (lambda: stocked.search("peanut allergy " * 2000, user_id=USER), "query")):
        with pytest.raises(InvalidInput) as info:
            call()
        assert info.value.details() == {"field": field}


@pytest.mark.parametrize(("call", "message"),
                         [pytest.param(call, msg, id=name) for name, call, msg in BAD_SEARCHES])
def test_bad_search_raises_invalid_input_and_loses_nothing(
    stocked: Memory, call: Callable[[Memory], object], message: str
) -> None:
    with pytest.raises(InvalidInput) as info:
        call(stocked)
    assert info.value.code == "invalid_input"  # not a filter or size error (an argument's own class is fine)
    assert message in str(info.value)
    assert_stored_memories_intact(stocked)


def test_metadata_filters_still_work_after_a_refused_nan(stocked: Memory) -> None:
    with pytest.raises(InvalidInput, match=r"metadata\.score"):
        stocked.add("nan probe", metadata={"score": float("nan")}, user_id=USER)
    assert stocked.list(kind="episode", filter="metadata.score > 1", user_id=USER) == []
    assert_stored_memories_intact(stocked)


def test_search_in_an_unknown_user_scope_returns_an_empty_list(stocked: Memory) -> None:
    assert stocked.search("Lisbon trams", user_id="nobody-by-this-name") == []
    assert stocked.search("花生过敏", user_id="nobody-by-this-name") == []
    assert stocked.list(kind="episode", user_id="nobody-by-this-name") == []
    assert_stored_memories_intact(stocked)


@pytest.mark.parametrize("query", [
    'what\'s "this"? AND (',
    '"',
    "*",
    "NOT",
    "OR AND NEAR(",
    "a:b -c ^d",
    "'); DROP TABLE episodes; --",
    "（）【】「」？！",
])
def test_punctuation_and_fts_operator_queries_do_not_raise(stocked: Memory, query: str) -> None:
    hits = stocked.search(query, user_id=USER)
    assert isinstance(hits, list)
    assert len(hits) <= 2
    for hit in hits:
        assert 0.0 <= hit.score <= 1.0
    assert_stored_memories_intact(stocked)


# -- unusable database files --------------------------------------------------------------------

def _make_valid_db(path: Path, embedder: EmbeddingCache) -> None:
    with Memory(path, embedder=embedder) as mem:
        for text, _ in STORED:
            mem.add(text, user_id=USER)
    assert not Path(f"{path}-wal").exists(), "close() should checkpoint the WAL into the main file"


def test_database_with_overwritten_bytes_raises_corrupt_database_naming_the_file(tmp_path: Path,
                                                                                 embedder: EmbeddingCache) -> None:
    path = tmp_path / "damaged.db"
    _make_valid_db(path, embedder)
    with path.open("r+b") as handle:
        handle.seek(100)
        handle.write(random.Random(100).randbytes(3900))
    with pytest.raises(CorruptDatabase) as info:
        Memory(path)
    assert type(info.value) is CorruptDatabase
    assert str(path) in str(info.value)
    assert "damaged or not a database" in str(info.value)


def test_file_of_random_bytes_raises_corrupt_database_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "random.db"
    data = random.Random(4).randbytes(16_384)
    path.write_bytes(data)
    with pytest.raises(CorruptDatabase) as info:
        Memory(path)
    assert str(path) in str(info.value)
    assert "is not a SQLite database" in str(info.value)
    assert path.read_bytes() == data


def _make_foreign_db(path: Path) -> None:
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE foo (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        conn.executemany("INSERT INTO foo (name) VALUES (?)", [("alpha",), ("beta",), ("gamma",)])
        conn.commit()


def test_foreign_sqlite_database_raises_corrupt_database_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "someone-elses.sqlite"
    _make_foreign_db(path)
    with pytest.raises(CorruptDatabase) as info:
        Memory(path)
    assert str(path) in str(info.value)
    assert "is a SQLite database but not a memstrata one (tables: foo)" in str(info.value)
    with closing(sqlite3.connect(path)) as conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        rows = conn.execute("SELECT id, name FROM foo ORDER BY id").fetchall()
    assert tables == ["foo"]
    assert rows == [(1, "alpha"), (2, "beta"), (3, "gamma")]


def test_foreign_sqlite_database_is_left_byte_for_byte_unchanged(tmp_path: Path) -> None:
    """'refusing to modify it' must hold for the file itself, including its journal mode."""
    path = tmp_path / "someone-elses.sqlite"
    _make_foreign_db(path)
    before = path.read_bytes()
    with pytest.raises(CorruptDatabase):
        Memory(path)
    with closing(sqlite3.connect(path)) as conn:
        journal_mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
    assert journal_mode == "delete"
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["someone-elses.sqlite"]


# -- another embedding model --------------------------------------------------------------------

def test_database_embedded_with_another_model_raises_mismatch_naming_both_models(tmp_path: Path) -> None:
    path = tmp_path / "hashed.db"
    with Memory(path, embedder=HashingEmbedder(dim=64)) as mem:
        for text, _ in STORED:
            mem.add(text, user_id=USER, created_at=datetime(2026, 1, 2, 3, 4, tzinfo=UTC))

    with pytest.raises(EmbeddingModelMismatch) as info:
        Memory(path)
    exc = info.value
    assert (exc.stored, exc.stored_dim, exc.current, exc.current_dim) == (
        "hashing-64", 64, "use-multilingual-v3", 512)
    assert "'hashing-64' (dim 64)" in str(exc)
    assert "'use-multilingual-v3' (dim 512)" in str(exc)
    assert "memstrata reembed" in str(exc)

    with Memory(path, embedder=HashingEmbedder(dim=64)) as mem:
        assert mem.doctor()["stored_embedding_model"] == "hashing-64"
        assert_stored_memories_intact(mem)


def test_ids_of_the_wrong_type_and_contradictory_forgets_are_invalid_input(stocked: Memory) -> None:
    before = stocked.list(kind="episode", user_id=USER)
    assert before
    for bad in ("abc", "1", 1.5, True):
        with pytest.raises(InvalidInput, match="whole-number id"):
            stocked.get(bad, user_id=USER)  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match="whole-number id"):
            stocked.get(episode_id=bad, user_id=USER)  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match="contradict"):
        stocked.forget(user_id=USER, session_id="s1", all_users=True)
    assert stocked.list(kind="episode", user_id=USER) == before


def test_a_message_dated_in_the_future_is_refused(stocked: Memory) -> None:
    # created_at 2099 would become the current value and outrank every correction said
    # before then. A day of slack covers clock skew.
    from datetime import UTC, datetime, timedelta

    with pytest.raises(InvalidInput, match="created_at 2099-01-01T00:00:00\\+00:00 is in the future"):
        stocked.add("I prefer DHL for delivery", user_id=USER, created_at=datetime(2099, 1, 1, tzinfo=UTC))
    assert_stored_memories_intact(stocked)
    soon = stocked.add("I prefer DHL for delivery", user_id=USER,
                       created_at=datetime.now(UTC) + timedelta(hours=12))
    assert soon.created


def test_wrong_types_of_metadata_and_filter_are_invalid_input_and_store_nothing(tmp_path: Path) -> None:
    """A string as metadata (unchecked, a bare ValueError) and an int as filter (an
    AttributeError) are both ``InvalidInput`` naming the argument."""
    with Memory(tmp_path / "m.db", embedder=None, user_id="u") as memory:
        memory.add("I like tea")
        with pytest.raises(InvalidInput, match="metadata must be an object"):
            memory.add("I like coffee", metadata="x")  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match="filter must be a string"):
            memory.search("tea", filter=5)  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match="filter must be a string"):
            memory.list(filter=["tag"])  # type: ignore[arg-type]
        assert [e.content for e in memory.list(kind="episode")] == ["I like tea"]


def test_a_dialogue_longer_than_the_query_bound_is_searched_by_its_latest_turns(stocked: Memory) -> None:
    # before: "query is 41,… characters; the limit is 16,384" for the conversation so far, which the
    # docs say to pass; a message as long is still refused (the over_long_query case above)
    chat = "\n".join(f"user: what about the weather on day {i}?\nassistant: Mild and dry on day {i}, "
                     "a good day for a walk by the river." for i in range(300))
    dialogue = f"{chat}\nuser: which city has the old yellow trams I love?"
    assert len(dialogue) > 30_000
    hits = stocked.search(dialogue, limit=3, user_id=USER)
    assert hits and hits[0].text == LISBON
    assert LISBON in stocked.context(dialogue, user_id=USER)
