"""Cursor pages (``Memory.page``) on every store: writes between pages neither repeat nor skip a
row (offset pages repeat items after a write). Rows that exist from
the first page to the last come exactly once, also when they share a ``created_at`` (one
transaction) and when one is re-stated (which moves it in the offset order)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from conftest import START, OpenMemory
from memstrata import InvalidInput
from memstrata.paging import Page
from memstrata.types import Episode, Fact

SAID = ["I like tea", "I live in Berlin", "I have a dog named Rex", "I am allergic to peanuts",
        "I prefer UPS for delivery", "My favourite colour is blue", "I work as a nurse", "I like hiking",
        "I like jazz", "I speak French", "My birthday is March 3", "I prefer window seats"]


def _walk(first: Page[Fact] | Page[Episode], more: object) -> list[int]:
    ids = [row.id for row in first.items]
    cursor = first.next_cursor
    while cursor is not None:
        page = more(cursor)  # type: ignore[operator]
        ids += [row.id for row in page.items]
        cursor = page.next_cursor
    return ids


def test_fact_pages_stay_right_when_facts_are_added_restated_and_deleted(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="u")
    memory.add_many([memory.message(text) for text in SAID])  # one transaction: one created_at for all 12
    before = {f.id for f in memory.list(limit=100)}
    assert len(before) == 12
    first = memory.page(limit=5)
    assert len(first.items) == 5 and first.next_cursor is not None
    memory.add("I like chess")  # a new fact: recorded after the cursor, so not in later pages
    [restated] = memory.add("I like tea").facts  # the oldest fact, not listed yet: moves up the offset order
    assert restated.action == "touch" and restated.fact.id not in {f.id for f in first.items}
    memory.delete(first.items[0].id)  # one already listed goes
    ids = _walk(first, lambda c: memory.page(limit=5, cursor=c))
    assert len(ids) == len(set(ids)) == 12 and set(ids) == before


def test_episode_pages_stay_right_when_messages_arrive(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="u")
    # two messages share each time: the id breaks the tie
    memory.add_many([memory.message(f"note {i}", created_at=START + timedelta(minutes=i // 2)) for i in range(7)])
    first = memory.page(kind="episode", limit=3)
    memory.add("said just now")
    late = memory.add("said long ago", created_at=START - timedelta(days=1))  # new, and older than every page
    ids = _walk(first, lambda c: memory.page(kind="episode", limit=3, cursor=c))
    contents = {e.id: e.content for e in memory.list(kind="episode", limit=100)}
    assert len(ids) == len(set(ids)) and [contents[i] for i in ids] == [
        "note 6", "note 5", "note 4", "note 3", "note 2", "note 1", "note 0", "said long ago"]
    assert ids[-1] == late.episode_id
    # a filter and a cursor together (their bound parameters meet in one statement)
    narrowed = memory.page(kind="episode", limit=2, cursor=first.next_cursor, filter='role = "user"')
    assert [e.content for e in narrowed.items] == ["note 3", "note 2"]


def test_a_cursor_is_checked(open_memory: OpenMemory) -> None:
    memory = open_memory(user_id="u")
    memory.add_many([memory.message(text) for text in SAID[:3]])
    facts = memory.page(limit=2)
    assert facts.next_cursor is not None and memory.page(limit=2, cursor="start").items == facts.items
    with pytest.raises(InvalidInput, match="not a cursor memstrata gave"):
        memory.page(cursor="bm90IGEgY3Vyc29y")
    with pytest.raises(InvalidInput, match="given by a list of facts"):
        memory.page(kind="episode", cursor=facts.next_cursor)
    with pytest.raises(InvalidInput, match="limit"):
        memory.page(limit=0)
    # the other arguments select as in ``list``: a key prefix, every status
    assert [f.key for f in memory.page(key="identity").items] == ["identity.location"]
    assert memory.page(status="all", limit=10).next_cursor is None
