"""Coding-agent hooks (``memstrata hooks run``) with the agents' documented payloads and real
transcript files (``agent_sessions/``: a Claude Code session and a Codex rollout), a real SQLite
database and the default model, in process on the cold path; the warm path and the console
entry are in ``test_hooks_warm.py``."""

from __future__ import annotations

import io
import json
import re
import shutil
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from memstrata import Memory
from memstrata.config import Settings
from memstrata.integrations.hooks import run
from memstrata.integrations.hooks.backend import (
    IMPORT_KEY,
    KEY_REUSED,
    PROJECT_BUDGET_TOKENS,
    PROJECT_TURNS,
    PROMPT_MIN_MATCH,
    TURN_FUTURE_SLACK,
)
from memstrata.integrations.hooks.protocol import TURN_BYTES, HookSettings
from memstrata.integrations.hooks.transcript import INVISIBLE
from memstrata.recall.evidence import MATCH_EVIDENCE
from memstrata.store import suppressed
from memstrata.text.segment import INVISIBLE as ENGINE_INVISIBLE
from memstrata.write.idempotency import IdempotencyKeyReused
from memstrata.write.ingest import FUTURE_SLACK

pytestmark = pytest.mark.usefixtures("embedder")  # hooks in process use the run's loaded model (clirun.share_model)
SESSIONS = Path(__file__).parent / "agent_sessions"
CLAUDE_SESSION = "5c2e8f3a-41d7-4b8e-9a0f-2d6b1c7e9f10"
CODEX_THREAD = "019a6c3e-7d21-7c40-b8e5-3f9a2d1c4b57"
UPLOADER = "/home/dev/projects/uploader"


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """A hook's environment: its own database and hooks folder, no server (the cold path)."""
    return {"MEMSTRATA_DB": str(tmp_path / "memory.db"), "MEMSTRATA_USER": "dev",
            "MEMSTRATA_HOOKS_URL": "off", "MEMSTRATA_HOOKS_DIR": str(tmp_path / "hooks")}


def hook(env: dict[str, str], event: str, payload: dict[str, Any] | str, agent: str = "claude-code") -> tuple[int, str]:
    """Run ``memstrata hooks run EVENT --agent AGENT`` in process: (exit code, stdout)."""
    out = io.StringIO()
    raw = payload if isinstance(payload, str) else json.dumps(payload)
    code = run.main([event, "--agent", agent], stdin=io.StringIO(raw), stdout=out, environ=env)
    return code, out.getvalue()


def claude_payload(event: str, transcript: Path | None, **extra: Any) -> dict[str, Any]:
    """A payload as Claude Code documents it (common fields + the event's own)."""
    return {"session_id": CLAUDE_SESSION, "transcript_path": str(transcript) if transcript else None,
            "cwd": UPLOADER, "permission_mode": "default", "hook_event_name": event, **extra}


def episodes(env: dict[str, str]) -> list[Any]:
    with Memory(env["MEMSTRATA_DB"], user_id="dev", embedder=None) as memory:  # a listing: no model
        return sorted(memory.list(kind="episode", limit=100), key=lambda e: e.id)


def context_of(stdout: str, event: str) -> str:
    answer = json.loads(stdout)
    assert answer["hookSpecificOutput"]["hookEventName"] == event
    return str(answer["hookSpecificOutput"]["additionalContext"])


