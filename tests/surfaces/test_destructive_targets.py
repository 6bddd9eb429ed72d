"""Every destructive route of every door refuses a target that is missing, empty, null, whitespace
or filled in only from a default (the configured user or project, an API key's user), with
``invalid_input`` naming the argument, and deletes nothing: every table keeps its row count.

Doors: the SDK (SQLite and PostgreSQL), the CLI in-process through typer's ``CliRunner``, one
real ``memstrata serve`` (REST, and the inspector's forms at ``/ui``) for the module, and the server
``memstrata mcp`` builds, in-process (the MCP SDK's in-memory transport).
The deterministic ``hashing-64`` embedder keeps the set fast; what is checked is what is kept.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from mcpclient import call, in_process
from serverproc import ADMIN_KEY, Server, start_server
from typer.testing import CliRunner

from memstrata import HashingEmbedder, Memory
from memstrata.cli import app
from memstrata.errors import InvalidInput

MODEL = "hashing-64"
MESSAGES = ["I live in Norway.", "I'm allergic to peanuts", "I prefer UPS for delivery"]


def _seed(memory: Memory) -> None:
    for user in ("alice", "bob"):
        for i, text in enumerate(MESSAGES):
            memory.add(text, user_id=user, session_id=f"s{i}", agent_id="bot")


def _sqlite_rows(db: Path) -> dict[str, int]:
    """Row count of every table of the SQLite file (full-text shadow tables included)."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {n: conn.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0] for n in names}


# -- SDK ------------------------------------------------------------------------------------------

#: (case, call on a Memory whose default scope is org o, project P, user alice, agent bot).
SDK_CASES: list[tuple[str, Callable[[Memory], Any]]] = [
    ("missing: bare forget", lambda m: m.forget()),
    ("null: every target None", lambda m: m.forget(user_id=None, fact_id=None, episode_id=None, before=None)),
    # a narrowing target given as None beside a user: a fact id a lookup did not find forgot all of alice
    ("null fact beside a user", lambda m: m.forget(user_id="alice", fact_id=None)),
    ("null message beside a user", lambda m: m.forget(user_id="alice", episode_id=None)),
    ("null session beside a user", lambda m: m.forget(user_id="alice", session_id=None)),
    ("null agent beside a user", lambda m: m.forget(user_id="alice", agent_id=None)),
    ("null before beside a user", lambda m: m.forget(user_id="alice", before=None)),
    ("null filter beside a user", lambda m: m.forget(user_id="alice", filter=None)),
    ("empty user", lambda m: m.forget(user_id="")),
    ("whitespace user", lambda m: m.forget(user_id="  ")),
    ("empty before", lambda m: m.forget(before="")),  # type: ignore[arg-type]
    ("empty before with all_users", lambda m: m.forget(before="", all_users=True)),  # type: ignore[arg-type]
    ("empty session", lambda m: m.forget(session_id="")),
    ("whitespace session beside a user", lambda m: m.forget(user_id="alice", session_id="\t")),
    ("empty agent", lambda m: m.forget(agent_id="")),
    ("empty filter", lambda m: m.forget(filter="")),
    ("whitespace filter", lambda m: m.forget(filter="   ", kind="episode")),
    ("default-only: instance user and agent", lambda m: m.forget(org_id="o", project_id="P")),
    ("project: empty", lambda m: m.delete_project("")),
    ("project: whitespace", lambda m: m.delete_project(" \n")),
    ("project: null", lambda m: m.delete_project(None)),  # type: ignore[arg-type]
    ("project: org only the instance's", lambda m: m.delete_project("P")),
    ("project: empty org", lambda m: m.delete_project("P", org_id="")),
    ("all users: tenant only the instance's", lambda m: m.forget(all_users=True)),
    ("all users: project only the instance's", lambda m: m.forget(all_users=True, org_id="o")),
    ("all users of a session: org only the instance's", lambda m: m.forget(all_users=True, session_id="s0",
                                                                          project_id="P")),
    ("all users: whitespace project", lambda m: m.forget(all_users=True, org_id="o", project_id=" ")),
    ("empty org beside a user", lambda m: m.forget(user_id="alice", org_id="")),
    ("whitespace project beside a fact", lambda m: m.forget(fact_id=1, project_id="\t")),
    ("delete: missing", lambda m: m.delete()),
    ("delete: null", lambda m: m.delete(None, episode_id=None)),
    ("undo: empty run", lambda m: m.undo("")),
    ("undo: whitespace run", lambda m: m.undo("   ")),
    ("rollback: empty event", lambda m: m.rollback("")),  # type: ignore[arg-type]
    ("rollback: whitespace event", lambda m: m.rollback(" ")),  # type: ignore[arg-type]
    ("rollback: null event", lambda m: m.rollback(None)),  # type: ignore[arg-type]
]


