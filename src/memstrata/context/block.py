"""What ``Memory.context`` puts in its block: the ranked hits, or the user's profile when nothing
matched, or the profile first for a question about the user in general, and the standing
dietary and health facts first for a request about food (``standing``).

The decision reads the query-match evidence of the hits (``recall.evidence``), never their number:
a store with a few memories returns some hit for any query ("hi" → "I like tea" at 0.84), and
deciding by "no hit at all" left the allergy out of "what do you know about me?". The
profile is the scope's current facts (or those believed at ``as_of``), most
important first, so a health fact leads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime

from memstrata.arguments import check_whole
from memstrata.context.attribution import ELSEWHERE, about_other_person, about_relative, asked_relatives, is_users_own
from memstrata.context.folders import holds_in, nearest, same_folder
from memstrata.context.governed import governs, jobs_named
from memstrata.context.instructions import filtered, instructions_budget, standing, without_instructions
from memstrata.context.later import with_later
from memstrata.context.render import (
    MIN_BUDGET_TOKENS,
    estimate_tokens,
    is_safety,
    render_context,
    render_lines,
    restated,
)
from memstrata.context.standing import is_about_food, is_non_food_allergen, is_severe_allergy
from memstrata.errors import InvalidInput
from memstrata.extract.conventions import is_how_to_work
from memstrata.filter import And, Compare, Expr, Field
from memstrata.recall.content_free import is_content_free
from memstrata.recall.evidence import beside_matches, is_general, matches, part_matches
from memstrata.recall.hits import fact_hit
from memstrata.recall.outdated import fact_retired
from memstrata.text.requests import asks_to_act
from memstrata.types import Fact, Hit

#: Newest active facts ``Memory.context`` reads for its profile fallback (ranked there by
#: importance): bounded so that a user with 10,000 facts costs one short indexed read, not a scan.
PROFILE_FACTS = 200


def check_budget(value: object, maximum: int | None = None) -> int:
    """``value`` as a block's ``budget_tokens``: a whole number of estimated tokens from
    ``context.render.MIN_BUDGET_TOKENS`` (a title and one cited line) to ``maximum`` (``None``: no
    bound, the SDK's; REST bounds it at ``server.models.MAX_BUDGET_TOKENS``, MCP at
    ``server.mcp_arguments.MAX_CONTEXT_TOKENS``). The one check and wording of every door
    (``arguments.check_whole``).

    Raises:
        InvalidInput: ``field`` ``budget_tokens``; ``budget_tokens must be a whole number from 40
            up, got 0``.
    """
    return check_whole(value, "budget_tokens", MIN_BUDGET_TOKENS, maximum)


def check_arguments(budget_tokens: object, profile: object, project_folder: object = None) -> None:
    """Check a block's own arguments: ``budget_tokens`` (``check_budget``), ``profile`` a bool,
    ``project_folder`` ``None`` or a folder path (a string with something besides spaces).

    Raises:
        InvalidInput: naming the argument (``details.field``) and the value given.
    """
    check_budget(budget_tokens)
    if not isinstance(profile, bool):
        raise InvalidInput(f"profile must be True or False, got {profile!r}", field="profile")
    if project_folder is not None and (not isinstance(project_folder, str) or not project_folder.strip()):
        # A blank folder (``cwd`` unset) read as "no folder" would show every project's conventions as this one's.
        raise InvalidInput(f"project_folder must be the project's folder (a non-empty string) or None, "
                           f"got {project_folder!r}", field="project_folder")


def in_folder(hits: Sequence[Hit], folder: str | None) -> list[Hit]:
    """``hits`` without the conventions of projects other than ``folder`` (``Fact.project``: "This repo uses
    yarn" said in ``/home/dev/b`` is no convention of ``/home/dev/a``); ``hits`` unchanged for ``None`` (every
    project's convention, each named by its folder: ``context.attribution``). Conventions said with no folder and
    every other memory stay; a turn said in another folder is marked ``context.attribution.ELSEWHERE`` (its line
    names that folder) and comes after every hit of this folder or of none, each part in its ranked order: asked
    "what package manager does this repo use?" in ``/home/dev/a``, a turn of ``/home/dev/b`` naming poetry may score
    above this folder's pnpm (its words are closer to the question), but the folder's own memory answers it. A
    convention said in a folder ``folder`` is inside holds here too, unless a nearer folder's holds under its key
    (``context.folders``). In place for the marks."""
    kept = [h for h in hits if h.fact is None or of_folder(h.fact, folder)]
    if folder is not None:  # the nearest folder's convention of a key (``context.folders.nearest``)
        held = {id(f) for f in nearest([h.fact for h in kept if h.fact is not None])}
        kept = [h for h in kept if h.fact is None or id(h.fact) in held]
    for hit in kept:  # a turn said in another folder ("This repo uses yarn") names it: it is not this one's
        said_in = hit.episode.metadata.get("project") if hit.episode is not None else None
        if folder is not None and isinstance(said_in, str) and said_in.strip() and not same_folder(said_in, folder):
            hit.signals[ELSEWHERE] = 1.0
    return [h for h in kept if not h.signals.get(ELSEWHERE)] + [h for h in kept if h.signals.get(ELSEWHERE)]


def of_folder(fact: Fact, folder: str | None) -> bool:
    """Whether ``fact`` belongs in a block for ``folder`` (``in_folder``): any fact but another project's
    convention (one said in ``folder`` or a folder it is inside holds: ``context.folders.holds_in``); every fact
    when ``folder`` is ``None``."""
    return folder is None or fact.project is None or holds_in(fact.project, folder)


def profile_filter(where: Expr | None, as_of: datetime | None) -> Expr | None:
    """The filter of the facts a profile fallback reads: ``where``, and with ``as_of`` only the
    facts recorded by then (retired ones too: they may have been current then)."""
    if as_of is None:
        return where
    until = Compare(Field("created_at"), "<=", as_of.astimezone(UTC).isoformat())
    return until if where is None else And((where, until))


def profile_order(facts: Sequence[Fact], *, as_of: datetime | None = None, now: datetime | None = None,
                  ) -> list[Fact]:
    """``facts`` most important first (then newest, then highest id), keeping only those the
    system held at ``as_of`` when given: recorded by then and not yet retired (superseded or
    merged) then, as ``search(as_of=...)`` reads facts. With ``now``, the facts that ended before it
    (``is_past``: a dentist appointment on 2026-11-03 read on 2026-12-06) come after all the others:
    a plan still ahead is not pushed out of a small block by one already over."""
    if as_of is not None:
        facts = [f for f in facts if f.recorded_at <= as_of and (f.expired_at is None or f.expired_at > as_of)]
    return sorted(facts, key=lambda f: (now is not None and is_past(f, now, as_of), -f.importance,
                                        -f.observed_at.timestamp(), -f.id))


def is_past(fact: Fact, now: datetime, as_of: datetime | None = None) -> bool:
    """Whether ``fact`` held only until before ``now``: its ``valid_to`` (the end of the day or month a
    one-off event was said for, "a vet appointment on November 6th" -> 2026-11-07, 11月20号要交房租 ->
    2026-11-21) has passed. A fact superseded (at ``as_of`` when given, ``recall.outdated.fact_retired``) is
    outdated instead (``Hit.superseded``); one superseded only after ``as_of`` was current then, and is past if
    its day was over by ``now``."""
    return not fact_retired(fact, as_of) and fact.valid_to is not None and fact.valid_to <= now


def mark_past(hits: Sequence[Hit], now: datetime, as_of: datetime | None = None) -> None:
    """Mark each fact hit that ``is_past`` at ``now`` (as held at ``as_of``) with ``signals["past"]``: the block
    labels it ``[past]`` (``[已过去]``; ``context.render``), so an agent never reads an appointment that is over
    as one to come. In place."""
    for hit in hits:
        if hit.fact is not None and is_past(hit.fact, now, as_of):
            hit.signals["past"] = 1.0


def build(query: str, hits: Sequence[Hit], budget_tokens: int, *,
          profile: Callable[[], Sequence[Hit]] | None, drop_unmatched: bool = False,
          current: Callable[[], Sequence[Hit]] | None = None,
          instructions: Callable[[], Sequence[Hit]] | None = None,
          stated: Callable[[Sequence[int]], Mapping[int, Sequence[Fact]]] | None = None) -> str:
    """The context block for ``query``, at most ``budget_tokens`` estimated tokens in all: the user's standing
    instructions to the assistant first, under "Standing instructions from the user", whatever the query
    (``context.instructions``: "always answer me in Chinese" holds for "what should I cook tonight?" too), in at most
    ``context.instructions.INSTRUCTIONS_SHARE`` of the budget; then the block ``answer`` gives in the tokens they
    leave, without them (never again under "How to work" or the profile) and without a message that only restates
    one of them.

    Args:
        query, hits, budget_tokens, profile, drop_unmatched, current: as ``answer``'s.
        instructions: gives the scope's instruction facts (``fact_hit`` of ``profile_order``'s, read by their kind,
            ``context.instructions.is_instruction``); only the current ones are shown (``standing``). ``None``
            (short-term mode, fact-less ``kinds``): none.
        stated: gives, for episode ids, the current facts citing each (what the message states): a message line
            is then followed by a later message about one of them as a fact line is (``context.later.with_later``);
            ``None``: message lines stand for no fact.

    Returns:
        the block; ``""`` when there is nothing to show (no instruction and ``answer`` gives ``""``).
    """
    said = stated([h.id for h in hits if h.kind == "episode"]) if stated is not None else {}
    rules = standing(instructions()) if instructions is not None else []
    if not rules:
        return answer(query, hits, budget_tokens, profile=profile, drop_unmatched=drop_unmatched, current=current,
                      stated=said)
    head, _ = render_lines(query, rules, instructions_budget(budget_tokens), heading="instructions_title")
    rest = answer(query, without_instructions(hits, rules), budget_tokens - estimate_tokens(head),
                  profile=filtered(profile, rules), drop_unmatched=drop_unmatched, current=filtered(current, rules),
                  stated=said)
    return head + rest


def answer(query: str, hits: Sequence[Hit], budget_tokens: int, *,
           profile: Callable[[], Sequence[Hit]] | None, drop_unmatched: bool = False,
           current: Callable[[], Sequence[Hit]] | None = None,
           stated: Mapping[int, Sequence[Fact]] | None = None) -> str:
    """The part of a context block that answers ``query`` (``context.render.render_context`` for each part), at most
    ``budget_tokens`` estimated tokens in all.

    Args:
        query: the question; its language picks the labels, ``recall.evidence.is_general`` its kind.
        hits: the ranked hits, best first (``Memory.search``).
        budget_tokens: bound of the whole block (``context.render.estimate_tokens``).
        profile: gives the profile hits (``fact_hit`` of ``profile_order``'s facts), called only
            when needed; ``None`` when the profile is not to be used (``profile=False``,
            short-term mode, fact-less ``kinds``).
        drop_unmatched: when nothing matches, give ``""`` rather than the hits as ranked
            (``Memory.context(profile=False)``: the caller wants matches or nothing).
        current: gives the scope's current facts as ``profile`` does, for the standing part a request to act
            calls for, also when the profile is not used (``profile=False``); ``None``: ``profile``.
        stated: episode id -> the current facts that message states (``build``'s), for ``context.later``.

    Returns:
        * a query about the user in general ("what do you know about me?", 你了解我什么, "hi"):
          the project's conventions first, under "How to work: …" (``extract.conventions.is_how_to_work``; the
          user's instructions are ``build``'s, above the whole block), then the rest of
          the profile under "What is known about this user" (the facts about other people, a boss,
          a customer, Tom, under "About other people": ``context.attribution.about_other_person``),
          then the hits that match it by
          meaning (``recall.evidence.matches(general=True)``) not already stated by the profile;
        * otherwise, when some hit matches (``recall.evidence.matches``): the hits with some evidence
          of a match (``recall.evidence.beside_matches``), as ranked (the others are left out: in a
          small store every hit scores high, so "where does the user live?" listed the Visa card and
          the cats under the city); for a
          request about food (``context.standing.is_about_food``: "plan dinner", 帮我安排晚餐) the
          profile's current dietary and health facts (``context.standing.FOOD_KEYS``) of the user and
          their relatives come first under "Dietary and health needs to respect", other people's under "About
          other people", then the matching hits they do not already state (when none matches, the rest of the
          profile under "What is known about this user", other people's under "About other people");
        * when none does: the profile under "… (nothing matched the query)" (how to work first under its own
          heading, other people's facts under "About other people"), after the hits that answer one part of a
          question of several by its words (``recall.evidence.part_matches``) under "Memories that answer part of
          the query"; with such hits the profile's title is "What else is known about this user" (a part matched);
        * with no profile to give (no current facts, or ``profile`` is ``None``): the hits, as
          ranked (``""`` for none, or with ``drop_unmatched``).

        A request to act on the project (``text.requests.asks_to_act``: "install the deps and add lodash",
        帮我装一下依赖) opens the matched hits, or stands in for nothing matched, with the folder's conventions (and any
        instruction ``build`` did not take: ``extract.conventions.is_how_to_work``) under "How to work": "we use pnpm"
        shares no word with the request, yet it says how to do it. So does a question naming the kind of tool a
        convention chose (``context.governed``: "which package manager should I use?" and "This repo uses pnpm"),
        with the conventions and instructions of that kind.

        A message that says nothing of its own ("Noted.", "Got it!", 好的, 收到: ``recall.content_free``) is never a
        line, whatever it borrowed from the turn it acknowledged.
    """
    hits = [h for h in hits if not is_content_free(h)]  # "Noted.", 好的: no line says nothing (``recall.content_free``)
    general = is_general(query)
    relatives = frozenset() if general else asked_relatives(query)
    theirs = _about(hits, relatives)
    matched = bool(matches(hits)) or bool(theirs)
    facts = current if current is not None else profile
    acting = not general and asks_to_act(query)
    named = frozenset() if general or acting else jobs_named(query)  # "which package manager should I use?"
    work = [h for h in facts() if _is_work(h) and not h.superseded and (acting or governs(h, named))] \
        if facts is not None and (acting or named) else []
    standing = _food_constraints(profile) if not general and profile is not None and is_about_food(query) else []
    if standing:  # "plan dinner": the allergy first, whatever the ranking made of it
        own, others = _by_whom(standing, household=True)
        own = _about(own, relatives) + [h for h in own if not about_relative(h, relatives)]
        if matched:  # "what does my mom like to eat?": her memories first, then the needs of the household
            rest = [h for h in beside_matches(hits, query) if not about_relative(h, relatives)]
            parts = [(theirs, "context_title"), (own, "constraints_title"), (others, "others_title"),
                     (rest, "more_title" if theirs else "context_title")]
            return _sections(query, parts, budget_tokens, hits, stated)
        shown = {h.id for h in standing}  # nothing matched: the rest of the profile follows
        rest_own, rest_others = _by_whom([h for h in profile() if h.id not in shown] if profile is not None else [])
        parts = [(own, "constraints_title"), (part_matches(hits, query), "partial_title"), (rest_own, "known_title"),
                 (others + rest_others, "others_title")]
        return _sections(query, parts, budget_tokens, hits, stated)
    if not general and matched:  # only the lines that match: a small store ranks every memory high
        # A question about the user's wife is answered by what is said of her first, matched by its meaning or
        # not (an English message read for 我老婆在哪里工作 shares no word with it), then the user's own lines.
        rest = [h for h in beside_matches(hits, query) if not about_relative(h, relatives)]
        if work:  # "run the tests": how the folder runs them first, then what matched
            return _sections(query, [(work, "work_title"), (theirs + rest, "context_title")], budget_tokens, hits,
                             stated)
        return render_context(query, with_later(theirs + rest, hits, stated=stated), budget_tokens)
    if profile is None:
        if work:  # "install the deps and add lodash" matched nothing: how to work stands in for it
            return _sections(query, [(work, "work_title")], budget_tokens, hits, stated)
        return "" if drop_unmatched else render_context(query, hits, budget_tokens)
    known = profile()
    if not known:
        return render_context(query, hits, budget_tokens)
    own, others = _by_whom(known)
    work, own = [h for h in own if _is_work(h)], [h for h in own if not _is_work(h)]
    if not general:  # a part of a question answered by its words goes first (``part_matches``)
        partial = part_matches(hits, query)
        # With a part answered above it, "nothing matched the query" was false of the profile's title.
        own_title = "profile_rest_title" if partial else "profile_title"
        return _sections(query, [(partial, "partial_title"), (work, "work_title"),
                                 (own, own_title), (others, "others_title")], budget_tokens, hits, stated)
    parts = [(work, "work_title"), (own, "known_title"), (others, "others_title"),
             (matches(hits, general=True), "context_title")]
    return _sections(query, parts, budget_tokens, hits, stated)


def _about(hits: Sequence[Hit], relatives: frozenset[str]) -> list[Hit]:
    """The ``hits`` about the user's ``relatives`` a question asks about (``context.attribution.about_relative``),
    in their order, whatever their match ("anything I should prepare for him?" shares no word with what was said of
    the brother), but an outdated one whose replacement the search did not find (``recall.evidence``: it answers
    nothing on its own)."""
    return [h for h in hits if about_relative(h, relatives) and not h.signals.get("replaced_unseen")]


def _is_work(hit: Hit) -> bool:
    """Whether ``hit`` is a fact about how to work: an instruction to the agent or a project's convention
    (``extract.conventions.is_how_to_work``), which a profile lists first under its own heading."""
    return hit.kind == "fact" and hit.fact is not None and is_how_to_work(hit.fact.key)


def _by_whom(hits: Sequence[Hit], *, household: bool = False) -> tuple[list[Hit], list[Hit]]:
    """``hits`` split, each part in its order: those about the user, and those about other people, which never go
    under the user's headings ("the boss is allergic to shellfish", "Tom is on the payments team"; a relative's "their
    wife is a nurse", 老婆是护士, was listed as known about the user). With ``household`` (a meal's dietary needs) the
    user's relatives and pets go with the user (``context.attribution.about_other_person``)."""
    def others(h: Hit) -> bool:
        return about_other_person(h) if household else not is_users_own(h)
    return [h for h in hits if not others(h)], [h for h in hits if others(h)]


def _food_constraints(profile: Callable[[], Sequence[Hit]]) -> list[Hit]:
    """The profile's current facts that constrain a meal (``context.standing.FOOD_KEYS``): the user's own
    first, then their relatives' and other people's (``build`` puts the latter under their own
    heading), each in the profile's order (else "Mom is
    allergic to shellfish" read above the user's own peanut allergy: the newer
    fact came first among equally important ones), a severe allergy (``context.standing.is_severe_allergy``)
    first within each. An allergy to something not eaten (``context.standing.is_non_food_allergen``: cats,
    pollen, penicillin) comes after all of them, and someone else's is no need of the meal at all ("My sister is
    allergic to cats" was listed under "Dietary needs to respect" for "what food do I like?")."""
    found = [h for h in profile() if is_safety(h) and not h.superseded
             and not (_non_food_allergy(h) and not is_users_own(h))]
    # Stable: the profile's order within each group. An allergy to something not eaten goes
    # last: it must not take a small block's only line from a food. Equally important allergies came
    # newest first, so a mild one said last led a severe one.
    return sorted(found, key=lambda h: (_non_food_allergy(h), not is_users_own(h), not _severe_allergy(h)))


def _non_food_allergy(hit: Hit) -> bool:
    return hit.fact is not None and hit.fact.key == "health.allergy" and is_non_food_allergen(hit.fact.value)


def _severe_allergy(hit: Hit) -> bool:
    return hit.fact is not None and is_severe_allergy(hit.fact.key, hit.fact.statement)


def _sections(query: str, parts: Sequence[tuple[Sequence[Hit], str]], budget_tokens: int,
              found: Sequence[Hit] = (), states: Mapping[int, Sequence[Fact]] | None = None) -> str:
    """Each of ``parts`` (hits, heading label) in turn, under its heading, all within
    ``budget_tokens``; a part gives only the hits the parts before it do not already state (the
    same fact or message, or a message their facts restate), and an empty part gives no heading. A current
    fact, or a message stating one (``states``: episode id -> the current facts citing it), is followed by the
    message of ``found`` (the search's hits) said later about the same thing (``context.later.with_later``). When
    a part had to leave a safety line out (``context.render.render_lines``), nothing follows it: the budget goes to
    the allergies before anything else."""
    out = ""
    shown: set[int] = set()
    said: set[int] = set()  # messages shown
    stated: dict[int, list[str]] = {}
    every = [h for hits, _ in parts for h in hits]
    for hits, heading in parts:
        rest = [h for h in with_later(hits, found, every, states) if not (h.kind == "fact" and h.id in shown)
                and not (h.kind == "episode" and (h.id in said or restated(h.text, stated.get(h.id, ()))))]
        block, left_out = render_lines(query, rest, budget_tokens - estimate_tokens(out), heading=heading)
        out += block
        if left_out:
            return out
        shown.update(h.id for h in rest if h.kind == "fact")
        said.update(h.id for h in rest if h.kind == "episode")
        for fact in rest:
            if fact.kind == "fact":
                for episode in fact.citations:
                    stated.setdefault(episode, []).append(fact.text)
    return out


def profile_hits(facts: Sequence[Fact], *, limit: int, as_of: datetime | None = None,
                 now: datetime | None = None) -> list[Hit]:
    """The first ``limit`` of ``profile_order(facts, as_of=as_of, now=now)`` as unranked fact hits, those
    over at ``now`` marked so (``mark_past``)."""
    hits = [fact_hit(f) for f in profile_order(facts, as_of=as_of, now=now)[:limit]]
    if now is not None:
        mark_past(hits, now, as_of)
    return hits
