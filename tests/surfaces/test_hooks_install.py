"""``memstrata hooks install``: the agents' configuration files written, read back, merged with the
hooks already there, idempotent, and left untouched when they cannot be merged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memstrata.integrations.hooks.commands import hooks_app
from memstrata.integrations.hooks.install import InstallError, config_path, install

EXE = "/opt/tools/venv/bin/memstrata"
CLAUDE_EVENTS = ["SessionStart", "UserPromptSubmit", "Stop", "SessionEnd", "PreCompact"]
#: A Claude Code project's settings as a team might have them: permissions, a formatter after edits,
#: another tool's SessionStart hook.
EXISTING = {
    "permissions": {"allow": ["Bash(npm run test:*)"], "deny": ["Read(./.env)"]},
    "hooks": {
        "PostToolUse": [{"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "npx prettier --write"}]}],
        "SessionStart": [{"matcher": "startup", "hooks": [{"type": "command", "command": "cat .claude/notes.md"}]}],
    },
    "model": "claude-sonnet-4-5-20250929",
}


def ours(config: dict[str, object], event: str) -> list[dict[str, object]]:
    groups = config["hooks"][event]  # type: ignore[index]
    return [h for g in groups for h in g["hooks"] if "hooks run" in h["command"]]  # type: ignore[attr-defined]


def test_claude_code_project_settings_keep_every_other_hook(tmp_path: Path) -> None:
    settings = tmp_path / ".claude" / "settings.local.json"
    settings.parent.mkdir()
    settings.write_text(json.dumps(EXISTING, indent=2))
    done = install("claude-code", tmp_path, executable=EXE)
    assert done.path == settings and done.events == dict.fromkeys(CLAUDE_EVENTS, "added")
    config = json.loads(settings.read_text())
    assert config["permissions"] == EXISTING["permissions"] and config["model"] == EXISTING["model"]
    assert config["hooks"]["PostToolUse"] == EXISTING["hooks"]["PostToolUse"]
    assert config["hooks"]["SessionStart"][0] == EXISTING["hooks"]["SessionStart"][0]  # first, as it was
    for event in CLAUDE_EVENTS:
        assert ours(config, event) == [{"type": "command", "command": f"{EXE} hooks run {event} --agent claude-code",
                                        "timeout": 15 if event == "UserPromptSubmit" else 30 if event == "SessionStart"
                                        else 120}]
    before = settings.read_bytes()
    assert install("claude-code", tmp_path, executable=EXE).events == dict.fromkeys(CLAUDE_EVENTS, "unchanged")
    assert settings.read_bytes() == before
    # installed again from another environment: the path is updated in place, never duplicated
    moved = install("claude-code", tmp_path, executable="/home/dev/.local/bin/memstrata")
    assert moved.events == dict.fromkeys(CLAUDE_EVENTS, "updated")
    config = json.loads(settings.read_text())
    assert all(len(ours(config, e)) == 1 and ours(config, e)[0]["command"].startswith("/home/dev/.local/bin/")
               for e in CLAUDE_EVENTS)
    assert len(config["hooks"]["SessionStart"]) == 2


def test_codex_hooks_json_under_codex_home_and_in_a_project(tmp_path: Path) -> None:
    home = tmp_path / "codex-home"
    done = install("codex", None, executable=EXE, environ={"CODEX_HOME": str(home)})
    assert done.path == home / "hooks.json" == config_path("codex", None, {"CODEX_HOME": str(home)})
    config = json.loads(done.path.read_text())
    assert sorted(config["hooks"]) == ["PreCompact", "SessionStart", "Stop", "UserPromptSubmit"]  # no SessionEnd
    assert ours(config, "Stop")[0]["command"] == f"{EXE} hooks run Stop --agent codex"
    project = tmp_path / "billing"
    project.mkdir()
    (project / ".codex").mkdir()
    (project / ".codex" / "hooks.json").write_text(json.dumps(
        {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "python3 .codex/hooks/notify.py"}]}]}}))
    install("codex", project, executable=EXE)
    stops = json.loads((project / ".codex" / "hooks.json").read_text())["hooks"]["Stop"]
    assert [h["command"] for g in stops for h in g["hooks"]] == ["python3 .codex/hooks/notify.py",
                                                                 f"{EXE} hooks run Stop --agent codex"]


@pytest.mark.parametrize(("text", "said"), [
    ('{"hooks": {"Stop": [', "is not valid JSON"),
    ("[1, 2]", "holds a JSON list, not an object"),
    ("null", "holds a JSON null, not an object"),  # was "a JSON NoneType"
    ('{"hooks": "Stop"}', "'hooks' must be an object mapping event names to lists, got string"),  # was "str"
    ('{"hooks": ["Stop"]}', "'hooks' must be an object"),
    ('{"hooks": {"Stop": {"command": "x"}}}', "hooks.Stop must be a list"),
])
def test_a_file_that_cannot_be_merged_is_an_error_and_stays_as_it_was(tmp_path: Path, text: str, said: str) -> None:
    settings = tmp_path / ".claude" / "settings.local.json"
    settings.parent.mkdir()
    settings.write_text(text)
    with pytest.raises(InstallError, match=said):
        install("claude-code", tmp_path, executable=EXE)
    assert settings.read_text() == text
    assert [p.name for p in settings.parent.iterdir()] == ["settings.local.json"]  # no temporary file left


def test_the_install_command_reports_each_event_and_refuses_what_it_cannot_merge(tmp_path: Path) -> None:
    runner = CliRunner()
    done = runner.invoke(hooks_app, ["install", "--agent", "codex", "--project", str(tmp_path), "--json"])
    assert done.exit_code == 0, done.output
    answer = json.loads(done.output)
    assert answer == {"path": str(tmp_path / ".codex" / "hooks.json"),
                      "events": dict.fromkeys(["SessionStart", "UserPromptSubmit", "Stop", "PreCompact"], "added")}
    (tmp_path / ".codex" / "hooks.json").write_text("{not json")
    refused = runner.invoke(hooks_app, ["install", "--agent", "codex", "--project", str(tmp_path)])
    assert refused.exit_code == 2 and "is not valid JSON" in refused.output
    assert runner.invoke(hooks_app, ["install", "--agent", "cursor"]).exit_code == 2
    missing = runner.invoke(hooks_app, ["install", "--agent", "codex", "--project", str(tmp_path / "nope")])
    assert missing.exit_code == 2 and "no such directory" in missing.output
    (tmp_path / "afile").touch()  # was "no such directory" for a file that is there
    afile = runner.invoke(hooks_app, ["install", "--agent", "codex", "--project", str(tmp_path / "afile")])
    assert afile.exit_code == 2 and "afile: a file, not a directory" in afile.output


@pytest.mark.parametrize("blank", ["", "  "])
def test_a_blank_project_is_refused_and_no_folders_settings_are_written(tmp_path: Path, blank: str,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # `--project "$DIR"` with DIR unset: was read as '.', so the shell's folder got the hooks
    monkeypatch.chdir(tmp_path)
    for agent, folder in (("claude-code", ".claude"), ("codex", ".codex")):
        refused = CliRunner().invoke(hooks_app, ["install", "--agent", agent, "--project", blank])
        assert refused.exit_code == 2, refused.output
        assert f"error[invalid_input]: --project is blank ({blank!r}); give the project folder" in refused.output
        assert not (tmp_path / folder).exists()


def test_a_codex_home_of_spaces_is_refused_and_nothing_is_written(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # CODEX_HOME='  ' wrote the hooks to '  /hooks.json' in the shell's folder (Codex reads its
    # home there only when the variable is non-empty; empty is unset, as for Codex)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CODEX_HOME", "  ")
    refused = CliRunner().invoke(hooks_app, ["install", "--agent", "codex"])
    assert refused.exit_code == 2, refused.output
    assert "error[invalid_input]: CODEX_HOME is blank ('  '); give Codex's folder or leave it unset" in refused.output
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setenv("CODEX_HOME", "")
    assert CliRunner().invoke(hooks_app, ["install", "--agent", "codex"]).exit_code == 0
    assert (tmp_path / "home" / ".codex" / "hooks.json").exists()


def _directory(settings: Path) -> None:
    settings.mkdir(parents=True)


def _not_utf8(settings: Path) -> None:
    settings.parent.mkdir(parents=True)
    settings.write_bytes(b'{"model": "caf\xe9"}')


def _folder_is_a_file(settings: Path) -> None:
    settings.parent.write_text("not a folder")


def _symlink_loop(settings: Path) -> None:
    settings.parent.mkdir(parents=True)
    settings.symlink_to(settings.name)


@pytest.mark.parametrize(("make", "said"), [
    (_directory, "is a directory, not a settings file"),
    (_not_utf8, "is not UTF-8 text"),
    (_folder_is_a_file, "cannot be written"),
    (_symlink_loop, "cannot be read"),
])
def test_a_settings_path_that_cannot_be_read_or_written_is_a_clear_error(tmp_path: Path, make: object,
                                                                          said: str) -> None:
    # each of these ended in a traceback; now the command names the file and the problem, exits 2
    # and changes nothing
    settings = tmp_path / ".claude" / "settings.local.json"
    make(settings)  # type: ignore[operator]
    before = sorted((str(p), p.is_dir() or p.is_symlink() or p.read_bytes()) for p in tmp_path.rglob("*"))
    done = CliRunner().invoke(hooks_app, ["install", "--agent", "claude-code", "--project", str(tmp_path)])
    assert done.exit_code == 2 and isinstance(done.exception, SystemExit), done.output
    assert str(settings) in " ".join(done.output.split()) and said in " ".join(done.output.split())
    assert "Traceback" not in done.output
    assert sorted((str(p), p.is_dir() or p.is_symlink() or p.read_bytes()) for p in tmp_path.rglob("*")) == before
