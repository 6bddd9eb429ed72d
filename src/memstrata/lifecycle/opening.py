"""What a ``Memory`` does to a store it has just opened, before the first read or write: the
encryption key, the model check, the upgrades of stored index terms and turn documents, and the
vectors of what was stored while the model was down."""

from __future__ import annotations

from memstrata.embed.base import Embedder
from memstrata.embed.health import ModelHealth
from memstrata.lifecycle.embed_missing import check_model, embed_when_up
from memstrata.privacy.crypto import Cipher
from memstrata.store.protocol import Store
from memstrata.store.reindex import upgrade_terms
from memstrata.store.turns import backfill as backfill_turns


def prepare(store: Store, *, encryption_key: str | None, model: Embedder | None, health: ModelHealth | None) -> None:
    """Make ``store`` ready: values encrypted with ``encryption_key`` (``privacy.crypto``), the
    database's model checked against ``model`` (or recorded), stored terms and turn documents
    brought to this version (``store.reindex``, ``store.turns``), and what was stored without
    vectors embedded when the model answers (``lifecycle.embed_missing.embed_when_up``).
    On any failure the store is closed before the error is raised.

    Raises:
        EmbeddingModelMismatch: the database was embedded with another model.
        StoreError: the upgrades cannot write (a read-only or busy file).
    """
    try:
        if encryption_key:
            store.cipher = Cipher(encryption_key)
        if model is not None:
            check_model(store, model)
        upgrade_terms(store)
        backfill_turns(store)
        embed_when_up(store, health)  # stored while the model was down: embedded at this open
    except Exception:
        store.close()
        raise
