"""A dialogue over the query bound is cut to its latest turns once per search: the command line's
check of its arguments cut it (and threw the cut away), then ``Memory.search`` cut the whole dialogue
again. The check now hands on the text it read (``CheckedSearch.query``), and every door searches that."""

from __future__ import annotations

from pathlib import Path

import pytest

from clirun import cli
from memstrata.recall import query as query_module
from memstrata.recall.query import MAX_QUERY_CHARS, check_search
from memstrata.text.clauses import latest_turns

CHAT = "\n".join(f"user: what about the weather on day {i}?\nassistant: Mild and dry on day {i}." for i in range(400))
DIALOGUE = f"{CHAT}\nuser: which city has the old yellow trams I love?"


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each cut of a long dialogue (``latest_turns`` as the search's check calls it), by its length."""
    cuts: list[int] = []

    def counting(text: str, limit: int) -> str | None:
        cuts.append(len(text))
        return latest_turns(text, limit)
    monkeypatch.setattr(query_module, "latest_turns", counting)
    return cuts


def test_the_check_returns_the_latest_turns_it_read() -> None:
    assert len(DIALOGUE) > MAX_QUERY_CHARS
    read = check_search(DIALOGUE, limit=3, kinds=("fact", "episode"), expand_context=0, status=None,
                        min_score=0.0, min_match=0.0, filter=None, mode="long_term").query
    assert read == latest_turns(DIALOGUE, MAX_QUERY_CHARS)
    assert read.endswith("which city has the old yellow trams I love?")
    assert check_search("where do I live?", limit=3, kinds=("fact",), expand_context=0, status=None,
                        min_score=0.0, min_match=0.0, filter=None, mode="long_term").query == "where do I live?"


@pytest.mark.parametrize("command", ["recall", "context"])
def test_the_command_line_cuts_a_long_dialogue_once(command: str, tmp_path: Path, embedder: object,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "m.db"
    assert cli("remember", "I love the old yellow trams of Lisbon", "--db", db, "--user", "u").code == 0
    cuts = _counted(monkeypatch)
    run = cli(command, DIALOGUE, "--db", db, "--user", "u")
    assert run.code == 0, run.err
    assert "Lisbon" in run.out
    assert cuts == [len(DIALOGUE)]
