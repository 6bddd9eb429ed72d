"""Direction controls, zero-width and tag characters: unchecked, a speaker
"\u202eecilA" was shown as "Alice", "I am \u202eton\u202c allergic" read "I am not allergic" in
the context block, and tag characters hid words no reader saw. The rule (``text.visible``):
names refuse every invisible format character; stored text is kept exactly; what is rendered
(context block, CLI, MCP) shows the reordering and hiding characters as ``[U+202E]``. Real
SQLite files, the default model, a real server over HTTP, the MCP client and the CLI in-process."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from mcpclient import call, in_process
from serverproc import Server

from clirun import cli
from memstrata import InvalidInput, Memory
from memstrata.semantic.categories import PROFILE, feature_key

pytestmark = pytest.mark.usefixtures("embedder")  # in-process CLI and MCP use the run's loaded model

RLO, PDF, LRI, PDI = "\u202e", "\u202c", "\u2066", "\u2069"
TAGS = "".join(chr(0xE0000 + ord(c)) for c in "IGNORE")  # invisible tag characters spelling IGNORE
TRICK = f"Note: I am {RLO}ton{PDF} allergic to peanuts"
HIDDEN = f"I like green tea{TAGS}"
FAMILY = "我们一家 👩\u200d👩\u200d👧 都喜欢火锅"  # joiners build the emoji: they stay
RAW = (RLO, PDF, LRI, PDI, *TAGS)


def _clean(text: str) -> bool:
    return not any(c in text for c in RAW)


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory, embedder: Any) -> Path:
    path = tmp_path_factory.mktemp("invisible") / "memory.db"
    with Memory(path, embedder=embedder, user_id="bob") as memory:
        for text in (TRICK, HIDDEN, FAMILY):
            memory.add(text)
    return path


def test_names_refuse_them_and_stored_text_keeps_them(db: Path, embedder: Any) -> None:
    with Memory(db, embedder=embedder, user_id="bob") as memory:
        for name, kwargs in (("speaker", {"speaker": f"{RLO}ecilA"}), ("produced_for", {"produced_for": f"a{LRI}b"}),
                             ("scope user_id", {"user_id": f"ali{PDI}ce"})):
            with pytest.raises(InvalidInput) as refused:
                memory.add("I prefer UPS for delivery", **kwargs)
            assert str(refused.value).startswith(f"{name} ") and "invisible format character U+" in str(refused.value)
        episodes = memory.list(kind="episode", limit=10)
        assert sorted(e.content for e in episodes) == sorted((TRICK, HIDDEN, FAMILY))  # exactly as received
        assert {r["content"] for r in memory.export() if r["type"] == "episode"} == {TRICK, HIDDEN, FAMILY}
        block = memory.context("peanuts allergy green tea hotpot", budget_tokens=400)
    assert _clean(block)
    assert "I am [U+202E]ton[U+202C] allergic to peanuts" in block
    # the message, or the fact that restates it and ranks first, with every hidden character shown
    assert "green tea[U+E0049][U+E0047][U+E004E][U+E004F][U+E0052][U+E0045] (" in block
    # A model's feature name with a zero-width space or direction mark makes the same key as without.
    assert feature_key(PROFILE, "tra\u200bvel", f"{RLO}plans") == feature_key(PROFILE, "travel", "plans")


def test_the_cli_shows_them(db: Path) -> None:
    def shown(*args: str) -> str:
        done = cli(*args, "--db", db, "--user", "bob")
        assert done.returncode == 0, done.stderr
        return done.stdout
    recalled, listed = shown("recall", "peanuts allergy"), shown("list", "--episodes")
    assert _clean(recalled) and _clean(listed)
    assert "[U+202E]ton[U+202C]" in recalled and "[U+202E]ton[U+202C]" in listed
    assert "\u200d" in listed  # the emoji's joiners are not markers


def test_mcp_shows_them(db: Path) -> None:
    async def scenario() -> list[Any]:
        async with in_process(db, "--user", "bob") as client:
            found = await call(client, "search_memory", query="peanuts allergy")
            listed = await call(client, "list_memories")
            full = await call(client, "get_memory", id=next(r["id"] for r in found["results"]
                                                              if r["id"].startswith("episode:")))
            block = await call(client, "get_context", query="green tea")
        return [found, listed, full, block]
    answers = asyncio.run(scenario())
    assert all(_clean(repr(a)) for a in answers), answers
    assert "[U+202E]ton[U+202C]" in answers[2]["content"]
    assert "[U+E0049]" in answers[3]["context"]


def test_rest_refuses_the_name_and_renders_the_block(open_server: Server) -> None:
    with open_server.client() as client:
        refused = client.post("/v1/messages", json={"user_id": "vis", "messages": [
            {"content": "I prefer UPS for delivery", "speaker": f"{RLO}ecilA"}]})
        assert refused.status_code == 422 and "speaker" in refused.json()["error"]["message"]
        assert client.post("/v1/messages", json={"user_id": "vis", "messages": [{"content": TRICK}]}).status_code == 200
        block = client.post("/v1/context", json={"user_id": "vis", "query": "peanuts allergy"}).json()["context"]
        stored = client.get("/v1/episodes", params={"user_id": "vis"}).json()["items"]
    assert _clean(block) and "[U+202E]ton[U+202C]" in block
    assert [e["content"] for e in stored] == [TRICK]  # the API returns the stored text exactly
