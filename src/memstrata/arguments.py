"""The list and choice arguments every door shares (``kinds``, ``status``, ``key``), checked once.

The SDK, the REST models, the MCP tools and the CLI all call these, so a bad value is the same
error everywhere: ``invalid_input`` naming the argument, what it takes and the value given.
Checked apart, the doors answered differently: ``search(kinds=5)`` raised a bare ``TypeError``,
``list(status="actve")`` (and ``memstrata list --status actve``) answered an empty list as if
nothing were stored, ``kinds=[]`` searched nothing, and REST said ``kinds: Input should be a
valid list`` without the value. A choice argument's value is a name, never memory content, so
the message shows it (cut to ``SHOWN_CHARS``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from memstrata.errors import InvalidInput

#: Most results one search, context block or page asks for, on every door (the SDK, REST, MCP and
#: the CLI): a bound on the work one call can ask for. ``Memory.list`` alone takes any number (it
#: reads a whole scope on request); its REST and MCP doors keep this bound.
MAX_LIMIT = 1000
#: What ``kinds`` may hold.
KINDS = ("fact", "episode")
#: What ``status`` may name (``all``: every status a listing reaches).
STATUSES = ("active", "superseded", "archived", "all")
#: The fact statuses ``status="all"`` stands for.
ALL_STATUSES = ("active", "superseded", "archived")
#: Characters of a bad value shown in a message.
SHOWN_CHARS = 60
#: What ``kinds`` takes, in words (the MCP tools' argument hint says the same).
KINDS_WANTED = "a list of 'fact' and/or 'episode' (such as [\"fact\"])"
#: What ``status`` takes, in words.
STATUS_WANTED = "'active', 'superseded', 'archived' or 'all', or a list of them"
#: What ``key`` takes, in words.
KEY_WANTED = "a string: a key or a key prefix such as 'shipping'"

_TYPE_NAMES = {bool: "a boolean", int: "a number", float: "a number", str: "the string", dict: "an object",
               list: "a list", tuple: "a list", type(None): "null"}


def refused(field: str, message: str) -> InvalidInput:
    """The ``InvalidInput`` every argument check here raises: ``message`` for a person, ``field``
    (the argument's name: ``kinds``, ``limit``, ``budget_tokens``) as its ``details.field``. One
    class on every door, the one ``errors`` documents (a subclass of its own showed in tracebacks
    as an error of no documented kind)."""
    return InvalidInput(message, field=field)


def cut(text: str) -> str:
    """``text`` cut to ``SHOWN_CHARS``, its last kept character an ellipsis when cut."""
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS - 1] + "…"


def shown(value: Any) -> str:
    """``value`` for a message: its kind and JSON text, cut at ``SHOWN_CHARS``."""
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except (TypeError, ValueError):
        text = repr(value)
    text = cut(text)
    kind = _TYPE_NAMES.get(type(value), "a value")
    return f"{kind} {text}" if kind == "the string" else f"{kind} ({text})"


def _items(value: Any, name: str, wanted: str) -> list[Any]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise refused(name, f"{name} must be {wanted}, got {shown(value)}")
    return list(value)


def check_kinds(value: Any, name: str = "kinds") -> tuple[str, ...]:
    """``value`` as a tuple of kinds, duplicates dropped, order kept.

    Raises:
        InvalidInput: not a list or tuple (a string included: ``"fact"`` is one kind, say
            ``["fact"]``), empty, or holding anything but ``fact`` / ``episode``.
    """
    items = _items(value, name, KINDS_WANTED)
    if not items:
        raise refused(name, f"{name} must name at least one of 'fact', 'episode', got an empty list")
    for item in items:
        if item not in KINDS or not isinstance(item, str):
            raise refused(name, f"{name} holds {shown(item)}, which is not a kind: use 'fact' or 'episode'")
    return tuple(dict.fromkeys(items))


def check_statuses(value: Any, name: str = "status") -> list[str]:
    """``value`` (one status or a list of them) as the fact statuses to list, ``all`` expanded.

    Raises:
        InvalidInput: neither a string nor a list, an empty list, or a name that is not a status.
    """
    items = [value] if isinstance(value, str) else _items(value, name, STATUS_WANTED)
    if not items:
        raise refused(name, f"{name} must name at least one status ({STATUS_WANTED}), got an empty list")
    for item in items:
        if item not in STATUSES or not isinstance(item, str):
            raise refused(name, f"{name} {'holds' if len(items) > 1 or not isinstance(value, str) else 'is'} "
                                      f"{shown(item)}, which is not a status: use {STATUS_WANTED}")
    return list(ALL_STATUSES) if "all" in items else list(dict.fromkeys(items))


def check_text(value: Any, name: str, wanted: str) -> str | None:
    """``value`` when it is a string or ``None``. Raises ``InvalidInput`` naming ``wanted``."""
    if value is not None and not isinstance(value, str):
        raise refused(name, f"{name} must be {wanted}, got {shown(value)}")
    return value


def check_key(value: Any, name: str = "key") -> str | None:
    """``value`` as the fact key (or key prefix) a listing or history looks under: ``None`` (every
    key), or a string with something besides spaces, its outer spaces and a trailing ``.`` dropped
    (no stored key has either: ``" shipping.carrier"`` and the prefix ``"identity."`` found nothing).

    Raises:
        InvalidInput: ``field`` ``name``: not a string, or empty or whitespace (an unset variable:
            ``list(key="")`` answered ``[]`` as if nothing were stored).
    """
    key = check_text(value, name, KEY_WANTED)
    if key is None:
        return None
    if not key.strip(" .\t\n"):
        raise refused(name, f"{name} is empty ({cut(repr(key))}); give a key or a key prefix such as 'shipping', "
                            f"or no {name} for every fact")
    return key.strip().removesuffix(".")


#: What ``actor`` (who a change is recorded as made by, in the audit log) takes, in words.
ACTOR_WANTED = "a non-empty string naming who made the change, such as 'sdk'"


def check_actor(call: str, value: Any) -> str:
    """``value`` as the ``actor`` a change is logged under: a non-empty string. ``forget(actor=5)``
    logged the number and ``forget(actor=["a"])`` failed inside SQLite's parameter binding
    (``ProgrammingError``) once the forget had begun.

    Raises:
        InvalidInput: ``field`` ``actor``; ``forget(): actor must be a non-empty string ..., got a number (5)``.
    """
    if not isinstance(value, str) or not value.strip():
        raise refused("actor", f"{call}: actor must be {ACTOR_WANTED}, got {shown(value)}")
    return value


def whole_wanted(minimum: int, maximum: int | None) -> str:
    """What a whole-number argument takes, in the words every door's error uses: ``"a whole number
    from 1 to 1000"`` (``maximum`` ``None``: no upper bound, ``"a whole number from 1 up"``)."""
    return (f"a whole number from {minimum} to {maximum}" if maximum is not None
            else f"a whole number from {minimum} up")


def check_whole(value: Any, name: str, minimum: int, maximum: int | None) -> int:
    """``value`` as the whole-number argument ``name``: an integer (not a bool) from ``minimum`` to
    ``maximum`` (``None``: no upper bound). The one check and wording of ``limit`` and
    ``budget_tokens`` on every door.

    Raises:
        InvalidInput: ``field`` ``name``; ``budget_tokens must be a whole number from 40 up, got 0``.
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum or (
            maximum is not None and value > maximum):
        raise refused(name, f"{name} must be {whole_wanted(minimum, maximum)}, got {value!r}")
    return value


def check_limit(value: Any, maximum: int | None = MAX_LIMIT) -> int:
    """``value`` as the ``limit`` of a search, context block or listing: an integer (not a bool)
    from 1 to ``maximum`` (``None``: no bound, as ``Memory.list`` reads a whole scope on request).
    The one check and the one wording of every door: the SDK calls it, REST's request models
    (``server.models.Limit``) and MCP's tool arguments (``server.mcp_arguments.Limit``) validate with it,
    the CLI reaches it through the SDK.

    Raises:
        InvalidInput: ``field`` ``limit``; ``limit must be a whole number from 1 to 1000, got 0``
            (``0`` and ``-1`` reached SQL's LIMIT, which answers nothing and everything).
    """
    return check_whole(value, "limit", 1, maximum)


def check_offset(value: Any) -> int:
    """``value`` as a listing's ``offset``: an integer (not a bool) >= 0. Raises ``InvalidInput``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise refused("offset", f"offset must be an integer >= 0, got {value!r}")
    return value


def check_id(call: str, name: str, value: Any, *, then: str = "") -> int:
    """``value`` as the id ``call`` reads or changes (``get()``'s, ``update()``'s ``fact_id``, ``forget()``'s
    ``episode_id``): an integer (not a bool, not the text ``"12"``) from 1 up; ids start at 1, so 0 or -1 is a
    mistake, not an id that was not found. The message names the call the caller made, not the one it reaches
    inside (``update(0)`` said ``get(): fact_id ...``), and ends with ``then`` (a hint, or what was left as it was).
    The one id check of every call and door (``lifecycle.target.require_id`` and ``history()`` end theirs here).

    Raises:
        InvalidInput: ``field`` ``name``; ``update(): fact_id must be a whole-number id from 1 up
            (ids start at 1), got 0``.
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise refused(name, f"{call}: {name} must be a whole-number id from 1 up (ids start at 1), "
                            f"got {cut(repr(value))}{then}")
    return value


def check_timeline(key: Any, subject: Any, listing: str) -> None:
    """A key's timeline asked on a door that takes a ``key`` and a ``subject`` only (REST ``GET /v1/history``,
    MCP ``get_history``), refused in that door's words: the SDK's (``history(): key is empty ...; (list() shows
    them) or a fact_id``) named a call, a listing and an argument the door does not have. ``listing`` is where the
    door's keys are shown (``GET /v1/facts``, ``list_memories``). A key or subject of another type is left to the
    SDK's check.

    Raises:
        InvalidInput: ``field`` ``key`` or ``subject``, when it is empty or whitespace (an unset variable).
    """
    if isinstance(key, str) and not key.strip():
        raise refused("key", f"key is empty ({cut(repr(key))}); give a fact key such as 'shipping.carrier' "
                             f"({listing} shows them)")
    if isinstance(subject, str) and not subject.strip():
        raise refused("subject", f"subject is empty ({cut(repr(subject))}); give 'user' for the user's own timeline, "
                                 "a person such as 'wife', or no subject for every one")
