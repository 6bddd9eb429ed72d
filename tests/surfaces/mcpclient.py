"""The MCP client side of the surface tests: a stdio session with ``memstrata mcp`` and one tool
call whose error comes back as data (shared by the MCP test files)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mcp import Client
from mcp.client.stdio import StdioServerParameters
from serverproc import clean_env, console_script


def stdio(db: Path, *flags: str, **env: str) -> Client:
    """A client of ``memstrata mcp --db db *flags`` over stdio (120 s read timeout), with ``env``
    added to its environment."""
    command, *prefix = console_script()
    return Client(StdioServerParameters(command=command, args=[*prefix, "mcp", "--db", str(db), *flags],
                                        env=clean_env(**env)), read_timeout_seconds=120)


async def call(client: Client, tool: str, **arguments: Any) -> Any:
    """The tool's structured result, or ``{"error": text}`` when the tool reported an error."""
    result = await client.call_tool(tool, arguments)
    if result.is_error:
        return {"error": " ".join(getattr(c, "text", "") for c in result.content)}
    return result.structured_content
