"""The read path: scoped candidates from both indexes → weighted RRF → blended score → hits.

Four ranked candidate lists, each filtered by scope inside its SQL query:
segments by full text (BM25), segments by vector, facts by full text, facts by
vector. Vector lists weigh ``Settings.vector_weight`` against full text's 1.0. A
fifth list ranks sessions by their best full-text turns (``recall.fusion.session_ranks``):
each segment of a ranked session earns its session's rank, so a turn in the session
where the question's words cluster beats a lone match elsewhere. A query that names a
period ("on 1 May", "5月1号", ``recall.periods``) runs the segment searches once more inside
it (weight ``Settings.time_weight``). Segment hits are
grouped by episode (an episode's relevance is its best segment's), neighbouring turns
borrow from strong matches, facts and episodes are scored on one scale
(``recall.fusion.blend``), and the top ``limit`` are returned with citations and optional
neighbouring context.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from memstrata.config import Settings
from memstrata.embed.base import cosine_scale, embed_queries
from memstrata.filter import And, Expr, Or
from memstrata.recall.ahead import ahead_facts, ahead_windows
from memstrata.recall.asked_part import Asks, part_matcher, user_names
from memstrata.recall.beside import FACT_VECTORS, FACT_VECTORS_FREE, Later, beside
from memstrata.recall.evidence import evidence
from memstrata.recall.first_person import in_first_person
from memstrata.recall.fusion import (
    access_signal,
    blend,
    calibrated_relevance,
    normalised_rrf,
    recency,
    rrf,
)
from memstrata.recall.hits import episode_match, own_episode, ranked_fact_hit, with_context, with_said_offsets
from memstrata.recall.key_words import match_text
from memstrata.recall.lists import (
    AssistantLines,
    Fused,
    Ranked,
    episode_lists,
    list_weight,
    session_bonus,
    users_lines_first,
)
from memstrata.recall.neighbours import lend_to_neighbours
from memstrata.recall.outdated import mark_outdated
from memstrata.recall.periods import Period, period_complement, period_filter, read_periods
from memstrata.recall.present import asks_now, rank_former_down, without_present
from memstrata.recall.replaced import carry_forward
from memstrata.recall.request_parts import request_parts
from memstrata.recall.shortlist import (
    Candidate,
    believed,
    bounds,
    lift_by_similarity,
    mark_in_period,
    mark_period_asked,
    marked,
    rank_key,
    shortlist,
)
from memstrata.recall.speakers import (
    about_others,
    about_the_user,
    asks_who,
    below_the_users_own,
    named_focus,
    other_people,
    speaker_of,
    theirs,
    whose_first,
)
from memstrata.recall.strength import Strength
from memstrata.store.protocol import Store
from memstrata.store.records import Citation
from memstrata.text.clauses import (
    asked_questions,
    closing_question,
    lone_question,
    question_clauses,
    refers_back,
    split_dialogue,
)
from memstrata.text.regex import lazy_regex
from memstrata.text.tokens import coverage_units, fts_match_expression, query_terms
from memstrata.timing import phase
from memstrata.types import Episode, Fact, Hit, Scope, Segment

#: Candidates made hits at first, per hit returned (``recall.shortlist``); more are made as needed.
SHORTLIST = 2
#: Prior importance of a raw episode (facts carry their own, from the taxonomy).
EPISODE_IMPORTANCE = 0.5
#: Confidence of a raw episode: it is what was said, verbatim.
EPISODE_CONFIDENCE = 1.0

@dataclass(frozen=True)
class Query:
    """A validated search request; ``filter`` (a parsed filter) narrows every candidate list."""

    text: str
    scope: Scope
    limit: int = 10
    kinds: tuple[str, ...] = ("fact", "episode")
    statuses: tuple[str, ...] = ("active",)
    expand_context: int = 0
    min_score: float = 0.0
    #: Drop hits whose query-match evidence (``recall.evidence.evidence``) is below this, in [0, 1].
    min_match: float = 0.0
    #: Answer as the system believed at this time: facts recorded by then and not yet
    #: retired (superseded or merged) then; episodes said by then. ``None``: now.
    as_of: datetime | None = None
    filter: Expr | None = None


#: A question naming the scope's user as agents do ("what is the user allergic to?", "the user's job").
_THE_USER = lazy_regex(r"\bthe\s+user(?:'s)?\b", re.IGNORECASE)


class Retriever:
    """Runs ``Query`` objects against a store with an optional embedder."""

    def __init__(self, store: Store, embedder: Any, settings: Settings) -> None:
        self.store = store
        self.embedder = embedder
        self.settings = settings
        self._scale = cosine_scale(embedder)
        # A model whose unrelated pairs sit far above USE's (e5: ~0.78 in English) declares the
        # cosine below which its vector candidates are noise (``similarity_floor``).
        self._min_similarity = max(settings.min_similarity, float(getattr(embedder, "similarity_floor", 0.0)))

    def search(self, query: Query, *, now: datetime) -> list[Hit]:
        """Ranked hits for ``query``, best first; an empty list when nothing matches.

        A store with ``snapshot()`` (PostgreSQL) serves all of one search's reads from one
        snapshot: one consistent view, and no transaction set-up per store call.

        With ``query.as_of`` in the past the search runs as it stood then: ``now`` is ``as_of``, so a
        TTL is applied as it stood at that time (a memory expiring after ``as_of`` was alive then;
        it was checked against today), and recency and "last week" count from ``as_of`` too. A
        memory the TTL sweep already deleted is gone for every time."""
        if query.as_of is not None and query.as_of < now:
            now = query.as_of
        tenant = Scope(query.scope.org_id, query.scope.project_id)  # a fact cites only its owner's messages
        with self.store.snapshot():
            # Each fact hit's date on its speaker's day, as its message's (``with_said_offsets``), read
            # inside the search's snapshot: a read outside it writes the recall counts first.
            return with_said_offsets(self._search(query, now=now),
                                     lambda episode_id: self.store.get_episode(tenant, episode_id))

    def _search(self, query: Query, *, now: datetime) -> list[Hit]:
        s = self.settings
        pool = max(s.candidates, query.limit * 3)
        # A dialogue passed as the query (``user: ...`` lines) asks what the user said last: that turn
        # is searched as the query, the whole dialogue (labels off) as context beside it.
        text, context = split_dialogue(query.text)
        match = fts_match_expression(text)
        seg_lists: list[Ranked] = []
        fact_lists: list[Ranked] = []
        # What the query asks is read from its question when it has one (``question_focus``): a period
        # or a name in an agent's chit-chat ("we met Anna yesterday") is not what memory is asked for.
        questions = question_clauses(text)
        focus = " ".join(questions) or None
        asked = focus or text
        # A request to act of several steps is judged by each step as a message's questions are (``request_parts``).
        steps = [] if questions else request_parts(text)
        own = asked_questions(text) or steps
        # A long question's own lists share their evidence with its one question (``shared`` below).
        alone = bool(own) and own == questions and len(own) == 1
        dialogue = context if context is not None and s.dialogue_context_weight > 0 else None
        with phase("query", "embedding"):
            vectors = self._query_vectors(text, focus, [] if alone else own, dialogue)
        qvec = vectors.get(text)
        periods, rest = read_periods(asked, now, after_days=s.time_after_days) if s.time_weight > 0 else ([], "")
        # A lone question among chit-chat lifts hits by its own cosine (``shortlist.lift_by_similarity``),
        # and so does the question a message of several closes with (``closing_question``: chit-chat
        # first, the question last). Several questions' joined vector is a blend (an agent's message
        # often carries questions of its own chit-chat), and a question the message goes on after may be
        # the chit-chat's own.
        closing = closing_question(text) if len(questions) > 1 else None
        lift = (s.similarity_weight if focus is None else s.question_similarity_weight if len(questions) == 1
                else s.closing_similarity_weight if closing is not None else 0.0)
        # Ranking reads the whole message (its figures were chosen so). Evidence of a match reads a
        # message's questions too (``Strength.evidence``): each by its own words and vector (several
        # questions' joined text is a blend). Questions that stand alone ("Where do I live?") are read
        # without the sentences before them but for the whole message's words: its vector is mostly
        # the chit-chat's (a late train's "seat" and "window" matched "prefers window seat").
        told = lone_question(text) if focus is None else None
        terms = self._strength_terms(asked)
        judged = [Strength(terms, {}, scale=self._scale), *(Strength(self._strength_terms(q), {}, scale=self._scale)
                                                            for q in own)] if own else []
        strength = Strength(terms, {}, scale=self._scale, asked=None if focus is None or lift <= 0 else {},
                            questions=tuple(judged), alone=not steps and not any(refers_back(q) for q in own))
        with phase("query", "candidate_search"):
            near = beside(self.store.capabilities.parallel_reads,
                           functools.partial(self._nearest, query, qvec, pool, now))
            rows: dict[int, tuple[Segment, Episode]] = {}
            blocks = self._candidates(query, match, near, pool, seg_lists, fact_lists, strength, now, rows)
            # A long message's one question is the focus: its look-up gives that question's cosines too.
            shared = strength.questions[1] if alone else None
            if dialogue is not None:
                self._context_candidates(query, dialogue, vectors.get(dialogue), pool, seg_lists, fact_lists, now)
            if focus is not None:
                self._focus_candidates(query, focus, vectors.get(focus), pool, seg_lists, fact_lists, strength, now,
                                       shared)
            if own and shared is None and vectors:
                self._question_cosines(query, [vectors[q] for q in own], pool, strength.questions[1:], now)
            if closing is not None and strength.asked is not None:
                # The lift reads the closing question's own cosines (its evidence's), not the joined
                # questions' that ``_focus_candidates`` left there.
                strength.asked.clear()
                strength.asked.update(strength.questions[-1].cosine)
            if periods and "episode" in query.kinds and self._period_candidates(
                    query, periods, match, qvec, pool, seg_lists, strength, now):
                # Words that named a period ("on May 1", "5月1号") are answered by the period
                # lists; counted in match strength they would only dilute every memory's coverage.
                kept = self._strength_terms(rest) or set(strength.terms)
                strength.terms.clear()
                strength.terms.update(kept)
            # "what's coming up?", 下周要忙什么: the plans whose own days lie ahead, soonest first (``recall.ahead``)
            # A lone question's own words (as ``mark_period_asked`` reads them): "This weekend was fun. Who won
            # the 1998 world cup?" asks nothing about the weekend.
            windows = ahead_windows(told or asked, now, after_days=s.time_after_days) \
                if s.time_weight > 0 and "fact" in query.kinds and query.as_of is None else []
            ahead = ahead_facts(self.store, query.scope, windows, now, statuses=query.statuses, limit=pool,
                                filter=query.filter) if windows else []
            if ahead:
                fact_lists.append(Ranked(ahead, s.time_weight, False, {}))
        # Relevance is normalised by the lists that found anything: a memory that only
        # the vector index can reach (no shared term) may still score 1.0.
        with phase("query", "fusion"):
            fused_facts = rrf([r.ids for r in fact_lists], k=s.rrf_k, weights=[r.weight for r in fact_lists])
            # The facts are read in the facts' thread (free again: its look-up is done) while the
            # episodes are fused and their neighbours read here: on PostgreSQL at 1M segments the
            # two reads were a sixth of a search, one after the other.
            facts = beside(self._split_reads(),
                            functools.partial(self.store.get_facts, query.scope, list(fused_facts)),
                            FACT_VECTORS, FACT_VECTORS_FREE)
            episodes = self._fuse_episodes(seg_lists, rows, about_the_user(asked))
        with phase("query", "scoring"):
            candidates = self._episode_candidates(episodes, strength, now, query.filter, blocks)
            candidates += self._fact_candidates(fused_facts, facts(), list_weight(fact_lists), strength, now,
                                                frozenset(ahead), bool(windows))
            if query.as_of is not None:
                candidates = [c for c in candidates if believed(c, query.as_of)]
            for candidate in candidates:  # a plan ahead answers a question about what is ahead by its date
                candidate.period_asked = candidate.period_asked or (candidate.kind == "fact" and candidate.id in ahead)
            if periods:
                mark_in_period(candidates, periods)
                # Evidence reads only a period the question itself names, not one of its chit-chat.
                # A lone question's own periods; else the query's, read above from the same text.
                mark_period_asked(candidates, periods if told is None else self._asked_periods(told, now))
            # A query that is its own question is what its vector says; a long query's vector is
            # mostly its chit-chat's, so there a hit is lifted by its cosine to the question alone.
            if lift > 0:
                lift_by_similarity(candidates, lift, strength.lent)
            asks = part_matcher(set(strength.terms), user_names(self.store, query.scope), self.embedder,
                                vectors.get(asked), asked, self._scale)
            hits, known, cited, every = self._hits(candidates, query, asked, strength, episodes, asks)
        top = _returned(hits[:known], query)
        if any(h.superseded for h in top):  # what replaced it answers its question too (``recall.replaced``)
            with phase("query", "replaced"):
                hits = every()  # the replacements are looked for among every candidate
                carry_forward(self.store, query.scope, hits, cited, query.as_of, strength.terms)
            top = _returned(hits, query)
        if query.expand_context > 0:
            with phase("query", "context"):
                top = [with_context(self.store, h, query.expand_context, query.filter) for h in top]
        return top

    def _query_vectors(self, text: str, focus: str | None, questions: Sequence[str],
                       context: str | None) -> dict[str, Any]:
        """The vectors of every text a search embeds, by text, from one model call: the query ``text``, its
        ``focus`` (the joined questions), its ``questions`` whose cosines are evidence, and a dialogue's
        ``context``; ``{}`` without an embedder.

        After chit-chat a search embeds the message and its question: two calls cost ~9.7 ms of CPU and
        one call of both ~7.5 (the model streams its weights once a call: ``embed.use``). A text's vector
        from a call of several differs from its own call's by float32 rounding (< 2e-7 a component). A text
        that asks about "the user" is embedded in the first person (``recall.first_person``), keyed as given."""
        if self.embedder is None:
            return {}
        texts = list(dict.fromkeys([text, *([focus] if focus else []), *questions,
                                    *([context] if context else [])]))
        # "the user" is embedded as the user would say it ("where do I work?": ``recall.first_person``).
        return dict(zip(texts, embed_queries(self.embedder, [in_first_person(t) for t in texts]), strict=True))

    def _hits(self, candidates: list[Candidate], query: Query, asked: str, strength: Strength, fusion: Fused,
              asks: Asks) -> tuple[list[Hit], int, list[Citation], Callable[[], list[Hit]]]:
        """The hits of the best ``candidates`` (``recall.shortlist``), in ranked order, with their
        outdated marks (``recall.outdated``: an episode whose facts were all superseded ranks below
        what replaced them) and speaker focus (``recall.speakers``: "What does Melanie paint?" ranks
        Melanie's own words before the turns that only name her). Returns the hits built, how many
        of them are in place (no other candidate can rank before one of them), the built episode
        hits' citing facts (``citing_facts``, extended in place) and a function building every
        other candidate too, which returns all hits in ranked order."""
        s = self.settings
        named, factor = named_focus(asked, {c.speaker for c in candidates},
                              {c.speaker for c in candidates if c.kind == "episode"}, s.speaker_weight)
        ranked = bounds(candidates, named, factor)
        subjects = {c.id: c.speaker for c in candidates if c.kind == "fact"}  # whom each fact is about
        cited: list[Citation] = []
        now_asked = asks_now(asked)
        own = [0.0]  # the best score of the user's own hits built so far (``below_the_users_own``)
        # A "who" question naming no speaker ranks other people's memories first (``whose_first``).
        people = other_people([c.speaker for c in candidates if c.kind == "fact"],
                              {c.speaker for c in candidates if c.kind == "episode"}) \
            if named is None and asks_who(asked) else set()

        def finish(batch: Sequence[Candidate]) -> list[Hit]:
            hits = [self._episode_hit(c, strength, fusion) if c.kind == "episode" else ranked_fact_hit(c, strength)
                    for c in batch]
            found = self.store.citing_facts(query.scope, [h.id for h in hits if h.kind == "episode"])
            cited.extend(found)
            mark_outdated(hits, found, weight=s.superseded_weight, as_of=query.as_of, asks=asks)
            if now_asked:  # the current value first: "I used to live in London" is of the past
                rank_former_down(hits, found, self.store, query.scope, s.superseded_weight, query.as_of)
            if named is not None:
                others = about_others(hits, named, subjects, [(c.episode_id, c.fact_id) for c in found])
                for hit in hits:
                    if speaker_of(hit) not in named or (hit.id in others and hit.kind == "episode"):
                        object.__setattr__(hit, "score", hit.score * factor)
                own[0] = below_the_users_own(hits, named, others, own[0])
            elif people:
                whose_first(hits, theirs(hits, people, subjects, [(c.episode_id, c.fact_id) for c in found]))
            return hits

        # An outdated hit's score may only be lowered for the bounds to hold; else build every hit.
        first = SHORTLIST * query.limit if 0.0 <= s.superseded_weight <= 1.0 else len(ranked)
        hits, known = shortlist(ranked, finish, lambda done: len(_returned(done, query)) >= query.limit,
                                first=first)

        def every() -> list[Hit]:
            return sorted(hits + finish(ranked[len(hits):]), key=rank_key)
        return hits, known, cited, every

    def _nearest(self, query: Query, qvec: Any, pool: int,
                 now: datetime) -> tuple[list[tuple[int, float]] | None, list[tuple[int, float]] | None]:
        """The vector candidates ``(segments, facts)``; ``None`` where not searched."""
        if qvec is None:
            return None, None
        segments = facts = None
        near_facts = None
        if "fact" in query.kinds:
            near_facts = beside(
                self._split_reads(),
                functools.partial(self.store.nearest_scope_facts, query.scope, qvec, statuses=query.statuses,
                                  k=pool, min_similarity=self._min_similarity, filter=query.filter, now=now),
                FACT_VECTORS, FACT_VECTORS_FREE)
        if "episode" in query.kinds:
            segments = self.store.nearest_segments(query.scope, qvec, k=pool, min_similarity=self._min_similarity,
                                                   filter=query.filter, now=now)
        if near_facts is not None:
            facts = near_facts()
        return segments, facts

    def _split_reads(self) -> bool:
        """Whether the store serves reads from several threads at once, the facts' apart
        (``Capabilities.split_vector_reads``: PostgreSQL, a connection per thread)."""
        caps = self.store.capabilities
        return caps.parallel_reads and caps.split_vector_reads

    def _candidates(self, query: Query, match: str | None,
                    near: Later[tuple[list[tuple[int, float]] | None, list[tuple[int, float]] | None]],
                    pool: int, seg_lists: list[Ranked], fact_lists: list[Ranked], strength: Strength,
                    now: datetime, rows: dict[int, tuple[Segment, Episode]]) -> dict[tuple[Scope, str | None], int]:
        """Fill the scoped candidate lists (and the cosines ``strength`` needs): segments by full
        text and by vector, the whole-turn list, facts by full text and by vector, in that order;
        returns the session ranks of the session blocks (``_block_sessions``). ``near`` gives the
        vector candidates (``_nearest``), which may be searched in another thread meanwhile: if
        they are still being searched when the full-text lists are done, the full-text segments'
        rows are read into ``rows`` while waiting (``_fuse_episodes`` reads only the rest)."""
        s = self.settings
        seg_text = fact_text = None
        if match and "episode" in query.kinds:
            seg_text = Ranked.text(self.store.fts_segments(query.scope, match, pool, filter=query.filter, now=now))
        if match and "fact" in query.kinds:
            fact_text = Ranked.text(self.store.fts_facts(query.scope, match, pool, query.statuses,
                                                          filter=query.filter, now=now))
        turns = self._turn_candidates(query, match, pool, now)
        blocks = self._block_sessions(query, match, pool, now)
        if self._split_reads() and near.running():
            # A 1% filter of 1M segments keeps the vector thread busy ~25 ms after the full-text
            # lists are done; reading their rows now takes them off the search's critical path.
            text_ids = {i for ranked in (seg_text, *turns) if ranked is not None for i in ranked.ids}
            rows.update(self.store.segments_with_episodes(text_ids) if text_ids else {})
        near_segments, near_facts = near()
        seg_lists += [ranked for ranked in (seg_text,) if ranked is not None]
        if near_segments is not None:
            seg_lists.append(Ranked.vectors(near_segments, s.vector_weight))
            strength.cosine.update((("segment", i), c) for i, c in near_segments)
        seg_lists += turns
        fact_lists += [ranked for ranked in (fact_text,) if ranked is not None]
        if near_facts is not None:
            fact_lists.append(Ranked.vectors(near_facts, s.vector_weight))
            strength.cosine.update((("fact", i), c) for i, c in near_facts)
        return blocks

    def _focus_candidates(self, query: Query, focus: str, qvec: Any, pool: int, seg_lists: list[Ranked],
                          fact_lists: list[Ranked], strength: Strength, now: datetime,
                          shared: Strength | None = None) -> None:
        """Append the lists of a long query's question (``text.clauses.question_focus``): segments
        and facts by the question's full text and by its vector, each weighing what its list of
        the whole query weighs, so what is asked counts beside (not instead of) the whole text.
        A candidate's cosine is the larger of the two queries'; ``shared`` (the same question's
        evidence, ``Strength.questions``) gets the question's own cosines. ``qvec``: the question's vector
        (``_query_vectors``; ``None`` without an embedder)."""
        s = self.settings
        match = fts_match_expression(focus)
        if match and "episode" in query.kinds:
            seg_lists.append(Ranked.text(self.store.fts_segments(query.scope, match, pool, filter=query.filter,
                                                                  now=now)))
        if match and "fact" in query.kinds:
            fact_lists.append(Ranked.text(self.store.fts_facts(query.scope, match, pool, query.statuses,
                                                                filter=query.filter, now=now)))
        if qvec is None:
            return
        near_segments, near_facts = self._nearest(query, qvec, pool, now)
        for kind, found, lists in (("segment", near_segments, seg_lists), ("fact", near_facts, fact_lists)):
            if found is None:
                continue
            lists.append(Ranked.vectors(found, s.vector_weight))
            for i, cosine in found:
                strength.cosine[(kind, i)] = max(cosine, strength.cosine.get((kind, i), cosine))
                if strength.asked is not None:
                    strength.asked[(kind, i)] = cosine
                if shared is not None:
                    shared.cosine[(kind, i)] = cosine

    def _context_candidates(self, query: Query, context: str, qvec: Any, pool: int, seg_lists: list[Ranked],
                            fact_lists: list[Ranked], now: datetime) -> None:
        """Append the lists of a dialogue's whole text (``text.clauses.split_dialogue``): segments and
        facts by its full text and by its vector, each weighing ``Settings.dialogue_context_weight``
        times what its list of the query weighs. Its cosines are no evidence of a match (the history
        talks of other things), so ``Strength`` is left as the last turn's own lists set it."""
        s = self.settings
        weight = s.dialogue_context_weight
        match = fts_match_expression(context)
        if match and "episode" in query.kinds:
            seg_lists.append(Ranked.text(self.store.fts_segments(query.scope, match, pool, filter=query.filter,
                                                                  now=now), weight))
        if match and "fact" in query.kinds:
            fact_lists.append(Ranked.text(self.store.fts_facts(query.scope, match, pool, query.statuses,
                                                                filter=query.filter, now=now), weight))
        if qvec is None:
            return
        near_segments, near_facts = self._nearest(query, qvec, pool, now)
        for found, lists in ((near_segments, seg_lists), (near_facts, fact_lists)):
            if found is not None:
                lists.append(Ranked.vectors(found, s.vector_weight * weight))

    def _question_cosines(self, query: Query, vectors: Sequence[Any], pool: int, into: Sequence[Strength],
                          now: datetime) -> None:
        """Each vector candidate's cosine to each question's vector (``vectors``, from ``_query_vectors``;
        the ``pool`` nearest segments and facts), into the matching ``into``'s ``cosine``: match evidence
        only, no candidate list is added."""
        for qvec, strength in zip(vectors, into, strict=True):
            segments, facts = self._nearest(query, qvec, pool, now)
            for kind, found in (("segment", segments), ("fact", facts)):
                strength.cosine.update(((kind, i), cosine) for i, cosine in found or ())

    def _turn_candidates(self, query: Query, match: str | None, pool: int, now: datetime) -> list[Ranked]:
        """The whole-turn full-text list (``store.turns``; weight ``Settings.turn_weight``), or
        none: no terms, no episodes asked for, or the weight is 0."""
        weight = self.settings.turn_weight
        if not match or weight <= 0 or "episode" not in query.kinds:
            return []
        found = self.store.fts_turns(query.scope, match, pool, filter=query.filter, now=now)
        return [replace(Ranked.text(found), weight=weight, whole_turn=True)]

    def _block_sessions(self, query: Query, match: str | None, pool: int,
                        now: datetime) -> dict[tuple[Scope, str | None], int]:
        """Session ranks (1 = best) from the session blocks' full text (``store.turns``), keyed
        like ``session_key``; empty when not used: a filtered search (a block mixes turns the
        filter may hide), ``Settings.session_blocks`` off, or no block matched (then the ranks
        are derived from the full-text turns, ``recall.fusion.session_ranks``)."""
        s = self.settings
        if (not match or not s.session_blocks or s.session_weight <= 0 or query.filter is not None
                or "episode" not in query.kinds):
            return {}
        found = self.store.fts_sessions(query.scope, match, pool, now=now)
        return {(scope, scope.session_id): rank for rank, (scope, _) in enumerate(found, start=1)}

    def _strength_terms(self, text: str) -> set[str]:
        """What match strength counts of ``text``: its query terms (``coverage_units`` of them
        with ``Settings.cjk_char_coverage``), but for "user" when the question says "the user" and for
        the words placing it in the present ("now", 现在: ``recall.present``), when others are left."""
        terms = set(query_terms(without_present(text))) or set(query_terms(text))
        if _THE_USER.search(text) and len(terms) > 1:
            # "the user" is whom the question is about, not a topic: every user turn is indexed as
            # "user: …" (``text.segment.derivative``), so "where does the user live?" held half of
            # every memory's terms (the Visa card, the cats) and none of a fact's.
            terms.discard("user")
        return coverage_units(terms) if self.settings.cjk_char_coverage else terms

    def _asked_periods(self, clause: str, now: datetime) -> list[Period]:
        """The periods ``clause`` (the question asked: a lone question, else the query) itself names;
        none for a period named only by the chit-chat around it."""
        return read_periods(clause, now, after_days=self.settings.time_after_days)[0]

    def _period_candidates(self, query: Query, periods: list[Period], match: str | None, qvec: Any, pool: int,
                           seg_lists: list[Ranked], strength: Strength, now: datetime) -> bool:
        """Append segment lists restricted to the periods the query names (``recall.periods``).

        The sentence, whole-turn and vector lists are searched again, each weighing
        ``Settings.time_weight`` times its unrestricted list's weight, so a turn
        said on the day the question names outranks a better word match from another day.
        They are searched only when the periods are selective: when nothing the search may see
        was said in them, there is nothing to add; when everything was, the restricted lists
        are the unrestricted ones, which are re-weighted instead of searched again (two bounded
        look-ups decide, ``_any_episode``). Returns whether anything was said in those periods.
        """
        s = self.settings
        within = period_filter(periods)
        if within is None:
            return False
        before = len(seg_lists)
        if not self._any_episode(query, within):
            # Nothing was said in the periods: their lists would be empty (and cost a scan each).
            return False
        if not self._any_episode(query, period_complement(periods)):
            # Everything the search may see was said in the periods: their lists are the
            # unrestricted ones, already searched; searching them again would only cost time (and
            # a second vector copy the size of the first).
            again = sorted(seg_lists[:before], key=lambda ranked: (ranked.vector, ranked.whole_turn))
            seg_lists += [replace(ranked, weight=s.time_weight * ranked.weight) for ranked in again]
            return any(ranked.ids for ranked in seg_lists[before:])
        scoped = within if query.filter is None else And((query.filter, within))
        if match:
            found = self.store.fts_segments(query.scope, match, pool, filter=scoped, now=now)
            seg_lists.append(Ranked.text(found, s.time_weight))
            if s.turn_weight > 0:
                turns = self.store.fts_turns(query.scope, match, pool, filter=scoped, now=now)
                seg_lists.append(replace(Ranked.text(turns), weight=s.time_weight * s.turn_weight, whole_turn=True))
        if qvec is not None:
            near = self.store.nearest_segments(query.scope, qvec, k=pool, min_similarity=self._min_similarity,
                                               filter=scoped, now=now)
            seg_lists.append(Ranked.vectors(near, s.time_weight * s.vector_weight))
            strength.cosine.update((("segment", i), c) for i, c in near)
        return any(ranked.ids for ranked in seg_lists[before:])

    def _any_episode(self, query: Query, within: Expr | None) -> bool:
        """Whether any episode of the query's scope (and filter) was said inside ``within``
        (``None``: no period at all), expired ones included so that the answer errs towards
        searching. One bounded look-up per period, each an index range on ``created_at``, the
        latest first: a user's memories are mostly recent, and a year-less date is every year's."""
        branches = within.operands if isinstance(within, Or) else (() if within is None else (within,))
        return any(self.store.list_episodes(query.scope, limit=1, expiry=False,
                                            filter=branch if query.filter is None else And((query.filter, branch)))
                   for branch in reversed(branches))

    def _fuse_episodes(self, seg_lists: list[Ranked], read: dict[int, tuple[Segment, Episode]],
                       users_first: bool = False) -> Fused:
        """Episode-level RRF of ``seg_lists``; ``read``: segment rows already read this search;
        ``users_first``: a question about the user, which counts a pasted dialogue's user lines
        before its assistant's (``lists.users_lines_first``)."""
        s = self.settings
        ids = {i for ranked in seg_lists for i in ranked.ids}
        missing = ids - read.keys()
        rows = {i: read[i] for i in ids & read.keys()}
        rows.update(self.store.segments_with_episodes(missing) if missing else {})
        assistants = AssistantLines(rows) if users_first else None
        if assistants is not None:
            seg_lists = users_lines_first(seg_lists, assistants)
        lists, found = episode_lists(seg_lists, rows)
        if assistants is not None:  # the line a message shows is the user's when one was found
            found = {e: sorted(segments, key=assistants) for e, segments in found.items()}
        fused = rrf(lists, k=s.rrf_k, weights=[r.weight for r in seg_lists])
        weight = sum(r.weight for r, order in zip(seg_lists, lists, strict=True) if order)
        # Session ranks are derived from the sentence list (the whole-turn list if it is alone).
        text = next((r for r in seg_lists if not r.vector and not r.whole_turn),
                    next((r for r in seg_lists if r.whole_turn), None))
        turns = frozenset(e for r, order in zip(seg_lists, lists, strict=True) if r.whole_turn for e in order)
        return Fused(rows, found, fused, weight, text.scores if text is not None else {}, turns)

    def _episode_candidates(self, fusion: Fused, strength: Strength, now: datetime, filter: Expr | None,
                            blocks: dict[tuple[Scope, str | None], int] | None = None) -> list[Candidate]:
        """The fused episodes, with the neighbouring turns that borrow their scores, scored
        (``_episode_hit`` makes one a hit)."""
        s = self.settings
        rows, found, fused, weight = fusion.rows, fusion.found, fusion.fused, fusion.weight
        shown = {e: rows[found[e][0]] for e in fused}  # (segment, episode) shown for each episode
        turn_scores: dict[int, float] = {}
        for seg_id, score in fusion.text_scores.items():
            if seg_id in rows:
                episode_id = rows[seg_id][1].id
                turn_scores[episode_id] = max(score, turn_scores.get(episode_id, score))
        with_session = session_bonus(fused, turn_scores, {e: row[1] for e, row in shown.items()}, blocks,
                                     weight=s.session_weight, rrf_k=s.rrf_k)
        # Neighbours become hits themselves, so they pass the filter too.
        lender = lend_to_neighbours(self.store, s, fusion, shown, strength, with_session, filter=filter, now=now)
        candidates = []
        similarity, session_weight, half_life, weights = (strength.similarity, s.session_weight,
                                                          s.half_life_days, s.weights)
        for episode_id, score in fused.items():
            pair = shown[episode_id]
            episode = pair[1]
            lent = lender.get(episode_id)
            match = episode_match(strength, fusion, episode_id, pair, lent)
            own = found.get(episode_id)
            similar = max([similarity(("segment", i)) for i in own]) if own else 0.0
            rel = self._relevance(score, weight + session_weight if episode_id in with_session else weight, match)
            rec = recency(episode.created_at, now, half_life_days=half_life)
            total = blend(relevance=rel, recency=rec, confidence=EPISODE_CONFIDENCE,
                          importance=EPISODE_IMPORTANCE, access=0.0, weights=weights)
            candidates.append(Candidate("episode", episode_id, total, rel, episode.created_at,
                                        episode.producer_id or episode.role, similar, (pair, lent, match, rec)))
        return candidates

    def _episode_hit(self, candidate: Candidate, strength: Strength, fusion: Fused) -> Hit:
        """``candidate`` (from ``_episode_candidates``) as a hit, with its signals and match evidence."""
        pair, lent, match, rec = candidate.data
        segment, episode = pair
        asked = [episode_match(q, fusion, candidate.id, pair, lent) for q in strength.questions]
        evident = max(asked if strength.alone and asked else [match, *asked])
        rel = candidate.relevance
        return Hit(
            kind="episode", id=candidate.id, text=episode.content, matched=segment.text,
            score=candidate.score, relevance=rel, created_at=episode.created_at, citations=(candidate.id,),
            scope=episode.scope, episode=own_episode(episode),
            signals=marked(candidate, {"relevance": rel, "recency": rec, "match": evident,
                                        "similarity": candidate.similarity, "segment_index": float(segment.index)}),
        )

    def _fact_candidates(self, fused: dict[int, float], facts: dict[int, Fact], lists: float,
                         strength: Strength, now: datetime, ahead: frozenset[int] = frozenset(),
                         asks_ahead: bool = False) -> list[Candidate]:
        """The fused facts, scored (``recall.hits.ranked_fact_hit`` makes one a hit); a fact no longer read is
        left out. A fact of ``ahead`` (a plan in the window a question about what is ahead names: ``recall.ahead``)
        matches it fully: its date is the match, as a period the question names is (``period_asked``). When the
        question ``asks_ahead`` (``recall.ahead.ahead_windows``), an event whose days are over (``valid_to`` by
        ``now``) scores ``Settings.superseded_weight`` times its blend: it answers no question about what is to
        come, as an outdated value answers none about the current one."""
        candidates = []
        w, s = self.settings.weights, self.settings
        for fact_id, score in fused.items():
            fact = facts.get(fact_id)
            if fact is None:
                continue
            text = match_text(fact)  # the key's topic words too
            match = 1.0 if fact_id in ahead else strength.of(("fact", fact_id), text)
            rel = self._relevance(score, lists, match)
            rec = recency(fact.observed_at, now, half_life_days=s.half_life_days)
            acc = access_signal(fact.access_count)
            total = blend(relevance=rel, recency=rec, confidence=fact.confidence,
                          importance=fact.importance, access=acc, weights=w)
            if asks_ahead and fact.valid_to is not None and fact.valid_to <= now:
                total *= s.superseded_weight
            candidates.append(Candidate("fact", fact_id, total, rel, fact.observed_at, fact.subject,
                                        strength.similarity(("fact", fact_id)), (fact, text, match, rec, acc)))
        return candidates

    def _relevance(self, fused: float, weight: float, strength: float) -> float:
        return calibrated_relevance(normalised_rrf(fused, weight=weight, k=self.settings.rrf_k), strength)



def _returned(hits: Sequence[Hit], query: Query) -> list[Hit]:
    """The first ``query.limit`` of the ranked ``hits`` that reach ``min_score`` and ``min_match``, a fact that says
    what a fact ranked above it says in the same words, of the same person, left out (``_said_again``)."""
    kept = [h for h in hits if h.score >= query.min_score
            and (query.min_match <= 0 or evidence(h) >= query.min_match)]
    return _said_again(kept)[: query.limit]


def _said_again(hits: Sequence[Hit]) -> list[Hit]:
    """``hits`` without a fact whose statement and subject a fact ranked before it has: 每天早上跑步 read as a pastime
    (``sport.like``) and as a habit (``preference.habit``) took two of five places with one line. Both stay
    stored (each key answers its own filter and listing); a search shows the line once."""
    seen: set[tuple[str, str]] = set()
    out: list[Hit] = []
    for h in hits:
        if h.fact is not None:
            said = (h.fact.subject or "", " ".join(h.fact.statement.split()).casefold())
            if said in seen:
                continue
            seen.add(said)
        out.append(h)
    return out
