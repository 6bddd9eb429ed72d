"""The one engine that changes facts: every writer of facts, rule or LLM, goes through it.

``FactEngine.apply`` takes a candidate (``extract.base.FactCandidate``) and the statement it
comes from (``facts.said.Said``) inside the caller's write transaction and applies the rules a
fact obeys, with an audit event for each change:

* the same value restated is touched (cited again), a near-duplicate merged (``facts.resolve``);
* a new value of a single-valued key supersedes the old one; a like retires the same dislike;
* one message's candidates apply in text order: a later sentence's value of a single-valued key
  supersedes an earlier sentence's (``apply_message``);
* a value said before the key's current one was stated is stored as a past value, wherever
  messages arrive in time order (``facts.place``: late arrival, ``facts.timeline``);
* a correction naming only a new value ("Oops, I meant Munich") supersedes the one fact of that kind the
  user's message just before stated, or changes nothing (``facts.previous``); one naming the old value too
  ("Sorry, I meant Tacoma, not Seattle") supersedes the user's fact holding it, however long ago it was said;
* a withdrawal supersedes what it names with no successor and is remembered, so a value said
  before it that arrives later ends there (``facts.withdraw``);
* a value coming back cites the messages that said it before (``facts.place.returning``);
* a value in the other language is the same value (twins, ``extract.twins``).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Collection, Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np

from memstrata.errors import EmbeddingError
from memstrata.extract import allergy_denied, corrected_later, plan_changed
from memstrata.extract.base import FactCandidate
from memstrata.extract.cancelled import PLAN_KEYS
from memstrata.extract.clauses import describe_period
from memstrata.extract.conventions import PROJECT_TOOL_KEY, other_tools
from memstrata.extract.corrected import CORRECTION_KEY
from memstrata.extract.counts import GROUP_SIZE
from memstrata.extract.diets import MEATLESS, eaten, eats_all, excluding, left_out
from memstrata.extract.shapes import CHANGE_KEYS, keys_said_before
from memstrata.extract.statements import slot_label
from memstrata.extract.taxonomy import key_spec
from memstrata.extract.twins import twins
from memstrata.facts import meant, place, previous, withdraw
from memstrata.facts.held import held_key
from memstrata.facts.kinds import CONSUMED_KEYS, HABIT_KEY, habit_consumed, habits_replaced, like_kind, same_kin
from memstrata.facts.meant import mentions
from memstrata.facts.resolve import EXACT_KEYS, Decision, choice_key, contradicts, decide, prohibits, same_value
from memstrata.facts.said import RawChange, Said, fact_expiry
from memstrata.facts.switch import BEGUN_KEY, SWITCH_KEY, as_used, ended_by_beginning, ended_by_switch, same_slot
from memstrata.facts.terms import contradicting_keys, fact_subject, fact_terms, key_terms, subject_of
from memstrata.privacy.crypto import Cipher
from memstrata.store.protocol import Store
from memstrata.store.records import NewFact
from memstrata.text.tokens import normalise_value
from memstrata.types import PROJECT_SUBJECT, Fact

log = logging.getLogger(__name__)

__all__ = ["MAX_RETURNING_CITATIONS", "FactEngine", "RawChange", "Said", "fact_expiry", "fact_subject", "fact_terms",
           "key_terms"]

#: Most earlier messages a returning value cites (``facts.place.returning``): the newest ones. Older
#: messages of a value that went and came back more often than this stay outdated.
MAX_RETURNING_CITATIONS = 20
#: The whole day a plan's statement names (``extract.clauses.describe_period``: "(2026-11-06)", "week of 2026-11-02").
_LABEL_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


class FactEngine:
    """Applies fact candidates to a store; see the module docstring.

    Args:
        store: any ``Store`` (SQLite, PostgreSQL, reference).
        embedder: finds cross-language twins by meaning (``extract.twins``), or ``None``
            (the lexicon alone).
        merge_similarity: statement cosine at or above which two values are one memory (0.9).
        cipher: encrypts high-sensitivity values; ``None``: they are stored as they are (the
            caller admits only what may be stored, ``write.ingest.Ingestor``).
    """

    def __init__(self, store: Store, embedder: Any, *, merge_similarity: float = 0.9,
                 cipher: Cipher | None = None) -> None:
        self.store = store
        self.embedder = embedder
        self.merge_similarity = merge_similarity
        self.cipher = cipher

    def apply_message(self, conn: Any, items: Sequence[tuple[Said, FactCandidate, np.ndarray | None]],
                      now: datetime) -> list[RawChange]:
        """Apply one message's candidates in text order (``items``: each with its statement and
        vector, in the order the extractor found them); returns their changes in that order.

        A message can change its mind: a value of a single-valued key said in a later sentence
        supersedes the one an earlier sentence said ("I live in Paris. Actually no, I live in
        Berlin.", 我住在巴黎。不对，我住在柏林。), as two messages would, and both stay in the key's
        history. Values said in one sentence stand together ("leave packages with the concierge,
        never at the door"); a many-valued key keeps every value ("I like tea. I like coffee.")."""
        sentence_of: dict[int, str] = {}  # fact id -> the sentence (``evidence``) that stated it last
        prohibition_of: dict[int, bool] = {}  # fact id -> whether its value says what not to do
        changes: list[RawChange] = []
        for said, cand, vector in items:
            # a prohibition after a choice stands beside it, as in one sentence ("Leave them with the concierge.
            # Never at the door.": where to leave a parcel, and where not); a later choice ends only the prohibition
            # of its very value (``resolve._ends``)
            together = {i for i, s in sentence_of.items()
                        if s == cand.evidence or (prohibits(cand.value) and not prohibition_of[i])}
            made = self.apply(conn, said, cand, vector, now, together=together)
            sentence_of.update((fact_id, cand.evidence) for _, fact_id, _ in made)
            prohibition_of.update((fact_id, prohibits(cand.value)) for _, fact_id, _ in made)
            changes.extend(made)
        return changes

    def apply(self, conn: Any, said: Said, cand: FactCandidate, vector: np.ndarray | None, now: datetime, *,
              replaces: Collection[int] = (), together: Collection[int] | None = None) -> list[RawChange]:
        """Apply one candidate inside the open write ``conn``; returns the changes it made.

        A withdrawal (``cand.retracts``) supersedes, with no successor, the active facts it names
        (every value of the key when ``cand.value`` is empty). Anything else is resolved against
        the stored facts of its key and subject and placed by when it was said.

        Args:
            vector: the embedding of ``cand.statement`` (``(dim,) float32``), or ``None``.
            replaces: ids of active facts under ``cand.key`` that the statement says this value
                takes the place of, whatever the key's cardinality (an LLM's delete + add).
            together: ids of the facts of ``said``'s message stated in ``cand``'s own sentence
                (``apply_message``): under a single-valued key only these stand beside it, the
                message's other values of the key are superseded. ``None``: every fact the message
                stated stands (one statement applied alone, an LLM's add).
        """
        if cand.key == plan_changed.KEY or (cand.retracts and cand.key in PLAN_KEYS
                                             and previous.names_kind_alone(cand.value)):
            # "Now on March 21 instead", "I cancelled it", "The trip is cancelled": the one plan ahead it means
            changed = self.plan_changed(conn, said, cand, now)
            if changed is None:
                return []
            if isinstance(changed, list):
                return changed
            cand, vector, replaces = changed[0], changed[1], {*replaces, *changed[2]}
        if cand.retracts:
            return withdraw.retract(self, conn, said, cand, now)
        if cand.key == corrected_later.KEY and cand.instead_of:
            # "Sorry, I meant Tacoma, not Seattle": the message before's fact holding the old value, or (a day later,
            # or none there) the one fact holding it at any distance, as "Not Seattle, Tacoma" finds it
            fixed, named = previous.corrected(self, conn, said, cand, said_old=cand.instead_of)
            cand = fixed if named else replace(cand, key=CORRECTION_KEY)
            replaces = {*replaces, *named}
        if cand.key == corrected_later.KEY:  # "Oops, I meant Munich": the previous message's place, or nothing
            cand, named = previous.corrected(self, conn, said, cand)
            if not named:
                return []
            replaces = {*replaces, *named}
        if cand.key == SWITCH_KEY and not cand.instead_of:  # "We've moved to Linear": what it ends
            cand = replace(cand, instead_of=ended_by_switch(self, conn, said, cand))
        if cand.key == BEGUN_KEY and not cand.instead_of:  # "I started using Arc": the one browser before it ends
            cand = replace(cand, instead_of=ended_by_beginning(self, conn, said, cand))
        put_right = cand if cand.key == CORRECTION_KEY else None  # "his name is Tim, not Tom": Tom's facts follow
        if cand.instead_of:
            cand, named = self.instead(conn, said, cand)
            if cand.key == CORRECTION_KEY:  # "Not Berlin, Munich" and no fact holds Berlin: the message before's
                # value said otherwise (不是38码，是39码 after 我穿38码的鞋 stored 38), or nothing corrected
                said_old = cand.instead_of
                cand, named = previous.corrected(self, conn, said, replace(cand, key=corrected_later.KEY),
                                                 said_old=said_old)
                if not named:  # no value holds Tom: what is held about Tom is Tim's, or nothing changes
                    return [] if put_right is None else meant.renamed(self, conn, said, put_right, said_old, now)
                # the old value said is no value stored; a plan put right at another time (不是15号，是18号) takes
                # the place of the plan of its own value
                cand = replace(cand, instead_of="") if cand.instead_of == said_old else cand
            replaces = {*replaces, *named}
        if cand.key in (SWITCH_KEY, BEGUN_KEY) and not replaces:  # nothing ended: stored with the things used
            cand = as_used(cand)
        if cand.key == GROUP_SIZE:
            cand = self.sized_group(conn, said, cand)
        if cand.key in CONSUMED_KEYS and not replaces:  # "Now I drink tea instead": the habit of drinking coffee
            cand, replaces = self.consumed_habit(conn, said, cand)
        if cand.held_only:  # 宽带换成联通了: the user's broadband only when they said they have one
            held = held_key(self, conn, said, cand)
            if held is None:
                return []
            cand = held
        if keys_said_before(cand.key):  # user.notes was user.笔记, user.dentist user.牙医
            cand = self.purpose_said_before(conn, said, cand)
        kept = self.unsuppressed(conn, said, cand.key)
        if kept is None:
            return []
        ended = [change for fact in [*self.meat_eaten(conn, said, cand), *self.diets_left(conn, said, cand)]
                 for change in withdraw.retract(self, conn, said, replace(cand, key=fact.key, value=fact.value,
                                                                          retracts=True), now)]
        made = [*ended, self.resolve(conn, kept, cand, vector, now, replaces=replaces, together=together)]
        if put_right is None or cand.key not in ("family.member", "pet"):
            return made
        return [*made, *meant.renamed(self, conn, said, put_right, put_right.instead_of, now)]  # the brother's too

    def plan_changed(self, conn: Any, said: Said, cand: FactCandidate, now: datetime) -> (
            list[RawChange] | tuple[FactCandidate, np.ndarray | None, set[int]] | None):
        """What a change of plan that names no plan of its own (``extract.plan_changed.KEY``: "Now on March 21
        instead", "I cancelled it") or only its kind (a plan called off by "the trip", 预约) does to the plan it means
        (``facts.meant.plan_meant``): a withdrawal supersedes that plan alone, with no successor (its changes are
        returned); a move gives the plan at its new day, with its vector and the id it replaces, to apply. ``None``
        when no plan or several fit (nothing changes, nothing is stored), and for a plan of another key than a
        kind-alone withdrawal's own (the extractor says one under each plan key: the others change nothing). A
        kind-alone withdrawal that finds no plan ahead is withdrawn as before, under its own key, by its words
        (``facts.withdraw``: a plan said with no day)."""
        plan = meant.plan_meant(self, conn, said, cand, named=cand.value)
        if cand.key != plan_changed.KEY:  # "The trip is cancelled", said under each plan key
            if plan is None:
                return withdraw.retract(self, conn, said, cand, now)
            if plan.key != cand.key:
                return None
        if plan is None:
            return None
        whose = plan.subject or "" if said.speaker is None else cand.subject  # a sister's wedding stays hers
        if cand.retracts:
            return withdraw.retract(self, conn, said, replace(cand, key=plan.key, value=plan.value, subject=whose), now,
                                    only={plan.id})
        # moved to a day, or by a span from its own day ("They pushed it back a week": ``cand.shift``)
        start = cand.valid_from if cand.shift is None or plan.valid_from is None else plan.valid_from + cand.shift
        if cand.shift is not None and start is not None and start + timedelta(days=1) <= said.at:
            return None  # brought forward to a day already over: another plan is meant, or none
        moved = replace(_plan_at_new_day(cand, plan, plan.value), instead_of="", evidence=cand.evidence, subject=whose,
                        valid_from=start, shift=None, **_shifted(plan, start))
        return moved, self.vector_of(moved.statement), {plan.id}

    def consumed_habit(self, conn: Any, said: Said, cand: FactCandidate) -> tuple[FactCandidate, set[int]]:
        """``cand``, a thing drunk or eaten said in place of another ("Now I drink tea instead", 现在我改喝茶了), as the
        habit it changes (``facts.kinds.habit_consumed``: "drink coffee every day" → "drink tea every day") and that
        habit's id; ``cand`` as it is and no id when no one habit of drinking (eating) it is held."""
        ids = self.store.fact_ids(conn, said.scope, keys=[HABIT_KEY], subject=subject_of(said, cand))
        habits = [f for f in self.store.load_facts(conn, ids) if not f.encrypted and f.status == "active"]
        found = habit_consumed(cand.value, cand.key, cand.evidence, habits)
        if found is None:
            return cand, set()
        old, value = found
        spec = key_spec(HABIT_KEY)
        statement = old.statement.replace(old.value, value) if old.value in old.statement else value
        return replace(cand, key=HABIT_KEY, kind=spec.kind, importance=spec.importance, sensitivity=spec.sensitivity,
                       value=value, statement=statement), {old.id}

    def vector_of(self, statement: str) -> np.ndarray | None:
        """The vector of ``statement`` (``(dim,) float32``), or ``None`` without an embedder or when it fails (a
        failed model must not fail the write)."""
        if self.embedder is None or not statement:
            return None
        try:
            return np.asarray(self.embedder.embed([statement])[0], dtype=np.float32)
        except EmbeddingError as exc:
            log.warning("a moved plan's vector skipped: %s", exc)
            return None

    def meat_eaten(self, conn: Any, said: Said, cand: FactCandidate) -> list[Fact]:
        """The active facts that its subject eats a food (``user.eats``) ``cand``'s diet leaves out
        (``extract.diets.excluding``: meat for vegetarian, fish too, eggs for vegan): "I eat meat" then "I'm
        vegetarian now" (我吃肉 then 我现在吃素了) kept both current, the other way round from "I eat meat now" ending
        the diet (``diets_left``). Read here, not by the extractor, since which food was said is
        known only from what is stored; ``[]`` otherwise."""
        diet = cand.value.strip().lower()
        if cand.key != "food.diet" or diet not in MEATLESS:
            return []
        ids = self.store.fact_ids(conn, said.scope, keys=["user.eats"], subject=subject_of(said, cand))
        return [f for f in self.store.load_facts(conn, ids) if not f.encrypted and diet in excluding(f.value)]

    def diets_left(self, conn: Any, said: Said, cand: FactCandidate) -> list[Fact]:
        """The active diets (``food.diet``) of ``cand``'s subject that leave out a food ``cand`` says they eat
        (``extract.diets.eaten``, ``extract.diets.left_out``): "I'm vegetarian" then "I eat meat now" or "I eat fish
        again now" (我吃素 then 我现在又吃鱼了) ends the diet; a pescatarian's stays after fish. Eating everything
        ("I eat everything now", 现在什么都吃: ``extract.diets.eats_all``) ends every diet and every food they said
        they do not eat (``food.dislike``: "I don't eat meat"), never an allergy. A diet the same message states is
        kept: the food is its exception ("I'm vegetarian but I eat fish occasionally"). ``[]`` otherwise."""
        foods = eaten(cand.key, cand.value)
        if not foods:
            return []
        everything = eats_all(foods)  # "I eat everything now": every diet and food not eaten ends, no allergy
        keys = ["food.diet", "food.dislike"] if everything else ["food.diet"]
        ids = self.store.fact_ids(conn, said.scope, keys=keys, subject=subject_of(said, cand))
        return [f for f in self.store.load_facts(conn, ids) if not f.encrypted
                and (everything or (left_out(f.value, foods) and said.episode_id not in f.citations))]

    def unsuppressed(self, conn: Any, said: Said, key: str) -> Said | None:
        """``said`` without the messages from which its owner forgot a fact under ``key``
        (``store.suppressed``): ``None`` when it has no other, so the candidate makes nothing (a
        forgotten fact is never drawn again from the message that stays); a hand edit (no
        message) passes as it is."""
        cited = said.citations
        held = self.store.suppressed_among(conn, said.scope, cited, key) if cited else set()
        if not held:
            return said
        left = tuple(e for e in cited if e not in held)
        if not left:
            log.info("%s: a fact under %s was forgotten from episodes %s; not drawn again", said.actor, key,
                     sorted(held))
            return None
        return replace(said, episode_id=said.episode_id if said.episode_id not in held else left[0], cites=left)

    def sized_group(self, conn: Any, said: Said, cand: FactCandidate) -> FactCandidate:
        """``cand``, a size said of "we" alone ("now we are 7", ``extract.counts.GROUP_SIZE``), under the key of
        the one group whose size its subject gave before ("My team is 5 people": ``user.team_size``), so it
        supersedes that size; under ``GROUP_SIZE`` when no group or several have one."""
        ids = self.store.fact_ids(conn, said.scope, keys=None, subject=subject_of(said, cand))
        sized = {f.key for f in self.store.load_facts(conn, ids) if f.key.endswith(("_size", "人数"))}
        return replace(cand, key=sized.pop()) if len(sized) == 1 else cand

    def purpose_said_before(self, conn: Any, said: Said, cand: FactCandidate) -> FactCandidate:
        """``cand``, a thing used for a listed purpose (``user.notes``) or a listed thing (``user.dentist``), under the
        key its subject's current value was stored under before its wordings were one key in both languages
        (``user.笔记``, ``user.牙医``: ``shapes.keys_said_before``),
        so it supersedes that value there; unchanged when its own key holds a value or no old key does."""
        subject = subject_of(said, cand)
        if self.store.fact_ids(conn, said.scope, keys=[cand.key], subject=subject):
            return cand
        ids = self.store.fact_ids(conn, said.scope, keys=keys_said_before(cand.key), subject=subject)
        old = [f for f in self.store.load_facts(conn, ids) if not f.encrypted]
        if not old:
            return cand
        key = max(old, key=lambda f: (f.observed_at, f.id)).key
        spec = key_spec(key)
        return replace(cand, key=key, kind=spec.kind, importance=spec.importance, sensitivity=spec.sensitivity)

    def instead(self, conn: Any, said: Said, cand: FactCandidate) -> tuple[FactCandidate, set[int]]:
        """``cand`` and the ids of the active facts it takes the place of: those of its subject
        holding the old value it names (``FactCandidate.instead_of``: "we moved from MySQL to
        PostgreSQL"). A value under a change key (``user.uses``), or a like replacing a like, takes the
        key of the fact holding the old value (``user.project_database``, ``preference.like``), so the new
        value supersedes it there; the old value under no key of the subject's changes nothing. Said in a folder
        (``Said.project``), the user's "we moved from MySQL to PostgreSQL" also finds that project's convention
        holding MySQL (``user.project_database``), which the new value then replaces as the project's."""
        subjects = {subject_of(said, cand)}
        if said.project is not None and not cand.subject:
            subjects.add(f"{PROJECT_SUBJECT}{said.project}")
        ids = [i for subject in subjects for i in self.store.fact_ids(
            conn, said.scope, keys=None, subject=subject, value_norm=normalise_value(cand.instead_of))]
        held = [f for f in self.store.load_facts(conn, ids) if not f.encrypted]
        if not held and (plan := previous.plan_named(self, conn, said, cand)) is not None:
            # "My Tokyo trip is on January 8, not December 20": the old value is the plan's day, no value stored;
            # the same plan at its new day takes its place (``instead_of`` its own value, as a move does)
            # "the appointment is on the 19th": the plan keeps its own, fuller name
            value = plan.value if previous.names_kind_alone(cand.value) else cand.value
            return _plan_at_new_day(cand, plan, value), {plan.id}
        if not any(f.key == cand.key for f in held) and (plan := meant.plan_moved(self, conn, said, cand)):
            # "the Lisbon trip moved to March 21st" after "fly to Lisbon on March 14th": that plan on its new day
            fuller = plan.value.casefold() in cand.value.casefold()
            value = cand.value if fuller else plan.value  # the plan keeps its own name unless this one holds it
            return _plan_at_new_day(cand, plan, value), {plan.id}
        if not held and cand.key == CORRECTION_KEY:
            # "Sorry, I meant Chloe, not Clara" after "My niece is called Clara": the one fact holding the old name
            fixed, named = meant.value_named(self, conn, said, cand)
            if named:
                return fixed, named
        owner = next((f for f in held if f.key not in CHANGE_KEYS), None)
        if cand.key == CORRECTION_KEY and len({f.key for f in held if f.key not in CHANGE_KEYS}) > 1:
            owner = None  # "Not Seattle, Tacoma" with a home and a hometown in Seattle: which one is unknown
        # a like replacing a like keeps the old one's key ("I like flat whites" is preference.like,
        # "now I drink oat lattes" drink.like): the new one supersedes it there, with its history
        like = owner is not None and cand.key.endswith(".like") and owner.key.endswith(".like")
        if owner is not None and (cand.key in CHANGE_KEYS or cand.key == CORRECTION_KEY or like):
            spec = key_spec(owner.key)
            # said as the old value was ("banks with Barclays" → "banks with Monzo"), not as a switch ("uses Monzo")
            stated = (owner.statement.replace(owner.value, cand.value) if cand.key in CHANGE_KEYS and owner.value
                      and owner.statement.count(owner.value) == 1 else cand.statement)
            cand = replace(cand, key=owner.key, kind=spec.kind, importance=spec.importance,
                           sensitivity=spec.sensitivity, statement=stated)
        return cand, {f.id for f in held if f.key == cand.key and f.subject == subject_of(said, cand)}

    def resolve(self, conn: Any, said: Said, cand: FactCandidate, vector: np.ndarray | None, now: datetime, *,
                replaces: Collection[int] = (), together: Collection[int] | None = None) -> RawChange:
        """Decide what ``cand`` does to the stored facts (``facts.resolve.decide``) and do it
        (``together``: as ``apply`` takes it)."""
        try:
            single = key_spec(cand.key).cardinality == "one"
        except KeyError:
            single = False
        subject = subject_of(said, cand)
        ids, similarity = self._candidates(conn, said, cand, vector, single=single, replaces=replaces)
        denied = self.denials(conn, said, cand)  # "not allergic to peanuts", ended by the allergy to peanuts
        denied |= same_slot(self, conn, said, cand)  # "switched my browser to firefox" ends the browser used (Arc)
        ids |= denied
        if self.encrypts(cand):
            vector = None  # no vector of a secret value is stored or compared
        existing = self.store.load_facts(conn, ids)
        if cand.key == PROJECT_TOOL_KEY:  # a project's tools of other jobs are used side by side (pnpm and pytest)
            existing = [f for f in existing if f.key != cand.key or not other_tools(cand.value, f.value)]
        slot = None if single else slot_label(cand.statement)  # a favourite, a budget, a count
        # where a twin restated must not count as a new value: a favourite's too (blue, then 最喜欢的颜色是蓝色)
        twin_key = single or cand.key in EXACT_KEYS or slot is not None
        same_key = [f for f in existing if f.key == cand.key and f.status == "active" and not f.encrypted]
        restated = (set() if not twin_key or self.encrypts(cand)
                    or any(normalise_value(f.value) == normalise_value(cand.value) for f in same_key)
                    else self.twins(cand.value, same_key))
        # "I hate cats" then 我喜欢猫: a like and a dislike of one thing in two languages contradict as in one.
        # The model is asked only of a pair in two scripts (extract.twins): a one-language user pays nothing.
        other = [f for f in existing if contradicts(cand.key, f.key) and f.status == "active" and not f.encrypted]
        opposed = self.twins(cand.value, other) if other and not self.encrypts(cand) else set()
        own = {f.id for f in existing if said.episode_id in f.citations}  # what its own message stated
        # an earlier sentence's value of a single-valued key, or of the same favourite (a favourite holds one value
        # at a time: "My favorite city is Kyoto. Actually no, it's Osaka."): the message changed its mind
        if (single or slot is not None) and together is not None:
            own &= set(together)
        decision = decide(cand, existing, single_valued=single, similarity=similarity, twins=restated, opposed=opposed,
                          denied=denied,
                          merge_similarity=self.merge_similarity,
                          same_message=(() if cand.corrects or choice_key(cand.key) or replaces else own),
                          replaces={f.id for f in existing
                                    if slot is not None and slot_label(f.statement) == slot}
                          # a correction that found the one fact it corrects (``replaces``: the plan of the message
                          # before put right, the fact holding the old value it names) takes that fact's place only
                          # (one naming an old value no fact holds whole, "not Tokyo" after "flew to Tokyo", retires
                          # the key's one value that mentions it, never another value of the key)
                          | (self.corrected(cand, existing, naming=cand.instead_of)
                             if cand.corrects and not single and not replaces else set())
                          | set(replaces))
        # A message said before a rival was last stated is older news, whatever order the messages
        # arrive in (a backfilled log, a newest-first export, two imports racing): it must not retire
        # the newer value; it is stored as the past value that newer one replaced.
        later = [f for f in existing if f.id in decision.superseded and f.observed_at > said.at]
        timeline = single and cand.kind != "episode"
        if decision.action not in ("create", "supersede") and not timeline:
            return self.execute(conn, decision, said, cand, vector, now)
        return place.place_value(self, conn, subject, said, cand, vector, now, decision, later,
                                 timeline=timeline, by_twin=twin_key)

    def denials(self, conn: Any, said: Said, cand: FactCandidate) -> set[int]:
        """Ids of the active facts ``cand`` contradicts under the other key of an allergy and its denial
        (``extract.allergy_denied``), the same thing or its twin: for an allergy to peanuts, "not allergic to
        peanuts" (对花生不过敏) said before it, which it supersedes; for a denial, an allergy said after it (arrived
        first), which makes the denial a past value (``facts.place``). A denial said after an allergy withdraws it
        (its own withdrawal). Empty for any other candidate."""
        thing = allergy_denied.denial_of(cand.value) if cand.key == allergy_denied.KEY else cand.value
        if cand.retracts or not thing or cand.key not in ("health.allergy", allergy_denied.KEY):
            return set()
        other = allergy_denied.KEY if cand.key == "health.allergy" else "health.allergy"
        ids = self.store.fact_ids(conn, said.scope, keys=[other], subject=subject_of(said, cand))
        facts = [f for f in self.store.load_facts(conn, ids) if not f.encrypted and (
            f.observed_at <= said.at if other == allergy_denied.KEY else f.observed_at > said.at)]
        things = [allergy_denied.denial_of(f.value) if other == allergy_denied.KEY else f.value for f in facts]
        facts, things = [f for f, t in zip(facts, things, strict=True) if t], [t for t in things if t]
        twin = self.twin_values(thing, things)
        return {f.id for f, value, is_twin in zip(facts, things, twin, strict=True)
                if is_twin or same_value(thing, value)}

    def _candidates(self, conn: Any, said: Said, cand: FactCandidate, vector: np.ndarray | None, *,
                    single: bool, replaces: Collection[int]) -> tuple[set[int], dict[int, float]]:
        """Ids of the stored facts that can matter to ``cand``, and the cosine of the near ones.

        Only these are read: the same value (under the key or a contradicting one), every value
        of a single-valued key, and near-duplicates by vector (never one ``replaces`` retires)."""
        scope, subject = said.scope, subject_of(said, cand)
        keys = [cand.key, *contradicting_keys(cand.key)]
        ids = set(self.store.fact_ids(conn, scope, keys=[cand.key], subject=subject, value_norm=self.value_norm(cand)))
        if len(keys) > 1:  # likes/dislikes: the other polarity's facts, matched by terms in decide()
            ids |= set(self.store.fact_ids(conn, scope, keys=keys[1:], subject=subject))
        if single or cand.key in EXACT_KEYS or slot_label(cand.statement) is not None or cand.corrects:
            ids |= set(self.store.fact_ids(conn, scope, keys=[cand.key], subject=subject))
        ids |= set(replaces)
        similarity: dict[int, float] = {}
        if vector is not None and not self.encrypts(cand) and cand.kind != "episode":
            # events are time-bound: never merged by meaning
            similarity = {i: s for i, s in self.store.nearest_facts(
                conn, scope, key=cand.key, subject=subject, vector=vector, min_similarity=self.merge_similarity)
                if i not in replaces}
            ids |= set(similarity)
        return ids, similarity

    def execute(self, conn: Any, decision: Decision, said: Said, cand: FactCandidate, vector: np.ndarray | None,
                now: datetime, returning: Sequence[Fact] = ()) -> RawChange:
        """Carry out ``decision``: touch or merge into its target, or insert ``cand`` (citing the
        messages of a ``returning`` value too), then supersede what it retires; one event each."""
        scope, actor, episode_id = said.scope, said.actor, said.episode_id
        ends = self.ends(conn, decision.superseded, cand, said)
        # an end of its own ("flew to Tokyo in March 2019"), for a rollback to give back (``lifecycle.rollback``)
        own_ends = {f.id: f.valid_to for f in self.store.load_facts(conn, decision.superseded) if f.valid_to}
        for old in decision.superseded:
            self.store.set_fact_status(conn, old, "superseded", now=now, valid_to=ends[old][0])
        if decision.action in ("touch", "merge") and decision.target is not None:
            self.store.touch_fact(conn, decision.target, confidence=cand.confidence, now=now, observed_at=said.at)
            self.store.cite(conn, decision.target, list(said.citations))
            self.store.log_event(conn, scope, fact_id=decision.target,
                                 action="update" if decision.action == "touch" else "merge", actor=actor,
                                 detail=said.detail(restated=self.shown(cand), episode=episode_id), now=now)
            fact_id = decision.target
        else:
            # the newest earlier messages only: a value flapping back and forth would otherwise have
            # each return cite every message of its value's whole history
            earlier = sorted({e for f in returning for e in f.citations} - set(said.citations))
            fact_id = self.store.insert_fact(conn, scope, self.new_fact(cand, said, vector, now),
                                             citations=[*said.citations, *earlier[-MAX_RETURNING_CITATIONS:]],
                                             now=now)
            detail = said.detail(key=cand.key, value=self.shown(cand), episode=episode_id)
            if returning:  # the value comes back: the messages that said it before state it again
                detail["returns_to"] = [f.id for f in returning]
            self.store.log_event(conn, scope, fact_id=fact_id, action="create", actor=actor, detail=detail, now=now)
        for old in decision.superseded:
            before = ends[old][1]
            dated = {} if before is None else {"changed_before_stated": before.isoformat()}
            if old in own_ends:
                dated["own_end"] = own_ends[old].isoformat()
            self.store.log_event(conn, scope, fact_id=old, action="supersede", actor=actor, now=now,
                                 detail=said.detail(superseded_by=fact_id, new_value=self.shown(cand),
                                                    episode=episode_id, **dated))
        return decision.action, fact_id, decision.superseded

    def ends(self, conn: Any, superseded: Sequence[int], cand: FactCandidate,
             said: Said) -> dict[int, tuple[datetime, datetime | None]]:
        """When each of ``superseded`` stops holding, and the new value's start when it was dated
        at or before the old value was stated (else ``None``): ``{id: (valid_to, dated_before)}``.

        An old value's validity ends when the new one starts: when the new one was said, or the
        time it was said with ("I moved to Munich last month": the first of that month) when that
        falls after the old value began. A change dated at or before the old value was stated
        ("I live in Berlin" said on 28 November, then "I moved to Munich last month") leaves no
        span to end inside: the old value ends when the change was said (the last moment it was
        believed), and its ``supersede`` event says why (``changed_before_stated``)."""
        start = cand.valid_from
        if start is None or start >= said.at:
            return {old: (said.at, None) for old in superseded}
        began = {f.id: f.valid_from or f.observed_at for f in self.store.load_facts(conn, superseded)}
        ends: dict[int, tuple[datetime, datetime | None]] = {}
        for old in superseded:
            ends[old] = (start, None) if old in began and began[old] < start else (said.at, start)
        return ends

    def replace(self, conn: Any, old: Fact, cand: FactCandidate, said: Said, vector: np.ndarray | None,
                now: datetime) -> int:
        """A hand edit (``Memory.update``): ``cand`` takes the place of the active ``old`` now.

        The new fact cites what ``said`` cites (nothing for a hand edit: citing the old fact's
        episode would claim "I prefer UPS" as the source of DHL); its ``create`` event names the
        fact it was updated from, and ``old`` is superseded with both values in its event
        (encrypted where the write path would encrypt them). Returns the new fact's id."""
        previous = FactCandidate(kind=old.kind, key=old.key, value=old.value, confidence=old.confidence,
                                 importance=old.importance, sensitivity=old.sensitivity)
        new_id = self.store.insert_fact(conn, old.scope, self.new_fact(cand, said, vector, now),
                                        citations=list(said.citations), now=now)
        self.store.set_fact_status(conn, old.id, "superseded", now=now, valid_to=said.at)
        self.store.log_event(conn, old.scope, fact_id=new_id, action="create", actor=said.actor, now=now,
                             detail=said.detail(key=old.key, value=self.shown(cand), updated_from=old.id))
        self.store.log_event(conn, old.scope, fact_id=old.id, action="supersede", actor=said.actor, now=now,
                             detail=said.detail(superseded_by=new_id, old_value=self.shown(previous),
                                                new_value=self.shown(cand)))
        return new_id

    def corrected(self, cand: FactCandidate, existing: Sequence[Fact], *, naming: str = "") -> set[int]:
        """What a correction of a many-valued key that names no old value ("其实我是对芒果过敏",
        "Actually, it's shellfish I'm allergic to") takes the place of: the key's one value, said
        in one language or both (花生 and its twin "peanuts", ``extract.twins``). With two or more
        different values active the correction does not say which it corrects, and a wrongly
        withdrawn allergy is the worse error: nothing is retired, the new value is added.
        ``naming``: the old value the correction names when no stored value is that value whole
        ("Sorry, I flew to Osaka in March 2019, not Tokyo" after "flew to Tokyo"): only the values
        that mention it as a word (``mentions``) are the key's values here. A like said as a change of mind
        (``extract.changed_now``: 我现在更喜欢绿色 after 我最喜欢蓝色 and 我喜欢火锅), or corrected ("I love Muse, no
        wait, Radiohead"), takes the place of the one like of its own kind (``like_kind``: a colour, a drink, or
        a kind unknown for both): a taste moved within a kind, never from blue to hotpot or to Paris. A habit said
        as changed ("I've switched to evening runs" after "I run every morning" and "I swim on Sundays") takes the
        place of the one habit of its doing (the run), and one said in place of another ("Now I swim in the mornings
        instead") of the one habit of its part of the day, or the one habit held (``habits_replaced``)."""
        live = [f for f in existing if f.key == cand.key and f.status == "active"
                and normalise_value(f.value) != normalise_value(cand.value)
                and (not naming or (mentions(f.value, naming) and same_kin(cand.key, cand.value, f.value)))]
        if cand.key.endswith(".like") and not naming:
            kind = like_kind(cand.value)
            live = [f for f in live if like_kind(f.value) == kind]
        elif cand.key in ("family.member", "pet") and not naming:
            # "Sorry, I misspoke, my son is called Theo": the son, never the wife (``same_kin``)
            live = [f for f in live if same_kin(cand.key, cand.value, f.value)]
        elif cand.key == HABIT_KEY and not naming:  # "I've switched to evening runs": the run, not the swim
            live = habits_replaced(cand.value, cand.evidence, live)
        if not live or any(f.encrypted for f in live):
            return set()
        last = max(live, key=lambda f: (f.observed_at, f.id))
        rest = [f for f in live if f.id != last.id]
        one = {last.id} | {f.id for f in rest if same_value(last.value, f.value)} | self.twins(last.value, rest)
        return one if len(one) == len(live) else set()

    def twins(self, value: str, facts: Sequence[Fact]) -> set[int]:
        """Ids of ``facts`` whose value is ``value``'s cross-language twin (``twin_values``)."""
        found = self.twin_values(value, [f.value for f in facts])
        return {f.id for f, twin in zip(facts, found, strict=True) if twin}

    def twin_values(self, value: str, values: Sequence[str]) -> list[bool]:
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

    def encrypts(self, cand: FactCandidate) -> bool:
        """Whether ``cand``'s value is stored encrypted (high sensitivity, a key configured)."""
        return cand.sensitivity == "high" and self.cipher is not None

    def value_norm(self, cand: FactCandidate) -> str:
        """The stored comparison form of ``cand``'s value (its MAC when encrypted)."""
        norm = normalise_value(cand.value)
        return self.cipher.mac(norm) if self.cipher is not None and self.encrypts(cand) else norm

    def shown(self, cand: FactCandidate) -> str:
        """A value as the audit log may hold it: encrypted values never appear in events."""
        return self.cipher.encrypt(cand.value) if self.cipher is not None and self.encrypts(cand) else cand.value

    def new_fact(self, cand: FactCandidate, said: Said, vector: np.ndarray | None, now: datetime) -> NewFact:
        """The row ``cand`` is stored as: encrypted (and indexed by its key only) when it must be."""
        value, statement, terms = cand.value, cand.statement or cand.value, fact_terms(cand)
        if self.cipher is not None and self.encrypts(cand):
            # Only the key's descriptions are indexed: "my phone number" finds it, the number does not.
            value, statement = self.cipher.encrypt(value), self.cipher.encrypt(statement)
            terms, vector = key_terms(cand.key), None
        return NewFact(
            kind=cand.kind, key=cand.key, tag=said.tag or cand.tag or cand.key.split(".")[0], value=value,
            value_norm=self.value_norm(cand), statement=statement, confidence=cand.confidence,
            importance=cand.importance, sensitivity=cand.sensitivity, subject=subject_of(said, cand),
            observed_at=said.at, valid_from=cand.valid_from or said.at, valid_to=cand.valid_to, index_terms=terms,
            embedding=vector, expires_at=said.expires_at, encrypted=self.encrypts(cand),
        )


def _plan_at_new_day(cand: FactCandidate, plan: Fact, value: str) -> FactCandidate:
    """``cand`` (a plan at its new day) as the successor of the stored ``plan``: under the plan's key and its spec,
    valued ``value`` and said ``instead_of`` its own value, as a move is (``extract.scheduled.moved``)."""
    spec = key_spec(plan.key)
    return replace(cand, key=plan.key, kind=spec.kind, importance=spec.importance, sensitivity=spec.sensitivity,
                   value=value, instead_of=value)


def _shifted(plan: Fact, start: datetime | None) -> dict[str, Any]:
    """``plan``'s span and statement moved to begin at ``start`` (a plan moved to a new day keeps its length, and its
    statement names the new day: "plans: flying to Lisbon (2027-03-21)")."""
    if start is None or plan.valid_from is None or plan.valid_to is None:
        return {"statement": plan.statement}
    end, statement = start + (plan.valid_to - plan.valid_from), plan.statement
    offset = _label_offset(plan)
    for lang in ("en", "zh"):
        statement = statement.replace(describe_period((plan.valid_from, plan.valid_to), lang, offset),
                                      describe_period((start, end), lang, offset))
    return {"statement": statement, "valid_to": end}


def _label_offset(plan: Fact) -> timedelta | None:
    """The UTC offset the day in ``plan``'s statement was written in (``extract.statements``: the speaker's calendar
    day, whose midnight is ``valid_from``): "(2026-11-06)" over a ``valid_from`` of 2026-11-05 16:00 UTC is +08:00.
    ``None`` when the statement names no whole day or the difference is no UTC offset (-12:00 to +14:00)."""
    day = _LABEL_DAY.search(plan.statement)
    if day is None or plan.valid_from is None:
        return None
    offset = datetime.fromisoformat(day.group(0)).replace(tzinfo=UTC) - plan.valid_from
    return offset if timedelta(hours=-12) <= offset <= timedelta(hours=14) else None
