"""The memory inspector (``/ui``) end to end: a real headless Chromium against a real
``memstrata serve`` on a real SQLite file with the real embedding model.

One server and one browser for the module; the tests run in order and build on each other
(sign in, browse, search, history, edit, forget, then a user-bound key and cross-site posts).
What a page shows is checked against the database file itself (``sqlite3``).
"""

from __future__ import annotations

import http.server
import io
import json
import sqlite3
import threading
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from browser import accept_language, start_browser, wait
from cryptography.fernet import Fernet
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support import expected_conditions as seen
from serverproc import ADMIN_KEY, Server, free_port, start_server

from memstrata.ui.views import RECENT_EPISODES

SAID = {"s1": ["From now on ship with FedEx", "我以后都希望用顺丰，别放门口", "I'm allergic to peanuts"],
        "s2": ["I live in Berlin", "My favourite colour is green"],
        # contact.email is high sensitivity: with an encryption key the fact is stored encrypted
        "s3": ["My email is carol.secret@example.net"]}
EMAIL = "carol.secret@example.net"


@dataclass
class World:
    server: Server
    driver: WebDriver
    alice_key: str
    facts: dict[str, int]
    bob_fact: int

    def open(self, path: str) -> None:
        self.driver.get(self.server.url + path)

    def db(self) -> sqlite3.Connection:
        return sqlite3.connect(f"file:{self.server.db}?mode=ro", uri=True)

    def text(self, css: str) -> str:
        return str(self.driver.find_element(By.CSS_SELECTOR, css).text)


def _ok(response: httpx.Response) -> Any:
    assert response.status_code == 200, response.text
    return response.json()


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    server = start_server(tmp_path_factory.mktemp("inspector"), log_level="info", MEMSTRATA_ADMIN_KEY=ADMIN_KEY,
                          MEMSTRATA_ENCRYPTION_KEY=Fernet.generate_key().decode(), MEMSTRATA_PRIVACY="email=allow")
    driver = None
    try:
        facts: dict[str, int] = {}
        with server.client(ADMIN_KEY) as admin:
            for session, messages in SAID.items():
                added = _ok(admin.post("/v1/messages", json={"user_id": "alice", "session_id": session, "wait": True,
                                                             "messages": [{"content": m} for m in messages]}))
                for result in added["results"]:
                    for change in result["facts"]:
                        facts[change["fact"]["value"]] = change["fact"]["id"]
            bob = _ok(admin.post("/v1/messages", json={"user_id": "bob", "session_id": "b1", "wait": True,
                                                       "messages": [{"content": "I live in Paris"}]}))
            # one page of the profile's episodes and one more (views.RECENT_EPISODES)
            _ok(admin.post("/v1/messages", json={"user_id": "bob", "session_id": "b2", "messages": [
                {"content": f"Reminder {i}: water the plants"} for i in range(RECENT_EPISODES)]}))
            alice_key = _ok(admin.post("/v1/keys", json={"org_id": "default", "project_id": "default",
                                                         "user_id": "alice", "name": "alice"}))["secret"]
        driver = start_browser(tmp_path_factory.mktemp("chromium"))
        accept_language(driver, "en-US,en;q=0.9")
        yield World(server, driver, alice_key, facts, bob["results"][0]["facts"][0]["fact"]["id"])
    finally:
        if driver is not None:
            driver.quit()
        server.stop()


def _sign_in(w: World, key: str) -> None:
    w.open("/ui/")
    wait(w.driver).until(seen.presence_of_element_located((By.ID, "api_key")))
    w.driver.find_element(By.ID, "api_key").send_keys(key)
    w.driver.find_element(By.ID, "login-submit").click()
    wait(w.driver).until(seen.presence_of_element_located((By.ID, "logout")))


