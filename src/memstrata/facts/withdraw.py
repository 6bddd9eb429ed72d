"""Withdrawals: "I no longer use UPS", 不要京东了, an LLM's delete of a stated value.

A withdrawal supersedes, with no successor, the active values it names and is remembered
(``store.withdrawals``): a value said before it that arrives after it is stored as a past value
ending where it was withdrawn (``facts.place``). Told to the assistant as an instruction of a chosen thing
(以后别用顺丰了, "Don't use UPS anymore": the extractor's ``FactCandidate.forbids``) when no value of it was stored,
it is the prohibition "Never use UPS again" states: ``shipping.carrier = 不要顺丰`` / ``not UPS``
(``prohibition_kept``), so the instruction is not lost.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from memstrata.extract import parted
from memstrata.extract.allergens import allergen
from memstrata.extract.base import FactCandidate
from memstrata.extract.cancelled import PLAN_KEYS, names_trip
from memstrata.extract.cessation import of_kind
from memstrata.extract.habits import withdraws_habit
from memstrata.extract.plans import reached_by_giving_up
from memstrata.extract.pursuits import pastime_of
from memstrata.extract.shapes import CHANGE_KEYS, CHOSEN_KEYS
from memstrata.extract.taxonomy import key_spec
from memstrata.extract.twins import kinds_of
from memstrata.facts import previous
from memstrata.facts.resolve import choice_key, same_value
from memstrata.facts.said import RawChange, Said
from memstrata.facts.terms import subject_of
from memstrata.privacy.policy import only_placeholders
from memstrata.store.withdrawals import Withdrawal
from memstrata.text.lang import detect_language
from memstrata.text.tokens import normalise_value
from memstrata.types import Scope

if TYPE_CHECKING:
    from memstrata.facts.engine import FactEngine


def retract(eng: FactEngine, conn: Any, said: Said, cand: FactCandidate, now: datetime, *,
            only: set[int] | None = None) -> list[RawChange]:
    """Supersede, with no successor, the active facts ``cand`` withdraws (``withdraws``). The
    audit event is a ``supersede`` marked ``retracted`` (so ``rollback`` undoes it like any
    supersede). The withdrawal is kept (``store.withdrawals``) whether or not it withdrew
    anything: a value said before it that arrives later is stored as a past value ending
    here (``facts.place``). A value it names that had already ended later than this (replaced
    or withdrawn by a message said after this one, stored first) now ends here.

    ``only``: the ids it may withdraw (a plan a change of plan means, ``facts.meant``); ``None``: any it names.

    Raises:
        ValueError: ``said`` names no episode (a hand edit never withdraws).
    """
    scope, subject, at = said.scope, subject_of(said, cand), said.at
    if said.episode_id is None:
        raise ValueError("a withdrawal is said in an episode: Said.episode_id is required")
    if not eng.encrypts(cand):  # a secret value is never kept outside its encrypted fact
        eng.store.insert_withdrawal(conn, scope, Withdrawal(cand.key, cand.value, cand.evidence, at,
                                                            said.episode_id, subject))
    ids = [*eng.store.fact_ids(conn, scope, keys=[cand.key], subject=subject),
           *eng.store.fact_ids(conn, scope, keys=[cand.key], subject=subject, status="superseded"),
           *_used_elsewhere(eng, conn, scope, subject, cand), *_goals(eng, conn, scope, subject, cand)]
    out: list[RawChange] = []
    # A withdrawal said before a value was last stated does not withdraw it (see ``facts.engine``).
    held = [f for f in eng.store.load_facts(conn, ids) if f.observed_at <= at and (
        f.status == "active" or (f.valid_from or f.observed_at) <= at < (f.valid_to or at))]
    goals = [f for f in held if not f.encrypted and f.key == "plan.intent" and cand.key != "plan.intent"]
    still_done = _still_done(eng, conn, scope, subject, cand.key)
    plain = [f for f in held if not f.encrypted and f not in goals and f.value not in still_done]
    named = {f.id for f, hit in zip(plain, withdraws(eng, cand.value, cand.evidence, cand.key,
                                                      [f.value for f in plain]), strict=True) if hit}
    named |= {f.id for f in goals if reached_by_giving_up(f.value, cand.value)}
    if only is not None:  # the one plan a change of plan means (``facts.meant``), not another of its value
        held, named = [f for f in held if f.id in only], named & only
    detail = said.detail(superseded_by=None, retracted=True, statement=cand.evidence, episode=said.episode_id)
    for fact in held:
        if (cand.value and fact.id not in named) or _restated(eng, fact.value, cand.restates):
            continue
        if fact.status != "active":  # it ended later than this withdrawal: it ends here now
            eng.store.set_valid_to(conn, fact.id, at, now=now)
            eng.store.log_event(conn, scope, fact_id=fact.id, action="supersede", actor=said.actor, now=now,
                                detail={**detail, "arrived_late": True, "valid_to_was": (
                                    None if fact.valid_to is None else fact.valid_to.isoformat())})
            continue
        eng.store.set_fact_status(conn, fact.id, "superseded", now=now, valid_to=at)
        eng.store.log_event(conn, scope, fact_id=fact.id, action="supersede", actor=said.actor, detail=detail,
                            now=now)
        out.append(("retract", fact.id, ()))
    if not named and not out:
        out += prohibition_kept(eng, conn, said, cand, now)
    return out


def prohibition_kept(eng: FactEngine, conn: Any, said: Said, cand: FactCandidate, now: datetime) -> list[RawChange]:
    """The prohibition a withdrawal that ended nothing states (see the module docstring): stored when ``cand`` names a
    value of a chosen thing (``resolve.CHOICE_KEYS``: a carrier, an editor, a seat) and the extractor read its sentence
    as an instruction not to use one thing (``FactCandidate.forbids``: ``extract.directives.forbids_one``); nothing
    otherwise ("I don't use vim anymore" says what the user does, 别用圆通了 after 以后快递用圆通 ended 圆通, and
    别用顺丰和圆通了 after 用圆通发货 gives up what was used, a list of which one thing was never stored)."""
    if not cand.value or not choice_key(cand.key) or not cand.forbids:
        return []
    zh = detect_language(cand.evidence) == "zh"
    value = f"不要{cand.value}" if zh else f"not {cand.value}"
    return eng.apply(conn, said, replace(cand, value=value, retracts=False, statement=value), None, now)


#: The key of a service subscribed to or used (``extract.subscriptions``): its cancellation ("I cancelled Planet
#: Fitness", "I closed my Chase account") names the thing, kept under the key that said it (``user.gym``,
#: ``user.bank``), as a use ended does.
_SUBSCRIBED = "tool.uses"


def _used_elsewhere(eng: FactEngine, conn: Any, scope: Scope, subject: str | None, cand: FactCandidate) -> list[int]:
    """Ids of the active facts of ``subject`` that hold the value a use ends ("stop using Jenkins", "we moved
    from Jenkins to something else": ``user.uses``) under another key of a thing used (``tool.uses``, "We use
    Jenkins for CI" ``user.ci``), or of a thing chosen (``shapes.CHOSEN_KEYS``: "I prefer DPD for delivery" then
    "Never use DPD again", a carrier no gazetteer lists, so only the stored fact says DPD is one): the withdrawal
    names the thing, not the key it was stored under. A like given up names the thing liked under any key of a like
    (``preference.like``: "I love lattes"; a later "I prefer green tea over lattes" gives up ``drink.like``)."""
    liked = cand.key.endswith(".like")  # "Now I prefer green tea over lattes" (drink.like) ends "I love lattes"
    if (cand.key not in CHANGE_KEYS and cand.key != _SUBSCRIBED and not liked) or not cand.value:
        return []
    ids = eng.store.fact_ids(conn, scope, keys=None, subject=subject, value_norm=normalise_value(cand.value))
    return [f.id for f in eng.store.load_facts(conn, ids) if f.key != cand.key and (
        f.key.endswith(".like") if liked else
        f.key.startswith(("tool.", "user.")) or f.key in CHANGE_KEYS or f.key in CHOSEN_KEYS)]


def _goals(eng: FactEngine, conn: Any, scope: Scope, subject: str | None, cand: FactCandidate) -> list[int]:
    """Ids of the active goals of ``subject`` (``plan.intent``) a habit given up may reach ("quit smoking" when
    "I quit smoking" withdraws the habit of smoking: ``extract.plans.reached_by_giving_up`` decides which)."""
    if cand.key != "preference.habit" or not cand.value:
        return []
    return eng.store.fact_ids(conn, scope, keys=["plan.intent"], subject=subject)


def _still_done(eng: FactEngine, conn: Any, scope: Scope, subject: str | None, key: str) -> set[str]:
    """The pastimes under ``key`` (sport.like, hobby.like) that an active habit of ``subject`` still does: "I stopped
    going running every morning" ends the like of running a morning habit stored, never while "go running every
    evening" holds (``extract.pursuits.pastime_of``); ``set()`` for any other key."""
    if key not in ("sport.like", "hobby.like"):
        return set()
    habits = eng.store.load_facts(conn, eng.store.fact_ids(conn, scope, keys=["preference.habit"], subject=subject))
    return {done[1] for f in habits if not f.encrypted and f.status == "active"
            and (done := pastime_of(f.value, detect_language(f.value))) is not None and done[0] == key}


