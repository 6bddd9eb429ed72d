"""Load RealMemBench (``zhiyuan5986/RealMemBench``, Apache-2.0): one persona's user–assistant
sessions, with the in-conversation queries that need earlier sessions.

A persona file is ``{"_metadata", "dialogues": [session, ...]}`` (schema in
``shared/eval/README.md``). Each persona becomes one ``Conversation``: every session's turns,
in file order (the file's order is the story's: a query's gold sessions always come earlier
in it, while a few sessions carry an earlier date than the one before them). A **query** is a
user turn whose ``is_query`` is ``True``; its gold is the next (assistant) turn's
``memory_session_uuids``. Evidence ids are session uuids, so these sets are scored by session:
``Conversation`` turn ids are ``<session uuid>#<turn index>`` and ``session_of`` maps them back.

Times: a session has only a date (``"2025-12-15 (Monday)"``). A session is placed at 09:00
UTC of its date, or one minute after the previous session when that date would go back in
time (file order wins); turn ``n`` of a session at ``n`` × 10 s after its start. A query's
``QAItem.before`` is its own turn's time: the memory as it stood when the user asked.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from memstrata.errors import InvalidInput
from memstrata.loaders.base import ImportedMessage
from memstrata.loaders.locomo import Conversation, QAItem

#: The file name ending of a persona's dialogues.
SUFFIX = "_dialogues_256k.json"
#: Seconds between two turns of a session (only the order is real).
TURN_STEP_S = 10


def session_of(turn_id: str) -> str:
    """The session uuid of a turn id ``<session uuid>#<n>``."""
    return turn_id.split("#")[0]


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InvalidInput(f"{path}: cannot read RealMemBench data: {exc}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("dialogues"), list):
        raise InvalidInput(f"{path}: expected an object with a 'dialogues' list")
    return data


def _session_start(current_time: str, previous: datetime | None, where: str) -> datetime:
    try:
        day = datetime.fromisoformat(current_time.strip()[:10]).replace(hour=9, tzinfo=UTC)
    except ValueError as exc:
        raise InvalidInput(f"{where}: current_time {current_time!r} does not start with YYYY-MM-DD") from exc
    if previous is not None and day <= previous:
        return previous + timedelta(minutes=1)
    return day


def load_persona(path: str | Path, *, categories: dict[str, int]) -> Conversation:
    """One persona file as a ``Conversation`` (id: the persona's name from the file name).

    Args:
        categories: query ``category_name`` → ``QAItem.category``; a name not in it is added
            with the next number (so one dict shared over files numbers them consistently).

    Raises:
        InvalidInput: unreadable file, a session without ``session_uuid`` or with a bad
            ``current_time``, or a query with no following assistant turn.
    """
    path = Path(path)
    data = _read(path)
    name = path.name.removesuffix(SUFFIX)
    messages: list[ImportedMessage] = []
    qa: list[QAItem] = []
    start: datetime | None = None
    last_turn: datetime | None = None
    for number, session in enumerate(data["dialogues"], start=1):
        where = f"{path}, session {number}"
        uuid = str(session.get("session_uuid") or "")
        if not uuid:
            raise InvalidInput(f"{where}: no session_uuid")
        start = _session_start(str(session.get("current_time") or ""), last_turn, where)
        turns = session.get("dialogue_turns") or []
        for n, turn in enumerate(turns):
            at = start + timedelta(seconds=TURN_STEP_S * n)
            last_turn = at
            role = "user" if turn.get("speaker") == "User" else "assistant"
            content = str(turn.get("content") or "").strip()
            if turn.get("is_query") is True:
                reply = turns[n + 1] if n + 1 < len(turns) else None
                if reply is None:
                    raise InvalidInput(f"{where}, turn {n + 1}: a query without the reply that holds its gold")
                gold = tuple(str(u) for u in reply.get("memory_session_uuids") or ())
                category = categories.setdefault(str(turn.get("category_name") or "query"), len(categories))
                qa.append(QAItem(content, "", gold, category, before=at))
            if content:
                messages.append(ImportedMessage(
                    session_id=f"{name}/{uuid}", speaker="User" if role == "user" else "Assistant", role=role,
                    content=content, created_at=at, source_id=f"{uuid}#{n}",
                    metadata={"dataset": "realmem"}))
    return Conversation(name, ("User", "Assistant"), tuple(messages), tuple(qa))


def load_realmem(folder: str | Path, *, categories: dict[str, int] | None = None) -> list[Conversation]:
    """Every ``*_dialogues_256k.json`` in ``folder``, sorted by file name, one ``Conversation`` each.

    Gold sessions that are not in the persona's file are dropped from a query's evidence.
    ``categories`` (filled in place): see ``load_persona``.

    Raises:
        InvalidInput: no persona file in ``folder``, or one ``load_persona`` refuses.
    """
    paths = sorted(Path(folder).glob(f"*{SUFFIX}"))
    if not paths:
        raise InvalidInput(f"{folder}: no RealMemBench persona file (*{SUFFIX})")
    shared = {} if categories is None else categories
    out = []
    for path in paths:
        conv = load_persona(path, categories=shared)
        sessions = {session_of(m.source_id or "") for m in conv.messages}
        qa = tuple(QAItem(q.question, q.answer, tuple(e for e in q.evidence if e in sessions), q.category,
                          before=q.before) for q in conv.qa)
        out.append(Conversation(conv.id, conv.speakers, conv.messages, qa))
    return out