def test_a_page_without_a_key_asks_for_one_and_the_key_cookie_is_httponly_and_strict(world: World) -> None:
    world.open("/ui/users")
    assert world.driver.current_url.endswith("/ui/login")
    world.driver.find_element(By.ID, "api_key").send_keys("msk_not-a-key-of-this-server")
    world.driver.find_element(By.ID, "login-submit").click()
    wait(world.driver).until(seen.presence_of_element_located((By.ID, "login-failed")))
    assert "memstrata_key" not in {c["name"] for c in world.driver.get_cookies()}
    _sign_in(world, ADMIN_KEY)
    users = [a.text for a in world.driver.find_elements(By.CSS_SELECTOR, "#users .user-link")]
    assert users == ["alice", "bob"]
    cookies = {c["name"]: c for c in world.driver.get_cookies()}
    for name in ("memstrata_key", "memstrata_session"):
        assert cookies[name]["httpOnly"] is True and cookies[name]["sameSite"] == "Strict", cookies[name]
    assert cookies["memstrata_key"]["value"] == ADMIN_KEY


def test_the_profile_shows_current_facts_by_topic_with_markers_and_episodes_by_session(world: World) -> None:
    world.driver.find_element(By.LINK_TEXT, "alice").click()
    wait(world.driver).until(seen.presence_of_element_located((By.ID, "profile-user")))
    allergy = world.driver.find_element(By.ID, f"fact-{world.facts['peanuts']}")
    assert "is allergic to peanuts" in allergy.text
    assert allergy.find_element(By.CSS_SELECTOR, ".sens").get_attribute("class") == "sens sens-medium"
    carrier = world.driver.find_element(By.ID, f"fact-{world.facts['顺丰']}").text
    assert "顺丰" in carrier and "0.92" in carrier
    assert not world.driver.find_elements(By.ID, f"fact-{world.facts['FedEx']}")  # superseded: not current
    topics = [h.text for h in world.driver.find_elements(By.CSS_SELECTOR, ".topic h3")]
    assert topics == sorted(topics, key=str.lower) and "shipping" in topics and "health" in topics
    sessions = [s.get_attribute("data-session") for s in world.driver.find_elements(By.CSS_SELECTOR, ".session")]
    assert sessions == ["s3", "s2", "s1"]  # the newest session first
    counts = world.text("#counts")
    assert counts.split("Episodes")[1].split()[0] == "6"


def test_older_episodes_are_a_page_further(world: World) -> None:
    world.open("/ui/profile?user=bob")
    first = world.driver.find_elements(By.CSS_SELECTOR, ".episodes li")
    assert len(first) == RECENT_EPISODES and all("I live in Paris" not in li.text for li in first)  # next page
    world.driver.find_element(By.ID, "older-episodes").click()
    wait(world.driver).until(seen.staleness_of(first[0]))
    older = world.driver.find_elements(By.CSS_SELECTOR, ".episodes li")
    assert len(older) == 1 and "I live in Paris" in older[0].text
    assert not world.driver.find_elements(By.ID, "older-episodes")


def test_an_encrypted_fact_shows_a_marker_and_never_its_value(world: World) -> None:
    email = world.facts[EMAIL]
    world.open("/ui/profile?user=alice")
    row = world.driver.find_element(By.ID, f"fact-{email}")
    assert row.find_element(By.CSS_SELECTOR, ".locked").text == "encrypted: value hidden"
    assert row.find_element(By.CSS_SELECTOR, ".sens").get_attribute("class") == "sens sens-high"
    assert EMAIL not in row.text
    for path in (f"/ui/history?user=alice&fact={email}", f"/ui/edit?user=alice&fact={email}",
                 "/ui/forget?user=alice&target=session&session=s3",
                 "/ui/search?user=alice&q=what+is+my+email&kinds=fact"):
        world.open(path)
        assert EMAIL not in world.driver.page_source and world.driver.find_elements(By.CSS_SELECTOR, ".locked"), path
    with world.db() as db:
        stored = db.execute("SELECT value FROM facts WHERE id = ?", (email,)).fetchone()[0]
    assert stored.startswith("enc:v1:")