def withdraws(eng: FactEngine, value: str, evidence: str, key: str, values: Sequence[str]) -> list[bool]:
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
    for i, twin in zip(rest, eng.twin_values(value, others), strict=True):
        hits[i] = twin
    if key in PLAN_KEYS and not any(hits):  # "the meeting is cancelled": the one meeting current
        hits = previous.kind_named(value, key, values)
    if key == "health.allergy":
        hits = [hit or kind for hit, kind in zip(hits, kinds_of(value, list(values), evidence), strict=True)]
    return hits


def withdrawn(eng: FactEngine, conn: Any, scope: Scope, subject: str | None, cand: FactCandidate,
              start: datetime) -> Withdrawal | None:
    """The first withdrawal of ``cand``'s value said after ``start`` (stored before it arrived:
    ``store.withdrawals``), or ``None``."""
    if eng.encrypts(cand):
        return None
    for w in eng.store.withdrawals_after(conn, scope, key=cand.key, subject=subject, after=start):
        if withdraws(eng, w.value, w.statement, w.key, [cand.value])[0]:
            return w
    return None


def names_value(value: str, key: str, stored: str) -> bool:
    """Whether a withdrawal of ``value`` under ``key`` names the stored value ``stored`` as a
    whole. A pet or a relative is named by its kind (``extract.cessation.of_kind``: "dog" names "dog
    named Max"); an allergy by its allergen (``extract.allergens``): a value stored before that
    clean-up (``peanuts 所以不要放花生``, 花生又) is still withdrawn by "I'm not allergic to peanuts";
    a partner parted from by name only by a partner of that name (``extract.parted.ends``);
    a habit (a phrase) by its activity and polarity (``extract.habits.withdraws_habit``); a plan by the place it
    goes to (``extract.cancelled.names_trip``: "Lisbon" names "going to Lisbon"). A make names its
    model and a model its make (``model_of``: "Tesla" and "Tesla Model 3", 特斯拉 and 特斯拉Model 3)."""
    if same_value(value, stored) or model_of(value, stored) or model_of(stored, value):
        return True
    if key == "preference.habit":  # a habit is a phrase: matched by its activity and polarity
        return withdraws_habit(value, stored)
    if key == "family.member" and (partner := parted.ends(value, stored)) is not None:
        return partner  # "Sarah and I broke up" ends "girlfriend named Sarah", never "daughter named Sarah"
    if key in ("pet", "family.member"):  # "I don't have a dog anymore" ends "dog named Max", "2 dogs"
        return of_kind(value, stored)
    if key in PLAN_KEYS:  # "The Lisbon trip is cancelled" ends "going to Lisbon", "trip to Lisbon"; a plan named by
        # what it is ("the dentist appointment") ends the plan sharing a word of its own; a place alone only by its
        # whole name ("York" never ends "trip to New York")
        return names_trip(value, stored) or (not _PLACE_ALONE.fullmatch(value) and previous.names_plan(value, stored))
    if key in _PASTIME_KEYS:  # "Tom doesn't play football anymore" ends "playing football", 不踢足球了 踢足球
        return same_value(_PLAYED.sub("", value), _PLAYED.sub("", stored))
    return key == "health.allergy" and same_value(value, allergen(stored))


