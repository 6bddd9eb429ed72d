"""What a forgotten value leaves behind: its sentences keep the state they had.

After "I use 顺丰 for delivery" → "Switch to UPS from now on" the 顺丰 fact is superseded and its
message, still stored, is shown ``[outdated]`` (``memstrata.recall.outdated``), because the fact cites
it. Forgetting the old fact (``Memory.delete``, ``forget(fact_id=...)``, ``forget(filter=...)``
of facts) took the citation with it, and the message then read as current: "I use 顺丰 for
delivery" was offered as the user's carrier once the old value was forgotten. The other way
round, forgetting a *current* value took the one citation that kept its message current: after
"I live in Paris, no wait, I live in Berlin." and a forget of Berlin, only the superseded Paris
cited the message, and the message the user kept as said was shown ``[outdated]``.

So before a fact is deleted, each still-stored message it cites keeps a row (table
``outdated_marks``, migration 16) with the character span of every piece that stated the value
(``text.stating.spans_stating``: the sentence, or its clause when the sentence says more) and the
fact's recorded and retired times (for ``as_of``); the retired time is ``NULL`` for a value that
still held when it was forgotten (a superseded fact always has one: ``expired_at``). The row holds
no text and no value: the piece is read back from the message itself, and it stands in for the
forgotten fact as a citation (``Store.citing_facts``), superseded or current, so the piece, and a
message stating nothing else, keep their state. A current value no sentence places (an encrypted
one, "SF Express" keyed as 顺丰) is marked over the whole message and read back with no value, as
a current fact the message does not spell out is (it keeps every sentence current). A later value
under the same key does not reach a forgotten one: its message stays current. A row goes with its
message (``ON DELETE CASCADE``: every forget of episodes). Carried by ``export`` as
``outdated_mark`` records of the exported messages (``lifecycle.trail``), so a restored message
that stated a forgotten value keeps its state.

The SQL is written once for the SQLite and PostgreSQL stores (``store.dialect``); the in-memory
reference store keeps the same rows in a list.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from memstrata.privacy.crypto import Cipher, reveal
from memstrata.store.dialect import Dialect, rows, run_many
from memstrata.store.records import Citation
from memstrata.text.stating import spans_stating

#: ``Citation.fact_id`` of a mark: the fact is gone, no id names it.
NO_FACT = 0


def keep(conn: Any, d: Dialect, cipher: Cipher | None, facts: Sequence[int]) -> int:
    """Inside an open write, before ``facts`` are deleted: a mark per piece of each stored
    episode that one of ``facts`` cites and states, retired when the fact was superseded (its
    ``expired_at``) and never (``NULL``) when it still held. Returns how many marks."""
    if not facts:
        return 0
    found = rows(conn, d, "SELECT f.value, f.status, f.created_at, f.expired_at, e.id AS episode_id, e.content "
                          "FROM facts f JOIN fact_citations c ON c.fact_id = f.id JOIN episodes e ON e.id = "
                          f"c.episode_id WHERE f.id IN ({','.join('?' * len(facts))}) AND f.status <> 'deleted'",
                 list(facts))
    params = [(r["episode_id"], start, end, r["created_at"], r["expired_at"] if r["status"] == "superseded" else None)
              for r in found for start, end in spans_stating(r["content"], reveal(r["value"], cipher))]
    run_many(conn, d, "INSERT INTO outdated_marks (episode_id, piece_start, piece_end, recorded_at, expired_at) "
                      "VALUES (?,?,?,?,?)", params)
    return len(params)


def citations(conn: Any, d: Dialect, episode_ids: Sequence[int]) -> list[Citation]:
    """The marks of ``episode_ids`` as citations (``mark_citation``)."""
    if not episode_ids:
        return []
    found = rows(conn, d, "SELECT m.episode_id, m.piece_start, m.piece_end, m.recorded_at, m.expired_at, e.content "
                          "FROM outdated_marks m JOIN episodes e ON e.id = m.episode_id "
                          f"WHERE m.episode_id IN ({','.join('?' * len(episode_ids))})", list(episode_ids))
    return [mark_citation(int(r["episode_id"]), r["content"], (r["piece_start"], r["piece_end"]),
                          d.read_time(r["recorded_at"]), d.read_time(r["expired_at"]))  # type: ignore[arg-type]
            for r in found]


def mark_citation(episode_id: int, content: str, piece: tuple[int, int], recorded_at: datetime,
                  expired_at: datetime | None) -> Citation:
    """One mark of the message ``content`` as the citation of its forgotten fact: superseded at
    ``expired_at``, else current; its value is the marked piece, or none for a current value
    marked over the whole message (no sentence placed it: it might be stated in any)."""
    start, end = piece
    current = expired_at is None
    value = "" if current and content[:start].strip() == content[end:].strip() == "" else content[start:end]
    return Citation(episode_id, NO_FACT, "active" if current else "superseded", recorded_at, expired_at, value)