def test_search_ranks_hits_with_signals_and_a_citation_opens_the_message_among_its_neighbours(world: World) -> None:
    world.driver.find_element(By.ID, "nav-search").click()
    wait(world.driver).until(seen.presence_of_element_located((By.ID, "q")))
    world.driver.find_element(By.ID, "q").send_keys("what is she allergic to")
    world.driver.find_element(By.ID, "min_match").send_keys("0.3")
    world.driver.find_element(By.ID, "search-submit").click()
    wait(world.driver).until(seen.presence_of_element_located((By.CSS_SELECTOR, "#results .hit")))
    hits = world.driver.find_elements(By.CSS_SELECTOR, "#results .hit")
    assert "peanuts" in hits[0].text
    assert "match" in hits[0].find_element(By.CSS_SELECTOR, ".signals").text
    peanut_episode = next(c for c in hits[0].find_elements(By.CSS_SELECTOR, ".citation"))
    cited = int(peanut_episode.text.lstrip("#"))
    peanut_episode.click()  # htmx swaps the message in its session into the side panel
    wait(world.driver).until(seen.presence_of_element_located((By.CSS_SELECTOR, "#citation #episode-view")))
    assert world.driver.current_url.split("?")[0].endswith("/ui/search")  # the page stayed
    conversation = world.driver.find_elements(By.CSS_SELECTOR, "#citation .conversation li")
    assert [li.text.splitlines()[-1] for li in conversation] == SAID["s1"]
    highlighted = world.driver.find_element(By.CSS_SELECTOR, "#citation li.cited")
    assert int(str(highlighted.get_attribute("data-episode"))) == cited


def test_search_takes_the_api_options_filter_and_kinds(world: World) -> None:
    world.open("/ui/search?user=alice")
    world.driver.find_element(By.ID, "q").send_keys("shipping")
    world.driver.find_element(By.ID, "filter").send_keys('tag = "shipping"')
    world.driver.find_element(By.CSS_SELECTOR, "input[name=kinds][value=episode]").click()  # facts only
    world.driver.find_element(By.ID, "search-submit").click()
    wait(world.driver).until(seen.presence_of_element_located((By.CSS_SELECTOR, "#results .hit")))
    hits = world.driver.find_elements(By.CSS_SELECTOR, "#results .hit")
    assert {h.get_attribute("data-kind") for h in hits} == {"fact"}
    assert {int(str(h.get_attribute("data-id"))) for h in hits} == {world.facts["顺丰"], world.facts["不放门口"]}
    world.open("/ui/search?user=alice&q=shipping&as_of=2020-01-01T00:00")  # believed before anything was said
    assert world.driver.find_elements(By.ID, "no-hits")
    world.open("/ui/search?user=alice&q=where+do+I+live&mode=short_term&session=s2")
    with world.db() as db:
        s2 = {r[0] for r in db.execute("SELECT id FROM episodes WHERE session_id = 's2'")}
    shown = {(h.get_attribute("data-kind"), int(str(h.get_attribute("data-id"))))
             for h in world.driver.find_elements(By.CSS_SELECTOR, "#results .hit")}
    assert shown and {kind for kind, _ in shown} == {"episode"} and {i for _, i in shown} <= s2


def test_history_shows_the_supersede_chain_and_a_confirmed_rollback_restores_the_old_value(world: World) -> None:
    current = world.facts["顺丰"]
    world.open(f"/ui/history?user=alice&fact={current}")
    versions = world.driver.find_elements(By.CSS_SELECTOR, "#timeline .version")
    assert [(v.get_attribute("data-fact"), v.get_attribute("data-status")) for v in versions] == [
        (str(world.facts["FedEx"]), "superseded"), (str(current), "active")]
    assert "FedEx" in versions[0].text and "now" in versions[1].text  # the active value is valid until now
    supersede = versions[0].find_element(By.CSS_SELECTOR, "tr.event[data-action=supersede]")
    action, actor, at = (td.text for td in supersede.find_elements(By.TAG_NAME, "td")[:3])
    assert action == "supersede" and actor and at.endswith(" UTC")
    supersede.find_element(By.CSS_SELECTOR, ".rollback-link").click()
    world.driver.find_element(By.ID, "confirm-rollback").click()
    wait(world.driver).until(seen.presence_of_element_located((By.ID, "done")))
    with world.db() as db:
        status = dict(db.execute("SELECT id, status FROM facts WHERE id IN (?, ?)", (world.facts["FedEx"], current)))
        logged = db.execute("SELECT action, actor FROM memory_events WHERE fact_id = ? ORDER BY id DESC",
                            (world.facts["FedEx"],)).fetchone()
    assert status == {world.facts["FedEx"]: "active", current: "superseded"}
    assert logged == ("restore", "ui:admin")  # the rollback is itself an audit event, by the inspector


