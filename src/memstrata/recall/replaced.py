"""What replaced an outdated hit matches as well as it did: match evidence travels forward along
the supersede chain.

An outdated memory (``recall.outdated``: "I prefer UPS for delivery" after "I switched carriers
to DHL") still holds the words of a question about its topic, often more of them than what
replaced it: "what do I prefer for delivery?" covers "I prefer UPS for delivery" fully and "I
switched carriers to DHL" at 0.23. Filtered by match evidence (``search(min_match=...)``,
``Memory.context``'s nothing-matched decision, the coding-agent hook's prompt filter) the old
value was then shown alone, labelled outdated but with nothing current beside it: the agent
learnt that UPS no longer holds and not what does.

A supersede is a new value for the same key and subject, so what replaced a fact answers the
question the fact answered. A search with an outdated hit among those it returns therefore:

* follows each superseded fact of that hit (the fact itself, or the superseded facts citing an
  episode: ``store.citing_facts``) along its latest ``supersede`` event's ``superseded_by`` (or
  ``merge`` event's ``merged_into``) to the fact that holds now (at ``as_of``: the one not yet
  retired then), through any number of steps (UPS → FedEx → DHL);
* counts as its **replacements** that fact and the episodes that state it (its citations), or,
  for a withdrawal ("I no longer use FedEx": the chain ends with no successor), the episode that
  withdrew it;
* raises each replacement found among the search's candidates to the outdated hit's ``match``
  (``Hit.signals``), so it passes any filter the outdated one passes;
* and gives an outdated hit none of whose replacements is a candidate no evidence of its own
  (``signals["replaced_unseen"]``, read by ``recall.evidence.evidence``): shown alone it would
  answer a question about the present with a value that no longer holds.

Dropping every outdated hit would be simpler and wrong: "which carrier did I use before DHL?" is
answered by it, and beside its replacement the label tells the agent which value holds. Fetching a
replacement that is not a candidate would add a hit the ranking never chose: evidence only, the
ranking and its figures are untouched. A hit said in a period the question names keeps that
evidence (``period_asked``: what was said then is the answer), and passes it on to nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from memstrata.recall.outdated import retired, shown_text
from memstrata.store.protocol import Store
from memstrata.store.records import Citation
from memstrata.text.tokens import text_units
from memstrata.types import Fact, Hit, Scope

#: Most supersede steps followed from one fact: a key changed more often than this within one
#: search's outdated hits is read no further (each step is one store read of events and facts).
MAX_STEPS = 16

HitKey = tuple[str, int]


@dataclass(frozen=True)
class Link:
    """A retired fact's latest successor (``None``: withdrawn) and the episode that retired it."""

    successor: int | None
    episode: int | None


def links(events: Iterable[tuple[int | None, str, Mapping[str, object]]]) -> dict[int, Link]:
    """Each fact's latest retiring event, from ``(fact_id, action, detail)`` oldest first: a
    ``supersede`` names ``superseded_by`` (``None`` for a withdrawal) and the ``episode`` that said
    it; a ``merge`` of the fact away names ``merged_into``. Other events are ignored."""
    found: dict[int, Link] = {}
    for fact_id, action, detail in events:
        if fact_id is None:
            continue
        if action == "supersede":
            found[fact_id] = Link(_as_id(detail.get("superseded_by")), _as_id(detail.get("episode")))
        elif action == "merge" and "merged_into" in detail:
            found[fact_id] = Link(_as_id(detail["merged_into"]), None)
    return found


