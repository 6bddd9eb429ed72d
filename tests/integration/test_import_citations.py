"""An export file whose fact cites another owner's episode is refused whole (otherwise
a tampered file made alice's allergy cite bob's message, and forgetting bob then deleted
alice's fact). The error names the line and both ids; nothing of the file is stored. Real SQLite
file and real PostgreSQL server (the CLI: ``tests/surfaces/test_cli_transfer.py``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memstrata import InvalidInput, Memory
from memstrata.embed.hashing import HashingEmbedder


def stock(memory: Memory) -> list[dict[str, Any]]:
    memory.add("I'm allergic to peanuts", user_id="alice")
    memory.add("I prefer UPS for delivery", user_id="bob")
    memory.add("I like tea", user_id="carol", agent_id="helper")
    return list(memory.export_all())


def tampered(records: list[dict[str, Any]], user: str, cites_of: str) -> tuple[list[dict[str, Any]], int, int]:
    other = next(r["id"] for r in records if r["type"] == "episode" and r["scope"]["user_id"] == cites_of)
    out, fact_id = [], 0
    for record in records:
        if record["type"] == "fact" and record["scope"]["user_id"] == user and not fact_id:
            record, fact_id = {**record, "citations": [*record["citations"], other]}, record["id"]
        out.append(record)
    return out, fact_id, other


@pytest.fixture(params=["sqlite", "postgres"])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], str]:
    if request.param == "postgres":
        return request.getfixturevalue("pg_url")  # type: ignore[no-any-return]
    names = iter(range(100))
    return lambda: str(tmp_path / f"m{next(names)}.db")


def test_a_fact_citing_another_users_episode_is_refused_and_nothing_is_stored(location: Callable[[], str]) -> None:
    embedder = HashingEmbedder(dim=64)
    with Memory(location(), embedder=embedder) as source:
        records = stock(source)
    bad, fact_id, other = tampered(records, "alice", "bob")
    line = next(i for i, r in enumerate(bad, start=1) if r["type"] == "fact" and r["id"] == fact_id)
    with Memory(location(), embedder=embedder) as target:
        with pytest.raises(InvalidInput) as refused:
            target.import_records(bad)
        message = str(refused.value)
        assert f"record {line}: fact #{fact_id} of default/default user=alice cites episode #{other} of " \
               "default/default user=bob" in message and "nothing was imported" in message
        assert not [r for r in target.export_all() if r["type"] != "id_floor"]
        # Another agent of a user is another owner too; a citation of no episode at all is refused.
        carol, fact_id, other = tampered(records, "carol", "alice")
        with pytest.raises(InvalidInput, match=f"fact #{fact_id} of default/default user=carol agent=helper cites "
                                               f"episode #{other} of default/default user=alice"):
            target.import_records(carol)
        nowhere = [{**r, "citations": [999]} if r["type"] == "fact" else r for r in records]
        with pytest.raises(InvalidInput, match="cites episode #999, which is neither in the import nor"):
            target.import_records(nowhere)
        assert not [r for r in target.export_all() if r["type"] != "id_floor"]
        assert target.import_records(records)["facts"] == 3  # the untouched file restores
        with pytest.raises(InvalidInput, match="cites episode"):  # and a tampered one is refused over it too
            target.import_records(bad)


def test_an_agents_fact_citing_the_users_own_message_round_trips(location: Callable[[], str]) -> None:
    # The write path makes it: the user's message said without an agent restates the fact an agent
    # of the same user stored, and the fact cites both (the user's level reads every agent's facts).
    # An export of that store must import into an empty one.
    embedder = HashingEmbedder(dim=64)
    with Memory(location(), embedder=embedder) as source:
        source.add("I'm allergic to peanuts", user_id="dan", agent_id="bot")
        said = source.add("I'm allergic to peanuts.", user_id="dan")
        [fact] = [f for f in source.list(user_id="dan", agent_id="bot")]
        assert fact.scope.agent_id == "bot" and said.episode_id in fact.citations
        whole, users = list(source.export_all()), list(source.export(user_id="dan"))
    for records in (whole, users):
        with Memory(location(), embedder=embedder) as target:
            assert target.import_records(records)["facts"] == 1
            [back] = target.list(user_id="dan", agent_id="bot")
            assert (back.id, back.citations, back.scope) == (fact.id, fact.citations, fact.scope)
            assert [r for r in target.export_all() if r["type"] != "id_floor"] == \
                [r for r in whole if r["type"] != "id_floor"]
    # another agent's message is still another owner's: refused
    with Memory(location(), embedder=embedder) as source:
        source.add("I'm allergic to peanuts", user_id="dan", agent_id="bot")
        other = source.add("I like tea", user_id="dan", agent_id="helper").episode_id
        records = [{**r, "citations": [*r["citations"], other]} if r["type"] == "fact" and
                   r["scope"]["agent_id"] == "bot" else r for r in source.export_all()]
    with Memory(location(), embedder=embedder) as target, pytest.raises(
            InvalidInput, match=rf"agent=bot cites episode #{other} of default/default user=dan agent=helper"):
        target.import_records(records)
