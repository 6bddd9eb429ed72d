"""A bad id names the call the user made and the argument, and an id that cannot be one is not
"not found". ``Memory.forget(episode_id="x")`` said ``delete(): episode_id must be ...`` (the call
forget hands a single record to), and ``Memory.history("abc")`` said ``fact_id must be an integer
id`` without naming history(), while ``history(0)`` answered ``NotFound`` although ids start at 1.
Now each is ``InvalidInput`` naming forget() or history() and the argument (``details.field``),
and nothing stored is changed. Real SQLite files, the deterministic hashing embedder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.clirun import cli

from memstrata import HashingEmbedder, Memory
from memstrata.errors import InvalidInput, NotFound


@pytest.fixture
def memory(tmp_path: Path) -> Any:
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(dim=64), user_id="u") as opened:
        opened.add("I prefer UPS for delivery")
        yield opened


def _refused(call: Any) -> InvalidInput:
    with pytest.raises(InvalidInput) as caught:
        call()
    return caught.value


#: The one id check's wording (``arguments.check_id``), with what a destructive call leaves as it was.
_BAD_ID = "must be a whole-number id from 1 up (ids start at 1), got"


@pytest.mark.parametrize(("given", "wanted"), [
    ({"episode_id": "x"}, f"forget(): episode_id {_BAD_ID} 'x'; nothing was changed"),
    ({"episode_id": 0}, f"forget(): episode_id {_BAD_ID} 0; nothing was changed"),
    ({"fact_id": "1"}, f"forget(): fact_id {_BAD_ID} '1'; nothing was changed"),
    ({"fact_id": True}, f"forget(): fact_id {_BAD_ID} True; nothing was changed"),
])
def test_forget_of_a_bad_id_names_forget_and_the_argument(memory: Memory, given: dict[str, Any],
                                                          wanted: str) -> None:
    before = memory.counts()
    error = _refused(lambda: memory.forget(**given))
    assert (str(error), error.details()) == (wanted, {"field": next(iter(given))})
    assert memory.counts() == before
    assert [f.value for f in memory.list()] == ["UPS"]


def test_delete_of_a_bad_id_still_names_delete(memory: Memory) -> None:
    error = _refused(lambda: memory.delete(episode_id="x"))  # type: ignore[arg-type]
    assert str(error) == f"delete(): episode_id {_BAD_ID} 'x'; nothing was changed"


@pytest.mark.parametrize(("fact_id", "wanted"), [
    ("abc", "history(): fact_id must be a whole-number id from 1 up (ids start at 1), got 'abc'; a key is given "
            "as key='abc'"),
    ("12", "history(): fact_id must be a whole-number id from 1 up (ids start at 1), got '12'; give the "
           "number, history(12)"),
    ("x" * 80, "history(): fact_id must be a whole-number id from 1 up (ids start at 1), got '" + "x" * 58 + "…; a "
               "key is given as key='" + "x" * 58 + "…"),
    (0, "history(): fact_id must be a whole-number id from 1 up (ids start at 1), got 0"),
    (-1, "history(): fact_id must be a whole-number id from 1 up (ids start at 1), got -1"),
    (True, "history(): fact_id must be a whole-number id from 1 up (ids start at 1), got True"),
    (1.5, "history(): fact_id must be a whole-number id from 1 up (ids start at 1), got 1.5"),
])
def test_history_of_what_is_no_id_says_so_naming_history(memory: Memory, fact_id: Any, wanted: str) -> None:
    error = _refused(lambda: memory.history(fact_id))
    assert (str(error), error.details()) == (wanted, {"field": "fact_id"})


def test_history_of_a_valid_id_not_stored_is_not_found(memory: Memory) -> None:
    with pytest.raises(NotFound, match=r"^no fact #99 in "):
        memory.history(99)
    [fact] = memory.list()
    assert [f.value for f, _ in memory.history(fact.id)] == ["UPS"]


@pytest.mark.parametrize("key", ["", "   "])
def test_history_of_an_empty_key_says_the_key_is_empty_not_that_nothing_is_stored(memory: Memory, key: str) -> None:
    # An unset "$KEY" answered NotFound "no facts under key ''", as if a key with nothing under it.
    error = _refused(lambda: memory.history(key=key))
    assert str(error).startswith(f"history(): key is empty ({key!r}); give a fact key")
    assert error.details() == {"field": "key"}
    assert memory.history(key="no.such") == []  # a key with nothing under it: an empty history
    assert [f.value for f, _ in memory.history(key="shipping.carrier")] == ["UPS"]


def test_history_with_neither_id_nor_key_names_history(memory: Memory) -> None:
    # history() said only "give a fact_id or a key", naming no call.
    error = _refused(lambda: memory.history())
    assert str(error) == "history(): give a fact_id or a key, e.g. key='shipping.carrier' (list() shows them)"
    assert [f.value for f, _ in memory.history(key="shipping.carrier")] == ["UPS"]


def test_cli_history_of_an_empty_key_is_refused_naming_the_option(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    assert cli("remember", "I prefer UPS for delivery", "--user", "u", "--db", db).returncode == 0
    run = cli("history", "--key", "", "--user", "u", "--db", db)
    assert (run.returncode, run.stdout) == (2, "")
    assert "--key is empty ('')" in run.stderr and "error[invalid_input]" in run.stderr, run.stderr
    assert "UPS" in cli("history", "--key", "shipping.carrier", "--user", "u", "--db", db).stdout
