"""A pastime given up ends the like stored with its verb: after "Tom loves playing football" (stored "playing
football") "Tom doesn't play football anymore" withdrew "football" and left "playing football" current; 小明喜欢踢足球
then 小明不踢足球了 the same, and "I stopped playing tennis" withdrew no pastime at all. Now the verb of playing is no
part of which pastime a withdrawal names (``facts.withdraw.names_value``), and "playing X" given up is the pastime X
(``extract.cessation``)."""

from __future__ import annotations

import pytest

from memstrata import Memory


@pytest.mark.parametrize(("first", "then", "value"), [
    ("Tom loves playing football.", "Tom doesn't play football anymore.", "playing football"),
    ("小明喜欢踢足球", "小明不踢足球了，现在喜欢打篮球", "踢足球"),
    ("我喜欢踢足球", "我不踢足球了", "踢足球"),
    ("I love playing tennis.", "I stopped playing tennis.", "playing tennis"),
    ("I love doing yoga.", "I quit doing yoga.", "doing yoga"),
])
def test_the_pastime_given_up_is_withdrawn(memory: Memory, first: str, then: str, value: str) -> None:
    memory.add(first)
    memory.add(then)
    liked = {(f.value, f.status) for f in memory.list(kind="fact", status="all", limit=50) if f.key.endswith(".like")}
    assert (value, "superseded") in liked and (value, "active") not in liked, liked


@pytest.mark.parametrize(("first", "then"), [
    ("I like football.", "Tom doesn't play football anymore."),  # someone else's
    ("I love playing tennis.", "I stopped playing golf."),  # another pastime
])
def test_another_persons_or_another_pastime_keeps_the_like(memory: Memory, first: str, then: str) -> None:
    memory.add(first)
    memory.add(then)
    assert [f for f in memory.list(kind="fact", limit=50) if f.key == "sport.like"]
