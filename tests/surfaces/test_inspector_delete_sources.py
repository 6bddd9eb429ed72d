"""The inspector's delete page shows what its "also forget the messages" box takes with the fact.

One message often states several facts ("I prefer FedEx for delivery. I'm allergic to peanuts.").
Deleting the allergy with its messages forgets that message, and with it the FedEx preference it
alone stated; the page said only "Also forget the messages that stated it", so the second fact went
unannounced (the receipt counted 2 facts). The page now lists the messages and says that every fact
only they stated goes too. Real ``memstrata serve`` with keys, checked in the SQLite file.
"""

from __future__ import annotations

import html
import sqlite3

from serverproc import ADMIN_KEY, Server

SAID = "I prefer FedEx for delivery. I'm allergic to peanuts."


def test_the_delete_page_lists_the_messages_and_says_their_other_facts_go_too(keyed_server: Server) -> None:
    with keyed_server.client(ADMIN_KEY) as admin:
        added = admin.post("/v1/messages", json={"user_id": "fay", "wait": True, "messages": [{"content": SAID}]})
        assert added.status_code == 200, added.text
        facts = {c["fact"]["key"]: c["fact"]["id"] for c in added.json()["results"][0]["facts"]}
        episode = added.json()["results"][0]["episode_id"]
        page = admin.get("/ui/delete", params={"user": "fay", "fact": facts["health.allergy"]})
        assert page.status_code == 200, page.text[:300]
        text = html.unescape(page.text)
        assert "Also forget the messages that stated it (below), and with them every other fact that only they " \
               "stated" in text
        assert f'<li data-episode="{episode}">' in text and SAID in text  # was: no message on the page
        zh = html.unescape(admin.get("/ui/delete", params={"user": "fay", "fact": facts["health.allergy"]},
                                     headers={"Accept-Language": "zh-CN"}).text)
        assert "以及仅由这些消息陈述的其他所有事实" in zh and SAID in zh
        done = admin.post("/ui/delete", data={"user": "fay", "fact": str(facts["health.allergy"]), "sources": "on"})
    assert done.status_code == 200, done.text[:300]
    with sqlite3.connect(f"file:{keyed_server.db}?mode=ro", uri=True) as db:
        left = db.execute("SELECT count(*) FROM facts WHERE user_id = 'fay'").fetchone()[0]
        said = db.execute("SELECT count(*) FROM episodes WHERE user_id = 'fay'").fetchone()[0]
    assert (left, said) == (0, 0)  # the FedEx preference went with the message, as the page said