@pytest.fixture(params=["sqlite", "postgres"])
def seeded(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Memory]:
    """A memory of org o, project P (users alice and bob), on SQLite or PostgreSQL."""
    where = request.getfixturevalue("pg_url")() if request.param == "postgres" else tmp_path / "m.db"
    memory = Memory(where, embedder=HashingEmbedder(dim=64), org_id="o", project_id="P", user_id="alice",
                    agent_id="bot")
    _seed(memory)
    yield memory
    memory.close()


def test_sdk_refuses_every_destructive_call_without_an_explicit_target(seeded: Memory) -> None:
    before = seeded.store.counts()
    for case, destroy in SDK_CASES:
        with pytest.raises(InvalidInput) as refused:
            destroy(seeded)
        message = str(refused.value)
        assert "nothing was deleted" in message or "needs a target" in message, (case, message)
        assert seeded.store.counts() == before, case
    # the blank argument is named on the wire shape too
    with pytest.raises(InvalidInput) as blank:
        seeded.forget(before="")  # type: ignore[arg-type]
    assert blank.value.details() == {"field": "before"}
    with pytest.raises(InvalidInput) as text_id:  # an id given as text is named, not a bare ValueError
        seeded.rollback("12")  # type: ignore[arg-type]
    assert text_id.value.details() == {"field": "event_id"} and "whole-number id" in str(text_id.value)
    with pytest.raises(InvalidInput) as null:  # a fact id a lookup did not find is not "all of alice"
        seeded.forget(user_id="alice", fact_id=None)
    assert null.value.details() == {"field": "fact_id"} and "fact_id is None" in str(null.value)
    with pytest.raises(InvalidInput) as unnamed:  # it forgot every user of the instance's project
        seeded.forget(all_users=True, org_id="o")
    assert unnamed.value.details() == {"field": "project_id"} and "every user of the project" in str(unnamed.value)
    with pytest.raises(InvalidInput) as org:  # it deleted the project of the instance's org
        seeded.delete_project("P")
    assert org.value.details() == {"field": "org_id"}
    # bad input of another type is named and deletes nothing: all_users="no" (a config string) swept
    # every user of the project, undo([]) reached the database driver as an internal error
    for destroy, field in ((lambda: seeded.forget(all_users="no", org_id="o", project_id="P"), "all_users"),  # type: ignore[arg-type]
                           (lambda: seeded.undo([]), "run"),  # type: ignore[arg-type]
                           (lambda: seeded.forget(user_id=["alice"]), "user_id"),  # type: ignore[arg-type]
                           (lambda: seeded.forget(user_id="alice", session_id=" s1"), "session_id")):
        with pytest.raises(InvalidInput) as wrong:
            destroy()
        assert wrong.value.details() == {"field": field}, (field, str(wrong.value))
        assert seeded.store.counts() == before, field
    swept = seeded.forget(all_users=True, org_id="o", project_id="P")  # the tenant named: every user goes
    assert swept["episodes"] == 2 * len(MESSAGES)
    assert seeded.list(kind="episode", user_id="bob") == []


def test_a_memory_opened_with_a_blank_tenant_is_refused_by_name(tmp_path: Path) -> None:
    # Memory(org_id="") (an unset variable) acted on the configured org; only None takes the default.
    for kw, field in (({"org_id": ""}, "org_id"), ({"project_id": "  "}, "project_id")):
        with pytest.raises(InvalidInput) as blank:
            Memory(tmp_path / "m.db", embedder=HashingEmbedder(dim=64), user_id="alice", **kw)
        assert blank.value.details() == {"field": field}, str(blank.value)


# -- CLI ------------------------------------------------------------------------------------------

