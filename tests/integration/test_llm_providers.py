"""The LLM clients against the scripted server: protocol shapes, validation retry, HTTP retries."""

from __future__ import annotations

import json
import logging
from dataclasses import replace

import pytest
from pydantic import BaseModel

from fakes.openai_server import FakeLLMServer, Reply, Request
from memstrata.config import LLMSettings, Settings
from memstrata.errors import LLMError, LLMOutputError
from memstrata.llm.anthropic import AnthropicLLM
from memstrata.llm.base import Tally, structured
from memstrata.llm.factory import load_llm
from memstrata.llm.openai import OpenAICompatibleLLM


class Answer(BaseModel):
    city: str
    confidence: float


def test_openai_protocol_answer_is_validated_and_counted(llm_server: FakeLLMServer,
                                                         llm_settings: LLMSettings) -> None:
    llm_server.push(Reply({"city": "成都", "confidence": 0.9}, prompt_tokens=120, completion_tokens=9))
    tally = Tally()
    answer = structured(OpenAICompatibleLLM(llm_settings), system="sys", prompt="where?", model=Answer,
                        purpose="test", tally=tally)
    assert answer == Answer(city="成都", confidence=0.9)
    assert (tally.calls, tally.prompt_tokens, tally.completion_tokens, tally.failures) == (1, 120, 9, 0)
    assert tally.latency_ms > 0
    req = llm_server.requests[0]
    assert req.path == "/v1/chat/completions"
    assert req.headers["authorization"] == "Bearer sk-test"
    assert req.body["model"] == "fake-model"
    assert req.body["response_format"]["json_schema"]["schema"]["required"] == ["city", "confidence"]
    assert req.body["messages"][0]["role"] == "system" and "Answer" in req.body["messages"][0]["content"]


def test_json_object_mode_for_servers_without_schema_support(llm_server: FakeLLMServer,
                                                             llm_settings: LLMSettings) -> None:
    llm_server.push({"city": "Lyon", "confidence": 1})
    structured(OpenAICompatibleLLM(replace(llm_settings, json_mode="object")), system="s", prompt="p",
               model=Answer, purpose="test")
    assert llm_server.requests[0].body["response_format"] == {"type": "json_object"}


def test_anthropic_protocol_uses_a_forced_tool(llm_server: FakeLLMServer, llm_settings: LLMSettings) -> None:
    settings = replace(llm_settings, provider="anthropic", base_url=llm_server.root_url, model="claude-x")
    llm_server.push(Reply({"city": "Oslo", "confidence": 0.5}, prompt_tokens=30, completion_tokens=4))
    tally = Tally()
    answer = structured(load_llm(settings), system="sys", prompt="p", model=Answer,  # type: ignore[arg-type]
                        purpose="test", tally=tally)
    assert answer.city == "Oslo" and tally.prompt_tokens == 30
    req = llm_server.requests[0]
    assert req.path == "/v1/messages" and req.headers["x-api-key"] == "sk-test"
    assert req.headers["anthropic-version"] == "2023-06-01"
    assert req.body["tool_choice"] == {"type": "tool", "name": "Answer"}
    assert req.body["tools"][0]["input_schema"]["properties"]["city"]["type"] == "string"
    assert isinstance(load_llm(settings), AnthropicLLM)


@pytest.mark.parametrize("bad", ["{not json", {"city": "Paris"}, {"city": 3, "confidence": "high"}])
def test_malformed_answer_is_retried_once_with_the_error(llm_server: FakeLLMServer, llm_settings: LLMSettings,
                                                         bad: object) -> None:
    llm_server.push(Reply(bad), Reply({"city": "Paris", "confidence": 0.7}))
    answer = structured(OpenAICompatibleLLM(llm_settings), system="s", prompt="p", model=Answer, purpose="t")
    assert answer.city == "Paris"
    second = llm_server.requests[1].body["messages"]
    assert second[-1]["role"] == "user" and "invalid" in second[-1]["content"]
    assert second[-2]["role"] == "assistant"  # the bad answer is shown back


