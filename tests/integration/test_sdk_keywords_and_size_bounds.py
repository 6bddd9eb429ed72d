"""SDK argument checks and size bounds, on real SQLite files: ``get(..., kind=...)`` and unknown
keywords, and the size bounds of one message (segments, the text a hit carries)."""

from __future__ import annotations

from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.errors import ContentTooLarge, InvalidInput
from memstrata.recall.excerpt import HIT_TEXT_CHARS
from memstrata.text.segment import MAX_SEGMENTS
from memstrata.types import Episode, Fact


def test_get_takes_a_kind_like_list(memory: Memory) -> None:
    memory.add("I'm allergic to peanuts")
    episode = memory.get(1, kind="episode")
    assert isinstance(episode, Episode) and episode.content == "I'm allergic to peanuts"
    fact = memory.get(1, kind="fact")
    assert isinstance(fact, Fact) and fact.value == "peanuts"
    with pytest.raises(InvalidInput, match=r"kind must be 'fact' or 'episode', got 'segment'"):
        memory.get(1, kind="segment")
    with pytest.raises(InvalidInput, match="kind='fact' with episode_id"):
        memory.get(kind="fact", episode_id=1)


def test_an_unknown_keyword_names_the_public_method_and_the_scope_keywords(memory: Memory) -> None:
    with pytest.raises(TypeError) as caught:
        memory.get(1, kinds="episode")  # type: ignore[call-arg]
    message = str(caught.value)
    assert "Memory.get() got an unexpected keyword argument 'kinds'" in message
    assert "org_id, project_id, user_id, agent_id, session_id" in message and "_scope" not in message
    with pytest.raises(TypeError, match=r"Memory\.list\(\) got an unexpected keyword argument 'tag'"):
        memory.list(tag="health")  # type: ignore[call-arg]


def test_a_mistyped_keyword_names_the_method_called_and_the_closest_argument(memory: Memory) -> None:
    # search checks its scope inside a lambda: it was "Memory.<lambda>() got an unexpected keyword argument 'usr'"
    with pytest.raises(TypeError) as caught:
        memory.search("hi", usr="b")  # type: ignore[call-arg]
    assert str(caught.value).startswith("Memory.search() got an unexpected keyword argument 'usr' "
                                        "(did you mean 'user_id'?); ")
    with pytest.raises(TypeError, match=r"^Memory\.context\(\) got an unexpected keyword argument 'limt' "
                                        r"\(did you mean 'limit'\?\)"):
        memory.context("hi", limt=3)  # type: ignore[call-arg]
    with pytest.raises(InvalidInput, match=r"^unknown argument\(s\): sesion_id \(did you mean 'session_id'\?\)$"):
        memory.add("hi", sesion_id="chat")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"argument 'zzz'; besides"):  # nothing close: no guess
        memory.list(zzz=1)  # type: ignore[call-arg]
    assert memory.list(kind="episode") == []


def test_a_message_over_the_size_limit_is_refused_and_nothing_is_stored(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, user_id="u1") as mem:
        with pytest.raises(ContentTooLarge, match=r"content is 262,145 bytes; the limit is 262,144"):
            mem.add("x" * 262_145)
        assert mem.list(kind="episode") == []


def test_a_long_message_of_short_lines_is_packed_and_hits_carry_a_window(tmp_path: Path) -> None:
    lines = [f"ok {i}." for i in range(25_000)]
    lines[18_000] = "The spare key is under the blue flowerpot."
    content = "\n".join(lines)  # ~220 KB: one segment a line would be 25,000 segments
    # No fact extraction: reading facts from 25,000 clauses took 15 s of the test, and facts are
    # not what it checks (segments and the hit's window are).
    with Memory(tmp_path / "m.db", embedder=None, extractor=None, user_id="u1") as mem:
        result = mem.add(content)
        assert result.segments <= MAX_SEGMENTS
        [hit] = [h for h in mem.search("where is the spare key flowerpot", limit=3) if h.kind == "episode"][:1]
        assert hit.episode is not None and len(hit.text) <= HIT_TEXT_CHARS + 2
        assert hit.text.startswith("…") and hit.text.endswith("…") and hit.episode.content == hit.text
        assert "The spare key is under the blue flowerpot." in hit.text
        whole = mem.get(episode_id=hit.id)
        assert isinstance(whole, Episode) and whole.content == content  # get returns it whole
