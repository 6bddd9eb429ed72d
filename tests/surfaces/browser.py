"""A real headless Chromium (Debian's ``chromium`` + ``chromium-driver``) driven by Selenium.

The browser runs with a fresh profile and no background traffic (no updates, sync or
component downloads), so a test sees only the pages it opens. ``.ci/run`` installs the two
Debian packages; without them the browser tests are skipped with the install command.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1280,1000")
#: Seconds a test waits for a page or an htmx swap before it fails.
WAIT_S = 15
#: Seconds between two looks while waiting: with selenium's default, 0.5 s, a test sat idle for up to
#: half a second after each page or swap it waited for had arrived.
POLL_S = 0.05


def start_browser(profile: Path | None = None) -> WebDriver:
    """A headless Chromium with a fresh ``--user-data-dir`` (``profile`` or a new temporary one)."""
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        pytest.skip("the browser tests need Debian's chromium and chromium-driver: "
                    "apt-get install -y chromium chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*FLAGS, f"--user-data-dir={profile or tempfile.mkdtemp(prefix='memstrata-chromium-')}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(WAIT_S * 2)
    return driver


def accept_language(driver: WebDriver, value: str) -> None:
    """Send ``Accept-Language: value`` with every request from now on (DevTools protocol)."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"Accept-Language": value}})


def wait(driver: WebDriver) -> WebDriverWait[WebDriver]:
    """A ``WebDriverWait`` of ``WAIT_S`` seconds, looking every ``POLL_S``."""
    return WebDriverWait(driver, WAIT_S, poll_frequency=POLL_S)
