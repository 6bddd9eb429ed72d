"""Settings of the REST server, as values; the environment is read in ``ServerConfig.from_env``.

=================================  =====================================================  ============
variable                           meaning                                                default
=================================  =====================================================  ============
``MEMSTRATA_ADMIN_KEY``            admin API key: any scope, manages keys over ``/v1/keys``  unset
``MEMSTRATA_REQUIRE_AUTH``         ``1``: every ``/v1`` request needs a key (set by           ``0``
                                   ``memstrata serve`` on a non-loopback host)
``MEMSTRATA_METRICS_KEY``          a key that reads ``/metrics`` and nothing else (for a       unset
                                   Prometheus scraper); whenever keys are required,
                                   ``/metrics`` needs it or the admin key
``MEMSTRATA_MAX_BODY_BYTES``       largest request body, bytes (413 above)                 4 MiB
``MEMSTRATA_MAX_BATCH``            most messages per ``POST /v1/messages`` (413 above)      256
``MEMSTRATA_MAX_SEARCH_LIMIT``     largest ``limit`` of search and list (422 above)        100
``MEMSTRATA_MAX_RESPONSE_BYTES``   result payload bound: items past it are left off        4 MiB
                                   (``truncated: true``)
``MEMSTRATA_MAX_EXPORT_RECORDS``   most records one export returns (413 above)             100000
``MEMSTRATA_RATE_LIMIT``           requests per minute per API key (per client address     0 (off)
                                   without keys), per worker; 429 above
=================================  =====================================================  ============
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from memstrata.errors import InvalidInput

MIB = 1024 * 1024
#: Shortest admin key accepted: 24 URL-safe characters are ~144 bits, beyond guessing over HTTP.
MIN_ADMIN_KEY_CHARS = 24


@dataclass(frozen=True)
class ServerConfig:
    """Limits and authentication of the REST server (see the module table for each field)."""

    admin_key: str | None = None
    require_auth: bool = False
    metrics_key: str | None = None
    max_body_bytes: int = 4 * MIB
    max_batch: int = 256
    max_search_limit: int = 100
    max_response_bytes: int = 4 * MIB
    max_export_records: int = 100_000
    rate_limit_per_minute: int = 0

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> ServerConfig:
        """Defaults overridden by the environment variables of the module table.

        Raises:
            InvalidInput: a limit that is not a positive integer (the rate limit may be 0).
        """
        env = os.environ if environ is None else environ
        values: dict[str, object] = {}
        if env.get("MEMSTRATA_ADMIN_KEY"):
            if len(env["MEMSTRATA_ADMIN_KEY"]) < MIN_ADMIN_KEY_CHARS:
                raise InvalidInput(f"MEMSTRATA_ADMIN_KEY must be at least {MIN_ADMIN_KEY_CHARS} characters "
                                   "(e.g. `python -c 'import secrets; print(secrets.token_urlsafe(32))'`)")
            values["admin_key"] = env["MEMSTRATA_ADMIN_KEY"]
        if env.get("MEMSTRATA_METRICS_KEY"):
            if len(env["MEMSTRATA_METRICS_KEY"]) < MIN_ADMIN_KEY_CHARS:
                raise InvalidInput(f"MEMSTRATA_METRICS_KEY must be at least {MIN_ADMIN_KEY_CHARS} characters")
            values["metrics_key"] = env["MEMSTRATA_METRICS_KEY"]
        values["require_auth"] = env.get("MEMSTRATA_REQUIRE_AUTH", "0").strip().lower() in ("1", "true", "yes")
        for var, name, minimum in (("MEMSTRATA_MAX_BODY_BYTES", "max_body_bytes", 1),
                                   ("MEMSTRATA_MAX_BATCH", "max_batch", 1),
                                   ("MEMSTRATA_MAX_SEARCH_LIMIT", "max_search_limit", 1),
                                   ("MEMSTRATA_MAX_RESPONSE_BYTES", "max_response_bytes", 1),
                                   ("MEMSTRATA_MAX_EXPORT_RECORDS", "max_export_records", 1),
                                   ("MEMSTRATA_RATE_LIMIT", "rate_limit_per_minute", 0)):
            raw = env.get(var)
            if raw is None or not raw.strip():
                continue
            try:
                number = int(raw)
            except ValueError:
                raise InvalidInput(f"{var} must be an integer, got {raw!r}") from None
            if number < minimum:
                raise InvalidInput(f"{var} must be at least {minimum}, got {number}")
            values[name] = number
        return cls(**values)  # type: ignore[arg-type]
