"""What a forgotten superseded value leaves behind: its sentences stay outdated.

After "I use 顺丰 for delivery" → "Switch to UPS from now on" the 顺丰 fact is superseded and its
message, still stored, is shown ``[outdated]`` (``memstrata.recall.outdated``), because the fact cites
it. Forgetting the old fact (``Memory.delete``, ``forget(fact_id=...)``, ``forget(filter=...)``
of facts) took the citation with it, and the message then read as current: "I use 顺丰 for
delivery" was offered as the user's carrier once the old value was forgotten.

So before a superseded fact is deleted, each still-stored message it cites keeps a row (table
``outdated_marks``, migration 16) with the character span of every piece that stated the value
(``text.stating.spans_stating``: the sentence, or its clause when the sentence says more) and the
fact's recorded and retired times (for ``as_of``). The row holds no text and no value: the piece
is read back from the message itself, and it stands in for the forgotten fact as a superseded
citation (``Store.citing_facts``), so the piece, and a message stating nothing else, stay
outdated. A row goes with its message (``ON DELETE CASCADE``: every forget of episodes). Carried
by ``export`` as ``outdated_mark`` records of the exported messages (``lifecycle.trail``), so a
restored message that stated a forgotten old value stays outdated.

The SQL is written once for the SQLite and PostgreSQL stores (``store.dialect``); the in-memory
reference store keeps the same rows in a list.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from memstrata.privacy.crypto import Cipher, reveal
from memstrata.store.dialect import Dialect, rows, run_many
from memstrata.store.records import Citation
from memstrata.text.stating import spans_stating

#: ``Citation.fact_id`` of a mark: the fact is gone, no id names it.
NO_FACT = 0


def keep(conn: Any, d: Dialect, cipher: Cipher | None, facts: Sequence[int]) -> int:
    """Inside an open write, before ``facts`` are deleted: a mark per piece of each stored
    episode that a superseded one of ``facts`` cites and states. Returns how many marks."""
    if not facts:
        return 0
    found = rows(conn, d, "SELECT f.value, f.created_at, f.expired_at, e.id AS episode_id, e.content "
                          "FROM facts f JOIN fact_citations c ON c.fact_id = f.id JOIN episodes e ON e.id = "
                          f"c.episode_id WHERE f.id IN ({','.join('?' * len(facts))}) AND f.status = 'superseded'",
                 list(facts))
    params = [(r["episode_id"], start, end, r["created_at"], r["expired_at"])
              for r in found for start, end in spans_stating(r["content"], reveal(r["value"], cipher))]
    run_many(conn, d, "INSERT INTO outdated_marks (episode_id, piece_start, piece_end, recorded_at, expired_at) "
                      "VALUES (?,?,?,?,?)", params)
    return len(params)


def citations(conn: Any, d: Dialect, episode_ids: Sequence[int]) -> list[Citation]:
    """The marks of ``episode_ids`` as superseded citations whose value is the marked piece."""
    if not episode_ids:
        return []
    found = rows(conn, d, "SELECT m.episode_id, m.piece_start, m.piece_end, m.recorded_at, m.expired_at, e.content "
                          "FROM outdated_marks m JOIN episodes e ON e.id = m.episode_id "
                          f"WHERE m.episode_id IN ({','.join('?' * len(episode_ids))})", list(episode_ids))
    return [Citation(int(r["episode_id"]), NO_FACT, "superseded", d.read_time(r["recorded_at"]),  # type: ignore[arg-type]
                     d.read_time(r["expired_at"]), r["content"][r["piece_start"]:r["piece_end"]]) for r in found]
