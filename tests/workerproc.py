"""Helpers for tests that run ``memstrata worker`` processes against the scripted LLM server."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

from fakes.openai_server import FakeLLMServer, Reply, Request


def cli() -> list[str]:
    """The ``memstrata`` command of this environment."""
    beside = Path(sys.executable).with_name("memstrata")
    return [str(beside)] if beside.exists() else [sys.executable, "-m", "memstrata.cli"]


def worker_env(server: FakeLLMServer, db_settings: dict[str, Any]) -> dict[str, str]:
    """The environment of a ``memstrata worker`` on the database of ``db_settings`` (a file or a
    URL): no embedding model, the scripted LLM, batches of 3 messages, a 1-second lease."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMSTRATA_")}
    db = db_settings.get("database_url") or db_settings["db_path"]
    env.update({"MEMSTRATA_DB": str(db), "MEMSTRATA_EMBEDDING_MODEL": "none",
                "MEMSTRATA_LLM_PROVIDER": "openai", "MEMSTRATA_LLM_BASE_URL": server.base_url,
                "MEMSTRATA_LLM_MODEL": "fake-model", "MEMSTRATA_LLM_TIMEOUT_S": "60",
                "MEMSTRATA_FLUSH_EVERY": "3", "MEMSTRATA_QUEUE_LEASE_S": "1"})
    return env


def one_feature_per_message(request: Request) -> Reply:
    """Answer an extraction with one feature per message: value = the message's text."""
    lines = re.findall(r"^\[#(\d+)\] user \([^)]*\): (.*)$", request.body["messages"][-1]["content"], re.M)
    return Reply({"commands": [{"command": "add", "tag": "notes", "feature": f"message {i}", "value": text,
                                "cite": [int(i)]} for i, text in lines]})