def test_editing_a_fact_supersedes_it_with_an_audited_update(world: World) -> None:
    old = world.facts["Berlin"]
    world.open(f"/ui/edit?user=alice&fact={old}")
    value = world.driver.find_element(By.ID, "value")
    value.clear()
    value.send_keys("慕尼黑")
    world.driver.find_element(By.ID, "save").click()
    wait(world.driver).until(seen.presence_of_element_located((By.ID, "done")))
    with world.db() as db:
        rows = db.execute("SELECT id, value, status FROM facts WHERE key = 'identity.location' AND user_id = 'alice' "
                          "ORDER BY id").fetchall()
        events = db.execute("SELECT action, actor FROM memory_events WHERE fact_id = ? ORDER BY id", (old,)).fetchall()
    assert rows[0] == (old, "Berlin", "superseded") and rows[-1][1:] == ("慕尼黑", "active")
    assert ("supersede", "ui:admin") in events
    assert f"version-{rows[-1][0]}" in world.driver.page_source and "慕尼黑" in world.text(f"#version-{rows[-1][0]}")


def test_forgetting_a_session_shows_exactly_what_will_go_then_the_receipt(world: World) -> None:
    world.open("/ui/profile?user=alice")
    world.driver.find_element(By.CSS_SELECTOR, ".session[data-session=s2] .forget-session").click()
    wait(world.driver).until(seen.presence_of_element_located((By.ID, "forget-counts")))
    shown = {r.get_attribute("data-count"): int(r.find_element(By.CSS_SELECTOR, "td").text)
             for r in world.driver.find_elements(By.CSS_SELECTOR, "#forget-counts tr[data-count]")}
    going = {int(str(li.get_attribute("data-fact"))) for li in world.driver.find_elements(By.CSS_SELECTOR,
                                                                                           "#forget-facts li")}
    statements = world.text("#forget-facts")
    with world.db() as db:
        s2 = [r[0] for r in db.execute("SELECT id FROM episodes WHERE session_id = 's2'")]
    assert shown["episodes"] == len(s2) == 2
    assert world.facts["green"] in going and "favorite colour is green" in statements
    assert world.facts["peanuts"] not in going  # said in s1: stays
    world.driver.find_element(By.ID, "confirm-forget").click()
    wait(world.driver).until(seen.presence_of_element_located((By.ID, "receipt")))
    receipt = {r.get_attribute("data-count"): int(r.find_element(By.CSS_SELECTOR, "td").text)
               for r in world.driver.find_elements(By.CSS_SELECTOR, "#receipt tr[data-count]")}
    assert {k: receipt[k] for k in shown} == shown  # the preview counted what the forget deleted
    with world.db() as db:
        left = db.execute("SELECT count(*) FROM episodes WHERE session_id = 's2'").fetchone()[0]
        facts_left = db.execute(f"SELECT count(*) FROM facts WHERE id IN ({','.join('?' * len(going))})",
                                sorted(going)).fetchone()[0]
        kept = db.execute("SELECT status FROM facts WHERE id = ?", (world.facts["peanuts"],)).fetchone()
    assert (left, facts_left, kept) == (0, 0, ("active",))


def test_labels_follow_the_browsers_language(world: World) -> None:
    accept_language(world.driver, "zh-CN,zh;q=0.9,en;q=0.5")
    try:
        world.open("/ui/profile?user=alice")
        assert world.driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-CN"
        assert world.text("h1").startswith("画像") and "导出 JSONL" in world.text("#counts")
    finally:
        accept_language(world.driver, "en-US,en;q=0.9")
    world.open("/ui/profile?user=alice")
    assert world.text("h1").startswith("Profile")


