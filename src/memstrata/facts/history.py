"""A fact's history as stored: every value its key held for its subject, oldest first, each with
its audit events (``Memory.history``, ``memstrata history``, the REST and MCP history doors).

A key's history holds every subject's values: the user's own (``subject`` ``None``), a relative's
(``wife``), another speaker's in a group scope (``Bob``), a project's convention
(``project:<folder>``). They are never interleaved: the user's own timeline comes first, then each
other subject's, in the order each was first recorded, so ``history(key="identity.employer")``
opens with the user's own employers and a wife's job never reads as the user's next one.
``subject`` selects one of them (``subject_matches``: ``wife`` or 老婆 for the wife's).

A read: nothing here changes a fact (``facts.timeline`` places values in time as they are written).
"""

from __future__ import annotations

from memstrata.errors import InvalidInput
from memstrata.extract import kin
from memstrata.store.protocol import Store
from memstrata.types import Fact, MemoryEvent, Scope, names_the_user, project_of

#: The statuses a history reaches: every value the key held, retired ones included.
HISTORY_STATUSES = ("active", "superseded", "archived")
#: How a caller names the user's own facts as a ``subject`` (besides the user's id): the word a
#: JSONL import gives the user's turns (``types.names_the_user``).
USER_SUBJECT = "user"


def subject_matches(stored: str | None, wanted: str, user_id: str | None) -> bool:
    """Whether a fact whose ``subject`` is ``stored`` is about ``wanted``, in the scope of
    ``user_id``: ``wanted`` ``"user"`` or the user's id selects the user's own facts (``stored``
    ``None``); a person is matched case and spaces aside, a relative by any word the extractor
    stores as that subject (``Wife``, 老婆 and 妻子 are ``wife``: ``extract.kin.subject``); a
    project's convention (``project:<folder>``) by its folder exactly (folders are case-sensitive).

    >>> subject_matches(None, "user", "alice"), subject_matches(None, "Alice", "alice")
    (True, True)
    >>> subject_matches("wife", "Wife ", "alice"), subject_matches("wife", "老婆", "alice")
    (True, True)
    >>> subject_matches("wife", "user", "alice")
    False
    >>> subject_matches("project:/a/B", "project:/a/b", "alice")
    False
    """
    if names_the_user(wanted, user_id):
        return names_the_user(stored, user_id)
    if stored is None:
        return False
    if project_of(stored) is not None or project_of(wanted.strip()) is not None:
        return stored == wanted.strip()
    return kin.subject(stored).casefold() == kin.subject(wanted).casefold()


def _whose(subject: str | None, user_id: str | None) -> str | None:
    """The timeline ``subject`` belongs to: ``None`` for the user's own, else the subject as
    ``subject_matches`` compares it (a person's name casefolded, a project's folder as is)."""
    if names_the_user(subject, user_id):
        return None
    assert subject is not None
    return subject if project_of(subject) is not None else kin.subject(subject).casefold()


def own_first(facts: list[Fact], user_id: str | None) -> list[Fact]:
    """``facts`` (one key's) as timelines: the user's own first, then each other subject's in the
    order its first value was recorded; each timeline by recording time, then id."""
    ordered = sorted(facts, key=lambda f: (f.created_at, f.id))
    place: dict[str | None, int] = {None: 0}
    for f in ordered:
        place.setdefault(_whose(f.subject, user_id), len(place))
    return sorted(ordered, key=lambda f: place[_whose(f.subject, user_id)])  # stable: each timeline stays in time


def fact_history(store: Store, scope: Scope, *, fact: Fact | None, key: str | None, limit: int,
                 subject: str | None = None) -> list[tuple[Fact, list[MemoryEvent]]]:
    """The facts under ``fact``'s key about its subject (or under ``key``: every subject's, or
    ``subject``'s alone, ``subject_matches``) in ``scope``, at most ``limit`` (newest
    observation first, as ``Store.list_facts`` reads them), as timelines (``own_first``: the
    user's own first), each fact with its audit events oldest first; ``[]`` for a key nothing
    is stored under in ``scope`` for that subject (as ``Store.list_facts`` of that key: never
    stored, a misspelt key or subject, or every value forgotten).

    Raises:
        InvalidInput: neither ``fact`` nor ``key``.
    """
    if fact is not None:
        key = fact.key
        facts = [f for f in store.list_facts(scope, statuses=HISTORY_STATUSES, key=key, limit=limit)
                 if f.subject == fact.subject]
    elif key is not None:
        facts = store.list_facts(scope, statuses=HISTORY_STATUSES, key=key, limit=limit)
        if subject is not None:
            facts = [f for f in facts if subject_matches(f.subject, subject, scope.user_id)]
    else:
        raise InvalidInput("history(): give a fact_id or a key, e.g. key='shipping.carrier' (list() shows them)")
    if not facts:
        return []
    facts = own_first(facts, scope.user_id)
    events = store.events(scope, [f.id for f in facts])
    return [(f, [e for e in events if e.fact_id == f.id]) for f in facts]