def _as_id(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def replacements(start: int, chain: Mapping[int, Link], facts: Mapping[int, Fact],
                 as_of: datetime | None) -> set[HitKey]:
    """The hits that replace fact ``start`` (retired): the fact its chain of ``chain`` links ends
    at (the first not retired at ``as_of``, from ``facts``) and the episodes it cites; for a chain
    ending in a withdrawal, the withdrawing episode; empty when the chain breaks (a successor
    deleted or not read) or loops."""
    seen = {start}
    at = start
    for _ in range(MAX_STEPS):
        link = chain.get(at)
        if link is None:
            return set()
        if link.successor is None:
            return set() if link.episode is None else {("episode", link.episode)}
        fact = facts.get(link.successor)
        if fact is None or fact.id in seen:
            return set()
        if not retired(fact.status, fact.recorded_at, fact.expired_at, as_of):
            return {("fact", fact.id), *(("episode", e) for e in fact.citations)}
        seen.add(fact.id)
        at = fact.id
    return set()


def share_evidence(hits: Sequence[Hit], replaced_by: Mapping[HitKey, set[HitKey]],
                   beside: Collection[HitKey] = ()) -> None:
    """For each outdated hit of ``replaced_by`` (its key → its replacements' keys): raise every
    replacement among ``hits`` to its ``match`` signal, or mark it ``replaced_unseen`` when none is
    among them (module docstring), unless it answers the question ``beside`` what was replaced
    (``asked_beside``); a hit with no replacement to name (empty set) is left as it is.
    In place: the hits are a search's own, not yet returned."""
    by_key: dict[HitKey, Hit] = {(h.kind, h.id): h for h in hits}
    for key, instead in replaced_by.items():
        hit = by_key.get(key)
        if hit is None or hit.signals.get("period_asked"):
            continue
        known = [k for k in instead if k != key]
        if not known:
            # No replacement can be named (its facts forgotten, the chain broken): nothing current
            # to show beside it, so the hit keeps its own evidence and its outdated label.
            continue
        present = [by_key[k] for k in known if k in by_key]
        match = hit.signals.get("match", 0.0)
        for other in present:
            other.signals["match"] = max(match, other.signals.get("match", 0.0))
        if not present and key not in beside:
            hit.signals["replaced_unseen"] = 1.0


def carry_forward(store: Store, scope: Scope, hits: Sequence[Hit], cited: Iterable[Citation],
                  as_of: datetime | None, asked: Collection[str] = ()) -> None:
    """``share_evidence`` for the outdated hits among ``hits`` (``Hit.superseded``), reading their
    supersede chains from ``store`` (one read of events and one of facts per step); ``cited`` are
    the episode hits' citing facts (``Store.citing_facts``); ``asked`` the question's terms as match
    strength counts them (``Strength.terms``), for ``asked_beside``."""
    retired_by_episode: dict[int, set[int]] = {}
    for c in cited:
        if retired(c.status, c.recorded_at, c.expired_at, as_of):
            retired_by_episode.setdefault(c.episode_id, set()).add(c.fact_id)
    starts: dict[HitKey, set[int]] = {}
    for hit in hits:
        if hit.superseded:
            starts[(hit.kind, hit.id)] = ({hit.id} if hit.kind == "fact"
                                          else retired_by_episode.get(hit.id, set()))
    chain, facts = _read_chains(store, scope, {f for fs in starts.values() for f in fs})
    beside = {(h.kind, h.id) for h in hits if (h.kind, h.id) in starts and asked_beside(h, asked)}
    share_evidence(hits, {key: {k for f in fs for k in replacements(f, chain, facts, as_of)}
                          for key, fs in starts.items()}, beside)


def asked_beside(hit: Hit, asked: Collection[str]) -> bool:
    """Whether outdated ``hit`` answers the question by what it says beside its replaced part: it names
    its replaced pieces (``Hit.outdated_parts``: "I live in Leeds" of "I live in Leeds with my wife Anna",
    ``text.stating``), and some term of ``asked`` (the question's terms as match strength counts them)
    is in the rest of what it shows. "who is Anna?" over that sentence after a move to York asks about
    Anna, not the home: the sentence still tells who she is, so it keeps its evidence though the York
    fact was not found; "where do I live?" holds "live" in the replaced piece alone, and "I prefer UPS
    for delivery" is replaced whole: what replaced the value answers those, and the hit alone does not."""
    if not hit.outdated_parts or not asked:
        return False
    rest = shown_text(hit)
    for part in hit.outdated_parts:
        rest = rest.replace(part, " ")
    return bool(set(asked) & text_units(rest))


def _read_chains(store: Store, scope: Scope, start: set[int]) -> tuple[dict[int, Link], dict[int, Fact]]:
    """The links of the facts ``start`` and of every successor they lead to, and those successors."""
    chain: dict[int, Link] = {}
    facts: dict[int, Fact] = {}
    todo = set(start)
    for _ in range(MAX_STEPS):
        if not todo:
            break
        chain.update(links((e.fact_id, e.action, e.detail) for e in store.events(scope, sorted(todo))))
        nxt = {n for f in todo if f in chain and (n := chain[f].successor) is not None} - facts.keys()
        found = store.get_facts(scope, sorted(nxt)) if nxt else {}
        facts.update(found)
        todo = {f for f, fact in found.items() if fact.status != "active" and f not in chain}
    return chain, facts
