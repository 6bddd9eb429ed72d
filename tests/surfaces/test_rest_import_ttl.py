"""``POST /v1/import`` of ``GET /v1/export`` keeps a message's own lifetime (otherwise
a message stored with ``ttl`` for an hour is re-added for ever, with its facts); one whose
time is up is not stored again, and the answer says so. Real servers over HTTP on real SQLite
files, the default model."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from serverproc import ADMIN_KEY, Server

from memstrata.clock import from_db


def test_an_imported_export_keeps_each_messages_ttl(open_server: Server, keyed_server: Server) -> None:
    with open_server.client() as source:
        stored = source.post("/v1/messages", json={"user_id": "ttl-user", "messages": [
            {"content": "I prefer UPS for delivery", "ttl": 3600},
            {"content": "I'm allergic to peanuts"},
            {"content": "I live in Berlin", "ttl": 7200}]})
        assert stored.status_code == 200, stored.text
        exported = [json.loads(line) for line in source.get("/v1/export", params={"user_id": "ttl-user"}).text
                    .splitlines()]
    expiry = {r["content"]: r["expires_at"] for r in exported if r["type"] == "episode"}
    assert expiry["I'm allergic to peanuts"] is None and expiry["I prefer UPS for delivery"] is not None
    # One record's time is up by the time it is imported (its ttl ran out meanwhile).
    past = (datetime.now(UTC) - timedelta(minutes=1)).isoformat()
    records = [{**r, "expires_at": past} if r.get("content") == "I live in Berlin" else r for r in exported]
    # imported into the run's keyed server: another database, the same default model, no ttl-user there
    with keyed_server.client(ADMIN_KEY) as client:
        answer = client.post("/v1/import", json={"records": records})
        assert answer.status_code == 200, answer.text
        episodes = client.get("/v1/episodes", params={"user_id": "ttl-user"}).json()["items"]
        facts = client.get("/v1/facts", params={"user_id": "ttl-user"}).json()["items"]
    body = answer.json()
    assert body["added"] == 2 and "1 episode records had expired" in body["note"]
    kept = {e["content"]: e["expires_at"] for e in episodes}
    assert set(kept) == {"I prefer UPS for delivery", "I'm allergic to peanuts"}  # Berlin's time was up
    assert kept["I'm allergic to peanuts"] is None
    assert from_db(kept["I prefer UPS for delivery"]) == from_db(expiry["I prefer UPS for delivery"])
    by_key = {f["key"]: f["expires_at"] for f in facts}
    # the fact drawn from the hour-long message expires with it again, the allergy never
    assert from_db(by_key["shipping.carrier"]) == from_db(expiry["I prefer UPS for delivery"])
    assert by_key["health.allergy"] is None and "identity.location" not in by_key
