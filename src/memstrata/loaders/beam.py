"""Load BEAM chats (``mohammadtavakoli78/BEAM``, ``chats/100K/<n>/``) with their probing questions.

A chat folder holds ``chat.json`` (a list of batches ``{batch_number, time_anchor, turns:
[[message, ...], ...]}``; a message ``{role, id, content, time_anchor?}``) and
``probing_questions/probing_questions.json`` (ability → questions with ``source_chat_ids``, a
list of message ids or an object of such lists). Each chat becomes one ``Conversation``: a
batch is a session, a message's turn id is ``<batch number>:<id>`` (ids count messages
within the chat; the batch makes a turn's session readable from its id). Questions without evidence
(the ``abstention`` ability, by design) are kept with empty evidence: the bench scores them
apart (nothing should match). User messages end with the generator's ``->-> b,t`` marker,
which is removed.

Times: the source dates a few messages (``"March-15-2024"``) and no batch. A batch starts at
09:00 UTC on the first date one of its messages carries, or one day after the previous batch
when it carries none (or an earlier one); message ``n`` of a batch ``n`` minutes after its
start. Only the order is certain.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from memstrata.errors import InvalidInput
from memstrata.loaders.base import ImportedMessage
from memstrata.loaders.locomo import Conversation, QAItem
from memstrata.text.regex import lazy_regex

#: The abilities BEAM probes, in its order; ``QAItem.category`` is the index.
ABILITIES = ("abstention", "contradiction_resolution", "event_ordering", "information_extraction",
             "instruction_following", "knowledge_update", "multi_session_reasoning", "preference_following",
             "summarization", "temporal_reasoning")
#: The ability whose questions have no evidence by design.
ABSTENTION = ABILITIES.index("abstention")
#: Where the first batch of a chat starts when none of its messages carries a date.
DEFAULT_START = datetime(2024, 1, 1, 9, tzinfo=UTC)
_MARKER = lazy_regex(r"\s*->->\s*\d+\s*,\s*\d+\s*$")


def strip_marker(text: str) -> str:
    """``text`` without the generator's trailing ``->-> b,t`` marker.

    >>> strip_marker("Can you help me plan? ->-> 1,1")
    'Can you help me plan?'
    """
    return _MARKER.sub("", text)


def _anchor(text: Any) -> datetime | None:
    if not isinstance(text, str):
        return None
    try:
        return datetime.strptime(text.strip(), "%B-%d-%Y").replace(hour=9, tzinfo=UTC)
    except ValueError:
        return None


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InvalidInput(f"{path}: cannot read BEAM data: {exc}") from exc


def _messages(chat: list[dict[str, Any]], name: str, path: Path) -> tuple[ImportedMessage, ...]:
    out: list[ImportedMessage] = []
    previous: datetime | None = None
    for batch in chat:
        flat = [m for turn in batch.get("turns") or [] for m in turn]
        dated = next((d for m in flat if (d := _anchor(m.get("time_anchor"))) is not None), None)
        start = DEFAULT_START if previous is None else previous + timedelta(days=1)
        if dated is not None and (previous is None or dated > previous):
            start = dated
        number = batch.get("batch_number", len(out))
        for n, message in enumerate(flat):
            if "id" not in message:
                raise InvalidInput(f"{path}: batch {number}: a message without an id")
            role = "user" if message.get("role") == "user" else "assistant"
            content = str(message.get("content") or "")
            content = (strip_marker(content) if role == "user" else content).strip()
            if not content:
                continue
            out.append(ImportedMessage(session_id=f"{name}/batch-{number}", speaker=role, role=role,
                                       content=content, created_at=start + timedelta(minutes=n),
                                       source_id=f"{number}:{message['id']}", metadata={"dataset": "beam"}))
        previous = start + timedelta(minutes=len(flat))
    return tuple(out)


def evidence_ids(source: Any) -> tuple[str, ...]:
    """``source_chat_ids`` (a list of ids, an object of such lists, or absent) as distinct ids.

    >>> evidence_ids({"original_info": [86], "updated_info": [114, 86]})
    ('86', '114')
    """
    if isinstance(source, dict):
        items = [i for value in source.values() for i in (value if isinstance(value, list) else [value])]
    elif isinstance(source, list):
        items = source
    else:
        items = []
    return tuple(dict.fromkeys(str(i) for i in items if isinstance(i, int | str)))


def load_chat(folder: str | Path) -> Conversation:
    """One BEAM chat folder as a ``Conversation`` (id: ``beam-<folder name>``).

    Evidence ids that name no message of the chat are dropped.

    Raises:
        InvalidInput: a file is missing or unreadable, or a message has no id.
    """
    folder = Path(folder)
    name = f"beam-{folder.name}"
    chat = _read(folder / "chat.json")
    messages = _messages(chat, name, folder / "chat.json")
    ids = {(m.source_id or "").split(":")[-1]: m.source_id or "" for m in messages}
    probes = _read(folder / "probing_questions" / "probing_questions.json")
    qa = []
    for ability, questions in probes.items():
        if ability not in ABILITIES:
            continue
        for q in questions:
            found = tuple(ids[i] for i in evidence_ids(q.get("source_chat_ids")) if i in ids)
            answer = q.get("answer") or q.get("ideal_answer") or q.get("ideal_response") or ""
            qa.append(QAItem(str(q["question"]), str(answer), found, ABILITIES.index(ability)))
    return Conversation(name, ("user", "assistant"), messages, tuple(qa))


def load_beam(base: str | Path) -> list[Conversation]:
    """Every chat folder (with a ``chat.json``) of ``base``, in numeric order.

    Raises:
        InvalidInput: no chat folder, or one ``load_chat`` refuses.
    """
    folders = [p for p in Path(base).iterdir() if (p / "chat.json").is_file()] if Path(base).is_dir() else []
    if not folders:
        raise InvalidInput(f"{base}: no BEAM chat folder (<n>/chat.json)")
    return [load_chat(p) for p in sorted(folders, key=lambda p: (not p.name.isdigit(), int(p.name) if p.name.isdigit()
                                                                  else 0, p.name))]
