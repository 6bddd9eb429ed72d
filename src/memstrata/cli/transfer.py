"""Moving memory in and out: ``export`` (JSONL, or a Markdown folder) and ``import`` (conversation
logs, ``memstrata export`` files restored exactly, Markdown folders).

Registered on the typer application by ``cli.commands``. A refused import stores nothing and
leaves no new, empty database file (``cli.session.removed_unless_stored``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from memstrata.cli.options import AgentOpt, DbOpt, JsonOpt, OrgOpt, ProjectOpt, UserOpt
from memstrata.cli.session import (
    console,
    emit_json,
    err,
    open_memory,
    removed_unless_stored,
    run_command,
    shown_errors,
)
from memstrata.errors import Conflict, InvalidInput
from memstrata.integrations.markdown import export_folder, import_folder
from memstrata.lifecycle.export import dumps, require_records, write_file
from memstrata.loaders.base import ImportedMessage
from memstrata.loaders.importer import detect_format, import_messages, load_any, load_export, load_export_lines
from memstrata.memory import Memory
from memstrata.text.counts import counted, noun


def export(
    db: DbOpt = None, user: UserOpt = None, agent: AgentOpt = None, org: OrgOpt = None,
    project: ProjectOpt = None,
    output_arg: Annotated[str | None, typer.Option("--output", "-o", help="File (default stdout).")] = None,
    everything: Annotated[bool, typer.Option(
        "--all", help="Every tenant, user and agent of the database, and its REST API keys as stored (hashes, "
                      "no secrets): to move it, e.g. SQLite to PostgreSQL.")]
    = False,
    fmt: Annotated[str, typer.Option("--format", help="jsonl | markdown (a MEMORY.md + memory/YYYY-MM-DD.md "
                                                      "folder to read and edit)")] = "jsonl",
    folder_arg: Annotated[str | None, typer.Argument(metavar="FOLDER", show_default=False,
                                                     help="With --format markdown: the folder to write.")] = None,
) -> None:
    """Export a scope as JSONL: episodes, facts (every status), events (with --all: the API keys too);
    or, with --format markdown DIR, one user's memory as an editable Markdown folder."""
    if output_arg is not None and not output_arg.strip():  # read as a Path, '' was '.': "-o . is a directory"
        run_command(lambda: _refuse(f"-o is blank ({output_arg!r}); name the file to write, or leave -o out for "
                                    "standard output", field="output"))
    output = None if output_arg is None else Path(output_arg)
    folder = None if folder_arg is None else run_command(
        lambda: given_path(folder_arg, "FOLDER", "the folder to write the Markdown projection into"))
    if fmt == "markdown" or folder is not None:
        _export_markdown(fmt, folder or output, db=db, user=user, agent=agent, org=org, project=project,
                         everything=everything)
        return
    if fmt != "jsonl":
        run_command(lambda: _refuse(f"--format {fmt!r}: use jsonl or markdown"))
    keys = [0]

    def count_key(record: dict[str, Any]) -> None:
        keys[0] += record["type"] == "api_key"

    def go() -> int:
        if everything and (user or agent or org or project):
            raise InvalidInput("--all exports every tenant, user and agent: leave out --user, --agent, --org "
                               "and --project (or leave out --all to export one scope)")
        with open_memory(db, org, project, None if everything else user, model=False,
                   agent_id=None if everything else agent) as memory:
            # A scope that holds nothing (a mistyped --user) is refused before anything is written,
            # as the Markdown export does: an empty file looks like a backup.
            records = memory.export_all() if everything else require_records(
                memory.export(), memory.scope.describe(), hint=_who_else(memory))
            n = 0
            if output:  # a temporary file renamed over it: never a half-written or emptied backup
                n = write_file(records, output, on_record=count_key)
            for record in () if output else records:
                try:
                    sys.stdout.write(dumps(record) + "\n")
                except BrokenPipeError:  # `export | head`: the reader has all it wanted
                    return n
                n += 1
                count_key(record)
            return n
    n = run_command(go)
    if output:
        console.print(f"exported {counted(n, 'record')} to {output}")
    if everything and keys[0]:
        # Said on stderr (stdout may be the export itself): an operator moving a REST deployment
        # must know whether clients keep their keys (otherwise they may be left behind).
        err.print(f"note: --all carries the REST API keys as stored ({counted(keys[0], 'key')}: their SHA-256 "
                  "hashes, never a secret; revoked ones stay revoked): `memstrata import` of this file restores "
                  "them, so REST clients keep working with the keys they have", highlight=False, markup=False)


