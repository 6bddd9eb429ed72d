"""The try-it page works without internet (FastAPI's default ``/docs`` loads Swagger UI
from a CDN and stays blank offline). Real ``memstrata serve`` process over
real HTTP: the page, its script and style sheet all come from the server itself."""

from __future__ import annotations

import re

from serverproc import Server


def test_the_docs_page_and_its_assets_are_served_locally(modelless_server: Server) -> None:
    with modelless_server.client() as c:
        page = c.get("/docs")
        assert page.status_code == 200 and "swagger-ui" in page.text
        assert "cdn.jsdelivr.net" not in page.text and "https://" not in page.text.split("<body>")[0]
        assets = re.findall(r"""(?:href|src)=['"](/docs/static/[^'"]+)['"]""", page.text)
        assert {a.rsplit("/", 1)[1] for a in assets} >= {"swagger-ui-bundle.js", "swagger-ui.css"}
        for asset in assets:
            got = c.get(asset)
            assert got.status_code == 200 and len(got.content) > 500, asset
        assert c.get("/openapi.json").json()["info"]["title"] == "memstrata"
        assert c.get("/redoc").status_code == 404  # ReDoc is CDN-only: not offered
