"""The hooks' warm path: a real ``memstrata serve`` on a free port that the hook reaches over HTTP
(``MEMSTRATA_HOOKS_URL``), the cold path on the same database, another program on the port, and
the console entry end to end in a subprocess."""

from __future__ import annotations

import http.server
import json
import shutil
import subprocess
import threading
from pathlib import Path

import pytest
from serverproc import Server, clean_env, console_script
from test_hooks import PROJECT_TEXTS, SESSIONS, claude_payload, context_of, episodes, hook, project_turns, said_again


@pytest.fixture(scope="module")
def server(open_server: Server) -> Server:
    """The run's open server: this module writes as user ``dev`` alone."""
    return open_server


def test_warm_and_cold_paths_share_the_database_and_the_turns_keys(server: Server, tmp_path: Path) -> None:
    warm = {"MEMSTRATA_DB": str(server.db), "MEMSTRATA_USER": "dev", "MEMSTRATA_HOOKS_URL": server.url,
            "MEMSTRATA_HOOKS_DIR": str(tmp_path / "hooks")}
    stop = claude_payload("Stop", SESSIONS / "claude-code-session.jsonl", stop_hook_active=False)
    assert hook(warm, "Stop", stop) == (0, "")
    assert len(episodes(warm)) == 4
    prompt = {**claude_payload("UserPromptSubmit", None), "session_id": "new-session",
              "prompt": "the upload retry backoff is too slow, tune it"}
    code, warm_out = hook(warm, "UserPromptSubmit", prompt)
    assert code == 0 and "upload_with_retry" in context_of(warm_out, "UserPromptSubmit")
    start = {**claude_payload("SessionStart", None, source="startup"), "session_id": "new-session"}
    code, warm_start = hook(warm, "SessionStart", start)
    assert code == 0 and "对花生过敏" in context_of(warm_start, "SessionStart")
    # the cold path on the same file: the same answers, and no turn stored twice without any state file
    cold = {**warm, "MEMSTRATA_HOOKS_URL": "off"}
    assert hook(cold, "SessionStart", start) == (0, warm_start)
    shutil.rmtree(tmp_path / "hooks" / "state")
    assert hook(cold, "Stop", stop) == (0, "")
    assert len(episodes(cold)) == 4
    assert hook(cold, "UserPromptSubmit", prompt) == (0, warm_out)
    log = (tmp_path / "hooks" / "hooks.log").read_text()
    assert "UserPromptSubmit claude-code warm" in log and "UserPromptSubmit claude-code cold" in log
    assert "failed" not in log


def test_the_warm_path_keeps_a_forgotten_turn_out_when_the_transcript_is_sent_again(server: Server,
                                                                                       tmp_path: Path) -> None:
    warm = {"MEMSTRATA_DB": str(server.db), "MEMSTRATA_USER": "dev", "MEMSTRATA_PROJECT": "forgetting",
            "MEMSTRATA_HOOKS_URL": server.url, "MEMSTRATA_HOOKS_DIR": str(tmp_path / "hooks")}
    transcript = tmp_path / "session.jsonl"
    shutil.copy(SESSIONS / "claude-code-session.jsonl", transcript)
    stop = claude_payload("Stop", transcript, stop_hook_active=False)
    assert hook(warm, "Stop", stop) == (0, "")
    scope = {"org_id": "default", "project_id": "forgetting", "user_id": "dev"}
    with server.client() as client:
        listed = client.get("/v1/episodes", params={**scope, "limit": 10}).json()["items"]
        allergy = next(e for e in listed if e["content"].startswith("我对花生过敏"))
        assert client.post("/v1/forget", json={**scope, "episode_id": allergy["id"]}).status_code == 200
        # the project goes too, with its idempotency keys: only the forgotten digests are left
        assert client.delete("/v1/projects/forgetting", params={"org_id": "default"}).status_code == 200
    shutil.rmtree(tmp_path / "hooks" / "state")
    assert hook(warm, "Stop", stop) == (0, "")
    with server.client() as client:  # every turn came back before, the forgotten allergy with them
        assert client.get("/v1/episodes", params={**scope, "limit": 10}).json()["items"] == []
    said_again(transcript, allergy["content"], "7e1d2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b", "2026-11-21T08:00:00.000Z")
    assert hook(warm, "Stop", stop) == (0, "")  # said again in a new turn: stored
    with server.client() as client:
        again = client.get("/v1/episodes", params={**scope, "limit": 10}).json()["items"]
    assert [e["content"] for e in again] == [allergy["content"]]
    assert "Stop claude-code warm" in (tmp_path / "hooks" / "hooks.log").read_text()


