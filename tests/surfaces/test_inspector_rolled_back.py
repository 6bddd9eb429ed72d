"""The inspector's history page stops offering a rollback that was done.

After a supersede was rolled back, its row still showed *Roll back*, and following it ended in
"event #N was already rolled back". The row now says it was rolled back, with no link; an event not
rolled back keeps its link. Real ``memstrata serve`` with keys (a script posts with the admin key in
a header).
"""

from __future__ import annotations

import re

from serverproc import ADMIN_KEY, Server


def _rows(page: str) -> dict[int, str]:
    """Each event row of the history page by event id: its last cell."""
    return {int(m.group(1)): m.group(2) for m in re.finditer(
        r'<tr class="event" data-event="(\d+)" data-action="\w+">.*?<td>([^\n]*?)</td>\s*</tr>', page, re.DOTALL)}


def test_a_rolled_back_event_is_marked_and_offers_no_second_rollback(keyed_server: Server) -> None:
    with keyed_server.client(ADMIN_KEY) as admin:
        for said in ("I prefer UPS for delivery", "Actually, make it FedEx"):
            added = admin.post("/v1/messages", json={"user_id": "hal", "wait": True, "messages": [{"content": said}]})
            assert added.status_code == 200, added.text
        fedex = added.json()["results"][0]["facts"][0]["fact"]["id"]
        before = admin.get("/ui/history", params={"user": "hal", "fact": fedex}).text
        [supersede] = [int(i) for i in re.findall(r'data-event="(\d+)" data-action="supersede"', before)]
        assert "rollback-link" in _rows(before)[supersede]
        done = admin.post("/ui/rollback", data={"user": "hal", "fact": str(fedex), "event": str(supersede)})
        assert done.status_code == 303, done.text[:300]
        after = admin.get("/ui/history", params={"user": "hal", "fact": fedex}).text
    row = _rows(after)[supersede]
    assert "rollback-link" not in row and 'class="muted rolled-back">Rolled back<' in row, row  # was the link
