"""``list_memories`` pages with a cursor, as the SDK (``Memory.page``), REST (``?cursor=``) and the
CLI (``--cursor``) do, with the same cursor text: the server ``memstrata mcp`` builds, in-process
(the MCP SDK's in-memory transport), the official client, a real SQLite file and the default model."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from mcpclient import call, in_process

from memstrata import Memory
from memstrata.embed.base import EmbeddingCache

pytestmark = pytest.mark.usefixtures("embedder")  # in-process MCP servers use the run's loaded model

STATEMENTS = ["I prefer window seats", "I'm allergic to peanuts", "From now on ship with FedEx",
              "My favorite airline is Delta", "I live in Shanghai"]


async def _all_pages(client: Any, limit: int, between: Any = None) -> tuple[list[str], list[dict[str, Any]]]:
    ids: list[str] = []
    answers: list[dict[str, Any]] = []
    cursor: str | None = "start"
    while cursor is not None:
        answer = await call(client, "list_memories", limit=limit, cursor=cursor)
        answers.append(answer)
        ids += [r["id"] for r in answer["results"]]
        cursor = answer["next_cursor"]
        if between is not None and len(answers) == 1:
            await between()
    return ids, answers


def test_list_memories_pages_with_a_cursor_and_misses_nothing_while_memories_are_written(
        tmp_path: Path, embedder: EmbeddingCache) -> None:
    db = tmp_path / "m.db"

    async def scenario() -> dict[str, Any]:
        out: dict[str, Any] = {}
        async with in_process(db, "--user", "alice") as client:
            for text in STATEMENTS:
                await call(client, "add_memory", content=text)
            out["plain"] = await call(client, "list_memories", limit=50)
            out["first"] = await call(client, "list_memories", limit=2)  # no cursor: the first page
            out["ids"], out["answers"] = await _all_pages(
                client, 2, between=lambda: call(client, "add_memory", content="I usually wake up at 6am"))
            out["bad"] = await call(client, "list_memories", cursor="page-two")
            out["typed"] = await call(client, "list_memories", cursor=2)
            with Memory(db, user_id="alice", embedder=embedder) as sdk:  # a cursor the SDK gave works at the MCP door
                first = sdk.page(limit=2)
                episodes = sdk.page(kind="episode", limit=1)
            out["sdk_first"] = [f"fact:{f.id}" for f in first.items]
            out["from_sdk"] = await call(client, "list_memories", limit=50, cursor=first.next_cursor)
            out["episode_cursor"] = await call(client, "list_memories", cursor=episodes.next_cursor)
        return out

    out = asyncio.run(scenario())
    before = [r["id"] for r in out["plain"]["results"]]
    # Without a cursor, the first page: a list cut by `limit` said `truncated: false` and gave no next_cursor,
    # so 2 of 5 facts read as all of them.
    assert len(before) == 5 and out["plain"]["next_cursor"] is None
    assert len(out["first"]["results"]) == 2 and out["first"]["next_cursor"] is not None
    # Every fact that existed from the first page to the last comes exactly once, though a new one
    # was stored after the first page (it sorts before the cursor, so it is not on these pages).
    assert len(out["ids"]) == len(set(out["ids"])) == 5 and set(out["ids"]) == set(before)
    assert [len(a["results"]) for a in out["answers"]] == [2, 2, 1] and out["answers"][-1]["next_cursor"] is None
    assert "invalid_input" in out["bad"]["error"] and "cursor" in out["bad"]["error"]
    assert "argument 'cursor' must be 'start' for the first page" in out["typed"]["error"]
    rest = [r["id"] for r in out["from_sdk"]["results"]]
    assert len(rest) == 4 and not set(rest) & set(out["sdk_first"])  # 6 facts now: 2 on the SDK's page, 4 here
    assert "invalid_input" in out["episode_cursor"]["error"] and "episodes" in out["episode_cursor"]["error"]


def test_a_page_cut_by_the_token_budget_continues_after_the_last_line_shown(tmp_path: Path) -> None:
    async def scenario() -> tuple[list[str], list[dict[str, Any]], list[str]]:
        async with in_process(tmp_path / "m.db", "--user", "alice", "--budget-tokens", "50") as client:
            for text in STATEMENTS:
                await call(client, "add_memory", content=text)
            plain = await call(client, "list_memories", limit=50)
            ids, answers = await _all_pages(client, 50)
        return ids, answers, [r["id"] for r in plain["results"]] + [plain["next_cursor"]]

    ids, answers, plain = asyncio.run(scenario())
    assert any(a["truncated"] for a in answers) and len(answers) > 1
    assert sorted(ids) == sorted(set(ids)) and len(ids) == 5  # nothing the budget cut is lost
    # without a cursor: the first page, cut by the budget too, whose next_cursor reaches the lines cut (it had none)
    assert plain == [r["id"] for r in answers[0]["results"]] + [answers[0]["next_cursor"]] and plain[-1] is not None
