"""Anthropic's Messages API (``POST {base_url}/v1/messages``, default base
``https://api.anthropic.com``, the SDK's convention).

Structured output uses a forced tool call: the schema is the tool's ``input_schema`` and
``tool_choice`` names it, so the answer arrives as the tool's ``input`` object.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import httpx

from memstrata.config import LLMSettings
from memstrata.errors import LLMError
from memstrata.llm.base import ChatMessage, Completion
from memstrata.llm.http import post_json

#: The Messages API version header value (Anthropic's stable version since 2023).
ANTHROPIC_VERSION = "2023-06-01"


class AnthropicLLM:
    """``LLM`` over Anthropic's Messages API (see the module docstring)."""

    def __init__(self, settings: LLMSettings, *, client: httpx.Client | None = None) -> None:
        if not settings.model:
            raise LLMError("no LLM model configured: set MEMSTRATA_LLM_MODEL (e.g. claude-sonnet-4-5)")
        self.settings = settings
        self.name = f"anthropic:{settings.model}"
        self.url = settings.base_url.rstrip("/") + "/v1/messages"
        self.client = client or httpx.Client(timeout=settings.timeout_s)

    def complete_json(self, *, system: str, messages: Sequence[ChatMessage], schema: dict[str, Any],
                      schema_name: str) -> Completion:
        """One message answered through a forced tool call; see ``LLM``."""
        body: dict[str, Any] = {
            "model": self.settings.model,
            "max_tokens": self.settings.max_tokens,
            "temperature": 0,
            "system": system,
            "messages": [{"role": m.role, "content": m.content} for m in messages],
            "tools": [{"name": schema_name, "description": f"Record the answer as {schema_name}.",
                       "input_schema": schema}],
            "tool_choice": {"type": "tool", "name": schema_name},
        }
        headers = {"anthropic-version": ANTHROPIC_VERSION}
        if self.settings.api_key:
            headers["x-api-key"] = self.settings.api_key
        data, attempts, latency = post_json(
            self.client, self.url, headers=headers, body=body, max_retries=self.settings.max_retries,
            backoff_s=self.settings.backoff_s, max_backoff_s=self.settings.max_backoff_s)
        blocks = data.get("content")
        if not isinstance(blocks, list):
            raise LLMError(f"{self.url} answered without a content list: {str(data)[:300]}")
        tool = next((b for b in blocks if isinstance(b, dict) and b.get("type") == "tool_use"), None)
        if tool is not None:
            text = json.dumps(tool.get("input"), ensure_ascii=False)
        else:  # the model ignored the tool: validate whatever text it gave
            text = "".join(str(b.get("text", "")) for b in blocks if isinstance(b, dict))
        usage = data.get("usage") or {}
        return Completion(text, int(usage.get("input_tokens") or 0), int(usage.get("output_tokens") or 0),
                          latency, attempts)
