"""The inspector's delete page names, by key and value, every other fact its "also forget the
messages" box takes: the facts ``Memory.delete_preview`` lists, which the delete then removes.

"I'm allergic to peanuts and I ship with FedEx" states two facts. The page listed the message and
said "every other fact that only they stated" goes, without saying which: the FedEx fact went
unnamed. Now the confirmation lists ``shipping.carrier = FedEx``; a fact another message also states
is not listed, and stays. Real ``memstrata serve`` with keys, checked in the SQLite file.
"""

from __future__ import annotations

import html
import re
import sqlite3

from serverproc import ADMIN_KEY, Server

SAID = "I'm allergic to peanuts and I ship with FedEx"


def _add(admin: object, user: str, *texts: str) -> dict[str, int]:
    facts: dict[str, int] = {}
    for text in texts:
        added = admin.post("/v1/messages", json={"user_id": user, "wait": True,  # type: ignore[attr-defined]
                                                 "messages": [{"content": text}]})
        assert added.status_code == 200, added.text
        facts.update({c["fact"]["key"]: c["fact"]["id"] for c in added.json()["results"][0]["facts"]})
    return facts


def _listed(page: str) -> dict[int, str]:
    """The facts the page says go with the messages: id -> "key = value"."""
    block = re.search(r'<ul class="delete-also" id="delete-also">(.*?)</ul>', page, re.S)
    if block is None:
        return {}
    # "<code>key</code> = value <span class="badge">status</span>" -> "key = value"
    return {int(i): " ".join(re.sub(r"<[^>]+>", " ", html.unescape(text)).split()[:-1])
            for i, text in re.findall(r'<li data-fact="(\d+)">(.*?)</li>', block.group(1), re.S)}


def _stored_facts(server: Server, user: str) -> set[int]:
    with sqlite3.connect(f"file:{server.db}?mode=ro", uri=True) as db:
        return {r[0] for r in db.execute("SELECT id FROM facts WHERE user_id = ?", (user,))}


def test_the_delete_page_names_the_other_fact_the_message_takes_and_the_delete_takes_it(
        keyed_server: Server) -> None:
    with keyed_server.client(ADMIN_KEY) as admin:
        facts = _add(admin, "gil", SAID)
        page = admin.get("/ui/delete", params={"user": "gil", "fact": facts["health.allergy"]})
        assert page.status_code == 200, page.text[:300]
        listed = _listed(page.text)
        assert listed == {facts["shipping.carrier"]: "shipping.carrier = FedEx"}  # was: not named
        assert "With these messages, these other facts go too" in html.unescape(page.text)
        zh = admin.get("/ui/delete", params={"user": "gil", "fact": facts["health.allergy"]},
                       headers={"Accept-Language": "zh-CN"}).text
        assert "随这些消息一并删除的其他事实" in zh and _listed(zh) == listed
        before = _stored_facts(keyed_server, "gil")
        done = admin.post("/ui/delete", data={"user": "gil", "fact": str(facts["health.allergy"]), "sources": "on"})
    assert done.status_code == 200, done.text[:300]
    assert before - _stored_facts(keyed_server, "gil") == {facts["health.allergy"], *listed}


def test_a_fact_another_message_states_is_not_listed_and_stays(keyed_server: Server) -> None:
    with keyed_server.client(ADMIN_KEY) as admin:
        facts = _add(admin, "hana", SAID, "Please ship it with FedEx")
        page = admin.get("/ui/delete", params={"user": "hana", "fact": facts["health.allergy"]})
        assert page.status_code == 200, page.text[:300]
        assert _listed(page.text) == {} and 'id="delete-also-none"' in page.text
        assert "No other fact goes with these messages." in page.text
        done = admin.post("/ui/delete", data={"user": "hana", "fact": str(facts["health.allergy"]), "sources": "on"})
    assert done.status_code == 200, done.text[:300]
    assert _stored_facts(keyed_server, "hana") == {facts["shipping.carrier"]}
