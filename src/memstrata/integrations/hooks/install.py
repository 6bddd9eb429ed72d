"""``memstrata hooks install``: write memstrata's hooks into a coding agent's configuration,
merged with what is there.

Where, and in which documented shape (``{"hooks": {EVENT: [{"matcher"?, "hooks": [{"type":
"command", "command", "timeout"}]}]}}`` for both agents; ``timeout`` in seconds):

=============  ====================================  ==========================================
agent          user-wide (default)                   ``--project DIR``
=============  ====================================  ==========================================
claude-code    ``~/.claude/settings.json``            ``DIR/.claude/settings.local.json`` (the
                                                      project's personal, uncommitted settings)
codex          ``$CODEX_HOME/hooks.json`` (default    ``DIR/.codex/hooks.json``
               ``~/.codex``)
=============  ====================================  ==========================================

Every other key, event and hook in the file is kept as it was, in its order. memstrata's own
entry of an event is recognised by its command (``... hooks run EVENT``) and replaced in place,
so installing twice changes nothing and installing from another environment updates the path.
A file that is not a JSON object, or whose ``hooks`` is not shaped as documented, and a path
that cannot be read or written (a directory, a file that is not UTF-8, a folder that is a file,
no permission) are an ``InstallError`` naming the path, and nothing is changed; the new file is
written atomically.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import sys
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memstrata.integrations.hooks.protocol import AGENT_EVENTS

#: Seconds each event may run before the agent gives up on it: reading hooks are on the
#: prompt's path (cold ≤ 1.5 s is the target), storing ones may embed a long session's turns.
TIMEOUTS_S = {"SessionStart": 30, "UserPromptSubmit": 15, "Stop": 120, "SessionEnd": 120, "PreCompact": 120}


class InstallError(ValueError):
    """The existing configuration cannot be merged (what is wrong, in which file); nothing was written."""


@dataclass(frozen=True)
class Installed:
    """What ``install`` did: the file, and per event ``added``, ``updated`` or ``unchanged``."""

    path: Path
    events: dict[str, str]


def config_path(agent: str, project: Path | None, environ: Mapping[str, str] | None = None) -> Path:
    """The configuration file of ``agent`` (see the module table)."""
    env = os.environ if environ is None else environ
    if agent == "claude-code":
        return project / ".claude" / "settings.local.json" if project else Path.home() / ".claude" / "settings.json"
    if agent == "codex":
        # Empty is unset, as Codex itself reads CODEX_HOME; spaces are a mistake (an unset variable
        # with a space typed), which Path read as a folder named by them in the shell's folder.
        if env.get("CODEX_HOME") and not env["CODEX_HOME"].strip():
            raise InstallError(f"CODEX_HOME is blank ({env['CODEX_HOME']!r}); give Codex's folder or leave it unset "
                               "(~/.codex)")
        home = Path(env["CODEX_HOME"]).expanduser() if env.get("CODEX_HOME") else Path.home() / ".codex"
        return project / ".codex" / "hooks.json" if project else home / "hooks.json"
    raise InstallError(f"--agent must be claude-code or codex, got {agent!r}")


def hook_command(event: str, agent: str, executable: str | None = None) -> str:
    """The shell command the agent runs for ``event``: this installation's ``memstrata`` by its
    absolute path (an agent's PATH may not hold the virtual environment)."""
    exe = executable or default_executable()
    return f"{exe} hooks run {event} --agent {agent}"


def default_executable() -> str:
    """The ``memstrata`` console script beside this interpreter, else on PATH, else ``python -m``."""
    beside = Path(sys.executable).with_name("memstrata")
    if beside.exists():
        return shlex.quote(str(beside))
    found = shutil.which("memstrata")
    return shlex.quote(found) if found else f"{shlex.quote(sys.executable)} -m memstrata.cli"


def is_ours(handler: object, event: str) -> bool:
    """Whether ``handler`` (one entry of a group's ``hooks``) runs memstrata's hook for ``event``."""
    command = handler.get("command") if isinstance(handler, dict) else None
    return isinstance(command, str) and re.search(rf"memstrata\S*\s+hooks\s+run\s+{event}\b", command) is not None


def json_type(value: object) -> str:
    """What JSON calls the type of a parsed ``value`` (``null``, ``string`` ...; Python's ``NoneType`` and
    ``str`` named nothing a settings file holds), ``list`` for an array as before."""
    names = {type(None): "null", bool: "boolean", int: "number", float: "number", str: "string", dict: "object"}
    return names.get(type(value), type(value).__name__)


def install(agent: str, project: Path | None = None, *, executable: str | None = None,
            environ: Mapping[str, str] | None = None) -> Installed:
    """Merge memstrata's hooks for ``agent`` into its configuration file and write it.

    Raises:
        InstallError: an unknown agent, a missing ``project`` folder, a file that is not the
            documented shape, or a path that cannot be read or written (nothing is changed).
    """
    path = config_path(agent, project, environ)
    if project is not None and not project.is_dir():
        raise InstallError(f"--project {project}: " + ("a file, not a directory" if project.exists() else
                                                       "no such directory"))
    config = _read(path)
    hooks = config.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise InstallError(f"{path}: 'hooks' must be an object mapping event names to lists, "
                           f"got {json_type(hooks)}; fix or move the file, then install again")
    events = {event: _merge_event(hooks, event, agent, path, executable) for event in AGENT_EVENTS[agent]}
    if any(state != "unchanged" for state in events.values()):
        _write(path, config)
    return Installed(path, events)


def _merge_event(hooks: dict[str, Any], event: str, agent: str, path: Path, executable: str | None) -> str:
    """Put memstrata's handler into ``hooks[event]``: ``added``, ``updated`` or ``unchanged``."""
    groups = hooks.setdefault(event, [])
    if not isinstance(groups, list) or not all(isinstance(g, dict) and isinstance(g.get("hooks", []), list)
                                               for g in groups):
        raise InstallError(f"{path}: hooks.{event} must be a list of {{\"hooks\": [...]}} groups; "
                           "fix or move the file, then install again")
    ours = {"type": "command", "command": hook_command(event, agent, executable), "timeout": TIMEOUTS_S[event]}
    for group in groups:
        for i, handler in enumerate(group.get("hooks", [])):
            if is_ours(handler, event):
                if handler == ours:
                    return "unchanged"
                group["hooks"][i] = ours
                return "updated"
    groups.append({"hooks": [ours]})
    return "added"


def _read(path: Path) -> dict[str, Any]:
    """The configuration at ``path`` (``{}`` when there is none). Raises ``InstallError`` naming it."""
    if path.is_dir():
        raise InstallError(f"{path} is a directory, not a settings file; move it aside, then install again")
    if not path.exists() and not path.is_symlink():
        return {}
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InstallError(f"{path} is not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at byte {exc.start + 1}, "
                           "counted from 1); fix or move it, then install again") from None
    except OSError as exc:
        raise InstallError(f"{path} cannot be read ({exc.strerror or exc}); fix its permissions or move it, "
                           "then install again") from None
    if not text.strip():
        return {}
    try:
        config = json.loads(text)
    except ValueError as exc:
        raise InstallError(f"{path} is not valid JSON ({exc}); fix or move it, then install again") from None
    if not isinstance(config, dict):
        raise InstallError(f"{path} holds a JSON {json_type(config)}, not an object; fix or move it, "
                           "then install again")
    return config


def _write(path: Path, config: dict[str, Any]) -> None:
    """Write ``config`` to ``path`` atomically (a temporary file in the same folder, then a rename).
    Raises ``InstallError`` naming the path when it cannot be written (``path`` is unchanged)."""
    try:
        _replace(path, config)
    except OSError as exc:
        raise InstallError(f"{path} cannot be written ({exc.strerror or exc}); check the folder "
                           f"{path.parent}, then install again") from None


def _replace(path: Path, config: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(config, handle, indent=2, ensure_ascii=False)
            handle.write("\n")
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o777)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
