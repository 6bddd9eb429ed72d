"""The lifecycle commands of the real console script: export → forget → import, history ids,
rollback, maintain, and forget's printed receipt."""

from __future__ import annotations

import json
import re
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from tests.surfaces.test_cli import cli

pytestmark = pytest.mark.usefixtures("embedder")  # loads the model once and shares it (clirun)


def test_forget_receipt_export_import_rollback_and_maintain(tmp_path: Path) -> None:
    db, dump = tmp_path / "memory.db", tmp_path / "u1.jsonl"
    assert cli("remember", "I prefer a window seat on planes", "--user", "u1", "--db", db).code == 0
    assert cli("remember", "Actually I prefer an aisle seat now", "--user", "u1", "--db", db).code == 0
    assert cli("export", "--user", "u1", "--output", dump, "--db", db).code == 0
    exported = dump.read_text(encoding="utf-8")

    forgot = cli("forget", "--user", "u1", "--yes", "--db", db)
    assert forgot.code == 0, forgot.err
    assert "2 episodes" in forgot.out and re.search(r"sha256 of deleted ids [0-9a-f]{64}", forgot.out), forgot.out

    # The export taken before the forget brings nothing forgotten back; it restores elsewhere.
    restored = cli("import", dump, "--db", db, "--json")
    body = json.loads(restored.out)
    assert restored.code == 1 and (body["episodes"], body["facts"]) == (0, 0)  # nothing imported: exit 1
    assert {s["type"] for s in body["skipped"]} == {"episode", "fact", "event"}
    again = tmp_path / "again.jsonl"
    assert cli("export", "--user", "u1", "--output", again, "--db", db).code == 0
    # Only the audit trail of the forget (its tombstone, receipt, forgotten ids and the digests of the
    # forgotten messages, which keep them out of a re-import of their log): no content.
    records = [json.loads(r) for r in again.read_text(encoding="utf-8").splitlines()]
    assert [r["type"] for r in records] == ["tombstone", "forget_receipt", "forgotten", "suppressed"]
    db = tmp_path / "restored.db"
    restored = cli("import", dump, "--db", db, "--json")
    assert restored.json()["episodes"] == 2 and restored.json()["facts"] == 2
    assert cli("export", "--user", "u1", "--output", again, "--db", db).code == 0
    assert again.read_text(encoding="utf-8") == exported

    history = cli("history", "--key", "travel.seat", "--user", "u1", "--db", db)
    supersede = re.search(r"#(\d+) \S+ \S+ supersede", history.out)
    assert supersede, history.out
    rolled = cli("rollback", supersede.group(1), "--user", "u1", "--db", db, "--json")
    assert {f["value"]: f["status"] for f in rolled.json()} == {"window seat": "active", "aisle seat": "superseded"}

    first = cli("maintain", "--db", db, "--json")
    assert first.code == 0, first.err
    second = cli("maintain", "--db", db)
    assert second.code == 0 and "nothing to do" in second.out, second.out
    assert set(json.loads(first.out)) >= {"merged", "archived", "expired_facts", "vacuumed"}


