"""The MCP tools: what each of the ten does with ``Memory``, and the bounded lines it answers.

``register_tools`` adds them to a server (``server.mcp.build_server`` wires it): ``add_memory``,
``update_memory``, ``delete_memory`` (writes) with ``delete_memory_preview`` (what a delete would
take, deleting nothing), ``search_memory``, ``get_context`` (search) and
``get_memory``, ``list_memories``, ``get_history``, ``list_episodes`` (reads). Their arguments' types
and errors are ``server.mcp_arguments``; every answer is short lines with ids that stop before their
JSON exceeds the token budget (``within_budget``).
"""

from __future__ import annotations

import json
from typing import Any, Literal

from mcp.server.mcpserver import MCPServer

from memstrata.arguments import check_timeline
from memstrata.async_memory import AsyncMemory
from memstrata.clock import parse_time, said_in, utcnow
from memstrata.context.folders import absolute_folder
from memstrata.context.render import estimate_tokens, labelled_inline, labels_for, marked_text
from memstrata.errors import InvalidInput
from memstrata.paging import cursor_after
from memstrata.recall.excerpt import excerpt
from memstrata.server.mcp_arguments import MAX_RESULTS, Budget, Limit, Mode, Offset, Score, parse_id
from memstrata.server.models import Kinds
from memstrata.text.visible import neutralise
from memstrata.types import Episode, Fact, Hit, project_of

#: Characters of a memory's text shown in a search or list result (about 50 tokens).
SNIPPET_CHARS = 160
#: Characters of a message's content one ``get_memory`` answer holds (about 1,000 tokens): a
#: message may be 256 KiB; the rest comes with ``offset``.
EPISODE_CHARS = 4_000
#: Sources (episode ids) a fact's full view lists; more are counted, not listed.
MAX_SOURCES = 20
#: Default token budget of one search_memory / list_memories answer.
DEFAULT_BUDGET_TOKENS = 800


def snippet(text: str, limit: int = SNIPPET_CHARS) -> str:
    """``text`` on one line, cut at ``limit`` characters with an ellipsis, its direction controls
    and tag characters shown as ``[U+202E]`` (``text.visible.neutralise``)."""
    flat = neutralise(" ".join(text.split()))
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"



def within_budget(items: list[dict[str, Any]], budget_tokens: int) -> tuple[list[dict[str, Any]], bool]:
    """The leading items whose JSON fits ``budget_tokens``; and whether any was left off."""
    kept: list[dict[str, Any]] = []
    used = 0
    for item in items:
        used += estimate_tokens(json.dumps(item, ensure_ascii=False))
        if used > budget_tokens:
            return kept, True
        kept.append(item)
    return kept, False


def _hit_line(hit: Hit, labels: dict[str, str]) -> dict[str, Any]:
    # The text around what matched (``recall.excerpt``), with statements since withdrawn or replaced
    # labelled inline (``context.render.marked_text``): a current message may carry an outdated sentence.
    # An outdated hit on one sentence shows that sentence: the rest of its message may still hold.
    text = snippet(excerpt(marked_text(hit, labels), " ".join(hit.matched.split()), max_chars=SNIPPET_CHARS - 2))
    # ``date``: the day the speaker said it, in their own UTC offset (``Hit.said_at``), not UTC's day.
    line = {"id": f"{hit.kind}:{hit.id}", "score": round(hit.score, 2), "date": f"{hit.said_at:%Y-%m-%d}",
            "text": text}
    # Whose memory it is (``Hit.speaker`` / ``Hit.subject``): in a group scope "I love hiking" is
    # someone's, and an assistant's "I prefer UPS" is not the user's preference. A fact's subject is
    # null for the user's own, as list_memories, get_memory, REST and the SDK give it.
    # The role only when it is not ``user`` (results stay compact).
    line |= _whose(hit.subject) if hit.kind == "fact" else {"speaker": hit.speaker} | (
        {"role": hit.role} if hit.role != "user" else {})
    # Only when set: an outdated memory (``memstrata.recall.outdated``) is history, not the current answer.
    # One whose outdated pieces are labelled inline is not marked whole, as in the context block and
    # ``recall`` (``labelled_inline``): the model would read the allergy beside a withdrawn diet as outdated.
    # An event whose day is over (``context.block.mark_past``: "dentist (2026-12-03)" on 12-07) is no plan to come.
    line |= {"past": True} if hit.signals.get("past") and not hit.superseded else {}
    return {**line, "superseded": True} if hit.superseded and not labelled_inline(hit) else line