def test_turns_are_stored_once_whichever_events_fire(env: dict[str, str], tmp_path: Path) -> None:
    transcript = tmp_path / "session.jsonl"
    shutil.copy(SESSIONS / "claude-code-session.jsonl", transcript)
    stop = claude_payload("Stop", transcript, stop_hook_active=False)
    assert hook(env, "Stop", stop) == (0, "")
    stored = episodes(env)
    assert [(e.role, e.content[:24]) for e in stored] == [
        ("user", "Add exponential backoff "), ("assistant", "Added `upload_with_retry"),
        ("user", "我对花生过敏。另外，提交信息请一直用英文写。"), ("assistant", "好的，提交信息我会用英文写。")]
    first = stored[0]
    assert first.scope.session_id == CLAUDE_SESSION and first.scope.user_id == "dev"
    assert first.metadata == {"project": UPLOADER, "agent": "claude-code",
                              "turn_id": "0a7c6a1e-2b1f-4c3d-9e8f-5a6b7c8d9e01"}
    assert first.created_at.isoformat() == "2026-11-20T09:15:10.004000+00:00"
    # PreCompact and SessionEnd name the same file: nothing new
    assert hook(env, "PreCompact", claude_payload("PreCompact", transcript, trigger="auto",
                                                  custom_instructions="")) == (0, "")
    assert hook(env, "SessionEnd", claude_payload("SessionEnd", transcript, reason="exit")) == (0, "")
    assert len(episodes(env)) == 4
    # without the state file the turns' idempotency keys still hold
    shutil.rmtree(Path(env["MEMSTRATA_HOOKS_DIR"]) / "state")
    assert hook(env, "Stop", stop) == (0, "")
    assert len(episodes(env)) == 4
    # a turn appended since is stored by the next event, alone
    with transcript.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps({"parentUuid": "2c9f5e3a-8b7d-4a6f-9c2d-4e5f60718293", "isSidechain": False,
                                 "type": "user", "uuid": "9d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a",
                                 "sessionId": CLAUDE_SESSION, "timestamp": "2026-11-20T09:20:00.000Z",
                                 "message": {"role": "user", "content": "Now add a unit test for the retry."}}) + "\n")
    assert hook(env, "Stop", stop) == (0, "")
    assert [e.content for e in episodes(env)][4:] == ["Now add a unit test for the retry."]
    assert "Stop claude-code cold" in (Path(env["MEMSTRATA_HOOKS_DIR"]) / "hooks.log").read_text()


def said_again(transcript: Path, text: str, uuid: str, at: str | None) -> None:
    """Append a user turn to a Claude Code transcript, as the agent writes it (``at`` ``None``: a
    record without its time)."""
    record = {"parentUuid": None, "isSidechain": False, "type": "user", "uuid": uuid, "sessionId": CLAUDE_SESSION,
              "message": {"role": "user", "content": text}}
    with transcript.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(record if at is None else {**record, "timestamp": at}) + "\n")


def test_a_forgotten_turn_stays_out_when_the_transcript_is_sent_again(env: dict[str, str], tmp_path: Path) -> None:
    transcript = tmp_path / "session.jsonl"
    shutil.copy(SESSIONS / "claude-code-session.jsonl", transcript)
    said_again(transcript, "I deploy with the staging profile on Fridays.", "5b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d",
               None)
    stop = claude_payload("Stop", transcript, stop_hook_active=False)
    assert hook(env, "Stop", stop) == (0, "")
    allergy = next(e for e in episodes(env) if e.content.startswith("我对花生过敏"))
    untimed = next(e for e in episodes(env) if e.content.startswith("I deploy"))  # stamped when stored
    assert IMPORT_KEY == suppressed.IMPORT_KEY and len(untimed.metadata[IMPORT_KEY]) == 32
    with Memory(env["MEMSTRATA_DB"], user_id="dev", embedder=None) as memory:  # a listing: no model
        memory.delete(episode_id=allergy.id)
        memory.delete(episode_id=untimed.id)
        # the whole project too: its idempotency keys go with it, so only the forgotten digests are left
        memory.delete_project("default", org_id="default")
    shutil.rmtree(Path(env["MEMSTRATA_HOOKS_DIR"]) / "state")  # a lost state file (or another backend's)
    assert hook(env, "Stop", stop) == (0, "")
    assert episodes(env) == []  # every turn was stored again, the forgotten allergy and untimed turn with them
    assert "0 new turns stored" in (Path(env["MEMSTRATA_HOOKS_DIR"]) / "hooks.log").read_text().splitlines()[-1]
    # said again, later, in a new turn: a new statement, stored
    said_again(transcript, allergy.content, "7e1d2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b", "2026-11-21T08:00:00.000Z")
    assert hook(env, "Stop", stop) == (0, "")
    assert [e.content for e in episodes(env)] == [allergy.content]
    # was "1 new turns stored"
    assert (Path(env["MEMSTRATA_HOOKS_DIR"]) / "hooks.log").read_text().splitlines()[-1].endswith("1 new turn stored")


