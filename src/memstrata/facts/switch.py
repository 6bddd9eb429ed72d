"""What a switch that names no old value ends: "We've moved to Linear", 我们改用飞书了.

A switch (a value under ``user.uses``, ``extract.shapes``) says that something else was used
before, not what. Things used are many at a time (``tool.uses``: "We use Jira", "We use Slack"),
so the engine decides which one the new value takes the place of, in this order:

* a **return**: the value was used before and ended when another took its place ("we're back on
  Jira" after Jira → Linear): the one in between (Linear) ends, whatever else is used;
* the one **rival**: of the subject's things used, those of the new value's kind
  (``extract.tool_kinds``: Jira and Linear are issue trackers, Slack team chat) or of no known kind;
  exactly one rival ends ("We use Jira", "We use Slack", "We've moved to Linear" ends Jira). A thing
  used for a listed purpose (``extract.purposes``: "We use Jira for tickets", 我们用钉钉开会) is a rival
  when its kind is the new value's, known (``_rival``);
* a **car**: a make of car (``extract.vehicles.is_make``) takes the place of the one car the subject drives
  (``user.car``: 我开的是丰田 then 换成比亚迪了), and no thing used;
* otherwise **none**: with two rivals the sentence does not say which ended, and ending a thing
  still used is the worse error; "We moved from Jira to Linear" names it.

Whose a thing used is: **the user's and their group's at once**, one pool. "We use Jira (at work)" names no
group, so it is kept with the user's things used (``tool.uses``); "My team uses Jira" (我们团队用飞书) names the group
and is kept under it, one at a time (``extract.workplace``: ``user.team_tool``); said for a listed purpose, by the
user, "we" or a group ("My team uses Jira for tickets", 我们团队用Jira管理任务), under the purpose (``user.tickets``).
The user works with what their team uses, and "we" in a user's message is the user with their group, so a switch
said with "I", "we" or a group ("We switched to Linear", "Our team moved to Linear", 我们改用钉钉了) looks for its
rival among all of them, the group's keys (``workplace.GROUP_TOOL_KEYS``) as the things used, and the new value
takes the rival's key: "Our team uses Jira" then "We switched to Linear" is ``user.team_tool = Linear``, superseding
Jira (before, both stayed current, Jira the team's and Linear the user's). Telling "I" from "we" would split one tool
in two facts that can both be current, the error this avoids; a tool of one's own beside the team's is said with its
purpose or its kind ("I use Obsidian for notes") and is no rival of another kind.

A thing of a known kind said as begun (``BEGUN_KEY``: "I started using Arc") ends only the one thing of that very kind
(``ended_by_beginning``). A key that holds one thing of a kind ("my browser is Chrome": ``user.browser``,
``tool_kinds.kind_of_key``) is one slot with the things used of that kind: a switch or a beginning ends its value, and a
value said under it ends the thing used of the kind, and the value held under another name of the slot
(``same_slot``: ``user.mobile_plan`` and ``user.phone_plan``).

The ended value is superseded by the new one under its own key, so ``history`` keeps it with
when it ended (``FactEngine.instead``). A switch that ends nothing (two rivals, a return with nothing
before it, an old value no fact holds) is stored under ``USED_KEY`` (``as_used``), the key "We use Jira"
writes, so ``history`` and a later switch see every thing used under one key; ``user.uses`` is only the
extractor's mark of a switch (one value at a time, an open key) and stays read where old stores hold it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from memstrata.extract import purposes, shapes, vehicles
from memstrata.extract.base import FactCandidate
from memstrata.extract.taxonomy import key_spec
from memstrata.extract.tool_kinds import PROVIDER_KEYS, kind_of, kind_of_key, slot_keys
from memstrata.extract.workplace import GROUP_TOOL_KEYS
from memstrata.facts.said import Said
from memstrata.facts.terms import subject_of
from memstrata.text.tokens import normalise_value

if TYPE_CHECKING:
    from memstrata.facts.engine import FactEngine

#: The key the extractor gives a switch that names no attribute, the key a thing used is stored under, and
#: the keys that hold things used (``SWITCH_KEY`` in stores written before switches were stored as ``USED_KEY``).
SWITCH_KEY = "user.uses"
BEGUN_KEY = shapes.BEGUN_KEY
USED_KEY = "tool.uses"
USED_KEYS = (USED_KEY, SWITCH_KEY)


#: Kinds of provider one has one of at a time, each with its key and how it is said in English: a switch to one is
#: that provider even when it ends none (``tool_kinds.PROVIDER_KEYS``).
_PROVIDERS = PROVIDER_KEYS


def as_used(cand: FactCandidate) -> FactCandidate:
    """``cand`` (a switch under ``SWITCH_KEY``) under ``USED_KEY``, with that key's kind, importance and
    sensitivity (``extract.taxonomy``): "We've moved to Linear" with nothing ended is ``tool.uses = Linear``; a bank
    or an airline under its provider's key ("I don't bank with Barclays anymore, I switched to Monzo": ``user.bank =
    Monzo``, "banks with Monzo"; a Chinese statement is kept as said)."""
    key, said = _PROVIDERS.get(kind_of(cand.value) or "", (USED_KEY, ""))
    stated = said.format(v=cand.value) if said and cand.statement.isascii() else cand.statement
    spec = key_spec(key)
    return replace(cand, key=key, kind=spec.kind, importance=spec.importance, sensitivity=spec.sensitivity,
                   statement=stated)


def ended_by_switch(eng: FactEngine, conn: Any, said: Said, cand: FactCandidate) -> str:
    """The value of a thing used that ``cand`` (a switch under ``SWITCH_KEY`` naming no old value)
    takes the place of, by the rules of the module docstring; ``""`` when none."""
    scope, subject = said.scope, subject_of(said, cand)
    norm = normalise_value(cand.value)
    kind = kind_of(cand.value)
    # "We use Jira for tickets" is a thing used too, and so is "my browser is Chrome" for a switch to a browser
    keys = [*USED_KEYS, *GROUP_TOOL_KEYS, *purposes.KEYS, *(slot_keys(kind) if kind else ())]
    live = [f for f in eng.store.load_facts(conn, eng.store.fact_ids(conn, scope, keys=keys, subject=subject))
            if not f.encrypted]
    if kind in _PROVIDERS:  # "My phone plan is with T-Mobile" (user.phone_plan): a carrier held under any key
        live += _provider_held(eng, conn, said, cand, kind, {f.id for f in live})
    if not norm or any(normalise_value(f.value) == norm for f in live):
        return ""  # used already: nothing changes
    if (car := _car_driven(eng, conn, said, cand)) is not None:
        return car
    gone = eng.store.load_facts(conn, eng.store.fact_ids(conn, scope, keys=keys, subject=subject,
                                                         value_norm=norm, status="superseded"))
    ended = {f.valid_to for f in gone if f.valid_to is not None}
    between = [f for f in live if (f.valid_from or f.observed_at) in ended]
    if len(between) == 1:
        return between[0].value
    rivals = [f for f in live if _rival(f.key, kind_of(f.value) or kind_of_key(f.key), kind)]
    return rivals[0].value if len(rivals) == 1 else ""


def same_slot(eng: FactEngine, conn: Any, said: Said, cand: FactCandidate) -> set[int]:
    """Ids of the active things used (``USED_KEYS``) of the kind ``cand``'s key holds one of
    (``tool_kinds.kind_of_key``: ``user.browser``): "I use arc as my browser now" stored ``tool.uses = Arc``, and
    "switched my browser to firefox" (``user.browser = Firefox``) takes its place, as a switch to Firefox would
    (before, both stayed current). Only a thing whose name is of that kind ends: a thing used of no known kind may be
    anything. A value held under another key of the slot ends too, whatever its name (``tool_kinds.slot_keys``:
    ``user.phone_plan`` for ``user.mobile_plan``). Empty for any other key."""
    kind = kind_of_key(cand.key)
    if kind is None or cand.retracts or kind_of(cand.value) not in (None, kind):
        return set()
    # the same slot said by another of its names: "I switched my mobile plan to Circles" ends "My phone plan is with
    # Singtel" (``user.phone_plan``), whatever the value's name
    others = [k for k in slot_keys(kind) if k != cand.key]
    ids = eng.store.fact_ids(conn, said.scope, keys=[*USED_KEYS, *others], subject=subject_of(said, cand))
    return {f.id for f in eng.store.load_facts(conn, ids) if not f.encrypted and f.status == "active"
            and (kind_of(f.value) == kind or f.key in others)
            and normalise_value(f.value) != normalise_value(cand.value)}


def ended_by_beginning(eng: FactEngine, conn: Any, said: Said, cand: FactCandidate) -> str:
    """The value of the one thing used that ``cand`` (a thing of a known kind said as begun, ``BEGUN_KEY``: "I started
    using Arc") takes the place of: the subject's one active thing of that very kind (``tool_kinds.kind_of``, or
    the kind of the key it is held under, ``kind_of_key``: "my browser is Chrome"); ``""`` when none or several, or
    when the value is used already. Stricter than a switch: a thing of no known kind is never a rival ("I use Anki",
    then "I started using Chrome" ends nothing), since a beginning need not end anything."""
    kind, norm = kind_of(cand.value), normalise_value(cand.value)
    if kind is None or not norm:
        return ""
    keys = [*USED_KEYS, *GROUP_TOOL_KEYS, *purposes.KEYS, *slot_keys(kind)]
    live = [f for f in eng.store.load_facts(conn, eng.store.fact_ids(conn, said.scope, keys=keys,
                                                                     subject=subject_of(said, cand)))
            if not f.encrypted]
    if any(normalise_value(f.value) == norm for f in live):
        return ""
    rivals = {f.value for f in live if (kind_of(f.value) or kind_of_key(f.key)) == kind}
    return rivals.pop() if len(rivals) == 1 else ""


def _provider_held(eng: FactEngine, conn: Any, said: Said, cand: FactCandidate, kind: str,
                   seen: set[int]) -> list[Any]:
    """The subject's active facts of the user's own keys (``user.``) not in ``seen`` whose value is a provider of
    ``kind`` (``tool_kinds.kind_of``: T-Mobile a mobile carrier), whatever the key says: "My phone plan is with
    T-Mobile" stored ``user.phone_plan``, one slot with the carrier a switch to Verizon ends."""
    ids = eng.store.fact_ids(conn, said.scope, keys=None, subject=subject_of(said, cand))
    return [f for f in eng.store.load_facts(conn, [i for i in ids if i not in seen])
            if not f.encrypted and f.status == "active" and f.key.startswith("user.") and kind_of(f.value) == kind]