def _refuse(message: str, field: str | None = None) -> None:
    raise InvalidInput(message, field=field)


def given_path(text: str, name: str, what: str) -> Path:
    """``text`` as a path; a blank one is refused. Read as a ``Path``, '' is '.': `memstrata import
    "$DIR"` with ``DIR`` unset read every note of the shell's folder into the user's memory.

    Raises:
        InvalidInput: ``text`` is empty or whitespace, naming the argument ``name``.
    """
    if not text.strip():
        raise InvalidInput(f"{name} is blank ({text!r}); give {what} (`.` for this folder)")
    return Path(text)


def _who_else(memory: Memory) -> str:
    """What to do instead of exporting an empty scope. It names no other user: an error is read
    and pasted where a listing on request is not (``memstrata users`` lists them when asked)."""
    scope = memory.scope
    return (f"`memstrata users --org {scope.org_id} --project {scope.project_id}` lists the users with "
            "memories; --user NAME exports another user, --all the whole database")


def _export_markdown(fmt: str, folder: Path | None, *, db: str | None, user: str | None, agent: str | None,
                     org: str | None, project: str | None, everything: bool) -> None:
    """``memstrata export --format markdown DIR`` (``integrations.markdown.export_folder``)."""
    def go() -> Any:
        if fmt != "markdown":
            raise InvalidInput(f"a folder argument ({folder}) is for --format markdown; JSONL goes to --output FILE")
        if folder is None or everything:
            raise InvalidInput("--format markdown writes one user's memory into a folder: give DIR (and --user), "
                               "not --all")
        with open_memory(db, org, project, user, model=False, agent_id=agent) as memory:
            require_records(memory.export(), memory.scope.describe(), hint=_who_else(memory))
            return memory.scope.user_id, export_folder(memory, folder)
    who, report = run_command(go)
    days = sum(1 for f in report.files if f.startswith("memory/"))
    console.print(f"exported {counted(report.facts, 'fact')} and {counted(report.episodes, 'episode')} of {who} to "
                  f"{folder} (MEMORY.md and {counted(days, 'daily note')})", highlight=False, markup=False)
    if report.forgotten:  # the kept message's line carries what was forgotten from it
        console.print(f"{counted(report.forgotten, 'fact')} forgotten from messages the folder shows "
                      f"{noun(report.forgotten, 'is', 'are')} marked on their lines (forgotten:KEY), so an import "
                      "keeps them forgotten", highlight=False, markup=False)
    if report.left_out:  # said on stderr: these messages are not in the folder
        n = len(report.left_out)
        facts = f" (fact {', '.join(f'#{i}' for i in report.unmarked)})" if report.unmarked else ""
        err.print(f"warning: {counted(n, 'message')} left out of the folder (episode "
                  f"{', '.join(f'#{i}' for i in report.left_out)}): a fact forgotten from "
                  f"{noun(n, 'it', 'them')}{facts} has a key the export cannot name as a forgotten:KEY mark, so "
                  f"importing {noun(n, 'its line', 'their lines')} would draw it again; the JSONL export (`memstrata "
                  "export -o FILE`) carries every message with every suppression", highlight=False, markup=False)