def test_a_codex_rollout_stores_what_was_said_not_the_harness(env: dict[str, str]) -> None:
    payload = {"session_id": CODEX_THREAD, "turn_id": "019a6c3f-0a11-7e52-9d3c-5b8e1f2a7c40",
               "transcript_path": str(SESSIONS / "codex-rollout.jsonl"), "cwd": "/home/dev/projects/billing",
               "hook_event_name": "Stop", "model": "gpt-5.1-codex", "permission_mode": "default",
               "stop_hook_active": False, "last_assistant_message": "明白，账单邮件模板改为中文。"}
    assert hook(env, "Stop", payload, agent="codex") == (0, "")
    assert hook(env, "PreCompact", {**payload, "hook_event_name": "PreCompact", "trigger": "manual"},
                agent="codex") == (0, "")
    stored = episodes(env)
    assert [e.content for e in stored] == [
        "Invoices must round to the cent with banker's rounding. I prefer Decimal over float for money, always.",
        "Switched invoice totals to Decimal with ROUND_HALF_EVEN in billing/invoice.py and added tests for .005 cases.",
        "我住在杭州，账单邮件用中文。", "明白，账单邮件模板改为中文。"]
    assert {e.metadata["agent"] for e in stored} == {"codex"} and stored[0].scope.session_id == CODEX_THREAD
    with Memory(env["MEMSTRATA_DB"], user_id="dev", embedder=None) as memory:  # a listing: no model
        facts = {f.value for f in memory.list(limit=50)}
    assert "杭州" in facts  # a fact extracted from a Chinese turn


def test_a_transcript_of_the_other_agent_is_logged_as_such_not_as_all_stored(env: dict[str, str]) -> None:
    # a hook installed for the wrong agent reads no turn; the log said "0 new turns stored", as when
    # every turn was stored already, so nothing told the user that nothing was being remembered
    stop = {**claude_payload("Stop", SESSIONS / "codex-rollout.jsonl"), "session_id": CODEX_THREAD}
    assert hook(env, "Stop", stop) == (0, "")
    assert episodes(env) == []
    log = (Path(env["MEMSTRATA_HOOKS_DIR"]) / "hooks.log").read_text()
    assert re.search(r"Stop claude-code cold \d+ ms: no claude-code turns among the transcript's \d+ lines; "
                     r"nothing stored \(is it a codex transcript\? then the hook needs --agent codex\)", log)
    assert hook(env, "Stop", stop, agent="codex") == (0, "")
    assert episodes(env) and "Stop codex cold" in (Path(env["MEMSTRATA_HOOKS_DIR"]) / "hooks.log").read_text()


def test_session_start_gives_the_profile_and_this_projects_memories(env: dict[str, str]) -> None:
    transcript = SESSIONS / "claude-code-session.jsonl"
    hook(env, "Stop", claude_payload("Stop", transcript, stop_hook_active=False))
    start = {**claude_payload("SessionStart", None, source="startup"), "session_id": "new-session"}
    code, out = hook(env, "SessionStart", start)
    text = context_of(out, "SessionStart")
    assert code == 0 and "对花生过敏" in text and "keep answers short" in text  # the profile
    assert "upload_with_retry" in text  # this project's earlier session
    elsewhere = context_of(hook(env, "SessionStart", {**start, "cwd": "/home/dev/projects/other"})[1], "SessionStart")
    assert "对花生过敏" in elsewhere and "upload_with_retry" not in elsewhere
    # a resumed session is not told its own turns again
    resumed = context_of(hook(env, "SessionStart", {**start, "session_id": CLAUDE_SESSION, "source": "resume"})[1],
                         "SessionStart")
    assert "upload_with_retry" not in resumed
    # after a compaction it is: the agent has just dropped them from its context
    compacted = context_of(hook(env, "SessionStart", {**start, "session_id": CLAUDE_SESSION, "source": "compact"})[1],
                           "SessionStart")
    assert "upload_with_retry" in compacted


