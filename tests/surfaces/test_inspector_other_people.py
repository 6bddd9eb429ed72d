"""The inspector shows a fact about someone else as theirs wherever it lists one: the profile files it under "About
other people" / 关于其他人 (by whom it is about) by the rule ``Memory.context`` files it by
(``context.attribution.is_users_own_fact``), and the profile, search, history and edit pages name the person when the
statement does not (``Bob likes eating sushi``, not ``likes eating sushi``). Before, the profile listed
``老婆最喜欢的颜色是红色`` (subject ``wife``) under "preference" among the user's own facts. Real ``memstrata serve``
over HTTP, real SQLite file and model."""

from __future__ import annotations

import html
import re

import httpx
from serverproc import Server

USER = "inspector-others"
OTHERS = "About other people"


def _statements(page: str) -> list[str]:
    return re.findall(r'<td class="statement">(.*?)</td>', page)


def _page(client: httpx.Client, path: str, language: str = "en", **params: str | int) -> str:
    got = client.get(path, params={"user": USER, **params}, headers={"Accept-Language": language})
    assert got.status_code == 200, got.text[:500]
    return html.unescape(got.text)


def test_the_inspector_lists_other_peoples_facts_as_theirs(open_server: Server) -> None:
    with open_server.client() as client:
        added = client.post("/v1/messages", json={"user_id": USER, "messages": [
            {"content": "老婆最喜欢的颜色是红色"}, {"content": "我喜欢喝绿茶"},
            {"content": "I love sushi", "speaker": "Bob"}]})
        assert added.status_code == 200, added.text
        facts = {c["fact"]["subject"]: c["fact"] for r in added.json()["results"] for c in r["facts"]}
        assert set(facts) == {"wife", None, "Bob"}, facts
        page = _page(client, "/ui/profile")
        zh = _page(client, "/ui/profile", "zh-CN")
        block = client.post("/v1/context", json={"user_id": USER, "query": "what do you know about me?"}).json()
        search = _page(client, "/ui/search", q="sushi", kinds="fact")
        history = _page(client, "/ui/history", fact=facts["Bob"]["id"])
        edit = _page(client, "/ui/edit", fact=facts["Bob"]["id"])

    assert OTHERS in page, page[:3000]
    own, others = page.split(OTHERS, 1)
    assert _statements(own) == ["喜欢喝绿茶"], page[:4000]
    assert _statements(others) == ["Bob likes eating sushi", "老婆最喜欢的颜色是红色"], page[:4000]
    assert 'data-subject="wife"' in others and 'data-subject="Bob"' in others
    assert "关于其他人" in zh and _statements(zh.split("关于其他人", 1)[1]) == _statements(others)
    # The same facts are the other people's in the context block, by the same rule.
    context_others = block["context"].split(f"## {OTHERS}\n", 1)[1]
    assert "Bob likes eating sushi" in context_others and "老婆最喜欢的颜色是红色" in context_others, block
    assert '<div class="hit-text">Bob likes eating sushi</div>' in search, search[:4000]
    assert "Bob likes eating sushi" in history and "Bob likes eating sushi" in edit