CLI_CASES = [
    ["forget", "--yes"],  # default-only: $MEMSTRATA_USER is set, nothing typed
    ["forget", "--before", "", "--yes"],
    ["forget", "--before", "", "--all-users", "--yes"],
    ["forget", "--before", "   ", "--yes"],
    ["forget", "--user", "", "--yes"],
    ["forget", "--user", " ", "--yes"],
    ["forget", "--session", "", "--yes"],
    ["forget", "--agent", "\t", "--yes"],
    ["forget", "--filter", "", "--yes"],
    ["forget", "--filter", "  ", "--episodes", "--yes"],
    ["delete-project", "", "--yes"],
    ["delete-project", "   ", "--yes"],
    ["delete-project", "--yes"],  # default-only: $MEMSTRATA_PROJECT is set, no project typed
    ["forget", "--all-users", "--yes"],  # every user of $MEMSTRATA_PROJECT: the project only a default named
    ["forget", "--all-users", "--project", "P", "--yes"],  # ... of $MEMSTRATA_ORG's project P
    ["forget", "--all-users", "--session", "s0", "--yes"],  # session s0 of every user of the default tenant
    ["forget", "--all-users", "--org", "", "--project", "P", "--yes"],
    ["forget", "--user", "alice", "--org", "", "--yes"],  # an unset $ORG: the default org was used
    ["delete-project", "P", "--yes"],  # the project of $MEMSTRATA_ORG
    ["delete-project", "P", "--org", " ", "--yes"],
    ["update", "1", "--value", "Oslo", "--user", "alice", "--org", ""],  # superseded fact #1 of $MEMSTRATA_ORG
    ["keys", "revoke", ""],
    ["keys", "revoke", "  "],
    ["rollback", ""],
    ["consolidate", "--undo", ""],
]


