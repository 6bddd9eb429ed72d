"""What a hook asks of memstrata, whichever way it reaches it (``Backend``), and the questions
each event asks (``session_context``, ``prompt_context``, ``store_turns``).

Two backends: ``client.RestBackend`` talks to a running ``memstrata serve`` over HTTP (the warm
path: no model is loaded in the hook's process) and ``local.LocalBackend`` opens ``Memory`` in
process (the cold path). Both speak only the public API: ``Memory.context`` / ``Memory.add``, or
``POST /v1/context`` / ``POST /v1/messages``, and ``Memory.list(kind="episode", filter=...)`` or
``GET /v1/episodes?filter=...`` for a folder's latest turns.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import PurePath
from typing import Any, Protocol

from memstrata.clock import offset_minutes, shown
from memstrata.integrations.hooks.protocol import TURN_BYTES, Payload, project_filter
from memstrata.integrations.hooks.transcript import Turn

#: Token budgets (``context.render.estimate_tokens``) of the context each event adds to every session or
#: prompt: small next to an agent's context window, enough for ~10 cited lines each.
PROFILE_BUDGET_TOKENS = 400
PROJECT_BUDGET_TOKENS = 300
PROMPT_BUDGET_TOKENS = 400
#: Most of this folder's earlier turns listed at ``SessionStart``, newest first; the list also
#: stops at ``PROJECT_BUDGET_TOKENS`` (each token counted as 3 UTF-8 bytes, the upper estimate of
#: ``context.render.estimate_tokens``).
PROJECT_TURNS = 12
#: Longest line of one earlier turn in that list, characters: a long turn shows its start, and
#: three such lines still fit the budget.
PROJECT_LINE_CHARS = 240
#: Query-match evidence a memory needs to be added to a prompt: ``recall.evidence.MATCH_EVIDENCE``,
#: which keeps real matches and drops the weak hits every memory gets for "ok, go on"
#: (a test pins the two equal; the constant is copied so the warm path imports no engine).
PROMPT_MIN_MATCH = 0.55
#: Longest prompt used as a query, characters (``Memory.MAX_QUERY_CHARS`` is 16,384): a pasted
#: log or file is searched by its start.
PROMPT_QUERY_CHARS = 2_000
#: How far a turn's time may be ahead of this machine's clock: ``write.ingest.FUTURE_SLACK``, past which
#: ``Memory.add`` refuses a time (copied so the warm path loads no engine; a test pins the two equal).
TURN_FUTURE_SLACK = timedelta(days=1)
#: The metadata key of a message's import key, by which a turn the transcript gives no time is
#: known (``store.suppressed.IMPORT_KEY``; a test pins the two equal, copied as above).
IMPORT_KEY = "import_key"
#: The error code (``write.idempotency.IdempotencyKeyReused``) of a turn whose key was used for other
#: metadata: the key is made from the agent, the session and the transcript's id of the turn
#: (``turn_key``), so the turn is stored already, sent then from another folder (the payload's ``cwd``
#: changes when the agent changes directory) or cut to another ``MEMSTRATA_MAX_CONTENT_BYTES``. Both
#: backends count it as stored before, as a replay: refused, it stopped every later turn of the session.
KEY_REUSED = "idempotency_key_reused"
#: The question whose context is the user's profile (``recall.evidence.is_general``).
PROFILE_QUERY = "What do you know about me?"


@dataclass(frozen=True)
class EarlierTurn:
    """One stored turn as the folder's list shows it: ``role``, ``text`` (the episode's content)
    and ``created_at`` (when it was said, timezone-aware, in the offset it was said in: ``Episode.said_at``)."""

    role: str
    text: str
    created_at: datetime


class Backend(Protocol):
    """The calls a hook makes, in one user's scope (``HookScope``)."""

    #: Where the memories are (a URL or a database location): part of the state file's name.
    target: str

    def context(self, query: str, *, budget_tokens: int, kinds: Sequence[str], filter: str | None,
                profile: bool, min_match: float, project_folder: str | None) -> str:
        """``Memory.context`` with these arguments in the hook's scope ("" for nothing)."""

    def recent(self, *, filter: str, limit: int) -> list[EarlierTurn]:
        """``Memory.list(kind="episode")``: the ``limit`` latest episodes matching ``filter`` in the
        hook's scope, newest first."""

    def add(self, turn: Turn, *, session_id: str, metadata: dict[str, Any], idempotency_key: str) -> bool:
        """``Memory.add`` of one turn; whether it was stored now (not a replay or a re-add)."""


def session_context(backend: Backend, payload: Payload) -> str:
    """``SessionStart``'s context: the user's profile (this folder's project conventions and those said in no
    folder, never another folder's: ``Memory.context(project_folder=cwd)``), then this folder's latest earlier turns
    (episodes whose ``metadata.project`` is the ``cwd``, listed newest first: ``folder_turns``).
    After a compaction (``source: compact``) the session's own turns count too: the agent has
    just dropped them from its context (``PreCompact`` stored them)."""
    profile = backend.context(PROFILE_QUERY, budget_tokens=PROFILE_BUDGET_TOKENS, kinds=("fact",), filter=None,
                              profile=True, min_match=0.0, project_folder=payload.cwd or None)
    where = project_filter(payload.cwd)
    if payload.source != "compact":
        where += f" AND session_id != {json.dumps(payload.session_id)}"
    # A listing, not a search: what was said here last is what a new session continues from,
    # whether or not it names the folder.
    project = folder_turns(PurePath(payload.cwd).name or payload.cwd,
                           backend.recent(filter=where, limit=PROJECT_TURNS))
    return "\n\n".join(block for block in (profile.strip(), project) if block)


