"""MCP ``list_memories`` says whose fact it is, and ``search_memory`` / ``get_context`` take
``min_match`` as REST and the SDK do, as the search_memory description says. The server
``memstrata mcp`` builds, in-process (the
MCP SDK's in-memory transport), driven by the official client."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from mcpclient import call, in_process

from memstrata import Memory
from memstrata.embed.base import EmbeddingCache

pytestmark = pytest.mark.usefixtures("embedder")  # in-process MCP servers use the run's loaded model


def test_list_names_the_subject_and_search_takes_min_match(tmp_path: Path) -> None:
    async def scenario() -> dict[str, Any]:
        out: dict[str, Any] = {}
        async with in_process(tmp_path / "m.db", "--user", "me") as client:
            out["tools"] = {t.name: t for t in (await client.list_tools()).tools}
            out["xm"] = await call(client, "add_memory", content="我不吃辣", speaker="小明")
            out["own"] = await call(client, "add_memory", content="I prefer FedEx for delivery")
            out["listed"] = await call(client, "list_memories")
            out["loose"] = await call(client, "search_memory", query="plan dinner")
            out["strict"] = await call(client, "search_memory", query="plan dinner", min_match=0.55)
            out["carrier"] = await call(client, "search_memory", query="FedEx delivery", min_match=0.55)
            out["by_subject"] = await call(client, "search_memory", query="spicy food",
                                            filter='subject = "小明"')
            out["bad"] = await call(client, "search_memory", query="x", min_match=2)
            out["context"] = await call(client, "get_context", query="hi", min_match=0.55, profile=False)
        return out
    out = asyncio.run(scenario())
    listed = {r["text"]: r["subject"] for r in out["listed"]["results"]}
    assert listed == {"food.dislike = 辣": "小明", "shipping.carrier = FedEx": None}, listed
    # the weak hit "plan dinner" gets (no word or meaning in common) is there without min_match and gone with it
    assert out["loose"]["results"] and out["strict"]["results"] == []
    assert [r["text"] for r in out["carrier"]["results"]][:1] == ["prefers FedEx for shipping"]
    assert out["by_subject"]["results"] and all(r.get("subject") == "小明" or r.get("speaker") == "小明"
                                                for r in out["by_subject"]["results"])
    assert "min_match" in out["bad"]["error"] and "0 to 1" in out["bad"]["error"]
    assert out["context"] == {"context": ""}
    search = out["tools"]["search_memory"]
    assert "min_match" in search.input_schema["properties"]
    assert "min_match" in out["tools"]["get_context"].input_schema["properties"]
    described = search.description or ""
    assert "value" in described and "subject" in described and "min_match" in described
    assert "subject" in (out["tools"]["list_memories"].description or "")


def test_the_users_own_fact_has_subject_null_in_search_as_in_list(tmp_path: Path) -> None:
    # search_memory said "me" where list_memories, get_memory's fact, REST and the SDK's Fact say
    # null, and a filter on subject = "me" found nothing: null is the one form, and filters by it
    async def scenario() -> dict[str, Any]:
        async with in_process(tmp_path / "m.db", "--user", "me") as client:
            await call(client, "add_memory", content="I prefer FedEx for delivery")
            return {"listed": await call(client, "list_memories"),
                    "found": await call(client, "search_memory", query="FedEx delivery", min_match=0.55),
                    "own": await call(client, "search_memory", query="FedEx delivery", filter="subject IS NULL")}
    out = asyncio.run(scenario())
    [listed] = out["listed"]["results"]
    found = next(r for r in out["found"]["results"] if r["id"] == listed["id"])
    assert listed["subject"] is None and found["subject"] is None
    assert listed["id"] in [r["id"] for r in out["own"]["results"]]


def test_a_projects_convention_names_its_folder_not_a_person(tmp_path: Path, embedder: EmbeddingCache) -> None:
    # a convention said in a folder (metadata.project, as the hooks store it) is about the project: its line gives
    # the folder, never the stored subject project:<folder> as if it were someone's name
    with Memory(tmp_path / "m.db", user_id="me", embedder=embedder) as memory:
        memory.add("This repo uses pnpm, not npm.", metadata={"project": "/home/dev/a"})

    async def scenario() -> dict[str, Any]:
        async with in_process(tmp_path / "m.db", "--user", "me") as client:
            return {"listed": await call(client, "list_memories"),
                    "found": await call(client, "search_memory", query="which package manager, pnpm?")}
    out = asyncio.run(scenario())
    assert out["listed"]["results"] == [{"id": "fact:1", "text": "user.project_tool = pnpm", "subject": None,
                                         "project": "/home/dev/a"}], out["listed"]
    facts = [r for r in out["found"]["results"] if r["id"].startswith("fact:")]
    assert facts and all(r["subject"] is None and r["project"] == "/home/dev/a" for r in facts), out["found"]


def test_get_context_shows_the_project_conventions_of_the_folder_it_is_given(tmp_path: Path,
                                                                            embedder: EmbeddingCache) -> None:
    # get_context had no folder: every folder's conventions came, each named; the model names its folder
    # (project_folder), or the server is started for one (memstrata mcp --project-folder), and only that one's show
    a, b = "/home/dev/a", str(tmp_path / "b")
    Path(b).mkdir()  # the server's own --project-folder is a folder of its machine
    with Memory(tmp_path / "m.db", user_id="me", embedder=embedder) as memory:
        memory.add("This repo uses pnpm, not npm.", metadata={"project": a})
        memory.add("This repo uses yarn, not npm.", metadata={"project": b})

    async def scenario(*flags: str) -> dict[str, Any]:
        async with in_process(tmp_path / "m.db", "--user", "me", *flags) as client:
            ask = "What do you know about me?"
            return {"all": await call(client, "get_context", query=ask),
                    "a": await call(client, "get_context", query=ask, project_folder=a),
                    "relative": await call(client, "get_context", query=ask, project_folder="."),
                    "tools": {t.name: t for t in (await client.list_tools()).tools}}
    out = asyncio.run(scenario())
    assert f"in {a}: the project uses pnpm" in out["all"]["context"] and f"in {b}:" in out["all"]["context"]
    assert f"in {a}: the project uses pnpm" in out["a"]["context"] and "yarn" not in out["a"]["context"], out["a"]
    assert "project_folder must be the folder's absolute path, got '.'" in out["relative"]["error"], out["relative"]
    assert "project_folder" in (out["tools"]["get_context"].description or "")
    started = asyncio.run(scenario("--project-folder", b))
    assert f"in {b}: the project uses yarn" in started["all"]["context"] and "pnpm" not in started["all"]["context"]
    assert "yarn" not in started["a"]["context"]  # the model's folder before the server's
