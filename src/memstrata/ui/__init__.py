"""The memory inspector: browser pages at ``/ui`` over the REST server's ``Memory``.

Server-rendered Jinja2 templates with htmx (2.0.11, 0BSD, served from ``static/``: nothing is
fetched from the internet); labels in English and Chinese by ``Accept-Language`` (``i18n``);
the REST API's keys guard it, forms are checked against cross-site requests and the access log
keeps no query string (``guard``). ``pages`` holds the GET pages, ``actions`` the POSTs.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from memstrata.ui import actions, guard, pages
from memstrata.ui.context import HERE, STATIC


def install(app: FastAPI) -> None:
    """Add the inspector's pages, its static files and the access-log redaction to ``app``."""
    app.mount(STATIC, StaticFiles(directory=str(HERE / "static")), name="ui-static")
    app.include_router(pages.router)
    app.include_router(actions.router)
    guard.redact_access_log()
