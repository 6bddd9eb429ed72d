"""Query expansion in recall, on real stores with the real model: a query naming a day finds
what was said that day (``recall.periods``, ``Settings.time_weight``)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from memstrata import Memory
from memstrata.config import Settings
from memstrata.embed.base import EmbeddingCache

# One user, one session a day; the short turns of other days say "happy" (开心) more plainly
# than the long one said on 1 May, so word and vector matching alone rank them first.
#: One search time for every store of a comparison: recency counts from it, so two stores searched
#: a few milliseconds apart would score the same hits differently in the last digits.
LATER = datetime.now(UTC) + timedelta(days=1)

DAYS_EN = [
    ((2023, 4, 27), "I was so happy today, happy happy!"),
    ((2023, 4, 28), "Happy birthday to my sister, we had cake."),
    ((2023, 4, 29), "I feel happy when I paint."),
    ((2023, 5, 1), "My coach praised my progress at the gym, a happy surprise after all the training I have "
                   "been putting in lately."),
    ((2023, 5, 2), "Happy to be home."),
]
DAYS_ZH = [
    ((2023, 4, 27), "今天很开心，开心极了！"),
    ((2023, 4, 28), "妹妹生日快乐，我们一起吃了蛋糕，很开心。"),
    ((2023, 4, 29), "画画的时候我很开心。"),
    ((2023, 5, 1), "健身教练夸我最近的训练成果很不错，说我的身材练得越来越好，这段时间的努力没有白费，我也挺开心。"),
    ((2023, 5, 2), "回到家真开心。"),
]


def ranked(location: str | Path, embedder: EmbeddingCache, days: list[tuple[tuple[int, int, int], str]],
           query: str, **settings: float) -> list[str]:
    with Memory(location, settings=replace(Settings(), **settings), embedder=embedder,
                extractor=None, user_id="u") as memory:
        for (y, m, d), text in days:
            memory.add(text, speaker="u", session_id=f"{y}-{m}-{d}", created_at=datetime(y, m, d, 12, tzinfo=UTC))
        return [h.text for h in memory.search(query, limit=3, kinds=("episode",))]


def test_a_question_naming_a_day_finds_what_was_said_that_day(location: str | Path,
                                                               embedder: EmbeddingCache) -> None:
    said_on_may_1 = DAYS_EN[3][1]
    assert ranked(location, embedder, DAYS_EN, "What made me happy on May 1?", time_weight=0.0)[0] != said_on_may_1
    assert ranked(location, embedder, DAYS_EN, "What made me happy on May 1?")[0] == said_on_may_1


def test_a_chinese_question_naming_a_day_finds_what_was_said_that_day(tmp_path: Path,
                                                                       embedder: EmbeddingCache) -> None:
    said_on_may_1 = DAYS_ZH[3][1]
    question = "在5月1号，我遇到了什么开心的事情？"
    assert ranked(tmp_path / "off.db", embedder, DAYS_ZH, question, time_weight=0.0)[0] != said_on_may_1
    assert ranked(tmp_path / "on.db", embedder, DAYS_ZH, question)[0] == said_on_may_1


def test_a_day_without_memories_changes_nothing(tmp_path: Path, embedder: EmbeddingCache) -> None:
    question = "What made me happy on 9 September 2021?"
    assert (ranked(tmp_path / "off.db", embedder, DAYS_EN, question, time_weight=0.0)
            == ranked(tmp_path / "on.db", embedder, DAYS_EN, question))


def searched(location: str | Path, embedder: EmbeddingCache, days: list[tuple[tuple[int, int, int], str]],
             query: str, *, expired: tuple[int, int, int] | None = None,
             **settings: float) -> tuple[list[tuple[str, float]], int]:
    """Hits (text, score) of ``query`` over ``days``, and how many full-text searches restricted
    to a period the search ran (statements SQLite executed); ``expired``: also a memory said
    that day which has expired by the time of the search."""
    with Memory(location, settings=replace(Settings(), **settings), embedder=embedder,
                extractor=None, user_id="u") as memory:
        for (y, m, d), text in days:
            memory.add(text, speaker="u", session_id=f"{y}-{m}-{d}", created_at=datetime(y, m, d, 12, tzinfo=UTC))
        if expired is not None:
            memory.add("Happy happy happy, I was so happy.", speaker="u", session_id="gone", ttl=60,
                       created_at=datetime(*expired, 12, tzinfo=UTC))
        statements: list[str] = []
        memory.store.db.conn.set_trace_callback(statements.append)
        hits = memory.search(query, limit=5, kinds=("episode",), now=LATER)
        memory.store.db.conn.set_trace_callback(None)
        restricted = [q for q in statements if "segments_fts JOIN segments s" in q or "turns_fts JOIN episodes e" in q]
        return [(h.text, h.score) for h in hits], len(restricted)


def test_a_period_holding_no_memory_is_not_searched(tmp_path: Path, embedder: EmbeddingCache) -> None:
    question = "What made me happy on 9 September 2021?"
    off = searched(tmp_path / "off.db", embedder, DAYS_EN, question, time_weight=0.0)
    on = searched(tmp_path / "on.db", embedder, DAYS_EN, question)
    assert on == off and on[1] == 0  # the same hits, and no search inside the empty period


def test_a_selective_period_is_searched(tmp_path: Path, embedder: EmbeddingCache) -> None:
    assert searched(tmp_path / "m.db", embedder, DAYS_EN, "What made me happy on May 1?")[1] == 2


def test_a_period_holding_every_memory_ranks_as_if_searched_without_searching_again(
        tmp_path: Path, embedder: EmbeddingCache) -> None:
    # Every memory said on 1 May. An expired one said on 2 May makes the period look selective
    # (expired memories count, so that the check errs towards searching): the period's lists are
    # searched. Said on 1 May too, it leaves the period holding everything: they are not, and the
    # unrestricted lists count for them. The ranking must be the same; only the work differs.
    same_day = [((2023, 5, 1), text) for _, text in DAYS_EN]
    question = "What made me happy on May 1?"
    hits_searched, restricted = searched(tmp_path / "a.db", embedder, same_day, question, expired=(2023, 5, 2))
    hits_reused, none = searched(tmp_path / "b.db", embedder, same_day, question, expired=(2023, 5, 1))
    assert (restricted, none) == (2, 0)
    assert [t for t, _ in hits_reused] == [t for t, _ in hits_searched] and len(hits_reused) == 5
    assert [round(s, 6) for _, s in hits_reused] == [round(s, 6) for _, s in hits_searched]
    assert hits_reused != searched(tmp_path / "c.db", embedder, same_day, question, time_weight=0.0)[0]