def _fact_full(fact: Fact, offset: int | None = None) -> dict[str, Any]:
    # What a model reads: direction controls and tag characters visible (``text.visible``). ``observed_at``
    # stays the UTC instant; ``said_at`` is the same instant in the offset of the message that stated it
    # (``offset``: ``Memory.said_offsets``), the time the speaker's clock read.
    sources = [f"episode:{c}" for c in fact.citations]
    out = {"id": f"fact:{fact.id}", "key": neutralise(fact.key), "value": neutralise(fact.value),
           "statement": neutralise(fact.statement),
           "status": fact.status, "confidence": fact.confidence, "importance": fact.importance,
           "observed_at": fact.observed_at.isoformat(), "said_at": said_in(fact.observed_at, offset).isoformat(),
           "valid_to": fact.valid_to and fact.valid_to.isoformat(),
           "sources": sources[:MAX_SOURCES]}
    return out | ({"sources_more": len(sources) - MAX_SOURCES} if len(sources) > MAX_SOURCES else {})


def _episode_full(episode: Episode, offset: int = 0) -> dict[str, Any]:
    """An episode whole, its content from ``offset`` for at most ``EPISODE_CHARS`` characters;
    ``next_offset`` says where the rest starts (absent when nothing is left)."""
    content = neutralise(episode.content)
    if offset > len(content):
        raise InvalidInput(f"offset {offset} is past the end of episode:{episode.id} ({len(content)} characters)",
                           field="offset")
    part = content[offset:offset + EPISODE_CHARS]
    out = {"id": f"episode:{episode.id}", "role": episode.role,
           "speaker": episode.producer_id and neutralise(episode.producer_id),
           "content": part, "created_at": episode.created_at.isoformat(), "said_at": episode.said_at.isoformat(),
           "session_id": episode.scope.session_id}
    rest = offset + len(part)
    return out | ({"next_offset": rest, "length": len(content)} if rest < len(content) else {})


def _fact_line(fact: Fact, offset: int | None = None) -> dict[str, Any]:
    # Whose fact it is, as on search_memory's lines (``_hit_line``): in a group scope 小明's
    # `food.dislike = 辣` is not the user's; null means the user's own.
    line = {"id": f"fact:{fact.id}", "text": snippet(f"{fact.key} = {fact.value}"), **_whose(fact.subject)}
    # An event's or plan's own days (``schedule.event = dentist`` alone read as one to come, whenever it was):
    # its first day, and ``past`` once they are over (``context.block.is_past``).
    if fact.valid_from is not None and fact.valid_to is not None:
        line["when"] = f"{said_in(fact.valid_from, offset):%Y-%m-%d}"  # the day in its speaker's calendar
        line |= {"past": True} if fact.valid_to <= utcnow() else {}
    return line


def _whose(subject: str | None) -> dict[str, Any]:
    """Whom a fact is about on a tool's line: ``{"subject": ...}`` (null: the user), or for a project's
    convention (``types.project_of``) ``{"subject": None, "project": "<folder>"}``: a folder is no person."""
    project = project_of(subject)
    return {"subject": subject} if project is None else {"subject": None, "project": project}


def _episode_line(episode: Episode) -> dict[str, Any]:
    line = {"id": f"episode:{episode.id}", "date": f"{episode.said_at:%Y-%m-%d}",
            "text": snippet(episode.content), "session_id": episode.scope.session_id}
    if episode.producer_id:
        line["speaker"] = neutralise(episode.producer_id)
    return line | ({"role": episode.role} if episode.role != "user" else {})


async def _cursor_page(memory: AsyncMemory, kind: str, limit: int, filter: str | None, cursor: str | None,
                       reads: dict[str, str | None], budget_tokens: int) -> dict[str, Any]:
    """One ``Memory.page`` of current facts or of episodes (the cursor format of the SDK, REST
    ``?cursor=`` and CLI ``--cursor``, so a cursor from one door works at another), cut to the
    token budget. When the budget cuts the page, ``next_cursor`` follows the last line shown, so
    the cut lines come on the next page instead of being lost; a page always shows at least one
    line (a snippet is bounded), so paging always moves on."""
    page = await memory.page(kind=kind, limit=min(limit, MAX_RESULTS), cursor=cursor, filter=filter or None,
                             **reads)  # type: ignore[arg-type]
    rows: list[Any] = [r for r in page.items if isinstance(r, Fact if kind == "fact" else Episode)]
    offsets = await memory.said_offsets(rows) if kind == "fact" else {}

    def line(row: Any) -> dict[str, Any]:
        return _fact_line(row, offsets[row.id]) if kind == "fact" else _episode_line(row)
    kept, truncated = within_budget([line(r) for r in rows], budget_tokens)
    if truncated:
        kept = kept or [line(rows[0])]
        return {"results": kept, "truncated": True, "next_cursor": cursor_after(rows[len(kept) - 1])}
    return {"results": kept, "truncated": False, "next_cursor": page.next_cursor}


