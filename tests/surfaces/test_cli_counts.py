"""Every count the command line prints agrees with its number: ``1 episode``, ``2 episodes``,
``0 facts`` (``text.counts``). Before, each message wrote its plural by hand: ``Forgot user=u:
1 episodes, 1 segments, 1 facts, 1 memory_events``, ``imported 1 messages; database now holds 1
episodes``, ``exported 1 facts and 1 episodes``. Real SQLite files, the CLI in process."""

from __future__ import annotations

import re
from pathlib import Path

from clirun import cli
from memstrata.text.counts import counted, counted_rows, noun

MODEL = {"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"}


def _said(*args: str | Path) -> str:
    run = cli(*args, env=MODEL)
    assert run.code == 0, (args, run.err)
    return " ".join(run.out.split())


def _number_of(what: str, said: str, pattern: str) -> int:
    """The count ``pattern`` finds at the start of ``said``, checked to agree with its noun."""
    found = re.match(pattern, said)
    assert found is not None, said
    assert found[2] == noun(int(found[1]), what.removesuffix("s")), said
    return int(found[1])


def test_one_of_each_is_said_in_the_singular(tmp_path: Path) -> None:
    log = tmp_path / "one.jsonl"
    log.write_text('{"content": "I prefer UPS for delivery"}\n', encoding="utf-8")
    db = tmp_path / "m.db"
    assert _said("import", log, "--user", "u", "--db", db) == (
        "imported 1 message; database now holds 1 episode, 1 segment, 1 active fact")
    records = _number_of("records", _said("export", "-o", tmp_path / "e.jsonl", "--user", "u", "--db", db),
                         r"exported (\d+) (records?) to ")
    assert _said("export", "--format", "markdown", tmp_path / "md", "--user", "u", "--db", db) == (
        f"exported 1 fact and 1 episode of u to {tmp_path / 'md'} (MEMORY.md and 1 daily note)")
    assert _said("import", tmp_path / "e.jsonl", "--db", tmp_path / "copy.db").startswith(
        f"restored 1 episode, 1 fact, 1 event from {counted(records, 'record')} ")
    assert _said("forget", "--user", "u", "--yes", "--db", db).startswith(
        "Forgot user=u: 1 episode, 1 segment, 1 fact, 1 memory event receipt: ")


def test_two_are_said_in_the_plural(tmp_path: Path) -> None:
    log = tmp_path / "two.jsonl"
    log.write_text('{"content": "I prefer UPS for delivery"}\n{"content": "I am allergic to peanuts"}\n',
                   encoding="utf-8")
    db = tmp_path / "m.db"
    assert _said("import", log, "--user", "u", "--db", db) == (
        "imported 2 messages; database now holds 2 episodes, 2 segments, 2 active facts")
    assert _said("forget", "--user", "u", "--yes", "--db", db).startswith(
        "Forgot user=u: 2 episodes, 2 segments, 2 facts, 2 memory events receipt: ")


def test_the_one_helper_counts_in_english() -> None:
    assert [counted(n, "fact") for n in (0, 1, 2)] == ["0 facts", "1 fact", "2 facts"]
    assert [counted(n, "batch") for n in (1, 3)] == ["1 batch", "3 batches"]
    assert counted(1, "session summary") == "1 session summary" and counted(2, "summary") == "2 summaries"
    assert noun(1, "user") == "user" and noun(2, "user") == "users"
    assert counted_rows({"episodes": 1, "segments": 1, "facts": 0, "memory_events": 1, "api_keys_revoked": 2,
                         "memory_events_scrubbed": 1}) == (
        "1 episode, 1 segment, 1 memory event, 2 API keys revoked, 1 memory event scrubbed")
