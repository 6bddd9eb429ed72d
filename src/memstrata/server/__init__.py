"""The network doors: the REST API (``app``) and the MCP server (``mcp``). Needs the ``server`` extra."""
