"""``memstrata hooks run EVENT``: the command a coding agent's hook configuration calls.

It reads the payload on stdin (``protocol``), reaches memstrata the warm way when a
``memstrata serve`` answers (``client``) and the cold way otherwise (``local``, imported only
then: the engine and its model are what the warm path avoids loading), and

* ``SessionStart``: prints the user's profile and this project's earlier memories;
* ``UserPromptSubmit``: prints the memories that match the prompt (nothing when none does);
* ``Stop`` / ``SessionEnd`` / ``PreCompact``: stores the transcript's turns not stored before.

It never blocks the agent: whatever goes wrong (bad payload, unreadable transcript, database
error) is written to ``hooks.log`` in ``HookSettings.hooks_dir`` and the exit code is 0 with
nothing printed. Every run also logs one line (event, path, milliseconds, outcome).
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import sys
import time
import traceback
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from memstrata.errors import MemstrataError
from memstrata.integrations.hooks.backend import (
    Backend,
    prompt_context,
    session_context,
    state_name,
    store_turns,
)
from memstrata.integrations.hooks.client import RestBackend, RestError
from memstrata.integrations.hooks.protocol import (
    AGENT_EVENTS,
    CONTEXT_EVENTS,
    HookSettings,
    Payload,
    PayloadError,
    additional_context,
    hooks_dir,
    parse_payload,
)
from memstrata.integrations.hooks.transcript import keyless_note, read_turns, why_no_turns
from memstrata.text.counts import counted

try:  # POSIX: concurrent events of one session take turns on its state file
    import fcntl
except ImportError:  # Windows: the turns' idempotency keys alone keep them stored once
    fcntl = None  # type: ignore[assignment]

#: The log is cut in two (``hooks.log.1``) past this size, bytes.
MAX_LOG_BYTES = 1_000_000
USAGE = "usage: memstrata hooks run EVENT [--agent claude-code|codex]  (payload JSON on stdin)"


def main(argv: list[str], *, stdin: IO[str] | None = None, stdout: IO[str] | None = None,
         environ: Mapping[str, str] | None = None) -> int:
    """Run the hook ``argv`` names (``EVENT [--agent AGENT]``); the exit code: always 0 once the
    arguments parse. Arguments no configuration written by ``memstrata hooks install`` has give 1
    and the usage on stderr: both agents show a hook's failure to the user and go on, where 2
    would block the prompt."""
    env = os.environ if environ is None else environ
    try:
        event, agent = parse_args(argv)
    except ValueError as exc:
        sys.stderr.write(f"error[invalid_input]: {exc}\n{USAGE}\n")
        return 1
    started = time.perf_counter()
    path, outcome = "-", "ok"
    try:
        path, outcome, output = handle(event, agent, (stdin or sys.stdin).read(), env)
        if output:
            (stdout or sys.stdout).write(output + "\n")
    except (ValueError, OSError, MemstrataError, RestError) as exc:  # said by its message: a setting, a file,
        # the store, or the server's refusal (a key missing or bound to another user)
        outcome = "error (logged)"
        _log(hooks_dir(env), f"{event} {agent}: failed: {type(exc).__name__}: {exc}")
    except Exception:  # the outer edge: never block the agent, never a traceback on its screen
        outcome = "error (logged)"
        _log(hooks_dir(env), f"{event} {agent}: failed\n{traceback.format_exc()}")
    _log(hooks_dir(env), f"{event} {agent} {path} {1000 * (time.perf_counter() - started):.0f} ms: {outcome}")
    return 0


def parse_args(argv: list[str]) -> tuple[str, str]:
    """``(event, agent)`` from ``EVENT [--agent AGENT]``. Raises ``ValueError`` naming what is wrong."""
    args = list(argv)
    agent = "claude-code"
    if "--agent" in args:
        at = args.index("--agent")
        if at + 1 >= len(args):
            raise ValueError("--agent needs a value: claude-code or codex")
        agent = args[at + 1]
        del args[at:at + 2]
    if agent not in AGENT_EVENTS:
        raise ValueError(f"--agent must be claude-code or codex, got {agent!r}")
    if len(args) != 1 or args[0] not in AGENT_EVENTS[agent]:
        raise ValueError(f"EVENT must be one of {', '.join(AGENT_EVENTS[agent])} for {agent}, got {' '.join(args)!r}")
    return args[0], agent


def handle(event: str, agent: str, raw: str, env: Mapping[str, str]) -> tuple[str, str, str]:
    """Do what ``event`` does for the payload ``raw``: ``(path taken, outcome, stdout text)``.

    Raises:
        PayloadError, OSError, MemstrataError, RestError: for ``main`` to log.
    """
    payload = parse_payload(raw, event)
    settings = HookSettings.from_env(env)
    writes = event not in CONTEXT_EVENTS
    if writes and not payload.transcript_path:
        return "-", "no transcript_path in the payload: nothing to store", ""
    if writes:
        _check_transcript(Path(payload.transcript_path or ""))
    with _backend(settings, env, create=writes) as (path, backend):
        if backend is None:
            return path, "no database yet: nothing to recall", ""
        if event == "SessionStart":
            text = session_context(backend, payload)
            return path, f"{counted(len(text), 'character')} of context", additional_context(event, text)
        if event == "UserPromptSubmit":
            text = prompt_context(backend, payload)
            return path, f"{counted(len(text), 'character')} of context", additional_context(event, text)
        read, stored = _store_new(backend, payload, agent, settings)
        transcript = Path(payload.transcript_path or "")
        if not read:
            return path, _no_turns(transcript, agent), ""
        skipped = keyless_note(transcript, agent)  # read with the rest, they would be lost in silence
        return path, f"{counted(stored, 'new turn')} stored" + (f"; skipped: {skipped}" if skipped else ""), ""


def _check_transcript(transcript: Path) -> None:
    """Refuse a ``transcript_path`` that names no file before the database is opened: the log said
    ``FileNotFoundError: [Errno 2] No such file or directory: '...'`` (or ``IsADirectoryError``) after
    seconds spent loading the engine.

    Raises:
        PayloadError: naming the payload field, the path and what is wrong with it.
    """
    if not transcript.is_file():
        what = "is a directory, not a transcript file" if transcript.is_dir() else "does not exist"
        raise PayloadError(f"payload field 'transcript_path' names {transcript}, which {what}; nothing stored")


def _no_turns(transcript: Path, agent: str) -> str:
    """The outcome of a transcript with no turn of ``agent``: its line count and why (``why_no_turns``: the
    lines missing the id a turn is stored under, or the agent whose transcript it may be). A wrong
    ``--agent`` reads nothing, which must not look like "all stored"; a Claude Code transcript whose lines
    had no ``uuid`` was asked "is it a codex transcript?", which it was not."""
    lines = sum(1 for line in transcript.read_text(encoding="utf-8", errors="replace").splitlines() if line.strip())
    return f"no {agent} turns among the transcript's {lines} lines; nothing stored ({why_no_turns(transcript, agent)})"


@contextlib.contextmanager
def _backend(settings: HookSettings, env: Mapping[str, str], *,
             create: bool) -> Iterator[tuple[str, Backend | None]]:
    """The warm backend when a server answers, else the cold one (``None``: no database to read)."""
    backend: Any = RestBackend.running(settings)
    path = "warm"
    if backend is None:
        # The engine is loaded only on the cold path: the warm one must not pay for it.
        local = importlib.import_module("memstrata.integrations.hooks.local")
        backend, path = local.LocalBackend.open(settings.scope, create=create, environ=env), "cold"
    try:
        yield path, backend
    finally:
        if backend is not None:
            backend.close()


def _store_new(backend: Backend, payload: Payload, agent: str, settings: HookSettings) -> tuple[int, int]:
    """Store the transcript's turns this session's state file does not list; record them there.
    Returns ``(turns read, turns stored now)``."""
    turns = read_turns(Path(payload.transcript_path or ""), agent)
    state_dir = Path(settings.hooks_dir) / "state"
    state_dir.mkdir(parents=True, exist_ok=True)
    state = state_dir / state_name(backend, settings.scope.user_id, payload.session_id)
    with open(state, "a+", encoding="utf-8") as handle:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)  # released when the file closes
        handle.seek(0)
        try:
            done = set(json.loads(handle.read() or "[]"))
        except ValueError:  # a damaged record: the idempotency keys still hold
            done = set()
        sent: list[str] = []
        try:
            return len(turns), store_turns(backend, payload, agent, [t for t in turns if t.key not in done],
                                           sent=sent, max_bytes=settings.max_turn_bytes)
        finally:  # also after a failure half-way: what was stored is not sent again
            handle.seek(0)
            handle.truncate()
            handle.write(json.dumps(sorted(done | set(sent))))


def _log(where: str, line: str) -> None:
    """Append ``line`` to ``hooks.log`` in the folder ``where`` (never raising: a hook must exit 0
    even then)."""
    try:
        folder = Path(where)
        folder.mkdir(parents=True, exist_ok=True)
        log = folder / "hooks.log"
        if log.exists() and log.stat().st_size > MAX_LOG_BYTES:
            log.replace(folder / "hooks.log.1")
        with open(log, "a", encoding="utf-8") as handle:
            handle.write(f"{datetime.now(UTC):%Y-%m-%dT%H:%M:%S}Z {line}\n")
    except OSError:
        pass