def test_a_user_bound_key_sees_only_its_user_and_cannot_open_another_users_pages(world: World) -> None:
    world.open("/ui/users")
    world.driver.find_element(By.ID, "logout").click()
    wait(world.driver).until(seen.presence_of_element_located((By.ID, "api_key")))
    _sign_in(world, world.alice_key)
    assert "/ui/profile" in world.driver.current_url  # a user's key lands on its own profile
    world.open("/ui/users")
    assert [a.text for a in world.driver.find_elements(By.CSS_SELECTOR, "#users .user-link")] == ["alice"]
    for path in ("/ui/profile?user=bob", f"/ui/history?user=bob&fact={world.bob_fact}", "/ui/search?user=bob&q=Paris",
                 "/ui/forget?user=bob&target=user", "/ui/export.jsonl?user=bob"):
        world.open(path)
        assert "403" in world.text("h1") and "Paris" not in world.driver.page_source, path
    world.open(f"/ui/history?user=alice&fact={world.bob_fact}")  # bob's fact under alice's name: not found
    assert "404" in world.text("h1") and "Paris" not in world.driver.page_source


class _AttackerPage(http.server.BaseHTTPRequestHandler):
    """Another site's page that posts a forget of alice to the inspector as soon as it loads."""

    target = ""

    def do_GET(self) -> None:
        body = (f'<html><body onload="document.forms[0].submit()"><form method="post" action="{self.target}">'
                '<input name="user" value="alice"><input name="target" value="user"></form></body></html>').encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def test_a_cross_site_post_is_refused_and_deletes_nothing(world: World) -> None:
    _AttackerPage.target = f"{world.server.url}/ui/forget"
    # One thread per connection: the browser keeps an idle connection open, which a one-thread
    # server would wait on in shutdown() until the browser dropped it (about a minute).
    attacker = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), _AttackerPage)
    threading.Thread(target=attacker.serve_forever, daemon=True).start()
    try:
        world.driver.get(f"http://127.0.0.1:{attacker.server_port}/")  # another origin, same machine
        wait(world.driver).until(seen.presence_of_element_located((By.ID, "error-message")))
        assert "403" in world.text("h1")
    finally:
        attacker.shutdown()
        attacker.server_close()
    cookies = {c["name"]: c["value"] for c in world.driver.get_cookies()}
    with httpx.Client(base_url=world.server.url, cookies=cookies) as browser_like:
        no_token = browser_like.post("/ui/forget", data={"user": "alice", "target": "user"})
        assert no_token.status_code == 403 and "csrf_token_invalid" in no_token.text
        world.open("/ui/profile?user=alice")
        token = str(world.driver.find_element(By.NAME, "csrf_token").get_attribute("value"))
        foreign = browser_like.post("/ui/forget", data={"user": "alice", "target": "user", "csrf_token": token},
                                    headers={"Origin": "http://attacker.example"})
        assert foreign.status_code == 403 and "cross_site_request" in foreign.text
        for blank in ({"user": "alice"}, {"user": "alice", "target": "session", "session": "  "},
                      {"user": " ", "target": "user"}, {"user": "alice", "target": "everything"}):
            refused = browser_like.post("/ui/forget", data={**blank, "csrf_token": token})
            assert refused.status_code == 422, blank  # no explicit target: nothing is forgotten
    with world.db() as db:
        assert db.execute("SELECT count(*) FROM episodes WHERE user_id = 'alice'").fetchone()[0] == 4


def test_the_export_is_the_users_jsonl(world: World) -> None:
    with world.server.client(world.alice_key) as client:
        lines = client.get("/ui/export.jsonl", params={"user": "alice"})
    assert lines.status_code == 200 and lines.headers["content-type"].startswith("application/x-ndjson")
    records = [httpx.Response(200, content=line).json() for line in lines.text.splitlines()]
    episodes = [r for r in records if r.get("type") == "episode"]
    assert sorted(e["content"] for e in episodes) == sorted(SAID["s1"] + SAID["s3"])


