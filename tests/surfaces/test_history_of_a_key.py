"""The history of a key nothing is stored under is empty on every door that takes a key, as its
listing is: ``Memory.history(key="never.stored")`` raised ``NotFound`` ("no facts under key ...")
and ``memstrata history --key never.stored`` exited 1 with ``error[not_found]``, while
``list(key=...)`` / ``memstrata list --key`` of the same key answered an empty list. An id still
names one fact: the history of an id not stored is ``NotFound`` on every door (REST 404).
Real SQLite files, the real CLI in process, the real REST app."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.clirun import cli

from memstrata import AsyncMemory, HashingEmbedder, Memory
from memstrata.errors import NotFound
from memstrata.server.app import create_app
from memstrata.server.config import ServerConfig


def _memory(db: Path) -> Memory:
    return Memory(db, embedder=HashingEmbedder(dim=64), user_id="u")


def test_the_sdk_gives_an_empty_history_for_a_key_never_stored(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as memory:
        memory.add("I prefer UPS for delivery")
        assert memory.history(key="never.stored") == [] == memory.list(key="never.stored")
        with pytest.raises(NotFound, match=r"^no fact #99 in "):
            memory.history(99)

    async def go() -> list[object]:
        amem = AsyncMemory(tmp_path / "m.db", embedder=HashingEmbedder(dim=64), user_id="u")
        try:
            return list(await amem.history(key="never.stored"))
        finally:
            await amem.aclose()
    assert asyncio.run(go()) == []


def test_the_cli_gives_an_empty_history_for_a_key_never_stored(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    assert cli("remember", "I prefer UPS for delivery", "--user", "u", "--db", db).code == 0
    run = cli("history", "--key", "never.stored", "--user", "u", "--db", db)
    assert (run.code, run.err) == (0, ""), run
    assert run.out.strip() == "no facts for user u under key never.stored (`memstrata list` shows the keys stored)"
    shown = cli("history", "--key", "never.stored", "--user", "u", "--db", db, "--json")
    assert (shown.code, json.loads(shown.out)) == (0, [])
    listed = cli("list", "--key", "never.stored", "--user", "u", "--db", db, "--json")
    assert json.loads(listed.out) == []
    missing = cli("history", "99", "--user", "u", "--db", db)
    assert missing.code == 1 and missing.err.startswith("error[not_found]: no fact #99 in "), missing


def test_rest_history_of_an_id_not_stored_is_404(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as memory, TestClient(create_app(ServerConfig(), memory=memory)) as client:
        memory.add("I prefer UPS for delivery")
        [fact] = memory.list()
        assert client.get(f"/v1/facts/{fact.id}/history", params={"user_id": "u"}).status_code == 200
        gone = client.get("/v1/facts/99/history", params={"user_id": "u"})
        assert (gone.status_code, gone.json()["error"]["code"]) == (404, "not_found")
