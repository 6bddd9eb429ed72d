"""``memstrata bench ...``: the benchmarks that print figures and ratios (``bench``).

``cli.commands`` adds ``bench_app`` to the application as ``bench``. PostgreSQL benchmarks
import ``bench.perf_postgres`` (the ``postgres`` extra) only when run.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from memstrata.bench.busy import check_busy
from memstrata.bench.embeddings import run_embeddings
from memstrata.bench.extraction import run_extraction
from memstrata.bench.hooks import run_hooks_bench
from memstrata.bench.perf import run_perf
from memstrata.bench.pooled import run_pooled
from memstrata.bench.retrieval import DATASETS, markdown, run_benchmark, save, save_all
from memstrata.cli.session import console, err, run_command, safe
from memstrata.errors import InvalidInput, install_hint

bench_app = typer.Typer(no_args_is_help=True, help="Benchmarks that print figures and ratios.")

#: bench perf's defaults, named so that an option --pooled does not read is refused only when given.
_SIZES, _QUERIES, _SEED = "10000,100000", 200, 7


def _perf_sizes(sizes: str, n: int | None, queries: int) -> list[int]:
    """The segment counts of ``--n`` or ``--sizes``; raises ``InvalidInput`` naming the option
    when one is not a whole number of 1 or more, none is given, or ``--queries`` is below 1."""
    texts = [str(n)] if n is not None else [s.strip() for s in sizes.split(",") if s.strip()]
    option = "--n" if n is not None else "--sizes"
    bad = [t for t in texts if not t.isdigit() or int(t) < 1]
    if bad or not texts:
        raise InvalidInput(f"{option} must be whole numbers of segments from 1 up, comma-separated; got "
                           f"{n if n is not None else sizes!r}", field=option.lstrip("-"))
    if queries < 1:
        raise InvalidInput(f"--queries must be 1 or more, got {queries}", field="queries")
    return [int(t) for t in texts]


def _pooled_sets(pooled: str, backend: str, given: dict[str, bool]) -> list[str]:
    """The sets ``--pooled`` names (``all``: every set of bench retrieval). Raises ``InvalidInput``
    when it names none, with ``--backend postgres`` (the pooled stores are SQLite files) or with an
    option it does not read (``given``: each option's flag and whether it was given), rather than
    timing something other than what was asked."""
    sets = list(DATASETS) if pooled.strip() == "all" else [x.strip() for x in pooled.split(",") if x.strip()]
    if not sets:
        raise InvalidInput(f"--pooled names no set: give one or more of {', '.join(DATASETS)} "
                           f"(comma-separated) or all; got {pooled!r}", field="pooled")
    if backend != "sqlite":
        raise InvalidInput(f"--pooled times SQLite stores only; got --backend {backend}", field="backend")
    unread = [flag for flag, was_given in given.items() if was_given]
    if unread:
        raise InvalidInput(f"--pooled does not read {', '.join(unread)} (it times every question of each set "
                           "once, on the set's own store); leave them out", field="pooled")
    return sets


@bench_app.command("perf")
def bench_perf(
    sizes: Annotated[str, typer.Option(help="Stored segments to measure at, comma-separated.")] = _SIZES,
    queries: Annotated[int, typer.Option(help="Recall queries per size.")] = _QUERIES,
    seed: Annotated[int, typer.Option(help="Random seed.")] = _SEED,
    backend: Annotated[str, typer.Option(help="sqlite | postgres")] = "sqlite",
    n: Annotated[int | None, typer.Option("--n", help="One size (segments) instead of --sizes.")] = None,
    db: Annotated[str | None, typer.Option("--db", help="postgres: an empty database URL (default: a private "
                                                        "server in a temporary directory); sqlite: keep the "
                                                        "database in this file (one size).")] = None,
    embedder: Annotated[str | None, typer.Option(help="postgres: embedding model for this run, e.g. hashing-512 "
                                                      "(default: the configured one).")] = None,
    reuse: Annotated[bool, typer.Option(help="continue (or only re-query) a --db this bench "
                                             "already filled with the same --n and --seed.")] = False,
    ef_search: Annotated[str, typer.Option(help="postgres: also measure HNSW recall@10 and vector-query "
                                                "latency at these hnsw.ef_search values, e.g. 40,100,200.")] = "",
    ablate: Annotated[bool, typer.Option(help="sqlite: also time the same queries with each recall list "
                                              "(whole-turn, session blocks, periods) switched off in turn.")] = False,
    busy_cores: Annotated[int, typer.Option(help="sqlite: measure again while this many cores are kept busy by "
                                                  "spinning processes the bench starts and stops.")] = 0,
    locomo: Annotated[int, typer.Option(help="sqlite: also time every question of this many LoCoMo "
                                             "conversations, memstrata beside a plain BM25 + dense RRF hybrid "
                                             "(default: 2 with --busy-cores, else 0).")] = -1,
    data: Annotated[str | None, typer.Option(help="LoCoMo file or its folder for --locomo (default: "
                                                  "../shared/eval/data, else the shipped conversation); "
                                                  "the sets' folder for --pooled.")] = None,
    freeze_gc: Annotated[bool, typer.Option(help="sqlite: freeze the process's objects once the store is open "
                                                 "(gc.freeze, as memstrata serve and mcp do) before the timed "
                                                 "searches.")] = False,
    pooled: Annotated[str | None, typer.Option(help="sqlite: instead of the synthetic stores, time every question of "
                                             "these sets' pooled-user-only stores (comma-separated, e.g. "
                                             "locomo,memorybank-zh), memstrata beside a plain BM25 + dense RRF "
                                             "hybrid on the same file; --db keeps one set's store.")] = None,
) -> None:
    """Ingest throughput, recall latency p50/p95 (postgres: also with a 1% filter, HNSW build time,
    recall@10 vs exact, table and index sizes), database size, peak RSS; sqlite --ablate: also the
    latency with each recall list switched off in turn; --busy-cores N: every figure again with N
    cores busy, and LoCoMo query latency beside a plain hybrid; --pooled: real stores' search latency."""
    run_command(lambda: check_busy(busy_cores))  # before any store is built
    if pooled is not None:  # given, even empty: '--pooled ""' names no set, not the synthetic run
        given = {"--n": n is not None, "--sizes": sizes != _SIZES, "--queries": queries != _QUERIES,
                 "--seed": seed != _SEED, "--embedder": embedder is not None, "--reuse": reuse,
                 "--ef-search": bool(ef_search.strip()), "--ablate": ablate, "--locomo": locomo >= 0,
                 "--freeze-gc": freeze_gc}
        run_command(lambda: run_pooled(_pooled_sets(pooled, backend, given),
                                       data=Path(data) if data is not None else None,
                                       db=Path(db) if db is not None else None, busy=busy_cores))
        return
    chosen = run_command(lambda: _perf_sizes(sizes, n, queries))
    if backend == "postgres":
        from memstrata.bench.perf_postgres import run_perf_postgres

        efs = [int(v) for v in ef_search.split(",") if v.strip()]
        run_command(lambda: [run_perf_postgres(size, url=db, queries=queries, seed=seed, console=console,
                                        embedder=embedder, reuse=reuse, ef_search=efs) for size in chosen])
        return
    if backend != "sqlite":
        err.print(f"error\\[invalid_input]: --backend must be sqlite or postgres, got {safe(backend)}")
        raise typer.Exit(2)
    conversations = (2 if busy_cores else 0) if locomo < 0 else locomo
    run_command(lambda: run_perf(chosen, queries=queries, seed=seed, console=console,
                          db=Path(db) if db is not None else None, reuse=reuse, ablate=ablate, busy=busy_cores,
                          locomo=conversations, data=Path(data) if data is not None else None,
                          freeze_gc=freeze_gc))


@bench_app.command("hnsw")
def bench_hnsw(
    n: Annotated[int, typer.Option("--n", help="Vectors.")] = 100_000,
    dim: Annotated[int, typer.Option(help="Dimensions (512: the default model's).")] = 512,
    queries: Annotated[int, typer.Option(help="Queries per setting.")] = 100,
    seed: Annotated[int, typer.Option(help="Random seed.")] = 7,
    ef_search: Annotated[str, typer.Option(help="hnsw.ef_search values, comma-separated.")] = "40,100,200,400",
    intrinsic: Annotated[int, typer.Option(help="0: clusters in all dimensions (no structure, the hardest case); "
                                                "N: drawn in N dimensions and mapped linearly into --dim, like "
                                                "sentence embeddings.")] = 0,
    db: Annotated[str | None, typer.Option("--db", help="An empty PostgreSQL database URL (default: a private "
                                                        "server in a temporary directory).")] = None,
    sentences: Annotated[bool, typer.Option(help="The configured model's vectors of bench perf's synthetic "
                                                 "messages instead of clustered vectors (--dim is the model's).")]
    = False,
    embedding_cache: Annotated[Path | None, typer.Option(help="With --sentences: a folder keeping the vectors "
                                                              "between runs.")] = None,
    query_set: Annotated[str, typer.Option(help="With --sentences: 'questions' (the bench's eight questions "
                                                "with a number appended) or 'held-out' (synthetic messages "
                                                "of the stored grammar that are not stored).")] = "questions",
) -> None:
    """PostgreSQL HNSW recall@10 against exact search on clustered vectors (or sentence vectors),
    unfiltered and with a 1% filter, and the vector query's latency, per hnsw.ef_search."""
    from memstrata.bench.perf_postgres import run_hnsw_recall

    efs = [int(v) for v in ef_search.split(",") if v.strip()]
    run_command(lambda: run_hnsw_recall(n, dim=dim, url=db, queries=queries, seed=seed, ef_search=efs, console=console,
                                 intrinsic=intrinsic, sentences=sentences, embedding_cache=embedding_cache,
                                 query_set=query_set))


@bench_app.command("embeddings")
def bench_embeddings(
    sentences: Annotated[int, typer.Option(help="Sentences in the throughput batch.")] = 512,
) -> None:
    """Quality (top-1, Recall@3, MRR on a zh/en probe) and speed of each installed embedding model."""
    run_command(lambda: run_embeddings(console=console, sentences=sentences))


@bench_app.command("hooks")
def bench_hooks(
    runs: Annotated[int, typer.Option(help="Fresh hook processes per event and path.")] = 20,
    out: Annotated[Path | None, typer.Option(help="Write the figures as JSON here.")] = None,
) -> None:
    """Wall time of `memstrata hooks run` (SessionStart, UserPromptSubmit, Stop) cold (the hook loads
    the model) and warm (a running memstrata serve answers): p50 / p95 (docs/hooks.md)."""
    figures = run_command(lambda: run_hooks_bench(console=console, runs=runs))
    if out is not None:
        out.write_text(json.dumps(figures, indent=1), encoding="utf-8")


@bench_app.command("extraction")
def bench_extraction(
    lang: Annotated[str, typer.Option(help="Comma-separated languages: en, zh.")] = "en,zh",
    data: Annotated[Path | None, typer.Option(help="Root of the sets: <lang>.jsonl (tuned), <set>/<lang>.jsonl "
                                                   "(default: the sets in the package).")] = None,
    out: Annotated[Path | None, typer.Option(help="Write the figures as JSON here.")] = None,
    misses: Annotated[str, typer.Option(help="Comma-separated shapes (real, change, ..., all) whose wrong "
                                             "messages are printed: facts missed (-), candidates unmatched (+).")] = "",
    set_: Annotated[str, typer.Option("--set", help="tuned (written while the rules were tuned), any folder of "
                                                    "the root (unseen, unseen-b: written without reading "
                                                    "them), comma-separated, or all; each reported apart.")]
    = "all",
) -> None:
    """Precision and recall of the rule extractor per statement shape and language, and the share
    of change sequences that end with the right current value, on the tuned set and, apart, on each
    set written without reading the rules (docs/extraction.md)."""
    sets = None if set_.strip() == "all" else [x.strip() for x in set_.split(",") if x.strip()]
    run_command(lambda: run_extraction(console=console, langs=[x.strip() for x in lang.split(",") if x.strip()],
                                data=data, out=out, misses=[x.strip() for x in misses.split(",") if x.strip()],
                                sets=sets))


@bench_app.command("retrieval")
def bench_retrieval(
    dataset: Annotated[str, typer.Option(help="locomo | memorybank-zh | memorybank-en | realmem | beam | all "
                                              "(comma-separated for several).")] = "locomo",
    data: Annotated[Path | None, typer.Option(help="Dataset file or folder (default: shared/eval/data).")] = None,
    retriever: Annotated[str, typer.Option(help="Comma-separated: hybrid, hybrid-e5, bm25, dense-use, dense-e5, "
                                                "rrf-use, rrf-e5.")] = "hybrid,bm25,dense-use,rrf-use",
    variant: Annotated[str, typer.Option(help="Comma-separated: normal, long (questions after chit-chat), user-only "
                                              "(the user's messages alone stored), pooled-user-only (every "
                                              "conversation's user messages in one user's store, each question "
                                              "asked of the whole), pooled (the same, both sides), dialogue "
                                              "(questions as the last line of another conversation's "
                                              "dialogue), in-session (after "
                                              "the turns before them in their own session: realmem "
                                              "only), recent (each conversation's times moved so its "
                                              "newest message is said now, recency counted from the "
                                              "query time).")] = "normal,long",
    k: Annotated[str, typer.Option("--k", help="Cut-offs, comma-separated.")] = "1,3,5,10",
    out: Annotated[Path, typer.Option(help="Folder for the JSON and PNG.")] = Path("bench-results"),
    embedding_cache: Annotated[Path | None, typer.Option(
        help="Folder keeping embeddings between runs (same figures; query latency then leaves out "
             "cached embeddings).")] = None,
    conversations: Annotated[int | None, typer.Option(help="Only the first N conversations of each set.")] = None,
    limit_questions: Annotated[int | None, typer.Option(help="Only N questions of each set, drawn by --seed.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the question sample and the long queries' chit-chat.")] = 13,
    backend: Annotated[str, typer.Option(help="Store of the hybrid retriever: sqlite | postgres.")] = "sqlite",
    db: Annotated[str | None, typer.Option("--db", help="postgres: an empty database URL (default: a private "
                                                        "server in a temporary directory).")] = None,
) -> None:
    """Evidence recall@k, NDCG, MRR, session recall and speed, memstrata beside plain baselines
    measured in the same run, per variant of the questions (``--backend postgres``: memstrata on PostgreSQL)."""

    if backend not in ("sqlite", "postgres") or (db is not None and backend != "postgres"):
        err.print("error\\[invalid_input]: --backend must be sqlite or postgres (--db with postgres), got "
                  + safe(backend))
        raise typer.Exit(2)
    sets = list(DATASETS) if dataset == "all" else [d.strip() for d in dataset.split(",") if d.strip()]

    def go() -> None:
        ks = sorted({int(x) for x in k.split(",") if x.strip()})
        names = [r.strip() for r in retriever.split(",") if r.strip()]
        variants = [v.strip() for v in variant.split(",") if v.strip()]
        reports = []
        for name in sets:
            with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                          console=err) as progress:
                def factory(label: str, total: int, name: str = name) -> Callable[[int], None]:
                    task = progress.add_task(f"{name} · {label}", total=total)
                    return lambda n: progress.advance(task, n)
                with contextlib.ExitStack() as stack:
                    url = None
                    if backend == "postgres":
                        from memstrata.bench.perf_postgres import private_server

                        url = db if db is not None else stack.enter_context(private_server())
                    report = run_benchmark(name, data=data, retrievers=names, ks=ks, progress_factory=factory,
                                           embedding_cache=embedding_cache, database_url=url, variants=variants,
                                           conversations=conversations, limit_questions=limit_questions, seed=seed)
            print(markdown(report))
            json_path, png = save(report, out)
            reports.append(report)
            # markup off: rich would read the hint's "[bench]" as a tag and print "pip install -e '.'"
            err.print(f"wrote {json_path}" + (f" and {png}" if png else " (no plot: " + install_hint("bench") + ")"),
                      markup=False, highlight=False)
        if len(reports) > 1:
            err.print(f"wrote {save_all(reports, out)}", markup=False, highlight=False)
    run_command(go)
