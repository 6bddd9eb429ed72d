"""SQLite full text past ``RANKED_MATCHES`` matches (``store.sqlite.store._fts_top``): the scope's
most recently stored matches are ranked, and the older matches of a rare term still are, so a
question about a rare word finds its memory however old. The bounds are lowered here so that a
few dozen real rows cross them; everything else is the real store."""

from __future__ import annotations

from pathlib import Path

import pytest

import memstrata.store.sqlite.store as sqlite_store
from memstrata import Memory
from memstrata.text.tokens import fts_match_expression
from memstrata.types import Episode, Segment


@pytest.fixture
def bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_store, "RANKED_MATCHES", 20)
    monkeypatch.setattr(sqlite_store, "RARE_MATCHES", 3)


def fill(memory: Memory) -> tuple[int, list[int]]:
    """One old memory about a rare word, then 60 newer ones sharing a common word; returns the
    old one's episode id and the newer ones' in the order stored."""
    old = memory.add("the garden shed was painted blue by the whole family").episode_id
    newer = [memory.add(f"the garden looked lovely on day {i} of spring").episode_id for i in range(60)]
    return old, newer


def test_a_common_word_ranks_the_newest_matches_past_the_bound(tmp_path: Path, bounded: None) -> None:
    with Memory(tmp_path / "m.db", embedder=None, extractor=None, user_id="u") as memory:
        _, newer = fill(memory)
        found = {e for e, _ in memory.store.fts_turns(memory.scope, "\"garden\"", 10)}
        first = {s.episode_id for s, _ in _segments(memory, memory.store.fts_segments(memory.scope, "\"garden\"", 10))}
        assert len(found) == 10 and len(first) == 10
        # Turn candidates are given as their first segment: map back through the segments.
        turns = {s.episode_id for s, _ in _segments(memory, [(i, 0.0) for i in found])}
        assert turns <= set(newer[-20:]) and first <= set(newer[-20:])


def test_a_rare_word_is_found_however_old(tmp_path: Path, bounded: None) -> None:
    with Memory(tmp_path / "m.db", embedder=None, extractor=None, user_id="u") as memory:
        old, _ = fill(memory)
        match = fts_match_expression("who painted the garden shed")
        assert match is not None
        segments = _segments(memory, memory.store.fts_segments(memory.scope, match, 5))
        turns = _segments(memory, memory.store.fts_turns(memory.scope, match, 5))
        assert segments[0][0].episode_id == old and turns[0][0].episode_id == old
        assert memory.search("who painted the garden shed", limit=3)[0].id == old


def test_below_the_bound_the_ranking_is_every_match(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, extractor=None, user_id="u") as memory:
        fill(memory)
        found = _segments(memory, memory.store.fts_segments(memory.scope, "\"garden\"", 100))
        assert len(found) == 61  # all of them, the old one too


def _segments(memory: Memory, ranked: list[tuple[int, float]]) -> list[tuple[Segment, Episode]]:
    rows = memory.store.segments_with_episodes([i for i, _ in ranked])
    return [(rows[i][0], rows[i][1]) for i, _ in ranked if i in rows]


