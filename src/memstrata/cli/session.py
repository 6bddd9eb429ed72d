"""What every ``memstrata`` command shares: the consoles, opening the database, and errors shown
as one line ``error[code]: message`` (exit status 2 for bad input, 1 for anything else) with no
traceback. ``commands`` (memory commands) and ``server`` (``serve``, ``mcp``, ``keys``) both use it.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from typer._click.globals import get_current_context  # typer's own click: the context of the command run

from memstrata.config import DEFAULT_DB_PATH, Settings, looks_like_url, ready_folder
from memstrata.embed.models import loaded_models
from memstrata.errors import InvalidInput, MemstrataError, StoreError
from memstrata.lifecycle.export import _plain
from memstrata.memory import Memory
from memstrata.memory.base import check_ids
from memstrata.text.visible import neutralise

#: The console's width off a terminal: no table row or line of ours comes near it.
PIPED_WIDTH = 1_000_000

# emoji=False: ":x:" in a user's text must stay ":x:", not become an emoji.
console = Console(emoji=False)
# Off a terminal (a pipe, a file) rich would break every line at 80 columns (or $COLUMNS): a recalled
# memory, an import summary or a receipt would reach a script in pieces, and a table would cut its
# cells ("shipping…") or fold them onto a second line. There a line is printed whole, and a table is
# as wide as its widest cells (a table is never widened to the console's width, so the width set
# here only lifts the limit). On a terminal rich wraps at word boundaries to the terminal's width.
if not console.is_terminal:
    console.soft_wrap = True
    console.width = PIPED_WIDTH

# Every message on stderr is one line however narrow the output: a terminal wraps it for the eye,
# a log or a script reading stderr gets it whole (rich would break it at 80 columns off a terminal).
err = Console(stderr=True, emoji=False, soft_wrap=True)


T = TypeVar("T")


#: The command-line parameter of an SDK argument named otherwise (an error's ``details.field`` -> the
#: parameter's Python name in the commands): ``kinds`` is ``--kind``, ``user_id`` ``--user``, ``content`` ``TEXT``.
CLI_PARAMS = {"kinds": "kind", "user_id": "user", "org_id": "org", "project_id": "project", "agent_id": "agent",
              "session_id": "session", "expand_context": "context", "filter": "where", "project_folder": "folder",
              "created_at": "at", "content": "text", "fact_id": "fact", "episode_id": "episode"}


def option_named(field: str, ctx: Any) -> str | None:
    """How the command of ``ctx`` (a typer context) names the SDK argument ``field`` on its command line: the
    option as typed (``--budget-tokens``, ``--kind``, ``--user``) or the argument as its usage line shows it
    (``TEXT``, ``FACT``); ``None`` when the command has no parameter for it."""
    names = (field, CLI_PARAMS.get(field))
    params = {p.name: p for p in getattr(getattr(ctx, "command", None), "params", ())}
    param = next((params[n] for n in names if n in params), None)
    if param is None:
        return None
    if getattr(param, "param_type_name", "") == "argument":
        return str(param.metavar or param.name).upper()
    longs = [o for o in param.opts if o.startswith("--")]
    return str(max(longs or param.opts, key=len))


def cli_message(exc: MemstrataError, ctx: Any = None) -> str:
    """``exc``'s message in the command line's words: an error the SDK raised names its argument as the SDK calls
    it (``budget_tokens must be ...``, ``scope user_id 'a\\x01b' contains control characters``, ``update():
    fact_id ...``), and a user of the command line must read the option typed: ``--budget-tokens must be ...``,
    ``--user 'a\\x01b' contains ...``, ``FACT ...``. The argument (``details.field``) is put in the option's
    place where the message opens with it (after the call's name or ``scope``); any other message is kept.
    ``ctx``: the running command's context (default: the current one)."""
    message = str(exc)
    field = exc.details().get("field")
    if not isinstance(field, str) or not field:
        return message
    ctx = ctx if ctx is not None else get_current_context(silent=True)
    option = option_named(field, ctx) if ctx is not None else None
    if option is None:
        return message
    return re.sub(rf"^(?:\w+\(\): )?(?:scope )?{re.escape(field)}\b", lambda _: option, message, count=1)


def show_error(exc: MemstrataError) -> int:
    """Print ``exc`` as the CLI's one error line, ``error[code]: message`` on stderr (with
    ``--json``: the REST body ``{"error": {"code", "message", "details"}}``), and return the exit
    status: 2 for bad input (``InvalidInput`` and its kinds), 1 for anything else. The message names
    the running command's options, not the SDK's arguments (``cli_message``); ``details.field`` stays
    the argument's name, as on every door."""
    message = cli_message(exc)
    if "--json" in sys.argv[1:]:  # machines get the error in the same shape as the REST API's
        sys.stderr.write(json.dumps({"error": {"code": exc.code, "message": message, "details": exc.details()}},
                                    ensure_ascii=False) + "\n")
    else:
        err.print(f"[red]error\\[{exc.code}][/]: {safe(message)}", highlight=False)
    return 2 if isinstance(exc, InvalidInput) else 1


def refuse(message: str, field: str) -> NoReturn:
    """Stop the command as bad input (exit 2), ``message`` shown as ``show_error`` shows any error: a
    line, or with ``--json`` the REST body (a refusal printed by hand was plain text under ``--json``).
    ``field`` names the option's SDK argument (``details.field``)."""
    raise typer.Exit(show_error(InvalidInput(message, field=field)))


@contextmanager
def shown_errors() -> Iterator[None]:
    try:
        yield
    except MemstrataError as exc:
        raise typer.Exit(show_error(exc)) from None
    except KeyboardInterrupt:
        err.print("interrupted")
        raise typer.Exit(130) from None
    except (typer.Exit, typer.Abort):
        raise
    except Exception as exc:  # the outer edge: never a traceback for the user
        err.print(f"[red]error\\[internal][/]: {safe(f'{type(exc).__name__}: {exc}')}", highlight=False)
        raise typer.Exit(1) from None


def refuse_blank_db(db: str | None) -> None:
    """Refuse ``--db ""`` (``--db "$DB"`` with ``DB`` unset) in the option's own name: a reading command
    said "no database at ~/.memstrata/memory.db", as if the default were meant, and a writing one
    named the SDK's ``Memory(path)``.

    Raises:
        InvalidInput: ``field`` ``db``, when ``db`` is given and blank.
    """
    if db is not None and not db.strip():
        raise InvalidInput(f"--db is empty, got {db!r}; give a database file path or a postgresql:// URL, or leave "
                           "--db out for the configured one ($MEMSTRATA_DB, else ~/.memstrata/memory.db)", field="db")


#: The scope options of every command, by the ``Memory`` keyword each one fills.
SCOPE_OPTIONS = {"user_id": "--user", "org_id": "--org", "project_id": "--project", "agent_id": "--agent",
                 "session_id": "--session"}


def refuse_blank_scope(**given: str | None) -> None:
    """Refuse a blank scope option (``--user "$NAME"`` with ``NAME`` unset) in the option's own name, before the
    database is looked for: the SDK's words (``scope user_id must be a non-empty string``) named no option.

    ``given`` maps ``Memory`` keywords (``user_id``, ``org_id``, ``project_id``, ``agent_id``, ``session_id``) to
    the values typed (``None``: not given).

    The other checks of a scope identifier (control characters, outer spaces, length: ``memory.base.check_ids``)
    run here too, so a reading command refuses ``--user $'a\\x01'`` whether or not the database exists (it said "no
    database" until there was one); ``show_error`` names the option (``cli_message``).

    Raises:
        InvalidInput: ``field`` the keyword (``user_id`` ...), naming the option (``--user is empty``).
    """
    for field, value in given.items():
        if isinstance(value, str) and not value.strip() and field in SCOPE_OPTIONS:
            raise InvalidInput(f"{SCOPE_OPTIONS[field]} is empty, got {value!r}; give the {field}, or leave "
                               f"{SCOPE_OPTIONS[field]} out", field=field)
    check_ids(**{f: v for f, v in given.items() if f in SCOPE_OPTIONS})


def missing_file(db: str | None, settings: Settings) -> Path | None:
    """The SQLite file ``db`` names if it does not exist (a PostgreSQL URL is never "missing").

    Raises:
        InvalidInput: ``db`` is blank (``refuse_blank_db``), or the path's directory does not exist (and it is
            not the default location, ``config.ready_folder``): a mistyped path, bad input (exit 2) on every
            command, reading or writing, in ``remember``'s words. Only a file missing from a folder that exists
            is "no database" (``StoreError``, exit 1: nothing stored there yet).
    """
    refuse_blank_db(db)
    # A URL, even a mistyped one, is never a missing file: ``open_store`` accepts or refuses it.
    if (db is not None and looks_like_url(db)) or (db is None and settings.database_url):
        return None
    path = Path(db or settings.resolved_db_path()).expanduser()
    if path.exists():
        return None
    if path != DEFAULT_DB_PATH.expanduser():  # ready_folder would create the default's folder
        ready_folder(path)
    return path




def open_memory(db: str | None, org: str | None, project: str | None, user: str | None, *,
          model: bool = True, create: bool = False, **kw: Any) -> Memory:
    """Open the database. ``model=False`` skips the embedding model and the extractor
    (list, history, forget, export need neither: faster, and they work on a database
    whose model is not configured here). Only writing commands ``create`` a new file;
    a model in ``loaded_models`` is reused."""
    refuse_blank_db(db)
    refuse_blank_scope(user_id=user, org_id=org, project_id=project, agent_id=kw.get("agent_id"),
                       session_id=kw.get("session_id"))
    settings = Settings.from_env()
    if not model:
        kw.update(embedder=None, extractor=None)
    elif (loaded := loaded_models.get(settings.embedding_model or "")) is not None:
        kw.setdefault("embedder", loaded)
    if not create and (path := missing_file(db, settings)) is not None:
        raise StoreError(f"no database at {path}; remember or import something first, or pass --db")
    return Memory(db, settings=settings, org_id=org, project_id=project,
                  user_id=settings.user_id if user is None else user, **kw)


@contextmanager
def removed_unless_stored(db: str | None) -> Iterator[dict[str, bool]]:
    """Around a command that may create the SQLite file ``db`` names: when the command fails
    before it stored anything (``state["stored"]`` still false), the file it created (with its
    ``-wal``/``-shm``) is removed, so a refused import leaves no empty database behind (one
    was left after a future-dated line was refused). A file that
    existed before, or a PostgreSQL URL, is never touched."""
    created = missing_file(db, Settings.from_env())
    state = {"stored": False}
    try:
        yield state
    except BaseException:
        if created is not None and not state["stored"]:
            for leftover in (created, created.with_name(created.name + "-wal"),
                             created.with_name(created.name + "-shm")):
                leftover.unlink(missing_ok=True)
        raise


_CONTROL = dict.fromkeys(c for c in range(32) if c not in (9, 10)) | {127: None}


def safe(text: object) -> str:
    """User data for rich output: markup escaped, terminal control characters removed, direction
    controls and tag characters shown as ``[U+202E]`` (``text.visible.neutralise``)."""
    return escape(neutralise(str(text).translate(_CONTROL)))


def run_command(fn: Callable[[], T]) -> T:
    with shown_errors():
        return fn()


def emit_json(data: Any) -> None:
    sys.stdout.write(json.dumps(_plain(data), ensure_ascii=False, indent=2) + "\n")
