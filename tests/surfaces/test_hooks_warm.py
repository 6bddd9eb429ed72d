"""The hooks' warm path: a real ``memstrata serve`` on a free port that the hook reaches over HTTP
(``MEMSTRATA_HOOKS_URL``), the cold path on the same database, another program on the port, and
the console entry end to end in a subprocess."""

from __future__ import annotations

import getpass
import http.server
import json
import shutil
import subprocess
import threading
from pathlib import Path

import pytest
from serverproc import ADMIN_KEY, Server, clean_env, console_script
from test_hooks import PROJECT_TEXTS, SESSIONS, claude_payload, context_of, episodes, hook, project_turns, said_again

from memstrata.integrations.hooks import client

# The cold path's hooks run in process on the run's loaded model (``clirun.share_model``), as in
# test_hooks.py: each loaded use-multilingual-v3 again (~1.2 CPU-s) when no earlier test of the
# process had.
pytestmark = pytest.mark.usefixtures("embedder")


@pytest.fixture(autouse=True)
def patient_requests(monkeypatch: pytest.MonkeyPatch) -> None:
    """The in-process hooks wait up to a minute for the server, not the product's 10 s: a server
    worker's first search loads the model, and on a loaded machine that outlasted 10 s (the hook
    then answered nothing and the test failed). What is tested is that the warm path answers as
    the cold one does, not how long a hook waits."""
    monkeypatch.setattr(client, "REQUEST_TIMEOUT_S", 60.0)


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


def test_a_server_started_since_takes_the_sessions_turns_sent_again_from_another_folder(server: Server,
                                                                                         tmp_path: Path) -> None:
    cold = {"MEMSTRATA_DB": str(server.db), "MEMSTRATA_USER": "dev-moved", "MEMSTRATA_HOOKS_URL": "off",
            "MEMSTRATA_HOOKS_DIR": str(tmp_path / "hooks")}
    transcript = tmp_path / "session.jsonl"
    shutil.copy(SESSIONS / "claude-code-session.jsonl", transcript)
    assert hook(cold, "Stop", claude_payload("Stop", transcript)) == (0, "")
    # the server answers now (its own state file: every turn is sent again), and the agent changed directory
    said_again(transcript, "Now add a unit test for the retry.", "9d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a",
               "2026-11-20T09:20:00.000Z")
    moved = {**claude_payload("Stop", transcript), "cwd": "/home/dev/projects/uploader/tests"}
    assert hook({**cold, "MEMSTRATA_HOOKS_URL": server.url}, "Stop", moved) == (0, "")
    # was: HTTP 422 idempotency_key_reused logged, and no later turn of the session stored
    with server.client() as client:
        stored = client.get("/v1/episodes", params={"user_id": "dev-moved", "limit": 10}).json()["items"]
    assert [e["content"] for e in stored][:1] == ["Now add a unit test for the retry."] and len(stored) == 5
    assert (tmp_path / "hooks" / "hooks.log").read_text().splitlines()[-1].endswith("1 new turn stored")


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


@pytest.mark.parametrize("blank", ["", "  "])
def test_a_blank_user_is_refused_on_the_warm_path_as_on_the_cold(server: Server, tmp_path: Path, blank: str) -> None:
    # MEMSTRATA_USER='' stored the session's 4 turns for the operating-system user over HTTP
    env = clean_env(MEMSTRATA_DB=str(server.db), MEMSTRATA_USER=blank, MEMSTRATA_HOOKS_URL=server.url,
                    MEMSTRATA_HOOKS_DIR=str(tmp_path / "hooks"))
    payload = {**claude_payload("Stop", SESSIONS / "claude-code-session.jsonl"), "session_id": f"blank-user{blank}"}
    done = subprocess.run([*console_script(), "hooks", "run", "Stop", "--agent", "claude-code"],
                          input=json.dumps(payload), capture_output=True, text=True, env=env, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    log = (tmp_path / "hooks" / "hooks.log").read_text()
    assert f"Stop claude-code: failed: ValueError: MEMSTRATA_USER is blank ({blank!r}); give a name" in log
    with server.client() as client:
        stored = client.get("/v1/episodes", params={"user_id": getpass.getuser(), "limit": 100}).json()["items"]
    assert [e for e in stored if e["scope"]["session_id"] == payload["session_id"]] == []


def test_a_refusal_of_the_server_is_one_line_naming_the_hooks_setting(keyed_server: Server, tmp_path: Path) -> None:
    with keyed_server.client(ADMIN_KEY) as admin:
        made = admin.post("/v1/keys", json={"org_id": "default", "project_id": "default", "user_id": "hook-alice"})
        assert made.status_code in (200, 201), made.text
        alices = made.json()["secret"]
    env = {"MEMSTRATA_DB": str(keyed_server.db), "MEMSTRATA_HOOKS_URL": keyed_server.url,
           "MEMSTRATA_HOOKS_DIR": str(tmp_path / "hooks")}
    stop = claude_payload("Stop", SESSIONS / "claude-code-session.jsonl")
    log = tmp_path / "hooks" / "hooks.log"
    # no key: HTTP 401 missing_api_key was a traceback of RestError in hooks.log
    assert hook({**env, "MEMSTRATA_USER": "hook-alice"}, "Stop", stop) == (0, "")
    lines = log.read_text().splitlines()
    assert len(lines) == 2 and "Traceback" not in log.read_text()
    assert lines[0].endswith("Stop claude-code: failed: RestError: POST /v1/messages: HTTP 401 missing_api_key: "
                             "this server requires an API key: set MEMSTRATA_API_KEY for the hooks (create one "
                             "with `memstrata keys create`)"), lines[0]
    assert lines[1].endswith("ms: error (logged)")
    # alice's key naming another user: HTTP 403 scope_forbidden, one line naming MEMSTRATA_USER
    log.unlink()
    code, out = hook({**env, "MEMSTRATA_USER": "hook-bob", "MEMSTRATA_API_KEY": alices}, "UserPromptSubmit",
                     {**claude_payload("UserPromptSubmit", None), "prompt": "what upload client do we use?"})
    assert (code, out) == (0, "")
    lines = log.read_text().splitlines()
    assert len(lines) == 2 and "Traceback" not in log.read_text()
    assert lines[0].endswith("POST /v1/context: HTTP 403 scope_forbidden: this API key is limited to user_id "
                             "'hook-alice'; the request names 'hook-bob'; the hooks' user_id is MEMSTRATA_USER: "
                             "set it to the key's, or use a key for it"), lines[0]
    with keyed_server.client(ADMIN_KEY) as admin:  # nothing stored for either
        for user in ("hook-alice", "hook-bob"):
            assert admin.get("/v1/episodes", params={"user_id": user}).json()["items"] == []
