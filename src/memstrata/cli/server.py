"""The network commands of the ``memstrata`` CLI: ``serve`` (REST), ``mcp``, and ``keys``.

Registered on the main typer app by ``cli.commands``. ``serve`` and ``mcp`` need the ``server``
extra and say so when it is missing; ``keys`` works on the database alone. The helpers every
command shares are in ``cli.session``.
"""

from __future__ import annotations

import importlib
import ipaddress
import os
import shutil
import tempfile
import threading
import time
import urllib.request
import webbrowser
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Annotated, Any

import typer

from memstrata.async_memory import AsyncMemory
from memstrata.cli.options import (
    AgentOpt,
    DbOpt,
    JsonOpt,
    OrgOpt,
    ProjectFolderOpt,
    ProjectOpt,
    SessionOpt,
    UserOpt,
    project_folder,
)
from memstrata.cli.session import console, emit_json, err, open_memory, refuse_blank_db, run_command, safe
from memstrata.collector import freeze_startup_objects
from memstrata.config import Settings
from memstrata.errors import InvalidInput, install_hint
from memstrata.lifecycle.target import require_target
from memstrata.memory import Memory
from memstrata.memory.base import check_ids
from memstrata.server.config import ServerConfig
from memstrata.store.protocol import KeyStore
from memstrata.types import ApiKey

keys_app = typer.Typer(no_args_is_help=True, help="API keys of the REST server (stored hashed).")

HostOpt = Annotated[str, typer.Option(help="Interface to listen on (non-loopback needs API keys).")]


def api_keys(memory: Memory) -> KeyStore | None:
    """The database's API keys (SQLite or PostgreSQL), or ``None`` when the store keeps none."""
    return memory.api_keys


def is_loopback(host: str) -> bool:
    """Whether ``host`` names the loopback interface (``localhost``, ``127.0.0.0/8``, ``::1``)."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _require_extra(*modules: str) -> None:
    missing = []
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append(module)
    if missing:
        # markup off and no wrapping: the install command must come out whole and copyable
        err.print(f"error[missing_extra]: this command needs {', '.join(missing)}: "
                         + install_hint("server"), markup=False, highlight=False)
        raise typer.Exit(1)


def serve_command(
    host: HostOpt = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="TCP port.")] = 8080,
    workers: Annotated[int, typer.Option(help="uvicorn worker processes (each opens the database).")] = 1,
    db: DbOpt = None,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "info",
) -> None:
    """Serve the REST API (OpenAPI at /docs) and the memory inspector (/ui). Without API keys it
    listens on loopback only."""
    _serve(host, port, workers, db, log_level)


def ui_command(
    port: Annotated[int, typer.Option(min=1, max=65535, help="TCP port on 127.0.0.1.")] = 8790,
    db: DbOpt = None,
    open_browser: Annotated[bool, typer.Option("--open/--no-open", help="Open the page in the browser.")] = True,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "warning",
) -> None:
    """Open the memory inspector on a local database: a server on 127.0.0.1 only, without a key
    (unless the database keeps API keys: then the page asks for one)."""
    url = f"http://127.0.0.1:{port}/ui/"

    def announce() -> None:  # once the database is checked: a refused --db prints no address
        if open_browser:
            threading.Thread(target=_open_when_ready, args=(url,), daemon=True).start()
        err.print(f"memstrata: the inspector is at {url}")
    # A file that is not there is a mistyped --db, not a new memory to inspect: `ui --db typo.db`
    # made an empty database and showed "no users". `serve` creates one: its clients write.
    _serve("127.0.0.1", port, 1, db, log_level, announce, create=False)


def _open_when_ready(url: str, timeout_s: float = 60.0) -> None:
    """Open ``url`` in the browser once the server answers (it loads the model first)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url.replace("/ui/", "/healthz"), timeout=1):
                webbrowser.open(url)
                return
        except OSError:
            time.sleep(0.3)


