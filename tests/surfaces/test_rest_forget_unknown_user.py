"""A forget of a user with nothing stored says so over REST, as the CLI does, over real HTTP on SQLite
(the test process's open server without a model, shared with other modules)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from serverproc import Server

from clirun import cli


@pytest.fixture
def server(modelless_server: Server) -> Server:
    """The test process's open server (no keys, SQLite, no model: a forget needs none), shared with
    other modules: the users here (``fg-...``) are this module's own, and so are its tenant's."""
    return modelless_server


def _ok(response: httpx.Response) -> Any:
    assert response.status_code == 200, response.text
    return response.json()


def test_a_forget_of_a_user_with_nothing_stored_says_so_as_the_cli_does(server: Server) -> None:
    with server.client() as c:
        _ok(c.post("/v1/messages", json={"user_id": "fg-alice",
                                         "messages": [{"role": "user", "content": "I live in Oslo"}]}))
        typo = _ok(c.post("/v1/forget", json={"user_id": "fg-alcie"}))
        assert typo["counts"]["episodes"] == 0
        assert typo["note"] == ("nothing is stored for user=fg-alcie in default/default; check user_id (and org_id, "
                                "project_id)")
        assert "fg-alice" not in typo["note"]
        said = cli("forget", "--user", "fg-nobody", "--yes", "--db", str(server.db))
        assert " ".join(said.err.split()).startswith("note: nothing is stored for user=fg-nobody in default/default")
        nobody = _ok(c.post("/v1/forget", json={"user_id": "fg-nobody"}))
        assert nobody["note"] == typo["note"].replace("alcie", "nobody")
        done = _ok(c.post("/v1/forget", json={"user_id": "fg-alice"}))
        assert done["counts"]["episodes"] == 1 and done["note"] is None
        assert _ok(c.post("/v1/forget", json={"user_id": "fg-alice"}))["note"] == typo["note"].replace("alcie", "alice")
        # a session of a user with nothing stored: the user is what to check
        assert _ok(c.post("/v1/forget", json={"user_id": "fg-alcie", "session_id": "s9"}))["note"] == typo["note"]
        # a narrower target that is no session or agent and deleted nothing is no claim about the user
        assert _ok(c.post("/v1/forget", json={"user_id": "fg-alcie", "before": "2000-01-01T00:00:00Z"}))["note"] is None


def test_a_forget_of_a_session_or_agent_with_nothing_stored_for_the_user_says_so(server: Server) -> None:
    # alice forgetting carol's session (or a mistyped one) answered 200, counts 0 and note null
    with server.client() as c:
        for user, session in (("fg-alice2", "a-s1"), ("fg-carol2", "c-s1")):
            _ok(c.post("/v1/messages", json={"user_id": user, "session_id": session, "agent_id": "bot",
                                             "messages": [{"role": "user", "content": "I live in Oslo"}]}))
        theirs = _ok(c.post("/v1/forget", json={"user_id": "fg-alice2", "session_id": "c-s1"}))
        agent = _ok(c.post("/v1/forget", json={"user_id": "fg-alice2", "agent_id": "bto"}))
        both = _ok(c.post("/v1/forget", json={"user_id": "fg-alice2", "session_id": "a-s2", "agent_id": "bot"}))
        said = cli("forget", "--user", "fg-alice2", "--session", "c-s1", "--yes", "--db", str(server.db))
        own = _ok(c.post("/v1/forget", json={"user_id": "fg-alice2", "session_id": "a-s1"}))
        carol = c.get("/v1/episodes", params={"user_id": "fg-carol2"}).json()["items"]
    assert theirs["counts"]["episodes"] == 0
    assert theirs["note"] == ("nothing is stored for user=fg-alice2 with session=c-s1 in default/default; check "
                              "session_id (and user_id, org_id, project_id)")
    assert agent["note"] == ("nothing is stored for user=fg-alice2 with agent=bto in default/default; check "
                             "agent_id (and user_id, org_id, project_id)")
    assert both["note"] == ("nothing is stored for user=fg-alice2 with session=a-s2 agent=bot in default/default; "
                            "check session_id and agent_id (and user_id, org_id, project_id)")
    assert own["counts"]["episodes"] == 1 and own["note"] is None
    assert [e["content"] for e in carol] == ["I live in Oslo"]
    assert " ".join(said.err.split()) == ("note: nothing is stored for user=fg-alice2 with session=c-s1 in "
                                          "default/default; check --session (and --user, --org, --project)")


def test_the_note_names_the_tenant_asked_about(server: Server) -> None:
    with server.client() as c:
        _ok(c.post("/v1/messages", json={"user_id": "fg-bob", "org_id": "o1", "project_id": "p1",
                                         "messages": [{"role": "user", "content": "I live in Rome"}]}))
        other = _ok(c.post("/v1/forget", json={"user_id": "fg-bob", "org_id": "o1", "project_id": "p2"}))
        assert other["note"] == "nothing is stored for user=fg-bob in o1/p2; check user_id (and org_id, project_id)"
        assert _ok(c.post("/v1/forget", json={"user_id": "fg-bob", "org_id": "o1", "project_id": "p1"}))["note"] is None