def test_a_prompt_gets_matching_memories_and_chatter_gets_nothing(env: dict[str, str]) -> None:
    assert PROMPT_MIN_MATCH == MATCH_EVIDENCE
    hook(env, "Stop", claude_payload("Stop", SESSIONS / "claude-code-session.jsonl", stop_hook_active=False))
    prompt = {**claude_payload("UserPromptSubmit", None), "session_id": "new-session"}
    code, out = hook(env, "UserPromptSubmit", {**prompt, "prompt": "the upload retry backoff is too slow, tune it"})
    assert code == 0 and "upload_with_retry" in context_of(out, "UserPromptSubmit")
    # chatter gets no memory, only the standing instruction said in the earlier session ("From now on keep your
    # answers short"), which opens every block (``context.instructions``)
    chatter = context_of(hook(env, "UserPromptSubmit", {**prompt, "prompt": "ok, go on"})[1], "UserPromptSubmit")
    title, *lines = chatter.splitlines()
    assert title == "## Standing instructions from the user" and len(lines) == 1, chatter
    assert lines[0].startswith("- wants the assistant to keep answers short ("), chatter
    # the session's own turns are already in the agent's context
    same = {**prompt, "session_id": CLAUDE_SESSION, "prompt": "the upload retry backoff is too slow, tune it"}
    assert "upload_with_retry" not in hook(env, "UserPromptSubmit", same)[1]


def test_reading_hooks_create_no_database(env: dict[str, str]) -> None:
    start = claude_payload("SessionStart", None, source="startup")
    assert hook(env, "SessionStart", start) == (0, "")
    assert hook(env, "UserPromptSubmit", {**start, "prompt": "hello"}) == (0, "")
    assert not Path(env["MEMSTRATA_DB"]).exists()


@pytest.mark.parametrize(("stdin", "logged"), [
    ("not json", "stdin is not JSON"),
    ("[1, 2]", "holds a JSON list"),
    (json.dumps({"session_id": "s", "cwd": "/x", "hook_event_name": "UserPromptSubmit"}), "'prompt'"),
    (json.dumps({"session_id": "s", "cwd": "/x", "transcript_path": "/nowhere/t.jsonl"}),
     "payload field 'transcript_path' names /nowhere/t.jsonl, which does not exist"),
])
def test_an_error_is_logged_and_the_agent_is_not_blocked(env: dict[str, str], stdin: str, logged: str) -> None:
    event = "UserPromptSubmit" if "UserPromptSubmit" in stdin else "Stop"
    assert hook(env, event, stdin) == (0, "")
    log = (Path(env["MEMSTRATA_HOOKS_DIR"]) / "hooks.log").read_text()
    assert "failed" in log and logged in log and "error (logged)" in log
    assert "Traceback" not in log  # a bad payload or a missing transcript is one line, not a stack


def test_a_database_that_cannot_be_opened_is_logged_not_raised(env: dict[str, str], tmp_path: Path) -> None:
    Path(env["MEMSTRATA_DB"]).write_bytes(b"this is not a SQLite database" * 100)
    start = claude_payload("SessionStart", None, source="startup")
    assert hook(env, "SessionStart", start) == (0, "")
    assert "corrupt" in (Path(env["MEMSTRATA_HOOKS_DIR"]) / "hooks.log").read_text().lower()


