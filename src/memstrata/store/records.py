"""Values the write path hands to every store: new segments and facts, episode identity."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np

from memstrata.clock import to_db
from memstrata.types import Scope


def episode_hash(role: str, producer_id: str | None, created_at: datetime, content: str) -> str:
    """Identity of an episode within its scope: re-adding the same one is a no-op."""
    payload = json.dumps([role, producer_id, to_db(created_at), content], ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class NewSegment:
    """A segment to insert: ``index_terms`` is the pre-segmented full-text column."""

    text: str
    derivative: str
    index_terms: str
    embedding: np.ndarray | None


@dataclass(frozen=True)
class NewEpisode:
    """An episode to insert with its segments (``PostgresStore.insert_episodes``); the fields
    of ``insert_episode``'s arguments, times timezone-aware."""

    scope: Scope
    role: str
    content: str
    created_at: datetime
    producer_id: str | None
    produced_for_id: str | None
    content_type: str
    metadata: dict[str, Any]
    expires_at: datetime | None
    segments: tuple[NewSegment, ...]
    #: ``Episode.utc_offset_minutes``: the offset the time was given in, ``None`` at UTC.
    utc_offset_minutes: int | None = None


@dataclass(frozen=True)
class NewFact:
    """A fact to insert (already resolved against existing facts)."""

    kind: str
    key: str
    tag: str
    value: str
    value_norm: str
    statement: str
    confidence: float
    importance: float
    sensitivity: str
    subject: str | None
    observed_at: datetime
    valid_from: datetime | None
    valid_to: datetime | None
    index_terms: str
    embedding: np.ndarray | None
    expires_at: datetime | None = None
    encrypted: bool = False


@dataclass(frozen=True)
class Citation:
    """One fact citing one episode, with what a reader needs to tell whether the episode is
    still current (``Store.citing_facts``): the fact's status, its bi-temporal times and its
    value as the reader may see it (``privacy.crypto.reveal``: an encrypted value without the
    key is ``UNREADABLE``), to tell which sentence of the episode stated it."""

    episode_id: int
    fact_id: int
    status: str
    recorded_at: datetime
    expired_at: datetime | None
    value: str = ""
