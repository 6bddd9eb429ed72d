"""Any OpenAI-compatible chat-completions endpoint: OpenAI, Ollama, vLLM, llama.cpp server,
DeepSeek, Qwen (DashScope compatible mode), LM Studio.

``base_url`` is the API root including ``/v1`` (the OpenAI SDK's convention), e.g.
``https://api.openai.com/v1`` or ``http://localhost:11434/v1`` for Ollama.
JSON output per ``json_mode``: ``schema`` sends ``response_format: json_schema`` (OpenAI,
Ollama ≥ 0.5, vLLM, llama.cpp), ``object`` sends ``json_object`` (DeepSeek), ``none`` sends
neither; the schema is always also written into the system prompt, so every mode works.

Reasoning models (OpenAI o-series, gpt-5) refuse ``max_tokens`` ("use
'max_completion_tokens' instead") and any ``temperature`` but the default. When the
endpoint answers HTTP 400 naming one of those parameters, the call is repeated once
without it (``max_completion_tokens`` in place of ``max_tokens``) and the client keeps the
working form for its later calls. Servers that take the classic parameters never see a
difference.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import httpx

from memstrata.config import LLMSettings
from memstrata.errors import LLMError, LLMRefused
from memstrata.llm.base import ChatMessage, Completion
from memstrata.llm.http import post_json


def schema_instruction(schema: dict[str, Any], name: str) -> str:
    """The sentence appended to every system prompt: answer with JSON matching ``schema``."""
    return (f"\n\nAnswer with one JSON document only (no prose, no code fence) matching this JSON Schema "
            f"named {name}:\n{json.dumps(schema, ensure_ascii=False)}")


class OpenAICompatibleLLM:
    """``LLM`` over ``POST {base_url}/chat/completions`` (see the module docstring).

    Args:
        settings: provider settings (base URL, key, model, timeouts, retries, JSON mode).
        client: an ``httpx.Client`` to use (tests, connection reuse); default a new one
            with ``settings.timeout_s``.
    """

    def __init__(self, settings: LLMSettings, *, client: httpx.Client | None = None) -> None:
        if not settings.model:
            raise LLMError("no LLM model configured: set MEMSTRATA_LLM_MODEL (e.g. gpt-4o-mini, qwen2.5:7b)")
        self.settings = settings
        self.name = f"openai:{settings.model}"
        self.url = settings.base_url.rstrip("/") + "/chat/completions"
        self.client = client or httpx.Client(timeout=settings.timeout_s)
        #: The request fields this endpoint accepts; narrowed after a 400 that names one.
        self._token_field = "max_tokens"
        self._send_temperature = True

    def complete_json(self, *, system: str, messages: Sequence[ChatMessage], schema: dict[str, Any],
                      schema_name: str) -> Completion:
        """One chat completion answered as JSON; see ``LLM``."""
        headers = {"Authorization": f"Bearer {self.settings.api_key}"} if self.settings.api_key else {}
        while True:  # ends: each parameter is adapted at most once, then a refusal is raised
            try:
                data, attempts, latency = post_json(
                    self.client, self.url, headers=headers, body=self._body(system, messages, schema, schema_name),
                    max_retries=self.settings.max_retries, backoff_s=self.settings.backoff_s,
                    max_backoff_s=self.settings.max_backoff_s)
                break
            except LLMRefused as exc:
                if not self._adapt(exc):
                    raise
        try:
            text = data["choices"][0]["message"].get("content") or ""
        except (KeyError, IndexError, TypeError, AttributeError) as exc:
            raise LLMError(f"{self.url} answered without choices[0].message: {str(data)[:300]}") from exc
        usage = data.get("usage") or {}
        return Completion(str(text), int(usage.get("prompt_tokens") or 0),
                          int(usage.get("completion_tokens") or 0), latency, attempts)

    def _adapt(self, refused: LLMRefused) -> bool:
        """Drop or rename the parameter a 400 names; ``False`` when there is nothing to change."""
        if refused.status != 400:
            return False
        if "max_tokens" in refused.body and self._token_field == "max_tokens":
            self._token_field = "max_completion_tokens"
            return True
        if "temperature" in refused.body and self._send_temperature:
            self._send_temperature = False
            return True
        return False

    def _body(self, system: str, messages: Sequence[ChatMessage], schema: dict[str, Any],
              schema_name: str) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.settings.model,
            self._token_field: self.settings.max_tokens,
            "messages": [{"role": "system", "content": system + schema_instruction(schema, schema_name)}]
            + [{"role": m.role, "content": m.content} for m in messages],
        }
        if self._send_temperature:
            body["temperature"] = 0
        if self.settings.json_mode == "schema":
            body["response_format"] = {"type": "json_schema",
                                       "json_schema": {"name": schema_name, "schema": schema, "strict": False}}
        elif self.settings.json_mode == "object":
            body["response_format"] = {"type": "json_object"}
        return body
