"""The inspector's edit form refuses a cleared value instead of passing over it.

The form always sends the value, importance and confidence boxes. A cleared value box was read as
"value unchanged": alone it answered "nothing to update", and beside a changed number the number was
saved while the cleared value went unmentioned. Real ``memstrata serve`` with keys (a script posts
with the admin key in a header, which needs no CSRF token), checked in the SQLite file.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import pytest
from serverproc import ADMIN_KEY, Server


@pytest.fixture(scope="module")
def fact(keyed_server: Server) -> Iterator[int]:
    with keyed_server.client(ADMIN_KEY) as admin:
        added = admin.post("/v1/messages", json={"user_id": "ema", "wait": True,
                                                 "messages": [{"content": "I prefer UPS for delivery"}]})
    assert added.status_code == 200, added.text
    yield added.json()["results"][0]["facts"][0]["fact"]["id"]


def _facts(server: Server) -> list[tuple[object, ...]]:
    with sqlite3.connect(f"file:{server.db}?mode=ro", uri=True) as db:
        return db.execute("SELECT id, value, status, importance, confidence FROM facts WHERE user_id = 'ema'"
                          " ORDER BY id").fetchall()


@pytest.mark.parametrize("form", [{"value": "", "importance": "0.8", "confidence": "0.9"},
                                  {"value": "   ", "importance": "0.3", "confidence": "0.9"},
                                  {"value": "\t", "importance": "", "confidence": ""}])
def test_a_cleared_value_is_refused_and_nothing_changes(keyed_server: Server, fact: int,
                                                        form: dict[str, str]) -> None:
    before = _facts(keyed_server)
    with keyed_server.client(ADMIN_KEY) as client:
        answer = client.post("/ui/edit", data={"user": "ema", "fact": str(fact), **form})
    # was 422 'nothing to update: give value, importance or confidence', or, with importance 0.3, 303 and
    # the importance saved
    assert answer.status_code == 422, (answer.status_code, answer.headers.get("location"))
    assert f"the new value of fact #{fact} is blank: a fact keeps a value" in answer.text, answer.text[:500]
    assert _facts(keyed_server) == before


def test_a_new_value_or_a_number_alone_is_saved(keyed_server: Server, fact: int) -> None:
    with keyed_server.client(ADMIN_KEY) as client:
        number = client.post("/ui/edit", data={"user": "ema", "fact": str(fact), "importance": "0.3"})
        value = client.post("/ui/edit", data={"user": "ema", "fact": str(fact), "value": "FedEx"})
    assert number.status_code == value.status_code == 303, (number.text[:300], value.text[:300])
    rows = _facts(keyed_server)
    assert [(r[1], r[2], r[3]) for r in rows] == [("UPS", "superseded", 0.3), ("FedEx", "active", 0.3)], rows
