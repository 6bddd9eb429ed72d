"""Tests for ``memstrata.loaders``: LoCoMo (demo file and full benchmark) and JSONL."""

from __future__ import annotations

import json
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memstrata.errors import InvalidInput
from memstrata.loaders.importer import detect_format
from memstrata.loaders.jsonl import load_jsonl_messages
from memstrata.loaders.locomo import (
    Conversation,
    is_locomo,
    load_locomo,
    normalize_evidence,
    parse_locomo_time,
)

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "src" / "memstrata" / "data" / "locomo-conv-30.json"
# The shared benchmark copy exists on the team's machines only; tests using it skip elsewhere.
FULL = Path("/work/shared/eval/data/locomo10.json")


@pytest.fixture(scope="module")
def demo() -> Conversation:
    conversations = load_locomo(DEMO)
    assert len(conversations) == 1
    return conversations[0]


@pytest.fixture(scope="module")
def full() -> list[Conversation]:
    if not FULL.is_file():
        pytest.skip(f"{FULL} not present")
    return load_locomo(FULL)


# --- LoCoMo demo file (conv-30) ------------------------------------------------------------


def test_demo_counts(demo: Conversation) -> None:
    assert demo.id == "conv-30"
    assert demo.speakers == ("Jon", "Gina")
    assert len({m.session_id for m in demo.messages}) == 19
    assert len(demo.messages) == 369
    assert len(demo.qa) == 105
    assert Counter(q.category for q in demo.qa) == {1: 11, 2: 26, 4: 44, 5: 24}
    assert sum("[shares " in m.content for m in demo.messages) == 72
    assert all(q.evidence for q in demo.qa)


def test_demo_first_message(demo: Conversation) -> None:
    first = demo.messages[0]
    # "4:04 pm on 20 January, 2023", read as UTC; turn 0 carries the session time exactly.
    assert first.created_at == datetime(2023, 1, 20, 16, 4, tzinfo=UTC)
    assert first.created_at.tzinfo is not None
    assert first.session_id == "conv-30/session_1"
    assert first.speaker == "Gina"
    assert first.role == "user"
    assert first.source_id == "D1:1"
    assert first.content == "Hey Jon! Good to see you. What's up? Anything new?"
    assert first.metadata["dia_id"] == "D1:1"
    assert first.metadata["conversation"] == "conv-30"
    assert demo.messages[1].created_at - first.created_at == timedelta(seconds=1)


def test_demo_messages_in_order(demo: Conversation) -> None:
    times = [m.created_at for m in demo.messages]
    assert times == sorted(times) and len(set(times)) == len(times)
    assert demo.messages[-1].session_id == "conv-30/session_19"
    assert {m.role for m in demo.messages} == {"user"}
    assert {m.speaker for m in demo.messages} == {"Jon", "Gina"}


def test_demo_image_turn(demo: Conversation) -> None:
    turn = next(m for m in demo.messages if m.source_id == "D1:14")
    assert "[shares " in turn.content
    assert turn.content == (
        "Wow, I'm excited too! This is gonna be great! "
        "[shares a photography of a man in a suit is performing a dance]"
    )
    assert turn.metadata["image"]["caption"].startswith("a photography of a man")


def test_demo_adversarial_answer(demo: Conversation) -> None:
    raw = json.loads(DEMO.read_text(encoding="utf-8"))[0]["qa"]
    adversarial = [(q, item) for q, item in zip(demo.qa, raw, strict=True) if q.category == 5]
    assert len(adversarial) == 24
    for loaded, item in adversarial:
        assert "answer" not in item
        assert loaded.answer == item["adversarial_answer"]


def test_is_locomo(tmp_path: Path) -> None:
    assert is_locomo(DEMO)
    jsonl = tmp_path / "chat.jsonl"
    jsonl.write_text('{"content": "hi"}\n', encoding="utf-8")
    assert not is_locomo(jsonl)
    assert not is_locomo(tmp_path / "missing.json")


