"""The commands that change or remove what is stored: ``forget``, ``delete-project``, ``rollback``,
``update``, ``restore`` and ``maintain``.

Registered on the typer application by ``cli.commands``. A destructive command names its target
explicitly (``lifecycle.target.require_target``) and asks for confirmation unless ``--yes``; each
prints the receipt ``Memory`` returns.
"""

from __future__ import annotations

import sys
from dataclasses import asdict
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from memstrata.cli.options import AgentOpt, DbOpt, JsonOpt, OrgOpt, ProjectOpt, SessionOpt, UserOpt
from memstrata.cli.session import (
    console,
    emit_json,
    err,
    missing_file,
    open_memory,
    refuse,
    refuse_blank_scope,
    run_command,
    safe,
)
from memstrata.clock import parse_time
from memstrata.config import Settings
from memstrata.errors import InvalidInput, StoreError
from memstrata.lifecycle.nothing_stored import deleted_nothing, empty_project_note, nothing_stored_note
from memstrata.lifecycle.preview import ForgetPreview
from memstrata.lifecycle.target import NOT_GIVEN, left_out_if_none, require_target, require_tenant
from memstrata.memory import Memory
from memstrata.text.counts import counted, counted_rows
from memstrata.types import Fact


def forget(
    db: DbOpt = None, user: UserOpt = None, agent: AgentOpt = None, session: SessionOpt = None,
    org: OrgOpt = None, project: ProjectOpt = None,
    fact: Annotated[int | None, typer.Option(help="Forget one fact by id.", min=1)] = None,
    sources: Annotated[bool, typer.Option("--sources", help="With --fact: forget the messages that stated the "
                                          "fact too (whole, with the facts only they support).")] = False,
    episode: Annotated[int | None, typer.Option("--episode", help="Forget one message (episode) by id, with "
                                                "the facts only it supports.", min=1)] = None,
    before: Annotated[str | None, typer.Option(help="Forget episodes said before this time (ISO 8601).")] = None,
    all_users: Annotated[bool, typer.Option("--all-users", help="With --session/--agent/--before: of every "
                                            "user; alone: the whole project. Needs --org and --project "
                                            "typed.")] = False,
    filter: Annotated[str | None, typer.Option("--filter", help="Forget only the facts (with --episodes: the "
                                               "episodes) this filter selects: what `memstrata list` shows "
                                               "with it and --status all.")] = None,
    episodes: Annotated[bool, typer.Option("--episodes", help="With --filter: episodes, not facts.")] = False,
    wait: Annotated[bool, typer.Option("--wait/--no-wait", help="Wait for a large forget to finish (the scope "
                                       "is hidden at once either way; an unfinished job resumes later).")] = True,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show what this forget would delete (counts, the "
                                          "facts, the messages it names), deleting nothing.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Delete everything about a user / agent / session, episodes before a date, one fact or one
    message; prints a deletion receipt (counts per table, time, SHA-256 of the deleted ids).

    --dry-run prints what the same forget would delete instead, deleting nothing (no --yes needed).

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
        refuse("--user and --all-users contradict each other; give one of them", "all_users")
    if all_users:  # every user of a tenant: the tenant is typed, as delete-project's is
        run_command(lambda: require_tenant("memstrata forget --all-users", what="every user of the project",
                                           hint="--org ORG --project PROJECT", **{"--org": org, "--project": project}))
    settings = run_command(Settings.from_env)  # a blank $MEMSTRATA_USER is refused in one line, exit 2
    owner = None if all_users else (settings.user_id if user is None else user)
    kind = "episode" if episodes else "fact"
    target = (f"fact #{fact}" + (" and the messages that stated it" if sources else "") if fact is not None
              else f"episode #{episode}" if episode is not None else " ".join(
        ([f"every user of {org}/{project}"] if all_users else [])  # "user=*" read as a user named "*"
        + [f"{n}={v}" for n, v in (("user", owner), ("agent", agent), ("session", session),
                                   ("before", before), (f"{kind}s matching", filter)) if v]))
    if not yes and not dry_run:
        if not sys.stdin.isatty():
            refuse(f"refusing to forget {target} without --yes (not an interactive terminal)", "yes")
        if not typer.confirm(f"Forget {target}?"):
            raise typer.Exit(1)

    def go() -> Any:
        # a bad identifier is bad input whether or not the file exists (it said "no database" until there was one)
        refuse_blank_scope(user_id=user, org_id=org, project_id=project, agent_id=agent, session_id=session)
        if (path := missing_file(db, settings)) is not None:
            raise StoreError(f"no database at {path}; nothing to forget")
        with Memory(db, settings=settings, org_id=org, project_id=project, user_id=owner,
                    embedder=None, extractor=None) as memory:
            if dry_run:  # the same arguments, to the preview of the same name
                return memory.forget_preview(
                    user_id=owner, agent_id=left_out_if_none(agent), session_id=left_out_if_none(session),
                    fact_id=left_out_if_none(fact), before=NOT_GIVEN if before is None else parse_time(
                        before, "--before"), all_users=all_users, org_id=org, project_id=project,
                    filter=left_out_if_none(filter), kind=kind, episode_id=left_out_if_none(episode),
                    sources=sources), ""
            # an option not given is left out (an empty one was refused above, as the SDK refuses None)
            receipt = memory.forget(user_id=owner, agent_id=left_out_if_none(agent),
                                    session_id=left_out_if_none(session), fact_id=left_out_if_none(fact),
                                    before=NOT_GIVEN if before is None else parse_time(before, "--before"),
                                    all_users=all_users, actor="cli", org_id=org, project_id=project,
                                    background=None if wait else True, filter=left_out_if_none(filter), kind=kind,
                                    episode_id=left_out_if_none(episode), sources=sources)
            if receipt.status == "running" and wait:
                with Progress(TextColumn("forgetting"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                              console=err, disable=as_json) as progress:
                    task = progress.add_task("forget", total=receipt.total_episodes)
                    while not memory.wait_forgotten(timeout=0.5, finish=False):
                        progress.update(task, completed=memory.forget_status(receipt.job_id)[0]["episodes"])
                    memory.wait_forgotten()
                    receipt = memory.forget_status(receipt.job_id)[0]
                    progress.update(task, completed=receipt["episodes"])
            return receipt, (_unknown_user_note(memory, owner, session, agent)
                             if owner is not None and deleted_nothing(receipt, before, filter, fact, episode) else "")
    receipt, unknown = run_command(go)
    if isinstance(receipt, ForgetPreview):
        _print_preview(target, receipt, as_json=as_json)
        return
    if unknown:  # a mistyped user is no error (forget is idempotent), but must not read as done
        err.print(safe(unknown), highlight=False)
    if as_json:  # the note in the body too, as REST's POST /v1/forget gives it
        emit_json({"forgot": target, **receipt.as_dict(), "note": unknown.removeprefix("note: ") or None})
        return
    rows = counted_rows(receipt.counts)
    if receipt.status == "running":
        console.print(safe(f"Forgetting {target}: hidden from every read now; job #{receipt.job_id} deleted "
                            f"{rows or 'nothing yet'} and resumes at the next open or `memstrata maintain`"))
        return
    # soft_wrap on a terminal too: the digest stays one line, to be copied whole (off a terminal the
    # console prints every line whole already).
    console.print(safe(f"Forgot {target}: {rows or 'nothing'}"), soft_wrap=True)
    job = f"job #{receipt.job_id} " if receipt.job_id else ""  # one fact is deleted at once, with no job
    console.print(safe(f"receipt: {job}at {receipt.at:%Y-%m-%d %H:%M:%S} UTC, "
                        f"sha256 of deleted ids {receipt.ids_sha256}"
                        + (f" (nonce {receipt.nonce})" if receipt.nonce else "")), highlight=False, soft_wrap=True)
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


def _print_preview(target: str, preview: ForgetPreview, *, as_json: bool) -> None:
    """``memstrata forget --dry-run``'s output: the counts, then one line per fact that would go (an
    encrypted value is not shown) and the messages when the forget names them."""
    facts = [{"id": f.id, "key": f.key, "value": None if f.encrypted else f.value, "status": f.status}
             for f in preview.facts]
    if as_json:
        emit_json({"would_forget": target, "counts": preview.counts, "facts": facts,
                   "sessions": list(preview.sessions), "episode_ids": list(preview.episode_ids)})
        return
    console.print(safe(f"Would forget {target}: {counted_rows(preview.counts) or 'nothing'} (dry run: nothing was "
                       "deleted)"), soft_wrap=True)
    for f in facts:
        value = "(encrypted)" if f["value"] is None else f["value"]
        console.print(safe(f"  fact #{f['id']} {f['key']} = {value} ({f['status']})"), highlight=False)
    if preview.episode_ids:
        console.print(safe("  messages: " + ", ".join(f"#{e}" for e in preview.episode_ids)), highlight=False)
    if preview.sessions:
        console.print(safe("  sessions: " + ", ".join(preview.sessions)), highlight=False)


def _unknown_user_note(memory: Memory, owner: str, session: str | None, agent: str | None) -> str:
    """A note for a forget of a user (or of its ``--session`` / ``--agent``) that deleted nothing because
    nothing was stored for ``owner`` (a mistyped ``--user``) or in that session or agent, or "" when
    ``owner`` has memories there (``lifecycle.nothing_stored``)."""
    scope = memory.scope
    note = nothing_stored_note(memory, owner, spelled="--{}", session=session, agent=agent,
                               lists=f"`memstrata users --org {scope.org_id} --project {scope.project_id}` lists the "
                                     "users with memories")
    return f"note: {note}" if note else ""


def delete_project(
    project: Annotated[str, typer.Argument(help="The project to delete (named here with its --org; "
                                                "$MEMSTRATA_PROJECT and $MEMSTRATA_ORG are never taken as the "
                                                "target).")],
    db: DbOpt = None, org: OrgOpt = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Delete a whole project: every row of it in every table and index, its idempotency keys, its REST
    API keys revoked; prints the receipt (counts per table, time, SHA-256 of the deleted ids)."""
    run_command(lambda: require_target("memstrata delete-project", PROJECT=project))
    run_command(lambda: require_tenant("memstrata delete-project", what="the whole project",
                                       hint=f"memstrata delete-project {project} --org ORG", **{"--org": org}))
    if not yes:
        if not sys.stdin.isatty():
            refuse(f"refusing to delete project {project} without --yes (not an interactive terminal)", "yes")
        if not typer.confirm(f"Delete project {project} and everything in it?"):
            raise typer.Exit(1)

    def go() -> Any:
        with open_memory(db, org, None, None, model=False) as memory:
            return memory.delete_project(project, org_id=org, actor="cli")
    receipt = run_command(go)
    note = empty_project_note(receipt, org or "", project, fields=("PROJECT", "--org"))
    if note:  # a mistyped project is no error, but must not read as done
        err.print(safe(f"note: {note}"), highlight=False)
    if as_json:
        emit_json({"deleted_project": project, **receipt.as_dict(), "note": note or None})
        return
    rows = counted_rows(receipt.counts)
    console.print(safe(f"Deleted project {project}: {rows or 'nothing'}"), soft_wrap=True)
    console.print(safe(f"receipt: job #{receipt.job_id} at {receipt.at:%Y-%m-%d %H:%M:%S} UTC, sha256 of deleted "
                        f"ids {receipt.ids_sha256} (nonce {receipt.nonce})"), highlight=False, soft_wrap=True)


def rollback(
    event: Annotated[int, typer.Argument(help="An event id from `memstrata history` (supersede, merge, archive).",
                                         min=1)],
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


def update(
    fact: Annotated[int, typer.Argument(help="An active fact's id (`memstrata list`).", min=1)],
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
        if value is None and importance is None and confidence is None:  # the SDK's words (value, ...) are not ours
            raise InvalidInput("memstrata update needs --value, --importance or --confidence; nothing was changed")
        with open_memory(db, org, project, user, model=value is not None) as memory:
            return memory.update(fact, value=value, importance=importance, confidence=confidence, actor="cli")
    f = run_command(go)
    if as_json:
        emit_json(asdict(f))
        return
    note = f" [replaces fact#{fact}]" if f.id != fact else ""
    console.print(safe(f"fact#{f.id} {f.key} = {f.value} [{f.status}]{note}"), highlight=False)


def restore(
    fact: Annotated[int, typer.Argument(help="An archived fact's id.", min=1)],
    db: DbOpt = None, user: UserOpt = None, org: OrgOpt = None, project: ProjectOpt = None,
) -> None:
    """Bring an archived fact back to active."""
    def go() -> Fact:
        with open_memory(db, org, project, user, model=False) as memory:
            return memory.restore(fact, actor="cli")
    f = run_command(go)
    console.print(safe(f"fact#{f.id} {f.key} = {f.value} [{f.status}]"), highlight=False)


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
    lines = [(report.forgets_finished, "interrupted forget job", "finished"),
             (report.expired_episodes, "expired episode", "deleted"), (report.expired_facts, "expired fact", "deleted"),
             (report.archived, "idle fact", "archived"), (report.merged, "near-duplicate fact", "merged"),
             (report.boosted, "often-recalled fact", "boosted")]
    done = [f"{counted(n, what)} {verb}" for n, what, verb in lines if n]
    done += [w for ran, w in ((report.analyzed, "ANALYZE"), (report.vacuumed, "VACUUM")) if ran]
    console.print("maintenance: " + ("; ".join(done) if done else "nothing to do"))
    for note in report.notes:
        console.print(f"  {safe(note)}", highlight=False)
