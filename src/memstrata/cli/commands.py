"""The ``memstrata`` command line: a thin door over ``Memory``.

Human output uses rich; ``--json`` prints machine-readable JSON instead. Errors
are printed as one line ``error[code]: message`` with exit status 2 (bad input)
or 1 (anything else); no traceback reaches the user.
"""

from __future__ import annotations

import contextlib
import json
import signal
import sys
import tempfile
import threading
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from memstrata.arguments import check_kinds
from memstrata.bench.embeddings import run_embeddings
from memstrata.bench.extraction import run_extraction
from memstrata.bench.hooks import run_hooks_bench
from memstrata.bench.perf import run_perf
from memstrata.bench.retrieval import DATASETS, markdown, run_benchmark, save, save_all
from memstrata.cli.demo import run_demo
from memstrata.cli.options import AgentOpt, DbOpt, FilterOpt, JsonOpt, OrgOpt, ProjectOpt, SessionOpt, UserOpt
from memstrata.cli.server import keys_app, mcp_command, serve_command, ui_command
from memstrata.cli.session import (
    console,
    emit_json,
    err,
    missing_file,
    open_memory,
    removed_unless_stored,
    run_command,
    safe,
    shown_errors,
)
from memstrata.clock import parse_time
from memstrata.config import Settings, is_postgres_url
from memstrata.context.attribution import about_someone_else, attribution, several_users
from memstrata.context.render import labels_for, marked_text
from memstrata.errors import EmbeddingModelMismatch, InvalidInput, StoreError, install_hint
from memstrata.integrations.markdown import export_folder, import_folder
from memstrata.lifecycle.export import dumps, require_records, write_file
from memstrata.lifecycle.reembed import reembed_database
from memstrata.lifecycle.target import require_target
from memstrata.loaders.importer import detect_format, import_messages, load_any, load_export, load_export_lines
from memstrata.memory import Memory
from memstrata.recall.excerpt import excerpt
from memstrata.types import Fact, Hit
from memstrata.write.ingest import AddResult

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="memstrata: long-term memory for AI agents (embedded SQLite by default).")
bench_app = typer.Typer(no_args_is_help=True, help="Benchmarks that print figures and ratios.")
app.add_typer(bench_app, name="bench")


def _hit_json(hit: Hit) -> dict[str, Any]:
    data = {k: v for k, v in asdict(hit).items() if k not in ("episode", "fact", "scope")}
    data["scope"] = asdict(hit.scope)
    if hit.fact is not None:
        data["key"], data["value"] = hit.fact.key, hit.fact.value
    return data


#: Characters of one memory shown per line by ``recall``; ``--json`` gives the hit's whole text
#: (an episode's window of ``recall.excerpt.HIT_TEXT_CHARS`` around the match), ``export`` the episode.
CLIP_CHARS = 400


def _clip(text: str, limit: int = CLIP_CHARS, matched: str = "") -> str:
    """``text`` cut to ``limit`` characters around the first occurrence of ``matched`` (the
    start when it is empty or absent: ``recall.excerpt.excerpt``), saying how much was left out (a
    100 KB episode must not flood the terminal, and the line must show why it was found)."""
    if len(text) <= limit:
        return text
    shown = excerpt(text, matched, max_chars=limit)
    return f"{shown} (+{len(text) - limit} characters; --json shows more, `memstrata export` all)"


def _print_report(report: dict[str, Any], as_json: bool) -> None:
    """A key/value report (doctor, status) as JSON or as a two-column table."""
    if as_json:
        emit_json(report)
        return
    table = Table(show_header=False)
    for k, v in report.items():
        table.add_row(k, safe(json.dumps(v, ensure_ascii=False) if isinstance(v, (dict, list)) else v))
    console.print(table)


