"""The hook protocol both coding agents share: a JSON payload on stdin, context on stdout.

Claude Code (code.claude.com/docs/en/hooks) and Codex (developers.openai.com/codex/hooks;
the schemas in ``codex-rs/hooks/schema/generated``) run a hook as a shell command, write one
JSON object to its stdin and read its exit code and stdout:

* input, common to every event: ``session_id``, ``transcript_path`` (Codex: may be ``null``),
  ``cwd``, ``hook_event_name``; ``UserPromptSubmit`` adds ``prompt``; ``SessionStart`` adds
  ``source`` (``startup`` / ``resume`` / ``clear`` / ``compact``);
* output: exit code 0 is success; 2 blocks the prompt or the stop (never used here); any
  other code is a failed hook that the agent reports and ignores. On ``SessionStart`` and
  ``UserPromptSubmit`` a JSON object ``{"hookSpecificOutput": {"hookEventName": EVENT,
  "additionalContext": TEXT}}`` on stdout adds TEXT to the model's context (both agents
  also take plain stdout; the JSON form is used because it is unambiguous for both). Empty
  stdout adds nothing. ``Stop``, ``SessionEnd`` and ``PreCompact`` print nothing.

Scope of what a hook reads and writes (``HookScope``):

* **user**: ``MEMSTRATA_USER``, else (unset, never empty) the operating-system user (``getpass.getuser``);
* **tenant**: ``MEMSTRATA_ORG`` / ``MEMSTRATA_PROJECT`` as for every door (default
  ``default``), so what the user said in one repository (a preference, an allergy) is known in
  the next;
* **project**: the payload's ``cwd``, stored as the episode's ``metadata.project``;
  ``SessionStart`` lists the latest turns of that folder with the filter
  ``metadata.project = "<cwd>"``;
* **session**: the payload's ``session_id``: each turn's ``session_id``.
"""

from __future__ import annotations

import getpass
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: The agents whose hooks memstrata speaks, and the events each one documents. Codex has no
#: ``SessionEnd`` (its hooks are SessionStart, UserPromptSubmit, PreToolUse, PermissionRequest,
#: PostToolUse, PreCompact, PostCompact, SubagentStart, SubagentStop, Stop): its last ``Stop``
#: and ``PreCompact`` store the turns instead.
AGENT_EVENTS = {
    "claude-code": ("SessionStart", "UserPromptSubmit", "Stop", "SessionEnd", "PreCompact"),
    "codex": ("SessionStart", "UserPromptSubmit", "Stop", "PreCompact"),
}
#: Events that add context to the model; the others store the transcript's new turns.
CONTEXT_EVENTS = ("SessionStart", "UserPromptSubmit")
STORE_EVENTS = ("Stop", "SessionEnd", "PreCompact")


class PayloadError(ValueError):
    """The hook's stdin is not the JSON object the agent documents (what is wrong, where)."""


@dataclass(frozen=True)
class Payload:
    """The fields of a hook's stdin that memstrata reads (see the module docstring).

    Attributes:
        event: ``hook_event_name`` (or the event named on the command line when absent).
        session_id: the agent's session (Claude Code) or thread (Codex) id.
        cwd: the session's working directory, the project.
        transcript_path: the conversation file, or ``None`` (Codex may have none).
        prompt: the submitted prompt (``UserPromptSubmit`` only), else ``None``.
        source: why a session starts (``SessionStart``: ``startup``, ``resume``, ``clear`` or
            ``compact``), else ``None``.
    """

    event: str
    session_id: str
    cwd: str
    transcript_path: str | None
    prompt: str | None
    source: str | None = None


def parse_payload(raw: str, event: str) -> Payload:
    """The payload in ``raw`` (the hook's stdin) for ``event``.

    Raises:
        PayloadError: not a JSON object, or a required field missing or of the wrong type.
    """
    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise PayloadError(f"stdin is not JSON ({exc}); the agent writes the hook payload there") from None
    if not isinstance(data, dict):
        raise PayloadError(f"stdin holds a JSON {type(data).__name__}, not the payload object")
    return Payload(event=_text(data, "hook_event_name", required=False) or event,
                   session_id=_text(data, "session_id") or "", cwd=_text(data, "cwd") or "",
                   transcript_path=_text(data, "transcript_path", required=False),
                   prompt=_text(data, "prompt", required=event == "UserPromptSubmit"),
                   source=_text(data, "source", required=False))


def _text(data: Mapping[str, Any], name: str, *, required: bool = True) -> str | None:
    value = data.get(name)
    if value is None and not required:
        return None
    if not isinstance(value, str) or (required and not value.strip()):
        raise PayloadError(f"payload field {name!r} must be a non-empty string, got {value!r}")
    return value


def additional_context(event: str, text: str) -> str:
    """What a context hook prints: ``""`` for no context, else the documented JSON object."""
    if not text.strip():
        return ""
    return json.dumps({"hookSpecificOutput": {"hookEventName": event, "additionalContext": text}},
                      ensure_ascii=False)


@dataclass(frozen=True)
class HookScope:
    """Whose memory a hook reads and writes (see the module docstring)."""

    user_id: str
    org_id: str | None
    project_id: str | None

    def fields(self) -> dict[str, str]:
        """The scope as ``Memory`` keyword arguments / REST body fields (unset ones left out)."""
        out = {"user_id": self.user_id}
        if self.org_id:
            out["org_id"] = self.org_id
        if self.project_id:
            out["project_id"] = self.project_id
        return out


