"""The ``LLM`` protocol, per-call accounting, and ``structured``: a schema-checked call.

Every provider answers ``complete_json(system=..., messages=..., schema=..., schema_name=...)``
with the raw text of one JSON answer and what it cost. ``structured`` turns that into a
validated pydantic object: a malformed answer (not JSON, or JSON of the wrong shape) is
shown back to the model once with the validation error; a second bad answer is logged and
dropped (``LLMOutputError``), so nothing unvalidated is ever written.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ValidationError

from memstrata.errors import LLMOutputError, at_character

log = logging.getLogger(__name__)

T = TypeVar("T", bound=BaseModel)

#: Characters of a rejected answer kept in the log line (enough to see what went wrong).
LOGGED_ANSWER_CHARS = 500


@dataclass(frozen=True)
class ChatMessage:
    """One turn sent to the model (the system prompt is passed separately)."""

    role: Literal["user", "assistant"]
    content: str


@dataclass(frozen=True)
class Completion:
    """One answered request.

    Attributes:
        text: the model's answer: the JSON text (for Anthropic, the tool input re-serialised).
        prompt_tokens, completion_tokens: as reported by the server (0 when it reports none).
        latency_ms: wall time of the request including retries, milliseconds.
        attempts: HTTP attempts made (1 = no retry).
    """

    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_ms: float = 0.0
    attempts: int = 1


@dataclass
class Tally:
    """Running totals of LLM use for one piece of work (an extraction batch, an agent search).

    Thread-safe: split-query agents add to one tally from parallel sub-queries.
    """

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_ms: float = 0.0
    failures: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def add(self, completion: Completion) -> None:
        """Count one answered request."""
        with self._lock:
            self.calls += 1
            self.prompt_tokens += completion.prompt_tokens
            self.completion_tokens += completion.completion_tokens
            self.latency_ms += completion.latency_ms

    def fail(self) -> None:
        """Count one request that raised or whose answer was dropped."""
        with self._lock:
            self.failures += 1

    def as_dict(self) -> dict[str, float | int]:
        """Plain numbers for JSON output."""
        return {"calls": self.calls, "prompt_tokens": self.prompt_tokens,
                "completion_tokens": self.completion_tokens, "latency_ms": round(self.latency_ms, 1),
                "failures": self.failures}


@runtime_checkable
class LLM(Protocol):
    """A chat model that answers with one JSON document.

    ``name`` is ``provider:model`` (recorded as the actor of the facts it proposes).
    ``complete_json`` asks for an answer matching ``schema`` (a JSON Schema object) and
    returns its raw text; it does not validate (``structured`` does).

    Raises:
        LLMError: unreachable, timed out, HTTP 429/5xx after the configured retries, or any
            other HTTP error (401, 404, ...) at once.
    """

    name: str

    def complete_json(self, *, system: str, messages: Sequence[ChatMessage], schema: dict[str, Any],
                      schema_name: str) -> Completion:
        """One request; see the class docstring."""
        ...


def parse_json(text: str) -> Any:
    """The JSON value in ``text``, tolerating a Markdown code fence around it (local models
    often add one even in JSON mode). Raises ``json.JSONDecodeError``."""
    body = text.strip()
    if body.startswith("```"):
        body = body.split("\n", 1)[1] if "\n" in body else ""
        body = body.rsplit("```", 1)[0]
    return json.loads(body)


def structured(llm: LLM, *, system: str, prompt: str, model: type[T], purpose: str,
               tally: Tally | None = None) -> T:
    """Ask ``llm`` and validate its answer as ``model``; one corrective retry.

    Args:
        system: the system prompt.
        prompt: the user turn.
        model: the pydantic model the answer must match (its JSON schema is sent).
        purpose: what the call is for, in log lines (``extract:profile``, ``agent:split``).
        tally: where to count tokens, latency and failures.

    Raises:
        LLMOutputError: two answers in a row failed validation (both logged, neither used).
        LLMError: the provider failed (see ``LLM``).
    """
    schema = model.model_json_schema()
    messages = [ChatMessage("user", prompt)]
    for attempt in (1, 2):
        try:
            completion = llm.complete_json(system=system, messages=messages, schema=schema,
                                           schema_name=model.__name__)
        except Exception:
            if tally is not None:
                tally.fail()
            raise
        if tally is not None:
            tally.add(completion)
        log.info("llm %s %s: %d prompt + %d completion tokens, %.0f ms, %d attempt(s)", llm.name, purpose,
                 completion.prompt_tokens, completion.completion_tokens, completion.latency_ms, completion.attempts)
        try:
            return model.model_validate(parse_json(completion.text))
        except (json.JSONDecodeError, ValidationError) as exc:
            problem = _describe(exc)
            log.warning("llm %s answer %d for %s rejected: %s; answer: %r", llm.name, attempt, purpose,
                        problem, completion.text[:LOGGED_ANSWER_CHARS])
            messages += [ChatMessage("assistant", completion.text),
                         ChatMessage("user", f"That answer is invalid: {problem}. Answer again with only "
                                             f"a JSON document matching the schema {model.__name__}.")]
    if tally is not None:
        tally.fail()
    raise LLMOutputError(f"{llm.name} gave no valid {model.__name__} for {purpose} in two answers; "
                         "both were logged and dropped, nothing was written")


def _describe(exc: Exception) -> str:
    if isinstance(exc, json.JSONDecodeError):
        return f"not JSON ({exc.msg} {at_character(exc.pos)})"
    assert isinstance(exc, ValidationError)
    parts = [f"{'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}" for e in exc.errors()[:5]]
    return "wrong shape: " + "; ".join(parts)
