"""Option types shared by every ``memstrata`` command (the command groups of ``cli.commands``)."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from memstrata.errors import InvalidInput

# str, not Path: a ``postgresql://`` URL must reach Memory intact (Path folds its "//").
DbOpt = Annotated[
    str | None, typer.Option("--db", help="Database file or postgresql:// URL "
                                          "(default $MEMSTRATA_DB or ~/.memstrata/memory.db).")
]
UserOpt = Annotated[str | None, typer.Option("--user", "-u", help="user_id (default $MEMSTRATA_USER or 'default').")]
AgentOpt = Annotated[str | None, typer.Option("--agent", help="agent_id.")]
SessionOpt = Annotated[str | None, typer.Option("--session", help="session_id.")]
OrgOpt = Annotated[str | None, typer.Option("--org", help="org_id (tenant).")]
ProjectOpt = Annotated[str | None, typer.Option("--project", help="project_id (tenant).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for machines.")]
FilterOpt = Annotated[str | None, typer.Option(
    "--filter", help='Filter expression, e.g. \'tag IN ("flight", "hotel") AND confidence >= 0.5\'.')]
ProjectFolderOpt = Annotated[str | None, typer.Option(
    "--project-folder", help="The folder the agent works in ('.': this one): another folder's project conventions "
                             "are left out (default: every folder's, each named by its folder).")]


def project_folder(value: str | None, option: str = "--project-folder") -> str | None:
    """``value`` of ``--project-folder`` as ``Memory.context(project_folder=...)`` takes it: the folder's absolute
    path (``.`` is the shell's folder, ``~`` the home folder, a trailing ``/`` dropped), as the coding-agent hooks store
    the session's ``cwd``; ``None`` when not given.

    The command line runs where the agent works, so the folder must be one on this machine: a typo (or a
    file) would match no convention said anywhere and show none, silently. REST and MCP ``get_context``
    take any absolute path: a server does not see its clients' folders.

    Raises:
        InvalidInput: a blank value (``--project-folder "$DIR"`` with ``DIR`` unset), naming ``option``: read as
            none, every folder's conventions would be shown as this one's; a path that is no folder here.
    """
    if value is None:
        return None
    if not value.strip():
        raise InvalidInput(f"{option} must name a folder ('.' for this one), got {value!r}", field="project_folder")
    folder = os.path.abspath(os.path.expanduser(value))
    if not os.path.isdir(folder):
        what = "is a file, not a folder" if os.path.exists(folder) else "does not exist"
        raise InvalidInput(f"{option} {folder} {what}; give the folder the agent works in ('.' for this one). "
                           "The conventions said in a folder that is gone are listed by `memstrata list --filter "
                           f"'subject = \"project:{folder}\"'`", field="project_folder")
    return folder
