"""Prometheus metrics of the server: request counts and latency, engine phases, errors, queue depth.

Labels are bounded and content-free: the route *template* (``/v1/facts/{fact_id}``, never
the raw path), the method, the status, the phase and path names of ``memstrata.timing``,
and error codes. Never memory content, never user, agent, session or key ids.

With several uvicorn workers, ``memstrata serve`` points ``PROMETHEUS_MULTIPROC_DIR`` at a
fresh directory and ``/metrics`` aggregates every worker (prometheus-client multiprocess mode).
"""

from __future__ import annotations

import os
import time
from functools import lru_cache
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from memstrata import timing

#: Phase latency buckets, seconds: from a 0.5 ms index lookup to a 10 s batch embedding.
PHASE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Metrics:
    """The server's metric objects, registered in ``registry``."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.registry = registry
        self.requests = Counter("memstrata_http_requests_total", "HTTP requests answered",
                                ["method", "route", "status"], registry=registry)
        self.latency = Histogram("memstrata_http_request_duration_seconds", "HTTP request latency",
                                 ["method", "route"], registry=registry, buckets=PHASE_BUCKETS)
        self.phases = Histogram("memstrata_phase_duration_seconds",
                                "Time in each phase of the write (ingest) and read (query) paths",
                                ["path", "phase"], registry=registry, buckets=PHASE_BUCKETS)
        self.messages = Counter("memstrata_messages_ingested_total", "Messages stored (new episodes)",
                                registry=registry)
        self.searches = Counter("memstrata_searches_total", "Searches answered", registry=registry)
        self.errors = Counter("memstrata_errors_total", "Error responses by error code", ["code"],
                              registry=registry)
        # Set from the database at each scrape (the queue lives in the file, shared by all workers).
        self.queue_depth = Gauge("memstrata_queue_depth", "Episodes waiting in the LLM extraction queue",
                                 registry=registry, multiprocess_mode="livemax")
        self.queue_depth.set(0)

    def observe_phase(self, path: str, phase: str, seconds: float) -> None:
        """``memstrata.timing`` observer."""
        self.phases.labels(path, phase).observe(seconds)


@lru_cache(maxsize=1)
def metrics() -> Metrics:
    """The process's metrics (created on first use, observing ``memstrata.timing``)."""
    instance = Metrics(CollectorRegistry(auto_describe=True))
    timing.add_observer(instance.observe_phase)
    return instance


def exposition() -> tuple[bytes, str]:
    """The ``/metrics`` body and content type; every worker's values in multiprocess mode."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry), CONTENT_TYPE_LATEST
    return generate_latest(metrics().registry), CONTENT_TYPE_LATEST


class MetricsMiddleware:
    """Counts and times every HTTP request by route template (ASGI middleware)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = 500

        async def send_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, send_status)
        finally:
            route: Any = scope.get("route")
            template = getattr(route, "path", None) or "unmatched"
            m = metrics()
            m.requests.labels(scope["method"], template, str(status)).inc()
            m.latency.labels(scope["method"], template).observe(time.perf_counter() - start)