#: A place named alone, as a trip called off names it ("Lisbon", "New York"): its words are no plan's own words.
_PLACE_ALONE = re.compile(r"(?:[A-Z][\w'-]+)(?:\s+[A-Z][\w'-]+)?")
#: The keys of a pastime liked, whose stored value may keep the verb it was said with.
_PASTIME_KEYS = ("sport.like", "hobby.like")
#: The verb of playing or doing before a pastime's name ("playing football", "doing yoga", 踢足球, 打篮球, 下棋):
#: no part of which pastime it is.
_PLAYED = re.compile(r"^(?:(?:playing|doing|practi[cs]ing|going|to play|to do)\s+"
                     r"|[踢打玩下弹练跳滑骑](?=[\u4e00-\u9fff]))", re.IGNORECASE)


#: A word of a model's name said after its make: a number or a word with one ("3", "X5", "15"), a single
#: capital ("Model Y"), or a word that names a model or an edition ("Pro", "Max", "Series").
_MODEL_WORD = re.compile(r"(?:\w*\d\w*|[A-Z]|Model|Series|Class|Pro|Max|Plus|Mini|Ultra|Air|Lite|SE|系)$")


def model_of(make: str, stored: str) -> bool:
    """Whether ``stored`` is ``make`` with a model's name after it: the shorter and the longer form of one
    thing ("I don't drive a Tesla anymore" names "Tesla Model 3"). Another thing of the same name is never
    one ("New York City" is no model of "New York", "Tesla Model Y" none of "Tesla Model 3").

    >>> model_of("Tesla", "Tesla Model 3"), model_of("特斯拉", "特斯拉Model 3"), model_of("iPhone", "iPhone 15 Pro")
    (True, True, True)
    >>> model_of("Tesla Model 3", "Tesla Model Y"), model_of("New York", "New York City"), model_of("Tes", "Tesla")
    (False, False, False)
    """
    make, stored = make.strip(), stored.strip()
    if not make or len(stored) <= len(make) or stored[: len(make)].casefold() != make.casefold():
        return False
    rest = stored[len(make):]
    if make[-1].isascii() and make[-1].isalnum() and rest[0].isalnum():
        return False  # "Tes" is no make of "Tesla"
    words = [w for w in re.split(r"[\s\-]+|(?<=[\u4e00-\u9fff])(?=[A-Za-z0-9])", rest) if w]
    return bool(words) and all(_MODEL_WORD.match(w) for w in words)