def test_the_markdown_export_is_the_users_projection_in_the_keys_tenant(world: World) -> None:
    with world.server.client(world.alice_key) as client:
        packed = client.get("/ui/export.zip", params={"user": "alice"})
    with world.server.client(ADMIN_KEY) as admin:
        elsewhere = admin.get("/ui/export.zip", params={"user": "alice", "org": "another-org"})
    assert packed.status_code == 200 and packed.headers["content-type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(packed.content)) as archive:
        memory_md = archive.read("MEMORY.md").decode()
        notes = "".join(archive.read(n).decode() for n in archive.namelist() if n.startswith("memory/"))
        manifest = json.loads(archive.read(".memstrata.json"))
    assert "is allergic to peanuts" in memory_md and "配送偏好顺丰" not in memory_md  # rolled back to FedEx
    assert all(said in notes for said in SAID["s1"]) and manifest["user_id"] == "alice"
    # alice has nothing in that tenant: refused, naming her, as every export door refuses it
    assert elsewhere.status_code == 404 and "nothing is stored for another-org/" in elsewhere.text


def test_the_access_log_holds_no_memory_content(world: World) -> None:
    lines = [line for line in world.server.log.read_text(encoding="utf-8").splitlines() if "/ui/" in line]
    assert any('"GET /ui/search?… HTTP/1.1" 200' in line for line in lines), lines[:5]
    for needle in ("allergic", "peanut", "shipping", "alice", "bob", "s2", "慕尼黑", "%E6", "tag"):
        assert not [line for line in lines if needle in line], needle


def test_pages_load_only_the_packages_own_htmx(world: World) -> None:
    world.driver.get_log("browser")  # drained: earlier pages' 403 and 404 answers are logged as errors
    world.open("/ui/profile?user=alice")
    assert world.driver.get_log("browser") == []  # no blocked script or style (Content-Security-Policy)
    scripts = [s.get_attribute("src") for s in world.driver.find_elements(By.TAG_NAME, "script")]
    assert scripts == [f"{world.server.url}/ui/static/htmx.min.js"]
    assert world.driver.execute_script("return typeof htmx") == "object"
    license_text = httpx.get(f"{world.server.url}/ui/static/htmx.LICENSE").text
    assert "Zero-Clause BSD" in license_text


def test_deleting_a_fact_asks_first_then_shows_the_receipt_and_keeps_the_messages(world: World) -> None:
    dropoff = world.facts["不放门口"]
    world.open("/ui/profile?user=alice")
    world.driver.find_element(By.CSS_SELECTOR, f"#fact-{dropoff} .delete-link").click()
    wait(world.driver).until(seen.presence_of_element_located((By.ID, "confirm-delete")))
    with world.db() as db:
        assert db.execute("SELECT count(*) FROM facts WHERE id = ?", (dropoff,)).fetchone()[0] == 1  # not yet
    world.driver.find_element(By.ID, "confirm-delete").click()
    wait(world.driver).until(seen.presence_of_element_located((By.ID, "receipt")))
    assert world.text("#receipt tr[data-count=facts] td") == "1"
    with world.db() as db:
        gone = db.execute("SELECT count(*) FROM facts WHERE id = ?", (dropoff,)).fetchone()[0]
        said = db.execute("SELECT count(*) FROM episodes WHERE user_id = 'alice'").fetchone()[0]
    assert (gone, said) == (0, 4)


def test_a_citation_forgotten_since_the_search_shows_why_in_the_panel(world: World) -> None:
    world.open("/ui/search?user=alice&q=peanuts&kinds=episode")
    citation = world.driver.find_element(By.CSS_SELECTOR, "#results .citation")
    with world.server.client(ADMIN_KEY) as admin:
        _ok(admin.post("/v1/forget", json={"user_id": "alice", "episode_id": int(citation.text.lstrip("#"))}))
    citation.click()
    wait(world.driver).until(seen.presence_of_element_located((By.CSS_SELECTOR, "#citation #error-message")))
    assert "404" in world.text("#citation h1") and not world.driver.find_elements(By.CSS_SELECTOR, "#citation .top")
    assert world.driver.find_elements(By.CSS_SELECTOR, "#results .hit")  # the results stay


def test_deleting_a_fact_with_its_message_lists_the_other_fact_that_goes_then_deletes_just_those(
        world: World) -> None:
    with world.server.client(ADMIN_KEY) as admin:
        said = _ok(admin.post("/v1/messages", json={"user_id": "alice", "session_id": "s4", "wait": True,
                                                    "messages": [{"content": "I'm vegetarian and I work as a nurse"}]}))
    facts = {c["fact"]["key"]: c["fact"]["id"] for c in said["results"][0]["facts"]}
    world.open("/ui/profile?user=alice")
    world.driver.find_element(By.CSS_SELECTOR, f"#fact-{facts['food.diet']} .delete-link").click()
    wait(world.driver).until(seen.presence_of_element_located((By.ID, "delete-also")))
    listed = {int(str(li.get_attribute("data-fact"))): li.text
              for li in world.driver.find_elements(By.CSS_SELECTOR, "#delete-also li")}
    assert list(listed) == [facts["identity.occupation"]]  # was: the page did not say which
    assert listed[facts["identity.occupation"]].startswith("identity.occupation = nurse")
    with world.db() as db:
        before = {r[0] for r in db.execute("SELECT id FROM facts WHERE user_id = 'alice'")}
    world.driver.find_element(By.ID, "sources").click()
    world.driver.find_element(By.ID, "confirm-delete").click()
    wait(world.driver).until(seen.presence_of_element_located((By.ID, "receipt")))
    assert world.text("#receipt tr[data-count=facts] td") == "2"
    with world.db() as db:
        after = {r[0] for r in db.execute("SELECT id FROM facts WHERE user_id = 'alice'")}
    assert before - after == {facts["food.diet"], *listed}


def test_an_encrypted_fact_that_goes_with_the_message_is_listed_with_its_value_hidden(world: World) -> None:
    hidden = "nurse.hidden@example.net"
    with world.server.client(ADMIN_KEY) as admin:
        said = _ok(admin.post("/v1/messages", json={"user_id": "alice", "session_id": "s5", "wait": True, "messages": [
            {"content": f"I work as a nurse and my email is {hidden}"}]}))
    facts = {c["fact"]["key"]: c["fact"]["id"] for c in said["results"][0]["facts"]}
    world.open(f"/ui/delete?user=alice&fact={facts['identity.occupation']}")
    wait(world.driver).until(seen.presence_of_element_located((By.ID, "delete-also")))
    row = world.driver.find_element(By.CSS_SELECTOR, f"#delete-also li[data-fact='{facts['contact.email']}']")
    assert row.text.startswith("contact.email = encrypted: value hidden") and hidden not in row.text
    assert world.driver.find_elements(By.CSS_SELECTOR, "#delete-sources li")  # the message itself is listed above


def test_forgetting_the_user_previews_every_fact_then_leaves_nothing_of_that_user(world: World) -> None:
    world.open("/ui/profile?user=alice")
    world.driver.find_element(By.ID, "forget-user").click()
    wait(world.driver).until(seen.presence_of_element_located((By.ID, "forget-counts")))
    going = {int(str(li.get_attribute("data-fact")))
             for li in world.driver.find_elements(By.CSS_SELECTOR, "#forget-facts li")}
    with world.db() as db:
        stored = {r[0] for r in db.execute("SELECT id FROM facts WHERE user_id = 'alice'")}
    assert going == stored and EMAIL not in world.driver.page_source
    world.driver.find_element(By.ID, "confirm-forget").click()
    wait(world.driver).until(seen.presence_of_element_located((By.ID, "receipt")))
    assert world.text("#receipt tr[data-count=facts] td") == str(len(stored))
    with world.db() as db:
        left = [db.execute(f"SELECT count(*) FROM {t} WHERE user_id = ?", (u,)).fetchone()[0]
                for t in ("episodes", "facts") for u in ("alice", "bob")]
    assert left[0] == left[2] == 0 and left[1] == RECENT_EPISODES + 1 and left[3] == 1  # alice gone, bob untouched