def folder_turns(name: str, turns: Sequence[EarlierTurn]) -> str:
    """The list of a folder's earlier turns: a heading, then one line per turn in the order given
    (``- 2026-11-21 10:05 user: ...``, in UTC or with the offset it was said in, ``... 18:05 +08:00``, the
    text on one line and cut to ``PROJECT_LINE_CHARS``),
    as many as fit ``PROJECT_BUDGET_TOKENS``; ``""`` when there are none."""
    if not turns:
        return ""
    lines = [f"## Earlier in this folder ({name})"]
    used = len(lines[0].encode("utf-8"))
    for turn in turns:
        text = " ".join(turn.text.split())
        text = text if len(text) <= PROJECT_LINE_CHARS else text[:PROJECT_LINE_CHARS - 1].rstrip() + "…"
        line = f"- {shown(turn.created_at, offset_minutes(turn.created_at))} {turn.role}: {text}"
        used += 1 + len(line.encode("utf-8"))
        if used > 3 * PROJECT_BUDGET_TOKENS:
            break
        lines.append(line)
    return "\n".join(lines) if len(lines) > 1 else ""


def prompt_context(backend: Backend, payload: Payload) -> str:
    """``UserPromptSubmit``'s context: the memories that really match the prompt
    (``PROMPT_MIN_MATCH``), none of this session's (the agent has those) and no other folder's project
    convention; ``""`` when none."""
    query = (payload.prompt or "").strip()[:PROMPT_QUERY_CHARS]
    if not query:
        return ""
    return backend.context(query, budget_tokens=PROMPT_BUDGET_TOKENS, kinds=("fact", "episode"),
                           filter=f"session_id != {json.dumps(payload.session_id)}", profile=False,
                           min_match=PROMPT_MIN_MATCH, project_folder=payload.cwd or None)


def turn_key(agent: str, session_id: str, turn: Turn) -> str:
    """The idempotency key of one turn: a digest of the agent, the session and the transcript's
    own id for the turn (visible ASCII, as ``write.idempotency.check_key`` requires)."""
    digest = hashlib.sha256(json.dumps([agent, session_id, turn.key]).encode("utf-8")).hexdigest()
    return f"hook-{digest[:48]}"


def store_turns(backend: Backend, payload: Payload, agent: str, turns: Sequence[Turn], *,
                sent: list[str] | None = None, max_bytes: int = TURN_BYTES) -> int:
    """Store ``turns`` (those not stored before) as episodes of the payload's session, each under
    its ``turn_key``, so a turn that several events send is stored once, and none its owner forgot
    (the backend asks, as an import does: a turn is known by its time and text, or by its import
    key when the transcript gives no time); the key of each turn
    the backend took is appended to ``sent`` as it goes. A turn over ``max_bytes`` UTF-8 bytes
    is stored cut (``cut_turn``); one dated more than ``TURN_FUTURE_SLACK`` ahead is stored at the time
    it arrives. Returns how many were stored now."""
    stored = 0
    latest = datetime.now(UTC) + TURN_FUTURE_SLACK
    for turn in turns:
        text, cut = cut_turn(_storable(turn.text), max_bytes)
        metadata: dict[str, Any] = {"project": payload.cwd, "agent": agent, "turn_id": turn.key}
        if cut is not None:
            metadata["cut"] = cut
        # Memory.add refuses such a time, and a refused turn would stop every later turn of the session.
        when = turn.created_at if turn.created_at is None or turn.created_at <= latest else None
        if when is None:  # stamped when stored: known by its transcript id, as an import key
            metadata[IMPORT_KEY] = turn_key(agent, payload.session_id, turn).removeprefix("hook-")[:32]
        stored += backend.add(Turn(turn.key, turn.role, text, when), session_id=payload.session_id,
                              metadata=metadata, idempotency_key=turn_key(agent, payload.session_id, turn))
        if sent is not None:
            sent.append(turn.key)
    return stored


def cut_turn(text: str, max_bytes: int) -> tuple[str, dict[str, int] | None]:
    """``text`` whole with ``None`` when it fits ``max_bytes`` UTF-8 bytes; else its longest start
    that fits with the note ``[… cut: N of M characters kept]`` appended, and ``{"kept_chars": N,
    "total_chars": M}`` (characters, not bytes) for the episode's ``metadata.cut``."""
    if len(text.encode("utf-8")) <= max_bytes:
        return text, None
    note = f"\n[… cut: {{}} of {len(text):,} characters kept]"
    room = max(0, max_bytes - len(note.format(f"{len(text):,}").encode("utf-8")))
    kept = text.encode("utf-8")[:room].decode("utf-8", "ignore")  # never half a character
    return kept + note.format(f"{len(kept):,}"), {"kept_chars": len(kept), "total_chars": len(text)}


#: What ``Memory.add`` refuses in text but a transcript's JSON escapes can hold: NUL and lone surrogates.
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def _storable(text: str) -> str:
    """``text`` with each NUL or lone surrogate replaced by U+FFFD: ``Memory.add`` refuses them, and
    a refused turn would stop every later turn of the session from being stored."""
    return _UNSTORABLE.sub("\ufffd", text)


def state_name(backend: Backend, user_id: str, session_id: str) -> str:
    """File name of the record of turns stored for one session, per backend target and user."""
    digest = hashlib.sha256(json.dumps([backend.target, user_id, session_id]).encode("utf-8")).hexdigest()
    return f"{digest[:32]}.json"
