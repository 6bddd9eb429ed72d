"""Maintenance on a schedule (``memstrata serve``): ``maintain`` every ``Settings.maintain_every_s``.

The scheduler runs on a daemon thread with its own connection to the database (file or
PostgreSQL URL), so a long step never holds the server's connection; ``maintain`` is idempotent and made of short
transactions, so several server workers each running one is safe (the later runs find
nothing to do).
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import cast

from memstrata.clock import utcnow
from memstrata.config import Settings
from memstrata.lifecycle.maintain import MaintenanceReport, maintain
from memstrata.store.backends import open_store
from memstrata.store.protocol import LifecycleStore

log = logging.getLogger(__name__)


class MaintenanceScheduler:
    """Runs ``maintain`` on ``location`` every ``every_s`` seconds until ``stop()``.

    Args:
        location: the database file, or a ``postgresql://`` URL (with its password).
        settings: retention settings (archive rule, merge threshold, ...).
        every_s: seconds between runs (the first run comes after one interval).
    """

    def __init__(self, location: str | Path, settings: Settings, *, every_s: float) -> None:
        self.location, self.settings, self.every_s = location, settings, every_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="memstrata-maintain", daemon=True)
        self.runs = 0
        self.last: MaintenanceReport | None = None

    def start(self) -> MaintenanceScheduler:
        """Start the thread; returns ``self``."""
        self._thread.start()
        return self

    def _loop(self) -> None:
        while not self._stop.wait(self.every_s):
            try:
                store = cast(LifecycleStore, open_store(self.location, busy_timeout_s=self.settings.busy_timeout_s,
                                                        max_connections=1,
                                                        defer_scrub=self.settings.forget_scrub == "maintain"))
                try:
                    self.last = maintain(store, self.settings, now=utcnow())
                finally:
                    store.close()
                self.runs += 1
                if self.last.changed:  # counts only: a log line never carries memory content
                    log.info("maintenance: %s", {k: v for k, v in self.last.as_dict().items() if k != "notes"})
            except Exception as exc:  # the next interval tries again
                log.warning("scheduled maintenance failed (%s); retrying in %.0f s", type(exc).__name__, self.every_s)

    def stop(self, timeout: float | None = 30.0) -> None:
        """Stop after the current run (if any) and wait for the thread."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout)