def _serve(host: str, port: int, workers: int, db: str | None, log_level: str,
           announce: Callable[[], None] | None = None, *, create: bool = True) -> None:
    """Check the database and keys, then ``announce`` (``ui``: its address) and run uvicorn
    (``serve`` and ``ui``). ``create=False``: a SQLite file that does not exist is refused
    (``StoreError``, exit 1) instead of created, before the server extra is looked for: told first to
    install it, the user of ``ui --db typo.db`` then learnt the database was missing. ``serve`` (which
    creates the database) looks for the extra first, so a refused start leaves no new file."""
    extra = ("fastapi", "uvicorn", "prometheus_client", "jinja2")
    if create:
        _require_extra(*extra)

    def check() -> bool:
        if workers < 1:
            raise InvalidInput(f"--workers must be at least 1, got {workers}")
        refuse_blank_db(db)  # `--db ""` served the configured database
        settings = Settings.from_env()
        target = db or settings.database_url or str(settings.resolved_db_path())
        if not target.startswith(("postgresql://", "postgres://")):
            target = str(Path(target).expanduser())
        os.environ["MEMSTRATA_DB"] = target  # the workers open the same database
        config = ServerConfig.from_env()
        with open_memory(target, None, None, None, model=False, create=create) as memory:
            keys = api_keys(memory)
            keyed = bool(config.admin_key) or (keys is not None and keys.any_active())
        if not keyed and not is_loopback(host):
            raise InvalidInput(
                f"refusing to listen on {host} without API keys: anyone who reaches it could read every memory. "
                "Create a key (`memstrata keys create --org ... --project ...`) or set MEMSTRATA_ADMIN_KEY, "
                "or listen on 127.0.0.1")
        return keyed
    keyed = run_command(check)
    _require_extra(*extra)
    import uvicorn

    if announce is not None:
        announce()
    if not is_loopback(host):
        os.environ["MEMSTRATA_REQUIRE_AUTH"] = "1"
    if keyed:
        err.print(f"memstrata: API keys required; listening on {host}:{port}")
    else:
        err.print(f"memstrata: no API keys configured: serving WITHOUT authentication on loopback only "
                  f"({host}:{port}); create one with `memstrata keys create`")
    metrics_dir = None
    if workers > 1 and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        # Each worker writes its metrics here and /metrics adds them up. The directory is ours: it
        # goes when the server stops (SIGTERM or Ctrl-C), or every restart would leave one in /tmp.
        metrics_dir = tempfile.mkdtemp(prefix="memstrata-metrics-")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = metrics_dir
    try:
        uvicorn.run("memstrata.server.app:app_from_env", factory=True, host=host, port=port, workers=workers,
                    log_level=log_level)
    finally:
        if metrics_dir is not None:
            shutil.rmtree(metrics_dir, ignore_errors=True)


def mcp_command(
    http: Annotated[bool, typer.Option("--http", help="Streamable HTTP instead of stdio.")] = False,
    host: HostOpt = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="TCP port for --http.")] = 8765,
    db: DbOpt = None, user: UserOpt = None, agent: AgentOpt = None, session: SessionOpt = None,
    org: OrgOpt = None, project: ProjectOpt = None,
    budget: Annotated[int, typer.Option("--budget-tokens", help="Token budget of each search/list answer.")] = 800,
    folder: ProjectFolderOpt = None,
) -> None:
    """Serve memory to MCP clients (Claude Desktop, Cursor) as tools; the scope is these flags, never the model's."""
    _require_extra("mcp")

    def build() -> tuple[AsyncMemory, Any, Any, bool]:
        async_memory, server, scope = mcp_server(db=db, org=org, project=project, user=user, agent=agent,
                                                 session=session, budget=budget, folder=project_folder(folder))
        if not http:
            return async_memory, server, None, False
        from memstrata.server.mcp import KeyGate

        memory = async_memory.memory
        keys, admin = api_keys(memory), ServerConfig.from_env().admin_key
        if not (admin or (keys is not None and keys.any_active())):
            if not is_loopback(host):
                memory.close()
                raise InvalidInput(f"refusing to serve MCP over HTTP on {host} without API keys; create one "
                                   "(`memstrata keys create`) or set MEMSTRATA_ADMIN_KEY, or listen on 127.0.0.1")
            return async_memory, server, server.streamable_http_app(host=host), False
        gate = KeyGate(server.streamable_http_app(host=host), keys=keys, admin_key=admin, scope=scope)
        return async_memory, server, gate, True
    memory, server, http_app, gated = run_command(build)
    freeze_startup_objects()  # this process is memstrata's: a full collection then skips what start-up made
    try:
        if http_app is not None:
            import uvicorn

            note = "API keys required" if gated else "no API keys: loopback only"
            err.print(f"memstrata: MCP over streamable HTTP at http://{host}:{port}/mcp ({note})")
            uvicorn.run(http_app, host=host, port=port, log_level="warning")
        else:
            from memstrata.server.mcp_stdio import run_stdio  # the ``mcp`` extra

            run_stdio(server)
    finally:
        memory.memory.close()


