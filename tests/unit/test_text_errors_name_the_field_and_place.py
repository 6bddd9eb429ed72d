"""A message, scope or query refused for a character in it names the argument and the place on every
door: ``details.field`` (docs/errors.md: "``details.field`` names the argument when there is one")
and ``details.position`` (the N of the message's "at character N": "places in a text count from 1").
A NUL byte in content, an invisible character in a user id or speaker, a future ``created_at``, a
speaker that is no string and bad metadata gave ``details`` ``{}`` (REST: only ``index``), so a
client could not tell which field of its request to fix. The checks are called as the doors call them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from memstrata.errors import InvalidInput
from memstrata.recall.query import check_request
from memstrata.store.scope import check_scope
from memstrata.types import Scope
from memstrata.write.ingest import Message, validate_message

NOW = datetime.now(UTC)
OWNER = Scope("default", "default", "alice")


def _refusal(**changes: Any) -> dict[str, Any]:
    message = Message(**{"content": "I prefer UPS", "scope": OWNER, "created_at": NOW, **changes})
    with pytest.raises(InvalidInput) as refused:
        validate_message(message, max_bytes=1 << 20)
    return refused.value.details()


@pytest.mark.parametrize(("changes", "details"), [
    ({"content": "I prefer\x00UPS"}, {"field": "content", "position": 9}),
    ({"content": "I prefer \ud800"}, {"field": "content", "position": 10}),
    ({"speaker": "Al\u200bice"}, {"field": "speaker", "position": 3}),
    ({"speaker": 5}, {"field": "speaker"}),
    ({"produced_for": "b\x00"}, {"field": "produced_for", "position": 2}),
    ({"created_at": NOW + timedelta(days=30)}, {"field": "created_at"}),
    ({"metadata": {"lang": float("nan")}}, {"field": "metadata"}),
    ({"metadata": {"lang": "z\x00h"}}, {"field": "metadata", "position": 2}),
    ({"metadata": []}, {"field": "metadata"}),
    ({"scope": Scope("default", "default", "alice\u202e")}, {"field": "user_id", "position": 6}),
])
def test_a_refused_message_names_its_field_and_place(changes: dict[str, Any], details: dict[str, Any]) -> None:
    assert _refusal(**changes) == details


def test_a_scope_and_a_query_name_theirs() -> None:
    with pytest.raises(InvalidInput) as refused:
        check_scope(Scope("default", "default", None, "bot\ufeff"), needs_owner=True)
    assert refused.value.details() == {"field": "agent_id", "position": 4}
    with pytest.raises(InvalidInput) as refused:
        check_request("where\x00 do I live", limit=5, kinds=("fact",), expand_context=0)
    assert refused.value.details() == {"field": "query", "position": 6}


def test_a_scope_without_an_owner_names_user_id() -> None:
    # REST DELETE /v1/facts/1 without a user_id answered details {}: no field a program could point at
    with pytest.raises(InvalidInput) as refused:
        check_scope(Scope("default", "default"), needs_owner=True)
    assert refused.value.details() == {"field": "user_id"}
    assert str(refused.value).startswith("no user_id, agent_id or session_id given")