def test_parse_locomo_time() -> None:
    assert parse_locomo_time("1:56 pm on 8 May, 2023") == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert parse_locomo_time("12:20 am on 8 December, 2023") == datetime(
        2023, 12, 8, 0, 20, tzinfo=UTC
    )
    assert parse_locomo_time("12:05 pm on 1 June, 2023").hour == 12
    for bad in ("2023-05-08", "13:56 pm on 8 May, 2023", "1:56 pm on 8 Mai, 2023"):
        with pytest.raises(ValueError):
            parse_locomo_time(bad)


# --- evidence normalisation ----------------------------------------------------------------

VALID = {"D11:26", "D30:5", "D8:6", "D9:17", "D9:1", "D4:4", "D4:6", "D1:18", "D1:20"}


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (["D:11:26"], ("D11:26",)),
        (["D30:05"], ("D30:5",)),
        (["D8:6; D9:17"], ("D8:6", "D9:17")),
        (["D9:1 D4:4 D4:6"], ("D9:1", "D4:4", "D4:6")),
        (["D1:18", "D", "D1:20"], ("D1:18", "D1:20")),
        (["D"], ()),
        (["D10:19"], ()),  # well-formed but not a turn of this conversation
        (["D4:36", "D8:6"], ("D8:6",)),
        (["D8:6", "D8:06", "D:8:6"], ("D8:6",)),  # duplicates after normalisation
        (["D9:17", "D8:6"], ("D9:17", "D8:6")),  # source order kept, not sorted
        ([], ()),
    ],
)
def test_normalize_evidence(raw: list[str], expected: tuple[str, ...]) -> None:
    assert normalize_evidence(raw, VALID) == expected


# --- malformed LoCoMo files ----------------------------------------------------------------


