"""Administration: ``doctor``, ``reembed``, ``demo``, and the LLM extraction queue's ``worker``,
``status`` and ``consolidate``.

Registered on the typer application by ``cli.commands``.
"""

from __future__ import annotations

import json
import signal
import tempfile
import threading
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from memstrata.cli.demo import run_demo
from memstrata.cli.options import AgentOpt, DbOpt, JsonOpt, OrgOpt, ProjectOpt, SessionOpt, UserOpt
from memstrata.cli.session import (
    console,
    emit_json,
    err,
    missing_file,
    open_memory,
    refuse_blank_scope,
    run_command,
    safe,
)
from memstrata.config import Settings, is_postgres_url, ready_folder
from memstrata.errors import EmbeddingModelMismatch, InvalidInput, StoreError
from memstrata.lifecycle.reembed import reembed_database
from memstrata.lifecycle.target import require_target
from memstrata.text.counts import counted


def _print_report(report: dict[str, Any], as_json: bool) -> None:
    """A key/value report (doctor, status) as JSON or as a two-column table."""
    if as_json:
        emit_json(report)
        return
    table = Table(show_header=False)
    for k, v in report.items():
        table.add_row(k, safe(json.dumps(v, ensure_ascii=False) if isinstance(v, (dict, list)) else v))
    console.print(table)


def doctor(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """What model, what database, what counts. Reports a missing or mismatched model instead of failing."""
    def go() -> dict[str, Any]:
        try:
            with open_memory(db, None, None, None) as memory:
                return memory.doctor()
        except EmbeddingModelMismatch as exc:
            with open_memory(db, None, None, None, model=False) as memory:
                report = memory.doctor()
            report["embedding_status"] = f"mismatch: {exc}"
            return report
    _print_report(run_command(go), as_json)


def reembed(
    db: DbOpt = None,
    model: Annotated[str | None, typer.Option(help="Model to migrate to (default: configured).")] = None,
) -> None:
    """Re-embed every segment and fact with the configured (or given) model."""
    def go() -> dict[str, Any]:
        if model is not None and not model.strip():  # `--model "$M"` with M unset re-embedded with the configured one
            raise InvalidInput(f"--model is blank ({model!r}); name the model to re-embed with, or leave --model out "
                               "for the configured one (MEMSTRATA_EMBEDDING_MODEL)", field="model")
        settings = Settings.from_env()
        if is_postgres_url(db) or (db is None and settings.database_url):
            raise InvalidInput("reembed works on SQLite files only for now; re-import into a new PostgreSQL "
                               "database with the new model instead")
        if (missing := missing_file(db, settings)) is not None:  # a typo'd folder: bad input (exit 2)
            raise StoreError(f"no database at {missing}; nothing to re-embed (a new file is not created)")
        path = Path(db or settings.resolved_db_path()).expanduser()
        ready_folder(path)  # a directory is bad input, as for every other command
        return reembed_database(path,
                                model or settings.embedding_model or "use-multilingual-v3",
                                threads=settings.embed_threads)
    summary = run_command(go)
    console.print(f"re-embedded {counted(summary['segments'], 'segment')} and {counted(summary['facts'], 'fact')} with "
                  f"{summary['model']} (was {summary['previous']})")
    if summary["model"] != (Settings.from_env().embedding_model or "use-multilingual-v3"):
        # every later command loads the configured model and would refuse this database
        console.print(f"from now on run memstrata with MEMSTRATA_EMBEDDING_MODEL={summary['model']} "
                      "(e.g. export it in your shell profile)")


def demo(
    db: Annotated[Path | None, typer.Option("--db", help="Fresh database file (default: a temporary one).")] = None,
) -> None:
    """Import a real LoCoMo conversation and answer five of its benchmark questions."""
    def go() -> None:
        if db is not None:
            if db.exists():
                raise InvalidInput(f"{db} exists; the demo needs a fresh database path")
            run_demo(db, console=console)
            return
        with tempfile.TemporaryDirectory(prefix="memstrata-demo-") as tmp:
            run_demo(Path(tmp) / "demo.db", console=console)
    run_command(go)


def worker(
    db: DbOpt = None,
    once: Annotated[bool, typer.Option("--once", help="Process what is ready now, then exit.")] = False,
    poll: Annotated[float, typer.Option(help="Seconds to sleep when nothing is ready.")] = 1.0,
) -> None:
    """Run LLM extraction over the queue (needs MEMSTRATA_LLM_PROVIDER; see docs/configuration.md)."""
    def go() -> int:
        with open_memory(db, None, None, None, create=True) as memory:
            work = memory.semantic.worker()
            if once:
                return sum(report.status == "done" for report in work.drain())
            stop = threading.Event()
            signal.signal(signal.SIGTERM, lambda *_: stop.set())
            err.print(f"memstrata worker: {memory.store.location} with {work.llm.name}; Ctrl-C to stop")
            try:
                return work.serve(stop, poll_s=poll)
            except KeyboardInterrupt:
                return 0
    batches = run_command(go)
    console.print(f"processed {counted(batches, 'batch')}")


def status(db: DbOpt = None, user: UserOpt = None, session: SessionOpt = None, as_json: JsonOpt = False) -> None:
    """Extraction queue: pending, running, done, failed, last error (whole database unless --user/--session)."""
    def go() -> dict[str, Any]:
        refuse_blank_scope(user_id=user, session_id=session)  # blank is not "the whole database"
        with open_memory(db, None, None, None, model=False) as memory:
            return memory.queue_status(user_id=user, session_id=session)
    _print_report(run_command(go), as_json)


def consolidate(
    db: DbOpt = None, user: UserOpt = None, agent: AgentOpt = None, org: OrgOpt = None, project: ProjectOpt = None,
    category: Annotated[str, typer.Option(help="Category to consolidate.")] = "profile",
    undo: Annotated[str | None, typer.Option(help="Revert this run id instead.")] = None,
) -> None:
    """Merge/rewrite a category's features with the LLM now (or --undo a run)."""
    def go() -> str:
        if undo is not None:  # a blank run id is refused before the database or the model is opened
            require_target("memstrata consolidate --undo", **{"--undo": undo})
        with open_memory(db, org, project, user, agent_id=agent) as memory:
            if undo is not None:
                counts = memory.undo(undo)
                return f"undone {undo}: {counts['archived']} archived, {counts['restored']} restored"
            return f"consolidation run {memory.consolidate(category)}"
    console.print(safe(run_command(go)), highlight=False)