def _session_scope(scope: dict[str, str | None], mode: str) -> dict[str, str | None]:
    """The scope of a ``short_term`` or ``both`` read: the served session's. A model cannot name a
    session (no tool takes one), so without ``--session`` it is told to use ``long_term``.

    Raises:
        InvalidInput: ``field`` ``mode``, when the server was started without a session.
    """
    if not scope.get("session_id"):
        raise InvalidInput(f"mode {mode!r} reads this server's session, and it was started without one "
                           "(memstrata mcp --session ID): use mode 'long_term'", field="mode")
    return scope


def _register_writes(server: MCPServer[Any], memory: AsyncMemory, scope: dict[str, str | None],
                     reads: dict[str, str | None]) -> None:
    """``add_memory``, ``update_memory``, ``delete_memory``."""

    @server.tool()
    async def add_memory(content: str, role: Literal["user", "assistant"] = "user",
                         speaker: str | None = None) -> dict[str, Any]:
        """Remember one message (what the user said, or a reply worth keeping). Facts stated in it are
        extracted; a changed preference replaces the old one. Returns the episode id and its facts
        (each with `subject`, whom it is about: null for the user, "boss" for "My boss prefers email"; a project's
        convention has `project`, the folder it was said in)."""
        result = await memory.add(content, role=role, speaker=speaker, **scope)  # type: ignore[arg-type]
        return {"id": f"episode:{result.episode_id}", "stored": result.created,
                # whom each fact is about (null: the user): "My boss prefers email" is the boss's
                "facts": [{"id": f"fact:{c.fact.id}", "key": c.fact.key, "value": c.fact.value,
                           **_whose(c.fact.subject), "action": c.action} for c in result.facts]}

    @server.tool()
    async def update_memory(id: str, value: str | None = None, importance: Score | None = None) -> dict[str, Any]:
        """Correct a fact ('fact:12'): a new `value` supersedes the old one (kept as history);
        `importance` (0 to 1) changes in place. Returns the fact as stored now."""
        kind, number = parse_id(id)
        if kind != "fact":
            raise InvalidInput(f"it changes facts; {id} is a message, which is never rewritten "
                               "(delete_memory it, or add_memory what is true now)")
        if value is None and importance is None:  # the SDK's words named confidence, which no tool takes
            raise InvalidInput("nothing to update: give value (the fact's new value) or importance (0 to 1)")
        fact = await memory.update(number, value=value, importance=importance, actor="mcp",
                                   **reads)  # type: ignore[arg-type]
        return _fact_full(fact, (await memory.said_offsets([fact]))[fact.id])

    @server.tool()
    async def delete_memory(id: str) -> dict[str, Any]:
        """Delete a fact ('fact:12') or a message ('episode:3', with the facts only it supports).
        Deleting a fact keeps the messages that stated it: the answer's `note` names them."""
        kind, number = parse_id(id)
        if kind == "episode":
            gone = await memory.delete(episode_id=number, actor="mcp", **reads)  # type: ignore[arg-type]
            if not gone["facts"]:
                return {"deleted": f"episode:{number}"}
            # say the facts only it stated went too: a model that listed them must not cite them again
            return {"deleted": f"episode:{number}", "facts_deleted": gone["facts"],
                    "note": f"{gone['facts']} fact{'s' if gone['facts'] > 1 else ''} only this message stated "
                            f"{'were' if gone['facts'] > 1 else 'was'} deleted with it"}
        receipt = await memory.delete(number, actor="mcp", **reads)  # type: ignore[arg-type]
        out: dict[str, Any] = {"deleted": f"fact:{number}"}
        # the value it had replaced stays superseded: say so, and how back
        notes = [r.note(number, f"rolling back event #{r.event_id} (memstrata rollback {r.event_id})")
                 for r in receipt.replaced]
        kept = receipt.sources_note("delete_memory " + " and ".join(f"'episode:{e}'" for e in receipt.sources_kept)
                                    + " forgets what was said")
        if notes or kept:
            out["note"] = "; ".join([*notes, *([kept] if kept else [])])
        if receipt.sources_kept:
            out["sources_kept"] = [f"episode:{e}" for e in receipt.sources_kept]
        return out

    @server.tool()
    async def delete_memory_preview(id: str) -> dict[str, Any]:
        """What delete_memory(id) would delete now, deleting nothing: the facts (a message takes those
        only it stated), messages and counts; a fact's messages stay (`sources_kept`). Show it before
        the user confirms a delete."""
        kind, number = parse_id(id)
        if kind == "episode":
            preview = await memory.delete_preview(episode_id=number, **reads)  # type: ignore[arg-type]
        else:
            preview = await memory.delete_preview(number, **reads)  # type: ignore[arg-type]
        out: dict[str, Any] = {
            "would_delete": f"{kind}:{number}", "counts": dict(preview.counts),
            # an encrypted value is not shown, as on the CLI's --dry-run
            "facts": [{"id": f"fact:{f.id}", "key": neutralise(f.key), "value": None if f.encrypted else
                       neutralise(f.value), "status": f.status, **_whose(f.subject)} for f in preview.facts],
            "episodes": [f"episode:{e}" for e in preview.episode_ids]}
        kept = [c for f in preview.facts if f.id == number and kind == "fact" for c in f.citations]
        return out | ({"sources_kept": [f"episode:{e}" for e in kept]} if kept else {})


