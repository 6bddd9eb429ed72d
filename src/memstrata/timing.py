"""Phase timing hooks: the engine says where its time goes; observers (the server's metrics) listen.

``with phase("ingest", "embedding"): ...`` measures one phase of the write (``ingest``) or
read (``query``) path. With no observer registered a phase costs one list check, so the
embedded SDK pays nothing for the server's metrics. Observers get ``(path, phase, seconds)``
and must not raise; they never see content or scope identifiers.

Phases (DESIGN.md sections 3 and 4):

- ``ingest``: ``validation``, ``redaction``, ``segmentation``, ``extraction``, ``embedding``, ``storage``
  (the whole write transaction) and, within it, ``indexing``
- ``query``: ``embedding``, ``candidate_search``, ``fusion``, ``scoring``, ``context``
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from time import perf_counter

Observer = Callable[[str, str, float], None]

_observers: list[Observer] = []


def add_observer(observer: Observer) -> None:
    """Register ``observer(path, phase, seconds)``; registering the same one twice is a no-op."""
    if observer not in _observers:
        _observers.append(observer)


def remove_observer(observer: Observer) -> None:
    """Unregister an observer (no error if it was not registered)."""
    if observer in _observers:
        _observers.remove(observer)


@contextmanager
def phase(path: str, name: str) -> Iterator[None]:
    """Time the block as phase ``name`` of ``path`` (seconds, ``time.perf_counter``)."""
    if not _observers:
        yield
        return
    start = perf_counter()
    try:
        yield
    finally:
        elapsed = perf_counter() - start
        for observer in list(_observers):
            observer(path, name, elapsed)
