"""``memstrata recall`` over a scope that holds nothing (no ``--user``: the default user) says so on stderr and
points at ``memstrata users``; before, it printed only "No memories found.", read as "nothing matched" while the
memories were another user's. A scope that holds memories but matches nothing gets no such note. The CLI in process
on a real SQLite file."""

from __future__ import annotations

from pathlib import Path

from clirun import cli

_ENV = {"MEMSTRATA_EMBEDDING_MODEL": "hashing-64"}


def test_a_search_of_an_empty_scope_names_it(tmp_path: Path) -> None:
    db = str(tmp_path / "m.db")
    assert cli("remember", "I prefer UPS for deliveries", "--user", "alice", "--db", db, env=_ENV).code == 0

    empty = cli("recall", "carrier", "--db", db, "--session", "chat", env=_ENV)
    assert empty.code == 0
    assert "user=default session=chat holds no memories" in empty.err and "memstrata users" in empty.err

    held = cli("recall", "carrier", "--db", db, "--user", "alice", env=_ENV)
    assert held.code == 0 and "UPS" in held.out and "holds no memories" not in held.err