def import_cmd(
    path_arg: Annotated[str, typer.Argument(metavar="PATH", show_default=False,
                                             help="JSONL messages, a LoCoMo JSON file, or a Markdown memory folder.")],
    db: DbOpt = None, user: UserOpt = None, org: OrgOpt = None, project: ProjectOpt = None,
    fmt: Annotated[str, typer.Option("--format", help="auto | jsonl | locomo | export | markdown")] = "auto",
    as_json: JsonOpt = False,
) -> None:
    """Import a conversation log (one user per LoCoMo conversation), with a progress bar, a
    `memstrata export` file exactly as it was (ids, timestamps, statuses; idempotent), or a
    Markdown memory folder (MEMORY.md, memory/YYYY-MM-DD.md: each note an episode; idempotent)."""
    path = run_command(lambda: given_path(path_arg, "PATH", "the file or folder to import"))
    if fmt not in IMPORT_FORMATS:  # the loader's words named three of the five
        run_command(lambda: _refuse(f"--format {fmt!r}: use {', '.join(IMPORT_FORMATS[:-1])} or {IMPORT_FORMATS[-1]}",
                                    field="format"))

    # a .md file is a Markdown note, never JSON Lines: its import says to give the folder holding it
    if fmt == "markdown" or (fmt == "auto" and (path.is_dir() or path.suffix.lower() == ".md")):
        _import_markdown(path, db=db, user=user, org=org, project=project, as_json=as_json)
        return

    if (fmt == "auto" and run_command(lambda: detect_format(path)) == "export") or fmt == "export":
        def restore() -> dict[str, Any]:
            records, lines = load_export_lines(path)
            if not records:
                raise InvalidInput(_nothing_in(path, "a memstrata export file (one JSON record per line)"))
            # one transaction: a refused restore stored nothing
            with removed_unless_stored(db), open_memory(db, org, project, user, create=True) as memory:
                return {"records": len(records), **memory.import_records(records, lines=lines)}
        restored = run_command(restore)
        named = _export_users(path) if user else set()
        if named - {user}:  # --user read as a retarget would otherwise end in a bare "restored 0"
            err.print(f"note: the export's records name {noun(len(named), 'user')} {', '.join(sorted(named))}; "
                      f"an export file restores each record in its own scope, so --user {user} was not applied",
                      highlight=False, markup=False)
        if as_json:
            emit_json(restored)
        else:
            keys = f" and {counted(restored['api_keys'], 'API key')}" if restored.get("api_keys") else ""
            trail = "".join(f", {counted(restored[k], k.replace('_', ' ').removesuffix('s'))}" for k in (
                "withdrawals", "outdated_marks", "tombstones", "forget_receipts", "forgotten_ids",
                "suppressed_facts") if k in restored)
            console.print(f"restored {counted(restored['episodes'], 'episode')}, {counted(restored['facts'], 'fact')}, "
                          f"{counted(restored['events'], 'event')}{trail}{keys} from "
                          f"{counted(restored['records'], 'record')} (rows already present are kept as they are)")
            skipped = restored["skipped"]
            if skipped:  # what was forgotten here is never brought back: say which and why
                err.print(f"note: {counted(len(skipped), 'record')} {noun(len(skipped), 'was', 'were')} not restored "
                          f"because what {noun(len(skipped), 'it holds', 'they hold')} was forgotten:",
                          highlight=False, markup=False)
                for s in skipped[:_SKIPPED_SHOWN]:
                    name = f"{s['type']} #{s['id']}" if "id" in s else f"{s['type']} of episode #{s['episode_id']}"
                    err.print(f"  {name}: {s['reason']}", highlight=False, markup=False)
                if len(skipped) > _SKIPPED_SHOWN:  # a whole forgotten export listed a hundred lines
                    err.print(f"  … and {len(skipped) - _SKIPPED_SHOWN} more (--json lists each)",
                              highlight=False, markup=False)
        if restored["skipped"] and len(restored["skipped"]) >= restored["records"]:
            _refuse_forgotten(path, len(restored["skipped"]), "record")
        return

    def go() -> dict[str, int]:
        groups = load_any(path, fmt)
        total = sum(len(msgs) for _, msgs in groups)
        if not total:  # refused before the database is opened: nothing is written, no empty file is made
            raise InvalidInput(_nothing_in(path, IMPORTABLE))
        if user:
            _refuse_other_users(groups, user)
        summary = {"messages": total, "groups": len(groups), "added": 0, "duplicates": 0, "forgotten": 0}
        with removed_unless_stored(db) as state, open_memory(db, org, project, user, create=True) as memory, Progress(
            TextColumn("importing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
            console=err, disable=as_json,
        ) as progress:
            task = progress.add_task("import", total=total)

            def stored(n: int) -> None:
                state["stored"] = True  # a batch is committed: the file now holds the user's data
                progress.advance(task, n)
            for default_user, messages in groups:
                import_messages(memory, messages, user_id=user or default_user, on_batch=stored, tally=summary)
            summary.update(memory.store.counts())
        return summary
    summary = run_command(go)
    if as_json:
        emit_json(summary)
    else:
        # A re-import skips what is stored already ("imported 3 messages" when 2 of the 3 were
        # duplicates misled): say how many were added and how many skipped.
        done = (f"imported {summary['added']} of {counted(summary['messages'], 'message')} "
                f"({summary['duplicates']} already stored, skipped)" if summary["duplicates"]
                else f"imported {counted(summary['added'], 'message')}")
        console.print(f"{done}; database now holds {counted(summary['episodes'], 'episode')}, "
                      f"{counted(summary['segments'], 'segment')}, "
                      f"{counted(summary.get('facts_active', 0), 'active fact')}")
        if summary["forgotten"]:  # nothing forgotten comes back: say that it was left out, and why
            n = summary["forgotten"]
            console.print(f"{counted(n, 'message')} forgotten here {noun(n, 'was', 'were')} not imported again")
    if summary["forgotten"] and not summary["added"] and not summary["duplicates"]:
        _refuse_forgotten(path, summary["forgotten"], "message")


def _refuse_other_users(groups: list[tuple[str | None, list[ImportedMessage]]], user: str) -> None:
    """Refuse an import given ``--user`` whose lines name another user (``"user_id": "carol"`` under ``--user
    alice``), before anything is stored, as ``POST /v1/import`` refuses such a record. Before, each line went to the
    user it named and the summary said only "imported 1 message", so alice's import filled carol's memory.

    Raises:
        InvalidInput: naming the first such line, its user and ``--user``'s.
    """
    for _, messages in groups:
        for msg in messages:
            named = (msg.metadata.get("scope") or {}).get("user_id")
            if named is not None and named != user:
                where = f"line {msg.line}: " if msg.line is not None else ""
                raise InvalidInput(f"{where}user_id {named!r} differs from --user {user!r}; give no --user to import "
                                   "each line under the user it names, or remove the line's user_id. Nothing was "
                                   "stored", field="user")


def _refuse_forgotten(path: Path, n: int, what: str) -> None:
    """End an import that stored nothing because all ``n`` of the file's ``what`` (records, messages) were
    forgotten here: exit 1 with ``error[conflict]``, so that a script sees nothing was imported (it exited 0
    after the summary). An import where some were stored or already present exits 0, its notes saying the rest.

    Raises:
        typer.Exit: always, with status 1.
    """
    with shown_errors():
        raise Conflict(f"nothing was imported from {path}: what it holds ({counted(n, what)}) was forgotten "
                       "here, and an import never brings back what was forgotten; nothing was stored")


#: How many records a restore left out (forgotten here) are named one per line; the rest are counted.
_SKIPPED_SHOWN = 10

#: ``memstrata import --format`` values.
IMPORT_FORMATS = ("auto", "jsonl", "locomo", "export", "markdown")
#: What ``memstrata import FILE`` reads, for the error on a file that holds none of it.
IMPORTABLE = ("JSONL messages (one JSON object with \"content\" per line), a LoCoMo JSON file, or a "
              "`memstrata export` file")


def _nothing_in(path: Path, expected: str) -> str:
    """The error for an import file that holds nothing to import: its path, what it holds (empty,
    blank lines only, or records without a message) and what an import expects."""
    size = path.stat().st_size
    held = ("it is empty (0 bytes)" if size == 0 else
            "it holds only blank lines" if not path.read_bytes().strip() else "it holds no message")
    return f"{path}: nothing to import: {held}; expected {expected}; nothing was stored"


def _import_markdown(path: Path, *, db: str | None, user: str | None, org: str | None, project: str | None,
                     as_json: bool) -> None:
    """``memstrata import --format markdown DIR`` (``integrations.markdown.import_folder``)."""
    def go() -> Any:
        # every file is read and every note checked before the first write: a refused folder stores nothing
        with removed_unless_stored(db) as state, open_memory(db, org, project, user, create=True) as memory:
            report = import_folder(memory, path)
            state["stored"] = True
            return report
    report = run_command(go)
    if as_json:
        emit_json(report.as_dict())
    else:
        for line in report.lines():
            (err if line.startswith("note:") else console).print(line, highlight=False, markup=False)
    left_out = report.forgotten + len(report.gone)
    if left_out and not (report.added or report.unchanged or report.updated or report.restated):
        _refuse_forgotten(path, left_out, "note")


def _export_users(path: Path) -> set[str]:
    """The user ids an export file's records name (``scope.user_id``); unreadable records are
    skipped (the restore itself reports them)."""
    users: set[str] = set()
    for record in load_export(path):
        scope = record.get("scope")
        if isinstance(scope, dict) and isinstance(scope.get("user_id"), str):
            users.add(scope["user_id"])
    return users
