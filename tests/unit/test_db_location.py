"""Which store a ``--db`` / ``MEMSTRATA_DB`` value opens (a fresh-user trial, T5: a mistyped
PostgreSQL URL silently became a SQLite file in a new directory named after the scheme)."""

from __future__ import annotations

from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.config import Settings
from memstrata.errors import StoreError
from memstrata.store.backends import _lower_scheme, is_postgres_url


@pytest.mark.parametrize("url", ["postgresql://u@h/db", "postgres://u@h/db", "POSTGRESQL://u@h/db",
                                 "Postgres://u@h/db"])
def test_a_postgres_url_in_any_case_is_postgres(url: str) -> None:
    assert is_postgres_url(url)
    assert _lower_scheme(url).split("://")[0] in ("postgresql", "postgres")
    assert _lower_scheme(url).split("://")[1] == "u@h/db"


@pytest.mark.parametrize("url", ["postgresq://u:secret@h/db", "mysql://u:secret@h/db", "sqlite:///tmp/x.db"])
def test_an_unknown_scheme_is_refused_without_creating_anything(url: str, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(StoreError, match="unknown database URL scheme") as err:
        Memory(url, embedder=None, extractor=None)
    assert "secret" not in str(err.value)
    settings = Settings.from_env({"MEMSTRATA_DB": url})
    assert settings.database_url == url  # kept whole: a Path would fold its "//"
    with pytest.raises(StoreError, match="unknown database URL scheme"):
        Memory(settings=settings, embedder=None, extractor=None)
    assert list(tmp_path.iterdir()) == []


def test_a_plain_path_still_opens_sqlite(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None, extractor=None) as memory:
        assert memory.list(user_id="u") == []
    assert (tmp_path / "m.db").exists()
