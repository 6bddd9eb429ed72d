"""Withdrawals the user said, kept for messages that arrive after them but were said before.

"I'm not allergic to peanuts any more" withdraws the stored allergy at once
(``facts.withdraw.retract``). A value said *before* the withdrawal can arrive *after* it (a
newest-first log, a backfill after live traffic): by when each was said, the value ended when it
was withdrawn, so it is stored as a past value (not current with no end). For that the
withdrawal is kept as a row (table ``withdrawals``, migration 15) whether or not
it withdrew anything; the row goes with its episode (``ON DELETE CASCADE``: every forget).

The SQL is written once for the SQLite and PostgreSQL stores (``store.dialect``); the in-memory
reference store keeps the same rows in a list.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from memstrata.store.dialect import Dialect, rows, run
from memstrata.types import Scope


@dataclass(frozen=True)
class Withdrawal:
    """One withdrawal: ``key`` and ``value`` withdrawn (``""``: every value of the key) about
    ``subject`` (``None``: the user), the withdrawing ``statement``, when it was said (``said_at``,
    UTC) and the ``episode_id`` of its message."""

    key: str
    value: str
    statement: str
    said_at: datetime
    episode_id: int
    subject: str | None = None


def insert(conn: Any, d: Dialect, scope: Scope, w: Withdrawal) -> None:
    """Inside an open write: keep ``w`` for ``scope``'s owner (org, project, user, agent)."""
    run(conn, d, "INSERT INTO withdrawals (org_id, project_id, user_id, agent_id, subject, key, value, statement, "
                 "said_at, episode_id) VALUES (?,?,?,?,?,?,?,?,?,?)",
        (scope.org_id, scope.project_id, scope.user_id, scope.agent_id, w.subject, w.key, w.value, w.statement,
         d.time(w.said_at), w.episode_id))


def said_after(conn: Any, d: Dialect, scope: Scope, *, key: str, subject: str | None,
               after: datetime) -> list[Withdrawal]:
    """Inside an open transaction: the withdrawals under ``key`` about ``subject`` that ``scope``'s
    owner said after ``after``, earliest first."""
    found = rows(conn, d, "SELECT subject, key, value, statement, said_at, episode_id FROM withdrawals WHERE "
                          "org_id = ? AND project_id = ? AND user_id IS NOT DISTINCT FROM ? AND agent_id IS NOT "
                          "DISTINCT FROM ? AND key = ? AND coalesce(subject, '') = ? AND said_at > ? "
                          "ORDER BY said_at, id",
                 (scope.org_id, scope.project_id, scope.user_id, scope.agent_id, key, subject or "", d.time(after)))
    return [Withdrawal(r["key"], r["value"], r["statement"], d.read_time(r["said_at"]),  # type: ignore[arg-type]
                       int(r["episode_id"]), r["subject"]) for r in found]
