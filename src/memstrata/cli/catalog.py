"""What ``memstrata --help`` lists, without loading the commands: each command's name and the
first paragraph of its help, in the order ``cli.commands`` registers them.

``memstrata --help`` used to import every command module (the engine, numpy, the benchmarks)
to print this list. ``cli.launcher`` prints it from here and loads ``cli.commands`` only to run
a command or show that command's own help. ``tests/unit/test_cli_catalog.py`` checks that this
is exactly what the commands say (on a difference it prints the entries as they should read).
"""

from __future__ import annotations

#: Command name -> the first paragraph of its help, as ``--help`` lists it.
COMMANDS: dict[str, str] = {
    'remember': (
        "Store a message; print the facts it gave (created, superseded, already known)."
    ),
    'recall': (
        "Ranked, cited memories for a question."
    ),
    'context': (
        "The cited Markdown block for a system prompt (the SDK's context()), printed as is."
    ),
    'list': (
        "Facts (or episodes) in a scope, newest first."
    ),
    'users': (
        "The users with memories in a tenant (org/project), with their episode and active fact counts."
    ),
    'history': (
        "A fact's timeline: every value it had under its key, with audit events."
    ),
    'forget': (
        "Delete everything about a user / agent / session, episodes before a date, one fact or one\n"
        "message; prints a deletion receipt (counts per table, time, SHA-256 of the deleted ids)."
    ),
    'delete-project': (
        "Delete a whole project: every row of it in every table and index, its idempotency keys, its REST\n"
        "API keys revoked; prints the receipt (counts per table, time, SHA-256 of the deleted ids)."
    ),
    'export': (
        "Export a scope as JSONL: episodes, facts (every status), events (with --all: the API keys too);\n"
        "or, with --format markdown DIR, one user's memory as an editable Markdown folder."
    ),
    'import': (
        "Import a conversation log (one user per LoCoMo conversation), with a progress bar, a\n"
        "`memstrata export` file exactly as it was (ids, timestamps, statuses; idempotent), or a\n"
        "Markdown memory folder (MEMORY.md, memory/YYYY-MM-DD.md: each note an episode; idempotent)."
    ),
    'maintain': (
        "Finish interrupted forgets, sweep expired memories, archive idle facts, merge near-duplicates,\n"
        "boost often-recalled facts, ANALYZE/VACUUM when worthwhile. Safe to run any time, idempotent."
    ),
    'rollback': (
        "Restore the state before a supersede, merge or archive; the rollback is logged too."
    ),
    'update': (
        "Correct one fact by hand: a new --value supersedes it (undo with `memstrata rollback`),\n"
        "--importance / --confidence change in place; every change is an audit event."
    ),
    'restore': (
        "Bring an archived fact back to active."
    ),
    'doctor': (
        "What model, what database, what counts. Reports a missing or mismatched model instead of failing."
    ),
    'reembed': (
        "Re-embed every segment and fact with the configured (or given) model."
    ),
    'demo': (
        "Import a real LoCoMo conversation and answer five of its benchmark questions."
    ),
    'worker': (
        "Run LLM extraction over the queue (needs MEMSTRATA_LLM_PROVIDER; see docs/configuration.md)."
    ),
    'status': (
        "Extraction queue: pending, running, done, failed, last error (whole database unless --user/--session)."
    ),
    'consolidate': (
        "Merge/rewrite a category's features with the LLM now (or --undo a run)."
    ),
    'serve': (
        "Serve the REST API (OpenAPI at /docs) and the memory inspector (/ui). Without API keys it\n"
        "listens on loopback only."
    ),
    'mcp': (
        "Serve memory to MCP clients (Claude Desktop, Cursor) as tools; the scope is these flags, never the model's."
    ),
    'ui': (
        "Open the memory inspector on a local database: a server on 127.0.0.1 only, without a key\n"
        "(unless the database keeps API keys: then the page asks for one)."
    ),
    'bench': (
        "Benchmarks that print figures and ratios."
    ),
    'keys': (
        "API keys of the REST server (stored hashed)."
    ),
    'hooks': (
        "Coding-agent hooks (Claude Code, Codex): memory in every session."
    ),
}
#: The application's own help line.
HELP = 'memstrata: long-term memory for AI agents (embedded SQLite by default).'