def _write_json(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _sample() -> dict[str, object]:
    return {
        "sample_id": "conv-x",
        "conversation": {
            "speaker_a": "A",
            "speaker_b": "B",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [{"speaker": "A", "dia_id": "D1:1", "text": "hello"}],
        },
        "qa": [{"question": "q?", "answer": 2022, "evidence": ["D1:1"], "category": 2}],
    }


def test_minimal_sample_loads(tmp_path: Path) -> None:
    [conversation] = load_locomo(_write_json(tmp_path / "ok.json", [_sample()]))
    assert conversation.qa[0].answer == "2022"  # numeric answers become text
    assert conversation.messages[0].created_at == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


def _broken_samples() -> list[tuple[str, object, str]]:
    no_time = _sample()
    del no_time["conversation"]["session_1_date_time"]  # type: ignore[attr-defined]
    bad_time = _sample()
    bad_time["conversation"]["session_1_date_time"] = "yesterday"  # type: ignore[index]
    no_text = _sample()
    del no_text["conversation"]["session_1"][0]["text"]  # type: ignore[index]
    bad_category = _sample()
    bad_category["qa"][0]["category"] = "2"  # type: ignore[index]
    no_conversation = _sample()
    del no_conversation["conversation"]
    return [
        ("object", {"sample_id": "x"}, "JSON list"),
        ("no_conversation", [no_conversation], "conversation"),
        ("no_time", [no_time], "session_1_date_time"),
        ("bad_time", [bad_time], "session_1_date_time"),
        ("no_text", [no_text], "session_1[0].text"),
        ("bad_category", [bad_category], "qa[0].category"),
    ]


@pytest.mark.parametrize(("name", "data", "fragment"), _broken_samples())
def test_malformed_locomo_raises(tmp_path: Path, name: str, data: object, fragment: str) -> None:
    path = _write_json(tmp_path / f"{name}.json", data)
    with pytest.raises(InvalidInput) as info:
        load_locomo(path)
    assert str(path) in str(info.value)
    assert fragment in str(info.value)


def test_locomo_not_json_or_missing(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("[{", encoding="utf-8")
    with pytest.raises(InvalidInput, match="invalid JSON"):
        load_locomo(broken)
    with pytest.raises(InvalidInput, match="cannot read"):
        load_locomo(tmp_path / "missing.json")


# --- full benchmark (shared copy) ----------------------------------------------------------


def test_full_counts(full: list[Conversation]) -> None:
    assert len(full) == 10
    assert sum(len({m.session_id for m in c.messages}) for c in full) == 272
    assert [len(c.messages) for c in full] == [419, 369, 663, 629, 680, 675, 689, 681, 509, 568]
    assert sum(len(c.messages) for c in full) == 5882
    assert sum("[shares " in m.content for c in full for m in c.messages) == 1226
    qa = [q for c in full for q in c.qa]
    assert len(qa) == 1986
    assert Counter(q.category for q in qa) == {1: 282, 2: 321, 3: 96, 4: 841, 5: 446}
    # The four category-3 items whose evidence is empty in the source; every malformed
    # entry elsewhere still leaves at least one resolvable id.
    no_evidence = [q for q in qa if not q.evidence]
    assert len(no_evidence) == 4
    assert {q.category for q in no_evidence} == {3}
    assert sum(len(q.evidence) for q in qa) == 2820


def test_full_evidence_quirks(full: list[Conversation]) -> None:
    by_id = {c.id: c for c in full}
    for conversation in full:
        ids = {m.source_id for m in conversation.messages}
        assert all(e in ids for q in conversation.qa for e in q.evidence)

    def evidence_of(conv: str, question_start: str) -> tuple[str, ...]:
        return next(q.evidence for q in by_id[conv].qa if q.question.startswith(question_start))

    raw = {s["sample_id"]: s["qa"] for s in json.loads(FULL.read_text(encoding="utf-8"))}
    cases = {
        ("conv-26", "D8:6; D9:17"): ("D8:6", "D9:17"),
        ("conv-49", "D9:1 D4:4 D4:6"): ("D9:1", "D4:4", "D4:6"),
        ("conv-50", "D30:05"): ("D30:5",),
    }
    for (conv, bad), expected in cases.items():
        question = next(q["question"] for q in raw[conv] if bad in q["evidence"])
        assert evidence_of(conv, question) == expected
    for conv, bad, fixed in (("conv-43", "D:11:26", "D11:26"), ("conv-42", "D", None)):
        question = next(q["question"] for q in raw[conv] if bad in q["evidence"])
        evidence = evidence_of(conv, question)
        assert bad not in evidence and (fixed is None or fixed in evidence)
    for conv, missing in (("conv-42", "D10:19"), ("conv-47", "D4:36")):
        assert all(missing not in q.evidence for q in by_id[conv].qa)


# --- JSONL ---------------------------------------------------------------------------------


def _write_lines(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_jsonl_good_file(tmp_path: Path) -> None:
    now = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)
    path = _write_lines(
        tmp_path / "alice.jsonl",
        [
            json.dumps({"content": "I moved to Lisbon.", "created_at": "2024-02-01T09:30:00"}),
            "",
            json.dumps(
                {
                    "content": "Noted!",
                    "role": "assistant",
                    "speaker": "bot",
                    "session_id": "s1",
                    "created_at": "2024-02-01T10:30:00+01:00",
                    "source_id": "m-2",
                    "metadata": {"lang": "en"},
                    "user_id": "alice",
                    "agent_id": "helper",
                }
            ),
            json.dumps({"content": "no time given"}),
        ],
    )
    first, second, third = load_jsonl_messages(path, now=now)
    assert first.created_at == datetime(2024, 2, 1, 9, 30, tzinfo=UTC)  # naive means UTC
    assert (first.role, first.speaker, first.session_id) == ("user", "user", "alice")
    assert first.source_id is None and first.metadata == {}
    assert second.created_at == datetime(2024, 2, 1, 9, 30, tzinfo=UTC)  # the same instant
    assert second.created_at.utcoffset() == timedelta(hours=1)  # in the speaker's offset: their "tomorrow"
    assert (second.role, second.speaker, second.session_id) == ("assistant", "bot", "s1")
    assert second.source_id == "m-2"
    assert second.metadata == {"lang": "en", "scope": {"user_id": "alice", "agent_id": "helper"}}
    # Missing created_at: import time (+ line number in microseconds), flagged in metadata.
    assert third.created_at == now + timedelta(microseconds=4)
    assert third.metadata == {"created_at_assumed": True}


def test_jsonl_default_now_is_utc(tmp_path: Path) -> None:
    path = _write_lines(tmp_path / "x.jsonl", [json.dumps({"content": "hi"})])
    before = datetime.now(UTC)
    [message] = load_jsonl_messages(path)
    assert message.created_at.tzinfo is not None
    assert before <= message.created_at <= datetime.now(UTC) + timedelta(seconds=1)


def test_jsonl_accepts_bom_and_z_suffix(tmp_path: Path) -> None:
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + b'{"content": "x", "created_at": "2024-01-01T00:00:00Z"}\n')
    [message] = load_jsonl_messages(path)
    assert message.created_at == datetime(2024, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    ("bad_line", "reason"),
    [
        ('{"content": "unterminated', "invalid JSON"),
        ('["content", "x"]', "JSON object"),
        ('{"role": "user"}', "content"),
        ('{"content": "   "}', "blank"),
        ('{"content": 42}', "'content' must be a string"),
        ('{"content": "x", "role": "robot"}', "role"),
        ('{"content": "x", "speaker": ["a"]}', "'speaker' must be a string"),
        ('{"content": "x", "metadata": "m"}', "'metadata' must be an object"),
        ('{"content": "x", "user_id": 7}', "'user_id' must be a string"),
        ('{"content": "x", "user_id": ""}', "'user_id' is empty"),
        ('{"content": "x", "agent_id": "  "}', "'agent_id' is empty"),
        ('{"content": "x", "created_at": "last tuesday"}', "ISO 8601"),
        ('{"content": "x", "created_at": 1700000000}', "'created_at' must be a string"),
        ('{"content": "x", "timestamp": "2024-01-01"}', "unknown field"),
        ('{"content": "x", "user_id": "u", "metadata": {"scope": {}}}', "metadata.scope"),
    ],
)
def test_jsonl_bad_line_names_line(tmp_path: Path, bad_line: str, reason: str) -> None:
    path = _write_lines(
        tmp_path / "bad.jsonl",
        [json.dumps({"content": "fine"}), "", bad_line, json.dumps({"content": "after"})],
    )
    messages = load_jsonl_messages(path)
    assert next(messages).content == "fine"  # lines before the bad one are still yielded
    with pytest.raises(InvalidInput) as info:
        next(messages)
    text = str(info.value)
    assert "line 3" in text
    assert str(path) in text
    assert reason in text


def test_jsonl_record_that_stops_early_is_reported_where_it_stops(tmp_path: Path) -> None:
    record = '{"user_id": "a", "content": "hi"'
    path = _write_lines(tmp_path / "short.jsonl", [record])
    with pytest.raises(InvalidInput, match=rf"line 1: invalid JSON: .* \(column {len(record) + 1}\)"):
        list(load_jsonl_messages(path))


def test_jsonl_bad_encoding_and_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(b'{"content": "ok"}\n{"content": "caf\xe9"}\n')
    with pytest.raises(InvalidInput, match="line 2: not UTF-8"):
        list(load_jsonl_messages(path))
    with pytest.raises(InvalidInput, match="cannot read"):
        list(load_jsonl_messages(tmp_path / "missing.jsonl"))


def test_an_import_path_that_is_missing_a_folder_or_a_device_is_named_as_what_it_is(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match="no such file"):
        detect_format(tmp_path / "missing.jsonl")
    with pytest.raises(InvalidInput, match="is a directory"):
        detect_format(tmp_path)
    with pytest.raises(InvalidInput, match=r"/dev/null is not a regular file \(a device, pipe or socket\)"):
        detect_format(Path("/dev/null"))  # it exists: "no such file" sent the user looking for it
