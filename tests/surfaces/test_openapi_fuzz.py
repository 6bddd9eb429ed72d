"""Fuzz every REST operation from the OpenAPI schema with schemathesis: no 5xx, ever, and every
error in the one shape. Bounded (``MAX_EXAMPLES`` per operation, 5, derandomized: the 31 operations in ~10 s
of calls) so the suite keeps its budget; ``MEMSTRATA_FUZZ_EXAMPLES=500`` runs a longer, random search. Each
operation is a test of its own (its ``[METHOD /path]`` id: ``tests/surfaces/conftest.py``), so a ``-n 2`` run
fuzzes every one.

The schema comes from the app itself (``create_app().openapi()``, no server needed at import);
the requests go to a real ``memstrata serve`` process that holds some memories, sent with the
admin key so the fuzzer reaches every handler rather than stopping at 401.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from serverproc import ADMIN_KEY, Server, start_server

from memstrata.server.app import create_app
from memstrata.server.config import ServerConfig


@schemathesis.serializer("application/x-ndjson")
def _json_lines(_: Any, value: Any) -> bytes:
    """``POST /v1/import`` also takes JSON Lines: one generated item a line."""
    items = value if isinstance(value, list) else [value]
    return "\n".join(json.dumps(item, ensure_ascii=False) for item in items).encode()


MAX_EXAMPLES = int(os.environ.get("MEMSTRATA_FUZZ_EXAMPLES", "5"))
schema = schemathesis.openapi.from_dict(create_app(ServerConfig()).openapi())


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = start_server(tmp_path_factory.mktemp("fuzz"), MEMSTRATA_ADMIN_KEY=ADMIN_KEY)
    with server.client(ADMIN_KEY) as c:
        for user in ("u", "0", ""):
            c.post("/v1/messages", json={"user_id": user or None, "session_id": "s", "messages": [
                {"content": "From now on ship with FedEx"}, {"content": "我以后都希望用顺丰，别放门口"}]})
    yield server
    server.stop()


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck),
          derandomize="MEMSTRATA_FUZZ_EXAMPLES" not in os.environ)
def test_no_server_errors_and_one_error_shape(case: Any, fuzz_server: Server) -> None:
    response = case.call(base_url=fuzz_server.url, headers={"Authorization": f"Bearer {ADMIN_KEY}"}, timeout=60)
    assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.status_code} {response.text}"
    assert "Traceback" not in response.text
    if response.status_code >= 400:
        error = response.json()["error"]
        assert set(error) == {"code", "message", "details"} and error["code"] and error["message"]