def mcp_server(*, db: str | None, org: str | None, project: str | None, user: str | None, agent: str | None,
               session: str | None, budget: int, folder: str | None = None,
               ) -> tuple[AsyncMemory, Any, dict[str, str | None]]:
    """What ``memstrata mcp`` serves for its flags: the opened memory, the MCP server whose tools act
    on it, and their scope (the flags', never a tool argument's). The caller closes the memory.
    ``folder``: ``get_context``'s project folder when the model names none (``--project-folder``, resolved).

    Raises:
        InvalidInput: ``budget`` (tokens of each search/list answer) under 50, or a bad scope.
        StoreError: the database cannot be opened.
    """
    from memstrata.server.mcp import build_server  # the ``mcp`` extra

    if budget < 50:
        raise InvalidInput(f"--budget-tokens must be at least 50, got {budget}")
    # No default session on the engine: the tools pass it to writes (and short-term searches)
    # themselves, and every other read covers the user's whole memory (a fact set by
    # update_memory cites no message of the session and was not found in its scope).
    memory = open_memory(db, org, project, user, create=True, agent_id=agent)
    scope = {"org_id": memory.scope.org_id, "project_id": memory.scope.project_id,
             "user_id": memory.scope.user_id, "agent_id": agent, "session_id": session}
    async_memory = AsyncMemory(memory=memory)
    return async_memory, build_server(async_memory, scope=scope, budget_tokens=budget, project_folder=folder), scope


@keys_app.command("create")
def keys_create(
    org: Annotated[str, typer.Option("--org", help="org_id the key is bound to.")],
    project: Annotated[str, typer.Option("--project", help="project_id the key is bound to.")],
    user: Annotated[str | None, typer.Option("--user", help="Also bind the key to one user_id.")] = None,
    name: Annotated[str, typer.Option(help="A label for lists.")] = "",
    db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """Create an API key bound to org/project (and optionally a user); prints the key once."""
    def go() -> tuple[ApiKey, str]:
        # before the file is made: `keys create --org " "` left a new, empty database behind
        check_ids(org_id=org, project_id=project, user_id=user)
        with open_memory(db, None, None, None, model=False, create=True) as memory:
            return memory.keys.create(org_id=org, project_id=project, user_id=user, name=name)
    key, secret = run_command(go)
    if as_json:
        emit_json({"secret": secret, "key": asdict(key)})
        return
    console.print(safe(f"created key {key.key_id} for {org}/{project}" + (f" user={user}" if user else "")))
    console.print(secret, highlight=False, soft_wrap=True)
    err.print("store it now: only a hash is kept, it cannot be shown again")


@keys_app.command("list")
def keys_list(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Every API key (id, scope, name, created, revoked); never a secret."""
    def go() -> list[ApiKey]:
        with open_memory(db, None, None, None, model=False) as memory:
            return memory.keys.list()
    keys = run_command(go)
    if as_json:
        emit_json([asdict(k) for k in keys])
        return
    for k in keys:
        state = "active" if k.revoked_at is None else f"revoked {k.revoked_at:%Y-%m-%d %H:%M}"
        console.print(safe(f"{k.key_id}  {k.org_id}/{k.project_id}  user={k.user_id or '*'}  "
                            f"{k.name!r}  {k.created_at:%Y-%m-%d}  {state}"), highlight=False)


@keys_app.command("revoke")
def keys_revoke(key_id: Annotated[str, typer.Argument(help="The key id (from `keys list`).")],
                db: DbOpt = None) -> None:
    """Revoke an API key: requests with it get 401 from then on."""
    def go() -> ApiKey:
        # An empty or blank id is an unset variable, refused before the database is opened (not "no such key").
        require_target("memstrata keys revoke", KEY_ID=key_id)
        with open_memory(db, None, None, None, model=False) as memory:
            return memory.keys.revoke(key_id)
    run_command(go)
    console.print(safe(f"revoked {key_id}"))