def _register_search(server: MCPServer[Any], memory: AsyncMemory, scope: dict[str, str | None],
                     reads: dict[str, str | None], budget_tokens: int, folder: str | None) -> None:
    """``search_memory``, ``get_context``."""

    @server.tool()
    async def search_memory(query: str, limit: Limit = 8, filter: str | None = None, min_match: Score = 0.0,
                            as_of: str | None = None, mode: Mode = "long_term") -> dict[str, Any]:
        """Search the user's memory: best matches first, short snippets with ids (get_memory(id) gives
        one whole); a fact's `subject` is whom it is about (null: the user), an episode's `speaker` who
        said it. `filter` e.g. `tag IN ("food", "travel")`, `value = "peanuts"`, `subject = "Bob"`,
        `created_at >= "2026-01-01"` (fields: kind key tag value subject status confidence importance
        created_at session_id role metadata.<name>). `min_match` 0.55 drops weak matches. `as_of` (ISO
        8601): what was believed then. `mode` short_term / both: the session's recent messages."""
        when = None if as_of is None else parse_time(as_of, "as_of")
        where = reads if mode == "long_term" else _session_scope(scope, mode)
        hits = await memory.search(query, limit=min(limit, MAX_RESULTS), filter=filter or None,
                                   min_match=min_match, as_of=when, mode=mode, **where)  # type: ignore[arg-type]
        kept, truncated = within_budget([_hit_line(h, labels_for(query)) for h in hits], budget_tokens)
        return {"results": kept, "truncated": truncated}

    @server.tool()
    async def get_context(query: str, budget_tokens: Budget = 500, limit: Limit = 20,
                          kinds: Kinds | None = None, min_score: Score = 0.0,
                          filter: str | None = None, as_of: str | None = None, mode: Mode = "long_term",
                          profile: bool = True, min_match: Score = 0.0,
                          project_folder: str | None = None) -> dict[str, Any]:
        """A cited Markdown block of what is known that bears on `query` (the user's message) for
        your prompt, outdated lines labelled. When nothing matches, or for a general question ("what
        do you know about me?"), the user's current facts (`profile: false`: none). Arguments as
        search_memory, plus `budget_tokens` (bound of the block), `kinds`, `min_score`, and
        `project_folder`: the absolute path of the folder you work in, whose project conventions are shown and
        no other folder's (default: the server's, else every folder's, each named).
        Returns {"context": block}; "" when there is nothing to show."""
        when = None if as_of is None else parse_time(as_of, "as_of")
        where = reads if mode == "long_term" else _session_scope(scope, mode)
        block = await memory.context(query, budget_tokens=budget_tokens, limit=limit,
                                     kinds=tuple(kinds) if kinds is not None else ("fact", "episode"),
                                     min_score=min_score, min_match=min_match, filter=filter or None,
                                     as_of=when, mode=mode, project_folder=_folder(project_folder, folder),
                                     profile=profile, **where)
        return {"context": block}


