"""Option types shared by every ``memstrata`` command (the command groups of ``cli.commands``)."""

from __future__ import annotations

from typing import Annotated

import typer

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
