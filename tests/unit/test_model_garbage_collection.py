"""The loaded embedding model leaves no large container for Python's garbage collector to walk.

A full collection visits every item of every tracked container; the model's vocabulary of 128,000
word pieces held in a list made each full collection ~13 ms slower, paid by whichever search ran it.
"""

from __future__ import annotations

import gc
from typing import Any

from memstrata.embed.base import EmbeddingCache

#: A container with more items than this, tracked by the collector, is a defect here.
LARGE = 10_000


def _tracked_containers(root: Any) -> list[tuple[int, str]]:
    """``(items, type name)`` of every container the collector tracks among the objects reachable
    from ``root`` through instance attributes, lists, tuples and dicts (not through classes or
    modules: those belong to the whole process)."""
    seen: set[int] = set()
    found: list[tuple[int, str]] = []
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, (list, tuple, dict, set, frozenset)):
            if gc.is_tracked(obj):
                found.append((len(obj), type(obj).__name__))
            if len(obj) <= LARGE:  # a large one is reported above; its items need not be walked
                todo.extend(obj.values() if isinstance(obj, dict) else obj)
        elif hasattr(obj, "__dict__") and not isinstance(obj, type):
            todo.extend(vars(obj).values())
    return found


def test_loaded_model_leaves_no_large_container_to_the_collector(embedder: EmbeddingCache) -> None:
    model = embedder.inner
    model.embed(["load the model", "加载模型"])
    gc.collect()
    found = _tracked_containers(model)
    assert found, "the walk reached none of the model's containers"
    assert max(found) < (LARGE, ""), f"tracked containers of the model: {sorted(found)[-3:]}"
