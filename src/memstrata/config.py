"""Settings as values. The environment is read in one place: ``Settings.from_env``.

Environment variables (all optional):

=============================  ==========================================  ==========================
variable                       meaning                                     default
=============================  ==========================================  ==========================
``MEMSTRATA_DB``               path of the SQLite database file            ``~/.memstrata/memory.db``
``MEMSTRATA_EMBEDDING_MODEL``  ``use-multilingual-v3``, ``hashing-<dim>``   ``use-multilingual-v3``
                               or ``none`` (full-text search only)
``MEMSTRATA_ORG``              default ``org_id`` for the CLI               ``default``
``MEMSTRATA_PROJECT``          default ``project_id`` for the CLI           ``default``
``MEMSTRATA_USER``             default ``user_id`` for the CLI              ``default``
=============================  ==========================================  ==========================
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

DEFAULT_DB_PATH = Path("~/.memstrata/memory.db")


@dataclass(frozen=True)
class RankingWeights:
    """Weights of the final score (``retrieve.blend``); renormalised by their sum.

    The first four are the tutorial defaults fixed in ``shared/DESIGN.md`` section 4
    (0.55 relevance, 0.20 recency, 0.15 confidence, 0.10 importance). ``access`` (how
    often a memory was recalled) is memstrata's addition, kept small so a popular but
    irrelevant memory cannot outrank a relevant one.
    """

    relevance: float = 0.55
    recency: float = 0.20
    confidence: float = 0.15
    importance: float = 0.10
    access: float = 0.05


@dataclass(frozen=True)
class Settings:
    """Every tunable of an embedded ``Memory``, with named defaults.

    Attributes:
        db_path: SQLite file; created with its parent directory on first open.
        embedding_model: model name, or ``None`` to run on full-text search alone.
        weights: ranking weights.
        half_life_days: recency half-life in days (DESIGN.md: 30).
        rrf_k: Reciprocal Rank Fusion constant (Cormack et al. 2009: 60).
        candidates: candidates taken from each index (vector, full-text) before fusion.
        min_similarity: cosine below which a vector candidate is dropped as noise
            (USE-multilingual cosines of unrelated sentences sit around 0.0–0.1).
        merge_similarity: cosine at or above which two facts under one key merge (0.9, the issue).
        neighbour_weight: share of a matching turn's fused score lent to the turns just
            before and after it in its session (answers often sit in the reply). 0.85 was
            measured with ``memstrata bench retrieval`` (R@5 / R@10, hybrid): LoCoMo
            0.495 / 0.592 → 0.504 / 0.604, MemoryBank-zh 0.723 / 0.853 → 0.733 / 0.860,
            MemoryBank-en 0.713 / 0.862 → 0.719 / 0.911; 0.5 changed nothing. 0 turns it off.
        max_content_bytes: largest episode accepted, in UTF-8 bytes.
        busy_timeout_s: how long a writer waits for another writer's lock, seconds.
        embed_threads: BLAS threads for the embedding model.
        org_id, project_id, user_id: scope defaults used by the CLI.
    """

    db_path: Path = DEFAULT_DB_PATH
    embedding_model: str | None = "use-multilingual-v3"
    weights: RankingWeights = field(default_factory=RankingWeights)
    half_life_days: float = 30.0
    rrf_k: int = 60
    candidates: int = 50
    min_similarity: float = 0.12
    merge_similarity: float = 0.9
    neighbour_weight: float = 0.85
    max_content_bytes: int = 1_048_576
    busy_timeout_s: float = 30.0
    embed_threads: int = 2
    org_id: str = "default"
    project_id: str = "default"
    user_id: str = "default"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: object) -> Settings:
        """Defaults, then environment variables (table above), then ``overrides``."""
        env = os.environ if environ is None else environ
        values: dict[str, object] = {}
        if env.get("MEMSTRATA_DB"):
            values["db_path"] = Path(env["MEMSTRATA_DB"])
        if "MEMSTRATA_EMBEDDING_MODEL" in env:
            model = env["MEMSTRATA_EMBEDDING_MODEL"].strip()
            values["embedding_model"] = None if model.lower() in ("", "none") else model
        for var, name in (("MEMSTRATA_ORG", "org_id"), ("MEMSTRATA_PROJECT", "project_id"),
                          ("MEMSTRATA_USER", "user_id")):
            if env.get(var):
                values[name] = env[var]
        values.update({k: v for k, v in overrides.items() if v is not None})
        return replace(cls(), **values)  # type: ignore[arg-type]

    def resolved_db_path(self) -> Path:
        """``db_path`` with ``~`` expanded."""
        return Path(self.db_path).expanduser()
