"""A wrong ``kind``, a short-term read without a session and an MCP ``offset`` that cannot be read name
the argument in ``details.field``, as docs/errors.md promises for every ``invalid_input`` that names one:
``list(kind="facts")``, ``get(1, kind="Fact")``, ``short_term()`` without a session (REST ``GET
/v1/short-term``: details ``{}``) and ``get_memory`` with an offset past a message's end or on a fact
answered empty details. Real SQLite files; the REST app and the MCP server the command builds, in process."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from mcpclient import in_process, tool_error

from memstrata import HashingEmbedder, Memory
from memstrata.errors import InvalidInput
from memstrata.server.app import create_app
from memstrata.server.config import ServerConfig


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("fields") / "m.db"
    with Memory(db, embedder=HashingEmbedder(dim=64), user_id="u") as memory:
        memory.add("I prefer UPS for delivery")
    return db


def test_the_sdk_names_kind_and_session(stored: Path) -> None:
    with Memory(stored, embedder=HashingEmbedder(dim=64), user_id="u") as memory:
        calls: list[tuple[Callable[[], Any], str]] = [
            (lambda: memory.list(kind="facts"), "kind"), (lambda: memory.page(kind="facts"), "kind"),
            (lambda: memory.get(1, kind="Fact"), "kind"), (lambda: memory.get(episode_id=1, kind="fact"), "kind"),
            (lambda: memory.short_term(), "session_id")]
        for call, field in calls:
            with pytest.raises(InvalidInput) as refused:
                call()
            assert refused.value.details() == {"field": field}, refused.value


def test_rest_names_the_session_of_a_short_term_read(stored: Path) -> None:
    with Memory(stored, embedder=HashingEmbedder(dim=64), user_id="u") as memory, \
            TestClient(create_app(ServerConfig(), memory=memory)) as client:
        answer = client.get("/v1/short-term", params={"user_id": "u"})
        assert (answer.status_code, answer.json()["error"]["details"]) == (422, {"field": "session_id"}), answer.text


def test_mcp_names_an_offset_it_cannot_read(stored: Path) -> None:
    async def scenario() -> list[dict[str, Any]]:
        async with in_process(stored, "--user", "u", MEMSTRATA_EMBEDDING_MODEL="hashing-64") as client:
            return [tool_error(await client.call_tool("get_memory", arguments))
                    for arguments in ({"id": "episode:1", "offset": 10_000}, {"id": "fact:1", "offset": 5})]
    for error in asyncio.run(scenario()):
        assert (error["code"], error["details"]) == ("invalid_input", {"field": "offset"}), error
