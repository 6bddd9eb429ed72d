"""Whole-turn and session-block full-text documents, shared by every store.

Segments are sentences; two more full-text documents sit beside them:

* a **turn document** per episode: its whole text, ``speaker: content`` (the speaker once,
  as segments' derivatives carry it), so BM25 sees a reply's words together;
* **session blocks**: the turn documents of a session concatenated in order, in blocks of
  at most ``SESSION_BLOCK_TURNS`` consecutive turns. A session grows with every message,
  so it is never one document rewritten per append: a message extends its session's last
  block (a bounded rewrite) or starts a new one. A session's full-text score is its best
  block's (``recall``: the session list of the fusion).

A turn document also carries, after ``CONTEXT_MARK``, the words of the turn said just before
it in its session (its **context**, without that turn's speaker): an answer often replies to
a question and lacks its words ("When did you get it?" / "A year ago in Paris."), so BM25
should see the two together. Blocks hold each turn's own terms only (``own_terms``).

Both hold only terms derived from episodes that still exist: deleting episodes (forget,
expiry) deletes their turn documents and rebuilds every block that held one of them from
the turns left (``rebuild`` in each store), so a forgotten word survives in neither; the
turns left in those sessions lose their context (it may have been a deleted turn's words).

A block carries its session's full scope (user, agent, session) and ``expires_at``, the
earliest expiry of its turns: a block holding an expired turn is not searched until
``maintain`` deletes the episode and the block is rebuilt without it. A running forget job
hides every block of its scope (blocks have no per-row cut). Session ranking from blocks is
used only for unfiltered searches (``recall``): a block mixes turns a filter would hide.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from memstrata.store.scope import job_scope_parts
from memstrata.text.tokens import index_text

if TYPE_CHECKING:
    from memstrata.store.protocol import Store

#: Turns per session block. Measured with the ranking lab of docs/benchmarks.md on LoCoMo
#: (sessions of ~22 turns) and MemoryBank (~8): see the ablation table there.
SESSION_BLOCK_TURNS = 16

#: Version of the turn documents (meta ``turn_docs_version``): a database without it (written
#: before migration 7) is backfilled from its episodes when opened (``backfill``).
TURN_DOCS_VERSION = 1


def turn_terms(speaker: str | None, content: str) -> str:
    """The full-text terms of a whole turn: ``index_text("speaker: content")`` (``speaker``
    is the episode's ``producer_id`` or else its role; ``None``/empty: content alone)."""
    return index_text(f"{speaker}: {content}" if speaker else content)


#: Separates a turn document's own terms from its context (the previous turn's terms). Not a
#: word anyone types (like the scope tokens, ``zq...``).
CONTEXT_MARK = "zqctx"


def context_terms(content: str) -> str:
    """The context a turn lends the turn said after it: ``index_text(content)``, no speaker."""
    return index_text(content)


def turn_document(terms: str, context: str = "") -> str:
    """A turn's full-text document: its own ``terms``, then ``CONTEXT_MARK`` and ``context``
    (the previous turn's ``context_terms``) when there is one.

    >>> turn_document("ann when did you get it", "a year ago")
    'ann when did you get it zqctx a year ago'
    """
    return f"{terms} {CONTEXT_MARK} {context}" if context else terms


def own_terms(document: str) -> str:
    """A turn document's own terms (its context cut off): what session blocks are built from.

    >>> own_terms(turn_document("ann when did you get it", "a year ago"))
    'ann when did you get it'
    """
    return document.split(f" {CONTEXT_MARK} ", 1)[0]


def earliest(times: list[datetime | None]) -> datetime | None:
    """The earliest of ``times`` ignoring ``None`` (a turn that never expires), or ``None``."""
    known = [t for t in times if t is not None]
    return min(known) if known else None


def block_hidden_predicate(jobs: list[tuple[object, ...]], *, prefix: str = "",
                           mark: str = "?") -> tuple[str, list[object]]:
    """``" AND NOT (...)"`` clauses leaving out every block in the scope of a running forget job
    (``""`` when none). ``jobs``: rows of ``store.scope.running_forgets_sql("episodes")``. A
    block has no id cut to compare, so the whole scope (and session, when the job names one)
    is left out until the job is done, whatever its cut or ``before``."""
    clauses, params = [], []
    for org, project, user, agent, session, _before, _cut in jobs:
        parts, args = job_scope_parts((org, project, user, agent, session), prefix=prefix, mark=mark)
        clauses.append(f" AND NOT ({' AND '.join(parts)})")
        params += args
    return "".join(clauses), params


def backfill(store: Store) -> int | None:
    """Give every episode of ``store`` written before turn documents existed its turn document
    and session blocks (once: meta ``turn_docs_version``; the check is repeated inside the write
    so concurrent openers backfill once). Returns the episodes indexed, ``None`` if current.
    Raises the store's errors if the write fails; nothing is changed then."""
    stored = store.get_meta("turn_docs_version")
    if stored is not None and int(stored) >= TURN_DOCS_VERSION:
        return None
    with store.db.write() as conn:
        return store.backfill_turns(conn, TURN_DOCS_VERSION, turn_terms)
