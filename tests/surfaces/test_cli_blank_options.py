"""A blank option value (``--opt "$VAR"`` with ``VAR`` unset) or an unknown choice is refused by the option's
name, before anything is read or written, never read as the default.

Before: ``memstrata status --user ""`` counted the whole database, every tenant; ``reembed --model ""``
re-embedded with the configured model; ``export -o ""`` said "-o . is a directory"; ``import --format xml``
listed three of its five formats; ``--as-of ""``, ``--at ""`` and ``--kind ""`` were read as not given;
a time out of range once in UTC (``--at 9999-12-31T23:59:59-12:00``) was ``error[internal]: OverflowError``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from clirun import cli
from memstrata import HashingEmbedder, Memory

MODEL = {"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"}


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("blank-options") / "memory.db"
    with Memory(path, user_id="u", embedder=HashingEmbedder(dim=64)) as memory:
        memory.add("I live in Paris")
    return path


@pytest.mark.parametrize(("args", "said"), [
    (["status", "--user", ""], "--user is empty, got ''"),
    (["status", "--session", " "], "--session is empty, got ' '"),
    (["reembed", "--model", " "], "--model is blank (' '); name the model to re-embed with"),
    (["export", "--user", "u", "-o", ""], "-o is blank (''); name the file to write, or leave -o out"),
    (["import", "x.jsonl", "--format", "xml"], "--format 'xml': use auto, jsonl, locomo, export or markdown"),
    # read as not given: the current memory answered for --as-of "", the message was dated now for --at "",
    # and both kinds were searched for --kind ""
    (["recall", "Paris", "--user", "u", "--as-of", ""], "--as-of: cannot parse '' as an ISO 8601"),
    (["context", "Paris", "--user", "u", "--as-of", ""], "--as-of: cannot parse '' as an ISO 8601"),
    (["remember", "I like tea", "--user", "u", "--at", ""], "--at: cannot parse '' as an ISO 8601"),
    # a time past the calendar once in UTC was an OverflowError: error[internal]
    (["remember", "I like tea", "--user", "u", "--at", "9999-12-31T23:59:59-12:00"],
     "--at: '9999-12-31T23:59:59-12:00' is out of range once converted to UTC"),
    (["recall", "Paris", "--user", "u", "--as-of", "0001-01-01T00:00:00+14:00"],
     "--as-of: '0001-01-01T00:00:00+14:00' is out of range once converted to UTC"),
    (["context", "Paris", "--user", "u", "--as-of", "9999-12-31T23:59:59-12:00"], "--as-of: '9999-12-31T23:59:59"),
    (["forget", "--user", "u", "--before", "9999-12-31T23:59:59-12:00", "--dry-run"], "--before: '9999-12-31T23"),
    (["recall", "Paris", "--user", "u", "--kind", ""], '--kind holds the string "", which is not a kind'),
    (["context", "Paris", "--user", "u", "--kind", ""], '--kind holds the string "", which is not a kind'),
])
def test_a_blank_or_unknown_option_is_refused_by_its_name(db: Path, args: list[str], said: str) -> None:
    before = db.read_bytes()
    run = cli(*args, "--db", db, env=MODEL)
    assert run.code == 2 and " ".join(run.err.split()).startswith(f"error[invalid_input]: {said}"), run
    assert db.read_bytes() == before  # nothing re-embedded or imported