def test_arguments_no_configuration_has_are_refused_with_the_usage(env: dict[str, str],
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # 1, not 2: exit code 2 is how a hook blocks the user's prompt in both agents
    assert run.main(["SessionEnd", "--agent", "codex"], stdin=io.StringIO("{}"), environ=env) == 1
    assert "EVENT must be one of SessionStart, UserPromptSubmit, Stop, PreCompact for codex" in capsys.readouterr().err
    assert run.main(["Stop", "--agent", "cursor"], stdin=io.StringIO("{}"), environ=env) == 1


def test_a_turn_with_a_nul_or_lone_surrogate_does_not_stop_the_turns_after_it(env: dict[str, str],
                                                                               tmp_path: Path) -> None:
    # JSON escapes let a transcript hold text Memory.add refuses; the turn is kept with U+FFFD and
    # every later turn of the session is still stored
    transcript = tmp_path / "odd.jsonl"
    lines = [{"type": "user", "uuid": f"u{i}", "sessionId": CLAUDE_SESSION, "timestamp": "2026-11-20T09:15:10Z",
              "message": {"role": "user", "content": text}}
             for i, text in enumerate(["pasted a\u0000b", "half an emoji \ud83d", "I prefer UPS for delivery"])]
    transcript.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert hook(env, "Stop", claude_payload("Stop", transcript, stop_hook_active=False)) == (0, "")
    assert [e.content for e in episodes(env)] == ["pasted a\ufffdb", "half an emoji \ufffd",
                                                  "I prefer UPS for delivery"]


def test_a_turn_dated_in_the_future_or_with_nothing_visible_does_not_stop_the_turns_after_it(
        env: dict[str, str], tmp_path: Path) -> None:
    # Memory.add refuses a time more than a day ahead and a text of zero-width characters; before,
    # the hook's every later run failed on that turn and "I prefer UPS for delivery" was never stored
    transcript = tmp_path / "odd-times.jsonl"
    said = [("2099-01-01T00:00:00Z", "a line dated 2099"), ("2026-11-20T09:15:20Z", "\u200b\u200d"),
            ("2026-11-20T09:15:30Z", "I prefer UPS for delivery")]
    lines = [{"type": "user", "uuid": f"t{i}", "sessionId": CLAUDE_SESSION, "timestamp": stamp,
              "message": {"role": "user", "content": text}} for i, (stamp, text) in enumerate(said)]
    transcript.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    before = datetime.now(UTC)
    assert hook(env, "Stop", claude_payload("Stop", transcript, stop_hook_active=False)) == (0, "")
    stored = episodes(env)
    assert [e.content for e in stored] == ["a line dated 2099", "I prefer UPS for delivery"]
    assert before <= stored[0].created_at <= datetime.now(UTC)  # stamped when it arrived
    assert "failed" not in (Path(env["MEMSTRATA_HOOKS_DIR"]) / "hooks.log").read_text()


def test_the_hooks_copies_of_engine_limits_are_the_engines() -> None:
    assert TURN_FUTURE_SLACK == FUTURE_SLACK
    assert INVISIBLE == ENGINE_INVISIBLE
    assert IdempotencyKeyReused.code == KEY_REUSED


def test_turns_sent_again_from_another_folder_do_not_stop_the_sessions_new_turns(env: dict[str, str],
                                                                                 tmp_path: Path) -> None:
    transcript = tmp_path / "session.jsonl"
    shutil.copy(SESSIONS / "claude-code-session.jsonl", transcript)
    assert hook(env, "Stop", claude_payload("Stop", transcript)) == (0, "")
    # the agent changed directory, and the state file is lost (or the other path, warm or cold, sends them):
    # the session's stored turns come again with another cwd, so another metadata under the same keys
    shutil.rmtree(Path(env["MEMSTRATA_HOOKS_DIR"]) / "state")
    said_again(transcript, "Now add a unit test for the retry.", "9d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a",
               "2026-11-20T09:20:00.000Z")
    assert hook(env, "Stop", {**claude_payload("Stop", transcript), "cwd": UPLOADER + "/tests"}) == (0, "")
    stored = episodes(env)
    # was: IdempotencyKeyReused logged, nothing stored, on every later event of the session
    assert [e.metadata["project"] for e in stored] == [UPLOADER] * 4 + [UPLOADER + "/tests"]
    assert stored[-1].content == "Now add a unit test for the retry."
    assert (Path(env["MEMSTRATA_HOOKS_DIR"]) / "hooks.log").read_text().splitlines()[-1].endswith("1 new turn stored")


def project_turns(tmp_path: Path, texts: list[str]) -> Path:
    """A Claude Code transcript of ``texts`` said one minute apart, none naming the folder."""
    transcript = tmp_path / "project.jsonl"
    lines = [{"type": "user" if i % 2 == 0 else "assistant", "uuid": f"p{i}", "sessionId": "earlier",
              "timestamp": f"2026-11-21T10:{i:02d}:00Z",
              "message": {"role": "user" if i % 2 == 0 else "assistant", "content": text}}
             for i, text in enumerate(texts)]
    transcript.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return transcript


#: An earlier session of a folder whose name ("zx-9") none of its turns says.
PROJECT_TEXTS = ["Rename the cache flag to --no-cache everywhere.", "Renamed it in cli.py and the README.",
                 "把日志级别默认改成 warning。", "已把默认日志级别改为 warning。",
                 "Also pin httpx to 0.28.1 in pyproject.toml.", "Pinned httpx==0.28.1."]


def test_session_start_lists_this_folders_latest_turns_newest_first(env: dict[str, str], tmp_path: Path) -> None:
    # the folder's name is in no turn: a search with it as the query found nothing to add
    folder = "/home/dev/work/zx-9"
    stop = {**claude_payload("Stop", project_turns(tmp_path, PROJECT_TEXTS)), "session_id": "earlier", "cwd": folder}
    assert hook(env, "Stop", stop) == (0, "")
    start = {**claude_payload("SessionStart", None, source="startup"), "session_id": "next", "cwd": folder}
    text = context_of(hook(env, "SessionStart", start)[1], "SessionStart")
    listed = text[text.index("## Earlier in this folder"):]
    at = [listed.index(t) for t in reversed(PROJECT_TEXTS)]
    assert at == sorted(at)  # every turn, newest first
    assert "2026-11-21 10:05 assistant: Pinned httpx==0.28.1." in listed
    assert "2026-11-21 10:02 user: 把日志级别默认改成 warning。" in listed
    # another folder's session is not listed there
    assert hook(env, "SessionStart", {**start, "cwd": "/home/dev/work/other"}) == (0, "")  # no facts, no turns


def test_session_start_keeps_the_folders_list_within_its_budget(env: dict[str, str], tmp_path: Path) -> None:
    folder = "/home/dev/work/long"
    texts = [f"Step {i}: " + "refactor the parser and keep the tests green " * 20 for i in range(30)]
    stop = {**claude_payload("Stop", project_turns(tmp_path, texts)), "session_id": "earlier", "cwd": folder}
    assert hook(env, "Stop", stop) == (0, "")
    start = {**claude_payload("SessionStart", None, source="startup"), "session_id": "next", "cwd": folder}
    text = context_of(hook(env, "SessionStart", start)[1], "SessionStart")
    listed = text[text.index("## Earlier in this folder"):]
    assert "Step 29:" in listed and "Step 0:" not in listed  # the newest kept, the oldest left out
    assert len(listed.encode("utf-8")) <= 3 * PROJECT_BUDGET_TOKENS
    assert listed.count("\n- ") <= PROJECT_TURNS


def test_a_long_turn_is_kept_whole_up_to_the_stores_limit_and_a_longer_one_says_where_it_was_cut(
        env: dict[str, str], tmp_path: Path) -> None:
    assert TURN_BYTES == Settings().max_content_bytes == HookSettings.from_env({}).max_turn_bytes
    # The limit every door applies, lowered for speed; the hashing model, as the test reads back what
    # was stored, never a search: the real model spent 6 of the test's 10 s embedding the long turns.
    env = {**env, "MEMSTRATA_MAX_CONTENT_BYTES": "60000", "MEMSTRATA_EMBEDDING_MODEL": "hashing-64"}
    long_log = "".join(f"line {i}: retry after 429 from the upload API\n" for i in range(900))  # ~40,000 characters
    huge = "上传重试日志。" * 4_000  # 28,000 characters, 84,000 UTF-8 bytes: over the limit
    transcript = tmp_path / "long.jsonl"
    lines = [{"type": "user", "uuid": f"l{i}", "sessionId": CLAUDE_SESSION, "timestamp": "2026-11-20T09:15:10Z",
              "message": {"role": "user", "content": text}}
             for i, text in enumerate([long_log, huge, "I prefer UPS for delivery"])]
    transcript.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert hook(env, "Stop", claude_payload("Stop", transcript, stop_hook_active=False)) == (0, "")
    whole, cut, after = episodes(env)
    assert len(long_log) > 32_000 and whole.content == long_log.strip() and "cut" not in whole.metadata
    kept = cut.metadata["cut"]["kept_chars"]
    assert cut.metadata["cut"] == {"kept_chars": kept, "total_chars": len(huge)}
    assert cut.content == f"{huge[:kept]}\n[… cut: {kept:,} of {len(huge):,} characters kept]"
    assert 60_000 - 100 < len(cut.content.encode("utf-8")) <= 60_000
    assert after.content == "I prefer UPS for delivery"


@pytest.mark.parametrize("blank", ["", "  "])
@pytest.mark.parametrize("var", ["MEMSTRATA_USER", "MEMSTRATA_ORG", "MEMSTRATA_PROJECT", "MEMSTRATA_HOOKS_URL",
                                 "MEMSTRATA_API_KEY", "MEMSTRATA_MAX_CONTENT_BYTES"])
def test_a_blank_variable_is_logged_and_stores_nothing(env: dict[str, str], tmp_path: Path, var: str,
                                                       blank: str) -> None:
    # MEMSTRATA_USER='' (or '  ') was read as unset: the turns went to the operating-system user's
    # memory (a blank project to the default project), where the intended user never looks.
    transcript = SESSIONS / "claude-code-session.jsonl"
    assert hook({**env, var: blank}, "Stop", claude_payload("Stop", transcript)) == (0, "")
    log = (Path(env["MEMSTRATA_HOOKS_DIR"]) / "hooks.log").read_text()
    assert f"Stop claude-code: failed: ValueError: {var} is blank ({blank!r}); give " in log
    assert "Traceback" not in log
    assert not Path(env["MEMSTRATA_DB"]).exists()


@pytest.mark.parametrize("blank", ["", "  "])
def test_a_blank_database_or_hooks_folder_is_logged_where_an_unset_one_logs(tmp_path: Path, blank: str,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # MEMSTRATA_DB='' stored the turns in ~/.memstrata/memory.db, '  ' in a file named by spaces in
    # the agent's folder; MEMSTRATA_HOOKS_DIR='  ' kept the log in a folder named by spaces there.
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    transcript = SESSIONS / "claude-code-session.jsonl"
    base = {"MEMSTRATA_USER": "dev", "MEMSTRATA_HOOKS_URL": "off"}
    db = str(tmp_path / "memory.db")
    for var, given in (("MEMSTRATA_DB", {"MEMSTRATA_DB": blank}),
                       ("MEMSTRATA_HOOKS_DIR", {"MEMSTRATA_DB": db, "MEMSTRATA_HOOKS_DIR": blank})):
        assert hook({**base, **given}, "Stop", claude_payload("Stop", transcript)) == (0, "")
        folder = tmp_path / "home" / ".memstrata" / "hooks" if var == "MEMSTRATA_DB" else tmp_path / "hooks"
        assert f"{var} is blank ({blank!r})" in (folder / "hooks.log").read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["home", "hooks"]
    assert sorted(p.name for p in (tmp_path / "home" / ".memstrata").iterdir()) == ["hooks"]
