"""A project's conventions through the hooks (``memstrata hooks run`` in process, the cold path, real SQLite file and
model): what was said of the repository in one folder ("This repo uses pnpm, not npm") is that folder's; a session
started in another folder is never told it, and the other folder's own convention replaces nothing. The payloads are
Claude Code's; the transcripts are written here, one per folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_hooks import claude_payload, context_of, env, hook  # noqa: F401 (env: the hook's environment fixture)

from memstrata import Fact, Memory
from memstrata.embed.base import EmbeddingCache

pytestmark = pytest.mark.usefixtures("embedder")
A, B = "/home/dev/repos/alpha", "/home/dev/repos/beta"


def transcript(path: Path, session: str, cwd: str, *said: str) -> Path:
    """A Claude Code transcript of ``said``, user turns a minute apart in ``cwd``."""
    lines = [{"parentUuid": None, "isSidechain": False, "userType": "external", "cwd": cwd, "sessionId": session,
              "type": "user", "message": {"role": "user", "content": text}, "uuid": f"{session}-{i}",
              "timestamp": f"2026-11-20T09:{10 + i:02d}:00.000Z"} for i, text in enumerate(said)]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def say(env: dict[str, str], tmp_path: Path, session: str, cwd: str, *said: str) -> None:  # noqa: F811
    path = transcript(tmp_path / f"{session}.jsonl", session, cwd, *said)
    assert hook(env, "Stop", {**claude_payload("Stop", path, stop_hook_active=False), "session_id": session,
                              "cwd": cwd}) == (0, "")


def start(env: dict[str, str], cwd: str) -> str:  # noqa: F811
    code, out = hook(env, "SessionStart", {**claude_payload("SessionStart", None, source="startup"),
                                           "session_id": f"new-{cwd}", "cwd": cwd})
    assert code == 0
    return context_of(out, "SessionStart")


def prompt(env: dict[str, str], cwd: str, text: str) -> str:  # noqa: F811
    code, out = hook(env, "UserPromptSubmit", {**claude_payload("UserPromptSubmit", None, prompt=text),
                                               "session_id": f"new-{cwd}", "cwd": cwd})
    assert code == 0
    return context_of(out, "UserPromptSubmit") if out else ""


def test_each_folder_starts_with_its_own_convention(env: dict[str, str], tmp_path: Path) -> None:  # noqa: F811
    say(env, tmp_path, "s-alpha", A, "This repo uses pnpm, not npm.", "Always run ruff before committing.")
    say(env, tmp_path, "s-beta", B, "This repo uses yarn, not npm.")
    alpha, beta = start(env, A), start(env, B)
    assert f"in {A}: the project uses pnpm, not npm" in alpha and "yarn" not in alpha, alpha
    assert f"in {B}: the project uses yarn, not npm" in beta and "pnpm" not in beta, beta
    for block in (alpha, beta):  # the user's own instruction is known everywhere; nothing is outdated
        assert "wants the assistant to always run ruff before committing" in block, block
        assert "outdated" not in block and "About other people" not in block, block
    with Memory(env["MEMSTRATA_DB"], user_id="dev", embedder=None) as memory:
        tools = memory.list(status="all", key="user.project_tool")
    assert sorted((f.project, f.value, f.status) for f in tools if isinstance(f, Fact)) == [
        (A, "pnpm", "active"), (B, "yarn", "active")]


def test_a_prompt_in_one_folder_is_not_told_the_others_convention(env: dict[str, str], tmp_path: Path) -> None:  # noqa: F811
    say(env, tmp_path, "s-alpha", A, "This repo uses pnpm, not npm.")
    say(env, tmp_path, "s-beta", B, "This repo uses yarn, not npm.")
    block = prompt(env, A, "Which package manager does this repo use, pnpm or yarn?")
    assert "pnpm, not npm" in block, block  # this folder's, as its turn or its fact
    assert "the project uses yarn" not in block, block  # the other folder's convention is none of this one's
    # its turn, if it matches, names the folder it was said in
    assert [line for line in block.splitlines() if "yarn, not npm" in line] in (
        [], [f"- in {B}: This repo uses yarn, not npm. (2026-11-20; episode #2)"]), block


def test_a_convention_said_in_no_folder_is_every_folders(env: dict[str, str], tmp_path: Path,  # noqa: F811
                                                       embedder: EmbeddingCache) -> None:
    say(env, tmp_path, "s-alpha", A, "The tests run with make test.")
    with Memory(env["MEMSTRATA_DB"], user_id="dev", embedder=embedder) as memory:  # the SDK, no metadata: no folder
        memory.add("We deploy to Fly.io from the main branch.")
    alpha, beta = start(env, A), start(env, B)
    assert "the project deploys to Fly.io from the main branch" in alpha and "Fly.io" in beta, (alpha, beta)
    assert f"in {A}: the project's tests run with make test" in alpha and "make test" not in beta, (alpha, beta)
