"""The ``memstrata hooks`` commands (``install``, ``run``), registered on the CLI's typer app."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from memstrata.integrations.hooks import run as run_module
from memstrata.integrations.hooks.install import InstallError, install

hooks_app = typer.Typer(no_args_is_help=True, help="Coding-agent hooks (Claude Code, Codex): memory in every session.")

AgentOpt = Annotated[str, typer.Option("--agent", help="claude-code or codex.")]


@hooks_app.command("install")
def install_command(
    agent: AgentOpt,
    project: Annotated[str | None, typer.Option(help="Install for this project folder only "
                                                     "(default: for the user, every project).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Write memstrata's hooks into the agent's configuration, keeping every other hook."""
    try:
        # Read as text: a Path makes '' into '.', so `--project "$DIR"` with DIR unset wrote the
        # settings of whatever folder the shell was in.
        if project is not None and not project.strip():
            raise InstallError(f"--project is blank ({project!r}); give the project folder (--project . for "
                               "this one), or leave --project out to install for the user")
        done = install(agent, Path(project).expanduser().resolve() if project is not None else None)
    except InstallError as exc:
        typer.echo(f"error[invalid_input]: {exc}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps({"path": str(done.path), "events": done.events}))
        return
    typer.echo(f"{done.path}:")
    for event, state in done.events.items():
        typer.echo(f"  {event}: {state}")
    if agent == "codex":
        typer.echo("Codex runs hooks when [features] hooks is on in config.toml (the default in current "
                   "releases; older ones need codex_hooks = true) and may ask you to trust new hooks.")


@hooks_app.command("run")
def run_command(
    event: Annotated[str, typer.Argument(help="SessionStart, UserPromptSubmit, Stop, SessionEnd or PreCompact.")],
    agent: AgentOpt = "claude-code",
) -> None:
    """The handler the agent's hook configuration calls (payload JSON on stdin). Never fails the
    agent: errors go to hooks/hooks.log beside the database (MEMSTRATA_HOOKS_DIR) and the exit code is 0
    (docs/hooks.md)."""
    raise typer.Exit(run_module.main([event, "--agent", agent]))
