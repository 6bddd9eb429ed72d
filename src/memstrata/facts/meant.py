"""Which held fact a change names, read against what the user holds now.

A message that changes something often names the thing changed only in part: "Sorry, I meant Chloe, not Clara" names
the old name, not the niece whose name it was. The extractor reads the change (its new value and the old one); which
held fact it changes is known only from the store, and is decided here by comparing the change with the user's facts:
a correction "X, not Y" names the one active fact of its subject whose value holds Y as a name: the value itself
(that is ``FactEngine.instead``'s exact match), or a name, place or day inside it ("niece named Clara", 妹妹小丽,
"flying to Lisbon"): X takes Y's place in it (``value_named``).

When no fact fits, or several fit equally, nothing changes: a change applied to the wrong fact loses a true one,
which is worse than a change not stored ("not Emma" with no Emma held, "not Clara" with a niece and a sister named
Clara).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from memstrata.extract.corrected import CORRECTION_KEY
from memstrata.extract.corrected_later import KEY, PLANS, kinds
from memstrata.extract.taxonomy import key_spec
from memstrata.facts.terms import subject_of

if TYPE_CHECKING:
    from memstrata.extract.base import FactCandidate
    from memstrata.facts.engine import FactEngine
    from memstrata.facts.said import Said


def mentions(value: str, named: str) -> bool:
    """Whether the stored ``value`` names ``named``: as whole words in Latin script (case aside), as
    a substring where ``named`` has a Chinese character (Chinese has no spaces). "flew to Tokyo"
    mentions "Tokyo" and "tokyo"; "Tokyoite" does not; an empty ``named`` mentions nothing."""
    stored, said = value.casefold(), " ".join(named.casefold().split())
    if not said:
        return False
    if not said.isascii():
        return said in stored
    return re.search(rf"(?<!\w){re.escape(said)}(?!\w)", stored) is not None


def _a_name(old: str) -> bool:
    """Whether ``old``, the value a correction says was wrong, is one that can sit inside a longer stored value as its
    name: a capitalised name ("Clara", "New York"), a place or a time (``kinds``), or two Chinese characters or more
    (小丽, 南通: Chinese has no capitals). A lowercase word ("tea") is none: "green tea" holds it as a kind of tea, and
    "I meant coffee, not tea" is no "green coffee"."""
    old = old.strip()
    return bool(re.fullmatch(r"[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,2}", old) or kinds(old)
                or re.fullmatch(r"[\u4e00-\u9fff]{2,8}", old))


def _put(text: str, old: str, new: str) -> str:
    """``text`` with its first ``old`` (a whole word in Latin script, case aside) said as ``new``."""
    if not old.isascii():
        return text.replace(old, new, 1)
    return re.sub(rf"(?i)(?<!\w){re.escape(old)}(?!\w)", lambda _: new, text, count=1)


def value_named(engine: FactEngine, conn: Any, said: Said, cand: FactCandidate) -> tuple[FactCandidate, set[int]]:
    """``cand``, a correction "X, not Y" (``cand.value`` X, ``cand.instead_of`` Y) that no held value equals, as the
    successor of the one active fact of its subject holding Y as a name inside its value (``_a_name``, ``mentions``):
    "Sorry, I meant Chloe, not Clara" after "My niece is called Clara" gives ``family.member`` = "niece named Chloe"
    in place of "niece named Clara", however long ago it was said. ``cand`` and no id when Y is no name, or no fact or
    several hold it (which one is meant is unknown)."""
    old = cand.instead_of.strip()
    if not old or not cand.value or not _a_name(old):
        return cand, set()
    store = engine.store
    ids = store.fact_ids(conn, said.scope, keys=None, subject=subject_of(said, cand))
    holding = [f for f in store.load_facts(conn, ids) if not f.encrypted and f.key not in (KEY, CORRECTION_KEY)
               and f.value.casefold() != old.casefold() and mentions(f.value, old)]
    if len(holding) != 1:
        return cand, set()
    fact = holding[0]
    try:
        spec = key_spec(fact.key)
    except KeyError:
        return cand, set()
    value = _put(fact.value, old, cand.value)
    statement = _put(fact.statement, old, cand.value) if mentions(fact.statement, old) else value
    return replace(cand, key=fact.key, kind=spec.kind, importance=spec.importance, sensitivity=spec.sensitivity,
                   value=value, statement=statement, instead_of=fact.value, corrects=True,
                   # a plan put right in its place keeps its day ("I meant Porto, not Lisbon" of a trip in March)
                   valid_from=fact.valid_from if fact.key in PLANS else cand.valid_from), {fact.id}

