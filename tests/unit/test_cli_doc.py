"""Every ``memstrata`` command, and every subcommand of ``bench``, ``keys`` and ``hooks``, is on docs/cli.md."""

from __future__ import annotations

from pathlib import Path

import typer.core
import typer.main

from memstrata.cli import app

DOC = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


def test_every_command_has_a_row_on_the_cli_page() -> None:
    root = typer.main.get_command(app)
    assert isinstance(root, typer.core.TyperGroup)
    page = DOC.read_text(encoding="utf-8")
    assert len(root.commands) >= 20, sorted(root.commands)
    missing = sorted(name for name in root.commands if f"| `{name}` |" not in page)
    assert not missing, f"commands without a row in docs/cli.md: {missing}"


def test_every_subcommand_is_named_on_the_cli_page() -> None:
    root = typer.main.get_command(app)
    assert isinstance(root, typer.core.TyperGroup)
    page = DOC.read_text(encoding="utf-8")
    groups = {name: cmd for name, cmd in root.commands.items() if isinstance(cmd, typer.core.TyperGroup)}
    assert {"bench", "keys", "hooks"} <= set(groups)
    missing = sorted(f"{group} {sub}" for group, cmd in groups.items() for sub in cmd.commands
                     if f"{group} {sub}" not in page and f"`{sub}`" not in page)
    assert not missing, f"subcommands not named in docs/cli.md: {missing}"
