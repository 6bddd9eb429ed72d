"""A PostgreSQL store survives the server dropping its connections (a restart, a failover, an
idle timeout): the next call gets a fresh connection instead of an error (otherwise each REST
process fails its next requests with 503 after a server restart). The server's
own ``pg_terminate_backend`` closes exactly this store's pooled connections."""

from __future__ import annotations

from collections.abc import Callable

import psycopg

from memstrata import Memory
from memstrata.embed.hashing import HashingEmbedder
from memstrata.types import Fact


def test_the_store_reconnects_after_the_server_drops_its_connections(pg_url: Callable[[], str]) -> None:
    base = pg_url()
    url = base + "&application_name=memstrata_reconnect_test"
    with Memory(url, embedder=HashingEmbedder(dim=64), user_id="u") as memory:
        memory.add("I prefer UPS for delivery")
        assert [f.value for f in memory.list() if isinstance(f, Fact)] == ["UPS"]
        with psycopg.connect(base, autocommit=True) as admin:
            killed = admin.execute("WITH ours AS MATERIALIZED (SELECT pid FROM pg_stat_activity WHERE "
                                   "application_name = 'memstrata_reconnect_test' AND pid <> pg_backend_pid()) "
                                   "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM ours").fetchone()
        assert killed is not None and killed[0] >= 1
        assert [f.value for f in memory.list() if isinstance(f, Fact)] == ["UPS"]
        memory.add("Actually, make it FedEx")
        assert [f.value for f in memory.list() if isinstance(f, Fact)] == ["FedEx"]
