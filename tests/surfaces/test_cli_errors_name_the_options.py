"""A command-line error names the option the user typed, not the SDK argument it fills.

The CLI passed the SDK's messages on as they were: ``memstrata context x -b 0`` said ``budget_tokens
must be ...``, ``--kind bogus`` ``kinds holds ...``, ``--user $'a\\x01'`` ``scope user_id ... contains
control characters``, ``remember ""`` ``content is empty``: words the command line has no option for.
Now each names the option as typed (``--budget-tokens``, ``--kind``, ``--user``) or the argument as the
usage line shows it (``TEXT``, ``QUERY``), with the value; exit status 2; nothing stored (the database file
is not created). ``--json``'s ``details.field`` stays the argument's name, as on every door. The commands
run in this process (``clirun``) against a file that does not exist: each is refused before the store.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.clirun import cli

from memstrata.cli.session import cli_message
from memstrata.errors import InvalidInput

CASES = [
    (["context", "x", "-b", "0"], "--budget-tokens must be a whole number from 40 up, got 0"),
    (["context", "x", "--kind", "bogus"], '--kind holds the string "bogus", which is not a kind'),
    (["recall", "x", "--kind", "episodes"], '--kind holds the string "episodes", which is not a kind'),
    (["recall", "x", "--context", "-1"], "--context must be a whole number from 0 up, got -1"),
    (["recall", "x", "--mode", "bogus"], "--mode must be one of long_term, short_term, both, got 'bogus'"),
    (["recall", "x", "--min-match", "2"], "--min-match must be a number from 0 to 1, got 2.0"),
    (["recall", " "], "QUERY is empty; say what to recall"),
    (["recall", "x", "--user", "a\x01b"], "--user 'a\\x01b' contains control characters"),
    (["context", "x", "--session", "s\x1b"], "--session 's\\x1b' contains control characters"),
    (["list", "--status", "actve"], '--status is the string "actve", which is not a status'),
    (["list", "--limit", "0"], "--limit must be a whole number from 1 up, got 0"),
    (["list", "--key", " "], "--key is empty (' ')"),
    (["list", "--org", "acme\u200b"], "--org 'acme\\u200b' contains an invisible format character U+200B"),
    (["history", "--key", "k", "--user", " bob"], "--user ' bob' starts or ends with whitespace"),
    (["remember", "   "], "TEXT is empty or whitespace only; nothing to remember"),
    (["remember", "hi", "--ttl", "-1"], "--ttl must be a positive number of seconds, got -1.0"),
    (["remember", "hi", "--idempotency-key", ""], "--idempotency-key must be a non-empty string"),
    (["remember", "hi", "--role", "bot"], "--role must be one of user, assistant, system, tool; got 'bot'"),
    (["update", "1"], "memstrata update needs --value, --importance or --confidence; nothing was changed"),
    (["forget", "--user", "a\x01", "-y"], "--user 'a\\x01' contains control characters"),
    (["keys", "create", "--org", " ", "--project", "p"], "--org must be a non-empty string, got ' '"),
]


@pytest.mark.parametrize(("args", "wanted"), CASES, ids=[" ".join(a[:3]) for a, _ in CASES])
def test_a_bad_value_is_refused_in_the_options_words(tmp_path: Path, args: list[str], wanted: str) -> None:
    db = tmp_path / "m.db"
    run = cli(*args, "--db", db, env={"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"})
    assert run.returncode == 2, run.stderr
    assert run.stderr.startswith(f"error[invalid_input]: {wanted}"), run.stderr
    assert not db.exists()  # nothing stored, not even an empty file


def test_json_names_the_option_in_the_message_and_the_argument_in_the_details(tmp_path: Path) -> None:
    run = cli("recall", "x", "--user", "a\x01", "--json", "--db", tmp_path / "m.db",
              env={"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"})
    assert run.returncode == 2
    assert json.loads(run.stderr) == {"error": {"code": "invalid_input", "details": {"field": "user_id"},
                                                "message": "--user 'a\\x01' contains control characters"}}


def test_a_message_that_does_not_open_with_the_argument_is_kept() -> None:
    # outside a command (no context) and a field named later in the message: nothing to put in its place
    exc = InvalidInput("no user_id, agent_id or session_id given", field="user_id")
    assert cli_message(exc) == "no user_id, agent_id or session_id given"

