"""The real ``memstrata`` console script, end to end, on SQLite files under a temp dir.

The commands run in-process through typer's ``CliRunner`` with the run's loaded model
(``clirun``); the console script runs as a process where that is the behaviour under test
(``python -m memstrata.cli``, stdin bytes). One scenario runs the
commands once in order (remember → recall → list → remember
→ history → export → forget → recall) and the tests assert on its recorded outputs; the
import/doctor pair and the error cases use their own files.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import clirun
from clirun import Run, console_script

SRC = Path(__file__).resolve().parents[2] / "src"
pytestmark = pytest.mark.usefixtures("embedder")  # loads the model once and shares it (clirun)
SHUNFENG = "我以后都希望用顺丰，别放门口"
FEDEX = "From now on ship with FedEx"
JD = "算了，以后用京东"
UPS = "Actually, from now on ship with UPS"


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMSTRATA_")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), env.get("PYTHONPATH")) if p)
    env["COLUMNS"] = "300"  # rich wraps at 80 columns when stdout is not a terminal
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def cli(*args: str | Path, cmd: list[str] | None = None, stdin: str | None = None,
        env: dict[str, str] | None = None) -> Run:
    """``memstrata ARGS`` in-process (``clirun``, with ``env`` set meanwhile), or as the process ``cmd``
    when one is given."""
    if cmd is None:
        return clirun.cli(*args, stdin=stdin, env=env)
    proc = subprocess.run([*cmd, *map(str, args)], capture_output=True, text=True, encoding="utf-8", env=_env(),
                          timeout=300, **({"input": stdin} if stdin is not None else {"stdin": subprocess.DEVNULL}))
    return Run(proc.returncode, proc.stdout, proc.stderr)


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines()]


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    db = tmp_path_factory.mktemp("cli") / "memory.db"
    runs: dict[str, Run] = {}
    runs["remember_zh"] = cli("remember", SHUNFENG, "--user", "u1", "--db", db)
    runs["remember_en"] = cli("remember", FEDEX, "--user", "u3", "--db", db)
    runs["remember_en_again"] = cli("remember", UPS, "--user", "u3", "--db", db)
    runs["recall_u1"] = cli("recall", "配送偏好", "--user", "u1", "--json", "--db", db)
    runs["recall_other"] = cli("recall", "配送偏好", "--user", "someone-else", "--json", "--db", db)
    runs["list_u1"] = cli("list", "--user", "u1", "--json", "--db", db)
    runs["recall_u3"] = cli("recall", "ship with FedEx", "--user", "u3", "--db", db)
    runs["recall_u3_json"] = cli("recall", "ship with FedEx", "--user", "u3", "--json", "--db", db)
    runs["remember_jd"] = cli("remember", JD, "--user", "u1", "--db", db)
    runs["history"] = cli("history", "--key", "shipping.carrier", "--user", "u1", "--db", db)
    runs["export_u1"] = cli("export", "--user", "u1", "--db", db)
    runs["forget_u1"] = cli("forget", "--user", "u1", "--yes", "--db", db)
    runs["recall_u1_after_forget"] = cli("recall", "配送偏好", "--user", "u1", "--json", "--db", db)
    runs["recall_u3_after_forget"] = cli("recall", "shipping carrier", "--user", "u3", "--json", "--db", db)
    return runs


def test_python_dash_m_memstrata_cli_runs_the_app() -> None:
    run = cli("--help", cmd=[sys.executable, "-m", "memstrata.cli"])
    assert run.code == 0, run.err
    for command in ("remember", "recall", "list", "history", "forget", "export", "import", "doctor"):
        assert command in run.out


def test_remember_in_chinese_prints_chinese_labels_and_the_fact(scenario: dict[str, Run]) -> None:
    run = scenario["remember_zh"]
    assert run.code == 0, run.err
    lines = _lines(run.out)
    assert lines[0] == "记住："
    assert any(re.fullmatch(r"- shipping\.carrier = 顺丰（置信度 (0|1)\.\d\d）", line)
               for line in lines), lines
    assert "shipping.carrier = 顺丰" in run.out


def test_remember_in_english_prints_remembered_and_the_fact(scenario: dict[str, Run]) -> None:
    run = scenario["remember_en"]
    assert run.code == 0, run.err
    lines = _lines(run.out)
    assert lines[0] == "Remembered:"
    assert any(re.fullmatch(r"- shipping\.carrier = FedEx \(confidence (0|1)\.\d\d\)", line)
               for line in lines), lines


def test_remember_in_english_that_supersedes_names_the_replaced_value(scenario: dict[str, Run]) -> None:
    run = scenario["remember_en_again"]
    assert run.code == 0, run.err
    assert any(re.fullmatch(r"- shipping\.carrier = UPS \(confidence (0|1)\.\d\d\) \[replaces FedEx\]", line)
               for line in _lines(run.out)), run.out


def test_recall_json_ranks_the_shunfeng_memory_in_the_top_three_with_scores_and_citations(
    scenario: dict[str, Run],
) -> None:
    hits = scenario["recall_u1"].json()
    assert isinstance(hits, list) and hits
    assert any("顺丰" in hit["text"] for hit in hits[:3]), [h["text"] for h in hits]
    for hit in hits:
        assert 0.0 <= hit["score"] <= 1.0
        assert hit["kind"] in ("fact", "episode")
        assert hit["citations"] and all(isinstance(c, int) for c in hit["citations"])
        assert hit["scope"]["user_id"] == "u1"
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)
    assert not any("FedEx" in hit["text"] for hit in hits)


def test_recall_labels_the_episode_of_a_superseded_preference_outdated(scenario: dict[str, Run]) -> None:
    # u3 said FedEx, then UPS: the FedEx message is history, marked in text and JSON alike.
    lines = _lines(scenario["recall_u3"].out)
    assert any(re.fullmatch(rf"\[0\.\d\d\] \[outdated\] {FEDEX} \(\d{{4}}-\d\d-\d\d, source episode#\d+\)", line)
               for line in lines), lines
    assert not any("[outdated]" in line for line in lines if "UPS" in line), lines
    hits = scenario["recall_u3_json"].json()
    assert {h["text"]: h["superseded"] for h in hits if h["kind"] == "episode"} == {FEDEX: True, UPS: False}


def test_recall_for_another_user_returns_an_empty_json_list(scenario: dict[str, Run]) -> None:
    run = scenario["recall_other"]
    assert run.code == 0, run.err
    assert json.loads(run.out) == []


def test_list_json_shows_the_users_active_facts_only(scenario: dict[str, Run]) -> None:
    facts = scenario["list_u1"].json()
    assert ("shipping.carrier", "顺丰", "active") in {(f["key"], f["value"], f["status"]) for f in facts}
    assert all(f["scope"]["user_id"] == "u1" for f in facts)
    assert all(f["status"] == "active" for f in facts)
    assert "FedEx" not in {f["value"] for f in facts}


def test_history_shows_shunfeng_superseded_then_jd_active(scenario: dict[str, Run]) -> None:
    remembered = scenario["remember_jd"]
    assert remembered.code == 0, remembered.err
    assert any(re.fullmatch(r"- shipping\.carrier = 京东（置信度 (0|1)\.\d\d） \[替换 顺丰\]", line)
               for line in _lines(remembered.out)), remembered.out
    run = scenario["history"]
    assert run.code == 0, run.err
    fact_lines = [line for line in _lines(run.out) if line.startswith("fact#")]
    assert len(fact_lines) == 2, run.out
    old, new = fact_lines
    assert "shipping.carrier = 顺丰 [superseded]" in old, run.out
    assert "shipping.carrier = 京东 [active]" in new, run.out


def test_export_writes_jsonl_of_the_users_episodes_facts_and_events(scenario: dict[str, Run]) -> None:
    run = scenario["export_u1"]
    assert run.code == 0, run.err
    records = [json.loads(line) for line in run.out.splitlines() if line.strip()]
    assert [r["content"] for r in records if r["type"] == "episode"] == [SHUNFENG, JD]
    carrier = [(r["value"], r["status"]) for r in records
               if r["type"] == "fact" and r["key"] == "shipping.carrier"]
    assert carrier == [("顺丰", "superseded"), ("京东", "active")]
    assert {r["type"] for r in records} == {"episode", "fact", "event"}
    assert all(r["scope"]["user_id"] == "u1" for r in records if r["type"] != "event")


def test_forget_yes_deletes_the_user_and_recall_then_finds_nothing(scenario: dict[str, Run]) -> None:
    run = scenario["forget_u1"]
    assert run.code == 0, run.err
    assert run.out.startswith("Forgot user=u1: ")
    assert "2 episodes" in run.out
    assert scenario["recall_u1_after_forget"].json() == []


def test_forget_leaves_other_users_memories(scenario: dict[str, Run]) -> None:
    hits = scenario["recall_u3_after_forget"].json()
    assert any("UPS" in hit["text"] for hit in hits)


def test_import_jsonl_then_list_episodes_and_doctor_counts(tmp_path: Path) -> None:
    db = tmp_path / "imported.db"
    log = tmp_path / "chat.jsonl"
    rows = [
        {"content": "Hi, I am Ana and I teach piano", "speaker": "ana",
         "created_at": "2026-01-05T10:00:00Z", "session_id": "s1"},
        {"content": "Nice to meet you Ana", "role": "assistant",
         "created_at": "2026-01-05T10:00:05Z", "session_id": "s1"},
        {"content": "我周末一般去爬山", "speaker": "ana",
         "created_at": "2026-01-05T10:01:00Z", "session_id": "s1"},
    ]
    log.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")

    imported = cli("import", log, "--user", "u4", "--db", db)
    assert imported.code == 0, imported.err
    assert imported.out.startswith("imported 3 messages; database now holds 3 episodes, 3 segments")
    # Again: every line is stored already, and the count says so (not a bare "imported 3").
    again = cli("import", log, "--user", "u4", "--db", db)
    assert again.out.startswith("imported 0 of 3 messages (3 already stored, skipped); database now holds "
                                "3 episodes"), again.out

    episodes = cli("list", "--episodes", "--user", "u4", "--json", "--db", db).json()
    assert [(e["content"], e["role"], e["producer_id"], e["scope"]["session_id"], e["created_at"])
            for e in episodes] == [
        ("我周末一般去爬山", "user", "ana", "s1", "2026-01-05T10:01:00.000000Z"),
        ("Nice to meet you Ana", "assistant", "assistant", "s1", "2026-01-05T10:00:05.000000Z"),
        ("Hi, I am Ana and I teach piano", "user", "ana", "s1", "2026-01-05T10:00:00.000000Z"),
    ]
    assert {e["scope"]["user_id"] for e in episodes} == {"u4"}

    report = cli("doctor", "--json", "--db", db).json()
    assert report["embedding_model"] == "use-multilingual-v3"
    assert report["embedding_dim"] == 512
    assert report["stored_embedding_model"] == "use-multilingual-v3"
    assert report["database"] == str(db)
    assert report["counts"]["episodes"] == 3
    assert report["counts"]["segments"] == 3
    assert report["counts"]["embedded_segments"] == 3


def test_whitespace_only_remember_exits_2_with_invalid_input_and_no_traceback(tmp_path: Path) -> None:
    run = cli("remember", "   ", "--user", "u1", "--db", tmp_path / "memory.db")
    assert run.code == 2
    assert "TEXT is empty or whitespace only" in run.err  # the argument as the usage line names it
    assert "error[invalid_input]" in run.err, run.err
    assert "Traceback" not in run.err + run.out


def test_db_pointing_at_a_text_file_exits_1_with_corrupt_database_and_no_traceback(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping list: milk, eggs\n", encoding="utf-8")
    run = cli("recall", "milk", "--user", "u1", "--db", notes)
    assert run.code == 1
    assert "is not a SQLite database" in run.err
    assert "error[corrupt_database]" in run.err, run.err
    assert "Traceback" not in run.err + run.out
    assert notes.read_text(encoding="utf-8") == "shopping list: milk, eggs\n"


def test_forget_without_a_target_exits_2_with_invalid_input(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    run = cli("forget", "--yes", "--db", db)
    assert run.code == 2
    expected = ("error[invalid_input]: memstrata forget needs a target: --user, --agent, --session, --before, "
                "--filter, --fact, --episode or --all-users")
    assert expected in run.err, run.err
    assert "Traceback" not in run.err + run.out
    assert not db.exists()


def test_forget_session_stays_inside_the_default_user_and_needs_yes(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    for user in ("alice", "bob"):
        assert cli("remember", f"I'm allergic to peanuts, says {user}", "--user", user, "--session", "s1",
                   "--db", db).code == 0
    refused = cli("forget", "--session", "s1", "--user", "alice", "--db", db)
    assert refused.code == 2 and "without --yes" in refused.err
    # with --json the refusal is the REST error body too (it was the plain line)
    as_json = cli("forget", "--session", "s1", "--user", "alice", "--json", "--db", db)
    assert as_json.code == 2
    assert json.loads(as_json.err)["error"] == {"code": "invalid_input", "details": {"field": "yes"}, "message":
                                                "refusing to forget user=alice session=s1 without --yes (not an "
                                                "interactive terminal)"}
    done = cli("forget", "--session", "s1", "--user", "alice", "--yes", "--json", "--db", db).json()
    assert done["counts"]["episodes"] == 1
    assert len(cli("list", "--episodes", "--user", "bob", "--json", "--db", db).json()) == 1
    everyone = cli("forget", "--session", "s1", "--all-users", "--org", "default", "--project", "default",
                   "--yes", "--json", "--db", db).json()
    assert everyone["counts"]["episodes"] == 1


def test_list_shows_brackets_literally_and_strips_control_characters(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    assert cli("remember", "I live in [bold]Paris[/bold] \x1b[31mnow", "--user", "m", "--db", db).code == 0
    out = cli("list", "--episodes", "--user", "m", "--db", db).out
    assert "[bold]Paris[/bold]" in out
    assert "\x1b[31m" not in out


def test_list_of_nothing_says_so_instead_of_printing_empty_headers(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    assert cli("remember", "I live in Paris", "--user", "m", "--db", db).code == 0
    empty = cli("list", "--user", "nobody", "--db", db)
    assert empty.code == 0 and empty.out.strip() == "no active facts for user nobody"
    assert cli("list", "--episodes", "--user", "nobody", "--db", db).out.strip() == "no episodes for user nobody"
    assert "Paris" in cli("list", "--user", "m", "--db", db).out  # the user's own rows still show as a table


def test_list_history_context_and_recall_show_a_message_on_its_speakers_day(tmp_path: Path) -> None:
    db = tmp_path / "m.db"  # 07:30 on 8 December in +08:00 is 23:30 on 7 December in UTC
    assert cli("remember", "I'm allergic to peanuts.", "--user", "m", "--at", "2026-12-08T07:30:00+08:00",
               "--db", db).code == 0
    assert "2026-12-08 07:30 +08:00" in cli("list", "--episodes", "--user", "m", "--db", db).out
    assert "2026-12-08" in cli("list", "--user", "m", "--db", db).out  # the fact, on its message's day
    assert "[active] 2026-12-08 07:30 +08:00" in cli("history", "1", "--user", "m", "--db", db).out
    block = cli("context", "what am I allergic to?", "--user", "m", "--db", db).out
    recalled = cli("recall", "peanuts", "--user", "m", "--db", db).out
    assert "(2026-12-08; episode #1)" in block and "(2026-12-08, source episode#1)" in recalled
    assert "2026-12-07" not in block + recalled
    listed = cli("list", "--episodes", "--user", "m", "--db", db, "--json").json()
    assert (listed[0]["created_at"], listed[0]["utc_offset_minutes"]) == ("2026-12-07T23:30:00.000000Z", 480)


def test_doctor_reports_a_model_mismatch_instead_of_failing(tmp_path: Path) -> None:
    db = tmp_path / "h.db"
    made = cli("remember", "hello there friend", "--user", "u", "--db", db,
               env={"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"})
    assert made.code == 0, made.err
    report = cli("doctor", "--json", "--db", db).json()
    assert report["stored_embedding_model"] == "hashing-64"
    assert report["embedding_status"].startswith("mismatch:") and "reembed" in report["embedding_status"]
    listed = cli("list", "--episodes", "--user", "u", "--json", "--db", db).json()
    assert [e["content"] for e in listed] == ["hello there friend"]


def test_recall_output_strips_terminal_escapes_and_keeps_colons(tmp_path: Path) -> None:
    db = tmp_path / "esc.db"
    assert cli("remember", "I like tea\x1b[31mRED\x1b[0m with ratio 1:x:2", "--user", "e", "--db", db).code == 0
    out = cli("recall", "tea", "--user", "e", "--db", db).out
    assert "\x1b" not in out and "1:x:2" in out


def test_read_commands_do_not_create_a_database(tmp_path: Path) -> None:
    """A file missing from a folder that exists is "no database" (exit 1: nothing stored there yet);
    ``reembed`` created an empty database there and answered "re-embedded 0 segments"."""
    missing = tmp_path / "x.db"
    for args in (("recall", "tea"), ("list",), ("history", "--key", "a"), ("export",), ("users",), ("doctor",),
                 ("forget", "--user", "u", "--yes"), ("reembed",)):
        run = cli(*args, "--db", missing)
        assert run.code == 1 and "error[store_error]: no database at" in run.err, (args, run.err)
        assert not missing.exists(), args


def test_json_mode_reports_errors_as_json(tmp_path: Path) -> None:
    run = cli("remember", "   ", "--user", "u", "--json", "--db", tmp_path / "j.db")
    assert run.code == 2
    error = json.loads(run.err)["error"]
    assert error["code"] == "invalid_input" and "empty" in error["message"]


def test_forget_with_user_and_all_users_is_refused_and_deletes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    assert cli("remember", "I like green tea", "--user", "bob", "--session", "s1", "--db", db).code == 0
    assert cli("remember", "I like black coffee", "--user", "eve", "--session", "s1", "--db", db).code == 0
    run = cli("forget", "--user", "bob", "--session", "s1", "--all-users", "--yes", "--db", db)
    assert run.code == 2
    assert "error[invalid_input]: --user and --all-users contradict each other" in run.err, run.err
    kept = cli("list", "--episodes", "--user", "eve", "--json", "--db", db)
    assert "black coffee" in kept.out, kept.out


def test_remember_dash_refuses_stdin_that_is_not_utf8_naming_the_byte(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    proc = subprocess.run([*console_script(), "remember", "-", "--user", "u1", "--db", str(db)],
                          input="我喜欢喝茶".encode("gbk"), capture_output=True, env=_env(), timeout=300)
    err = proc.stderr.decode()
    assert proc.returncode == 2 and "standard input is not UTF-8: byte 1 is 0xce" in " ".join(err.split())
    assert not db.exists()  # nothing was opened, let alone written


def test_remember_dash_reads_stdin_and_recall_clips_long_memories(tmp_path: Path) -> None:
    """Text too long for a command line comes on stdin; recall shows a long memory cut to a
    line (saying how much is left out), --json the hit's window around the match (2,000
    characters: a hit is not the whole 50 KB message), and export keeps every character."""
    db = tmp_path / "memory.db"
    long_text = "My cat Miso sleeps on the piano. " + "She purrs all afternoon. " * 2000
    assert cli("remember", "-", "--user", "u1", "--db", db, stdin=long_text).code == 0
    shown = cli("recall", "where does Miso sleep", "--user", "u1", "--db", db)
    assert shown.code == 0, shown.err
    assert "Miso sleeps on the piano" in shown.out
    assert "characters; --json shows more, `memstrata export` all)" in shown.out and len(shown.out) < 4000
    # the line shows the part that matched, not the message's start
    lorem = "Lorem ipsum dolor sit amet. " * 60 + "The PINEAPPLE is ripe."
    cli("remember", "-", "--user", "u2", "--db", db, stdin=lorem)
    tail = cli("recall", "PINEAPPLE", "--user", "u2", "--db", db)
    assert tail.code == 0 and "PINEAPPLE is ripe" in tail.out and "+1302 characters" in tail.out
    full = cli("recall", "where does Miso sleep", "--user", "u1", "--json", "--db", db)
    [episode] = [h for h in json.loads(full.out) if h["kind"] == "episode"]
    assert episode["text"].startswith("My cat Miso sleeps") and episode["text"].endswith("…")
    assert len(episode["text"]) == 2001
    exported = cli("export", "--user", "u1", "--db", db)
    assert any(json.loads(line).get("content") == long_text for line in exported.out.splitlines())


def test_reembed_to_another_model_says_how_to_keep_using_it(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    assert cli("remember", "I live in Oslo", "--user", "a", "--db", db).code == 0
    moved = cli("reembed", "--model", "hashing-64", "--db", db)
    assert moved.code == 0, moved.err
    assert "MEMSTRATA_EMBEDDING_MODEL=hashing-64" in " ".join(moved.out.split())
    refused = cli("recall", "Oslo", "--user", "a", "--db", db)  # the default model no longer fits the file
    assert refused.code == 1 and "MEMSTRATA_EMBEDDING_MODEL=hashing-64" in " ".join(refused.err.split())


@pytest.mark.parametrize("db", ["postgresq://u@h/db", "postgresql:/u@h/db", "file:x.db"])
def test_a_mistyped_database_url_is_refused_as_a_url_and_creates_nothing(db: str, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # A quick new-user check: the directory check answered first ("the directory postgresq:/u@h
    # does not exist"), and `file:x.db` silently opened ./x.db. In this process, in tmp_path as the
    # working directory (a relative path resolves against the process's, as the console script's).
    monkeypatch.chdir(tmp_path)
    done = cli("remember", "hi", "--user", "u", "--db", db)
    assert done.code != 0
    assert "store_error" in done.err and "URL" in done.err, done.err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args", [("serve", "--port", "99999"), ("ui", "--no-open", "--port", "0"),
                                  ("mcp", "--http", "--port", "70000")])
def test_a_port_out_of_range_exits_2_naming_the_option(args: tuple[str, ...], tmp_path: Path) -> None:
    """``memstrata ui --port 99999`` ended in socket's OverflowError traceback; ``--port 0`` served on a
    port the start-up line called 0."""
    done = cli(*args, "--db", tmp_path / "m.db")
    assert done.code == 2, done.out
    said = " ".join(done.err.split())
    assert said == f"error[invalid_input]: --port must be a whole number from 1 to 65535, got {args[-1]}", done.err


# Chit-chat that names no period: a named period ("周末") is evidence wherever it is named.
CHITCHAT_EN = ("Hey there! We went hiking with the kids and had a picnic by the lake, the weather was great "
               "and everyone was happy. Anyway, ")
CHITCHAT_ZH = "嗨！我们带孩子去爬山，在湖边野餐，天气很好，大家都很开心。对了，"


def test_recall_min_match_keeps_the_answer_after_chitchat_and_drops_an_off_topic_question(tmp_path: Path) -> None:
    """recall --min-match (the SDK's min_match) in English and Chinese: the question after
    chit-chat still finds the current preference; an off-topic one prints no memory; a bound
    outside [0, 1] is an error naming it."""
    db = tmp_path / "memory.db"
    assert cli("remember", "I prefer UPS", "--user", "u1", "--db", db).code == 0
    assert cli("remember", "User now prefers DHL for delivery", "--user", "u1", "--db", db).code == 0
    assert cli("remember", SHUNFENG, "--user", "u2", "--db", db).code == 0
    asks = [("u1", CHITCHAT_EN + "which carrier does this user prefer for delivery?", "DHL"),
            ("u2", CHITCHAT_ZH + "这个用户对配送有什么偏好？", "顺丰")]
    for user, question, answer in asks:
        found = cli("recall", question, "--min-match", "0.55", "--user", user, "--json", "--db", db)
        assert found.code == 0, found.err
        assert answer in json.loads(found.out)[0]["text"]
    for user, question in (("u1", CHITCHAT_EN + "what is the capital of Mongolia?"),
                           ("u2", CHITCHAT_ZH + "蒙古的首都是哪里？")):
        off = cli("recall", question, "--min-match", "0.55", "--user", user, "--json", "--db", db)
        assert off.code == 0 and json.loads(off.out) == [], off.out
    bad = cli("recall", "carrier", "--min-match", "1.5", "--user", "u1", "--db", db)
    assert bad.code == 2 and "--min-match" in bad.err and "1.5" in bad.err, bad.err


def test_history_without_a_fact_or_key_names_the_argument_and_the_option(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    assert cli("remember", "I prefer UPS", "--user", "u1", "--db", db).code == 0
    bare = cli("history", "--user", "u1", "--db", db)
    assert bare.code == 2 and "FACT_ID" in bare.err and "--key" in bare.err, bare.err
    keyed = cli("history", "--key", "shipping.carrier", "--user", "u1", "--db", db)
    assert keyed.code == 0 and "UPS" in keyed.out, keyed.err
