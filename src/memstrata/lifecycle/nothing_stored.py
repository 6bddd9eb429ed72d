"""The note a user forget gives when it deleted nothing because nothing was stored for that user,
or a forget of one of the user's sessions or agents because nothing was stored in it.

A forget is idempotent, so a mistyped user id (``alcie``) or session id (another user's session, a
typo) is no error, yet "forgot user=alcie: nothing" must not read as done. Every door that forgets a
user says so in the same words, with its own way to name the user and the tenant: the CLI ``--user``
(``--org``, ``--project``, ``--session``, ``--agent``), REST ``user_id`` (``org_id``, ``project_id``,
``session_id``, ``agent_id``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from memstrata.errors import StoreError

if TYPE_CHECKING:
    from memstrata.lifecycle.forget import ForgetReceipt


def deleted_nothing(receipt: ForgetReceipt, *narrowed: object) -> bool:
    """Whether a finished forget (``receipt`` not ``running``) deleted nothing while none of ``narrowed``
    was given (its ``before``, filter, fact or episode, ``None`` when not: those may rightly match
    nothing): when a door gives ``nothing_stored_note``."""
    return receipt.status != "running" and not any(receipt.counts.values()) and all(v is None for v in narrowed)


def nothing_stored_note(memory: Any, owner: str, *, org_id: str | None = None, project_id: str | None = None,
                        spelled: str, lists: str = "", session: str | None = None, agent: str | None = None) -> str:
    """``nothing is stored for user=<owner> in <org>/<project>; check <user> (and <org>, <project>)`` (and
    ``: <lists>`` when given), or ``""`` when ``owner`` has memories in that tenant or the store cannot
    list its users (the in-memory reference store). It names no other user.

    Args:
        memory: the ``Memory`` the forget ran on.
        owner: the user id the forget named.
        org_id, project_id: the tenant the forget ran in; ``None``: ``memory``'s own.
        spelled: how the door spells a scope field, ``{}`` standing for its name: ``--{}`` on the CLI
            (``--user (and --org, --project)``), ``{}_id`` on REST (``user_id (and org_id, project_id)``).
        lists: how to list the users with memories on that door, if it can.
        session, agent: what a forget narrowed to a session or an agent that deleted nothing named
            (``None``: not named). When ``owner`` has memories, the note says nothing is stored for
            them with those (``... with session=s1 in default/default; check --session (and --user,
            --org, --project)``).
    """
    try:
        users = [u.user_id for u in memory.users(org_id=org_id, project_id=project_id)]
    except StoreError:  # a store without lifecycle queries cannot list them
        return ""
    org, project = org_id or memory.scope.org_id, project_id or memory.scope.project_id
    given = {name: value for name, value in (("session", session), ("agent", agent)) if value is not None}
    user, tenant = spelled.format("user"), f"{spelled.format('org')}, {spelled.format('project')}"
    if owner in users:
        if not given:
            return ""
        named = " ".join(f"{name}={value}" for name, value in given.items())
        return (f"nothing is stored for user={owner} with {named} in {org}/{project}; check "
                f"{' and '.join(spelled.format(name) for name in given)} (and {user}, {tenant})")
    return (f"nothing is stored for user={owner} in {org}/{project}; check {user} (and {tenant})"
            + (f": {lists}" if lists else ""))


def empty_project_note(receipt: ForgetReceipt, org: str, project: str, *, fields: tuple[str, str]) -> str:
    """``nothing is stored in <org>/<project>; check <project> (and <org>)`` for a project deletion
    (``receipt``) that deleted, and revoked, nothing: a mistyped project is no error (the deletion is
    idempotent) but must not read as done, as a forget of a mistyped user says; ``""`` otherwise.
    ``fields``: how the door names the project and the org (``("PROJECT", "--org")`` on the CLI)."""
    if not deleted_nothing(receipt):
        return ""
    return f"nothing is stored in {org}/{project}; check {fields[0]} (and {fields[1]})"

