"""``memstrata context --project-folder``: the command line names the folder whose project conventions a block shows,
as the coding-agent hooks pass the session's ``cwd``; without it every folder's are shown, each named."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.surfaces.test_cli import cli

from memstrata import Memory
from memstrata.embed.base import EmbeddingCache

pytestmark = pytest.mark.usefixtures("embedder")  # loads the model once and shares it (clirun)

ASK = "What do you know about me?"


def test_context_shows_the_conventions_of_the_folder_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           embedder: EmbeddingCache) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    db = tmp_path / "m.db"
    with Memory(db, user_id="dev", embedder=embedder) as memory:  # the run's loaded model
        memory.add("This repo uses pnpm, not npm.", metadata={"project": str(a)})
        memory.add("This repo uses yarn, not npm.", metadata={"project": str(b)})
    every = cli("context", ASK, "--user", "dev", "--db", db)
    assert f"in {a}: the project uses pnpm" in every.out and f"in {b}: the project uses yarn" in every.out, every
    named = cli("context", ASK, "--user", "dev", "--db", db, "--project-folder", f"{b}/")
    assert f"in {b}: the project uses yarn" in named.out and "pnpm" not in named.out, named
    monkeypatch.chdir(a)  # '.' is the shell's folder, as an agent's cwd is stored: absolute
    here = cli("context", ASK, "--user", "dev", "--db", db, "--project-folder", ".")
    assert f"in {a}: the project uses pnpm" in here.out and "yarn" not in here.out, here
    blank = cli("context", ASK, "--user", "dev", "--db", db, "--project-folder", " ")
    assert blank.code == 2 and "--project-folder must name a folder ('.' for this one), got ' '" in blank.err, blank
    # a folder that is not there (a typo) or a file matched no convention and showed none, silently
    for given, what in ((tmp_path / "no-such", "does not exist"), (db, "is a file, not a folder")):
        refused = cli("context", ASK, "--user", "dev", "--db", db, "--project-folder", given)
        assert refused.code == 2 and f"--project-folder {given} {what}" in refused.err, refused
