"""The one engine that changes facts: every extractor, rule or LLM, hands its candidates here.

``FactEngine.apply`` decides what a candidate does to the stored facts of its key and subject
(``facts.resolve.decide``: touch, merge, create, supersede), places a value said before others by
when it was said (``facts.timeline``: a late arrival is stored as the past value it was), keeps
withdrawals (a value withdrawn after it was said is stored as past), restates a value in the other
language as its twin (``extract.twins``), brings back the messages of a value that returns, and
writes every change with its audit event, inside the caller's transaction. The write path
(``write.ingest``) calls it for the rule extractor's candidates, ``semantic.apply`` for the LLM's.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

import numpy as np

from memstrata.config import Settings
from memstrata.errors import EmbeddingError
from memstrata.extract.allergens import allergen
from memstrata.extract.base import FactCandidate
from memstrata.extract.habits import withdraws_habit
from memstrata.extract.rules import favourite_label
from memstrata.extract.taxonomy import KEYS, key_spec
from memstrata.extract.twins import kinds_of, twins
from memstrata.facts.resolve import EXACT_KEYS, Decision, choice_key, contradicts, decide, normalise_value, same_value
from memstrata.facts.split import candidate_terms, split_at
from memstrata.facts.timeline import place, said_after
from memstrata.privacy.crypto import Cipher
from memstrata.store.protocol import Store
from memstrata.store.records import NewFact
from memstrata.store.withdrawals import Withdrawal
from memstrata.text.tokens import index_text
from memstrata.types import Fact, Scope

log = logging.getLogger(__name__)

#: One change a candidate made: ``(action, fact_id, previous fact ids)``; action is ``create``,
#: ``touch``, ``merge``, ``supersede``, ``past`` (stored as a value that no longer held) or ``retract``.
Change = tuple[str, int, tuple[int, ...]]


class Said(Protocol):
    """Where and when a candidate was said: the message's scope (its session is not the facts'),
    its speaker (the facts' subject when they are about the speaker), when it was said
    (timezone-aware UTC) and when the message expires (``None``: never). ``write.ingest.Message``
    is one; ``Statement`` another."""

    @property
    def scope(self) -> Scope: ...
    @property
    def speaker(self) -> str | None: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def expires_at(self) -> datetime | None: ...


@dataclass(frozen=True)
class Statement:
    """A ``Said`` for a candidate that comes with no message of its own (an LLM command citing
    stored episodes)."""

    scope: Scope
    speaker: str | None
    created_at: datetime
    expires_at: datetime | None = None


class FactEngine:
    """Applies candidate facts to a store (see the module docstring). One engine serves one batch.

    Args:
        store: any ``Store``; every method runs inside the caller's write transaction ``conn``.
        embedder: for cross-language twins and splitting a value's row, or ``None``.
        actor: written in every event (``extractor:rules-v1``, ``llm:openai:gpt-4o``).
        merge_similarity: cosine at or above which two values of a key are one (``decide``).
        settings: TTLs (a new fact's expiry).
        cipher: encrypts high-sensitivity values; ``None``: they are stored as given.
        detail: added to every event's detail (an LLM run id, so the run can be undone).
    """

    def __init__(self, store: Store, embedder: Any, *, actor: str, merge_similarity: float = 0.9,
                 settings: Settings | None = None, cipher: Cipher | None = None,
                 detail: Mapping[str, object] | None = None) -> None:
        self.store = store
        self.embedder = embedder
        self.actor = actor
        self.merge_similarity = merge_similarity
        self.settings = settings or Settings()
        self.cipher = cipher
        self.detail = dict(detail or {})

    def apply(self, conn: Any, msg: Said, episode_id: int, cand: FactCandidate, vector: np.ndarray | None,
              now: datetime) -> list[Change]:
        """What ``cand``, said in ``msg`` (stored as episode ``episode_id``), changes: a withdrawal
        supersedes the values it names; any other candidate is touched, merged, created or
        placed in its key's history. ``vector``: the statement's embedding, or ``None``."""
        if cand.retracts:
            return self._retract(conn, msg, episode_id, cand, now)
        return [self._apply_fact(conn, msg, episode_id, cand, vector, now)]

    def _log(self, conn: Any, scope: Scope, *, fact_id: int | None, action: str, detail: Mapping[str, object],
             now: datetime) -> None:
        self.store.log_event(conn, scope, fact_id=fact_id, action=action, actor=self.actor,
                             detail={**detail, **self.detail}, now=now)

    def _apply_fact(self, conn: Any, msg: Said, episode_id: int, cand: FactCandidate,
                    vector: np.ndarray | None, now: datetime) -> tuple[str, int, tuple[int, ...]]:
        try:
            spec = key_spec(cand.key)
            single, tag = spec.cardinality == "one", cand.tag or cand.key.split(".")[0]
        except KeyError:
            single, tag = False, cand.tag or cand.key.split(".")[0]
        fact_scope = Scope(msg.scope.org_id, msg.scope.project_id, msg.scope.user_id, msg.scope.agent_id)
        subject = fact_subject(msg.speaker, cand.subject)
        keys = [cand.key, *_contradicting_keys(cand.key)]
        # Only the facts that can matter are read: the same value (under the key or a
        # contradicting one), every value of a single-valued key, and near-duplicates by vector.
        ids = set(self.store.fact_ids(conn, fact_scope, keys=[cand.key], subject=subject,
                                      value_norm=self._value_norm(cand)))
        if len(keys) > 1:  # likes/dislikes: the other polarity's facts, matched by terms in decide()
            ids |= set(self.store.fact_ids(conn, fact_scope, keys=keys[1:], subject=subject))
        favourite = None if single else favourite_label(cand.statement)
        twin_key = single or cand.key in EXACT_KEYS  # where a twin restated must not count as a new value
        if twin_key or favourite is not None or cand.corrects:
            ids |= set(self.store.fact_ids(conn, fact_scope, keys=[cand.key], subject=subject))
        similarity: dict[int, float] = {}
        if self._encrypts(cand):
            vector = None  # no vector of a secret value is stored or compared
        if vector is not None and cand.kind != "episode":  # events are time-bound: never merged by meaning
            similarity = dict(self.store.nearest_facts(conn, fact_scope, key=cand.key, subject=subject,
                                                       vector=vector, min_similarity=self.merge_similarity))
            ids |= set(similarity)
        existing = self.store.load_facts(conn, ids)
        same_key = [f for f in existing if f.key == cand.key and f.status == "active" and not f.encrypted]
        restated = (set() if not twin_key or self._encrypts(cand)
                    or any(normalise_value(f.value) == normalise_value(cand.value) for f in same_key)
                    else self._twins(cand.value, same_key))
        decision = decide(cand, existing, single_valued=single, similarity=similarity, twins=restated,
                          merge_similarity=self.merge_similarity,
                          same_message=(() if cand.corrects or choice_key(cand.key)
                                        else {f.id for f in existing if episode_id in f.citations}),
                          replaces={f.id for f in existing
                                    if favourite is not None and favourite_label(f.statement) == favourite}
                          | (self._corrected(cand, existing) if cand.corrects and not single else set()))
        # A message said before a rival was last stated is older news, whatever order the messages
        # arrive in (a backfilled log, a newest-first export, two imports racing): it must not retire
        # the newer value; it is stored as the past value that newer one replaced.
        later = [f for f in existing if f.id in decision.superseded and f.observed_at > msg.created_at]
        timeline = single and cand.kind != "episode"
        if decision.action not in ("create", "supersede") and not timeline:
            return self._execute(conn, decision, fact_scope, msg, episode_id, cand, vector, tag, now)
        return self._place(conn, fact_scope, subject, msg, episode_id, cand, vector, tag, now, decision, later,
                           timeline=timeline, by_twin=twin_key)

    def _place(self, conn: Any, scope: Scope, subject: str | None, msg: Said, episode_id: int,
               cand: FactCandidate, vector: np.ndarray | None, tag: str, now: datetime, decision: Decision,
               later: Sequence[Fact], *, timeline: bool, by_twin: bool) -> tuple[str, int, tuple[int, ...]]:
        """Store a new value where it falls by when it was said, whatever order messages arrive in.

        It is current (``decision`` as ``decide`` made it) unless something said after it is
        stored: then it is a past value, held until the first of these was said: a value of the
        key (with ``timeline``, a single-valued key: ``facts.timeline.place``), a contradiction under
        another key said later (``later``: "I hate UPS" said after "I prefer UPS" arrived), or a
        withdrawal of its value (``store.withdrawals``; a fresh-user trial, U18). With
        ``timeline``, the value that held when it was said ends there (``_cut``); the value that
        held then, said again, is that value restated (cited and touched, whatever its status); the
        value said next, said earlier, began earlier (``_begin_earlier``); and a restatement
        ``decide`` found (touch, merge) of a value that did not hold then is a value of its own."""
        # Placed by when it was said; its own validity starts at ``start`` (a stated time: "I moved
        # to Berlin last year" said today is today's word, valid from last year).
        said, start = msg.created_at, cand.valid_from or msg.created_at
        # A superseded fact with no end is no value of the timeline: merged into another (maintain)
        # or set aside by a rollback.
        stored = [f for f in self.store.load_facts(conn, [
            *self.store.fact_ids(conn, scope, keys=[cand.key], subject=subject, status="superseded"),
            *self.store.fact_ids(conn, scope, keys=[cand.key], subject=subject)])
            if f.status == "active" or f.valid_to is not None] if timeline else []
        at = place(said, stored)
        target = decision.target if decision.action in ("touch", "merge") else None

        def restates(fact: Fact) -> bool:
            return fact.id == target or (not fact.encrypted and not self._encrypts(cand)
                                         and same_value(cand.value, fact.value))
        # the value that held then, as its row says (said before, perhaps said again after)
        held = next((f for f in stored if restates(f) and (f.valid_from or f.observed_at) <= said
                     and (f.valid_to is None or f.valid_to > said)), None)
        if held is not None:
            return self._execute(conn, decision if target == held.id else Decision("touch", target=held.id),
                                 scope, msg, episode_id, cand, vector, tag, now)
        # a value said before it and again after it (one row) held apart on either side: two rows
        spans = next((f for f in stored if (f.valid_from or f.observed_at) <= said < f.observed_at
                      and (f.valid_to is None or f.valid_to > said)), None)
        earlier = None if spans is None else split_at(
            self.store, conn, scope, spans, said, terms=fact_terms(candidate_terms(spans)), embedder=self.embedder,
            actor=self.actor, now=now)
        if earlier is not None:
            at = place(said, self.store.load_facts(conn, [f.id for f in stored] + [earlier.id]))
        cut = at.cut if at.cut is not None and at.cut.status == "superseded" else None
        if at.successor is not None and restates(at.successor) \
                and (at.successor.valid_from or at.successor.observed_at) > said:
            return self._begin_earlier(conn, scope, at.successor, cut, said, cand, episode_id, now)
        if target is not None:
            if at.successor is None:
                return self._execute(conn, decision, scope, msg, episode_id, cand, vector, tag, now)
            decision = Decision("create", superseded=decision.superseded)  # it held apart from the later one
        own = {f.id for f in stored}
        nexts: list[tuple[datetime, Fact | Withdrawal]] = [
            (said_after(f, said) or f.observed_at, f) for f in later if f.id not in own]
        if at.successor is not None and at.until is not None:
            nexts.append((at.until, at.successor))
        withdrawn = self._withdrawn(conn, scope, subject, cand, said)
        if withdrawn is not None:
            nexts.append((withdrawn.said_at, withdrawn))
        if not nexts:
            returning = self._returning(conn, scope, subject, cand, by_twin)
            out = self._execute(conn, decision, scope, msg, episode_id, cand, vector, tag, now, returning)
        else:
            until, successor = min(nexts, key=lambda p: (p[0], isinstance(p[1], Withdrawal)))
            # Contradictions under other keys said before it are retired as ever; the key's own values
            # are not: the newest of them stays current.
            kept = tuple(i for i in decision.superseded if i not in own | {f.id for f in later})
            _, fact_id, retired = self._execute(conn, Decision("supersede" if kept else "create", superseded=kept),
                                                scope, msg, episode_id, cand, vector, tag, now)
            self._store_as_past(conn, scope, fact_id, cand, episode_id, successor, max(start, until), now)
            out = ("past", fact_id, retired)
        if cut is not None:
            self._cut(conn, scope, cut, said, out[1], cand, episode_id, now)
        return out

    def _begin_earlier(self, conn: Any, scope: Scope, fact: Fact, cut: Fact | None, start: datetime,
                       cand: FactCandidate, episode_id: int, now: datetime) -> tuple[str, int, tuple[int, ...]]:
        """``cand`` restates ``fact``, the value said next, and was said before it with no other
        value between: ``fact`` began at ``start``. Its ``valid_from`` moves back (an ``update``
        event keeps the old one), the message is cited, and the superseded ``cut`` (the value that
        held at ``start``) ends there. A newest-first log ("FedEx" in March, "FedEx" in February,
        "UPS" in January) thus gives the history a log in time order gives."""
        self.store.set_valid_from(conn, fact.id, start, now=now)
        self.store.touch_fact(conn, fact.id, confidence=cand.confidence, now=now, observed_at=start)
        self.store.cite(conn, fact.id, [episode_id])
        old = fact.valid_from or fact.observed_at
        self._log(conn, scope, fact_id=fact.id, action="update", now=now, detail={
            "restated": self.shown(cand), "episode": episode_id, "arrived_late": True,
            "valid_from": [old.isoformat(), start.isoformat()]})
        if cut is not None:
            self._cut(conn, scope, cut, start, fact.id, cand, episode_id, now)
        return "touch", fact.id, ()

    def _cut(self, conn: Any, scope: Scope, cut: Fact, start: datetime, by: int, cand: FactCandidate,
             episode_id: int, now: datetime) -> None:
        """End the superseded ``cut`` at ``start``, when fact ``by`` (a value said inside its
        validity that arrived late) took its place, with a ``supersede`` event naming ``by`` (the
        fact's latest such event names what replaced it: ``lifecycle.rollback.replaced_by``)."""
        self.store.set_valid_to(conn, cut.id, start, now=now)
        self._log(conn, scope, fact_id=cut.id, action="supersede", detail={
            "superseded_by": by, "new_value": self.shown(cand), "episode": episode_id, "ended_by_late_value": True,
            "valid_to_was": None if cut.valid_to is None else cut.valid_to.isoformat()}, now=now)

    def _returning(self, conn: Any, scope: Scope, subject: str | None, cand: FactCandidate,
                   by_twin: bool) -> list[Fact]:
        """Superseded facts under ``cand``'s key and subject whose value ``cand`` states again (the
        same value, or with ``by_twin`` its cross-language twin: ``extract.twins``). "I prefer UPS"
        → "make it FedEx" → "On second thought, UPS": the new UPS fact cites the first message too,
        which states the current value again and so is no longer outdated (``outdated``; a fresh-
        user trial, trial 7 H17). Events are never superseded and are not looked at."""
        if cand.kind == "episode" or self._encrypts(cand):
            return []
        ids = self.store.fact_ids(conn, scope, keys=[cand.key], subject=subject, status="superseded")
        old = [f for f in self.store.load_facts(conn, ids) if not f.encrypted]
        same = [f for f in old if same_value(cand.value, f.value)]
        rest = [f for f in old if f not in same]
        found = self._twins(cand.value, rest) if by_twin and rest else set()
        return same + [f for f in rest if f.id in found]

    def _store_as_past(self, conn: Any, scope: Scope, fact_id: int, cand: FactCandidate, episode_id: int,
                       successor: Fact | Withdrawal, until: datetime, now: datetime) -> None:
        """Mark the just-inserted ``fact_id`` superseded by ``successor`` (the first value said after
        it, or a withdrawal of its value), valid until ``until`` (when that was said). The
        ``supersede`` event has the shape of any other (a withdrawal's that of a retraction:
        ``superseded_by`` none, ``retracted``, the withdrawing ``statement`` and ``episode``), so
        ``forget`` treats it alike; ``arrived_late`` says why it was never current (``rollback``
        refuses to make it current over a value said after it: ``lifecycle.rollback``)."""
        self.store.set_fact_status(conn, fact_id, "superseded", now=now, valid_to=until)
        if isinstance(successor, Withdrawal):
            detail: dict[str, object] = {"superseded_by": None, "retracted": True, "statement": successor.statement,
                                         "episode": successor.episode_id, "arrived_late": True}
        else:
            detail = {"superseded_by": successor.id, "new_value": successor.value, "episode": episode_id,
                      "arrived_late": True}
        self._log(conn, scope, fact_id=fact_id, action="supersede", detail=detail, now=now)

    def _retract(self, conn: Any, msg: Said, episode_id: int, cand: FactCandidate,
                 now: datetime) -> list[tuple[str, int, tuple[int, ...]]]:
        """Supersede, with no successor, the active facts ``cand`` withdraws (``_withdraws``). The
        audit event is a ``supersede`` marked ``retracted`` (so ``rollback`` undoes it like any
        supersede). The withdrawal is kept (``store.withdrawals``) whether or not it withdrew
        anything: a value said before it that arrives later is stored as a past value ending
        here (``_apply_fact``). A value it names that had already ended later than this (replaced
        or withdrawn by a message said after this one, stored first) now ends here."""
        fact_scope = Scope(msg.scope.org_id, msg.scope.project_id, msg.scope.user_id, msg.scope.agent_id)
        subject = fact_subject(msg.speaker, cand.subject)
        if not self._encrypts(cand):  # a secret value is never kept outside its encrypted fact
            self.store.insert_withdrawal(conn, fact_scope, Withdrawal(cand.key, cand.value, cand.evidence,
                                                                      msg.created_at, episode_id, subject))
        ids = [*self.store.fact_ids(conn, fact_scope, keys=[cand.key], subject=subject),
               *self.store.fact_ids(conn, fact_scope, keys=[cand.key], subject=subject, status="superseded")]
        out: list[tuple[str, int, tuple[int, ...]]] = []
        # A withdrawal said before a value was last stated does not withdraw it (see ``_apply_fact``).
        held = [f for f in self.store.load_facts(conn, ids) if f.observed_at <= msg.created_at and (
            f.status == "active" or (f.valid_from or f.observed_at) <= msg.created_at < (f.valid_to or msg.created_at))]
        plain = [f for f in held if not f.encrypted]
        named = {f.id for f, hit in zip(plain, self._withdraws(cand.value, cand.evidence, cand.key,
                                                              [f.value for f in plain]), strict=True) if hit}
        detail = {"superseded_by": None, "retracted": True, "statement": cand.evidence, "episode": episode_id}
        for fact in held:
            if cand.value and fact.id not in named:
                continue
            if fact.status != "active":  # it ended later than this withdrawal: it ends here now
                self.store.set_valid_to(conn, fact.id, msg.created_at, now=now)
                self._log(conn, fact_scope, fact_id=fact.id, action="supersede", now=now,
                                     detail={**detail, "arrived_late": True, "valid_to_was": (
                                         None if fact.valid_to is None else fact.valid_to.isoformat())})
                continue
            self.store.set_fact_status(conn, fact.id, "superseded", now=now, valid_to=msg.created_at)
            self._log(conn, fact_scope, fact_id=fact.id, action="supersede",
                                 detail=detail, now=now)
            out.append(("retract", fact.id, ()))
        return out

    def _withdraws(self, value: str, evidence: str, key: str, values: Sequence[str]) -> list[bool]:
        """Which of ``values`` (plain, under ``key``) a withdrawal of ``value`` withdraws: every one
        when ``value`` is empty; else those it names as a whole (``names_value``: "Berlin's
        suburbs" does not withdraw "Berlin"), its cross-language twins (an allergy's found by its
        allergen too: "peanuts 哈哈" is 花生's), and the kinds of an allergy category it names ("not
        allergic to seafood" withdraws shrimp, never the reverse: ``extract.twins.kinds_of``;
        ``recall.evidence`` is the withdrawing sentence)."""
        if not value:
            return [True] * len(values)
        hits = [names_value(value, key, v) for v in values]
        # never a habit's twin: 不喝咖啡 and "always drink coffee" are near in meaning, opposite in polarity
        rest = [i for i, hit in enumerate(hits) if not hit and key != "preference.habit"]
        others = [allergen(values[i]) if key == "health.allergy" else values[i] for i in rest]
        for i, twin in zip(rest, self._twin_values(value, others), strict=True):
            hits[i] = twin
        if key == "health.allergy":
            hits = [hit or kind for hit, kind in zip(hits, kinds_of(value, list(values), evidence), strict=True)]
        return hits

    def _withdrawn(self, conn: Any, scope: Scope, subject: str | None, cand: FactCandidate,
                   start: datetime) -> Withdrawal | None:
        """The first withdrawal of ``cand``'s value said after ``start`` (stored before it arrived:
        ``store.withdrawals``), or ``None``."""
        if self._encrypts(cand):
            return None
        for w in self.store.withdrawals_after(conn, scope, key=cand.key, subject=subject, after=start):
            if self._withdraws(w.value, w.statement, w.key, [cand.value])[0]:
                return w
        return None

    def _twins(self, value: str, facts: Sequence[Fact]) -> set[int]:
        """Ids of ``facts`` whose value is ``value``'s cross-language twin (``_twin_values``)."""
        found = self._twin_values(value, [f.value for f in facts])
        return {f.id for f, twin in zip(facts, found, strict=True) if twin}

    def _twin_values(self, value: str, values: Sequence[str]) -> list[bool]:
        """Which of ``values`` are ``value``'s cross-language twin (``extract.twins``: "peanuts"
        and 花生); none when ``value`` is empty or the model fails (the lexicon still answers: a
        failed model must not fail the write)."""
        if not value or not values:
            return [False] * len(values)
        try:
            return list(twins(self.embedder, value, list(values)))
        except EmbeddingError as exc:
            log.warning("cross-language twins by model skipped: %s", exc)
            return list(twins(None, value, list(values)))

    def _corrected(self, cand: FactCandidate, existing: Sequence[Fact]) -> set[int]:
        """What a correction of a many-valued key that names no old value ("其实我是对芒果过敏",
        "Actually, it's shellfish I'm allergic to") takes the place of: the key's one value, said
        in one language or both (花生 and its twin "peanuts", ``extract.twins``). With two or more
        different values active the correction does not say which it corrects, and a wrongly
        withdrawn allergy is the worse error: nothing is retired, the new value is added."""
        live = [f for f in existing if f.key == cand.key and f.status == "active"
                and normalise_value(f.value) != normalise_value(cand.value)]
        if not live or any(f.encrypted for f in live):
            return set()
        last = max(live, key=lambda f: (f.observed_at, f.id))
        rest = [f for f in live if f.id != last.id]
        one = {last.id} | {f.id for f in rest if same_value(last.value, f.value)} | self._twins(last.value, rest)
        return one if len(one) == len(live) else set()

    def _execute(self, conn: Any, decision: Decision, scope: Scope, msg: Said, episode_id: int,
                 cand: FactCandidate, vector: np.ndarray | None, tag: str,
                 now: datetime, returning: Sequence[Fact] = ()) -> tuple[str, int, tuple[int, ...]]:
        for old in decision.superseded:
            self.store.set_fact_status(conn, old, "superseded", now=now, valid_to=msg.created_at)
        if decision.action in ("touch", "merge") and decision.target is not None:
            self.store.touch_fact(conn, decision.target, confidence=cand.confidence, now=now,
                                  observed_at=msg.created_at)
            self.store.cite(conn, decision.target, [episode_id])
            self._log(conn, scope, fact_id=decision.target,
                                 action="update" if decision.action == "touch" else "merge",
                                 detail={"restated": self.shown(cand), "episode": episode_id}, now=now)
            fact_id = decision.target
        else:
            # the newest earlier messages only: a value flapping back and forth would otherwise have
            # each return cite every message of its value's whole history
            earlier = sorted({e for f in returning for e in f.citations} - {episode_id})[-MAX_RETURNING_CITATIONS:]
            fact_id = self.store.insert_fact(conn, scope, self.new_fact(cand, msg, tag, vector, now),
                                             citations=[episode_id, *earlier], now=now)
            detail: dict[str, object] = {"key": cand.key, "value": self.shown(cand), "episode": episode_id}
            if returning:  # the value comes back: the messages that said it before state it again
                detail["returns_to"] = [f.id for f in returning]
            self._log(conn, scope, fact_id=fact_id, action="create", detail=detail, now=now)
        for old in decision.superseded:
            self._log(conn, scope, fact_id=old, action="supersede",
                                 detail={"superseded_by": fact_id, "new_value": self.shown(cand),
                                         "episode": episode_id}, now=now)
        return decision.action, fact_id, decision.superseded

    def _encrypts(self, cand: FactCandidate) -> bool:
        return cand.sensitivity == "high" and self.cipher is not None

    def _value_norm(self, cand: FactCandidate) -> str:
        norm = normalise_value(cand.value)
        return self.cipher.mac(norm) if self.cipher is not None and self._encrypts(cand) else norm

    def shown(self, cand: FactCandidate) -> str:
        """A value as the audit log may hold it: encrypted values never appear in events."""
        return self.cipher.encrypt(cand.value) if self.cipher is not None and self._encrypts(cand) else cand.value

    def new_fact(self, cand: FactCandidate, msg: Said, tag: str, vector: np.ndarray | None,
                  now: datetime) -> NewFact:
        s = self.settings
        expires = fact_expiry(now=now, kind=cand.kind, sensitivity=cand.sensitivity, ttl_seconds=s.ttl_seconds,
                              message_expires_at=msg.expires_at)
        value, statement, terms = cand.value, cand.statement or cand.value, fact_terms(cand)
        if self.cipher is not None and self._encrypts(cand):
            # Only the key's descriptions are indexed: "my phone number" finds it, the number does not.
            value, statement = self.cipher.encrypt(value), self.cipher.encrypt(statement)
            terms, vector = key_terms(cand.key), None
        return NewFact(
            kind=cand.kind, key=cand.key, tag=tag, value=value, value_norm=self._value_norm(cand),
            statement=statement, confidence=cand.confidence, importance=cand.importance,
            sensitivity=cand.sensitivity, subject=fact_subject(msg.speaker, cand.subject), observed_at=msg.created_at,
            valid_from=cand.valid_from or msg.created_at, valid_to=cand.valid_to, index_terms=terms,
            embedding=vector, expires_at=expires, encrypted=self._encrypts(cand),
        )


#: Most earlier messages a returning value cites (``facts.engine.FactEngine._returning``): the newest ones. Older
#: messages of a value that went and came back more often than this stay outdated.
MAX_RETURNING_CITATIONS = 20


def names_value(value: str, key: str, stored: str) -> bool:
    """Whether a withdrawal of ``value`` under ``key`` names the stored value ``stored`` as a
    whole. An allergy is compared by its allergen (``extract.allergens``): a value stored before
    that clean-up (``peanuts 所以不要放花生``, 花生又) is still withdrawn by "I'm not allergic to peanuts";
    a habit (a phrase) by its activity and polarity (``extract.habits.withdraws_habit``)."""
    if same_value(value, stored):
        return True
    if key == "preference.habit":  # a habit is a phrase: matched by its activity and polarity
        return withdraws_habit(value, stored)
    return key == "health.allergy" and same_value(value, allergen(stored))


def fact_subject(speaker: str | None, about: str) -> str | None:
    """The stored subject of a fact ``about`` someone (``FactCandidate.subject``: ``""`` for the
    speaker, else a relation word such as ``son`` / ``儿子``) said by ``speaker``: the speaker
    themselves; the bare relation when the speaker is unnamed (the user); else the speaker's
    relation ("Jon's son", 小明的儿子), so two speakers' sons stay two subjects. A person named by
    name (``extract.shapes``: "Sarah is allergic to shellfish") is that person whoever says it.

    >>> fact_subject(None, ""), fact_subject(None, "son"), fact_subject("Jon", "son"), fact_subject("小明", "儿子")
    (None, 'son', "Jon's son", '小明的儿子')
    >>> fact_subject("Jon", "Sarah")
    'Sarah'
    """
    if not about:
        return speaker
    if not speaker or about[:1].isupper():
        return about
    return f"{speaker}的{about}" if any("\u3400" <= ch <= "\u9fff" for ch in about) else f"{speaker}'s {about}"


def _contradicting_keys(key: str) -> list[str]:
    """Taxonomy keys whose facts a candidate under ``key`` can contradict (like vs dislike)."""
    return [spec.key for spec in KEYS if contradicts(key, spec.key)]


def key_terms(key: str) -> str:
    """Full-text column of an encrypted fact: its key and the key's descriptions only."""
    parts = [key.replace(".", " ").replace("_", " ")]
    try:
        spec = key_spec(key)
        parts += [spec.description_en, spec.description_zh]
    except KeyError:
        pass
    return index_text(" ".join(parts))


def fact_terms(cand: FactCandidate) -> str:
    """Full-text column of a fact: its statement and value plus the key's descriptions in
    English and Chinese, so ``配送偏好`` or ``delivery`` find ``shipping.carrier = 顺丰``."""
    parts = [cand.statement, cand.value, cand.key.replace(".", " ").replace("_", " ")]
    try:
        spec = key_spec(cand.key)
        parts += [spec.description_en, spec.description_zh]
    except KeyError:
        pass
    return index_text(" ".join(parts))


def fact_expiry(*, now: datetime, kind: str, sensitivity: str, ttl_seconds: Mapping[str, float],
                message_expires_at: datetime | None) -> datetime | None:
    """When a new fact expires: the earliest of its message's TTL and the policy TTLs of its
    kind and sensitivity (``Settings.ttl_seconds``); ``None`` when none applies."""
    candidates = [message_expires_at] if message_expires_at is not None else []
    candidates += [now + timedelta(seconds=ttl_seconds[name]) for name in (kind, sensitivity) if name in ttl_seconds]
    return min(candidates) if candidates else None
