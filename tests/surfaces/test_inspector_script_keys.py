"""A script that sends the inspector a key in a header is told when the key is refused.

A browser without a key (or with a stale sign-in cookie) is sent to the sign-in form; a script with
a mistyped, revoked or unknown header key gets 401 naming the problem, as a POST does and as the
REST API does, not a redirect to a form it cannot fill in. Real ``memstrata serve`` with keys.
"""

from __future__ import annotations

import pytest
from serverproc import ADMIN_KEY, Server

PAGES = ["/ui/users", "/ui/profile?user=alice", "/ui/search?user=alice&q=x"]


@pytest.mark.parametrize("header", ["Authorization", "X-API-Key"])
def test_a_refused_header_key_is_a_401_on_every_page(keyed_server: Server, header: str) -> None:
    value = "Bearer not-a-key" if header == "Authorization" else "not-a-key"
    with keyed_server.client() as client:
        for page in PAGES:
            answer = client.get(page, headers={header: value})
            # was 303 to /ui/login: with redirects followed, a 200 sign-in page
            assert answer.status_code == 401, (page, answer.status_code, answer.headers.get("location"))
            assert "the API key is unknown, malformed or revoked" in answer.text, answer.text[:500]


def test_a_browser_without_a_key_or_with_a_stale_cookie_is_sent_to_sign_in(keyed_server: Server) -> None:
    with keyed_server.client() as client:
        bare = client.get("/ui/users")
        client.cookies.set("memstrata_key", "revoked-key")
        stale = client.get("/ui/users")
    for answer in (bare, stale):
        assert (answer.status_code, answer.headers.get("location")) == (303, "/ui/login"), answer.text[:300]


def test_a_good_header_key_opens_the_page(keyed_server: Server) -> None:
    with keyed_server.client(ADMIN_KEY) as client:
        assert client.get("/ui/users").status_code == 200
