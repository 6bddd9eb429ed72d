"""The inspector's search page refuses an option it cannot read, naming it, as the REST search does.

A typed or edited address (``/ui/search?...&kinds=facts``) is bad input: the page says which option
and what it takes, instead of searching with the option dropped. Real ``memstrata serve`` (with
keys, so a script sends the admin key in a header) on a real SQLite file.
"""

from __future__ import annotations

import re

import pytest
from serverproc import ADMIN_KEY, Server


@pytest.fixture(scope="module")
def server(keyed_server: Server) -> Server:
    with keyed_server.client(ADMIN_KEY) as admin:
        added = admin.post("/v1/messages", json={"user_id": "ivy", "wait": True,
                                                 "messages": [{"content": "I prefer UPS for delivery"}]})
        assert added.status_code == 200, added.text
    return keyed_server


def _kinds_shown(page: str) -> set[str]:
    return set(re.findall(r'class="hit[^"]*"[^>]*data-kind="(\w+)"', page))


@pytest.mark.parametrize("kinds", [["facts"], ["bogus"], ["fact", "bogus"], ["episode", ""]])
def test_an_unknown_kind_is_refused_by_name(server: Server, kinds: list[str]) -> None:
    with server.client(ADMIN_KEY) as client:
        page = client.get("/ui/search", params={"user": "ivy", "q": "which carrier?", "kinds": kinds})
    # was 200: the unknown kind dropped, so 'facts' searched both kinds and 'fact', 'bogus' facts alone
    assert page.status_code == 422, page.text[:300]
    bad = next(k for k in kinds if k not in ("fact", "episode"))
    assert f"kinds holds the string &#34;{bad}&#34;, which is not a kind: use &#39;fact&#39; or &#39;episode&#39;" \
        in page.text, page.text


def test_known_kinds_search_them_and_none_ticked_searches_both(server: Server) -> None:
    with server.client(ADMIN_KEY) as client:
        facts = client.get("/ui/search", params={"user": "ivy", "q": "which carrier?", "kinds": ["fact"]})
        both = client.get("/ui/search", params={"user": "ivy", "q": "which carrier?"})
    assert facts.status_code == both.status_code == 200, (facts.text[:300], both.text[:300])
    assert _kinds_shown(facts.text) == {"fact"}
    assert _kinds_shown(both.text) == {"fact", "episode"}


@pytest.mark.parametrize("mode", ["short_term", "both"])
def test_a_session_mode_without_a_session_names_the_pages_session_box(server: Server, mode: str) -> None:
    with server.client(ADMIN_KEY) as client:
        page = client.get("/ui/search", params={"user": "ivy", "q": "which carrier?", "mode": mode})
    # was: "short-term memory is per session: give a session_id", a field the page has not
    assert page.status_code == 422, page.text[:300]
    assert f"mode {mode} reads one session&#39;s recent turns: give the session in `session`" in page.text, page.text


def test_a_time_out_of_range_once_in_utc_is_refused_by_name(server: Server) -> None:
    with server.client(ADMIN_KEY) as client:
        page = client.get("/ui/search", params={"user": "ivy", "q": "which carrier?",
                                                "as_of": "9999-12-31T23:59:59-12:00"})
    # was 500: OverflowError out of clock.parse_said_at
    assert page.status_code == 422, page.text[:300]
    assert "as_of: &#39;9999-12-31T23:59:59-12:00&#39; is out of range once converted to UTC" in page.text, page.text