def test_forget_by_filter_deletes_what_list_shows(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    for text in ("I'm allergic to peanuts", "我对芒果过敏", "I live in Oslo"):
        assert cli("remember", text, "--user", "u1", "--db", db).code == 0
    shown = cli("list", "--status", "all", "--filter", 'tag = "health"', "--user", "u1", "--db", db, "--json")
    assert len(shown.json()) == 2
    forgot = cli("forget", "--filter", 'tag = "health"', "--user", "u1", "--yes", "--db", db, "--json")
    assert forgot.code == 0, forgot.err
    assert forgot.json()["forgot"] == 'user=u1 facts matching=tag = "health"'
    assert forgot.json()["counts"]["facts"] == 2
    left = cli("list", "--status", "all", "--user", "u1", "--db", db, "--json").json()
    assert [f["value"] for f in left] == ["Oslo"]
    bad = cli("forget", "--filter", "tag ~ 1", "--user", "u1", "--yes", "--db", db)
    assert bad.code != 0 and "invalid_filter" in bad.err and "at character 5" in bad.err


def test_import_of_an_export_says_when_user_is_not_applied(tmp_path: Path) -> None:
    # --user passed to retarget an export must say so, not only "restored 0 episodes".
    db, other, dump = tmp_path / "memory.db", tmp_path / "other.db", tmp_path / "bob.jsonl"
    assert cli("remember", "I prefer UPS for delivery", "--user", "bob", "--db", db).code == 0
    assert cli("export", "--user", "bob", "--output", dump, "--db", db).code == 0
    retarget = cli("import", dump, "--db", other, "--user", "mallory")
    assert retarget.code == 0, retarget.err
    assert "name user bob" in retarget.err and "--user mallory was not applied" in retarget.err
    same = cli("import", dump, "--db", other, "--user", "bob")
    assert same.code == 0 and "not applied" not in same.err


def test_deleting_a_current_fact_says_how_to_get_the_value_it_replaced_back(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    assert cli("remember", "I prefer UPS for delivery. I am allergic to peanuts.", "--user", "d", "--db", db).code == 0
    assert cli("remember", "Actually, make it FedEx", "--user", "d", "--db", db).code == 0
    assert cli("remember", "Actually, I'm not allergic to peanuts", "--user", "d", "--db", db).code == 0
    fedex = next(f for f in cli("list", "--user", "d", "--db", db, "--json").json() if f["value"] == "FedEx")
    forgot = cli("forget", "--fact", str(fedex["id"]), "--user", "d", "--yes", "--db", db)
    assert forgot.code == 0, forgot.err
    note = re.search(r"note: fact #(\d+) \(shipping.carrier = UPS\), which fact #(\d+) had replaced, stays "
                     r"superseded, so shipping.carrier may have no current value; `memstrata rollback (\d+)` makes "
                     r"it current again", " ".join(forgot.out.split()))
    assert note and int(note.group(2)) == fedex["id"], forgot.out
    rolled = cli("rollback", note.group(3), "--user", "d", "--db", db, "--json")
    assert [(f["value"], f["status"]) for f in rolled.json()] == [("UPS", "active")]
    # recall labels the withdrawn allergy inside the current UPS message, as the context block does.
    recalled = cli("recall", "which carrier for delivery?", "--user", "d", "--db", db)
    assert "I prefer UPS for delivery. [outdated: I am allergic to peanuts.]" in recalled.out, recalled.out


def test_update_supersedes_by_value_and_changes_numbers_in_place(tmp_path: Path) -> None:
    # The CLI corrects a fact's value too, not only a new sentence, the SDK or REST.
    db = tmp_path / "memory.db"
    assert cli("remember", "I prefer UPS for delivery", "--user", "u1", "--db", db).code == 0
    [fact] = cli("list", "--user", "u1", "--db", db, "--json").json()
    changed = cli("update", str(fact["id"]), "--value", "FedEx", "--user", "u1", "--db", db)
    assert changed.code == 0, changed.err
    assert f"= FedEx [active] [replaces fact#{fact['id']}]" in changed.out, changed.out
    facts = {f["value"]: f for f in cli("list", "--status", "all", "--user", "u1", "--db", db, "--json").json()}
    assert facts["UPS"]["status"] == "superseded" and facts["FedEx"]["status"] == "active"

    numbers = cli("update", str(facts["FedEx"]["id"]), "--importance", "0.9", "--user", "u1", "--db", db, "--json")
    assert numbers.code == 0, numbers.err
    assert numbers.json()["id"] == facts["FedEx"]["id"] and numbers.json()["importance"] == 0.9

    stale = cli("update", str(fact["id"]), "--value", "DHL", "--user", "u1", "--db", db)
    assert stale.code == 1 and "superseded" in stale.err, stale.err
    other = cli("update", str(facts["FedEx"]["id"]), "--value", "DHL", "--user", "u2", "--db", db)
    assert other.code == 1 and "not_found" in other.err, other.err
    empty = cli("update", str(facts["FedEx"]["id"]), "--user", "u1", "--db", db)
    assert empty.code == 2 and "invalid_input" in empty.err, empty.err


def test_remember_ttl_hides_the_message_and_its_facts_after_it_runs_out(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    # A quarter of a second (--ttl takes seconds as a number): the test waits it out on the clock.
    kept = cli("remember", "I prefer a window seat on planes", "--ttl", "0.25", "--user", "u1", "--db", db, "--json")
    assert kept.code == 0 and kept.json()["facts"], kept.err
    # The stored fact as remember wrote it (its result, not a read): a `list` here could already
    # come after the expiry (a loaded machine took 8 s to run remember).
    [fact] = [f["fact"] for f in kept.json()["facts"]]
    assert fact["status"] == "active"
    expires = datetime.fromisoformat(fact["expires_at"])
    # counted from the write (the fact's created_at), not from when the command began (valid_from, when it was said)
    assert abs((expires - datetime.fromisoformat(fact["created_at"])).total_seconds() - 0.25) < 0.01
    assert expires >= datetime.fromisoformat(fact["valid_from"]) + timedelta(seconds=0.25)
    time.sleep(max(0.0, (expires - datetime.now(UTC)).total_seconds()) + 0.2)
    assert cli("list", "--user", "u1", "--db", db, "--json").json() == []
    assert "window" not in cli("recall", "seat", "--user", "u1", "--db", db).out
    bad = cli("remember", "x", "--ttl", "-1", "--user", "u1", "--db", db)
    assert bad.code == 2 and "ttl" in bad.err, bad.err


def test_context_prints_the_prompt_block_and_its_profile_fallback(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    assert cli("remember", "I'm allergic to peanuts", "--user", "u1", "--db", db).code == 0
    assert cli("remember", "我以后都希望用顺丰", "--user", "u1", "--db", db).code == 0
    block = cli("context", "does she have any allergies?", "--user", "u1", "--db", db, "-b", "100")
    assert block.code == 0 and block.out.startswith("## Relevant memories\n") and "peanuts" in block.out, block.out
    # A request about food puts the dietary facts first under their own title (standing.is_about_food).
    food = cli("context", "does she have food allergies?", "--user", "u1", "--db", db, "-b", "100")
    assert food.code == 0 and food.out.startswith("## Dietary and health needs to respect\n"), food.out
    assert "peanuts" in food.out, food.out
    vague = cli("context", "what do you know about me?", "--user", "u1", "--db", db)
    assert vague.out.startswith("## What is known about this user") and "顺丰" in vague.out, vague.out
    assert cli("context", "what do you know about me?", "--no-profile", "--user", "u1", "--db", db).out == ""
    health = cli("context", "what do you know about me?", "--filter", 'tag = "health"', "--user", "u1", "--db", db)
    assert "peanuts" in health.out and "顺丰" not in health.out, health.out
    bad = cli("context", "x", "-b", "0", "--user", "u1", "--db", db)
    assert bad.code == 2 and "--budget-tokens" in bad.err, bad.err


def test_forgetting_a_session_or_a_filter_notes_the_value_left_without_a_successor(tmp_path: Path) -> None:
    # `forget --fact` named the rollback; `forget --session` and `--filter` must too.
    db = tmp_path / "memory.db"
    assert cli("remember", "I prefer UPS for delivery", "--user", "d", "--session", "s1", "--db", db).code == 0
    assert cli("remember", "Actually, make it FedEx", "--user", "d", "--session", "s2", "--db", db).code == 0
    forgot = cli("forget", "--session", "s2", "--user", "d", "--yes", "--db", db)
    assert forgot.code == 0, forgot.err
    # the forgotten FedEx fact is not named by id: nothing of it is left to look up (its history says the same)
    note = re.search(r"note: fact #1 \(shipping.carrier = UPS\), which a value since forgotten had replaced, stays "
                     r"superseded, so "
                     r"shipping.carrier may have no current value; `memstrata rollback (\d+)` makes it current again",
                     " ".join(forgot.out.split()))
    assert note, forgot.out
    assert b"fedex" not in b"".join(p.read_bytes() for p in tmp_path.iterdir()).lower()
    assert cli("rollback", note.group(1), "--user", "d", "--db", db).code == 0
    fact = cli("update", "1", "--value", "Quokka Couriers", "--user", "d", "--db", db, "--json")
    assert fact.code == 0, fact.err
    by_filter = cli("forget", "--filter", 'value = "Quokka Couriers"', "--user", "d", "--yes", "--db", db, "--json")
    assert by_filter.code == 0, by_filter.err
    [replaced] = by_filter.json()["replaced"]
    assert (replaced["fact_id"], replaced["value"]) == (1, "UPS") and by_filter.json()["counts"]["facts"] == 1
    assert b"quokka" not in b"".join(p.read_bytes() for p in tmp_path.iterdir()).lower()


def test_remember_refuses_a_db_in_a_missing_directory(tmp_path: Path) -> None:
    # A mistyped --db silently created /tmp/nodir/sub/ and a new database in it.
    missing = tmp_path / "nodir" / "sub" / "x.db"
    run = cli("remember", "hi", "--user", "u1", "--db", missing)
    assert run.code == 2 and f"the directory {missing.parent} does not exist" in " ".join(run.err.split()), run.err
    assert not (tmp_path / "nodir").exists()
    fresh = tmp_path / "new.db"  # a new file in an existing directory is still created
    made = cli("remember", "hi", "--user", "u1", "--db", fresh)
    assert made.code == 0 and fresh.exists(), made.err


def test_forget_fact_names_the_messages_it_leaves_and_sources_forgets_them(tmp_path: Path) -> None:
    # Forgetting the allergy fact leaves "I'm allergic to peanuts" findable, and must say so.
    db = tmp_path / "memory.db"
    for text in ("I'm allergic to peanuts", "我对芒果过敏", "I live in Oslo"):
        assert cli("remember", text, "--user", "u1", "--db", db).code == 0
    facts = {f["value"]: f["id"] for f in cli("list", "--user", "u1", "--db", db, "--json").json()}
    forgot = cli("forget", "--fact", facts["peanuts"], "--user", "u1", "--yes", "--db", db)
    assert forgot.code == 0, forgot.err
    assert "note: the message that stated it (episode #1) is still stored" in forgot.out, forgot.out
    assert "`memstrata forget --episode 1`" in forgot.out
    assert cli("forget", "--episode", "1", "--user", "u1", "--yes", "--db", db).code == 0
    both = cli("forget", "--fact", facts["芒果"], "--sources", "--user", "u1", "--yes", "--db", db, "--json")
    assert both.code == 0, both.err
    assert both.json()["counts"]["episodes"] == 1 and "sources_kept" not in both.json()
    assert both.json()["forgot"] == f"fact #{facts['芒果']} and the messages that stated it"
    left = cli("recall", "allergic", "--user", "u1", "--db", db, "--json").json()
    assert all("peanut" not in h["text"] and "芒果" not in h["text"] for h in left), left


def test_forgetting_a_user_with_nothing_stored_says_so_and_how_to_list_users(tmp_path: Path) -> None:
    """A mistyped ``forget --user`` deleted nothing and printed only "Forgot user=alcie: nothing",
    which reads like success while alice's memory stays; a note on stderr says so and names the
    command that lists the users, without naming any other user (``memstrata users`` does, asked)."""
    db = tmp_path / "m.db"
    assert cli("remember", "我对花生过敏", "--user", "alice", "--db", db).code == 0
    typo = cli("forget", "--user", "alcie", "--yes", "--db", db)
    assert typo.code == 0, typo.err
    assert typo.out.startswith("Forgot user=alcie: nothing")
    assert " ".join(typo.err.split()) == ("note: nothing is stored for user=alcie in default/default; check --user "
                                          "(and --org, --project): `memstrata users --org default --project default` "
                                          "lists the users with memories")
    as_json = cli("forget", "--user", "alcie", "--yes", "--json", "--db", db)
    assert as_json.json()["forgot"] == "user=alcie" and "memstrata users" in as_json.err  # stdout: one JSON object
    assert as_json.json()["note"].startswith("nothing is stored for user=alcie in default/default")  # as REST says
    assert "alice" not in typo.err and "alice" not in as_json.err
    assert cli("users", "--db", db, "--json").json() == [{"user_id": "alice", "episodes": 1, "facts": 1}]
    done = cli("forget", "--user", "alice", "--yes", "--db", db)
    assert done.out.startswith("Forgot user=alice: 1 episode,") and done.err == ""
    again = cli("forget", "--user", "alice", "--yes", "--db", db)  # run twice: the same note
    assert " ".join(again.err.split()) == " ".join(typo.err.split()).replace("alcie", "alice")
    assert cli("users", "--db", db).out.strip() == "no user has memories in default/default"


RECEIPT = re.compile(r"^receipt: job #\d+ at \S+ \S+ UTC, sha256 of deleted ids [0-9a-f]{64} \(nonce [0-9a-f]{32}\)$")


def test_a_receipt_is_one_line_however_narrow_the_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Off a terminal rich wraps at 80 columns: the digest must not be broken where a log keeps it."""
    from memstrata.cli import session

    db = tmp_path / "memory.db"
    assert cli("remember", "I prefer UPS for delivery", "--user", "a-user-with-a-long-name", "--db", db).code == 0
    assert cli("remember", "I like jazz", "--user", "u2", "--org", "acme", "--project", "support", "--db", db).code == 0
    monkeypatch.setattr(session.console, "width", 80)
    forgot = cli("forget", "--user", "a-user-with-a-long-name", "--yes", "--db", db)
    deleted = cli("delete-project", "support", "--org", "acme", "--yes", "--db", db)
    for run in (forgot, deleted):
        assert run.code == 0, run.err
        lines = run.out.splitlines()
        assert len(lines) == 2, lines
        assert RECEIPT.match(lines[1]), lines
    assert forgot.out.startswith("Forgot user=a-user-with-a-long-name: 1 episode, 1 segment, 1 fact, 1 memory event\n")
    assert deleted.err == ""
    # a mistyped project said nothing, where a mistyped user is told nothing is stored for it
    mistyped = cli("delete-project", "supprt", "--org", "acme", "--yes", "--db", db)
    assert mistyped.code == 0 and mistyped.out.startswith("Deleted project supprt: nothing\n")
    assert mistyped.err == "note: nothing is stored in acme/supprt; check PROJECT (and --org)\n"


def test_an_error_is_one_line_on_stderr_however_narrow_the_output(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/cli.md: 'Every error is one line on stderr'; off a terminal rich would wrap it at 80 columns."""
    from memstrata.cli import session

    monkeypatch.setattr(session.err, "width", 80)
    refused = cli("forget", "--all-users", "--yes", "--db", tmp_path / "memory.db")
    assert refused.code == 2
    lines = refused.err.splitlines()
    assert len(lines) == 1 and len(lines[0]) > 80, lines
    assert lines[0].startswith("error[invalid_input]: memstrata forget --all-users erases every user") and \
        lines[0].endswith("nothing was deleted"), lines


def test_piped_output_keeps_each_line_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Off a terminal a recalled memory and an import summary reach a script as one line each."""
    from memstrata.cli import session

    db, log = tmp_path / "memory.db", tmp_path / "log.jsonl"
    said = "I prefer UPS for delivery, and please never leave parcels at the front door because they get stolen"
    log.write_text(json.dumps({"content": said}) + "\n", encoding="utf-8")
    monkeypatch.setattr(session.console, "width", 80)
    imported = cli("import", log, "--user", "u1", "--db", db)
    assert imported.code == 0, imported.err
    assert "imported 1 message; database now holds 1 episode, 1 segment, 2 active facts\n" in imported.out
    recalled = cli("recall", "delivery preferences of this user", "--user", "u1", "--db", db)
    assert recalled.code == 0, recalled.err
    assert any(line.startswith("[") and said in line for line in recalled.out.splitlines()), recalled.out
    listed = cli("list", "--user", "u1", "--db", db)  # a table still fits the width
    assert max(len(line) for line in listed.out.splitlines()) <= 80, listed.out