def test_a_search_inside_a_period_finds_what_the_unbounded_search_finds(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # Inside a period the full-text searches skip rowids out of the period's range
    # (``_period_rowids``); with the look-ups switched off they rank every match of the scope.
    from datetime import UTC, datetime

    from memstrata.filter import And, parse

    with Memory(tmp_path / "m.db", embedder=None, extractor=None, user_id="u") as memory:
        for k, day in enumerate((1, 2, 3, 2, 1, 3, 2)):
            for i in range(3):
                memory.add(f"garden day {day} note {k}.{i}", created_at=datetime(2023, 5, day, 8 + i, tzinfo=UTC))
        memory.add("garden note of another user", user_id="v", created_at=datetime(2023, 5, 2, 9, tzinfo=UTC))
        period = parse('created_at >= "2023-05-02T00:00:00Z" AND created_at < "2023-05-03T00:00:00Z"')
        filters = [period, And((parse('role = "user"'), period)),
                   parse('created_at >= "2024-01-01T00:00:00Z" AND created_at < "2024-01-02T00:00:00Z"')]

        def both() -> list[tuple[list[tuple[int, float]], list[tuple[int, float]]]]:
            return [(memory.store.fts_segments(memory.scope, '"garden" OR "note"', 50, filter=f),
                     memory.store.fts_turns(memory.scope, '"garden" OR "note"', 50, filter=f)) for f in filters]
        statements: list[str] = []
        memory.store.db.conn.set_trace_callback(statements.append)
        bounded = both()
        memory.store.db.conn.set_trace_callback(None)
        ranges = [q.split("BETWEEN ")[1].split(" AND ")[:2] for q in statements if "rowid BETWEEN" in q]
        assert len(ranges) == 6 and all(int(hi) < 2**63 - 1 for _, hi in ranges)  # each search bounded
        monkeypatch.setattr(sqlite_store, "PERIOD_LOOKUPS", 0)
        assert bounded == both()
        assert [len(s) for s, _ in bounded] == [9, 9, 0] and [len(t) for _, t in bounded] == [9, 9, 0]


def test_facts_full_text_ranks_the_index_top_as_the_joined_query_does(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # Without a filter, ``fts_facts`` ranks the index's own top and keeps the scope's active facts
    # by rowid, falling back to one query joining every match when too few are kept. Both must
    # give what the joined query gives (a filter every fact passes forces that query).
    from memstrata.filter import parse

    monkeypatch.setattr(sqlite_store, "OVERFETCH", 2)  # a few real rows cross into the fallback
    words = ["hot", "sweet", "green", "iced", "milky", "smoky", "floral"]
    with Memory(tmp_path / "m.db", embedder=None, user_id="u") as memory:
        for k in range(1, 8):  # shorter ranks higher: v's best likes outrank all of u's
            memory.add(f"I like {' '.join(words[:k])} tea", user_id="v")
        for k in range(5, 8):
            memory.add(f"I like {' '.join(words[:k])} tea")
        memory.add("My favorite drink is oolong tea")  # superseded by:
        memory.add("My favorite drink is jasmine tea")
        assert [f.status for f in memory.list(status=["active", "superseded"])].count("superseded") == 1
        every = parse("confidence >= 0")
        statements: list[str] = []
        memory.store.db.conn.set_trace_callback(statements.append)
        for user, limit in (("u", 2), ("u", 3), ("u", 10), ("v", 2), ("v", 3), ("v", 10)):
            scope = memory._scope(user_id=user)
            fast = memory.store.fts_facts(scope, '"tea"', limit, ("active",))
            joined = memory.store.fts_facts(scope, '"tea"', limit, ("active",), filter=every)
            assert fast == joined and len(fast) == min(limit, 4 if user == "u" else 7)
        memory.store.db.conn.set_trace_callback(None)
        fell_back = [q for q in statements if "JOIN facts f" in q and "confidence" not in q]
        # The index's top 4 and 6 hold one active fact of u (the favourites rank first): u's top 2
        # and 3 fall back. u's and v's top 10 are ranked from all 12 matches, v's top 2 and 3 from
        # the index's top.
        assert len(fell_back) == 2


def test_a_scope_is_past_the_bound_by_the_rows_it_may_read(tmp_path: Path, bounded: None) -> None:
    # Whether a scope holds more than RANKED_MATCHES rows is counted in its index alone (no row
    # read) while every stored row is readable; once an episode can expire, expired rows not yet
    # deleted do not count: a scope of 15 readable rows (and 10 expired) is ranked exactly.
    from datetime import timedelta

    from memstrata.clock import utcnow

    with Memory(tmp_path / "m.db", embedder=None, extractor=None, user_id="u") as memory:
        old = memory.add("the garden shed was painted blue").episode_id
        for i in range(40):
            memory.add(f"the garden of another user, day {i}", user_id="w")
        for i in range(14):
            memory.add(f"the garden looked lovely on day {i}")
        statements: list[str] = []
        memory.store.db.conn.set_trace_callback(statements.append)
        assert len(memory.store.fts_segments(memory.scope, '"garden"', 100)) == 15
        memory.store.db.conn.set_trace_callback(None)
        counts = [q for q in statements if q.startswith("SELECT count(*) FROM (SELECT 1 FROM segments")]
        assert len(counts) == 1 and "expires_at" not in counts[0]  # the index alone
        gone = [memory.add(f"the garden gate squeaked on day {i}", ttl=1).episode_id for i in range(10)]
        later = utcnow() + timedelta(seconds=5)
        for ranked in (memory.store.fts_segments(memory.scope, '"garden"', 100, now=later),
                       memory.store.fts_turns(memory.scope, '"garden"', 100, now=later)):
            episodes = [e.id for _, e in _segments(memory, ranked)]
            assert len(episodes) == 15 and old in episodes and not set(episodes) & set(gone)


@pytest.mark.parametrize("span", [0, 10_000])  # segments joined period by period; read by episode id range
def test_several_periods_and_interleaved_conversations_find_what_the_unbounded_search_finds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, span: int) -> None:
    # "in May" is every May of the years searched (OR-ed periods), and a pooled store interleaves
    # its conversations' days by id: the bounds are read period by period, may hold more rows than
    # the periods' own (``_segment_bounds``), and must never lose one of them.
    from datetime import UTC, datetime

    from memstrata.filter import Or, parse

    monkeypatch.setattr(sqlite_store, "SPAN_PER_EPISODE", span)
    with Memory(tmp_path / "m.db", embedder=None, extractor=None, user_id="u") as memory:
        for conversation in ("a", "b"):
            for year in (2022, 2023, 2024):
                for month in (4, 5, 6):
                    memory.add(f"The garden note of {conversation} is here. Another note follows it.",
                               created_at=datetime(year, month, 10, tzinfo=UTC), session_id=conversation)
        mays = Or(tuple(parse(f'created_at >= "{y}-05-01T00:00:00Z" AND created_at < "{y}-06-01T00:00:00Z"')
                        for y in (2024, 2022, 2023)))  # out of order, as a caller may give them
        year = parse('created_at >= "2023-01-01T00:00:00Z" AND created_at < "2024-01-01T00:00:00Z"')
        april = parse('created_at >= "2022-04-01T00:00:00Z" AND created_at < "2022-05-01T00:00:00Z"')

        def both() -> list[tuple[list[tuple[int, float]], list[tuple[int, float]]]]:
            return [(memory.store.fts_segments(memory.scope, '"garden" OR "note"', 50, filter=f),
                     memory.store.fts_turns(memory.scope, '"garden" OR "note"', 50, filter=f))
                    for f in (mays, year, april)]
        bounded = both()
        monkeypatch.setattr(sqlite_store, "PERIOD_LOOKUPS", 0)
        assert bounded == both()
        assert [len(s) for s, _ in bounded] == [12, 12, 4] and [len(t) for _, t in bounded] == [6, 6, 2]


def test_a_table_within_the_bound_ranks_every_match_without_counting_them(tmp_path: Path, bounded: None) -> None:
    """A table holding at most ``RANKED_MATCHES`` rows cannot match more: its matches are ranked whole,
    with no walk counting them first; one row more and they are counted, and past the bound the
    newest are ranked."""
    walks: list[str] = []
    with Memory(tmp_path / "m.db", embedder=None, extractor=None, user_id="u") as memory:
        memory.store.db.conn.set_trace_callback(lambda sql: walks.append(sql) if "MATCH" in sql and "OFFSET" in sql
                                               else None)
        ids = [memory.add(f"the garden looked lovely on day {i} of spring", session_id="s1").episode_id
               for i in range(20)]
        walks.clear()
        segments = _segments(memory, memory.store.fts_segments(memory.scope, "\"garden\"", 50))
        turns = _segments(memory, memory.store.fts_turns(memory.scope, "\"garden\"", 50))
        sessions = memory.store.fts_sessions(memory.scope, "\"garden\"", 50)
        assert {s.episode_id for s, _ in segments} == {s.episode_id for s, _ in turns} == set(ids)
        assert len(sessions) == 1 and walks == []

        newest = memory.add("the garden looked lovely on the last day of spring", session_id="s1").episode_id
        walks.clear()
        turns = _segments(memory, memory.store.fts_turns(memory.scope, "\"garden\"", 50))
        assert walks and {s.episode_id for s, _ in turns} == {*ids[1:], newest}
