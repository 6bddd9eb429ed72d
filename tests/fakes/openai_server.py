"""A scripted LLM server on a free localhost port, speaking the real HTTP protocols:
OpenAI chat completions (``POST /v1/chat/completions``) and Anthropic messages
(``POST /v1/messages``). memstrata's real client talks to it over a real socket.

Each test scripts it: ``push(Reply(...))`` queues answers (JSON content, HTTP status,
delay, headers), or ``respond_with(fn)`` answers from the request. Every request is
recorded in ``requests``. An unscripted request gets HTTP 500 and is recorded in
``unscripted``, so a test that forgot a step fails loudly instead of passing by accident.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    """One scripted answer.

    ``content``: the model's answer (a dict/list is sent as JSON text; a str as given,
    e.g. broken JSON). ``status`` other than 200 sends ``error_body`` instead.
    ``delay_s`` waits before answering (timeouts, crash tests).
    """

    content: Any = None
    status: int = 200
    delay_s: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)
    error_body: str = '{"error": {"message": "scripted failure", "type": "server_error"}}'
    prompt_tokens: int = 11
    completion_tokens: int = 7


@dataclass
class Request:
    """What the client sent: path, headers (lower-cased names) and JSON body."""

    path: str
    headers: dict[str, str]
    body: dict[str, Any]

    @property
    def prompt(self) -> str:
        """All message text of the request (system prompt included), for assertions."""
        parts = [str(self.body.get("system", ""))]
        parts += [str(m.get("content", "")) for m in self.body.get("messages", [])]
        return "\n".join(parts)


class FakeLLMServer:
    """See the module docstring. ``base_url`` is the OpenAI-style root (``.../v1``);
    ``root_url`` the Anthropic-style one (no ``/v1``)."""

    def __init__(self) -> None:
        self.replies: deque[Reply] = deque()
        self.responder: Callable[[Request], Reply] | None = None
        self.requests: list[Request] = []
        self.unscripted: list[Request] = []
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # quiet test output
                return

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length)
                try:
                    body = json.loads(raw or b"{}")
                except ValueError:
                    body = {"_raw": raw.decode("utf-8", "replace")}
                request = Request(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                reply = server._next(request)
                if reply is None:
                    self._send(500, '{"error": {"message": "fake LLM script exhausted"}}', {})
                    return
                if reply.delay_s:
                    time.sleep(reply.delay_s)
                if reply.status != 200:
                    self._send(reply.status, reply.error_body, reply.headers)
                    return
                if self.path.endswith("/chat/completions"):
                    payload = server._openai(request, reply)
                elif self.path.endswith("/messages"):
                    payload = server._anthropic(request, reply)
                else:
                    self._send(404, '{"error": {"message": "no such route"}}', {})
                    return
                self._send(200, json.dumps(payload, ensure_ascii=False), reply.headers)

            def _send(self, status: int, text: str, headers: dict[str, str]) -> None:
                data = text.encode("utf-8")
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    for name, value in headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout test)
                    pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.root_url = f"http://127.0.0.1:{self.port}"
        self.base_url = self.root_url + "/v1"
        self._thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        daemon=True)
        self._thread.start()

    # -- scripting ------------------------------------------------------------------------
    def push(self, *replies: Reply | dict[str, Any] | str) -> None:
        """Queue answers in order; a dict or str is shorthand for ``Reply(content=...)``."""
        with self._lock:
            for r in replies:
                self.replies.append(r if isinstance(r, Reply) else Reply(content=r))

    def respond_with(self, fn: Callable[[Request], Reply] | None) -> None:
        """Answer every request not covered by the queue with ``fn(request)``."""
        self.responder = fn

    def wait_for(self, n: int, timeout_s: float = 60.0) -> int:
        """Wait until ``n`` requests have arrived (a client that timed out may have given up
        before the server thread read its request); returns how many arrived."""
        deadline = time.monotonic() + timeout_s
        while len(self.requests) < n and time.monotonic() < deadline:
            time.sleep(0.01)
        return len(self.requests)

    def _next(self, request: Request) -> Reply | None:
        with self._lock:
            self.requests.append(request)
            if self.replies:
                return self.replies.popleft()
            if self.responder is None:
                self.unscripted.append(request)
                return None
        return self.responder(request)

    # -- protocol shapes --------------------------------------------------------------------
    @staticmethod
    def _text(reply: Reply) -> str:
        return reply.content if isinstance(reply.content, str) else json.dumps(reply.content, ensure_ascii=False)

    def _openai(self, request: Request, reply: Reply) -> dict[str, Any]:
        return {
            "id": f"chatcmpl-fake-{len(self.requests)}", "object": "chat.completion", "created": int(time.time()),
            "model": request.body.get("model", "fake"),
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": self._text(reply)}}],
            "usage": {"prompt_tokens": reply.prompt_tokens, "completion_tokens": reply.completion_tokens,
                      "total_tokens": reply.prompt_tokens + reply.completion_tokens},
        }

    def _anthropic(self, request: Request, reply: Reply) -> dict[str, Any]:
        tools = request.body.get("tools") or [{"name": "answer"}]
        if isinstance(reply.content, str):  # a broken answer arrives as text, as a real model's would
            block: dict[str, Any] = {"type": "text", "text": reply.content}
        else:
            block = {"type": "tool_use", "id": "toolu_fake", "name": tools[0]["name"], "input": reply.content}
        return {"id": "msg_fake", "type": "message", "role": "assistant", "model": request.body.get("model"),
                "content": [block], "stop_reason": "tool_use",
                "usage": {"input_tokens": reply.prompt_tokens, "output_tokens": reply.completion_tokens}}

    def close(self) -> None:
        """Stop serving and free the port."""
        self.httpd.shutdown()
        self.httpd.server_close()
