"""Freezing what a memstrata process holds once it has started, in memstrata's own processes only.

Python's full garbage collection walks every object the process tracks: at 10k segments a search
process holds ~40,000 (the modules of numpy and memstrata, the model's tables, the store's caches)
and a full collection, which comes about once in 150 searches, took 10-14 ms of the search it fell
in (quiet, one process: the slowest searches after a question's first). ``gc.freeze()`` moves the
objects held so far to a generation the collector no longer walks; a full collection then walks
only what was made since (~0.3 ms). The objects frozen are never collected, so it is done once,
after start-up, by a process that owns its collector.

The library never changes the collector of the process it runs in (``Memory`` calls nothing of
``gc``): the thresholds, the switch and what to freeze are the application's. memstrata's own
long-running processes freeze once the store is open: each ``memstrata serve`` worker
(``server.app.app_from_env``) and ``memstrata mcp``; ``memstrata bench perf --freeze-gc`` measures it.
An application embedding ``Memory`` can do the same by calling ``freeze_startup_objects()`` itself.
"""

from __future__ import annotations

import gc


def freeze_startup_objects() -> int:
    """Collect once (so no garbage is frozen), then ``gc.freeze()`` every object the process holds;
    returns how many are frozen (``gc.get_freeze_count()``). Call it once, after opening ``Memory``:
    what it freezes is never collected (``gc.unfreeze()`` undoes it)."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
