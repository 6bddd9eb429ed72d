"""MCP ``add_memory`` says whom each fact it stored is about (before: "My boss prefers email"
answered key and value only, read as the user's preference), REST ``POST /v1/messages`` facts
carry ``subject`` too, and ``get_context`` / ``POST /v1/context`` list other people's facts under
"About other people", not under what is known about the user. MCP: the server ``memstrata mcp``
builds, in-process; REST: a ``memstrata serve`` process over real HTTP; real SQLite, real model."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from mcpclient import call, in_process
from serverproc import Server

pytestmark = pytest.mark.usefixtures("embedder")  # in-process MCP servers use the run's loaded model

KNOWN = "## What is known about this user\n"
OTHERS = "## About other people\n"


def _known_and_others(block: str) -> tuple[str, str]:
    """The user's section and the other people's section of a general question's block."""
    assert KNOWN in block and OTHERS in block, block
    known = block.split(KNOWN, 1)[1].split("## ", 1)[0]
    return known, block.split(OTHERS, 1)[1].split("## ", 1)[0]


def test_mcp_add_memory_reports_the_subject_and_get_context_keeps_others_apart(tmp_path: Path) -> None:
    async def scenario() -> dict[str, Any]:
        async with in_process(tmp_path / "m.db", "--user", "me") as client:
            boss = await call(client, "add_memory", content="My boss prefers email")
            own = await call(client, "add_memory", content="I live in Berlin")
            await call(client, "add_memory", content="Customer prefers to be contacted after 6pm.")
            block = await call(client, "get_context", query="what do you know about me?")
        return {"boss": boss, "own": own, "block": block["context"]}
    out = asyncio.run(scenario())
    assert [(f["key"], f["value"], f["subject"]) for f in out["boss"]["facts"]] == [
        ("contact.channel", "email", "boss")]
    assert [f["subject"] for f in out["own"]["facts"]] == [None]
    known, others = _known_and_others(out["block"])
    assert "Berlin" in known and "boss" not in known and "customer" not in known, out["block"]
    assert "the boss prefers to be contacted by email" in others and "6pm" in others, out["block"]


def test_rest_facts_carry_the_subject_and_context_keeps_others_apart(open_server: Server) -> None:
    with open_server.client() as c:
        added = c.post("/v1/messages", json={"user_id": "other-people", "messages": [
            {"content": "My boss is allergic to shellfish."}, {"content": "I'm allergic to peanuts"}]})
        assert added.status_code == 200, added.text
        block = c.post("/v1/context", json={"user_id": "other-people", "query": "plan a dinner for this user"})
        assert block.status_code == 200, block.text
    facts = [(c["fact"]["value"], c["fact"]["subject"]) for r in added.json()["results"] for c in r["facts"]]
    assert facts == [("shellfish", "boss"), ("peanuts", None)], facts
    text = block.json()["context"]
    food = text.split("## Dietary and health needs to respect\n", 1)[1].split("## ", 1)[0]
    assert "peanuts" in food and "shellfish" not in food, text
    assert "the boss is allergic to shellfish" in text.split(OTHERS, 1)[1], text
