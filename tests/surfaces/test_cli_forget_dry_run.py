"""``memstrata forget --dry-run``: what the same forget would delete (``Memory.forget_preview``), deleting
nothing and asking no confirmation; the forget that follows counts the same rows. Real SQLite file, the CLI
in-process."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from memstrata.cli import app


def test_a_dry_run_shows_what_the_same_forget_deletes_and_deletes_nothing(tmp_path: Path) -> None:
    runner = CliRunner()
    env = {"MEMSTRATA_DB": str(tmp_path / "m.db"), "COLUMNS": "300"}

    def run(*args: str) -> str:
        result = runner.invoke(app, list(args), env=env)
        assert result.exit_code == 0, result.output
        return result.output

    run("remember", "I'm allergic to peanuts and I ship with FedEx", "--user", "ann")
    run("remember", "I live in Berlin", "--user", "ann")
    run("remember", "My favourite colour is green", "--user", "ann")
    listed = run("list", "--user", "ann", "--status", "all")
    for how in (["--fact", "1", "--sources"], ["--filter", 'key = "identity.location"'], ["--episode", "3"]):
        shown = json.loads(run("forget", *how, "--user", "ann", "--dry-run", "--json"))  # no --yes: nothing goes
        assert run("list", "--user", "ann", "--status", "all") == listed
        text = run("forget", *how, "--user", "ann", "--dry-run")
        assert text.startswith("Would forget ") and "nothing was deleted" in text
        assert all(f"fact #{f['id']} {f['key']} = {f['value']}" in text for f in shown["facts"])
        assert shown["facts"] and shown["counts"]["facts"] == len(shown["facts"])
        if how[0] == "--fact":  # the messages go too, with the FedEx fact only they state
            assert shown["episode_ids"] == [1] and {f["value"] for f in shown["facts"]} == {"peanuts", "FedEx"}
        receipt = json.loads(run("forget", *how, "--user", "ann", "--yes", "--json"))
        assert {t: receipt["counts"][t] for t in shown["counts"]} == shown["counts"]
        listed = run("list", "--user", "ann", "--status", "all")
