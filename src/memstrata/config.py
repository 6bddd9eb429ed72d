"""Settings as values. The environment is read in one place: ``Settings.from_env``.

Environment variables (all optional):

=============================  ==========================================  ==========================
variable                       meaning                                     default
=============================  ==========================================  ==========================
``MEMSTRATA_DB``               path of the SQLite database file, or a      ``~/.memstrata/memory.db``
                               ``postgresql://`` URL (PostgreSQL backend)
``MEMSTRATA_EMBEDDING_MODEL``  ``use-multilingual-v3``, ``hashing-<dim>``,  ``use-multilingual-v3``
                               ``multilingual-e5-small-q4`` (``e5`` extra)
                               or ``none`` (full-text search only)
``MEMSTRATA_EMBED_THREADS``    threads of the process's BLAS pool while     ``1``
                               embedding and searching; ``none`` leaves it
``MEMSTRATA_ORG``              default ``org_id`` for the CLI               ``default``
``MEMSTRATA_PROJECT``          default ``project_id`` for the CLI           ``default``
``MEMSTRATA_USER``             default ``user_id`` for the CLI              ``default``
``MEMSTRATA_PRIVACY``          per-kind redaction overrides,               see ``privacy.policy``
                               e.g. ``email=allow,api_key=redact``
``MEMSTRATA_ENCRYPTION_KEY``   Fernet key: high-sensitivity facts are      none (not stored)
                               stored encrypted instead of not at all
``MEMSTRATA_TTL``              fact lifetime in seconds by kind or         none
                               sensitivity, e.g. ``episode=604800,high=86400``
``MEMSTRATA_MAX_ACTIVE_FACTS`` per-user cap on active facts                ``10000``
``MEMSTRATA_MAX_CONTENT_BYTES`` largest message accepted, UTF-8 bytes     ``262144``
``MEMSTRATA_MAINTAIN_EVERY_S`` seconds between ``maintain`` runs inside      ``3600``
                               ``memstrata serve``; ``0`` turns it off
=============================  ==========================================  ==========================

The LLM variables (``MEMSTRATA_LLM_*``) and the semantic-memory tunables (flush policy,
consolidation, short-term memory) are documented in ``docs/configuration.md``; a test checks
that every variable read here appears there.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from memstrata.errors import InvalidInput
from memstrata.privacy.policy import PrivacyPolicy

DEFAULT_DB_PATH = Path("~/.memstrata/memory.db")


@dataclass(frozen=True)
class RankingWeights:
    """Weights of the final score (``recall.fusion.blend``); renormalised by their sum.

    The first four are the tutorial defaults fixed in ``shared/DESIGN.md`` section 4
    (0.55 relevance, 0.20 recency, 0.15 confidence, 0.10 importance). ``access`` (how
    often a fact was returned by a search) is memstrata's addition, off by default: every
    search counts the facts it returns, so the count grows with the questions asked of a
    store, not with what a question asks, and a fact returned by many loose matches came to
    outrank the turn a later question needed. 0.05 and 0.025 were measured against 0 by
    leave-one-dataset-out over the five benchmark sets and three pooled stores; every fold
    chose 0 (docs/benchmarks.md, "A fact's access count in the blend").
    """

    relevance: float = 0.55
    recency: float = 0.20
    confidence: float = 0.15
    importance: float = 0.10
    access: float = 0.0


#: Default API roots per provider (each vendor SDK's own default).
DEFAULT_BASE_URLS = {"openai": "https://api.openai.com/v1", "anthropic": "https://api.anthropic.com"}


@dataclass(frozen=True)
class LLMSettings:
    """The optional LLM (see ``docs/configuration.md``).

    Attributes:
        provider: ``openai`` (any OpenAI-compatible server), ``anthropic``, or ``None`` (no LLM).
        base_url: API root; default per provider (``DEFAULT_BASE_URLS``).
        api_key: sent as a bearer token / ``x-api-key``; empty for local servers.
        model: model name as the server knows it.
        timeout_s: per-request timeout, seconds.
        max_retries: retries after a 429, 5xx, timeout or connection error.
        backoff_s: first retry delay, doubled each retry, seconds.
        max_backoff_s: cap of one delay (also of a server's ``Retry-After``), seconds.
        json_mode: ``schema`` | ``object`` | ``none`` (what ``response_format`` to send).
        max_tokens: answer length limit, tokens.
    """

    provider: str | None = None
    base_url: str = ""
    api_key: str = field(default="", repr=False)
    model: str = ""
    timeout_s: float = 60.0
    max_retries: int = 3
    backoff_s: float = 0.5
    max_backoff_s: float = 30.0
    json_mode: str = "schema"
    max_tokens: int = 2048


@dataclass(frozen=True)
class SemanticSettings:
    """LLM-driven semantic memory: flush policy, queue retries, consolidation, short-term memory.

    Attributes:
        flush_every: extract a session's pending messages once this many wait (messages).
        flush_idle_s: ... or once the newest of them is this old (seconds).
        max_attempts: a queue item failing this often is marked ``failed`` (kept, reported).
        retry_backoff_s: first retry delay of a failed queue item, doubled per attempt (seconds).
        max_retry_backoff_s: cap of that delay (seconds).
        lease_s: a claimed item whose worker died is taken again after this long (seconds).
        consolidate_at: active features in one category above which a consolidation pass runs
            (20, the issue's default).
        stm_capacity_chars: short-term memory per session: recent episodes plus summary,
            characters (64,000, the issue's default).
        stm_summary_chars: the rolling summary's share of that capacity, characters.
        agent_max_hops: chain-of-query retrieval rounds at most.
        agent_stop_confidence: chain-of-query stops once the judge is this sure (0.8, the issue).
        categories_file: JSON file of extra semantic categories (``semantic.categories.load_categories``).
    """

    flush_every: int = 5
    flush_idle_s: float = 60.0
    max_attempts: int = 5
    retry_backoff_s: float = 2.0
    max_retry_backoff_s: float = 600.0
    lease_s: float = 300.0
    consolidate_at: int = 20
    stm_capacity_chars: int = 64_000
    stm_summary_chars: int = 8_000
    agent_max_hops: int = 3
    agent_stop_confidence: float = 0.8
    categories_file: str | None = None


@dataclass(frozen=True)
class Settings:
    """Every tunable of an embedded ``Memory``, with named defaults.

    Attributes:
        db_path: SQLite file; created with its parent directory on first open.
        database_url: ``postgresql://`` URL of a PostgreSQL database with pgvector; when set,
            it is used instead of ``db_path``.
        embedding_model: model name, or ``None`` to run on full-text search alone.
        weights: ranking weights.
        half_life_days: recency half-life in days. DESIGN.md's 30 pulled a user's newest
            messages above the evidence once the memory was recent (bench retrieval --variant
            recent: LoCoMo R@10 0.757 -> 0.711); 365 was chosen against 30 and recency weights
            0.10 / 0.05 / 0 by leave-one-dataset-out over five sets, as asked and recent (four
            folds of five; BEAM's kept 30 by one RealMemBench figure; docs/benchmarks.md, "The
            recency half-life").
        rrf_k: Reciprocal Rank Fusion constant. Cormack et al. (2009) use 60; 20 puts more
            weight on the first ranks, where BM25 is right most often (measured with
            ``memstrata bench retrieval``, see docs/benchmarks.md).
        vector_weight: weight of the vector candidate lists in RRF, full text weighing 1.0.
            Chosen by leave-one-dataset-out over five sets (LoCoMo, MemoryBank zh/en,
            RealMemBench, BEAM; questions as asked and after chit-chat): on each fold the
            weight of 0.3 / 0.6 / 1.0 whose worst ratio to the best plain baseline on the other
            four sets was highest; every fold chose 1.0 (docs/benchmarks.md). 0.3, fitted to
            LoCoMo alone, left BEAM at 0.78x and RealMemBench at 0.96x of a plain baseline.
        session_weight: weight of the session list in RRF (sessions ranked by their best
            full-text turns, ``recall.fusion.session_ranks``); 0 turns it off.
        turn_weight: weight of the whole-turn full-text list in RRF (each episode's whole
            text as one BM25 document, ``store.turns``), beside the sentence list; 0 turns it off.
        session_blocks: rank sessions (the session list) by their best session block
            (``store.turns``) in unfiltered searches; ``False``, or a filtered search, derives
            the session list from the full-text turn candidates instead.
        candidates: candidates taken from each index (vector, full-text) before fusion.
        min_similarity: cosine below which a vector candidate is dropped as noise
            (USE-multilingual cosines of unrelated sentences sit around 0.0–0.1).
        merge_similarity: cosine at or above which two facts under one key merge (0.9, the issue).
        neighbour_weight: share of a matching turn's fused score lent to the turns just
            before and after it in its session (answers often sit in the reply), when said by the
            other speaker (``recall.neighbours.same_speaker``: a speaker's next message is no reply). Measured
            with ``memstrata bench retrieval`` (docs/benchmarks.md, ablation); 0 turns it off.
        neighbour_chars: a neighbouring turn longer than this many characters borrows only
            ``neighbour_chars / its length`` of what it would: a bare reply ("A year ago in Paris.")
            needs the turn it answers, a paragraph that stands on its own does not, and borrowing
            pushed such paragraphs past the evidence (BEAM R@10 0.486 with full borrowing). Chosen
            with ``similarity_weight`` by leave-one-dataset-out over the five sets among 150, 300 and
            600 (docs/benchmarks.md): with the similarity lift, 600 keeps MemoryBank-en's long
            questions (R@10 0.777 against 0.757 at 300) and BEAM as asked equals 300.
        neighbour_before: the share of ``neighbour_weight`` the turn just *before* a matching turn
            borrows (the turn after it, the reply, borrows all of it). Measured on LoCoMo with
            turn contexts (docs/changelog.md, turn contexts): 0.8 and 0.6 both lift R@5 0.634 ->
            0.644 (R@10 unchanged; temporal -2 points, open-domain +4); 0.8 keeps MemoryBank-zh
            R@10 (0.960 vs 0.950); 1.0 lends both neighbours alike.
        similarity_weight: how much a memory's own cosine to the query (its best sentence's,
            rescaled to [0, 1]: ``Hit.signals["similarity"]``) lifts its score beside the lists' ranks:
            ``(score + w * similarity) / (1 + w)`` (``recall.fusion.with_similarity``); only for a query
            that is its own question (a long query with a question in it, ``text.clauses.question_focus``,
            has a vector that is mostly its chit-chat's); 0 turns it off. Chosen by
            leave-one-dataset-out over the five sets among 0, 0.1, 0.2 and 0.3 (docs/benchmarks.md):
            every fold chose 0.2 but RealMemBench's (0.3). BEAM as asked NDCG@10 0.409 -> 0.476
            (the vector list alone, 0.504, ranked better than its fusion with full text).
        question_similarity_weight: the same lift for a long query with one question among
            chit-chat (``text.clauses.question_clauses``), by each hit's cosine to that question's own
            vector instead of the whole message's; 0 turns it off. Chosen by leave-one-dataset-out over
            the five sets among 0, 0.1, 0.2 and 0.3 (docs/benchmarks.md).
        closing_similarity_weight: the same lift for a long query with several questions that closes
            with one (``text.clauses.closing_question``: chit-chat first, the question last), by each
            hit's cosine to that closing question's own vector; a message that goes on after its last
            question keeps the plain score (that question may be its chit-chat's own, and the
            questions' joined vector is a blend: lifting by it lowered RealMemBench after chit-chat,
            R@10 0.628 -> 0.575 at 0.2; by the last question wherever it stood, 0.621 -> 0.611).
            Chosen by leave-one-dataset-out over the five sets among 0, 0.1 and 0.2
            (docs/benchmarks.md); 0 turns it off.
        dialogue_context_weight: a dialogue passed as the query (``user: ...`` / ``assistant: ...``
            lines, ``text.clauses.split_dialogue``) is searched as the user's last turn, whose lists
            weigh what a query's lists weigh; the whole dialogue's full-text and vector lists weigh
            this share of theirs beside them, so a last turn that leans on what was said before ("Any
            ideas what I could get?" after "my sister's wedding is next month") still finds it; 0
            searches the last turn alone. 1.0 (the dialogue weighs what its last turn weighs) is
            chosen among 0, 0.25, 0.5, 1.0 and 1.5 by the worst ratio to the best plain baseline over
            ``bench retrieval --variant in-session`` (RealMemBench questions after their own
            session's turns: what a real history gives; R@10 0.645 at 0, 0.653 at 1.0, a second
            persona 0.584 -> 0.655) and ``--variant dialogue`` on the five sets (another
            conversation's history: what context costs, LoCoMo 0.757 -> 0.710). Before, the whole
            dialogue was the query and only the last turn's questions had lists of their own: R@10 /
            NDCG@10 LoCoMo 0.611 / 0.470 -> 0.710 / 0.527, MemoryBank-en 0.841 / 0.565 -> 0.965 /
            0.675, RealMemBench 0.612 / 0.385 -> 0.695 / 0.502, BEAM 0.492 / 0.334 -> 0.557 / 0.401
            (docs/benchmarks.md).
        speaker_weight: when a query names the speaker of some candidates ("What does Melanie
            paint?"), every memory not said by (or, a fact, not about) a named speaker scores
            ``1 / (1 + speaker_weight)`` of its score (``recall.speakers``); 0 turns it off. Measured on
            LoCoMo with the ranking lab (docs/changelog.md, speaker focus): 0.1 lifts R@5 0.644 -> 0.681
            and R@10 0.727 -> 0.749 (multi-hop 0.394 -> 0.424) and costs the adversarial questions
            (false premises naming the wrong speaker, outside the main set) R@5 0.753 -> 0.590,
            R@10 0.864 -> 0.826; 0.2 gives R@5 0.683, R@10 0.761 but adversarial R@10 0.711.
            MemoryBank does not move (its questions name no speaker). Re-measured on today's code
            over LoCoMo's whole main set (`bench retrieval`, docs/benchmarks.md): off R@10 0.722,
            adversarial 0.809; 0.1 R@10 0.751, adversarial 0.733.
        time_weight: weight, relative to the unrestricted lists, of the candidate lists searched
            again inside the periods a query names (``recall.periods``: "on 1 May", "5月1号",
            "last week"); 0 turns it off. Measured with a ranking lab over the bench's stores
            (docs/changelog.md, query expansion): 1.0 and 2.0 both lift MemoryBank-zh R@5 from
            0.777 to 0.87-0.88 and LoCoMo R@5 from 0.558 to 0.58; 2.0 is kept.
        time_after_days: days added at the end of each named period (a turn may report a day
            later what happened); 3 lowered MemoryBank-zh R@5 (0.883 -> 0.827), so 0.
        cjk_char_coverage: match strength counts a Chinese query's coverage by characters
            instead of bigrams (``text.tokens.coverage_units``); MemoryBank-zh R@10 0.955 ->
            0.965, nothing else moved.
        superseded_weight: factor applied to the score of an outdated hit: a superseded fact, or an
            episode whose facts were all superseded (``outdated``); 0.5 ranks "I prefer UPS" well
            below the fact that replaced it while keeping it findable; 1.0 only marks it.
        max_content_bytes: largest episode accepted, in UTF-8 bytes (256 KiB: a long chat message
            or a document of ~40,000 English words; a 1 MB message took minutes to
            embed and its every hit carried 2 MB; split longer documents, see docs/python-api.md).
        busy_timeout_s: how long a writer waits for another writer's lock, seconds.
        pool_size: most connections a PostgreSQL-backed ``Memory`` holds open.
        embed_threads: threads of the process's BLAS pool (embedding, search; set once when a
            ``Memory`` opens, ``embed.threads``); ``None`` leaves the application's setting. 1 by
            measurement on 2 cores: with one core busy, 2 threads waited on a descheduled helper
            (busy-core figures in docs/benchmarks.md).
        org_id, project_id, user_id: scope defaults used by the CLI.
        privacy: redaction action per kind of secret or personal datum (``privacy.policy``).
        encryption_key: Fernet key; without one, high-sensitivity facts are not stored.
        ttl_seconds: fact lifetime by fact kind (``episode``, ``preference``...) or by
            sensitivity (``low``/``medium``/``high``); the shortest that applies wins.
        max_active_facts: per-user cap on active facts; over it the lowest-value facts
            (ranking score without the query term) are archived (the issue: 10,000).
        archive_after_days: maintenance archives facts not recalled for this many days...
        archive_below_importance: ...whose importance is below this (taxonomy importances run
            0.4–0.9; 0.6 archives unused likes and general remarks, never allergies or instructions).
        forget_background_over: a scope forget over this many episodes returns at once and
            finishes in a background job (hidden from every read meanwhile).
        forget_scrub: when a PostgreSQL store rewrites the tables a forget deleted from
            (``store.postgres.scrub``): ``now`` (before the forget returns) or ``maintain``
            (the next ``maintain`` run: the rewrite locks each table, minutes on a large one).
        maintain_every_s: seconds between scheduled ``maintain`` runs in ``memstrata serve``
            (0: never); the SDK itself never schedules anything.
        llm: the optional LLM (``provider=None``: none, everything runs without one).
        semantic: LLM semantic memory, background queue and short-term memory tunables.
    """

    db_path: Path = DEFAULT_DB_PATH
    database_url: str | None = None
    embedding_model: str | None = "use-multilingual-v3"
    weights: RankingWeights = field(default_factory=RankingWeights)
    half_life_days: float = 365.0
    rrf_k: int = 20
    vector_weight: float = 1.0
    session_weight: float = 1.0
    turn_weight: float = 1.0
    session_blocks: bool = True
    candidates: int = 50
    min_similarity: float = 0.12
    merge_similarity: float = 0.9
    neighbour_weight: float = 0.95
    neighbour_before: float = 0.8
    neighbour_chars: int = 600
    similarity_weight: float = 0.2
    question_similarity_weight: float = 0.2
    closing_similarity_weight: float = 0.1
    dialogue_context_weight: float = 1.0
    speaker_weight: float = 0.1
    time_weight: float = 1.0
    cjk_vector_weight: float | None = None
    cjk_char_coverage: bool = True
    time_after_days: int = 0
    superseded_weight: float = 0.5
    max_content_bytes: int = 262_144
    busy_timeout_s: float = 30.0
    pool_size: int = 4
    embed_threads: int | None = 1
    org_id: str = "default"
    project_id: str = "default"
    user_id: str = "default"
    privacy: PrivacyPolicy = field(default_factory=PrivacyPolicy)
    encryption_key: str | None = None
    ttl_seconds: dict[str, float] = field(default_factory=dict)
    max_active_facts: int = 10_000
    archive_after_days: float = 90.0
    archive_below_importance: float = 0.6
    forget_background_over: int = 5_000
    forget_scrub: str = "now"
    maintain_every_s: float = 3600.0
    llm: LLMSettings = field(default_factory=LLMSettings)
    semantic: SemanticSettings = field(default_factory=SemanticSettings)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: object) -> Settings:
        """Defaults, then environment variables (table above), then ``overrides``."""
        env = os.environ if environ is None else environ
        values: dict[str, object] = {}
        if env.get("MEMSTRATA_DB"):
            db = env["MEMSTRATA_DB"]
            if looks_like_url(db):  # a URL (a mistyped one is refused on open): Path would fold its "//"
                values["database_url"] = db
            else:
                values["db_path"] = Path(db)
        if "MEMSTRATA_EMBEDDING_MODEL" in env:
            model = env["MEMSTRATA_EMBEDDING_MODEL"].strip()
            values["embedding_model"] = None if model.lower() in ("", "none") else model
        if env.get("MEMSTRATA_EMBED_THREADS", "").strip():
            raw = env["MEMSTRATA_EMBED_THREADS"].strip()
            threads = None if raw.lower() == "none" else int(_number(env, "MEMSTRATA_EMBED_THREADS", int) or 0)
            if threads is not None and threads < 1:
                raise InvalidInput(f"MEMSTRATA_EMBED_THREADS must be a positive integer or none, got {raw!r}")
            values["embed_threads"] = threads
        for var, name in (("MEMSTRATA_ORG", "org_id"), ("MEMSTRATA_PROJECT", "project_id"),
                          ("MEMSTRATA_USER", "user_id")):
            if var in env and not env[var].strip():
                # read as unset, a blank name ('MEMSTRATA_USER="$NAME"' with NAME unset) put the CLI's
                # reads and forgets on the user 'default' without a word; the hooks refuse it too
                raise InvalidInput(f"{var} is blank ({env[var]!r}); give a name or leave it unset "
                                   f"(unset, the {name} is {getattr(cls, name)!r})", field=var)
            if env.get(var):
                values[name] = env[var]
        if env.get("MEMSTRATA_PRIVACY"):
            values["privacy"] = PrivacyPolicy.parse(env["MEMSTRATA_PRIVACY"])
        if env.get("MEMSTRATA_ENCRYPTION_KEY"):
            values["encryption_key"] = env["MEMSTRATA_ENCRYPTION_KEY"].strip()
        if env.get("MEMSTRATA_TTL"):
            values["ttl_seconds"] = parse_ttl(env["MEMSTRATA_TTL"])
        if env.get("MEMSTRATA_MAINTAIN_EVERY_S"):
            every = _number(env, "MEMSTRATA_MAINTAIN_EVERY_S", float)
            values["maintain_every_s"] = float(every or 0.0)
        if env.get("MEMSTRATA_FORGET_SCRUB"):
            scrub = env["MEMSTRATA_FORGET_SCRUB"].strip().lower()
            if scrub not in FORGET_SCRUB:
                raise InvalidInput(f"MEMSTRATA_FORGET_SCRUB must be one of {', '.join(FORGET_SCRUB)}, got "
                                   f"{env['MEMSTRATA_FORGET_SCRUB']!r}")
            values["forget_scrub"] = scrub
        if env.get("MEMSTRATA_MAX_ACTIVE_FACTS"):
            try:
                values["max_active_facts"] = int(env["MEMSTRATA_MAX_ACTIVE_FACTS"])
            except ValueError as exc:
                raise InvalidInput(f"MEMSTRATA_MAX_ACTIVE_FACTS must be an integer, got "
                                   f"{env['MEMSTRATA_MAX_ACTIVE_FACTS']!r}") from exc
        if env.get("MEMSTRATA_MAX_CONTENT_BYTES"):
            size = _number(env, "MEMSTRATA_MAX_CONTENT_BYTES", int)
            if size is None or size < 1:
                raise InvalidInput(f"MEMSTRATA_MAX_CONTENT_BYTES must be a positive integer, got "
                                   f"{env['MEMSTRATA_MAX_CONTENT_BYTES']!r}")
            values["max_content_bytes"] = int(size)
        values["llm"] = llm_from_env(env)
        values["semantic"] = semantic_from_env(env)
        values.update({k: v for k, v in overrides.items() if v is not None})
        return replace(cls(), **values)  # type: ignore[arg-type]

    def resolved_db_path(self) -> Path:
        """``db_path`` with ``~`` expanded."""
        return Path(self.db_path).expanduser()


#: Values of ``MEMSTRATA_FORGET_SCRUB`` (``Settings.forget_scrub``).
FORGET_SCRUB = ("now", "maintain")

#: Longest ``ttl`` accepted, in seconds (about 101 years), for ``add(ttl=...)``, REST ``ttl`` and
#: ``MEMSTRATA_TTL``: ``float('inf')`` or ``1e300`` overflowed ``datetime`` with a raw
#: OverflowError; a century is past any retention a memory needs.
MAX_TTL_SECONDS = 3_200_000_000


def check_ttl(ttl: object, what: str = "ttl", field: str | None = "ttl") -> float:
    """``ttl`` as seconds if it is a number with ``0 < ttl <= MAX_TTL_SECONDS``.

    Raises:
        InvalidInput: naming ``what`` and the limit (booleans, NaN, infinity and non-numbers too); ``field``
            its ``details.field`` (``None`` for a setting, which is no argument).
    """
    if isinstance(ttl, bool) or not isinstance(ttl, (int, float)) or not ttl > 0:
        raise InvalidInput(f"{what} must be a positive number of seconds, got {ttl!r}", field=field)
    if not ttl <= MAX_TTL_SECONDS:
        raise InvalidInput(f"{what} is {ttl!r} seconds; the limit is {MAX_TTL_SECONDS:,} (about 101 years)",
                           field=field)
    return float(ttl)


#: Names ``MEMSTRATA_TTL`` accepts: ``message`` (every stored message, i.e. episode record,
#: added without its own ``ttl``), a fact kind, or a fact sensitivity.
TTL_NAMES = ("message", "preference", "fact", "episode", "procedure", "low", "medium", "high")


def parse_ttl(spec: str) -> dict[str, float]:
    """``"message=2592000,high=86400"`` → ``{"message": 2592000.0, "high": 86400.0}`` (seconds).

    ``message`` sets the lifetime of stored messages; the other names (``TTL_NAMES``) set
    the lifetime of facts by kind (``episode`` is the fact kind for events, not the message
    record) or by sensitivity.

    Raises:
        InvalidInput: an entry that is not ``name=seconds`` with a known name and a positive number.
    """
    out: dict[str, float] = {}
    for part in filter(None, (p.strip() for p in spec.split(","))):
        name, sep, seconds = part.partition("=")
        try:
            value = float(seconds)
        except ValueError:
            value = -1.0
        if not sep or value <= 0:
            raise InvalidInput(f"MEMSTRATA_TTL entry {part!r} is not name=seconds (e.g. message=2592000)")
        if name.strip() not in TTL_NAMES:
            raise InvalidInput(f"MEMSTRATA_TTL entry {part!r} names {name.strip()!r}; "
                               f"names are {', '.join(TTL_NAMES)}")
        out[name.strip()] = check_ttl(value, f"MEMSTRATA_TTL entry {part!r}", None)
    return out


def _number(env: Mapping[str, str], var: str, kind: type[float] | type[int]) -> float | int | None:
    raw = env.get(var, "").strip()
    if not raw:
        return None
    try:
        value = kind(raw)
    except ValueError:
        raise InvalidInput(f"{var} must be a {kind.__name__}, got {raw!r}") from None
    if value < 0:
        raise InvalidInput(f"{var} must not be negative, got {raw!r}")
    return value


def llm_from_env(env: Mapping[str, str]) -> LLMSettings:
    """``LLMSettings`` from ``MEMSTRATA_LLM_*`` (documented in ``docs/configuration.md``)."""
    provider = env.get("MEMSTRATA_LLM_PROVIDER", "").strip().lower() or None
    if provider == "none":
        provider = None
    values: dict[str, object] = {"provider": provider}
    values["base_url"] = env.get("MEMSTRATA_LLM_BASE_URL", "").strip() or DEFAULT_BASE_URLS.get(provider or "", "")
    values["api_key"] = env.get("MEMSTRATA_LLM_API_KEY", "").strip()
    values["model"] = env.get("MEMSTRATA_LLM_MODEL", "").strip()
    if env.get("MEMSTRATA_LLM_JSON_MODE", "").strip():
        values["json_mode"] = env["MEMSTRATA_LLM_JSON_MODE"].strip().lower()
    for var, name, kind in (("MEMSTRATA_LLM_TIMEOUT_S", "timeout_s", float),
                            ("MEMSTRATA_LLM_MAX_RETRIES", "max_retries", int),
                            ("MEMSTRATA_LLM_BACKOFF_S", "backoff_s", float),
                            ("MEMSTRATA_LLM_MAX_TOKENS", "max_tokens", int)):
        number = _number(env, var, kind)
        if number is not None:
            values[name] = number
    return replace(LLMSettings(), **values)  # type: ignore[arg-type]


def semantic_from_env(env: Mapping[str, str]) -> SemanticSettings:
    """``SemanticSettings`` from ``MEMSTRATA_FLUSH_EVERY`` and friends (``docs/configuration.md``)."""
    values: dict[str, object] = {}
    for var, name, kind in (("MEMSTRATA_FLUSH_EVERY", "flush_every", int),
                            ("MEMSTRATA_FLUSH_IDLE_S", "flush_idle_s", float),
                            ("MEMSTRATA_QUEUE_MAX_ATTEMPTS", "max_attempts", int),
                            ("MEMSTRATA_QUEUE_BACKOFF_S", "retry_backoff_s", float),
                            ("MEMSTRATA_QUEUE_LEASE_S", "lease_s", float),
                            ("MEMSTRATA_CONSOLIDATE_AT", "consolidate_at", int),
                            ("MEMSTRATA_STM_CHARS", "stm_capacity_chars", int),
                            ("MEMSTRATA_STM_SUMMARY_CHARS", "stm_summary_chars", int)):
        number = _number(env, var, kind)
        if number is not None:
            values[name] = number
    if env.get("MEMSTRATA_CATEGORIES", "").strip():
        values["categories_file"] = env["MEMSTRATA_CATEGORIES"].strip()
    return replace(SemanticSettings(), **values)  # type: ignore[arg-type]


# -- Database locations: a file path (SQLite) or a URL (PostgreSQL; ``store.backends`` opens them) --

URL_SCHEMES = ("postgresql://", "postgres://")


#: ``scheme:/`` at the start of a location (RFC 3986 scheme characters, two or more).
_SCHEME_ISH = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]+:/")


def is_postgres_url(location: object) -> bool:
    """True for ``postgresql://...`` / ``postgres://...`` strings (the scheme in any case, as
    RFC 3986 section 3.1 allows: ``POSTGRESQL://`` is the same URL)."""
    return isinstance(location, str) and location[:len(URL_SCHEMES[0])].lower().startswith(URL_SCHEMES)


def _postgres_ish(location: str) -> bool:
    """``postgres…`` holding ``:`` or ``@``: a PostgreSQL URL typed wrong, not a file such as
    ``postgres_backup.db``."""
    return location.casefold().startswith("postgres") and (":" in location or "@" in location)


def looks_like_url(location: object) -> bool:
    """Whether a ``--db`` / ``MEMSTRATA_DB`` string is meant as a URL (``scheme://``, ``scheme:/``,
    or starting with ``postgres``): it is then kept as written (a ``Path`` folds ``//``) and
    ``check_location`` accepts only a PostgreSQL URL."""
    return isinstance(location, str) and (
        "://" in location or bool(_SCHEME_ISH.match(location)) or _postgres_ish(location)
        or location.casefold().startswith("file:"))  # SQLite's own URI form, which memstrata does not take


def ready_folder(path: Path) -> None:
    """Make sure the SQLite file ``path`` can be created where it is named.

    The default location's folder (``DEFAULT_DB_PATH``, ``~/.memstrata``) is created: the first
    ``memstrata remember`` must work on a new machine. Any other path, given to ``Memory(path)``,
    ``--db`` or ``MEMSTRATA_DB``, must be in a directory that exists: a typo in it (``/tmp/memroy/
    x.db``) would otherwise create folders and start a new, empty memory elsewhere while the real
    one waits at the right path. A new file in an existing directory is created as before.

    A path that names a directory (``--db ~/notes``) is bad input too, said before the store is
    opened: the path is the caller's mistake, not a database that cannot be used.

    Raises:
        InvalidInput: ``path`` is a directory, or ``path``'s directory does not exist (and
            ``path`` is not the default); the message names the path (and the missing
            directory). Nothing is created.
    """
    if path.is_dir():
        raise InvalidInput(f"database path {path} is a directory; give the path of a database file inside it, "
                           f"such as {path / 'memory.db'}")
    if path.parent.is_dir():
        return
    if path == DEFAULT_DB_PATH.expanduser():
        path.parent.mkdir(parents=True, exist_ok=True)
        return
    raise InvalidInput(f"database path {path}: the directory {path.parent} does not exist; create it first "
                       f"(mkdir -p {path.parent}) or fix the path. memstrata creates a new database file in a "
                       f"directory that exists, and creates a folder only for the default location "
                       f"({DEFAULT_DB_PATH}); nothing was created")
