"""A dialogue whose last turn alone is over the query bound is refused saying so. The refusal said "a longer
dialogue is read from its latest turns that fit" of a dialogue it refused, which read as a contradiction; it now
names the last turn's length. A dialogue whose latest turns fit is read, as before."""

from __future__ import annotations

import pytest

from memstrata.errors import InvalidInput
from memstrata.recall.query import MAX_QUERY_CHARS, CheckedSearch, check_search


def _check(query: str) -> CheckedSearch:
    return check_search(query, limit=5, kinds=("fact", "episode"), expand_context=0, status=None, min_score=0.0,
                        min_match=0.0, filter=None, mode="long_term")


def test_a_dialogue_whose_last_turn_does_not_fit_names_that_turn() -> None:
    last = "tell me about my trip " * (MAX_QUERY_CHARS // 20)
    dialogue = f"user: hi\nassistant: hello\nuser: {last}"
    with pytest.raises(InvalidInput) as refused:
        _check(dialogue)
    assert f"whose last turn alone is {len(last.strip()):,} characters" in str(refused.value)
    assert refused.value.field == "query"


def test_a_dialogue_whose_latest_turns_fit_is_read_from_them() -> None:
    chat = "\n".join(f"user: day {i} was fine\nassistant: good to hear about day {i}" for i in range(600))
    read = _check(f"{chat}\nuser: where do I live?").query
    assert len(read) <= MAX_QUERY_CHARS and read.endswith("user: where do I live?")
