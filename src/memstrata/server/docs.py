"""The try-it page (``/docs``) served from this machine.

FastAPI's default page loads Swagger UI from a CDN (``cdn.jsdelivr.net``, an unpinned major
version): on a deployment without internet access, which memstrata supports, the page stayed
blank. The same page is built here with FastAPI's own
``get_swagger_ui_html`` over the files of the pinned ``swagger-ui-bundle`` package (Swagger
UI 4.15.5, Apache-2.0), mounted under ``/docs/static``. ReDoc (also CDN-only) is not offered.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from swagger_ui_bundle import swagger_ui_path

#: Where the Swagger UI files are served.
STATIC = "/docs/static"


def install(app: FastAPI) -> None:
    """Add ``GET /docs`` (the page) and ``/docs/static/*`` (its script and style sheet) to
    ``app``, which must be built with ``docs_url=None`` so FastAPI's CDN page is not routed."""
    app.mount(STATIC, StaticFiles(directory=str(swagger_ui_path)), name="swagger-ui")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return get_swagger_ui_html(openapi_url=app.openapi_url or "/openapi.json", title=f"{app.title} API",
                                   swagger_js_url=f"{STATIC}/swagger-ui-bundle.js",
                                   swagger_css_url=f"{STATIC}/swagger-ui.css",
                                   swagger_favicon_url=f"{STATIC}/favicon-32x32.png")