#: Largest turn stored whole, UTF-8 bytes: ``Settings.max_content_bytes`` (``MEMSTRATA_MAX_CONTENT_BYTES``),
#: the most ``Memory.add`` accepts (a test pins the two equal; copied so the warm path imports no
#: engine). A longer turn keeps its start, says so in its text and in ``metadata.cut`` (``cut_turn``).
TURN_BYTES = 262_144

#: Where ``memstrata serve`` listens by default (``memstrata serve``'s ``--port``).
DEFAULT_SERVER_URL = "http://127.0.0.1:8080"


#: The variables the hooks read whose empty or whitespace-only value is refused (``HookSettings.from_env``),
#: each with what to give instead.
BLANK_REFUSED = {
    "MEMSTRATA_USER": "a name", "MEMSTRATA_ORG": "a name", "MEMSTRATA_PROJECT": "a name",
    "MEMSTRATA_DB": "the database file or URL", "MEMSTRATA_HOOKS_URL": "the server's URL (off for none)",
    "MEMSTRATA_API_KEY": "the server's API key", "MEMSTRATA_HOOKS_DIR": "a folder",
    "MEMSTRATA_MAX_CONTENT_BYTES": "a positive integer",
}


@dataclass(frozen=True)
class HookSettings:
    """The hooks' configuration, read from the environment in one place (``from_env``; listed in
    ``docs/configuration.md``).

    Attributes:
        scope: whose memory (``MEMSTRATA_USER`` else the OS user, ``MEMSTRATA_ORG``,
            ``MEMSTRATA_PROJECT``).
        server_url: the ``memstrata serve`` to use when it runs (``MEMSTRATA_HOOKS_URL``;
            ``None`` for ``off``: always in process).
        api_key: bearer key for that server (``MEMSTRATA_API_KEY``), when it requires keys.
        hooks_dir: the hooks' log and per-session state (``MEMSTRATA_HOOKS_DIR``, else
            ``hooks/`` beside the SQLite file ``MEMSTRATA_DB`` names, else ``~/.memstrata/hooks``).
        max_turn_bytes: largest turn stored whole, UTF-8 bytes (``MEMSTRATA_MAX_CONTENT_BYTES``,
            the limit every door applies; default ``TURN_BYTES``).
    """

    scope: HookScope
    server_url: str | None
    api_key: str | None
    hooks_dir: str
    max_turn_bytes: int = TURN_BYTES

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> HookSettings:
        """The settings from ``environ`` (default ``os.environ``).

        Raises:
            ValueError: a variable of ``BLANK_REFUSED`` set empty or to spaces only, or
                ``MEMSTRATA_MAX_CONTENT_BYTES`` not a positive integer (the hook logs why).
        """
        env = os.environ if environ is None else environ
        for var, wanted in BLANK_REFUSED.items():
            # An empty value or one of spaces is a mistake (``MEMSTRATA_USER="$NAME"`` with NAME
            # unset), not "unset": read as unset, the turns went to the operating-system user, the
            # default project or database, out of sight of the intended one.
            if var in env and not env[var].strip():
                raise ValueError(f"{var} is blank ({env[var]!r}); give {wanted} or leave it unset")
        scope = HookScope((env.get("MEMSTRATA_USER") or "").strip() or getpass.getuser(),
                          (env.get("MEMSTRATA_ORG") or "").strip() or None,
                          (env.get("MEMSTRATA_PROJECT") or "").strip() or None)
        url = (env.get("MEMSTRATA_HOOKS_URL") or DEFAULT_SERVER_URL).strip()
        size = (env.get("MEMSTRATA_MAX_CONTENT_BYTES") or "").strip()
        if size and not (size.isdigit() and int(size) > 0):
            raise ValueError(f"MEMSTRATA_MAX_CONTENT_BYTES must be a positive integer, got {size!r}")
        return cls(scope, None if url.lower() in ("off", "none", "0") else url,
                   (env.get("MEMSTRATA_API_KEY") or "").strip() or None, hooks_dir(env),
                   int(size) if size else TURN_BYTES)


def hooks_dir(env: Mapping[str, str]) -> str:
    """``HookSettings.hooks_dir`` of ``env`` (also where a run whose settings fail logs why)."""
    # A blank folder or database (refused by ``from_env``) is not a place: the refusal is logged
    # where an unset one would put the log, not in a folder named by spaces.
    if (env.get("MEMSTRATA_HOOKS_DIR") or "").strip():
        return os.path.expanduser(env["MEMSTRATA_HOOKS_DIR"])
    db = (env.get("MEMSTRATA_DB") or "").strip() and env["MEMSTRATA_DB"]
    if db and "://" not in db:
        return os.path.join(os.path.dirname(os.path.abspath(os.path.expanduser(db))), "hooks")
    return os.path.expanduser(os.path.join("~", ".memstrata", "hooks"))


def project_filter(cwd: str) -> str:
    """The filter that selects the episodes said in the project folder ``cwd``
    (``metadata.project``; a JSON string literal, which the filter language reads as written)."""
    return f"metadata.project = {json.dumps(cwd, ensure_ascii=False)}"