@app.command()
def remember(
    text: Annotated[str, typer.Argument(help="What to remember (one message); '-' reads it from standard input.")],
    db: DbOpt = None, user: UserOpt = None, agent: AgentOpt = None, session: SessionOpt = None,
    org: OrgOpt = None, project: ProjectOpt = None,
    role: Annotated[str, typer.Option(help="user | assistant | system | tool")] = "user",
    speaker: Annotated[str | None, typer.Option(help="Who said it.")] = None,
    at: Annotated[str | None, typer.Option(help="When it was said (ISO 8601; default now).")] = None,
    ttl: Annotated[float | None, typer.Option(help="Seconds after which the message and the facts drawn "
                                             "from it leave every read (default: the configured TTL, "
                                             "else none).")] = None,
    idempotency_key: Annotated[str | None, typer.Option(
        help="A key made once per message (e.g. a UUID): running the command again with it (a retry) "
             "stores nothing new and prints the first result.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Store a message; print the facts it gave (created, superseded, already known)."""
    if text == "-":  # long text does not fit on a command line
        raw = sys.stdin.buffer.read()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            with shown_errors():
                raise InvalidInput(f"standard input is not UTF-8: byte {exc.start} is {raw[exc.start]:#04x}; "
                                   "convert it first, e.g. `iconv -f GBK -t UTF-8`") from None

    def go() -> AddResult:
        # a refused message (one transaction: nothing stored) leaves no new, empty database file
        with removed_unless_stored(db), open_memory(db, org, project, user, create=True, agent_id=agent,
                                               session_id=session) as memory:
            return memory.add(text, role=role, speaker=speaker, ttl=ttl,
                              created_at=parse_time(at, "--at") if at else None, wait=True,
                              idempotency_key=idempotency_key)
    result = run_command(go)
    if as_json:
        emit_json(asdict(result))
        return
    if result.replayed:
        console.print(f"already stored under this --idempotency-key (episode #{result.episode_id}); "
                      "nothing new was stored", highlight=False)
        return
    lab = labels_for(text)
    zh = lab is not labels_for("English")
    _print_semantic(result)
    if result.redacted:  # kinds only: the values never reach the store, nor this output
        console.print(safe("redacted before storage: " + ", ".join(sorted(set(result.redacted)))))
    if not result.created:
        console.print(lab["duplicate"].format(id=result.episode_id))
    elif not result.facts:
        if not result.semantic:
            console.print(lab["nothing"] + f" episode #{result.episode_id}")
    else:
        console.print(lab["remembered"])
        for change in result.facts:
            f = change.fact
            conf = f"（{lab['confidence']} {f.confidence:.2f}）" if zh else f" ({lab['confidence']} {f.confidence:.2f})"
            note = ""
            if change.action == "touch":
                note = f" [{lab['touched']}]"
            elif change.action == "retract":
                note = f" [{lab['retracted']}]"
            elif change.action == "past":
                note = f" [{lab['past']}]"
            elif change.previous:
                note = f" [{lab['superseded']} " + ", ".join(p.value for p in change.previous) + "]"
            whose = f"{f.subject}: " if f.subject and f.subject != speaker else ""  # a relative's, never the user's
            console.print(safe(f"- {whose}{f.key} = {f.value}{conf}{note}"), highlight=False)


@app.command()
def recall(
    query: Annotated[str, typer.Argument(help="What to recall.")],
    db: DbOpt = None, user: UserOpt = None, agent: AgentOpt = None, session: SessionOpt = None,
    org: OrgOpt = None, project: ProjectOpt = None,
    limit: Annotated[int, typer.Option("--limit", "-k", help="How many memories.")] = 5,
    context: Annotated[int, typer.Option(help="Neighbouring segments to show around episode hits.")] = 0,
    kind: Annotated[str | None, typer.Option(help="Only 'fact' or 'episode'.")] = None,
    status: Annotated[str | None, typer.Option(help="Facts of this status: active (the default) | superseded | "
                                               "archived | all (as list --status).")] = None,
    where: FilterOpt = None,
    mode: Annotated[str, typer.Option(help="long_term | short_term | both (the last two need --session).")]
    = "long_term",
    agent_mode: Annotated[str | None, typer.Option(
        "--agent-mode", help="Retrieval agent: direct | split | chain | router (LLM ones need MEMSTRATA_LLM_*).")]
    = None,
    as_json: JsonOpt = False,
) -> None:
    """Ranked, cited memories for a question."""
    trace: dict[str, Any] = {}

    def go() -> list[Hit]:
        with open_memory(db, org, project, user, agent_id=agent, session_id=session) as memory:
            kinds = (kind,) if kind else ("fact", "episode")
            if agent_mode is None:
                return memory.search(query, limit=limit, expand_context=context, kinds=kinds, filter=where,
                                     mode=mode, status=status)
            if status is not None:
                raise InvalidInput("--status ranks facts of those statuses in a plain recall; the retrieval agents "
                                   "(--agent-mode) rank active facts only")
            result = memory.agent_search(query, agent_mode=agent_mode, limit=limit, kinds=kinds, mode=mode)
            trace.update({k: v for k, v in asdict(result).items() if k != "hits"})
            return result.hits
    hits = run_command(go)
    if as_json:
        hits_json = [_hit_json(h) for h in hits]
        emit_json({"hits": hits_json, "agent": trace} if trace else hits_json)
        return
    if trace:
        err.print(safe(f"agent {trace['agent']}{' (routed)' if trace['routed_by'] else ''}: "
                        f"queries {trace['queries']}, {trace['llm_calls']} LLM call(s), "
                        f"{trace['prompt_tokens'] + trace['completion_tokens']} tokens, {trace['elapsed_ms']:.0f} ms"),
                  highlight=False)
    lab = labels_for(query)
    zh = lab is not labels_for("English")
    if not hits:
        console.print(lab["no_hits"])
    named = several_users(hits)
    for hit in hits:
        cites = ",".join(f"episode#{c}" for c in hit.citations[:3])
        source = f"{'，' if zh else ', '}{lab['source']} {cites}" if cites else ""  # none: set by update
        where = f"（{hit.created_at:%Y-%m-%d}{source}）" if zh else f" ({hit.created_at:%Y-%m-%d}{source})"
        label = ((f"[{lab['outdated']}] " if hit.superseded else "") + (f"fact#{hit.id} " if hit.kind == "fact" else "")
                 + attribution(hit, chinese=zh, name_user=named))  # whose memory, when not the user's own
        # As in the context block (``render``): an outdated hit on one sentence shows that sentence
        # (the rest of its message may still hold), a current one labels its outdated pieces inline.
        shown = _clip(marked_text(hit, lab), matched=hit.matched)
        console.print(f"[bold]\\[{hit.score:.2f}][/] {safe(label + shown)}"
                      f"[dim]{safe(where)}[/]",
                      highlight=False)
        for ctx in hit.context:
            line = f"{ctx.speaker or ''}: {_clip(ctx.text)}"
            console.print(f"      [dim]{safe(line)}[/]", highlight=False)


@app.command(name="context")
def context_cmd(
    query: Annotated[str, typer.Argument(help="The question or the user's message.")],
    db: DbOpt = None, user: UserOpt = None, agent: AgentOpt = None, session: SessionOpt = None,
    org: OrgOpt = None, project: ProjectOpt = None,
    budget_tokens: Annotated[int, typer.Option("--budget-tokens", "-b", help="Upper bound on the block's "
                                               "tokens (estimated as UTF-8 bytes / 3).")] = 500,
    where: FilterOpt = None,
    profile: Annotated[bool, typer.Option("--profile/--no-profile", help="When nothing matches, list the "
                                          "current facts instead of printing nothing.")] = True,
    kind: Annotated[str | None, typer.Option(help="Only 'fact' or 'episode'.")] = None,
    min_score: Annotated[float, typer.Option("--min-score", help="Drop hits scoring below this (0-1).")] = 0.0,
    min_match: Annotated[float, typer.Option("--min-match", help="Drop hits whose query-match evidence is below "
                                             "this (0-1; 0.55 drops most noise).")] = 0.0,
    as_of: Annotated[str | None, typer.Option("--as-of", help="What was believed at this time (ISO 8601).")] = None,
    mode: Annotated[str, typer.Option(help="long_term | short_term | both (the last two need --session).")]
    = "long_term",
) -> None:
    """The cited Markdown block for a system prompt (the SDK's context()), printed as is."""
    def go() -> str:
        with open_memory(db, org, project, user, agent_id=agent, session_id=session) as memory:
            return memory.context(query, budget_tokens=budget_tokens, filter=where, profile=profile,
                                  kinds=(kind,) if kind else ("fact", "episode"), min_score=min_score,
                                  min_match=min_match, as_of=parse_time(as_of, "--as-of") if as_of else None,
                                  mode=mode)
    block = run_command(go)
    sys.stdout.write(block)


@app.command(name="list")
def list_cmd(
    db: DbOpt = None, user: UserOpt = None, agent: AgentOpt = None, org: OrgOpt = None,
    project: ProjectOpt = None,
    episodes: Annotated[bool, typer.Option("--episodes", help="List episodes instead of facts.")] = False,
    kind: Annotated[str | None, typer.Option(help="'fact' (the default) or 'episode' (as --episodes).")] = None,
    status: Annotated[str, typer.Option(help="active | superseded | archived | all")] = "active",
    key: Annotated[str | None, typer.Option(help="Only facts under this key (prefix).")] = None,
    limit: Annotated[int, typer.Option(help="How many rows.")] = 50,
    where: FilterOpt = None,
    cursor: Annotated[str | None, typer.Option(
        help="Page through a changing list: 'start', then the cursor printed after each page (newest recorded "
             "first; nothing repeated or skipped when memories are written between pages).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Facts (or episodes) in a scope, newest first."""
    following: list[str | None] = []

    def chosen() -> str:
        # --kind takes what recall's and context's --kind take, checked by the one rule (``arguments``)
        named = check_kinds([kind])[0] if kind is not None else None
        if episodes and named == "fact":
            raise InvalidInput("--episodes lists episodes and --kind fact lists facts: give one of them")
        return "episode" if episodes else named or "fact"

    def go() -> tuple[list[Any], str | None]:
        what = chosen()
        with open_memory(db, org, project, user, model=False, agent_id=agent) as memory:
            if cursor is not None:
                page = memory.page(kind=what, status=status, key=key, limit=limit, cursor=cursor, filter=where)
                following.append(page.next_cursor)
                return list(page.items), memory.scope.user_id
            return memory.list(kind=what, status=status, key=key, limit=limit, filter=where), memory.scope.user_id
    rows, owner = run_command(go)
    episodes = episodes or kind == "episode"
    if following:
        # stderr: `--json` output stays the list it always was
        err.print(f"next page: --cursor {following[0]}" if following[0] else "last page", highlight=False,
                  markup=False)
    if as_json:
        emit_json([asdict(r) for r in rows])
        return
    if not rows:
        what = "episodes" if episodes else f"{status} facts" if status != "all" else "facts"
        console.print(safe(f"no {what} for user {owner}" + (f" under key {key}" if key else "")
                            + (" matching the filter" if where else "")), highlight=False)
        return
    table = Table(show_lines=False)
    if episodes:
        for col in ("id", "when", "session", "speaker", "content"):
            table.add_column(col)
        for e in rows:
            table.add_row(str(e.id), f"{e.created_at:%Y-%m-%d %H:%M}", safe(e.scope.session_id or ""),
                          safe(e.producer_id or e.role), safe(e.content[:200]))
    else:
        # Whom each fact is about when some fact is not the user's own (a group scope: Alice's and
        # Bob's facts under one user; ``context.attribution``); a single user's list stays as it was.
        named = any(about_someone_else(f) for f in rows)
        cols = ("id", "subject", "key", "value", "conf", "status", "observed", "episodes")
        for col in cols if named else tuple(c for c in cols if c != "subject"):
            table.add_column(col)
        for f in rows:
            about = [safe(f.subject or f.scope.user_id or "")] if named else []
            table.add_row(str(f.id), *about, safe(f.key), safe(f.value), f"{f.confidence:.2f}", f.status,
                          f"{f.observed_at:%Y-%m-%d}", ",".join(map(str, f.citations[:5])))
    console.print(table)


@app.command()
def history(
    fact_id: Annotated[int | None, typer.Argument(help="A fact id (from list or recall).")] = None,
    key: Annotated[str | None, typer.Option(help="Or a key, e.g. shipping.carrier.")] = None,
    db: DbOpt = None, user: UserOpt = None, org: OrgOpt = None, project: ProjectOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """A fact's timeline: every value it had under its key, with audit events."""
    def go() -> list[tuple[Fact, list[Any]]]:
        with open_memory(db, org, project, user, model=False) as memory:
            return memory.history(fact_id, key=key)
    timeline = run_command(go)
    if as_json:
        emit_json([{"fact": asdict(f), "events": [asdict(e) for e in ev]} for f, ev in timeline])
        return
    for fact, events in timeline:
        until = f" → {fact.valid_to:%Y-%m-%d %H:%M}" if fact.valid_to else ""
        console.print(f"[bold]fact#{fact.id}[/] " + safe(
            f"{fact.key} = {fact.value} [{fact.status}] {fact.valid_from or fact.observed_at:%Y-%m-%d %H:%M}{until}"),
            highlight=False)
        for ev in events:
            console.print(safe(f"   #{ev.id} {ev.at:%Y-%m-%d %H:%M:%S} {ev.action:<10} {ev.actor} "
                                 f"{json.dumps(ev.detail, ensure_ascii=False)}"), highlight=False)


@app.command()
def forget(
    db: DbOpt = None, user: UserOpt = None, agent: AgentOpt = None, session: SessionOpt = None,
    org: OrgOpt = None, project: ProjectOpt = None,
    fact: Annotated[int | None, typer.Option(help="Forget one fact by id.")] = None,
    sources: Annotated[bool, typer.Option("--sources", help="With --fact: forget the messages that stated the "
                                          "fact too (whole, with the facts only they support).")] = False,
    episode: Annotated[int | None, typer.Option("--episode", help="Forget one message (episode) by id, with "
                                                "the facts only it supports.")] = None,
    before: Annotated[str | None, typer.Option(help="Forget episodes said before this time (ISO 8601).")] = None,
    all_users: Annotated[bool, typer.Option("--all-users", help="With --session/--agent/--before: of every "
                                            "user; alone: the whole project.")] = False,
    filter: Annotated[str | None, typer.Option("--filter", help="Forget only the facts (with --episodes: the "
                                               "episodes) this filter selects: what `memstrata list` shows "
                                               "with it and --status all.")] = None,
    episodes: Annotated[bool, typer.Option("--episodes", help="With --filter: episodes, not facts.")] = False,
    wait: Annotated[bool, typer.Option("--wait/--no-wait", help="Wait for a large forget to finish (the scope "
                                       "is hidden at once either way; an unfinished job resumes later).")] = True,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Delete everything about a user / agent / session, episodes before a date, one fact or one
    message; prints a deletion receipt (counts per table, time, SHA-256 of the deleted ids).

    --fact leaves the messages that stated the fact stored (a note names them); --fact N --sources
    forgets them too, and --episode forgets one message.

    --session, --agent, --before and --filter apply to the default user ($MEMSTRATA_USER) unless --user or
    --all-users. --filter forgets what `memstrata list --status all` (with --episodes: `list --episodes`)
    shows with the same filter.
    """
    # What was typed, before $MEMSTRATA_USER fills the owner: `--before ""` (an unset $CUTOFF) is refused,
    # never dropped (it was, and the default user alone became the target).
    typed = {"--user": user, "--agent": agent, "--session": session, "--before": before, "--filter": filter,
             "--fact": fact, "--episode": episode, "--all-users": all_users}
    run_command(lambda: require_target(
        "memstrata forget", hint="--user, --agent, --session, --before, --filter, --fact, --episode or --all-users",
        **typed))
    if all_users and user is not None:  # which one was meant? Widening silently would delete too much
        err.print("error\\[invalid_input]: --user and --all-users contradict each other; give one of them")
        raise typer.Exit(2)
    settings = Settings.from_env()
    owner = None if all_users else (settings.user_id if user is None else user)
    kind = "episode" if episodes else "fact"
    target = (f"fact #{fact}" + (" and the messages that stated it" if sources else "") if fact is not None
              else f"episode #{episode}" if episode is not None else " ".join(
        f"{n}={v}" for n, v in (("user", owner or "*"), ("agent", agent), ("session", session),
                                ("before", before), (f"{kind}s matching", filter)) if v))
    if not yes:
        if not sys.stdin.isatty():
            err.print(f"error\\[invalid_input]: refusing to forget {safe(target)} without --yes "
                      "(not an interactive terminal)")
            raise typer.Exit(2)
        if not typer.confirm(f"Forget {target}?"):
            raise typer.Exit(1)

    def go() -> Any:
        if (path := missing_file(db, settings)) is not None:
            raise StoreError(f"no database at {path}; nothing to forget")
        with Memory(db, settings=settings, org_id=org, project_id=project, user_id=owner,
                    embedder=None, extractor=None) as memory:
            receipt = memory.forget(user_id=owner, agent_id=agent, session_id=session, fact_id=fact,
                                    before=None if before is None else parse_time(before, "--before"),
                                    all_users=all_users, actor="cli", org_id=org, project_id=project,
                                    background=None if wait else True,
                                    filter=filter, kind=kind, episode_id=episode, sources=sources)
            if receipt.status == "running" and wait:
                with Progress(TextColumn("forgetting"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                              console=err, disable=as_json) as progress:
                    task = progress.add_task("forget", total=receipt.total_episodes)
                    while not memory.wait_forgotten(timeout=0.5, finish=False):
                        progress.update(task, completed=memory.forget_status(receipt.job_id)[0]["episodes"])
                    memory.wait_forgotten()
                    receipt = memory.forget_status(receipt.job_id)[0]
                    progress.update(task, completed=receipt["episodes"])
            return receipt
    receipt = run_command(go)
    if as_json:
        emit_json({"forgot": target, **receipt.as_dict()})
        return
    rows = ", ".join(f"{v} {k}" for k, v in receipt.counts.items() if v)
    if receipt.status == "running":
        console.print(safe(f"Forgetting {target}: hidden from every read now; job #{receipt.job_id} deleted "
                            f"{rows or 'nothing yet'} and resumes at the next open or `memstrata maintain`"))
        return
    console.print(safe(f"Forgot {target}: {rows or 'nothing'}"))
    job = f"job #{receipt.job_id} " if receipt.job_id else ""  # one fact is deleted at once, with no job
    console.print(safe(f"receipt: {job}at {receipt.at:%Y-%m-%d %H:%M:%S} UTC, "
                        f"sha256 of deleted ids {receipt.ids_sha256}"
                        + (f" (nonce {receipt.nonce})" if receipt.nonce else "")), highlight=False)
    if receipt.wal_checkpointed is False:
        console.print("note: another process holds an old read open; the deleted text leaves the "
                      "write-ahead log at the next checkpoint")
    for replaced in receipt.replaced:
        console.print(safe("note: " + replaced.note(replaced.by or fact,
                                                     f"`memstrata rollback {replaced.event_id}`")),
                      highlight=False)
    kept = receipt.sources_note(" and ".join(f"`memstrata forget --episode {e}`" for e in receipt.sources_kept)
                                + " forgets what was said")
    if kept:
        console.print(safe(f"note: {kept}"), highlight=False)


@app.command(name="delete-project")
def delete_project(
    project: Annotated[str, typer.Argument(help="The project to delete (named here; $MEMSTRATA_PROJECT is never "
                                                "taken as the target).")],
    db: DbOpt = None, org: OrgOpt = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Delete a whole project: every row of it in every table and index, its idempotency keys, its REST
    API keys revoked; prints the receipt (counts per table, time, SHA-256 of the deleted ids)."""
    run_command(lambda: require_target("memstrata delete-project", PROJECT=project))
    if not yes:
        if not sys.stdin.isatty():
            err.print(f"error\\[invalid_input]: refusing to delete project {safe(project)} without --yes "
                      "(not an interactive terminal)")
            raise typer.Exit(2)
        if not typer.confirm(f"Delete project {project} and everything in it?"):
            raise typer.Exit(1)

    def go() -> Any:
        with open_memory(db, org, None, None, model=False) as memory:
            return memory.delete_project(project, org_id=org, actor="cli")
    receipt = run_command(go)
    if as_json:
        emit_json({"deleted_project": project, **receipt.as_dict()})
        return
    rows = ", ".join(f"{v} {k}" for k, v in receipt.counts.items() if v)
    console.print(safe(f"Deleted project {project}: {rows or 'nothing'}"))
    console.print(safe(f"receipt: job #{receipt.job_id} at {receipt.at:%Y-%m-%d %H:%M:%S} UTC, sha256 of deleted "
                        f"ids {receipt.ids_sha256} (nonce {receipt.nonce})"), highlight=False)


@app.command()
def export(
    db: DbOpt = None, user: UserOpt = None, agent: AgentOpt = None, org: OrgOpt = None,
    project: ProjectOpt = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="File (default stdout).")] = None,
    everything: Annotated[bool, typer.Option(
        "--all", help="Every tenant, user and agent of the database, and its REST API keys as stored (hashes, "
                      "no secrets): to move it, e.g. SQLite to PostgreSQL.")]
    = False,
    fmt: Annotated[str, typer.Option("--format", help="jsonl | markdown (a MEMORY.md + memory/YYYY-MM-DD.md "
                                                      "folder to read and edit)")] = "jsonl",
    folder: Annotated[Path | None, typer.Argument(help="With --format markdown: the folder to write.")] = None,
) -> None:
    """Export a scope as JSONL: episodes, facts (every status), events (with --all: the API keys too);
    or, with --format markdown DIR, one user's memory as an editable Markdown folder."""
    if fmt == "markdown" or folder is not None:
        _export_markdown(fmt, folder or output, db=db, user=user, agent=agent, org=org, project=project,
                         everything=everything)
        return
    if fmt != "jsonl":
        run_command(lambda: _refuse(f"--format {fmt!r}: use jsonl or markdown"))
    keys = [0]

    def count_key(record: dict[str, Any]) -> None:
        keys[0] += record["type"] == "api_key"

    def go() -> int:
        if everything and (user or agent or org or project):
            raise InvalidInput("--all exports every tenant, user and agent: leave out --user, --agent, --org "
                               "and --project (or leave out --all to export one scope)")
        with open_memory(db, org, project, None if everything else user, model=False,
                   agent_id=None if everything else agent) as memory:
            # A scope that holds nothing (a mistyped --user) is refused before anything is written,
            # as the Markdown export does: an empty file looks like a backup.
            records = memory.export_all() if everything else require_records(
                memory.export(), memory.scope.describe(), hint=_who_else(memory))
            n = 0
            if output:  # a temporary file renamed over it: never a half-written or emptied backup
                n = write_file(records, output, on_record=count_key)
            for record in () if output else records:
                try:
                    sys.stdout.write(dumps(record) + "\n")
                except BrokenPipeError:  # `export | head`: the reader has all it wanted
                    return n
                n += 1
                count_key(record)
            return n
    n = run_command(go)
    if output:
        console.print(f"exported {n} records to {output}")
    if everything and keys[0]:
        # Said on stderr (stdout may be the export itself): an operator moving a REST deployment
        # must know whether clients keep their keys (a fresh-user trial found them left behind).
        err.print(f"note: --all carries the REST API keys as stored ({keys[0]} keys: their SHA-256 hashes, never a "
                  "secret; revoked ones stay revoked): `memstrata import` of this file restores them, so REST "
                  "clients keep working with the keys they have", highlight=False, markup=False)


def _refuse(message: str) -> None:
    raise InvalidInput(message)


def _who_else(memory: Memory) -> str:
    """What to export instead of an empty scope: the users with memories in its tenant (the CLI
    opens the database itself, so naming them discloses nothing), ``--user``, ``--all``."""
    try:
        users = [u.user_id for u in memory.users()]
    except StoreError:  # a store without lifecycle queries cannot list them
        users = []
    scope = memory.scope
    named = f"users with memories in {scope.org_id}/{scope.project_id}: {', '.join(users[:10])}" + (
        f" and {len(users) - 10} more" if len(users) > 10 else "") + "; " if users else ""
    return f"{named}--user NAME exports another user, --all the whole database"


def _export_markdown(fmt: str, folder: Path | None, *, db: str | None, user: str | None, agent: str | None,
                     org: str | None, project: str | None, everything: bool) -> None:
    """``memstrata export --format markdown DIR`` (``integrations.markdown.export_folder``)."""
    def go() -> Any:
        if fmt != "markdown":
            raise InvalidInput(f"a folder argument ({folder}) is for --format markdown; JSONL goes to --output FILE")
        if folder is None or everything:
            raise InvalidInput("--format markdown writes one user's memory into a folder: give DIR (and --user), "
                               "not --all")
        with open_memory(db, org, project, user, model=False, agent_id=agent) as memory:
            require_records(memory.export(), memory.scope.describe(), hint=_who_else(memory))
            return memory.scope.user_id, export_folder(memory, folder)
    who, report = run_command(go)
    days = sum(1 for f in report.files if f.startswith("memory/"))
    console.print(f"exported {report.facts} facts and {report.episodes} episodes of {who} to {folder} "
                  f"(MEMORY.md and {days} daily note{'' if days == 1 else 's'})", highlight=False, markup=False)


@app.command(name="import")
def import_cmd(
    path: Annotated[Path, typer.Argument(help="JSONL messages, a LoCoMo JSON file, or a Markdown memory folder.")],
    db: DbOpt = None, user: UserOpt = None, org: OrgOpt = None, project: ProjectOpt = None,
    fmt: Annotated[str, typer.Option("--format", help="auto | jsonl | locomo | export | markdown")] = "auto",
    as_json: JsonOpt = False,
) -> None:
    """Import a conversation log (one user per LoCoMo conversation), with a progress bar, a
    `memstrata export` file exactly as it was (ids, timestamps, statuses; idempotent), or a
    Markdown memory folder (MEMORY.md, memory/YYYY-MM-DD.md: each note an episode; idempotent)."""

    if fmt == "markdown" or (fmt == "auto" and path.is_dir()):
        _import_markdown(path, db=db, user=user, org=org, project=project, as_json=as_json)
        return

    if (fmt == "auto" and run_command(lambda: detect_format(path)) == "export") or fmt == "export":
        def restore() -> dict[str, Any]:
            records, lines = load_export_lines(path)
            # one transaction: a refused restore stored nothing
            with removed_unless_stored(db), open_memory(db, org, project, user, create=True) as memory:
                return {"records": len(records), **memory.import_records(records, lines=lines)}
        restored = run_command(restore)
        named = _export_users(path) if user else set()
        if named - {user}:  # a fresh-user trial took --user for a retarget and saw "restored 0"
            err.print(f"note: the export's records name user(s) {', '.join(sorted(named))}; an export "
                      f"file restores each record in its own scope, so --user {user} was not applied",
                      highlight=False, markup=False)
        if as_json:
            emit_json(restored)
        else:
            keys = f" and {restored['api_keys']} API keys" if restored.get("api_keys") else ""
            trail = "".join(f", {restored[k]} {k.replace('_', ' ')}" for k in (
                "withdrawals", "outdated_marks", "tombstones", "forget_receipts", "forgotten_ids") if k in restored)
            console.print(f"restored {restored['episodes']} episodes, {restored['facts']} facts, "
                          f"{restored['events']} events{trail}{keys} from {restored['records']} records "
                          "(rows already present are kept as they are)")
            skipped = restored["skipped"]
            if skipped:  # what was forgotten here is never brought back: say which and why
                err.print(f"note: {len(skipped)} records were not restored because what they hold was forgotten:",
                          highlight=False, markup=False)
                for s in skipped:
                    name = f"{s['type']} #{s['id']}" if "id" in s else f"{s['type']} of episode #{s['episode_id']}"
                    err.print(f"  {name}: {s['reason']}", highlight=False, markup=False)
        return

    def go() -> dict[str, int]:
        groups = load_any(path, fmt)
        total = sum(len(msgs) for _, msgs in groups)
        summary = {"messages": total, "groups": len(groups), "added": 0, "duplicates": 0}
        with removed_unless_stored(db) as state, open_memory(db, org, project, user, create=True) as memory, Progress(
            TextColumn("importing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
            console=err, disable=as_json,
        ) as progress:
            task = progress.add_task("import", total=total)

            def stored(n: int) -> None:
                state["stored"] = True  # a batch is committed: the file now holds the user's data
                progress.advance(task, n)
            for default_user, messages in groups:
                import_messages(memory, messages, user_id=user or default_user, on_batch=stored, tally=summary)
            summary.update(memory.store.counts())
        return summary
    summary = run_command(go)
    if as_json:
        emit_json(summary)
    else:
        # A re-import skips what is stored already (a fresh-user trial read "imported 3 messages"
        # when 2 of the 3 were duplicates): say how many were added and how many skipped.
        done = (f"imported {summary['added']} of {summary['messages']} messages ({summary['duplicates']} already "
                f"stored, skipped)" if summary["duplicates"] else f"imported {summary['added']} messages")
        console.print(f"{done}; database now holds "
                      f"{summary['episodes']} episodes, {summary['segments']} segments, "
                      f"{summary.get('facts_active', 0)} active facts")


def _import_markdown(path: Path, *, db: str | None, user: str | None, org: str | None, project: str | None,
                     as_json: bool) -> None:
    """``memstrata import --format markdown DIR`` (``integrations.markdown.import_folder``)."""
    def go() -> Any:
        # every file is read and every note checked before the first write: a refused folder stores nothing
        with removed_unless_stored(db) as state, open_memory(db, org, project, user, create=True) as memory:
            report = import_folder(memory, path)
            state["stored"] = True
            return report
    report = run_command(go)
    if as_json:
        emit_json(report.as_dict())
        return
    for line in report.lines():
        (err if line.startswith("note:") else console).print(line, highlight=False, markup=False)


def _export_users(path: Path) -> set[str]:
    """The user ids an export file's records name (``scope.user_id``); unreadable records are
    skipped (the restore itself reports them)."""
    users: set[str] = set()
    for record in load_export(path):
        scope = record.get("scope")
        if isinstance(scope, dict) and isinstance(scope.get("user_id"), str):
            users.add(scope["user_id"])
    return users


@app.command()
def maintain(
    db: DbOpt = None, as_json: JsonOpt = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Print every committed step.")] = False,
) -> None:
    """Finish interrupted forgets, sweep expired memories, archive idle facts, merge near-duplicates,
    boost often-recalled facts, ANALYZE/VACUUM when worthwhile. Safe to run any time, idempotent."""
    def go() -> Any:
        with open_memory(db, None, None, None) as memory:
            return memory.maintain(on_step=(lambda s: err.print(safe(s), highlight=False)) if verbose else None)
    report = run_command(go)
    if as_json:
        emit_json(report.as_dict())
        return
    lines = [(report.forgets_finished, "interrupted forget job(s) finished"),
             (report.expired_episodes, "expired episode(s) deleted"), (report.expired_facts, "expired fact(s) deleted"),
             (report.archived, "idle fact(s) archived"), (report.merged, "near-duplicate fact(s) merged"),
             (report.boosted, "often-recalled fact(s) boosted")]
    done = [f"{n} {what}" for n, what in lines if n] + [w for ran, w in ((report.analyzed, "ANALYZE"),
                                                                        (report.vacuumed, "VACUUM")) if ran]
    console.print("maintenance: " + ("; ".join(done) if done else "nothing to do"))
    for note in report.notes:
        console.print(f"  {safe(note)}", highlight=False)


@app.command()
def rollback(
    event: Annotated[int, typer.Argument(help="An event id from `memstrata history` (supersede, merge, archive).")],
    db: DbOpt = None, user: UserOpt = None, org: OrgOpt = None, project: ProjectOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Restore the state before a supersede, merge or archive; the rollback is logged too."""
    def go() -> list[Fact]:
        with open_memory(db, org, project, user, model=False) as memory:
            return memory.rollback(event, actor="cli")
    facts = run_command(go)
    if as_json:
        emit_json([asdict(f) for f in facts])
        return
    for f in facts:
        console.print(safe(f"fact#{f.id} {f.key} = {f.value} [{f.status}]"), highlight=False)


@app.command()
def update(
    fact: Annotated[int, typer.Argument(help="An active fact's id (`memstrata list`).")],
    value: Annotated[str | None, typer.Option(help="The new value: supersedes the fact (the old one "
                                              "stays in history).")] = None,
    importance: Annotated[float | None, typer.Option(help="0-1, changed in place.")] = None,
    confidence: Annotated[float | None, typer.Option(help="0-1, changed in place.")] = None,
    db: DbOpt = None, user: UserOpt = None, org: OrgOpt = None, project: ProjectOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Correct one fact by hand: a new --value supersedes it (undo with `memstrata rollback`),
    --importance / --confidence change in place; every change is an audit event."""
    def go() -> Fact:
        with open_memory(db, org, project, user, model=value is not None) as memory:
            return memory.update(fact, value=value, importance=importance, confidence=confidence, actor="cli")
    f = run_command(go)
    if as_json:
        emit_json(asdict(f))
        return
    note = f" [replaces fact#{fact}]" if f.id != fact else ""
    console.print(safe(f"fact#{f.id} {f.key} = {f.value} [{f.status}]{note}"), highlight=False)


@app.command()
def restore(
    fact: Annotated[int, typer.Argument(help="An archived fact's id.")],
    db: DbOpt = None, user: UserOpt = None, org: OrgOpt = None, project: ProjectOpt = None,
) -> None:
    """Bring an archived fact back to active."""
    def go() -> Fact:
        with open_memory(db, org, project, user, model=False) as memory:
            return memory.restore(fact, actor="cli")
    f = run_command(go)
    console.print(safe(f"fact#{f.id} {f.key} = {f.value} [{f.status}]"), highlight=False)


@app.command()
def doctor(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """What model, what database, what counts. Reports a missing or mismatched model instead of failing."""
    def go() -> dict[str, Any]:
        try:
            with open_memory(db, None, None, None) as memory:
                return memory.doctor()
        except EmbeddingModelMismatch as exc:
            with open_memory(db, None, None, None, model=False) as memory:
                report = memory.doctor()
            report["embedding_status"] = f"mismatch: {exc}"
            return report
    _print_report(run_command(go), as_json)


@app.command()
def reembed(
    db: DbOpt = None,
    model: Annotated[str | None, typer.Option(help="Model to migrate to (default: configured).")] = None,
) -> None:
    """Re-embed every segment and fact with the configured (or given) model."""
    def go() -> dict[str, Any]:
        settings = Settings.from_env()
        if is_postgres_url(db) or (db is None and settings.database_url):
            raise InvalidInput("reembed works on SQLite files only for now; re-import into a new PostgreSQL "
                               "database with the new model instead")
        return reembed_database(Path(db or settings.resolved_db_path()).expanduser(),
                                model or settings.embedding_model or "use-multilingual-v3",
                                threads=settings.embed_threads)
    summary = run_command(go)
    console.print(f"re-embedded {summary['segments']} segments and {summary['facts']} facts with "
                  f"{summary['model']} (was {summary['previous']})")
    if summary["model"] != (Settings.from_env().embedding_model or "use-multilingual-v3"):
        # every later command loads the configured model and would refuse this database
        console.print(f"from now on run memstrata with MEMSTRATA_EMBEDDING_MODEL={summary['model']} "
                      "(e.g. export it in your shell profile)")


@app.command()
def demo(
    db: Annotated[Path | None, typer.Option("--db", help="Fresh database file (default: a temporary one).")] = None,
) -> None:
    """Import a real LoCoMo conversation and answer five of its benchmark questions."""
    def go() -> None:
        if db is not None:
            if db.exists():
                raise InvalidInput(f"{db} exists; the demo needs a fresh database path")
            run_demo(db, console=console)
            return
        with tempfile.TemporaryDirectory(prefix="memstrata-demo-") as tmp:
            run_demo(Path(tmp) / "demo.db", console=console)
    run_command(go)


@bench_app.command("perf")
def bench_perf(
    sizes: Annotated[str, typer.Option(help="Stored segments to measure at, comma-separated.")] = "10000,100000",
    queries: Annotated[int, typer.Option(help="Recall queries per size.")] = 200,
    seed: Annotated[int, typer.Option(help="Random seed.")] = 7,
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
                                                  "../shared/eval/data, else the shipped conversation).")] = None,
) -> None:
    """Ingest throughput, recall latency p50/p95 (postgres: also with a 1% filter, HNSW build time,
    recall@10 vs exact, table and index sizes), database size, peak RSS; sqlite --ablate: also the
    latency with each recall list switched off in turn; --busy-cores N: every figure again with N
    cores busy, and LoCoMo query latency beside a plain hybrid."""
    chosen = [n] if n is not None else [int(s) for s in sizes.split(",") if s.strip()]
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
                          locomo=conversations, data=Path(data) if data is not None else None))


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
    data: Annotated[Path | None, typer.Option(help="Folder of <lang>.jsonl (default: the set in the package).")] = None,
    out: Annotated[Path | None, typer.Option(help="Write the figures as JSON here.")] = None,
    misses: Annotated[str, typer.Option(help="Comma-separated shapes (real, change, ..., all) whose wrong "
                                             "messages are printed: facts missed (-), candidates unmatched (+).")] = "",
) -> None:
    """Precision and recall of the rule extractor per statement shape and language, and the share
    of change sequences that end with the right current value (docs/extraction.md)."""
    run_command(lambda: run_extraction(console=console, langs=[x.strip() for x in lang.split(",") if x.strip()],
                                data=data, out=out, misses=[x.strip() for x in misses.split(",") if x.strip()]))


@bench_app.command("retrieval")
def bench_retrieval(
    dataset: Annotated[str, typer.Option(help="locomo | memorybank-zh | memorybank-en | realmem | beam | all "
                                              "(comma-separated for several).")] = "locomo",
    data: Annotated[Path | None, typer.Option(help="Dataset file or folder (default: shared/eval/data).")] = None,
    retriever: Annotated[str, typer.Option(help="Comma-separated: hybrid, hybrid-e5, bm25, dense-use, dense-e5, "
                                                "rrf-use, rrf-e5.")] = "hybrid,bm25,dense-use,rrf-use",
    variant: Annotated[str, typer.Option(help="normal, long (questions after chit-chat), or both.")] = "normal,long",
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
    measured in the same run, normal and long questions (``--backend postgres``: memstrata on PostgreSQL)."""

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
            err.print(f"wrote {json_path}" + (f" and {png}" if png else " (no plot: " + install_hint("bench") + ")"))
        if len(reports) > 1:
            err.print(f"wrote {save_all(reports, out)}")
    run_command(go)


def _print_semantic(result: AddResult) -> None:
    """The LLM's profile changes of a ``remember``, each with its citations."""
    if result.extraction in ("retry", "failed"):
        err.print(f"LLM extraction {result.extraction}: the episode is stored and queued; see `memstrata status`")
    if not result.semantic:
        return
    console.print("Profile (LLM):")
    for change in result.semantic:
        f = change.fact
        cites = ", ".join(f"episode#{c}" for c in f.citations)
        note = f" [{change.action}" + (": was " + ", ".join(p.value for p in change.previous) if change.previous
                                       else "") + "]"
        console.print(safe(f"- {f.key} = {f.value} (cites {cites}){note}"), highlight=False)


@app.command()
def worker(
    db: DbOpt = None,
    once: Annotated[bool, typer.Option("--once", help="Process what is ready now, then exit.")] = False,
    poll: Annotated[float, typer.Option(help="Seconds to sleep when nothing is ready.")] = 1.0,
) -> None:
    """Run LLM extraction over the queue (needs MEMSTRATA_LLM_PROVIDER; see docs/configuration.md)."""
    def go() -> int:
        with open_memory(db, None, None, None, create=True) as memory:
            work = memory.semantic.worker()
            if once:
                return len(work.drain())
            stop = threading.Event()
            signal.signal(signal.SIGTERM, lambda *_: stop.set())
            err.print(f"memstrata worker: {memory.store.location} with {work.llm.name}; Ctrl-C to stop")
            try:
                return work.serve(stop, poll_s=poll)
            except KeyboardInterrupt:
                return 0
    batches = run_command(go)
    console.print(f"processed {batches} batch(es)")


@app.command()
def status(db: DbOpt = None, user: UserOpt = None, session: SessionOpt = None, as_json: JsonOpt = False) -> None:
    """Extraction queue: pending, running, done, failed, last error (whole database unless --user/--session)."""
    def go() -> dict[str, Any]:
        with open_memory(db, None, None, None, model=False) as memory:
            return memory.queue_status(user_id=user, session_id=session)
    _print_report(run_command(go), as_json)


@app.command()
def consolidate(
    db: DbOpt = None, user: UserOpt = None, agent: AgentOpt = None, org: OrgOpt = None, project: ProjectOpt = None,
    category: Annotated[str, typer.Option(help="Category to consolidate.")] = "profile",
    undo: Annotated[str | None, typer.Option(help="Revert this run id instead.")] = None,
) -> None:
    """Merge/rewrite a category's features with the LLM now (or --undo a run)."""
    def go() -> str:
        with open_memory(db, org, project, user, agent_id=agent) as memory:
            if undo is not None:
                counts = memory.undo(undo)
                return f"undone {undo}: {counts['archived']} archived, {counts['restored']} restored"
            return f"consolidation run {memory.consolidate(category)}"
    console.print(safe(run_command(go)), highlight=False)


# The network commands (``cli.server``).
from memstrata.integrations.hooks.commands import hooks_app  # noqa: E402

app.add_typer(keys_app, name="keys")
app.command("serve")(serve_command)
app.command("mcp")(mcp_command)
app.command("ui")(ui_command)
app.add_typer(hooks_app, name="hooks")


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
