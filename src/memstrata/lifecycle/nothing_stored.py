"""The note a user forget gives when it deleted nothing because nothing was stored for that user,
or a forget of one of the user's sessions or agents because nothing was stored in it.

A forget is idempotent, so a mistyped user id (``alcie``) or session id (another user's session, a
typo) is no error, yet "forgot user=alcie: nothing" must not read as done. Every door that forgets a
user says so in the same words, with its own way to name the user and the tenant: the CLI ``--user``
(``--org``, ``--project``, ``--session``, ``--agent``), REST ``user_id`` (``org_id``, ``project_id``,
``session_id``, ``agent_id``).
"""

from __future__ import annotations

from typing import Any

from memstrata.errors import StoreError


def nothing_stored_note(memory: Any, owner: str, *, org_id: str | None = None, project_id: str | None = None,
                        check: str, lists: str = "", within: dict[str, str | None] | None = None,
                        check_within: str = "") -> str:
    """``nothing is stored for user=<owner> in <org>/<project>; check <check>`` (and ``: <lists>`` when
    given), or ``""`` when ``owner`` has memories in that tenant or the store cannot list its users
    (the in-memory reference store). It names no other user.

    Args:
        memory: the ``Memory`` the forget ran on.
        owner: the user id the forget named.
        org_id, project_id: the tenant the forget ran in; ``None``: ``memory``'s own.
        check: how the door names the user and tenant, e.g. ``--user (and --org, --project)``.
        lists: how to list the users with memories on that door, if it can.
        within: for a forget narrowed to a session or an agent that deleted nothing: what it named
            (``{"session": "s1", "agent": None}``; ``None`` values left out). When ``owner`` has
            memories, the note says nothing is stored for them with those (``check_within``: how
            the door names them, e.g. ``session_id (and agent_id, user_id)``).
    """
    try:
        users = [u.user_id for u in memory.users(org_id=org_id, project_id=project_id)]
    except StoreError:  # a store without lifecycle queries cannot list them
        return ""
    org, project = org_id or memory.scope.org_id, project_id or memory.scope.project_id
    named = " ".join(f"{name}={value}" for name, value in (within or {}).items() if value is not None)
    if owner in users:
        return f"nothing is stored for user={owner} with {named} in {org}/{project}; check {check_within}" if named \
            else ""
    return (f"nothing is stored for user={owner} in {org}/{project}; check {check}"
            + (f": {lists}" if lists else ""))
