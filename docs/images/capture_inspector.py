"""Capture the screenshots of docs/inspector.md: a fresh database, a real ``memstrata serve``,
Debian's headless chromium.

    .venv/bin/python docs/images/capture_inspector.py

Needs ``apt-get install -y chromium chromium-driver fonts-noto-cjk`` (without a CJK font the
Chinese labels render as boxes) and the ``server`` and ``test`` extras. Writes
``docs/images/inspector-{profile,search,history,forget}.png``.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support import expected_conditions as seen
from selenium.webdriver.support.ui import WebDriverWait

from memstrata import Memory

OUT = Path(__file__).parent
SAID = {("alice", "s1"): ["From now on ship with FedEx", "我以后都希望用顺丰，别放门口", "I'm allergic to peanuts"],
        ("alice", "s2"): ["I live in Berlin", "My favourite colour is green", "我每天早上跑步"],
        ("bob", "b1"): ["I live in Paris"]}


def seed(db: Path) -> int:
    """Store the conversations; returns the id of the current shipping carrier fact (顺丰)."""
    with Memory(db, user_id="alice") as memory:
        for (user, session), messages in SAID.items():
            for text in messages:
                memory.add(text, user_id=user, session_id=session, wait=True)
        return memory.list(key="shipping.carrier", user_id="alice")[0].id


def serve(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``memstrata serve`` on a free loopback port; wait until it answers."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMSTRATA_")} | {"MEMSTRATA_DB": str(db)}
    process = subprocess.Popen([str(Path(sys.executable).with_name("memstrata")), "serve", "--port", str(port),
                                "--log-level", "warning"], env=env)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{url}/readyz", timeout=1).status_code == 200:
                return process, url
        except httpx.HTTPError:
            time.sleep(0.2)
    process.terminate()
    raise RuntimeError("memstrata serve did not start")


def browser() -> WebDriver:
    """Headless chromium with a fresh profile and no background traffic."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1280,960",
                 f"--user-data-dir={tempfile.mkdtemp(prefix='memstrata-shots-')}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def language(driver: WebDriver, value: str) -> None:
    """Send ``Accept-Language: value`` from now on."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"Accept-Language": value}})


def main() -> None:
    """Seed, serve, and take the four screenshots."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "memory.db"
        carrier = seed(db)
        process, url = serve(db)
        driver = browser()
        try:
            language(driver, "en-US,en;q=0.9")
            driver.get(f"{url}/ui/profile?user=alice")
            driver.save_screenshot(str(OUT / "inspector-profile.png"))
            language(driver, "zh-CN,zh;q=0.9")
            driver.get(f"{url}/ui/search?user=alice&q=她对什么过敏&min_match=0.3")
            driver.find_element(By.CSS_SELECTOR, "#results .citation").click()
            WebDriverWait(driver, 15).until(seen.presence_of_element_located((By.CSS_SELECTOR, "#citation li.cited")))
            driver.save_screenshot(str(OUT / "inspector-search.png"))
            driver.get(f"{url}/ui/history?user=alice&fact={carrier}")
            driver.save_screenshot(str(OUT / "inspector-history.png"))
            language(driver, "en-US,en;q=0.9")
            driver.get(f"{url}/ui/forget?user=alice&target=session&session=s2")
            driver.save_screenshot(str(OUT / "inspector-forget.png"))
        finally:
            driver.quit()
            process.terminate()
            process.wait(timeout=20)


if __name__ == "__main__":
    main()
