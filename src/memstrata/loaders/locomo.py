"""Load the LoCoMo benchmark (``snap-research/LoCoMo``, ``data/locomo10.json``).

A LoCoMo file is a JSON list of samples ``{sample_id, conversation, qa, ...}``; see
``shared/eval/README.md`` for the schema. This module turns each sample into a
``Conversation``: its turns as ``ImportedMessage`` values (all sessions, in order) and its
QA items with normalised evidence ids. The GPT-generated ``observation``,
``session_summary`` and ``event_summary`` fields are ignored.

Source quirks handled here:

* timestamps are ``"1:56 pm on 8 May, 2023"`` with no zone; they are read as UTC;
* ``session_<n>_date_time`` may exist without ``session_<n>`` (conv-26): ignored;
* image turns keep their text and gain ``" [shares <blip_caption>]"`` (images are not released);
* some answers are JSON numbers (``2022``): turned into strings;
* category-5 (adversarial) items carry ``adversarial_answer`` instead of ``answer``;
* a few evidence strings are malformed (``"D:11:26"``, ``"D8:6; D9:17"``, ``"D"``, ids that
  do not exist): see ``normalize_evidence``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from memstrata.errors import InvalidInput
from memstrata.loaders.base import ImportedMessage, json_type_name
from memstrata.text.regex import lazy_regex

__all__ = [
    "Conversation",
    "ImportedMessage",
    "QAItem",
    "is_locomo",
    "load_locomo",
    "normalize_evidence",
    "parse_locomo_time",
]

ADVERSARIAL_CATEGORY = 5

_MONTH_NAMES = (
    "january february march april may june july august september october november december"
)
_MONTHS = {name: number for number, name in enumerate(_MONTH_NAMES.split(), start=1)}
# "1:56 pm on 8 May, 2023". Parsed by hand: strptime's %B/%p depend on the process locale.
_TIME_RE = lazy_regex(
    r"^\s*(\d{1,2}):(\d{2})\s*([ap])\.?m\.?\s+on\s+(\d{1,2})\s+([a-z]+),?\s+(\d{4})\s*$",
    re.IGNORECASE,
)
# "D3:5", plus the stray-colon form "D:11:26"; leading zeros ("D30:05") are dropped by int().
_EVIDENCE_RE = lazy_regex(r"^D:?(\d+):(\d+)$")
_EVIDENCE_SPLIT_RE = lazy_regex(r"[;,\s]+")
_SESSION_KEY_RE = lazy_regex(r"^session_(\d+)$")
# The first keys a LoCoMo sample can start with; used by the sniff only.
_SNIFF_RE = re.compile(
    rb'^\s*\[\s*\{\s*"(sample_id|qa|conversation|observation|session_summary|event_summary)"\s*:'
)
_SNIFF_BYTES = 4096


@dataclass(frozen=True)
class QAItem:
    """One benchmark question about a conversation.

    Attributes:
        question: the question text.
        answer: gold answer as text; for category 5 the ``adversarial_answer`` (the trap a
            system should *not* give; the expected behaviour is "not mentioned"), or ``""``.
        evidence: normalised ``dia_id`` values that exist in the conversation, source order.
        category: 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial.
        before: the question is asked of the memory as it stood before this time (UTC): turns
            said at or after it are not there yet (RealMemBench's in-conversation queries);
            ``None``: after the whole conversation (LoCoMo).
    """

    question: str
    answer: str
    evidence: tuple[str, ...]
    category: int
    before: datetime | None = None


@dataclass(frozen=True)
class Conversation:
    """One LoCoMo sample.

    Attributes:
        id: the ``sample_id``, e.g. ``conv-30``.
        speakers: ``(speaker_a, speaker_b)``.
        messages: every turn of every session, in session then turn order.
        qa: the QA items in file order.
    """

    id: str
    speakers: tuple[str, str]
    messages: tuple[ImportedMessage, ...]
    qa: tuple[QAItem, ...]


def parse_locomo_time(text: str) -> datetime:
    """Parse a LoCoMo session time such as ``"1:56 pm on 8 May, 2023"``.

    Args:
        text: the ``session_<n>_date_time`` value.

    Returns:
        Timezone-aware UTC datetime (LoCoMo gives no zone; UTC is assumed).

    Raises:
        ValueError: ``text`` is not in that format or names an impossible date.
    """
    match = _TIME_RE.match(text)
    if match is None or match.group(5).lower() not in _MONTHS:
        raise ValueError(f"not a LoCoMo time like '1:56 pm on 8 May, 2023': {text!r}")
    hour, minute, half, day, month, year = match.groups()
    hour_12 = int(hour)
    if not 1 <= hour_12 <= 12:
        raise ValueError(f"hour {hour_12} is not on a 12-hour clock: {text!r}")
    hour_24 = hour_12 % 12 + (12 if half.lower() == "p" else 0)
    return datetime(int(year), _MONTHS[month.lower()], int(day), hour_24, int(minute), tzinfo=UTC)


def normalize_evidence(raw: list[str], valid_ids: set[str]) -> tuple[str, ...]:
    """Clean one QA item's evidence list.

    ``"D:11:26"`` becomes ``"D11:26"``, ``"D30:05"`` becomes ``"D30:5"``; entries holding
    several ids (``"D8:6; D9:17"``, ``"D9:1 D4:4 D4:6"``) are split. Tokens that do not
    parse (``"D"``) or name no turn of the conversation are dropped, as are duplicates.

    Args:
        raw: the ``recall.evidence`` list as stored in the file.
        valid_ids: every ``dia_id`` of the conversation.

    Returns:
        The surviving ids in first-seen order; may be empty.
    """
    seen: dict[str, None] = {}  # a dict keeps insertion order, a set would not
    for entry in raw:
        if not isinstance(entry, str):
            continue
        for token in _EVIDENCE_SPLIT_RE.split(entry.strip()):
            match = _EVIDENCE_RE.match(token)
            if match is None:
                continue
            dia_id = f"D{int(match.group(1))}:{int(match.group(2))}"
            if dia_id in valid_ids:
                seen.setdefault(dia_id, None)
    return tuple(seen)


def is_locomo(path: str | Path) -> bool:
    """Cheap sniff: does the file start like a LoCoMo list of samples?

    Reads only the first few KiB, so a ``True`` does not promise ``load_locomo`` succeeds.

    Args:
        path: file to look at.

    Returns:
        ``True`` if the file opens with ``[{"<a LoCoMo sample key>":``; ``False`` otherwise,
        including when the file cannot be read.
    """
    try:
        with open(path, "rb") as handle:
            head = handle.read(_SNIFF_BYTES)
    except OSError:
        return False
    return _SNIFF_RE.match(head.removeprefix(b"\xef\xbb\xbf")) is not None


def load_locomo(path: str | Path) -> list[Conversation]:
    """Read a LoCoMo file: a JSON list of samples (the full ``locomo10.json`` or a subset).

    Turn ``k`` (0-based) of a session is stamped session time + ``k`` seconds, so the first
    turn carries the session time exactly and timestamps preserve turn order.

    Args:
        path: the JSON file.

    Returns:
        One ``Conversation`` per sample, in file order.

    Raises:
        InvalidInput: the file cannot be read, is not JSON, or is not LoCoMo-shaped; the
            message names the path, the sample and the field at fault.
    """
    path = Path(path)
    try:
        with open(path, encoding="utf-8-sig") as handle:
            data = json.load(handle)
    except OSError as exc:
        raise InvalidInput(f"{path}: cannot read LoCoMo file: {exc.strerror or exc}") from exc
    except json.JSONDecodeError as exc:  # line and column count from 1; Python's "(char N)" counts from 0
        raise InvalidInput(f"{path}: not a LoCoMo file: invalid JSON: {exc.msg} (line {exc.lineno}, "
                           f"column {exc.colno})") from exc
    except UnicodeDecodeError as exc:
        raise InvalidInput(f"{path}: not a LoCoMo file: not UTF-8: {exc.reason} at byte {exc.start + 1}") from exc
    if not isinstance(data, list) or not data:
        raise InvalidInput(
            f"{path}: not a LoCoMo file: expected a non-empty JSON list of samples, "
            f"got {json_type_name(data)}"
        )
    return [_parse_sample(sample, index, path) for index, sample in enumerate(data)]


class _SampleError(Exception):
    """Internal: a problem inside one sample, turned into ``InvalidInput`` with context."""


def _parse_sample(sample: Any, index: int, path: Path) -> Conversation:
    """Build one ``Conversation``; wrap any shape problem with the path and sample."""
    where = f"sample {index}"
    try:
        if not isinstance(sample, dict):
            raise _SampleError(f"expected an object, got {json_type_name(sample)}")
        sample_id = _require_str(sample, "sample_id", "")
        where = f"sample {index} ({sample_id})"
        conversation = sample.get("conversation")
        if not isinstance(conversation, dict):
            raise _SampleError(f"'conversation' must be an object, got {json_type_name(conversation)}")
        speakers = (
            _require_str(conversation, "speaker_a", "conversation."),
            _require_str(conversation, "speaker_b", "conversation."),
        )
        messages = _parse_sessions(conversation, sample_id)
        qa_items = sample.get("qa")
        if not isinstance(qa_items, list):
            raise _SampleError(f"'qa' must be a list, got {json_type_name(qa_items)}")
        valid_ids = {message.source_id for message in messages if message.source_id}
        qa = tuple(_parse_qa(item, number, valid_ids) for number, item in enumerate(qa_items))
    except _SampleError as exc:
        raise InvalidInput(f"{path}: not a LoCoMo file: {where}: {exc}") from None
    return Conversation(id=sample_id, speakers=speakers, messages=messages, qa=qa)


def _parse_sessions(conversation: dict[str, Any], sample_id: str) -> tuple[ImportedMessage, ...]:
    """All turns of ``session_1 … session_N`` in numeric session order (not key order)."""
    numbers = sorted(
        int(match.group(1))
        for key in conversation
        if (match := _SESSION_KEY_RE.match(key)) is not None
    )
    if not numbers:
        raise _SampleError("'conversation' has no session_<n> lists")
    messages: list[ImportedMessage] = []
    for number in numbers:
        key = f"session_{number}"
        turns = conversation[key]
        if not isinstance(turns, list):
            raise _SampleError(f"conversation.{key} must be a list, got {json_type_name(turns)}")
        time_key = f"{key}_date_time"
        raw_time = conversation.get(time_key)
        if not isinstance(raw_time, str):
            raise _SampleError(f"conversation.{time_key} is missing or not a string")
        try:
            start = parse_locomo_time(raw_time)
        except ValueError as exc:
            raise _SampleError(f"conversation.{time_key}: {exc}") from None
        for position, turn in enumerate(turns):
            where = f"conversation.{key}[{position}]"
            created_at = start + timedelta(seconds=position)
            messages.append(_parse_turn(turn, where, sample_id, number, created_at))
    return tuple(messages)


def _parse_turn(
    turn: Any, where: str, sample_id: str, session: int, created_at: datetime
) -> ImportedMessage:
    """One ``{speaker, dia_id, text[, blip_caption, img_url, query]}`` turn."""
    if not isinstance(turn, dict):
        raise _SampleError(f"{where} must be an object, got {json_type_name(turn)}")
    speaker = _require_str(turn, "speaker", f"{where}.")
    dia_id = _require_str(turn, "dia_id", f"{where}.")
    text = _require_str(turn, "text", f"{where}.", allow_empty=True).strip()
    metadata: dict[str, Any] = {"dia_id": dia_id, "conversation": sample_id, "session": session}
    caption = turn.get("blip_caption")
    if caption is not None and not isinstance(caption, str):
        raise _SampleError(f"{where}.blip_caption must be a string, got {json_type_name(caption)}")
    content = text
    if caption and caption.strip():
        # The images are not released; the caption is the only trace of what was shown.
        content = f"{text} [shares {caption.strip()}]" if text else f"[shares {caption.strip()}]"
        metadata["image"] = {
            "caption": caption.strip(),
            "urls": list(turn.get("img_url") or []),
            "query": turn.get("query"),
        }
    if not content:
        raise _SampleError(f"{where} has empty text and no image caption")
    return ImportedMessage(
        session_id=f"{sample_id}/session_{session}",
        speaker=speaker,
        role="user",  # both LoCoMo speakers are people; neither is an assistant
        content=content,
        created_at=created_at,
        source_id=dia_id,
        metadata=metadata,
    )


def _parse_qa(item: Any, number: int, valid_ids: set[str]) -> QAItem:
    """One ``{question, answer | adversarial_answer, evidence, category}`` item."""
    where = f"qa[{number}]"
    if not isinstance(item, dict):
        raise _SampleError(f"{where} must be an object, got {json_type_name(item)}")
    question = _require_str(item, "question", f"{where}.")
    category = item.get("category")
    if not isinstance(category, int) or isinstance(category, bool):
        raise _SampleError(f"{where}.category must be an integer, got {json_type_name(category)}")
    evidence = item.get("evidence", [])
    if not isinstance(evidence, list):
        raise _SampleError(f"{where}.evidence must be a list, got {json_type_name(evidence)}")
    if category == ADVERSARIAL_CATEGORY:
        answer = _answer_text(item.get("adversarial_answer"), f"{where}.adversarial_answer")
    elif "answer" in item:
        answer = _answer_text(item["answer"], f"{where}.answer")
    else:
        raise _SampleError(f"{where} (category {category}) has no 'answer'")
    return QAItem(
        question=question,
        answer=answer,
        evidence=normalize_evidence(evidence, valid_ids),
        category=category,
    )


def _answer_text(value: Any, where: str) -> str:
    """Answers are mostly strings, a few JSON numbers (``2022``); ``None`` means none."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    raise _SampleError(f"{where} must be a string or number, got {json_type_name(value)}")


def _require_str(obj: dict[str, Any], key: str, prefix: str, *, allow_empty: bool = False) -> str:
    """``obj[key]`` if it is a (non-empty) string; otherwise a ``_SampleError`` naming it."""
    value = obj.get(key)
    if not isinstance(value, str):
        state = "missing" if key not in obj else f"not a string ({json_type_name(value)})"
        raise _SampleError(f"{prefix}{key} is {state}")
    if not allow_empty and not value.strip():
        raise _SampleError(f"{prefix}{key} is empty")
    return value