#: The key of the car one drives (``extract.vehicles``).
_CAR_KEY = "user.car"


def _car_driven(eng: FactEngine, conn: Any, said: Said, cand: FactCandidate) -> str | None:
    """The car the subject drives that a switch to a make of car takes the place of (我开的是丰田 then
    换成比亚迪了: 丰田, so 比亚迪 is the car now, not a thing used beside it), when exactly one is stored, else
    ``""``: a make is no rival of a tool (换成比亚迪了 ends no Notion); ``None`` for a value that is no make
    (``extract.vehicles.is_make``)."""
    if not vehicles.is_make(cand.value):
        return None
    ids = eng.store.fact_ids(conn, said.scope, keys=[_CAR_KEY], subject=subject_of(said, cand))
    cars = [f for f in eng.store.load_facts(conn, ids) if not f.encrypted]
    return cars[0].value if len(cars) == 1 else ""


def _rival(key: str, theirs: str | None, kind: str | None) -> bool:
    """Whether a thing used of kind ``theirs`` under ``key`` can be what a new value of ``kind`` replaces: any
    of no known kind or of that kind under ``USED_KEYS`` or a group's key (``GROUP_TOOL_KEYS``), only one of that
    known kind under a purpose's key (Slack for chat is no rival of a switch to an unknown tool: the purpose says
    what it is for)."""
    if key not in USED_KEYS and key not in GROUP_TOOL_KEYS:
        return kind is not None and theirs == kind
    return kind is None or theirs in (None, kind)
