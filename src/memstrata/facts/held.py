"""What a change of a thing named by its noun alone changes: 宽带换成联通了, "switched the internet to Verizon".

Said with no owner (no 我的, no "my"), a thing swapped may be anyone's or no one's (灯泡换成LED了, "switched the
slides to dark mode"): the extractor marks it (``FactCandidate.held_only``) and the engine keeps it only where the
subject already holds a value of that thing, under the key of its noun or a longer key of it: 我家宽带是电信的 stored
``user.宽带``, which 宽带换成联通了 changes; "my internet provider is Comcast" stored ``user.internet_provider``,
which "switched the internet to Verizon" (``user.internet``) changes. The new value then supersedes the old there,
as a value said with its owner would. With none held, or several keys of the noun, nothing is stored.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from memstrata.extract.taxonomy import key_spec
from memstrata.facts.terms import subject_of

if TYPE_CHECKING:
    from memstrata.extract.base import FactCandidate
    from memstrata.facts.engine import FactEngine
    from memstrata.facts.said import Said


def held_key(engine: FactEngine, conn: Any, said: Said, cand: FactCandidate) -> FactCandidate | None:
    """``cand`` (``held_only``) under the one key of its noun that holds an active value of its subject: its own
    key, or one that starts with it and an underscore (``user.internet`` → ``user.internet_provider``); ``None``
    when no such key or several hold one (the change is no one's said, or which thing is unknown)."""
    store = engine.store
    ids = store.fact_ids(conn, said.scope, keys=None, subject=subject_of(said, cand))
    keys = {f.key for f in store.load_facts(conn, ids) if f.key == cand.key or f.key.startswith(f"{cand.key}_")}
    if len(keys) != 1:
        return None
    key = keys.pop()
    spec = key_spec(key)
    return replace(cand, key=key, kind=spec.kind, importance=spec.importance, sensitivity=spec.sensitivity,
                   held_only=False)
