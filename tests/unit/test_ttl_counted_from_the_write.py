"""A message's TTL counts from when it is written, not from when the call began: the first ``add`` of a
process loads the model for seconds before the write, and ``add(..., ttl=3)`` stored a record already
expired when the call returned. The write's own clock (``Ingestor.write``'s ``now``) stands for a write
that happens later than the call, so nothing here waits on the wall clock."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from memstrata import Memory
from memstrata.write.ingest import expiring


def test_the_expiry_is_the_write_time_plus_the_ttl(memory: Memory) -> None:
    message = memory.message("I live in Berlin", ttl=3)
    assert message.expires_at is None and message.ttl == 3.0
    written = message.created_at + timedelta(seconds=10)  # the model took ten seconds to load
    ingestor = memory._ingestor()
    ingestor.write(ingestor.prepare([message]), now=written)
    [episode] = memory.list(kind="episode")
    [fact] = memory.list(kind="fact")
    assert episode.expires_at == written + timedelta(seconds=3)
    assert (fact.key, fact.expires_at) == ("identity.location", written + timedelta(seconds=3))


def test_an_expiry_given_is_kept_and_no_ttl_gives_none(memory: Memory) -> None:
    now = memory.message("x").created_at
    given = memory.message("I live in Berlin", ttl=3)
    kept = expiring(replace(given, expires_at=now), now + timedelta(hours=1))
    assert kept.expires_at == now  # an import keeps the export's own expiry
    assert expiring(memory.message("I live in Berlin"), now).expires_at is None