def _folder(given: str | None, default: str | None) -> str | None:
    """The folder ``get_context`` reads for (``given`` by the model, else the server's ``default``). A relative
    path names no folder a convention is said in (the hooks store the absolute ``cwd``) and is refused, as a blank
    one is (``Memory.context``), naming ``project_folder``."""
    return default if given is None else absolute_folder(given)


def _register_reads(server: MCPServer[Any], memory: AsyncMemory, reads: dict[str, str | None],
                    budget_tokens: int) -> None:
    """``get_memory``, ``list_memories``, ``get_history``, ``list_episodes``."""

    @server.tool()
    async def get_memory(id: str, offset: Offset = 0) -> dict[str, Any]:
        """The full item behind an id ('fact:12' or 'episode:3'). A long message comes in parts:
        call again with `offset` = the answer's `next_offset`."""
        kind, number = parse_id(id)
        if kind == "fact":
            if offset:
                raise InvalidInput("offset reads a long message in parts; a fact comes whole", field="offset")
            fact = await memory.get(number, **reads)  # type: ignore[arg-type]
            assert isinstance(fact, Fact)  # a fact id reads a fact
            return _fact_full(fact, (await memory.said_offsets([fact]))[fact.id])
        episode = await memory.get(episode_id=number, **reads)  # type: ignore[arg-type]
        return _episode_full(episode, offset)  # type: ignore[arg-type]

    @server.tool()
    async def list_memories(limit: Limit = 20, filter: str | None = None,
                            cursor: str | None = None) -> dict[str, Any]:
        """The user's current facts, newest first, short lines with ids and `subject` (whom the fact is
        about; null: the user; `project`: the folder a project's convention holds in).
        `filter` as search_memory, e.g. `tag = "food"`. Next page: pass the answer's `next_cursor`
        (null after the last)."""
        # Every call is a cursor page, the first one too: without a cursor a list cut by `limit` or the
        # budget said `truncated: false` (limit) and gave no way on, so a model read 20 of 30 facts as all.
        return await _cursor_page(memory, "fact", limit, filter, cursor, reads, budget_tokens)

    @server.tool()
    async def get_history(key: str, subject: str | None = None) -> dict[str, Any]:
        """Every value a fact key held (e.g. 'identity.employer'), oldest first: the user's own timeline,
        then each other person's (`subject`). `subject` keeps one: 'user' (the user's own) or e.g. 'wife'."""
        check_timeline(key, subject, "list_memories")  # in this tool's words, not history()'s
        timeline = await memory.history(key=key, subject=subject, **reads)  # type: ignore[arg-type]
        offsets = await memory.said_offsets(f for f, _ in timeline)  # each value's days in its speaker's calendar
        lines = [{**_fact_line(f, offsets[f.id]), "status": f.status,
                  "from": f"{said_in(f.valid_from or f.observed_at, offsets[f.id]):%Y-%m-%d}",
                  "until": f"{said_in(f.valid_to, offsets[f.id]):%Y-%m-%d}" if f.valid_to else None}
                 for f, _ in timeline]
        kept, truncated = within_budget(lines, budget_tokens)
        return {"timeline": kept, "truncated": truncated}

    @server.tool()
    async def list_episodes(limit: Limit = 20, filter: str | None = None,
                            cursor: str | None = None) -> dict[str, Any]:
        """The stored messages, newest first, short lines with ids, date and session. `filter` e.g.
        `session_id = "chat-1"` or `role = "assistant"`. Next page: pass the answer's `next_cursor`
        (null after the last)."""
        return await _cursor_page(memory, "episode", limit, filter, cursor, reads, budget_tokens)



def register_tools(server: MCPServer[Any], memory: AsyncMemory, scope: dict[str, str | None],
                   reads: dict[str, str | None], budget_tokens: int, folder: str | None) -> None:
    """Add the ten tools to ``server``, acting on ``memory``: writes go to ``scope`` (its session
    included), reads cover ``reads``; ``budget_tokens`` bounds each search and list answer, ``folder``
    is ``get_context``'s project folder when the model names none (``build_server``)."""
    _register_writes(server, memory, scope, reads)
    _register_search(server, memory, scope, reads, budget_tokens, folder)
    _register_reads(server, memory, reads, budget_tokens)