def test_two_malformed_answers_are_logged_and_dropped(llm_server: FakeLLMServer, llm_settings: LLMSettings,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    llm_server.push("```json\n{\"city\": \n```", {"town": "x"})
    tally = Tally()
    with caplog.at_level(logging.WARNING), pytest.raises(LLMOutputError, match="two answers"):
        structured(OpenAICompatibleLLM(llm_settings), system="s", prompt="p", model=Answer, purpose="t",
                   tally=tally)
    rejected = [r for r in caplog.records if "rejected" in r.getMessage()]
    assert len(rejected) == 2 and "town" in rejected[1].getMessage()
    assert tally.calls == 2 and tally.failures == 1


def test_429_and_500_are_retried_with_backoff(llm_server: FakeLLMServer, llm_settings: LLMSettings) -> None:
    llm_server.push(Reply(status=429, headers={"retry-after": "0"}), Reply(status=503),
                    Reply({"city": "Rome", "confidence": 0.6}))
    llm = OpenAICompatibleLLM(llm_settings)
    completion = llm.complete_json(system="s", messages=[], schema={}, schema_name="Answer")
    assert completion.attempts == 3 and len(llm_server.requests) == 3


def test_persistent_500_fails_after_the_retries(llm_server: FakeLLMServer, llm_settings: LLMSettings) -> None:
    llm_server.push(*[Reply(status=500)] * 3)
    with pytest.raises(LLMError, match="after 3 attempts; last: HTTP 500"):
        structured(OpenAICompatibleLLM(llm_settings), system="s", prompt="p", model=Answer, purpose="t")
    assert len(llm_server.requests) == 3 and not llm_server.unscripted


def test_timeouts_are_retried_then_fail(llm_server: FakeLLMServer, llm_settings: LLMSettings) -> None:
    settings = replace(llm_settings, timeout_s=0.2, max_retries=1)
    llm_server.push(Reply({"city": "x", "confidence": 1}, delay_s=0.6), Reply({"city": "y", "confidence": 1},
                                                                             delay_s=0.6))
    with pytest.raises(LLMError, match="timed out"):
        structured(OpenAICompatibleLLM(settings), system="s", prompt="p", model=Answer, purpose="t")
    assert llm_server.wait_for(2) == 2 and not llm_server.unscripted


def test_client_errors_are_not_retried(llm_server: FakeLLMServer, llm_settings: LLMSettings) -> None:
    llm_server.push(Reply(status=401, error_body='{"error": {"message": "bad key"}}'))
    with pytest.raises(LLMError, match=r"HTTP 401.*bad key"):
        structured(OpenAICompatibleLLM(llm_settings), system="s", prompt="p", model=Answer, purpose="t")
    assert len(llm_server.requests) == 1


def test_reasoning_model_parameters_are_adapted_once_and_kept(llm_server: FakeLLMServer,
                                                              llm_settings: LLMSettings) -> None:
    # What OpenAI's API answers a reasoning model (o-series, gpt-5) sent the classic parameters.
    def reasoning_model(request: Request) -> Reply:
        body = request.body
        if "max_tokens" in body:
            return Reply(status=400, error_body=json.dumps({"error": {
                "message": "Unsupported parameter: 'max_tokens' is not supported with this model. "
                           "Use 'max_completion_tokens' instead.", "type": "invalid_request_error",
                "param": "max_tokens", "code": "unsupported_parameter"}}))
        if body.get("temperature", 1) != 1:
            return Reply(status=400, error_body=json.dumps({"error": {
                "message": "Unsupported value: 'temperature' does not support 0 with this model. Only the "
                           "default (1) value is supported.", "type": "invalid_request_error",
                "param": "temperature", "code": "unsupported_value"}}))
        return Reply({"city": "Oslo", "confidence": 0.8})
    llm_server.respond_with(reasoning_model)
    llm = OpenAICompatibleLLM(llm_settings)
    first = structured(llm, system="s", prompt="p", model=Answer, purpose="t")
    second = structured(llm, system="s", prompt="p", model=Answer, purpose="t")
    assert first == second == Answer(city="Oslo", confidence=0.8)
    bodies = [r.body for r in llm_server.requests]
    assert len(bodies) == 4  # refused twice, then answered; the second call goes straight through
    assert bodies[-1]["max_completion_tokens"] == llm_settings.max_tokens
    assert "max_tokens" not in bodies[-1] and "temperature" not in bodies[-1]
    # A refusal that names no parameter is still an error at once, not a loop.
    llm_server.respond_with(None)
    llm_server.push(Reply(status=400, error_body='{"error": {"message": "model not found"}}'))
    with pytest.raises(LLMError, match="model not found"):
        structured(llm, system="s", prompt="p", model=Answer, purpose="t")
    assert len(llm_server.requests) == 5


def test_environment_configures_the_provider() -> None:
    env = {"MEMSTRATA_LLM_PROVIDER": "OpenAI", "MEMSTRATA_LLM_BASE_URL": "http://localhost:11434/v1",
           "MEMSTRATA_LLM_MODEL": "qwen2.5:7b", "MEMSTRATA_LLM_MAX_RETRIES": "5"}
    llm = Settings.from_env(env).llm
    assert (llm.provider, llm.base_url, llm.model, llm.max_retries, llm.api_key) == (
        "openai", "http://localhost:11434/v1", "qwen2.5:7b", 5, "")
    assert Settings.from_env({}).llm.provider is None and load_llm(Settings.from_env({}).llm) is None
    assert Settings.from_env({"MEMSTRATA_LLM_PROVIDER": "anthropic"}).llm.base_url == "https://api.anthropic.com"
    assert "sk-secret" not in repr(Settings.from_env({"MEMSTRATA_LLM_API_KEY": "sk-secret"}))
