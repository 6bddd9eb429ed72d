"""Bring a database's stored full-text terms to the current term scheme (``TERMS_VERSION``).

Full-text columns hold pre-segmented terms computed at write time (``text.tokens``).
When the scheme changes (version 2 stems English words), a database written earlier
would no longer match the queries, so ``Memory`` upgrades it when it opens: one write
transaction maps every stored terms column through the change. Each version's terms are a
function of the previous version's terms alone (version 2 stems English words,
``stem_terms_text``; version 3 reads Traditional characters as Simplified,
``simplify_terms_text``), so no source text is needed, and encrypted facts (whose terms hold
only their key's words) are upgraded too.
"""

from __future__ import annotations

from memstrata.store.protocol import Store
from memstrata.text.tokens import TERMS_VERSION, simplify_terms_text, stem_terms_text


def upgrade_terms(store: Store) -> int | None:
    """Upgrade ``store``'s terms to ``TERMS_VERSION`` if they are older (a new database just
    records the version). Returns the rows rewritten, or ``None`` if already current.

    The check is repeated inside the write transaction, so concurrent openers upgrade once.
    Raises the store's errors (e.g. ``StoreError``) if the write fails; nothing is changed then.
    """
    stored = store.get_meta("terms_version")
    if stored is not None and int(stored) >= TERMS_VERSION:
        return None
    # Version 2 terms are stemmed already: stemming a stem again may change it. Unset is version 1.
    # (Another opener may upgrade meanwhile; the store re-reads the version inside its write.)
    fn = simplify_terms_text if stored is not None and int(stored) == 2 else stem_terms_text
    with store.db.write() as conn:
        rewritten = store.upgrade_terms(conn, TERMS_VERSION, fn)
    return rewritten