def test_the_warm_path_lists_the_folders_latest_turns_as_the_cold_one(server: Server, tmp_path: Path) -> None:
    # GET /v1/episodes with the folder's metadata filter, not a search with the folder's name
    warm = {"MEMSTRATA_DB": str(server.db), "MEMSTRATA_USER": "dev-folder", "MEMSTRATA_HOOKS_URL": server.url,
            "MEMSTRATA_HOOKS_DIR": str(tmp_path / "hooks")}
    folder = "/home/dev/work/zx-9"
    stop = {**claude_payload("Stop", project_turns(tmp_path, PROJECT_TEXTS)), "session_id": "earlier", "cwd": folder}
    assert hook(warm, "Stop", stop) == (0, "")
    start = {**claude_payload("SessionStart", None, source="startup"), "session_id": "next", "cwd": folder}
    code, out = hook(warm, "SessionStart", start)
    listed = context_of(out, "SessionStart")
    assert code == 0 and "2026-11-21 10:05 assistant: Pinned httpx==0.28.1." in listed
    at = [listed.index(t) for t in reversed(PROJECT_TEXTS)]
    assert at == sorted(at)
    assert hook({**warm, "MEMSTRATA_HOOKS_URL": "off"}, "SessionStart", start) == (0, out)
    assert "SessionStart claude-code warm" in (tmp_path / "hooks" / "hooks.log").read_text()


class _NotMemstrata(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(b"<html>a development server</html>")

    def log_message(self, *args: object) -> None:
        pass


def test_another_program_on_the_port_means_the_cold_path(tmp_path: Path) -> None:
    other = http.server.HTTPServer(("127.0.0.1", 0), _NotMemstrata)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        env = {"MEMSTRATA_DB": str(tmp_path / "memory.db"), "MEMSTRATA_USER": "dev",
               "MEMSTRATA_HOOKS_URL": f"http://127.0.0.1:{other.server_address[1]}",
               "MEMSTRATA_HOOKS_DIR": str(tmp_path / "hooks")}
        assert hook(env, "Stop", claude_payload("Stop", SESSIONS / "claude-code-session.jsonl")) == (0, "")
    finally:
        other.shutdown()
        other.server_close()
    assert len(episodes(env)) == 4
    assert "Stop claude-code cold" in (tmp_path / "hooks" / "hooks.log").read_text()


def test_the_console_entry_answers_an_agent(server: Server, tmp_path: Path) -> None:
    env = clean_env(MEMSTRATA_DB=str(server.db), MEMSTRATA_USER="dev", MEMSTRATA_HOOKS_URL=server.url,
                    MEMSTRATA_HOOKS_DIR=str(tmp_path / "hooks"))
    # the session is stored (in process; a replay when an earlier test stored it) ...
    assert hook(env, "Stop", claude_payload("Stop", SESSIONS / "claude-code-session.jsonl")) == (0, "")
    # ... and the installed command answers the next prompt of another session
    payload = {**claude_payload("UserPromptSubmit", None), "session_id": "console-session",
               "prompt": "which upload client retries on throttling?"}
    done = subprocess.run([*console_script(), "hooks", "run", "UserPromptSubmit", "--agent", "claude-code"],
                          input=json.dumps(payload), capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0 and done.stderr == ""
    assert "upload_with_retry" in context_of(done.stdout, "UserPromptSubmit")
    assert "UserPromptSubmit claude-code warm" in (tmp_path / "hooks" / "hooks.log").read_text()
