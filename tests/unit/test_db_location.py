"""Which store a ``--db`` / ``MEMSTRATA_DB`` value opens (a mistyped PostgreSQL URL must not
silently become a SQLite file in a new directory named after the scheme)."""

from __future__ import annotations

from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.config import Settings, is_postgres_url
from memstrata.errors import StoreError
from memstrata.store.backends import _lower_scheme


@pytest.mark.parametrize("url", ["postgresql://u@h/db", "postgres://u@h/db", "POSTGRESQL://u@h/db",
                                 "Postgres://u@h/db"])
def test_a_postgres_url_in_any_case_is_postgres(url: str) -> None:
    assert is_postgres_url(url)
    assert _lower_scheme(url).split("://")[0] in ("postgresql", "postgres")
    assert _lower_scheme(url).split("://")[1] == "u@h/db"


@pytest.mark.parametrize("url", ["postgresq://u:secret@h/db", "mysql://u:secret@h/db", "sqlite:///tmp/x.db",
                                 "postgresql:/u:secret@h/db", "postgresql//u:secret@h/db", "postgres:secret@h/db",
                                 "file:/tmp/secret.db", "file:secret.db"])
def test_an_unknown_scheme_is_refused_without_creating_anything(url: str, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(StoreError, match="URL") as err:
        Memory(url, embedder=None, extractor=None)
    assert "secret" not in str(err.value)
    settings = Settings.from_env({"MEMSTRATA_DB": url})
    with pytest.raises(StoreError, match="URL"):
        Memory(settings=settings, embedder=None, extractor=None)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["m.db", "postgres_backup.db", "notes-2026.db"])
def test_a_plain_path_still_opens_sqlite(tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with Memory(name, embedder=None, extractor=None) as memory:
        assert memory.list(user_id="u") == []
    assert (tmp_path / name).exists()


def test_a_postgres_url_without_the_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    # As on an install without the postgres extra: psycopg cannot be imported.
    for name in [m for m in sys.modules if m == "psycopg" or m.startswith(("psycopg.", "memstrata.store.postgres"))]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "psycopg", None)
    with pytest.raises(StoreError, match=r"needs the postgres extra .*pip install -e '\.\[postgres\]'"):
        Memory("postgres://u@h/db", embedder=None, extractor=None)
