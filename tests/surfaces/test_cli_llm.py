"""``memstrata remember`` with an LLM configured shows the extracted profile features with their
citations; ``memstrata status`` reports the queue. The CLI in-process (``clirun``) with its settings
in the environment, real HTTP to the fake server."""

from __future__ import annotations

import json
from pathlib import Path

from clirun import Run, cli
from fakes.openai_server import FakeLLMServer, Reply


def run(server: FakeLLMServer, db: Path, *args: str) -> Run:
    """``memstrata ARGS`` with the database, user and LLM given as ``MEMSTRATA_*`` settings."""
    return cli(*args, env={"MEMSTRATA_DB": str(db), "MEMSTRATA_EMBEDDING_MODEL": "none", "MEMSTRATA_USER": "u1",
                           "MEMSTRATA_LLM_PROVIDER": "openai", "MEMSTRATA_LLM_BASE_URL": server.base_url,
                           "MEMSTRATA_LLM_MODEL": "qwen2.5:7b", "MEMSTRATA_LLM_MAX_RETRIES": "0"})


def test_remember_shows_profile_features_with_citations(tmp_path: Path, llm_server: FakeLLMServer) -> None:
    db = tmp_path / "memory.db"
    llm_server.push({"commands": [
        {"command": "add", "tag": "travel", "feature": "plans", "value": "Chengdu in May with the kids"},
        {"command": "add", "tag": "family", "feature": "children", "value": "has kids"}]})
    first = run(llm_server, db, "remember", "We're flying to Chengdu with the kids in May")
    assert first.returncode == 0, first.stderr
    assert "Profile (LLM):" in first.stdout
    assert "- profile.travel.plans = Chengdu in May with the kids (cites episode#1) [create]" in first.stdout
    assert "- profile.family.children = has kids (cites episode#1) [create]" in first.stdout
    assert llm_server.requests[0].body["model"] == "qwen2.5:7b"

    llm_server.push(Reply(status=500))
    failed = run(llm_server, db, "remember", "I also speak Sichuanese")
    assert failed.returncode == 0 and "LLM extraction retry" in failed.stderr

    status = run(llm_server, db, "status", "--json")
    report = json.loads(status.stdout)
    assert (report["pending"], report["done"], report["llm"]) == (1, 1, "openai:qwen2.5:7b")
    assert "HTTP 500" in report["last_error"]


def test_recall_with_a_retrieval_agent_reports_its_costs(tmp_path: Path, llm_server: FakeLLMServer) -> None:
    db = tmp_path / "memory.db"
    llm_server.push({"commands": []})
    assert run(llm_server, db, "remember", "Alice lives in Lyon").returncode == 0
    llm_server.push(Reply({"queries": ["Alice city", "Lyon"]}, prompt_tokens=50, completion_tokens=10))
    recall = run(llm_server, db, "recall", "Where does Alice live?", "--agent-mode", "split", "--json")
    assert recall.returncode == 0, recall.stderr
    data = json.loads(recall.stdout)
    assert data["agent"]["agent"] == "split" and data["agent"]["queries"] == ["Alice city", "Lyon"]
    assert (data["agent"]["llm_calls"], data["agent"]["prompt_tokens"]) == (1, 50)
    assert "Lyon" in data["hits"][0]["text"]
