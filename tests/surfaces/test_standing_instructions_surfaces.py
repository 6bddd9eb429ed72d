"""Every door gives the user's standing instructions at the top of the block, whatever the query: REST
``/v1/context`` over real HTTP and MCP ``get_context`` (in-process) build it as ``Memory.context`` does
(``context.instructions``); another user's never."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from mcpclient import in_process
from serverproc import Server

pytestmark = pytest.mark.usefixtures("embedder")  # in-process MCP uses the run's loaded model

TITLE, TITLE_ZH = "## Standing instructions from the user", "## 用户的长期要求"


def test_rest_context_opens_with_the_instructions(open_server: Server) -> None:
    with open_server.client() as c:
        for user, texts in (("rules-a", ["Always answer me in Chinese.", "I live in Berlin."]),
                            ("rules-b", ["Keep replies short.", "以后回答简短一点"])):
            added = c.post("/v1/messages", json={"user_id": user, "messages": [{"content": t} for t in texts]})
            assert added.status_code == 200, added.text
        cook = c.post("/v1/context", json={"user_id": "rules-a", "query": "what should I cook tonight?"}).json()
        zh = c.post("/v1/context", json={"user_id": "rules-b", "query": "我今晚吃什么？"}).json()
    assert cook["context"].startswith(f"{TITLE}\n- wants the assistant to answer me in Chinese ("), cook
    assert "short" not in cook["context"], cook  # rules-b's
    assert zh["context"].startswith(TITLE_ZH + "\n") and "回答简短一点" in zh["context"], zh
    assert "Chinese" not in zh["context"], zh


def test_mcp_get_context_opens_with_the_instructions(tmp_path: Path) -> None:
    async def scenario() -> Any:
        async with in_process(tmp_path / "m.db", "--user", "mu") as client:
            for text in ("Never use emojis when you reply to me.", "I'm allergic to peanuts."):
                await client.call_tool("add_memory", {"content": text})
            result = await client.call_tool("get_context", {"query": "plan a weekend trip for me"})
            return result.structured_content
    block = asyncio.run(scenario())["context"]
    assert block.startswith(f"{TITLE}\n- wants the assistant to never use emojis ("), block
