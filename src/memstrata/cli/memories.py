"""The memory commands: ``remember``, ``recall``, ``context``, ``list`` and ``history``.

Registered on the typer application by ``cli.commands``. Human output uses rich (``--json``
prints machine-readable JSON instead); each command opens ``Memory`` through
``cli.session.open_memory`` and reports errors as one line through ``run_command``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import asdict
from typing import Annotated, Any, BinaryIO

import typer
from rich.table import Table

from memstrata.arguments import MAX_LIMIT, check_key, check_kinds, check_limit, check_statuses
from memstrata.cli.options import (
    AgentOpt,
    DbOpt,
    FilterOpt,
    JsonOpt,
    OrgOpt,
    ProjectFolderOpt,
    ProjectOpt,
    SessionOpt,
    UserOpt,
    project_folder,
)
from memstrata.cli.session import (
    console,
    emit_json,
    err,
    open_memory,
    removed_unless_stored,
    run_command,
    safe,
    shown_errors,
)
from memstrata.clock import parse_said_at, parse_time, said_in, shown
from memstrata.context.attribution import about_someone_else, attribution, several_users
from memstrata.context.block import check_arguments as check_block_arguments
from memstrata.context.render import labelled_inline, labels_for, marked_text
from memstrata.errors import Conflict, InvalidInput
from memstrata.memory import Memory
from memstrata.recall.excerpt import excerpt
from memstrata.recall.query import check_search, parse_filter
from memstrata.text.counts import counted
from memstrata.types import Fact, Hit
from memstrata.write.ingest import AddResult


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
    return f"{shown} (+{counted(len(text) - limit, 'character')}; --json shows more, `memstrata export` all)"


#: What ``remember -`` prints (stderr) before reading a terminal: it waits for the message's end.
TERMINAL_PROMPT = ("reading the message from standard input: type it, then press Ctrl-D on a line of its own "
                   "(Ctrl-Z, Enter on Windows)")


def read_message(stream: BinaryIO) -> str:
    """The message of ``memstrata remember -``: ``stream`` read to its end and decoded as UTF-8.
    A terminal waits for the user to end the text, so it first says so on stderr (it waited in
    silence, looking hung).

    Raises:
        InvalidInput: the bytes are not UTF-8 (naming the byte, counted from 1; ``field`` ``text``).
    """
    if stream.isatty():
        err.print(TERMINAL_PROMPT, markup=False, highlight=False)
    raw = stream.read()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInput(f"standard input is not UTF-8: byte {exc.start + 1} is {raw[exc.start]:#04x}; "
                           "convert it first, e.g. `iconv -f GBK -t UTF-8`", field="text") from None


def remember(
    text: Annotated[str, typer.Argument(help="What to remember (one message); '-' reads it from standard input.")],
    db: DbOpt = None, user: UserOpt = None, agent: AgentOpt = None, session: SessionOpt = None,
    org: OrgOpt = None, project: ProjectOpt = None,
    role: Annotated[str, typer.Option(help="user | assistant | system | tool")] = "user",
    speaker: Annotated[str | None, typer.Option(help="Who said it.")] = None,
    at: Annotated[str | None, typer.Option(help="When it was said (ISO 8601; default now). Its offset is the "
                                                "speaker's: 'tomorrow' is read in their calendar; none: UTC.")] = None,
    ttl: Annotated[float | None, typer.Option(help="Seconds after which the message and the facts drawn "
                                             "from it leave every read (default: the configured TTL, "
                                             "else none).")] = None,
    idempotency_key: Annotated[str | None, typer.Option(
        help="A key made once per message (e.g. a UUID): running the command again with it (a retry) "
             "stores nothing new and prints the first result.")] = None,
    skip_forgotten: Annotated[bool, typer.Option(
        "--skip-forgotten/--no-skip-forgotten",
        help="Leave the message out when it was forgotten here (the same --at, role, speaker and text as a "
             "forgotten message: a log replayed; exit 1, error[conflict]); --no-skip-forgotten stores it "
             "again on purpose.")] = True,
    as_json: JsonOpt = False,
) -> None:
    """Store a message; print the facts it gave (created, superseded, already known)."""
    if text == "-":  # long text does not fit on a command line
        with shown_errors():
            text = read_message(sys.stdin.buffer)

    def go() -> AddResult:
        # a refused message (one transaction: nothing stored) leaves no new, empty database file
        with removed_unless_stored(db), open_memory(db, org, project, user, create=True, agent_id=agent,
                                               session_id=session) as memory:
            return memory.add(text, role=role, speaker=speaker, ttl=ttl,
                              created_at=parse_said_at(at, "--at") if at is not None else None, wait=True,
                              idempotency_key=idempotency_key, skip_forgotten=skip_forgotten)
    result = run_command(go)
    if as_json:
        emit_json(asdict(result))
    if result.forgotten and result.replayed:  # its key's request stored it, and it was forgotten since
        with shown_errors():
            raise Conflict("not stored: this --idempotency-key's request was stored, and its message forgotten "
                           "since; nothing forgotten comes back (a new key says it anew)")
    if result.forgotten:  # a script must see that nothing was stored, as an import that stored nothing exits 1
        with shown_errors():
            raise Conflict("not stored: this message (its --at, role, speaker and text) was forgotten here, and "
                           "nothing forgotten comes back; leave out --at to say it anew, or --no-skip-forgotten "
                           "to store it again on purpose")
    if as_json:
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
    elif result.withheld:  # nothing redacted, yet a fact withheld: a contact detail with no key to encrypt it
        n = result.withheld
        console.print(f"note: {n} fact{'s' if n > 1 else ''} not stored: contact details (e-mail, phone, postal "
                      "address) are kept only encrypted; set MEMSTRATA_ENCRYPTION_KEY to keep them (docs/privacy.md)",
                      markup=False, highlight=False)
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
                note = f" [{lab['superseded']} {replaced_values(f, change.previous)}]"
            whose = f"{f.subject}: " if f.subject and f.subject != speaker else ""  # a relative's, never the user's
            console.print(safe(f"- {whose}{f.key} = {f.value}{conf}{note}"), highlight=False)


def replaced_values(fact: Fact, previous: Sequence[Fact]) -> str:
    """What ``fact`` replaced, for its ``[replaces ...]`` label: a value under the same key and
    subject by its value alone ("shipping.carrier = UPS [replaces FedEx]"), one under another key
    or subject with them ("preference.dislike = coffee [replaces drink.like = coffee]": "replaces
    coffee" read as if the value had not changed), as the line of the new fact names them."""
    def named(p: Fact) -> str:
        if p.key == fact.key and p.subject == fact.subject:
            return p.value
        return f"{p.subject + ': ' if p.subject and p.subject != fact.subject else ''}{p.key} = {p.value}"
    return ", ".join(named(p) for p in previous)


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
        note = f" [{change.action}" + (": was " + replaced_values(f, change.previous) if change.previous
                                       else "") + "]"
        console.print(safe(f"- {f.key} = {f.value} (cites {cites}){note}"), highlight=False)


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
    min_match: Annotated[float, typer.Option("--min-match", help="Drop hits whose query-match evidence is below "
                                             "this (0-1; 0.55 drops most noise).")] = 0.0,
    mode: Annotated[str, typer.Option(help="long_term | short_term | both (the last two need --session).")]
    = "long_term",
    agent_mode: Annotated[str | None, typer.Option(
        "--agent-mode", help="Retrieval agent: direct | split | chain | router (LLM ones need MEMSTRATA_LLM_*).")]
    = None,
    as_of: Annotated[str | None, typer.Option("--as-of", help="What was believed at this time (ISO 8601), "
                                              "as context --as-of.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Ranked, cited memories for a question."""
    trace: dict[str, Any] = {}

    def go() -> list[Hit]:
        kinds = (kind,) if kind is not None else ("fact", "episode")
        # before the store: bad input is named the same whether or not the file exists yet
        # the query as searched (a long dialogue cut to its latest turns once, here): passed on as it is
        read = check_search(query, limit=limit, kinds=kinds, expand_context=context, status=status, min_score=0.0,
                            min_match=min_match, filter=where, mode=mode).query
        with open_memory(db, org, project, user, agent_id=agent, session_id=session) as memory:
            when = parse_time(as_of, "--as-of") if as_of is not None else None
            if agent_mode is None:
                found = memory.search(read, limit=limit, expand_context=context, kinds=kinds, filter=where,
                                      mode=mode, status=status, min_match=min_match, as_of=when)
                if not found and not memory.list(kind="episode", limit=1):
                    trace["empty_scope"] = memory.scope.describe()
                return found
            if when is not None:
                raise InvalidInput("--as-of reads a plain recall; the retrieval agents (--agent-mode) read now")
            if status is not None:
                raise InvalidInput("--status ranks facts of those statuses in a plain recall; the retrieval agents "
                                   "(--agent-mode) rank active facts only")
            if min_match:
                raise InvalidInput("--min-match filters a plain recall; the retrieval agents (--agent-mode) "
                                   "keep every hit they rank")
            result = memory.agent_search(read, agent_mode=agent_mode, limit=limit, kinds=kinds, mode=mode)
            trace.update({k: v for k, v in asdict(result).items() if k != "hits"})
            return result.hits
    hits = run_command(go)
    if empty := trace.pop("empty_scope", None):
        # "No memories found." read as "nothing matched" when the search read a scope that holds nothing at all
        # (no --user: the default user), while the memories are another user's
        err.print(f"note: {empty} holds no memories; `memstrata users` lists the users with memories, "
                  "--user NAME searches another", highlight=False, markup=False)
    if as_json:
        hits_json = [_hit_json(h) for h in hits]
        emit_json({"hits": hits_json, "agent": trace} if trace else hits_json)
        return
    if trace:
        err.print(safe(f"agent {trace['agent']}{' (routed)' if trace['routed_by'] else ''}: "
                        f"queries {trace['queries']}, {counted(trace['llm_calls'], 'LLM call')}, "
                        f"{counted(trace['prompt_tokens'] + trace['completion_tokens'], 'token')}, "
                        f"{trace['elapsed_ms']:.0f} ms"),
                  highlight=False)
    lab = labels_for(query)
    zh = lab is not labels_for("English")
    if not hits:
        console.print(lab["no_hits"])
    named = several_users(hits)
    for hit in hits:
        cites = ",".join(f"episode#{c}" for c in hit.citations[:3])
        source = f"{'，' if zh else ', '}{lab['source']} {cites}" if cites else ""  # none: set by update
        where = f"（{hit.said_at:%Y-%m-%d}{source}）" if zh else f" ({hit.said_at:%Y-%m-%d}{source})"
        console.print(f"[bold]\\[{hit.score:.2f}][/] {safe(recall_text(hit, lab, named))}"
                      f"[dim]{safe(where)}[/]",
                      highlight=False)
        for ctx in hit.context:
            line = f"{ctx.speaker or ''}: {_clip(ctx.text)}"
            console.print(f"      [dim]{safe(line)}[/]", highlight=False)


def recall_text(hit: Hit, labels: dict[str, str], named: bool) -> str:
    """What ``recall`` prints of ``hit`` between its score and its date: ``[outdated]`` when it is outdated
    as a whole, ``fact#ID`` for a fact, whose memory it is when not the user's own (``attribution``;
    ``named``: several users' memories are shown), then its text clipped, its outdated pieces labelled
    inline (``marked_text``). An outdated hit whose pieces are labelled inline is not labelled whole too
    (``labelled_inline``), as in the context block: "[outdated] [outdated: I'm vegetarian], and I'm
    allergic to shellfish" read as if the allergy were outdated as well."""
    zh = labels is not labels_for("English")
    whole = hit.superseded and not labelled_inline(hit)
    past = not whole and bool(hit.signals.get("past"))  # an event whose day is over (``context.block.mark_past``)
    label = ((f"[{labels['outdated']}] " if whole else f"[{labels['past_event']}] " if past else "")
             + (f"fact#{hit.id} " if hit.kind == "fact" else "")
             + attribution(hit, chinese=zh, name_user=named))  # whose memory, when not the user's own
    # As in the context block (``render``): an outdated hit on one sentence shows that sentence
    # (the rest of its message may still hold), a current one labels its outdated pieces inline.
    return label + _clip(marked_text(hit, labels), matched=hit.matched)


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
    folder: ProjectFolderOpt = None,
) -> None:
    """The cited Markdown block for a system prompt (the SDK's context()), printed as is."""
    def go() -> str:
        kinds = (kind,) if kind is not None else ("fact", "episode")
        check_kinds(kinds)  # before the store, in context()'s order: as with a file that exists
        where_said = project_folder(folder)
        check_block_arguments(budget_tokens, profile, where_said)
        read = check_search(query, limit=20, kinds=kinds, expand_context=0, status=None, min_score=min_score,
                            min_match=min_match, filter=where, mode=mode).query  # cut once, as in recall
        with open_memory(db, org, project, user, agent_id=agent, session_id=session) as memory:
            return memory.context(read, budget_tokens=budget_tokens, filter=where, profile=profile,
                                  kinds=kinds, min_score=min_score, min_match=min_match,
                                  as_of=parse_time(as_of, "--as-of") if as_of is not None else None,
                                  mode=mode, project_folder=where_said)
    block = run_command(go)
    sys.stdout.write(block)


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

    def go() -> tuple[list[Any], str | None, dict[int, int | None]]:
        what = chosen()
        check_limit(limit, None if cursor is None else MAX_LIMIT)  # before the store, as list() and page() check
        check_statuses(status)
        check_key(key)
        parse_filter(where)
        with open_memory(db, org, project, user, model=False, agent_id=agent) as memory:
            if cursor is not None:
                page = memory.page(kind=what, status=status, key=key, limit=limit, cursor=cursor, filter=where)
                following.append(page.next_cursor)
                return list(page.items), memory.scope.user_id, fact_offsets(memory, page.items)
            found = memory.list(kind=what, status=status, key=key, limit=limit, filter=where)
            return found, memory.scope.user_id, fact_offsets(memory, found)
    rows, owner, offsets = run_command(go)
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
            table.add_row(str(e.id), shown(e.created_at, e.utc_offset_minutes), safe(e.scope.session_id or ""),
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
                          f"{said_in(f.observed_at, offsets.get(f.id)):%Y-%m-%d}", ",".join(map(str, f.citations[:5])))
    console.print(table)


def fact_offsets(memory: Memory, rows: Sequence[object]) -> dict[int, int | None]:
    """Each fact's offset among ``rows`` (``Memory.said_offsets``), so its day is the speaker's, as its message's is."""
    return memory.said_offsets(f for f in rows if isinstance(f, Fact))


def users_cmd(db: DbOpt = None, org: OrgOpt = None, project: ProjectOpt = None, as_json: JsonOpt = False) -> None:
    """The users with memories in a tenant (org/project), with their episode and active fact counts."""
    def go() -> tuple[list[Any], str]:
        with open_memory(db, org, project, None, model=False) as memory:
            return memory.users(), f"{memory.scope.org_id}/{memory.scope.project_id}"
    rows, tenant = run_command(go)
    if as_json:
        emit_json([asdict(r) for r in rows])
        return
    if not rows:
        console.print(safe(f"no user has memories in {tenant}"), highlight=False)
        return
    table = Table(show_lines=False)
    for col in ("user", "episodes", "active facts"):
        table.add_column(col)
    for r in rows:
        table.add_row(safe(r.user_id), str(r.episodes), str(r.facts))
    console.print(table)


def history(
    fact_id: Annotated[int | None, typer.Argument(help="A fact id (from list or recall).", min=1)] = None,
    key: Annotated[str | None, typer.Option(help="Or a key, e.g. shipping.carrier.")] = None,
    subject: Annotated[str | None, typer.Option(
        help="With --key: one subject's timeline: 'user' (or the user id) for the user's own, a person such as "
             "'wife'. Default: every subject's, the user's own first.")] = None,
    db: DbOpt = None, user: UserOpt = None, org: OrgOpt = None, project: ProjectOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """A fact's timeline: every value it had under its key, with audit events."""
    def go() -> tuple[list[tuple[Fact, list[Any]]], str | None, dict[int, int | None]]:
        if fact_id is None and key is None:  # the SDK's words (fact_id=, key=) are not this command's
            raise InvalidInput("memstrata history needs a FACT_ID (from list or recall) or --key KEY, e.g. "
                               "--key shipping.carrier; `memstrata list` shows both")
        if key is not None and not key.strip():  # an unset "$KEY": no key, not a key with nothing under it
            raise InvalidInput(f"memstrata history: --key is empty ({key!r}); give a key, e.g. --key shipping.carrier; "
                               "`memstrata list` shows them", field="key")
        if subject is not None and not subject.strip():  # an unset "$WHO": not a subject with nothing stored
            raise InvalidInput(f"memstrata history: --subject is empty ({subject!r}); give --subject user for the "
                               "user's own timeline, a person such as --subject wife, or leave it out for every one",
                               field="subject")
        if key is not None and fact_id is not None:
            raise InvalidInput("memstrata history: give a FACT_ID or --key, not both: a fact id names one fact, whose "
                               "key is its own", field="key")
        if subject is not None and fact_id is not None:  # the SDK's words (fact_id, key=) are not this command's
            raise InvalidInput("memstrata history: --subject picks among the values of a --key; a FACT_ID names one "
                               "fact, whose subject is its own", field="subject")
        with open_memory(db, org, project, user, model=False) as memory:
            found = memory.history(fact_id, key=key, subject=subject)
            return found, memory.scope.user_id, fact_offsets(memory, [f for f, _ in found])
    timeline, owner, offsets = run_command(go)
    if as_json:
        emit_json([{"fact": asdict(f), "events": [asdict(e) for e in ev]} for f, ev in timeline])
        return
    if not timeline:  # a key nothing is stored under: an empty history, as `list --key` says
        about = f" about {subject}" if subject is not None else ""
        console.print(safe(f"no facts for user {owner} under key {key}{about} (`memstrata list` shows the keys "
                           "stored)"), highlight=False)
        return
    for fact, events in timeline:
        # The times of the value in the offset of the message that stated it (a plan's day from its midnight).
        offset = offsets.get(fact.id)
        until = f" → {shown(fact.valid_to, offset)}" if fact.valid_to else ""
        # A project's convention names its folder: a key's history holds every project's values, each its own.
        where = f" in {fact.project}" if fact.project is not None else ""
        # Another person's value names them, as `list` does: a wife's employer is not the user's next job.
        whose = f"{fact.subject}: " if fact.project is None and about_someone_else(fact) else ""
        console.print(f"[bold]fact#{fact.id}[/] " + safe(
            f"{whose}{fact.key} = {fact.value}{where} [{fact.status}] "
            f"{shown(fact.valid_from or fact.observed_at, offset)}{until}"),
            highlight=False)
        dated = next((e.detail["changed_before_stated"] for e in reversed(events)
                      if e.action == "supersede" and isinstance(e.detail.get("changed_before_stated"), str)), None)
        if dated is not None:  # a span that ends where it began (or before) says why
            console.print(safe(f"   replaced by a change dated {dated[:10]}, before this value was stated: it ends "
                               "when the change was said"), highlight=False)
        for ev in events:
            console.print(safe(f"   #{ev.id} {ev.at:%Y-%m-%d %H:%M:%S} {ev.action:<10} {ev.actor} "
                                 f"{json.dumps(ev.detail, ensure_ascii=False)}"), highlight=False)
