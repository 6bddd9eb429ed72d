"""``Memory``'s reads: ranked search (``recall``), the context block (``context``), one memory by id,
listings and stable pages, a fact's timeline, counts and the session's short-term memory.

Each method checks its arguments and the scope, then calls the wing that does the work
(``recall.query`` and ``recall.lookup``, ``context.block``, ``facts.history``).
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Unpack

from memstrata.arguments import KEY_WANTED, MAX_LIMIT, check_id, check_kinds, check_limit, check_offset, cut, shown
from memstrata.clock import utcnow
from memstrata.context.block import PROFILE_FACTS, in_folder, mark_past, of_folder, profile_filter, profile_hits
from memstrata.context.block import build as build_context
from memstrata.context.block import check_arguments as check_block_arguments
from memstrata.context.folders import nearest
from memstrata.context.instructions import MAX_INSTRUCTIONS, instruction_filter
from memstrata.context.render import in_users_script
from memstrata.errors import InvalidInput
from memstrata.facts.history import fact_history
from memstrata.filter import Expr
from memstrata.memory.base import MemoryBase, ScopeArgs
from memstrata.paging import Page
from memstrata.recall.excerpt import clip_hit
from memstrata.recall.hits import fact_ids, said_offset, with_said_offsets
from memstrata.recall.lookup import KINDS, list_rows, page_rows, read_one, run_search, which_id
from memstrata.recall.outdated import fact_retired
from memstrata.recall.query import build_query, check_search, parse_filter, searched_query
from memstrata.recall.search import Query
from memstrata.semantic.stm import ShortTerm, search_modes
from memstrata.types import Episode, Fact, Hit, MemoryEvent, Scope

if TYPE_CHECKING:
    from memstrata.semantic.stm import ShortTermMemory


class RecallMethods(MemoryBase):
    """Reading memories: ``search``, ``context``, ``get``, ``list``, ``page``, ``history``, ``counts``,
    ``short_term``."""

    def search(self, query: str, *, limit: int = 10, kinds: Sequence[str] = ("fact", "episode"),
               expand_context: int = 0, include_superseded: bool = False, min_score: float = 0.0,
               now: datetime | None = None, filter: str | Expr | None = None,
               include_archived: bool = False, as_of: datetime | None = None, mode: str = "long_term",
               min_match: float = 0.0, status: str | Sequence[str] | None = None,
               **scope: Unpack[ScopeArgs]) -> list[Hit]:
        """Ranked memories for ``query`` in the scope, best first (score in [0, 1]).

        Args:
            limit: at most this many hits (1–1000).
            kinds: ``fact`` and/or ``episode``.
            expand_context: neighbouring segments (same session) to attach to episode hits.
            include_superseded: also rank superseded and archived facts.
            min_score: drop hits scoring below this (0–1); with the default weights a hit
                whose text neither shares terms with the query nor is close in meaning
                scores below ~0.5. A soft filter: noise can score like a match (see ``min_match``).
            now: the time recency and expiry are measured from (default now).
            filter: a filter expression (``memstrata.filter``), e.g. ``tag IN ("flight", "hotel")``,
                applied inside every candidate query together with the scope; it can narrow
                the scope, never widen it. Facts are still limited to active ones unless
                ``include_superseded``.
            include_archived: also rank archived facts (cap, idle archive).
            as_of: "what did we believe then": facts recorded by ``as_of`` and not yet retired
                (superseded or merged) at ``as_of``, any status now; episodes said by then.
            mode: ``long_term`` (default), ``short_term`` (the session's recent episodes only) or
                ``both`` (those and long-term memory of the whole owner, an episode in short-term
                memory never repeated); the last two need a ``session_id``.
            min_match: drop hits whose query-match evidence is below this (0–1): ``signals["match"]``,
                the larger of the share of the query's terms the memory holds and its rescaled
                cosine (or 1 for a memory said in a period the query names; ``recall.evidence.evidence``).
                ``recall.evidence.MATCH_EVIDENCE`` (0.55) keeps real matches and drops most noise, e.g. the
                weak hits every memory gets for "hi". Ranking is unchanged; only the cut differs.
            status: the fact statuses to rank, as ``list`` takes them (``active``, ``superseded``,
                ``archived``, ``all`` or a list: ``arguments.check_statuses``); instead of
                ``include_superseded`` / ``include_archived``. Default: those flags decide.

        Raises:
            InvalidFilter: the filter does not parse or names an unknown field (with its position).
            InvalidInput: empty, non-string or over-long (``MAX_QUERY_CHARS``; a longer dialogue is read
                from its latest turns that fit: ``recall.query.searched_query``) query, bad limit/kinds/
                status, ``status`` with an ``include_*`` flag, or bad scope identifiers.
        """
        checked = check_search(query, limit=limit, kinds=kinds, expand_context=expand_context, status=status,
                               min_score=min_score, min_match=min_match, filter=filter, mode=mode,
                               include_superseded=include_superseded, include_archived=include_archived,
                               as_of=as_of, now=now, scope=lambda: self._scope(**scope))
        q = build_query(checked.query, checked, limit=limit, expand_context=expand_context, min_score=min_score,
                        min_match=min_match)
        when = utcnow() if checked.now is None else checked.now

        def run(q: Query) -> builtins.list[Hit]:
            return run_search(self.store, self.embedder, self.settings, q, now=when,
                              model_failed=self._disable_embedder)
        hits = run(q) if mode == "long_term" else search_modes(self.short_term(**scope), q, mode, run)
        self.store.record_access(fact_ids(hits), utcnow())
        mark_past(hits, when, checked.as_of)  # "dentist (2026-12-03)" read on 12-07 is over: signals["past"]
        return [clip_hit(hit) for hit in hits]  # an episode hit carries a window, not 256 KiB

    def context(self, query: str, *, budget_tokens: int = 500, limit: int = 20,
                kinds: Sequence[str] = ("fact", "episode"), min_score: float = 0.0,
                filter: str | Expr | None = None, as_of: datetime | None = None, mode: str = "long_term",
                profile: bool = True, min_match: float = 0.0, project_folder: str | None = None,
                **scope: Unpack[ScopeArgs]) -> str:
        """A cited Markdown block for a system prompt, never longer than ``budget_tokens``
        (estimated by ``context.render.estimate_tokens``).

        ``limit``, ``kinds``, ``min_score``, ``min_match``, ``filter``, ``as_of`` and ``mode`` choose the hits
        as in ``search`` (e.g. ``filter='tag = "health"'`` for an allergies-only block).

        When no hit really matches the query (judged from each hit's query-match evidence,
        ``recall.evidence.matches``, not from the number of hits: "hi", "asdfgh" or "plan dinner" over a
        small store still return weak hits), ``profile`` (default on) fills the block with the
        scope's current facts instead (those held at ``as_of`` when given), most important first
        (of the newest ``PROFILE_FACTS``), under its own title so the agent knows they were not
        matched. A question about the user in general ("what do you know about me?", 你了解我什么,
        a greeting: ``recall.evidence.is_general``) gets that profile first, then the memories close to it
        in meaning. Without current facts the hits are shown as ranked. The profile is not used
        in short-term mode or with fact-less ``kinds`` (the hits are shown as ranked), nor with
        ``profile=False`` (then a block with no matching hit is ``""``; ``context.block.build``).
        Returns ``""`` when there is nothing to show.

        A request about food opens with the current dietary and health facts (``standing``), the
        user's own before their relatives'. Such a safety line (an allergy, condition, diet or food
        avoided, in any section) is never shortened to fit the budget: it is whole or absent, other
        lines give way first, and a block that leaves one out ends with ``- (N more dietary or health
        needs not shown)`` (``- （另有N条饮食需求未列出）``; ``context.render.render_context``).

        ``project_folder`` is the folder the agent works in (the coding-agent hooks pass the session's ``cwd``): a
        project's convention said in another folder (``Fact.project``: the message's ``metadata.project``) is left
        out of the block, so "This repo uses yarn" said in ``/home/dev/b`` is never shown as ``/home/dev/a``'s;
        conventions said there or with no folder stay. ``None`` (the default): every project's, each named by its
        folder (``in /home/dev/a: the project uses pnpm``).

        Raises:
            InvalidInput: ``budget_tokens`` not an integer of at least ``context.render.MIN_BUDGET_TOKENS``
                (40: a title and one line), ``profile`` not a bool, ``project_folder`` neither ``None`` nor a
                non-blank string, or what ``search`` refuses.
            InvalidFilter: as ``search``.
            TypeError: an unknown keyword argument (named, as context()'s).
        """
        sc = self._scope(**scope)  # first: an unknown keyword is reported as context()'s, not search()'s
        query = searched_query(query)  # as search reads it
        kinds = check_kinds(kinds)
        check_block_arguments(budget_tokens, profile, project_folder)
        hits = self.search(query, limit=limit, kinds=kinds, min_score=min_score, filter=filter, as_of=as_of,
                           mode=mode, min_match=min_match, **scope)
        when = utcnow() if as_of is None else as_of  # an event over by then is labelled past
        hits = in_folder(hits, project_folder)  # another folder's conventions are none of this one's
        mark_past(hits, when, as_of)

        def said(episode_id: int) -> str | None:
            episode = self.store.get_episode(sc, episode_id)
            return None if episode is None else episode.content

        def known() -> builtins.list[Hit]:
            facts = self.list(kind="fact", status="all" if as_of is not None else "active", limit=PROFILE_FACTS,
                              filter=profile_filter(parse_filter(filter), as_of), **scope)
            mine = [f for f in facts if isinstance(f, Fact) and of_folder(f, project_folder)]
            if project_folder is not None:  # the nearest of the folders holding in this one; none: each named
                mine = nearest(mine)
            return in_users_script(self._said_offsets(profile_hits(mine, limit=limit, as_of=as_of, now=when),
                                                      **scope), said)

        def instructions() -> builtins.list[Hit]:  # by their kind, whatever the query (``context.instructions``)
            facts = self.list(kind="fact", status="all" if as_of is not None else "active", limit=MAX_INSTRUCTIONS,
                              filter=instruction_filter(profile_filter(parse_filter(filter), as_of)), **scope)
            mine = [f for f in facts if isinstance(f, Fact) and of_folder(f, project_folder)]
            if project_folder is not None:
                mine = nearest(mine)
            return in_users_script(self._said_offsets(profile_hits(mine, limit=MAX_INSTRUCTIONS, as_of=as_of,
                                                                   now=when), **scope), said)
        def stated(episode_ids: Sequence[int]) -> dict[int, builtins.list[Fact]]:  # what each message states now
            cited = [c for c in self.store.citing_facts(sc, episode_ids) if c.status == "active" or as_of is not None]
            facts = self.store.get_facts(sc, sorted({c.fact_id for c in cited}))
            out: dict[int, builtins.list[Fact]] = {}
            for c in cited:
                fact = facts.get(c.fact_id)
                if fact is not None and not fact_retired(fact, as_of) and (as_of is None or fact.recorded_at <= as_of):
                    out.setdefault(c.episode_id, []).append(fact)
            return out
        # Facts in the script the user wrote them in (display only: ``context.render.in_users_script``).
        with_facts = mode != "short_term" and "fact" in kinds
        return build_context(query, in_users_script(hits, said), budget_tokens,
                             profile=known if profile and with_facts else None, drop_unmatched=not profile,
                             current=known if with_facts else None,  # a request to act: how to work (block.build)
                             instructions=instructions if with_facts else None,
                             stated=stated if mode != "short_term" else None)

    def said_offsets(self, facts: Iterable[Fact]) -> dict[int, int | None]:
        """Each fact's UTC offset by its id: that of the message that last stated it (``Episode.utc_offset_minutes``;
        ``None``: UTC, a fact no message states, or one whose messages are gone), so its times read on the
        speaker's clock as the message's own do: ``clock.said_in(fact.observed_at, offsets[fact.id])``, and a
        plan's ``valid_from`` at that offset is its day's midnight (``recall.hits.said_offset``). Reads only
        the facts' own cited episodes."""
        return {f.id: said_offset(f, self._cited(f.scope)) for f in facts}

    def _cited(self, scope: Scope) -> Callable[[int], Episode | None]:
        """One episode by id in ``scope``'s tenant: a fact cites only its owner's messages
        (``lifecycle.import_records.cites_own``), read here for their offsets alone."""
        tenant = Scope(scope.org_id, scope.project_id)
        return lambda episode_id: self.store.get_episode(tenant, episode_id)

    def _said_offsets(self, hits: Sequence[Hit], **scope: Unpack[ScopeArgs]) -> builtins.list[Hit]:
        """``hits`` with each fact hit's offset, its message's (``recall.hits.with_said_offsets``; a search's
        own hits get theirs inside its snapshot, ``recall.search.Retriever.search``)."""
        return with_said_offsets(hits, self._cited(self._scope(**scope)))

    def get(self, fact_id: int | None = None, *, episode_id: int | None = None, kind: str | None = None,
            **scope: Unpack[ScopeArgs]) -> Fact | Episode:
        """One fact or episode by id, within the scope: ``get(3)`` is fact #3; ``get(episode_id=3)``
        or ``get(3, kind="episode")`` is episode #3 (``kind`` as in ``list``: ``fact`` or ``episode``).

        Raises:
            NotFound: no such id in the scope. InvalidInput: not exactly one integer id, or a
            ``kind`` other than ``fact``/``episode`` (or one that contradicts the id given).
        """
        fact_id, episode_id = which_id(fact_id, episode_id, kind)
        return read_one(self.store, self._scope(**scope), fact_id, episode_id)

    def list(self, *, kind: str = "fact", status: str | Sequence[str] = "active", key: str | None = None,
             limit: int = 100, offset: int = 0, filter: str | Expr | None = None,
             **scope: Unpack[ScopeArgs]) -> builtins.list[Fact] | builtins.list[Episode]:
        """Facts (by status, optionally under a key prefix) or episodes, newest first, matching
        ``filter`` (see ``search``); ``limit`` >= 1 (no upper bound: a whole scope on request),
        ``offset`` >= 0.

        Raises:
            InvalidFilter: a malformed filter. InvalidInput: a bad limit, offset, kind or status.
        """
        limit, offset = check_limit(limit, None), check_offset(offset)
        return list_rows(self.store, self._scope(**scope), kind=kind, status=status, key=key, limit=limit,
                         offset=offset, filter=filter)

    def page(self, *, kind: str = "fact", status: str | Sequence[str] = "active", key: str | None = None,
             limit: int = 100, cursor: str | None = None, filter: str | Expr | None = None,
             **scope: Unpack[ScopeArgs]) -> Page[Fact] | Page[Episode]:
        """One page of a listing that stays right while memories are written: facts (as ``list``
        selects them) or episodes, newest recorded first, and the ``next_cursor`` to pass back for
        the next page (``None`` after the last). Unlike ``list(offset=...)`` no row is repeated or
        skipped when something is stored, re-stated or deleted between pages (``memstrata.paging``).

        Args:
            cursor: ``None`` (or ``"start"``) for the first page, then the previous page's
                ``next_cursor``, unchanged.
            limit: rows per page (1–1000).

        Raises:
            InvalidInput: a cursor that is not one memstrata gave (or of the other ``kind``), a bad
                limit, kind or scope. InvalidFilter: as ``list``.
        """
        limit = check_limit(limit, MAX_LIMIT)
        if kind not in KINDS:
            raise InvalidInput(f"kind must be 'fact' or 'episode', got {kind!r}", field="kind")
        return page_rows(self.store, self._scope(**scope), kind=kind, status=status, key=key, limit=limit,
                         cursor=cursor, filter=filter)

    def history(self, fact_id: int | None = None, *, key: str | None = None, subject: str | None = None,
                **scope: Unpack[ScopeArgs]) -> builtins.list[tuple[Fact, builtins.list[MemoryEvent]]]:
        """A fact's timeline: every fact under its key (same subject), oldest first, each with
        its audit events. Give ``fact_id`` or ``key``. A key nothing is stored under in the scope
        (never stored, or every value forgotten) has an empty timeline, ``[]``, as ``list(key=...)``
        of it is empty: a key is a name to look under, not a record that must exist.

        A key holds the values of everyone the user spoke about (``Fact.subject``: ``None`` the
        user, ``"wife"``, ``"Bob"``, ``"project:<folder>"``). By default ``history(key=...)`` gives
        them all, never interleaved: the user's own timeline first, then each other subject's, in
        the order each was first recorded (``facts.history.own_first``), so the first entries are
        the user's own and a wife's employer never reads as the user's next job. All, not the
        user's alone: a history is the record of what is stored, and leaving a relative's values
        out would read as "never stored". ``subject`` keeps one subject's timeline:
        ``"user"`` (or the user's id) the user's own, ``"wife"`` the wife's (case aside; a
        ``project:<folder>`` exactly; ``facts.history.subject_matches``); a subject with nothing
        stored under the key gives ``[]``. ``list`` and ``page`` select by subject with their
        filter: ``subject IS NULL`` (the user's own), ``subject = "wife"``.

        Raises:
            InvalidInput: a ``fact_id`` that is no id at all (text, a bool, a float, or below 1:
                ids start at 1), naming history() and ``fact_id``; a ``key`` that is no string (a
                number, a list), or empty or whitespace (no key, not a key with nothing under it), or given
                with a ``fact_id`` (whose key is its own), naming ``key``;
                a ``subject`` that is no string, empty or whitespace, or given with ``fact_id`` (a fact
                has its subject), naming ``subject``.
            NotFound: a valid ``fact_id`` not stored in the scope (an id names one fact).
        """
        if key is not None and not isinstance(key, str):  # history(key=5) fell on key.strip(): AttributeError
            raise InvalidInput(f"history(): key must be {KEY_WANTED}, got {shown(key)}", field="key")
        if key is not None and not key.strip():
            raise InvalidInput(f"history(): key is empty ({key!r}); give a fact key such as 'shipping.carrier' "
                               "(list() shows them) or a fact_id", field="key")
        if fact_id is not None and key is not None:  # the key was ignored: the id's own key was read
            raise InvalidInput(f"history(): give a fact_id or a key, not both: fact_id names one fact, whose key is "
                               f"its own (got fact_id={cut(repr(fact_id))}, key={cut(repr(key))})", field="key")
        _check_subject(subject, fact_id)
        sc = self._scope(**scope)
        fact: Fact | None = None
        if fact_id is not None:
            found = self.get(_history_id(fact_id), **scope)
            assert isinstance(found, Fact)
            fact = found
        return fact_history(self.store, sc, fact=fact, key=key, limit=MAX_LIMIT, subject=subject)

    def counts(self, **scope: Unpack[ScopeArgs]) -> dict[str, int]:
        """Rows stored in the scope: ``episodes``, ``segments``, ``embedded_segments`` and
        ``facts_<status>`` for each fact status present, and ``events``: the audit events of the
        scope's facts (tombstones of deleted ones included)."""
        return self.store.counts(self._scope(**scope))

    def short_term(self, **scope: Unpack[ScopeArgs]) -> ShortTermMemory:
        """The session's short-term memory: rolling summary plus the recent episodes that fit
        ``SemanticSettings.stm_capacity_chars``. Raises ``InvalidInput`` without a session."""
        self._require(self.store.capabilities.short_term, "short-term memory")
        return ShortTerm(self._semantic_store(), None, self.settings.semantic).get(self._scope(**scope))


def _history_id(value: object) -> int:
    """``history()``'s ``fact_id`` as an id. ``history(0)`` answered "no fact #0" and
    ``history("abc")`` an error naming no call: neither is an id that was not found.

    Raises:
        InvalidInput: not an ``int`` (a ``bool``, a float, text) or below 1; ``details.field``
            ``fact_id``. Text that is no number is pointed at ``key=``.
    """
    hint = ""
    if isinstance(value, str):
        hint = (f"; give the number, history({value.strip()})" if value.strip().isascii() and value.strip().isdigit()
                else f"; a key is given as key={cut(repr(value))}")
    return check_id("history()", "fact_id", value, then=hint)


def _check_subject(subject: object, fact_id: object) -> None:
    """``history()``'s ``subject``: ``None``, or a non-blank string given with a ``key``.

    Raises:
        InvalidInput: ``details.field`` ``subject``.
    """
    if subject is None:
        return
    if not isinstance(subject, str):
        raise InvalidInput(f"history(): subject must be a string such as 'user' (the user's own) or 'wife', "
                           f"got {shown(subject)}", field="subject")
    if not subject.strip():
        raise InvalidInput(f"history(): subject is empty ({subject!r}); give 'user' for the user's own timeline, "
                           "a person such as 'wife', or no subject for every one", field="subject")
    if fact_id is not None:
        raise InvalidInput("history(): subject selects among a key's values (key=...); a fact_id names one fact, "
                           "whose subject is its own", field="subject")
