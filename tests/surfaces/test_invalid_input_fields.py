"""An empty query, an empty message, ``sources`` on an episode, a time that is not ISO 8601 (MCP's
``as_of``), a cursor memstrata never gave and a blank new value name their argument in
``details.field`` on REST and MCP, as every other invalid_input that names an argument does (they
came back with empty ``details``). A real server over HTTP; the real MCP server through the SDK's
in-memory transport; real SQLite files and the real model."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from mcp import Client
from mcpclient import _environment, tool_error
from serverproc import Server

from memstrata.cli.server import mcp_server


def test_rest_names_the_empty_query_content_and_sources(open_server: Server) -> None:
    with open_server.client() as client:
        added = client.post("/v1/messages", json={"user_id": "fields", "messages": [{"content": "I like tea"}]})
        assert added.status_code == 200, added.text
        episode = added.json()["results"][0]["episode_id"]
        answers = {
            "query": client.post("/v1/search", json={"user_id": "fields", "query": "   "}),
            "content": client.post("/v1/messages", json={"user_id": "fields", "messages": [{"content": " \u3000"}]}),
            "sources": client.post("/v1/forget", json={"user_id": "fields", "episode_id": episode, "sources": True}),
            "cursor": client.get("/v1/facts", params={"user_id": "fields", "cursor": "garbage"}),
        }
    for field, answer in answers.items():
        assert answer.status_code == 422, (field, answer.text)
        error = answer.json()["error"]
        assert (error["code"], error["details"].get("field")) == ("invalid_input", field), error


def test_rest_names_the_field_of_a_body_of_the_wrong_type_or_range(open_server: Server) -> None:
    # came back as pydantic's validation_error with details.errors[].loc alone, no details.field
    with open_server.client() as client:
        added = client.post("/v1/messages", json={"user_id": "fields-shape", "messages": [
            {"content": "I prefer UPS for delivery"}]})
        assert added.status_code == 200, added.text
        fact = added.json()["results"][0]["facts"][0]["fact"]["id"]
        answers = {
            "messages.0.role": client.post("/v1/messages", json={"user_id": "fields-shape", "messages": [
                {"content": "hi", "role": "god"}]}),
            "as_of": client.post("/v1/search", json={"user_id": "fields-shape", "query": "tea", "as_of": "yesterday"}),
            "importance": client.patch(f"/v1/facts/{fact}", params={"user_id": "fields-shape"},
                                       json={"importance": 5}),
            "limit": client.get("/v1/facts", params={"user_id": "fields-shape", "limit": "many"}),
        }
        over = client.post("/v1/search", json={"user_id": "fields-shape", "query": "tea", "limit": 101})
    for field, answer in answers.items():
        assert answer.status_code == 422, (field, answer.text)
        error = answer.json()["error"]
        assert (error["code"], error["details"]["field"]) == ("validation_error", field), error
        assert error["message"].startswith(f"{field}: ")
    assert over.status_code == 422, over.text
    assert over.json()["error"]["details"] == {"field": "limit", "max": 100}


#: What every door says of the time ``yesterday``, after the field's name.
NOT_A_TIME = "cannot parse 'yesterday' as an ISO 8601 date or time such as 2026-12-07T09:30:00Z"


def test_rest_says_what_a_time_looks_like_on_every_body_that_takes_one(open_server: Server) -> None:
    # was pydantic's "Input should be a valid datetime or date, input is too short"; an imported message
    # object's named no field ("records[0]: 'created_at' is not an ISO 8601 time: 'yesterday'")
    user = {"user_id": "fields-time"}
    with open_server.client() as client:
        answers = {
            "messages.0.created_at": client.post("/v1/messages", json={**user, "messages": [
                {"content": "I like tea", "created_at": "yesterday"}]}),
            "as_of": client.post("/v1/search", json={**user, "query": "tea", "as_of": "yesterday"}),
            "before": client.post("/v1/forget", json={**user, "before": "yesterday"}),
        }
        context = client.post("/v1/context", json={**user, "query": "tea", "as_of": "yesterday"})
        imported = client.post("/v1/import", json={**user, "records": [{"content": "x", "created_at": "yesterday"}]})
        episode = client.post("/v1/import", json={**user, "records": [
            {"type": "episode", "content": "x", "created_at": "yesterday"}]})
    for field, answer in {**answers, "as_of (context)": context}.items():
        assert answer.status_code == 422, (field, answer.text)
        error = answer.json()["error"]
        named = field.split(" ")[0]
        assert error["message"] == f"{named}: {NOT_A_TIME}", error
        assert (error["code"], error["details"]["field"]) == ("validation_error", named), error
    for answer in (imported, episode):
        assert answer.status_code == 422, answer.text
        error = answer.json()["error"]
        assert error["message"] == f"records[0]: created_at: {NOT_A_TIME}", error
        assert error["details"] == {"index": 0, "field": "created_at"}, error


async def _mcp_errors(db: Path) -> dict[str, dict[str, Any]]:
    with _environment():
        memory, server, _ = mcp_server(db=str(db), org=None, project=None, user="alice", agent=None,
                                       session=None, budget=800)
        try:
            async with Client(server, read_timeout_seconds=120) as client:
                added = await client.call_tool("add_memory", {"content": "I prefer UPS for delivery"})
                fact = added.structured_content["facts"][0]["id"]  # type: ignore[index]
                return {"query": tool_error(await client.call_tool("search_memory", {"query": "  "})),
                        "content": tool_error(await client.call_tool("add_memory", {"content": "\t "})),
                        "as_of": tool_error(await client.call_tool("search_memory", {"query": "x",
                                                                                     "as_of": "yesterday"})),
                        "cursor": tool_error(await client.call_tool("list_memories", {"cursor": "bad"})),
                        "value": tool_error(await client.call_tool("update_memory", {"id": fact, "value": " "}))}
        finally:
            memory.memory.close()


def test_mcp_names_the_argument_of_each_invalid_input(tmp_path: Path) -> None:
    errors = asyncio.run(_mcp_errors(tmp_path / "m.db"))
    assert {name: (e["code"], e["details"].get("field")) for name, e in errors.items()} == {
        name: ("invalid_input", name) for name in ("query", "content", "as_of", "cursor", "value")}
    assert errors["query"]["message"].startswith("search_memory: query is empty")
    # what a time looks like, in the words REST and the CLI use (``clock.unreadable_time``)
    assert errors["as_of"]["message"] == f"search_memory: as_of: {NOT_A_TIME}"


def test_rest_checks_a_contexts_project_folder_as_the_sdk(open_server: Server) -> None:
    with open_server.client() as client:
        blank = client.post("/v1/context", json={"user_id": "fields-folder", "query": "hi", "project_folder": "  "})
        number = client.post("/v1/context", json={"user_id": "fields-folder", "query": "hi", "project_folder": 3})
        fine = client.post("/v1/context", json={"user_id": "fields-folder", "query": "hi", "project_folder": "/a"})
        # '.' hid every project's conventions (none is said in a folder named '.'): refused as MCP refuses it
        relative = client.post("/v1/context", json={"user_id": "fields-folder", "query": "hi", "project_folder": "."})
        windows = client.post("/v1/context", json={"user_id": "fields-folder", "query": "hi",
                                                   "project_folder": "C:\\dev\\a"})
    assert relative.status_code == 422, relative.text
    assert relative.json()["error"]["message"] == "project_folder must be the folder's absolute path, got '.'"
    assert relative.json()["error"]["details"]["field"] == "project_folder"
    assert windows.status_code == 200, windows.text  # an agent on Windows, a server elsewhere
    assert blank.status_code == 422, blank.text
    assert (blank.json()["error"]["code"], blank.json()["error"]["details"]["field"]) == ("invalid_input",
                                                                                          "project_folder")
    assert number.status_code == 422, number.text
    assert (number.json()["error"]["code"], number.json()["error"]["details"]["field"]) == ("validation_error",
                                                                                            "project_folder")
    assert fine.status_code == 200, fine.text