#: A placeholder the privacy policy put where a secret was (``privacy.policy.placeholder``).
_PLACEHOLDER = re.compile(r"\[REDACTED:(?P<kind>[a-z_]+)\]")


def masked_change(cand: FactCandidate, masked: dict[str, list[str]]) -> FactCandidate | None:
    """The withdrawal a value masked by the privacy policy still states, or ``None``.

    "My phone is 415-555-0134" stored as "My phone is [REDACTED:phone]" gives a candidate whose value is a
    placeholder: no value to store, yet it says the one value of its key is now another. The number stored
    before (an older policy allowed it, or a format no detector knows) must not read as current, so the
    candidate becomes a withdrawal of every value of its key, leaving standing the masked value itself if
    it is the one stored (the same number said again; ``FactCandidate.restates``). A key of many values
    (likes, allergies) states nothing about the others, and a placeholder the message did not mask here
    (pasted from a redacted log) hides no new value: ``None`` for both.

    Args:
        cand: a candidate extracted from the redacted message.
        masked: the original texts each placeholder kind stands for in that message (``kind`` → texts),
            held in memory only.
    """
    if not only_placeholders(cand.value) or key_spec(cand.key).cardinality != "one":
        return None
    kinds = {m.group("kind") for m in _PLACEHOLDER.finditer(cand.value)}
    if not kinds or not kinds <= masked.keys():
        return None  # a placeholder typed or pasted as it is ("[REDACTED:email]" from a log) masks nothing here
    said = tuple(text for kind in sorted(kinds) for text in masked.get(kind, ()))
    return replace(cand, value="", retracts=True, restates=said)


def _restated(eng: FactEngine, stored: str, values: Sequence[str]) -> bool:
    """Whether the stored value (ciphertext when encrypted) is one of ``values``, digits alone compared for a
    number ("(415) 555-0134" is 415-555-0134)."""
    if not values:
        return False
    plain = eng.cipher.decrypt(stored) if eng.cipher is not None else stored
    digits = re.sub(r"\D", "", plain)
    return any(same_value(v, plain) or (len(digits) >= 5 and re.sub(r"\D", "", v) == digits) for v in values)
