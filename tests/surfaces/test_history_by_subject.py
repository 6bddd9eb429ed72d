"""A key's history on every door (SDK, async, CLI, REST, MCP) gives the user's own timeline first and
can be asked for one subject's. ``history(key="identity.employer")`` interleaved the user's employers
with their wife's by recording time (Google, Microsoft [wife], Apple, Amazon [wife]), so a wife's job
read as the user's next one, and no door could ask for one person's timeline. Now the user's own
values come first, then each other subject's, and ``subject`` ("user" or the user's id, "wife")
keeps one. Real SQLite files, the real CLI in process, the real REST app in process, the MCP server
the command builds."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from mcpclient import call, in_process
from tests.clirun import cli

from memstrata import AsyncMemory, HashingEmbedder, Memory
from memstrata.errors import InvalidInput
from memstrata.server.app import create_app
from memstrata.server.config import ServerConfig

SAID = ("I work at Google", "My wife works at Microsoft", "I now work at Apple", "My wife now works at Amazon")
KEY = "identity.employer"


def _memory(db: Path) -> Memory:
    return Memory(db, embedder=HashingEmbedder(dim=64), user_id="alice")


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("subject") / "m.db"
    with _memory(db) as memory:
        for text in SAID:
            memory.add(text)
    return db


def _values(timeline: list[Any]) -> list[tuple[str | None, str]]:
    return [(f.subject, f.value) for f, _ in timeline]


def test_the_sdk_gives_the_users_own_timeline_first(stored: Path) -> None:
    with _memory(stored) as memory:
        assert _values(memory.history(key=KEY)) == [(None, "Google"), (None, "Apple"), ("wife", "Microsoft"),
                                                    ("wife", "Amazon")]
        own = [(None, "Google"), (None, "Apple")]
        assert _values(memory.history(key=KEY, subject="user")) == own
        assert _values(memory.history(key=KEY, subject=" Alice ")) == own  # the user's id names the user too
        wife = [("wife", "Microsoft"), ("wife", "Amazon")]
        assert _values(memory.history(key=KEY, subject="Wife")) == wife
        assert _values(memory.history(key=KEY, subject="老婆")) == wife  # the word a Chinese user says for her
        assert memory.history(key=KEY, subject="son") == []  # nothing stored for them: an empty timeline
        [(apple, _)] = [(f, e) for f, e in memory.history(key=KEY) if f.value == "Apple"]
        assert _values(memory.history(apple.id)) == own  # a fact id names its subject, as before
        # an id with another key read the id's key and dropped the one given without a word
        with pytest.raises(InvalidInput, match=r"^history\(\): give a fact_id or a key, not both") as refused:
            memory.history(apple.id, key="shipping.carrier")
        assert refused.value.details() == {"field": "key"}


@pytest.mark.parametrize(("subject", "fact_id", "said"), [
    ("", None, "subject is empty"), ("   ", None, "subject is empty"), (3, None, "subject must be a string"),
    ("wife", 1, "a fact_id names one fact"),
])
def test_the_sdk_refuses_a_subject_it_cannot_read(stored: Path, subject: Any, fact_id: int | None, said: str) -> None:
    with _memory(stored) as memory, pytest.raises(InvalidInput, match=said) as refused:
        memory.history(fact_id, key=None if fact_id else KEY, subject=subject)
    assert refused.value.details() == {"field": "subject"}


def test_async_memory_takes_the_subject(stored: Path) -> None:
    async def go() -> list[Any]:
        amem = AsyncMemory(stored, embedder=HashingEmbedder(dim=64), user_id="alice")
        try:
            return list(await amem.history(key=KEY, subject="wife"))
        finally:
            await amem.aclose()
    assert _values(asyncio.run(go())) == [("wife", "Microsoft"), ("wife", "Amazon")]


def test_the_cli_names_whose_value_and_takes_a_subject(stored: Path) -> None:
    every = cli("history", "--key", KEY, "--user", "alice", "--db", stored)
    lines = [line.split(" [")[0] for line in every.out.splitlines() if line.startswith("fact#")]
    assert [line.split(" ", 1)[1] for line in lines] == [
        f"{KEY} = Google", f"{KEY} = Apple", f"wife: {KEY} = Microsoft", f"wife: {KEY} = Amazon"], every
    wife = cli("history", "--key", KEY, "--subject", "wife", "--user", "alice", "--db", stored, "--json")
    assert [(e["fact"]["subject"], e["fact"]["value"]) for e in wife.json()] == [("wife", "Microsoft"),
                                                                                  ("wife", "Amazon")]
    none = cli("history", "--key", KEY, "--subject", "son", "--user", "alice", "--db", stored)
    assert none.out.strip() == (f"no facts for user alice under key {KEY} about son (`memstrata list` shows the "
                                "keys stored)")
    for args, said, field in (
            (("--key", KEY, "--subject", " "), "memstrata history: --subject is empty (' ')", "subject"),
            (("1", "--subject", "wife"), "memstrata history: --subject picks among the values of a --key", "subject"),
            (("1", "--key", KEY), "memstrata history: give a FACT_ID or --key, not both", "key"),
            (("--key", " "), "memstrata history: --key is empty (' ')", "key")):
        refused = cli("history", *args, "--user", "alice", "--db", stored, "--json")
        error = json.loads(refused.err)["error"]
        assert refused.code == 2 and error["message"].startswith(said) and error["details"] == {"field": field}, error


def test_rest_gives_a_keys_history_with_a_subject(stored: Path) -> None:
    with _memory(stored) as memory, TestClient(create_app(ServerConfig(), memory=memory)) as client:
        def values(**params: str) -> list[tuple[str | None, str]]:
            answer = client.get("/v1/history", params={"user_id": "alice", "key": KEY, **params})
            assert answer.status_code == 200, answer.text
            return [(e["fact"]["subject"], e["fact"]["value"]) for e in answer.json()["timeline"]]
        assert values() == [(None, "Google"), (None, "Apple"), ("wife", "Microsoft"), ("wife", "Amazon")]
        assert values(subject="user") == [(None, "Google"), (None, "Apple")]
        assert values(subject="son") == []
        blank = client.get("/v1/history", params={"user_id": "alice", "key": KEY, "subject": ""})
        assert (blank.status_code, blank.json()["error"]["details"]) == (422, {"field": "subject"}), blank.text
        # in the route's words: the SDK's named history(), list() and a fact_id, which this route does not take
        assert blank.json()["error"]["message"].startswith("subject is empty ('')"), blank.text
        no_key = client.get("/v1/history", params={"user_id": "alice", "key": " "}).json()["error"]
        assert no_key == {"code": "invalid_input", "details": {"field": "key"}, "message": (
            "key is empty (' '); give a fact key such as 'shipping.carrier' (GET /v1/facts shows them)")}
        missing = client.get("/v1/history", params={"user_id": "alice"})
        assert (missing.status_code, missing.json()["error"]["details"]["field"]) == (422, "key"), missing.text


def test_mcp_get_history_gives_the_users_own_timeline_first(stored: Path) -> None:
    async def scenario() -> list[Any]:
        async with in_process(stored, "--user", "alice", MEMSTRATA_EMBEDDING_MODEL="hashing-64") as client:
            return [await call(client, "get_history", key=KEY), await call(client, "get_history", key=KEY,
                                                                           subject="wife"),
                    await call(client, "get_history", key=KEY, subject=""), await call(client, "get_history", key="")]
    every, wife, blank, no_key = asyncio.run(scenario())
    assert [(line["subject"], line["text"], line["status"]) for line in every["timeline"]] == [
        (None, f"{KEY} = Google", "superseded"), (None, f"{KEY} = Apple", "active"),
        ("wife", f"{KEY} = Microsoft", "superseded"), ("wife", f"{KEY} = Amazon", "active")]
    assert [line["text"] for line in wife["timeline"]] == [f"{KEY} = Microsoft", f"{KEY} = Amazon"]
    assert blank["error"].startswith("invalid_input: get_history: subject is empty ('')"), blank
    assert no_key == {"error": "invalid_input: get_history: key is empty (''); give a fact key such as "
                               "'shipping.carrier' (list_memories shows them)"}
