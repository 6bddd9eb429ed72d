"""The native BLAS pool that embedding and search run on, limited as configured.

numpy's OpenBLAS starts one thread per core and ignores Python's threads. On a 2-core machine with
one core busy (an agent's LLM client, a web server), a matrix product split over two threads waits
for the descheduled one: a LoCoMo-size user's search p95 went from 28 to ~160 ms with the default
two threads and stayed at 28 ms with one (the busy-core figures in docs/benchmarks.md). The
embedding package limits its pool only through ``threadpoolctl`` and silently skips the limit when
that is missing, so memstrata depends on ``threadpoolctl`` and applies the limit itself.

OpenBLAS's thread count is one value for the whole process (``openblas_set_num_threads``), and
``threadpoolctl`` lets only one Python thread at a time own it, ignoring the others' changes. A
limit applied and restored around each call therefore cannot hold when a server searches from
several threads: one thread's restore lifts the limit under another's running search. So the limit
is set once for the process, when a ``Memory`` opens, from a short-lived thread that leaves no
thread owning the pool. ``Settings.embed_threads=None`` leaves an application's own setting alone.
The e5 engine's OpenMP pool is per thread and is sized by the engine itself (``embed.e5``).
"""

from __future__ import annotations

import threading

import numpy  # noqa: F401  (loads OpenBLAS before threadpoolctl looks for native pools)
from threadpoolctl import ThreadpoolController

_lock = threading.Lock()
_applied: int | None = None


def limit_native_threads(threads: int | None) -> None:
    """Set the process's BLAS pools to ``threads`` threads (``Settings.embed_threads``).

    Idempotent and cheap when the same limit is already applied; ``None`` or < 1 changes nothing.
    The last ``Memory`` opened with a different limit wins, for the whole process.
    """
    global _applied
    if threads is None or threads < 1:
        return
    with _lock:
        if _applied == threads:
            return

        def apply() -> None:
            ThreadpoolController().limit(limits=threads, user_api="blas")

        # Applied from a thread that then ends: threadpoolctl gives the pool to the thread that
        # last set it while that thread lives, and no searching thread should keep it.
        setter = threading.Thread(target=apply, name="memstrata-native-threads")
        setter.start()
        setter.join()
        _applied = threads


def pool_sizes() -> dict[str, int]:
    """Threads each native pool uses now, e.g. ``{"blas:openblas": 1}`` (``user_api:internal_api``),
    read from the libraries themselves (``threadpoolctl``, ~1 ms: for reports, not hot paths)."""
    return {f"{pool['user_api']}:{pool['internal_api']}": int(pool["num_threads"])
            for pool in ThreadpoolController().info()}
