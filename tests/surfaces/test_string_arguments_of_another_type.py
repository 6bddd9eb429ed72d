"""A string argument given a number or a list is ``InvalidInput`` naming the argument, on every
method that takes one, never an ``AttributeError`` or a database driver's error.

``Memory.history(key=5)`` raised ``AttributeError: 'int' object has no attribute 'strip'`` (and
``key=["a"]`` the same for list) while ``list(key=5)`` named ``key``; ``forget(actor=["a"])``
failed in SQLite's parameter binding (``ProgrammingError``) and ``forget(actor=5)`` logged the
number as who forgot. Nothing stored changes when such a call is refused. Real SQLite files, the
deterministic hashing embedder.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memstrata import HashingEmbedder, Memory
from memstrata.errors import InvalidInput

WRONG = [5, ["a"], b"a", 1.5]


def _opened(db: Path) -> Any:
    with Memory(db, embedder=HashingEmbedder(dim=64), user_id="u") as opened:
        opened.add("I prefer UPS for delivery")
        yield opened


@pytest.fixture
def memory(tmp_path: Path) -> Any:
    yield from _opened(tmp_path / "m.db")


@pytest.fixture(scope="module")
def refusing(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One memory for the module's refused calls: each test asserts that its call changed nothing
    stored, so the next one finds what a fresh memory holds (a new file and a write cost ~20 ms,
    72 times)."""
    yield from _opened(tmp_path_factory.mktemp("refusing") / "m.db")


def _stored(memory: Memory) -> list[str]:
    return [f.value for f in memory.list(status="all")]  # type: ignore[union-attr]


CALLS: dict[str, tuple[str, Callable[[Memory, Any], Any]]] = {
    "history key": ("key", lambda m, v: m.history(key=v)),
    "list key": ("key", lambda m, v: m.list(key=v)),
    "page key": ("key", lambda m, v: m.page(key=v)),
    "list kind": ("kind", lambda m, v: m.list(kind=v)),
    "list status": ("status", lambda m, v: m.list(status=v)),
    "search query": ("query", lambda m, v: m.search(v)),
    "search status": ("status", lambda m, v: m.search("UPS", status=v)),
    "search mode": ("mode", lambda m, v: m.search("UPS", mode=v)),
    "search user_id": ("user_id", lambda m, v: m.search("UPS", user_id=v)),
    "context query": ("query", lambda m, v: m.context(v)),
    "context user_id": ("user_id", lambda m, v: m.context("UPS", user_id=v)),
    "history user_id": ("user_id", lambda m, v: m.history(key="shipping.carrier", user_id=v)),
    "forget user_id": ("user_id", lambda m, v: m.forget(user_id=v)),
    "forget session_id": ("session_id", lambda m, v: m.forget(session_id=v)),
    "forget kind": ("kind", lambda m, v: m.forget(user_id="u", filter='key = "shipping.carrier"', kind=v)),
    "forget actor": ("actor", lambda m, v: m.forget(user_id="u", actor=v)),
    "delete actor": ("actor", lambda m, v: m.delete(m.list()[0].id, actor=v)),
    "update actor": ("actor", lambda m, v: m.update(m.list()[0].id, value="DHL", actor=v)),
}


@pytest.mark.parametrize("value", WRONG, ids=[type(v).__name__ for v in WRONG])
@pytest.mark.parametrize("call", sorted(CALLS))
def test_a_string_argument_of_another_type_is_refused_naming_it(refusing: Memory, call: str, value: Any) -> None:
    field, run = CALLS[call]
    with pytest.raises(InvalidInput) as caught:
        run(refusing, value)
    assert field in str(caught.value), caught.value
    assert _stored(refusing) == ["UPS"]


def test_history_of_a_key_that_is_no_string_names_history_and_key(memory: Memory) -> None:
    with pytest.raises(InvalidInput) as caught:
        memory.history(key=5)  # type: ignore[arg-type]
    assert str(caught.value) == ("history(): key must be a string: a key or a key prefix such as 'shipping', "
                                 "got a number (5)")
    assert caught.value.details() == {"field": "key"}
    assert [f.value for f, _ in memory.history(key="shipping.carrier")] == ["UPS"]


def test_forget_with_an_actor_that_is_no_string_forgets_nothing(memory: Memory) -> None:
    with pytest.raises(InvalidInput) as caught:
        memory.forget(user_id="u", actor=["a"])  # type: ignore[arg-type]
    assert str(caught.value).startswith("forget(): actor must be a non-empty string"), caught.value
    assert caught.value.details() == {"field": "actor"}
    assert _stored(memory) == ["UPS"] and memory.search("UPS")
    assert memory.forget(user_id="u", actor="sdk").status == "done"
    assert _stored(memory) == []
