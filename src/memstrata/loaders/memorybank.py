"""Load MemoryBank (zhongwanjun/MemoryBank-SiliconFriend, MIT): companion chats in Chinese
and English, with memstrata's own evidence annotations for the probing questions.

Each user becomes one ``Conversation``: every day is a session; every
``{query, response}`` pair gives two turns, ``<date>#<n>:user`` (the user, speaking
as themself) and ``<date>#<n>:assistant`` (the companion, speaker ``AI``). The
source has no times of day, so pair ``n`` is placed at 12:00 + 2n minutes UTC (the
reply 30 s later): only the order and the day are real.

The evidence annotations (``memstrata/data/memorybank/annotations_<lang>.jsonl``)
were made by reading the conversations; their method and the second reader's
agreement are in ``memstrata/data/memorybank/README.md``.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from importlib import resources
from pathlib import Path
from typing import Any

from memstrata.errors import InvalidInput
from memstrata.loaders.base import ImportedMessage
from memstrata.loaders.locomo import Conversation, QAItem

#: Assistant speaker name in MemoryBank conversations.
ASSISTANT = "AI"
#: ``QAItem.category`` of a MemoryBank probing question (the set has one kind).
PROBE_CATEGORY = 0
LANGS = ("cn", "en")


def annotations_path(lang: str) -> Path:
    """The shipped evidence annotations for ``lang`` (``cn`` or ``en``)."""
    return Path(str(resources.files("memstrata") / "data" / "memorybank" / f"annotations_{lang}.jsonl"))


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InvalidInput(f"{path}: cannot read MemoryBank data: {exc}") from exc


def _messages(user: str, history: dict[str, Any], path: Path) -> tuple[ImportedMessage, ...]:
    out = []
    for day in sorted(history):
        try:
            noon = datetime.fromisoformat(day).replace(hour=12, tzinfo=UTC)
        except ValueError as exc:
            raise InvalidInput(f"{path}: user {user!r}: {day!r} is not a YYYY-MM-DD date") from exc
        for n, pair in enumerate(history[day], start=1):
            at = noon + timedelta(minutes=2 * n)
            for role, speaker, field, offset in (("user", user, "query", 0), ("assistant", ASSISTANT, "response", 30)):
                text = str(pair.get(field) or "").strip()
                if not text:
                    continue
                turn = f"{day}#{n}:{role}"
                out.append(ImportedMessage(session_id=f"{user}/{day}", speaker=speaker, role=role, content=text,
                                           created_at=at + timedelta(seconds=offset), source_id=turn,
                                           metadata={"turn": turn, "dataset": "memorybank"}))
    return tuple(out)


def load_memorybank(data_dir: str | Path, lang: str, *,
                    annotations: str | Path | None = None) -> list[Conversation]:
    """One ``Conversation`` per user of ``memory_bank_<lang>.json``, with annotated probes as QA.

    Raises:
        InvalidInput: unknown ``lang``, unreadable files, or an annotation whose evidence
            names a turn that does not exist.
    """
    if lang not in LANGS:
        raise InvalidInput(f"MemoryBank language must be one of {LANGS}, got {lang!r}")
    data_dir = Path(data_dir)
    bank = _read_json(data_dir / f"memory_bank_{lang}.json")
    convs = {name.strip(): _messages(name.strip(), value.get("history", {}), data_dir)
             for name, value in bank.items()}
    qa: dict[str, list[QAItem]] = {name: [] for name in convs}
    ann_path = Path(annotations) if annotations else annotations_path(lang)
    for number, line in enumerate(ann_path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        item = json.loads(line)
        user = str(item["user"]).strip()
        turns = {m.source_id for m in convs.get(user, ())}
        missing = [t for t in item["evidence"] if t not in turns]
        if user not in convs or missing:
            raise InvalidInput(f"{ann_path}, line {number}: unknown user {user!r} or turns {missing}")
        qa[user].append(QAItem(item["question"], item.get("answer", ""), tuple(item["evidence"]), PROBE_CATEGORY))
    return [Conversation(name, (name, ASSISTANT), msgs, tuple(qa[name])) for name, msgs in convs.items()]
