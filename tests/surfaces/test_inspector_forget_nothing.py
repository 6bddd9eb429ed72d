"""The inspector's forget of a session or user that holds nothing says nothing was deleted, instead of
"Forgotten." over a table of zeros (a mistyped session read as done); a forget that deletes says "Forgotten.".
Real ``memstrata serve`` with keys (the run's shared one), the form posted with the key in a header."""

from __future__ import annotations

from serverproc import ADMIN_KEY, Server


def test_a_forget_that_deletes_nothing_says_so(keyed_server: Server) -> None:
    with keyed_server.client(ADMIN_KEY) as admin:
        added = admin.post("/v1/messages", json={"user_id": "nia", "session_id": "s1",
                                                 "messages": [{"content": "I live in Oslo"}]})
        assert added.status_code == 200, added.text
        nothing = admin.post("/ui/forget", data={"user": "nia", "target": "session", "session": "nope"})
        assert nothing.status_code == 200, nothing.text[:300]
        assert 'id="receipt-nothing"' in nothing.text and 'id="receipt-done"' not in nothing.text
        done = admin.post("/ui/forget", data={"user": "nia", "target": "session", "session": "s1"})
        assert done.status_code == 200, done.text[:300]
        assert 'id="receipt-done"' in done.text and 'id="receipt-nothing"' not in done.text
