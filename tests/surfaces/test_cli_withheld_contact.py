"""``memstrata remember`` of a contact detail it may not keep: the output says why nothing was stored."""

from __future__ import annotations

from pathlib import Path

import pytest

from clirun import cli

pytestmark = pytest.mark.usefixtures("embedder")  # loads the model once and shares it (clirun)


def test_a_phone_number_without_an_encryption_key_is_named_as_not_stored(tmp_path: Path) -> None:
    # before: 'Nothing new to remember (episode stored). episode #1' and nothing else, under a policy that
    # allows phone numbers: the number was withheld (no key to encrypt it) and no line said so
    db = tmp_path / "m.db"
    run = cli("remember", "My phone is 415-555-0134", "--user", "u1", "--db", db,
              env={"MEMSTRATA_PRIVACY": "phone=allow"})
    assert run.code == 0, run.err
    assert "note: 1 fact not stored: contact details (e-mail, phone, postal address) are kept only encrypted; " \
           "set MEMSTRATA_ENCRYPTION_KEY" in run.out
    assert cli("list", "--user", "u1", "--db", db, "--json").json() == []  # as the note says


def test_a_redacted_phone_number_says_redacted_and_no_key_note(tmp_path: Path) -> None:
    run = cli("remember", "My phone is 415-555-0134", "--user", "u1", "--db", tmp_path / "m.db")
    assert run.code == 0, run.err
    assert "redacted before storage: phone" in run.out and "MEMSTRATA_ENCRYPTION_KEY" not in run.out


@pytest.mark.parametrize("said", ["My address is 12 Baker Street, London", "我住在北京市朝阳区建国路88号"])
def test_a_street_address_is_named_as_not_stored_in_either_language(tmp_path: Path, said: str) -> None:
    # before, 我住在北京市朝阳区建国路88号 printed '- identity.location = 北京市朝阳区建国路88号' (plain text)
    db = tmp_path / "m.db"
    run = cli("remember", said, "--user", "s", "--db", db)
    assert run.code == 0, run.err
    assert "note: 1 fact not stored: contact details (e-mail, phone, postal address) are kept only encrypted" in run.out
    assert cli("list", "--user", "s", "--db", db, "--json").json() == []
    city = cli("remember", "我住在北京", "--user", "s", "--db", db)
    assert "identity.location = 北京" in city.out and "not stored" not in city.out
