"""The one rule of every destructive operation: an explicit, non-empty target.

A forget, a delete, a project deletion or an undo of many changes erases what people told their
agents. Two ordinary mistakes used to erase a whole user: an empty option (a retention script
with an unset ``$CUTOFF`` ran ``memstrata forget --before "" --yes``, and the empty ``--before``
was dropped, leaving the default user as the target) and a target filled in by the door
(``POST /v1/forget`` with ``{}`` and a user-bound API key forgot that key's user). So:

* a target must be *given* by the caller: the arguments a door passes here are the ones the
  caller wrote, before any default filled a gap (``Memory(user_id=...)``'s user,
  ``$MEMSTRATA_USER``, the user an API key is bound to, the configured project);
* a target given blank (``""``, whitespace only, an empty filter) is refused even when another
  argument names a target: a blank is a mistake (an unset variable), never "everything";
* a narrowing target given as ``None`` / JSON ``null`` (``forget(user_id="alice", fact_id=None)``,
  ``{"user_id": "alice", "fact_id": null}``) is refused too: left out, the forget covers the whole
  user, so a fact id that a lookup did not find erased everything about the user
  (``refuse_null``). An argument the caller left out is ``NOT_GIVEN`` in the SDK and absent from
  the body on REST.

Every door reaches ``require_target``: ``Memory.forget``, ``Memory.delete_project`` and
``Memory.undo`` call it on their own arguments, and the CLI, REST and MCP doors call it on what
the request said before they fill in scope defaults. It raises ``InvalidInput`` naming the
argument, before anything is read or deleted.
"""

from __future__ import annotations

from typing import Final, TypeVar

from memstrata.arguments import check_id
from memstrata.errors import InvalidInput

T = TypeVar("T")


class NotGiven:
    """The type of ``NOT_GIVEN``: an argument of a destructive call that the caller left out,
    told apart from ``None`` given on purpose (the pattern of httpx's ``USE_CLIENT_DEFAULT``)."""

    def __repr__(self) -> str:
        return "NOT_GIVEN"

    def __bool__(self) -> bool:
        return False


#: Default of a narrowing target of ``Memory.forget`` (``fact_id``, ``session_id`` ...): left out.
NOT_GIVEN: Final = NotGiven()

#: The targets of a forget that narrow it inside a user's memory: one left out widens the forget,
#: so one given as ``None`` / ``null`` is refused (``refuse_null``). ``user_id`` is not among them:
#: ``None`` there is the instance's or the key's user, and with no other target it is refused anyway.
NARROWING_TARGETS = ("session_id", "agent_id", "before", "filter", "fact_id", "episode_id")


def or_none(value: T | NotGiven) -> T | None:
    """``value``, or ``None`` when it is ``NOT_GIVEN``."""
    return None if isinstance(value, NotGiven) else value


def left_out_if_none(value: T | None) -> T | NotGiven:
    """``value``, or ``NOT_GIVEN`` when it is ``None``: for a door that has already refused the
    targets its caller gave as ``null`` and passes on the ones it was not given."""
    return NOT_GIVEN if value is None else value


def _blank(value: object) -> bool:
    """A string of nothing but whitespace (``""`` included)."""
    return isinstance(value, str) and not value.strip()


def require_target(operation: str, *, hint: str = "", **given: object) -> None:
    """Refuse ``operation`` unless one of ``given`` names a target and none is blank.

    Args:
        operation: what the caller asked for, in the door's words (``forget``,
            ``POST /v1/forget``, ``memstrata forget``), for the message.
        given: the target arguments as the caller gave them, before any default was filled in:
            ``None`` (or ``False`` for a flag such as ``all_users``) is "not given"; anything else
            names a target. Names are the door's own (``before`` or ``--before``).
        hint: what to name, in the door's words, for the message when nothing was given
            (default: the names of ``given``).

    Raises:
        InvalidInput: an argument that is an empty or whitespace-only string (``details.field``
            names it), or no argument given at all.
    """
    _require(operation, hint, given)


def refuse_blank(operation: str, **given: object) -> None:
    """Refuse ``operation`` when one of ``given`` is an empty or whitespace-only string: a blank
    org or project beside a target (``forget(user_id="alice", org_id="")``) is an unset variable,
    never "the default tenant". ``None`` is "not given" and passes.

    Raises:
        InvalidInput: naming the blank argument (``details.field``); nothing was deleted.
    """
    for name, value in given.items():
        if _blank(value):
            what = "empty" if value == "" else "only whitespace"
            raise InvalidInput(f"{operation}: {name} is {what}; a destructive operation needs an explicit, "
                               "non-empty target (an unset variable must not widen it); nothing was deleted",
                               field=name)


