"""Against a real provider, only when configured: set MEMSTRATA_TEST_LLM_PROVIDER (openai |
anthropic), MEMSTRATA_TEST_LLM_MODEL, and optionally MEMSTRATA_TEST_LLM_BASE_URL and
MEMSTRATA_TEST_LLM_API_KEY (e.g. a local Ollama). Skipped otherwise."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memstrata import Memory
from memstrata.config import DEFAULT_BASE_URLS, LLMSettings, Settings

PROVIDER = os.environ.get("MEMSTRATA_TEST_LLM_PROVIDER", "")
pytestmark = pytest.mark.skipif(not PROVIDER or not os.environ.get("MEMSTRATA_TEST_LLM_MODEL"),
                                reason="no real LLM configured (MEMSTRATA_TEST_LLM_PROVIDER/_MODEL unset)")


def test_real_provider_extracts_a_profile_feature_in_the_conversation_language(db_path: Path) -> None:
    llm = LLMSettings(provider=PROVIDER, model=os.environ.get("MEMSTRATA_TEST_LLM_MODEL", ""),
                      base_url=os.environ.get("MEMSTRATA_TEST_LLM_BASE_URL") or DEFAULT_BASE_URLS.get(PROVIDER, ""),
                      api_key=os.environ.get("MEMSTRATA_TEST_LLM_API_KEY", ""), timeout_s=120)
    with Memory(settings=Settings(db_path=db_path, llm=llm), embedder=None, user_id="u1", session_id="s1") as mem:
        result = mem.add("我对花生过敏，下个月要搬到成都工作。", wait=True)
        assert result.extraction == "done", mem.queue_status()
        values = " ".join(c.fact.value for c in result.semantic)
        assert any("\u4e00" <= ch <= "\u9fff" for ch in values), values
        assert all(c.fact.citations == (result.episode_id,) for c in result.semantic)
