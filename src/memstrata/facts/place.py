"""Where a new value falls in its key's history, whatever order messages arrive in (late arrival).

A value is current unless something said after it is stored: then it is a past value, held
until the first of these was said. A value said again after it went (UPS → FedEx → UPS)
cites the messages that said it before (``returning``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np

from memstrata.extract.base import FactCandidate
from memstrata.facts import withdraw
from memstrata.facts.resolve import Decision, same_value
from memstrata.facts.said import RawChange, Said
from memstrata.facts.split import candidate_terms, split_at
from memstrata.facts.terms import fact_terms
from memstrata.facts.timeline import place, said_after
from memstrata.store.withdrawals import Withdrawal
from memstrata.types import Fact, Scope

if TYPE_CHECKING:
    from memstrata.facts.engine import FactEngine


def _timeline(eng: FactEngine, conn: Any, scope: Scope, subject: str | None, key: str) -> list[Fact]:
    """The values of ``key`` about ``subject`` that make its timeline: active ones and superseded
    ones with an end (a superseded fact with no end was merged into another, ``maintain``, or set
    aside by a rollback)."""
    ids = [*eng.store.fact_ids(conn, scope, keys=[key], subject=subject, status="superseded"),
           *eng.store.fact_ids(conn, scope, keys=[key], subject=subject)]
    return [f for f in eng.store.load_facts(conn, ids) if f.status == "active" or f.valid_to is not None]


def place_value(eng: FactEngine, conn: Any, subject: str | None, said: Said, cand: FactCandidate,
                vector: np.ndarray | None, now: datetime, decision: Decision, later: Sequence[Fact], *,
                timeline: bool, by_twin: bool) -> RawChange:
    """Store a new value where it falls by when it was said, whatever order messages arrive in.

    It is current (``decision`` as ``decide`` made it) unless something said after it is
    stored: then it is a past value, held until the first of these was said: a value of the
    key (with ``timeline``, a single-valued key: ``facts.timeline.place``), a contradiction under
    another key said later (``later``: "I hate UPS" said after "I prefer UPS" arrived), or a
    withdrawal of its value (``store.withdrawals``). With ``timeline``, the value that held when
    it was said ends there (``cut``); the value that held then, said again, is that value restated
    (cited and touched, whatever its status); the value said next, said earlier, began earlier
    (``begin_earlier``); and a restatement ``decide`` found (touch, merge) of a value that did not
    hold then is a value of its own."""
    # Placed by when it was said; its own validity starts at ``start`` (a stated time: "I moved
    # to Berlin last year" said today is today's word, valid from last year).
    scope, at_time, start = said.scope, said.at, cand.valid_from or said.at
    stored = _timeline(eng, conn, scope, subject, cand.key) if timeline else []
    at = place(at_time, stored)
    target = decision.target if decision.action in ("touch", "merge") else None

    def restates(fact: Fact) -> bool:
        return fact.id == target or (not fact.encrypted and not eng.encrypts(cand)
                                     and same_value(cand.value, fact.value))
    # the value that held then, as its row says (said before, perhaps said again after)
    held = next((f for f in stored if restates(f) and (f.valid_from or f.observed_at) <= at_time
                 and (f.valid_to is None or f.valid_to > at_time)), None)
    if held is not None:
        return eng.execute(conn, decision if target == held.id else Decision("touch", target=held.id),
                           said, cand, vector, now)
    # a value said before it and again after it (one row) held apart on either side: two rows
    spans = next((f for f in stored if (f.valid_from or f.observed_at) <= at_time < f.observed_at
                  and (f.valid_to is None or f.valid_to > at_time)), None)
    earlier = None if spans is None else split_at(
        eng.store, conn, scope, spans, at_time, terms=fact_terms(candidate_terms(spans)), embedder=eng.embedder,
        actor=said.actor, now=now)
    if earlier is not None:
        at = place(at_time, eng.store.load_facts(conn, [f.id for f in stored] + [earlier.id]))
    cut = at.cut if at.cut is not None and at.cut.status == "superseded" else None
    if at.successor is not None and restates(at.successor) \
            and (at.successor.valid_from or at.successor.observed_at) > at_time:
        return begin_earlier(eng, conn, said, at.successor, cut, cand, now)
    if target is not None:
        if at.successor is None:
            return eng.execute(conn, decision, said, cand, vector, now)
        decision = Decision("create", superseded=decision.superseded)  # it held apart from the later one
    own = {f.id for f in stored}
    nexts: list[tuple[datetime, Fact | Withdrawal]] = [
        (said_after(f, at_time) or f.observed_at, f) for f in later if f.id not in own]
    if at.successor is not None and at.until is not None:
        nexts.append((at.until, at.successor))
    withdrawn = withdraw.withdrawn(eng, conn, scope, subject, cand, at_time)
    if withdrawn is not None:
        nexts.append((withdrawn.said_at, withdrawn))
    if not nexts:
        out = eng.execute(conn, decision, said, cand, vector, now, returning(eng, conn, scope, subject, cand, by_twin))
    else:
        until, successor = min(nexts, key=lambda p: (p[0], isinstance(p[1], Withdrawal)))
        # Contradictions under other keys said before it are retired as ever; the key's own values
        # are not: the newest of them stays current.
        kept = tuple(i for i in decision.superseded if i not in own | {f.id for f in later})
        _, fact_id, retired = eng.execute(conn, Decision("supersede" if kept else "create", superseded=kept),
                                          said, cand, vector, now)
        store_as_past(eng, conn, said, fact_id, cand, successor, max(start, until), now)
        out = ("past", fact_id, retired)
    if cut is not None:
        cut_at(eng, conn, said, cut, at_time, out[1], cand, now)
    return out



def begin_earlier(eng: FactEngine, conn: Any, said: Said, fact: Fact, cut: Fact | None, cand: FactCandidate,
                  now: datetime) -> RawChange:
    """``cand`` restates ``fact``, the value said next, and was said before it with no other
    value between: ``fact`` began when ``said``. Its ``valid_from`` moves back (an ``update``
    event keeps the old one), the message is cited, and the superseded ``cut`` (the value that
    held then) ends there. A newest-first log ("FedEx" in March, "FedEx" in February, "UPS" in
    January) thus gives the history a log in time order gives."""
    start = said.at
    eng.store.set_valid_from(conn, fact.id, start, now=now)
    eng.store.touch_fact(conn, fact.id, confidence=cand.confidence, now=now, observed_at=start)
    eng.store.cite(conn, fact.id, list(said.citations))
    old = fact.valid_from or fact.observed_at
    eng.store.log_event(conn, said.scope, fact_id=fact.id, action="update", actor=said.actor, now=now,
                        detail=said.detail(restated=eng.shown(cand), episode=said.episode_id, arrived_late=True,
                                           valid_from=[old.isoformat(), start.isoformat()]))
    if cut is not None:
        cut_at(eng, conn, said, cut, start, fact.id, cand, now)
    return "touch", fact.id, ()


def cut_at(eng: FactEngine, conn: Any, said: Said, cut: Fact, start: datetime, by: int, cand: FactCandidate,
           now: datetime) -> None:
    """End the superseded ``cut`` at ``start``, when fact ``by`` (a value said inside its
    validity that arrived late) took its place, with a ``supersede`` event naming ``by`` (the
    fact's latest such event names what replaced it: ``lifecycle.rollback.replaced_by``)."""
    eng.store.set_valid_to(conn, cut.id, start, now=now)
    eng.store.log_event(conn, said.scope, fact_id=cut.id, action="supersede", actor=said.actor, now=now,
                        detail=said.detail(superseded_by=by, new_value=eng.shown(cand), episode=said.episode_id,
                                           ended_by_late_value=True,
                                           valid_to_was=None if cut.valid_to is None else cut.valid_to.isoformat()))


def returning(eng: FactEngine, conn: Any, scope: Scope, subject: str | None, cand: FactCandidate,
              by_twin: bool) -> list[Fact]:
    """Superseded facts under ``cand``'s key and subject whose value ``cand`` states again (the
    same value, or with ``by_twin`` its cross-language twin: ``extract.twins``). "I prefer UPS"
    → "make it FedEx" → "On second thought, UPS": the new UPS fact cites the first message too,
    which states the current value again and so is no longer outdated (``recall.outdated``).
    Events are never superseded and are not looked at."""
    if cand.kind == "episode" or eng.encrypts(cand):
        return []
    ids = eng.store.fact_ids(conn, scope, keys=[cand.key], subject=subject, status="superseded")
    old = [f for f in eng.store.load_facts(conn, ids) if not f.encrypted]
    same = [f for f in old if same_value(cand.value, f.value)]
    rest = [f for f in old if f not in same]
    found = eng.twins(cand.value, rest) if by_twin and rest else set()
    return same + [f for f in rest if f.id in found]


def store_as_past(eng: FactEngine, conn: Any, said: Said, fact_id: int, cand: FactCandidate,
                  successor: Fact | Withdrawal, until: datetime, now: datetime) -> None:
    """Mark the just-inserted ``fact_id`` superseded by ``successor`` (the first value said after
    it, or a withdrawal of its value), valid until ``until`` (when that was said). The
    ``supersede`` event has the shape of any other (a withdrawal's that of a retraction:
    ``superseded_by`` none, ``retracted``, the withdrawing ``statement`` and ``episode``), so
    ``forget`` treats it alike; ``arrived_late`` says why it was never current (``rollback``
    refuses to make it current over a value said after it: ``lifecycle.rollback``)."""
    eng.store.set_fact_status(conn, fact_id, "superseded", now=now, valid_to=until)
    if isinstance(successor, Withdrawal):
        detail = said.detail(superseded_by=None, retracted=True, statement=successor.statement,
                             episode=successor.episode_id, arrived_late=True)
    else:
        detail = said.detail(superseded_by=successor.id, new_value=successor.value, episode=said.episode_id,
                             arrived_late=True)
    eng.store.log_event(conn, said.scope, fact_id=fact_id, action="supersede", actor=said.actor, detail=detail,
                        now=now)