def refuse_null(operation: str, *names: str, null: str = "None") -> None:
    """Refuse ``operation`` when the caller gave one of the narrowing targets ``names`` as ``None``
    (JSON ``null``): a fact id a lookup did not find, an unset ``$SESSION``. Left out, such a target
    widens the forget to the whole user; given empty, it is a mistake (``NARROWING_TARGETS``).

    Args:
        operation: the call in the door's words (``forget()``, ``POST /v1/forget``).
        names: the targets given as ``None``, by the door's names (empty: nothing to refuse).
        null: how the door spells the value (``None``, ``null``), for the message.

    Raises:
        InvalidInput: naming the first such target (``details.field``); nothing was deleted.
    """
    if names:
        name = names[0]
        raise InvalidInput(f"{operation}: {name} is {null}; give the {name.removesuffix('_id')} to forget, or leave "
                           f"{name} out to forget all that the other arguments name (such as the whole user): a "
                           "destructive operation needs an explicit, non-empty target; nothing was deleted",
                           field=name)


def _require(operation: str, hint: str, given: dict[str, object]) -> None:
    """``require_target``'s checks over a mapping, for callers whose argument name is a value."""
    refuse_blank(operation, **given)
    if all(value is None or value is False for value in given.values()):
        raise InvalidInput(f"{operation} needs a target: {hint or 'one of ' + ', '.join(given)} (a default such as "
                           "the configured user or an API key's user is not a target by itself); nothing was deleted")


def require_tenant(operation: str, *, what: str, hint: str, **given: object) -> None:
    """Refuse a sweep over a whole tenant unless the call itself names the tenant: every one of
    ``given`` (its org and project, in the door's words) typed, not filled in by a default.

    Forgetting every user of a project and deleting a project erase a whole tenant: an instance's or
    the configured org and project (``Memory(project_id=...)``, ``$MEMSTRATA_PROJECT``, the server's
    default org, the tenant of the API key) is a default, and a stale or unset one must not pick
    which tenant goes, as the user an API key is bound to is no target of a forget.

    Args:
        operation: what the caller asked for, in the door's words (``forget(all_users=True)``).
        what: what the operation erases, for the message (``every user of the project``).
        hint: how to name the tenant on this door (``org_id=... and project_id=...``).
        given: the tenant's arguments as the caller gave them, before any default: ``None`` is
            "not given".

    Raises:
        InvalidInput: an argument not given, empty or whitespace only (``details.field`` names the
            first such); nothing was deleted.
    """
    for name, value in given.items():
        if value is None or _blank(value):
            how = "not named" if value is None else "empty" if value == "" else "only whitespace"
            raise InvalidInput(f"{operation} erases {what}: {name} is {how}; name the tenant in the call, {hint} "
                               "(a default such as the configured or the instance's org and project, or an API key's "
                               "tenant, is not a target by itself); nothing was deleted", field=name)


def require_owner(operation: str, *, owner: object, all_users: bool, user: str, every: str,
                  **given: object) -> None:
    """Refuse a forget of a session, an agent, a time or a filter that names no user: with no
    owner it would reach every user of the tenant, which only ``all_users`` may ask for.

    Args:
        operation: what the caller asked for, in the door's words (``forget()``, ``POST /v1/forget``).
        owner: the user the forget is limited to once the door's defaults are filled in (an API
            key's user, the instance's), or ``None``.
        all_users: whether the caller asked for every user.
        user: how the door names the user to give (``user_id``, ``"user_id"``).
        every: how the door spells every user (``all_users=True``, ``"all_users": true``).
        given: the targets the caller gave, by the door's names (``None``: not given).

    Raises:
        InvalidInput: no owner and not ``all_users``, naming the targets given (``details.field``
            ``user_id``); nothing was deleted.
    """
    if owner is not None or all_users:
        return
    named = " and ".join(name for name, value in given.items() if value is not None) or "the forget"
    raise InvalidInput(f"{operation}: {named} without a user would forget for every user of the tenant; give "
                       f"{user}, or {every} if every user is meant; nothing was deleted", field="user_id")


def require_id(operation: str, name: str, value: object) -> int:
    """``value`` as the whole-number id a change of one row is aimed at (``rollback``'s
    ``event_id``, ``restore``'s ``fact_id``).

    Returns:
        the id.

    Raises:
        InvalidInput: a missing (``None``) or blank id is refused as for every destructive
            target (``require_target``); anything but an ``int`` (a ``bool``, a float, the text
            ``"12"``) or a number below 1 (ids start at 1: -1 or 0 is a mistake, not an id
            that was not found) names the argument and what it got (``details.field``), in the
            words of every id check (``arguments.check_id``) and "; nothing was changed".
    """
    _require(operation, "", {name: value})
    return check_id(operation, name, value, then="; nothing was changed")
