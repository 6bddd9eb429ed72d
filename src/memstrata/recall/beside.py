"""The threads beside a search: its vector look-ups run there while the searching thread runs
the full-text lists (``recall.search``), on a store whose reads may overlap.

One thread per kind for the process; a search that finds it taken runs its look-ups itself, so
no search ever waits for another's.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Generic, TypeVar

T = TypeVar("T")

#: The thread beside the searching one that runs a search's vector look-ups on a store with
#: ``Capabilities.parallel_reads``: numpy's product and SQLite's statements both release the GIL,
#: so on 2 cores the exact vector search (~13 ms at 100k segments, bound by memory bandwidth)
#: overlaps the full-text lists instead of adding to them. One for the process: a search that
#: finds it taken runs its own look-ups itself (``beside``).
VECTORS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="memstrata-vectors")
VECTORS_FREE = threading.Semaphore(1)
#: The third thread of a store with ``Capabilities.split_vector_reads``: the facts' vector look-up,
#: started by the vector thread beside its segments' look-up. One for the process, as above.
FACT_VECTORS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="memstrata-fact-vectors")
FACT_VECTORS_FREE = threading.Semaphore(1)


class Later(Generic[T]):
    """What ``beside`` returns: call it for the result (raising what ``fn`` raised)."""

    def __init__(self, fn: Callable[[], T], future: Future[T] | None = None) -> None:
        self._fn, self._future = fn, future

    def __call__(self) -> T:
        return self._fn() if self._future is None else self._future.result()

    def running(self) -> bool:
        """Whether ``fn`` runs in another thread and has not finished yet (the caller would wait)."""
        return self._future is not None and not self._future.done()


def beside(parallel: bool, fn: Callable[[], T], executor: ThreadPoolExecutor = VECTORS,
           free: threading.Semaphore = VECTORS_FREE) -> Later[T]:
    """Start ``fn`` in ``executor``'s thread (the vector thread) when ``parallel`` and the thread is
    ``free``; returns what gives its result. Otherwise ``fn`` runs when that is called."""
    if not parallel or not free.acquire(blocking=False):
        return Later(fn)

    def run() -> T:
        try:
            return fn()
        finally:  # before the result is handed over: the next search finds the thread free
            free.release()
    try:
        return Later(fn, executor.submit(run))
    except RuntimeError:  # the interpreter is shutting down
        free.release()
        return Later(fn)
