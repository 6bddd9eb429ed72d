"""List and choice arguments are checked alike on every door: a string
where a list is expected, an empty list, an unknown kind or status is ``invalid_input`` naming
the argument and the bad value, in the same words through the SDK, REST (a real server over
HTTP), MCP (the official client, in-process) and the CLI (in-process, ``clirun``). Before, the SDK
raised a bare ``TypeError`` for ``kinds=5``, ``list(status="actve")`` and ``memstrata list --status
actve`` answered an empty list, and REST said ``kinds: Input should be a valid list``."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from mcpclient import call, in_process
from serverproc import Server

from clirun import Run, cli
from memstrata import InvalidInput, Memory

pytestmark = pytest.mark.usefixtures("embedder")  # in-process CLI and MCP use the run's loaded model

AS_STRING = 'kinds must be a list of \'fact\' and/or \'episode\' (such as ["fact"]), got the string "fact"'
UNKNOWN = 'kinds holds the string "facts", which is not a kind: use \'fact\' or \'episode\''
EMPTY = "kinds must name at least one of 'fact', 'episode', got an empty list"
NUMBER = 'kinds must be a list of \'fact\' and/or \'episode\' (such as ["fact"]), got a number (5)'
STATUS = ('status is the string "actve", which is not a status: use \'active\', \'superseded\', \'archived\' or '
          "'all', or a list of them")
KINDS = [("fact", AS_STRING), (["facts"], UNKNOWN), ([], EMPTY), (5, NUMBER)]
#: The same checks on the command line: the option typed in the argument's place (``--kind``, not ``kinds``).
CLI_UNKNOWN, CLI_STATUS = UNKNOWN.replace("kinds", "--kind", 1), "--" + STATUS


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory, embedder: Any) -> Path:
    path = tmp_path_factory.mktemp("args") / "memory.db"
    with Memory(path, embedder=embedder, user_id="u1") as memory:
        memory.add("I'm allergic to peanuts")
    return path


def _sdk_error(call_: Any) -> str:
    with pytest.raises(InvalidInput) as caught:
        call_()
    assert caught.value.code == "invalid_input"
    return str(caught.value)


def test_the_sdk_names_the_argument_and_the_value(db: Path, embedder: Any) -> None:
    with Memory(db, embedder=embedder, user_id="u1") as memory:
        for kinds, message in KINDS:
            assert _sdk_error(lambda k=kinds: memory.search("peanuts", kinds=k)) == message
            assert _sdk_error(lambda k=kinds: memory.context("peanuts", kinds=k)) == message
        assert _sdk_error(lambda: memory.list(status="actve")) == STATUS
        # with as_of as without (the CLI's recall --as-of said so before the store; the SDK searched)
        assert _sdk_error(lambda: memory.search("peanuts", status="actve", as_of=datetime.now(UTC))) == STATUS
        assert _sdk_error(lambda: memory.page(status=["active", "actve"])).startswith('status holds the string "actve"')
        assert _sdk_error(lambda: memory.list(status=[])).startswith("status must name at least one status")
        assert _sdk_error(lambda: memory.list(key=["health"])) == (  # type: ignore[arg-type]
            "key must be a string: a key or a key prefix such as 'shipping', got a list ([\"health\"])")
        assert [f.key for f in memory.list(status=["active", "all"])] == ["health.allergy"]  # good values still work


def test_rest_answers_the_sdks_words(open_server: Server) -> None:
    with open_server.client() as client:
        client.post("/v1/messages", json={"user_id": "u1", "messages": [{"content": "I'm allergic to peanuts"}]})
        for kinds, message in KINDS:
            for route in ("/v1/search", "/v1/context"):
                answer = client.post(route, json={"user_id": "u1", "query": "peanuts", "kinds": kinds})
                assert answer.status_code == 422, answer.text
                error = answer.json()["error"]
                assert (error["code"], error["message"], error["details"]["field"]) == ("invalid_input", message,
                                                                                        "kinds")
        listed = client.get("/v1/facts", params={"user_id": "u1", "status": "actve"})
        assert listed.status_code == 422 and listed.json()["error"]["message"] == STATUS
        assert client.get("/v1/facts", params={"user_id": "u1", "status": "all"}).status_code == 200


def test_mcp_answers_the_sdks_words(db: Path) -> None:
    async def scenario() -> list[Any]:
        async with in_process(db, "--user", "u1") as client:
            return [await call(client, "get_context", query="peanuts", kinds=kinds) for kinds, _ in KINDS]
    for answer, (_, message) in zip(asyncio.run(scenario()), KINDS, strict=True):
        assert answer == {"error": f"invalid_input: get_context: {message}"}


def test_the_cli_answers_the_sdks_words_naming_its_option(db: Path) -> None:
    for args, message in ((("recall", "peanuts", "--kind", "facts"), CLI_UNKNOWN),
                          (("context", "peanuts", "--kind", "facts"), CLI_UNKNOWN),
                          (("list", "--status", "actve"), CLI_STATUS)):
        done = cli(*args, "--db", db, "--user", "u1")
        assert done.returncode == 2, (args, done.stdout)
        assert " ".join(done.stderr.split()) == f"error[invalid_input]: {message}", args


def test_cli_list_kind_and_recall_status_take_what_the_sdk_takes(tmp_path: Path, embedder: Any) -> None:
    """``list --kind`` and ``recall --status`` were no CLI options though the
    SDK has ``list(kind=...)`` and statuses; now they are, checked by the same rule (``arguments``)."""
    db = tmp_path / "carrier.db"
    with Memory(db, embedder=embedder, user_id="u1") as memory:
        memory.add("I use 顺丰 for delivery")
        memory.add("Switch to UPS from now on")

    def on_db(*args: str) -> Run:
        return cli(*args, "--db", db, "--user", "u1")
    episodes = on_db("list", "--kind", "episode", "--json")
    assert sorted(e["content"] for e in episodes.json()) == ["I use 顺丰 for delivery", "Switch to UPS from now on"]
    assert [f["value"] for f in on_db("list", "--kind", "fact", "--json").json()] == ["UPS"]
    for args, message in ((("list", "--kind", "facts"), CLI_UNKNOWN),
                          (("recall", "carrier", "--status", "actve"), CLI_STATUS)):
        done = on_db(*args)
        assert done.returncode == 2, (args, done.stdout)
        assert " ".join(done.stderr.split()) == f"error[invalid_input]: {message}", args

    def facts(*status: str) -> list[tuple[str, bool]]:
        return sorted((h["value"], h["superseded"]) for h in on_db("recall", "delivery carrier", "--kind", "fact",
                                                                   *status, "--json").json())
    assert facts() == facts("--status", "active") == [("UPS", False)]
    assert facts("--status", "superseded") == [("顺丰", True)]
    assert facts("--status", "all") == [("UPS", False), ("顺丰", True)]


def test_list_refuses_a_limit_or_offset_out_of_range_as_page_and_rest_do(db: Path, embedder: Any) -> None:
    """``list(limit=0)`` answered ``[]`` (``memstrata list --limit 0``: "no active facts", though one is
    stored) and ``limit=-1`` every row (SQLite's LIMIT -1); ``page``, ``search`` and REST refuse both.
    ``list`` keeps no upper bound (a whole scope on request); ``page`` keeps its 1000."""
    with Memory(db, embedder=embedder, user_id="u1") as memory:
        for limit in (0, -1, True, "5"):
            for kind in ("fact", "episode"):
                assert _sdk_error(lambda n=limit, k=kind: memory.list(kind=k, limit=n)) == (
                    f"limit must be a whole number from 1 up, got {limit!r}")
            assert _sdk_error(lambda n=limit: memory.page(limit=n)) == (
                f"limit must be a whole number from 1 to 1000, got {limit!r}")
        assert _sdk_error(lambda: memory.list(offset=-1)) == "offset must be an integer >= 0, got -1"
        assert [f.key for f in memory.list(limit=1, offset=0)] == ["health.allergy"]  # good values still work
        assert [f.key for f in memory.list(limit=10_000)] == ["health.allergy"]
        assert memory.list(limit=1000, offset=1) == []
    for limit in ("0", "-1"):
        done = cli("list", "--limit", limit, "--db", db, "--user", "u1")
        assert done.returncode == 2, (limit, done.stdout)
        wanted = f"error[invalid_input]: --limit must be a whole number from 1 up, got {limit}"
        assert " ".join(done.stderr.split()) == wanted


def test_a_blank_key_is_refused_and_a_prefix_with_its_dot_is_read(db: Path, embedder: Any,
                                                                   open_server: Server) -> None:
    """``list(key="")`` (an unset variable) and ``key=" "`` answered ``[]`` as if nothing were stored,
    ``memstrata list --key ' '`` "no active facts ... under key", REST ``?key=`` an empty list: each is
    now ``invalid_input`` naming ``key``. ``key="health."`` (a prefix with its dot) and ``" health.allergy"``
    found nothing; no stored key has a trailing dot or outer spaces, so they are read without them."""
    empty = "key is empty ({}); give a key or a key prefix such as 'shipping', or no key for every fact"
    with Memory(db, embedder=embedder, user_id="u1") as memory:
        for blank in ("", "  ", "."):
            assert _sdk_error(lambda b=blank: memory.list(key=b)) == empty.format(repr(blank))
            assert _sdk_error(lambda b=blank: memory.page(key=b)) == empty.format(repr(blank))
        for key in ("health.", " health.allergy ", "health"):
            assert [f.key for f in memory.list(key=key)] == ["health.allergy"] == [f.key for f in
                                                                                   memory.page(key=key).items]
    done = cli("list", "--key", " ", "--db", db, "--user", "u1", "--json")
    assert done.returncode == 2 and json.loads(done.stderr)["error"] == {
        "code": "invalid_input", "message": "--" + empty.format("' '"), "details": {"field": "key"}}, done.stderr
    with open_server.client() as client:
        answer = client.get("/v1/facts", params={"user_id": "u1", "key": " "})
        assert answer.status_code == 422 and answer.json()["error"]["details"] == {"field": "key"}, answer.text


def test_list_takes_a_limit_or_offset_past_sql_integers(db: Path, embedder: Any) -> None:
    """``list`` has no upper bound on ``limit``, yet ``limit=10**20`` (or ``offset=10**20``) raised the driver's
    ``OverflowError`` (``memstrata list --limit 99999999999999999999``: ``error[internal]``): such a limit reads
    every row, such an offset is past every row."""
    with Memory(db, embedder=embedder, user_id="u1") as memory:
        for kind in ("fact", "episode"):
            assert len(memory.list(kind=kind, limit=10**20)) == 1
            assert memory.list(kind=kind, offset=10**20) == []
    done = cli("list", "--limit", "99999999999999999999", "--db", db, "--user", "u1", "--json")
    assert done.returncode == 0 and [f["key"] for f in json.loads(done.stdout)] == ["health.allergy"], done.stderr
