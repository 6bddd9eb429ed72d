"""An id below 1 is bad input on every door, never "not found": ``memstrata forget --episode -1``
answered ``not_found`` with exit 1. Ids start at 1, so -1 or 0 is a mistake (a sign slip, an unset
variable read as 0): the CLI exits 2 naming the argument and what it takes; the SDK raises
``InvalidInput`` naming it (``details.field``); REST answers 422 naming it (its type check). Nothing is
deleted. Real SQLite files; the CLI in process (clirun); the REST app in process."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from clirun import cli
from memstrata import HashingEmbedder, Memory
from memstrata.errors import InvalidInput
from memstrata.server.app import create_app
from memstrata.server.config import ServerConfig

pytestmark = pytest.mark.usefixtures("embedder")  # CLI commands use the run's loaded model (clirun)


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory, embedder: object) -> Path:
    """A file where user u said one thing, shared by the CLI cases: each asserts that its refused or
    not-found command deleted nothing, so the next one finds what a fresh file holds (a new file and
    a ``remember`` cost ~0.1 s, 20 times)."""
    db = tmp_path_factory.mktemp("ids") / "m.db"
    assert cli("remember", "I prefer UPS for delivery", "--db", db, "--user", "u").code == 0
    return db


@pytest.mark.parametrize(("args", "named"), [
    (("forget", "--episode", "-1", "--yes"), "--episode must be a whole number from 1 up, got -1"),
    (("forget", "--episode", "0", "--yes"), "--episode must be a whole number from 1 up, got 0"),
    (("forget", "--fact", "0", "--yes"), "--fact must be a whole number from 1 up, got 0"),
    (("rollback", "0"), "EVENT must be a whole number from 1 up, got 0"),
    (("restore", "--", "-1"), "FACT must be a whole number from 1 up, got -1"),
    (("update", "0", "--value", "DHL"), "FACT must be a whole number from 1 up, got 0"),
    (("history", "0"), "FACT_ID must be a whole number from 1 up, got 0"),
])
def test_cli_refuses_an_id_below_one_naming_it(stored: Path, args: tuple[str, ...], named: str) -> None:
    db = stored
    done = cli(*args, "--db", db, "--user", "u")
    assert (done.code, done.err.strip()) == (2, f"error[invalid_input]: {named}"), (done.out, done.err)
    assert cli("list", "--db", db, "--user", "u").out.count("shipping.carrier") == 1  # nothing deleted


@pytest.mark.parametrize(("args", "said"), [
    (("forget", "--episode", "99", "--yes"), "no episode #99 in default/default user=u"),
    (("forget", "--fact", "99", "--yes"), "no fact #99 in default/default user=u"),
    (("forget", "--fact", "99", "--sources", "--yes"), "no fact #99 in default/default user=u"),
    (("rollback", "99"), "no event #99 of a fact in default/default user=u"),
    (("restore", "99"), "no fact #99 in default/default user=u"),
    (("update", "99", "--value", "DHL"), "no fact #99 in default/default user=u"),
    (("history", "99"), "no fact #99 in default/default user=u"),
    # past SQLite's INTEGER: rollback and restore raised OverflowError (error[internal], exit 1)
    *[(args, f"no {what} #{2**63} {where}default/default user=u") for args, what, where in (
        (("rollback", str(2**63)), "event", "of a fact in "), (("restore", str(2**63)), "fact", "in "),
        (("update", str(2**63), "--value", "DHL"), "fact", "in "), (("history", str(2**63)), "fact", "in "),
        (("forget", "--fact", str(2**63), "--yes"), "fact", "in "),
        (("forget", "--episode", str(2**63), "--yes"), "episode", "in "))],
])
def test_cli_answers_a_valid_id_not_stored_not_found_exit_1(stored: Path, args: tuple[str, ...],
                                                            said: str) -> None:
    # The other side of the line above: a whole number from 1 up is an id, and one the scope does not
    # hold is not_found, exit 1, on every command that takes one (docs/cli.md, docs/errors.md).
    db = stored
    done = cli(*args, "--db", db, "--user", "u")
    assert (done.code, done.err.strip()) == (1, f"error[not_found]: {said}"), (done.out, done.err)
    assert done.out == ""
    assert cli("list", "--db", db, "--user", "u").out.count("shipping.carrier") == 1  # nothing deleted


def _refused(call: Any) -> InvalidInput:
    with pytest.raises(InvalidInput) as caught:
        call()
    return caught.value


def test_sdk_and_rest_refuse_an_id_below_one(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(dim=64), user_id="u") as memory:
        memory.add("I prefer UPS for delivery")
        for name, call in {"episode_id": lambda: memory.delete(episode_id=-1),
                           "fact_id": lambda: memory.delete(0)}.items():
            error = _refused(call)
            assert error.details() == {"field": name} and "from 1 up" in str(error), error
        # get() as every other door: 0 or -1 is no id (it answered NotFound "no fact #0")
        for name, call in {"fact_id": lambda: memory.get(0), "episode_id": lambda: memory.get(episode_id=-1)}.items():
            error = _refused(call)
            assert error.details() == {"field": name} and "from 1 up" in str(error), error
        assert _refused(lambda: memory.rollback(-1)).details() == {"field": "event_id"}
        assert [f.key for f in memory.list(user_id="u")] == ["shipping.carrier"]
        with TestClient(create_app(ServerConfig(), memory=memory)) as client:
            for name, answer in (("episode_id", client.post("/v1/forget", json={"user_id": "u", "episode_id": -1})),
                                 ("fact_id", client.delete("/v1/facts/0", params={"user_id": "u"}))):
                error = answer.json()["error"]  # the request's type check: 422 validation_error, naming it
                assert answer.status_code == 422 and error["details"]["errors"][0]["loc"][-1] == name, answer.text
        assert [f.key for f in memory.list()] == ["shipping.carrier"]


def test_a_bad_id_is_said_to_the_call_that_was_made(tmp_path: Path) -> None:
    """``update(0, value=...)`` said ``get(): fact_id ...`` (the read inside it) and ``update(True)``,
    ``update("1")`` or ``get(True)`` said ``fact_id must be an integer id`` naming no call and no
    field: each now names the call made and ``fact_id``, and nothing changes."""
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(dim=64), user_id="u") as memory:
        memory.add("I prefer UPS for delivery")
        for given in (0, -1, True, "1", 1.5, None):
            for call in (lambda: memory.update(given, value="DHL"),  # type: ignore[arg-type]  # noqa: B023
                         lambda: memory.check_update(given, value="DHL")):  # type: ignore[arg-type]  # noqa: B023
                error = _refused(call)
                assert str(error) == f"update(): fact_id must be a whole-number id from 1 up (ids start at 1), " \
                                     f"got {given!r}" and error.details() == {"field": "fact_id"}, error
            for name, call in {"fact_id": lambda: memory.get(given),  # noqa: B023
                               "episode_id": lambda: memory.get(episode_id=given)}.items():  # noqa: B023
                if given is None:
                    continue  # get() with no id at all asks for one of the two
                error = _refused(call)
                assert str(error).startswith(f"get(): {name} must be a whole-number id from 1 up"), error
                assert error.details() == {"field": name}, error
        assert [(f.key, f.value) for f in memory.list()] == [("shipping.carrier", "UPS")]