def test_cli_refuses_every_destructive_command_without_an_explicit_target(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    with Memory(db, embedder=HashingEmbedder(dim=64), org_id="o", project_id="P", user_id="alice") as memory:
        _seed(memory)
    before = _sqlite_rows(db)
    env = {"MEMSTRATA_USER": "alice", "MEMSTRATA_ORG": "o", "MEMSTRATA_PROJECT": "P", "MEMSTRATA_DB": str(db),
           "MEMSTRATA_EMBEDDING_MODEL": MODEL}
    runner = CliRunner()
    for args in CLI_CASES:
        result = runner.invoke(app, args, env=env)
        assert result.exit_code == 2, (args, result.output)
        # an id typed as a number (rollback's EVENT) is refused by the command line's number check, naming it
        assert any(w in result.output for w in ("invalid_input", "Missing argument")), (args, result.output)
        assert _sqlite_rows(db) == before, args
    blank = runner.invoke(app, ["forget", "--before", "", "--yes"], env=env)
    assert "--before is empty" in " ".join(blank.output.split()), blank.output
    everyone = runner.invoke(app, ["forget", "--all-users", "--yes"], env=env)  # it forgot the whole project P
    assert ("memstrata forget --all-users erases every user of the project: --org is not named; name the tenant in "
            "the call, --org ORG --project PROJECT") in " ".join(everyone.output.split()), everyone.output
    named = runner.invoke(app, ["forget", "--all-users", "--org", "o", "--project", "P", "--yes"], env=env)
    assert named.exit_code == 0 and "Forgot every user of o/P: 6 episodes" in named.output, named.output
    key = runner.invoke(app, ["keys", "revoke", ""], env=env)  # was error[not_found]: no API key ''
    assert "error[invalid_input]: memstrata keys revoke: KEY_ID is empty" in " ".join(key.output.split()), key.output


# -- REST -----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def rest(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, str]]]:
    """A keyed server whose default tenant is o/P, with alice's and bob's messages there, and a key
    bound to o/P/alice."""
    server = start_server(tmp_path_factory.mktemp("targets"), MEMSTRATA_ADMIN_KEY=ADMIN_KEY,
                          MEMSTRATA_EMBEDDING_MODEL=MODEL, MEMSTRATA_ORG="o", MEMSTRATA_PROJECT="P")
    with server.client(ADMIN_KEY) as admin:
        key = admin.post("/v1/keys", json={"org_id": "o", "project_id": "P", "user_id": "alice"}).json()["secret"]
        for user in ("alice", "bob"):
            added = admin.post("/v1/messages", json={"org_id": "o", "project_id": "P", "user_id": user,
                                                     "messages": [{"content": m} for m in MESSAGES]})
            assert added.status_code == 200, added.text
    yield server, {"alice": key, "admin": ADMIN_KEY}
    server.stop()


FORGET_BODIES: list[dict[str, Any]] = [
    {}, {"fact_id": None}, {"episode_id": None}, {"fact_id": None, "episode_id": None, "before": None},
    {"user_id": ""}, {"user_id": "   "}, {"session_id": ""}, {"agent_id": " "}, {"filter": ""},
    {"filter": "  ", "kind": "episode"}, {"before": ""}, {"org_id": "o", "project_id": "P"},
    {"all_users": True}, {"all_users": True, "project_id": "P"}, {"all_users": True, "session_id": "s0"},
    {"all_users": True, "org_id": "o", "project_id": " "}, {"user_id": "bob", "org_id": ""},
    {"user_id": "bob", "org_id": "o", "project_id": ""},
    # a target sent as null beside a user: `{"user_id": "alice", "fact_id": null}` forgot all of alice
    {"user_id": "alice", "fact_id": None}, {"user_id": "alice", "episode_id": None},
    {"user_id": "alice", "session_id": None}, {"user_id": "alice", "agent_id": None},
    {"user_id": "alice", "before": None}, {"user_id": "alice", "filter": None},
]


def test_rest_refuses_every_destructive_route_without_an_explicit_target(rest: tuple[Server, dict[str, str]]) -> None:
    server, keys = rest
    before = _sqlite_rows(server.db)
    attempts: list[tuple[str, str, str, dict[str, Any]]] = [
        (who, "POST", "/v1/forget", {"json": body}) for who in ("alice", "admin") for body in FORGET_BODIES]
    attempts += [("admin", "DELETE", "/v1/projects/%20%20", {}), ("admin", "DELETE", "/v1/projects/%09", {}),
                 ("alice", "DELETE", "/v1/projects/P", {}), ("alice", "DELETE", "/v1/facts/%20", {}),
                 ("admin", "DELETE", "/v1/keys/%20%20", {}), ("admin", "DELETE", "/v1/projects/P", {}),
                 ("admin", "DELETE", "/v1/projects/P", {"params": {"org_id": " "}}),
                 # an unset variable in the query: the server's default org o, so alice's fact #1 went
                 ("admin", "DELETE", "/v1/facts/1", {"params": {"org_id": "", "user_id": "alice"}}),
                 ("admin", "DELETE", "/v1/facts/1", {"params": {"project_id": "", "user_id": "alice"}})]
    for who, method, path, kw in attempts:
        with server.client(keys[who]) as client:
            answer = client.request(method, path, **kw)
        assert answer.status_code in (403, 404, 422), (who, path, kw, answer.text)
        if answer.status_code == 422:
            assert answer.json()["error"]["code"] in ("invalid_input", "validation_error"), answer.text
        assert _sqlite_rows(server.db) == before, (who, path, kw)
    forms: list[dict[str, str]] = [  # the inspector's forms, posted by a script with the key in a header
        {}, {"target": "user"}, {"user": "", "target": "user"}, {"user": "  ", "target": "user"},
        {"user": "alice", "target": ""}, {"user": "alice", "target": "session", "session": "  "},
        {"user": "alice", "target": "session"}]
    for who in ("alice", "admin"):
        for form in forms:
            with server.client(keys[who]) as client:
                answer = client.post("/ui/forget", data=form)
            assert answer.status_code in (403, 422), (who, form, answer.status_code, answer.text[:300])
            assert _sqlite_rows(server.db) == before, (who, form)
    with server.client(keys["alice"]) as client:
        refused = client.post("/v1/forget", json={}).json()["error"]
    assert refused["code"] == "invalid_input" and "needs a target" in refused["message"], refused
    with server.client(keys["admin"]) as client:  # a blank key id is bad input naming it, not "no such key"
        blank_key = client.delete("/v1/keys/%20%20")
        blank_project = client.delete("/v1/projects/%20")
        no_org = client.delete("/v1/projects/P")  # ran on the server's default org: 200, an empty receipt
        no_tenant = client.post("/v1/forget", json={"all_users": True})  # every user of the server's default
        null_fact = client.post("/v1/forget", json={"user_id": "alice", "fact_id": None})
    for answer, field in ((blank_key, "key_id"), (blank_project, "project_id"), (no_org, "org_id"),
                          (no_tenant, "org_id"), (null_fact, "fact_id")):
        assert answer.status_code == 422, answer.text
        assert (answer.json()["error"]["code"], answer.json()["error"]["details"]) == ("invalid_input",
                                                                                       {"field": field}), answer.text
    assert "every user of the project" in no_tenant.json()["error"]["message"], no_tenant.text
    assert "fact_id is null" in null_fact.json()["error"]["message"], null_fact.text


def test_a_forget_naming_no_user_is_refused_in_the_doors_words(rest: tuple[Server, dict[str, str]],
                                                               tmp_path: Path) -> None:
    # REST said "this would forget the session/agent for every user of the tenant; give a user_id, or
    # all_users=True ..." for a `before` (Python on a REST door, no "nothing was deleted"), and "forget
    # needs a user_id, session_id, agent_id, before or fact_id" for a filter; the SDK the same two.
    server, _ = rest
    with server.client(ADMIN_KEY) as admin:
        project_key = admin.post("/v1/keys", json={"org_id": "o", "project_id": "P"}).json()["secret"]
    before = _sqlite_rows(server.db)
    with server.client(project_key) as client:
        answers = {named: client.post("/v1/forget", json=body) for named, body in (
            ("before", {"before": "2000-01-01T00:00:00Z"}), ("filter", {"filter": 'tag = "nothing"'}),
            ("session_id and agent_id", {"session_id": "s0", "agent_id": "bot"}))}
        nothing = client.post("/v1/forget", json={}).json()["error"]
    assert _sqlite_rows(server.db) == before
    for named, answer in answers.items():
        assert answer.status_code == 422, answer.text
        assert answer.json()["error"] == {"code": "invalid_input", "details": {"field": "user_id"}, "message": (
            f'POST /v1/forget: {named} without a user would forget for every user of the tenant; give "user_id", '
            'or "all_users": true if every user is meant; nothing was deleted')}
    assert nothing["message"].startswith('POST /v1/forget needs a target: user_id, agent_id, session_id, before, '
                                         'filter, fact_id, episode_id or "all_users": true ('), nothing
    with Memory(tmp_path / "sdk.db", embedder=HashingEmbedder(dim=64)) as memory:
        _seed(memory)
        kept = _sqlite_rows(tmp_path / "sdk.db")
        for named, call_ in (("before", {"before": datetime(2000, 1, 1, tzinfo=UTC)}),
                             ("filter", {"filter": 'tag = "nothing"'})):
            with pytest.raises(InvalidInput) as refused:
                memory.forget(**call_)  # type: ignore[arg-type]
            assert str(refused.value) == (f"forget(): {named} without a user would forget for every user of the "
                                          "tenant; give user_id=..., or all_users=True if every user is meant; "
                                          "nothing was deleted")
            assert refused.value.details() == {"field": "user_id"}
    assert _sqlite_rows(tmp_path / "sdk.db") == kept


def test_rest_forgets_every_user_of_a_tenant_the_body_names(rest: tuple[Server, dict[str, str]]) -> None:
    server, _ = rest  # the module's server, in a tenant of this test's own (o2/Q): the others' o/P stays
    with server.client(ADMIN_KEY) as admin:
        key = admin.post("/v1/keys", json={"org_id": "o2", "project_id": "Q"}).json()["secret"]
        for user in ("alice", "bob"):
            admin.post("/v1/messages", json={"org_id": "o2", "project_id": "Q", "user_id": user,
                                             "messages": [{"content": m} for m in MESSAGES]})
    with server.client(key) as tenant:  # a project key names its own tenant
        swept = tenant.post("/v1/forget", json={"all_users": True, "org_id": "o2", "project_id": "Q"})
        assert swept.status_code == 200 and swept.json()["counts"]["episodes"] == 2 * len(MESSAGES), swept.text
    with server.client(ADMIN_KEY) as admin:
        gone = admin.delete("/v1/projects/Q", params={"org_id": "o2"})
        assert gone.status_code == 200 and gone.json()["counts"]["api_keys_revoked"] == 1, gone.text


# -- MCP ------------------------------------------------------------------------------------------

def test_mcp_delete_memory_refuses_a_blank_or_missing_id(tmp_path: Path) -> None:
    db = tmp_path / "mcp.db"
    with Memory(db, embedder=HashingEmbedder(dim=64), user_id="me") as memory:
        _seed(memory)
    before = _sqlite_rows(db)

    async def scenario() -> list[Any]:
        async with in_process(db, "--user", "me", MEMSTRATA_EMBEDDING_MODEL=MODEL) as client:
            return [await call(client, "delete_memory", **args)
                    for args in ({}, {"id": ""}, {"id": "   "}, {"id": None}, {"id": "fact:"})]
    for answer in asyncio.run(scenario()):
        assert set(answer) == {"error"} and answer["error"], answer
    assert _sqlite_rows(db) == before
