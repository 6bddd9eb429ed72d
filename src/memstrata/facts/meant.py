"""Which held fact a change names, read against what the user holds now.

A message that changes something often names the thing changed only in part: "Sorry, I meant Chloe, not Clara" names
the old name, not the niece whose name it was; "Now on March 21 instead" names a new day and no plan; "I cancelled
it", "The trip is cancelled", 预约取消了 name a plan by a pronoun or by its kind alone. The extractor reads the change
(its new value, its new day, or a withdrawal); which held fact it changes is known only from the store, and is
decided here by comparing the change with the user's facts:

* a correction "X, not Y" names the one active fact of its subject whose value holds Y as a name: the value itself
  (that is ``FactEngine.instead``'s exact match), or a name, place or day inside it ("niece named Clara",
  妹妹小丽, "flying to Lisbon"): X takes Y's place in it (``value_named``); a name Y that no value holds but that
  facts are about ("My friend Tom is coming to visit": the visit is Tom's) names those facts, now about X
  (``renamed``), and so does a relative's name put right ("brother named Tom");
* a plan changed (moved to a new day, moved by a span, or called off) names one of the plans ahead of anyone the user
  holds plans of (``plan_meant``: "They pushed it back a week" of a sister's wedding): the one sharing a word of its
  own with what the change names, else with the message's other words ("Please drop the physio session, I cancelled
  it"), else the one plan of the kind the change names (a trip is any journey, a travel plan whatever its words; an
  appointment a visit to a dentist, a doctor, a physio), else, naming nothing, the one plan ahead; a reason said after
  "it" ("Cancel it, I took another offer") names no other thing it stands for.

When no fact fits, or several fit equally, nothing changes: a change applied to the wrong fact loses a true one,
which is worse than a change not stored ("I cancelled it" with a trip and an appointment ahead, "not Emma" with no
Emma held).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from memstrata.extract import plan_changed
from memstrata.extract.corrected import CORRECTION_KEY
from memstrata.extract.corrected_later import KEY, PLANS, kinds
from memstrata.extract.taxonomy import key_spec
from memstrata.extract.timex import time_spans
from memstrata.facts import previous
from memstrata.facts.resolve import Decision
from memstrata.facts.terms import subject_of
from memstrata.text.regex import lazy_regex
from memstrata.text.tokens import normalise_value

if TYPE_CHECKING:
    from datetime import datetime

    from memstrata.extract.base import FactCandidate
    from memstrata.facts.engine import FactEngine
    from memstrata.facts.said import RawChange, Said
    from memstrata.types import Fact


def mentions(value: str, named: str) -> bool:
    """Whether the stored ``value`` names ``named``: as whole words in Latin script (case aside), as
    a substring where ``named`` has a Chinese character (Chinese has no spaces). "flew to Tokyo"
    mentions "Tokyo" and "tokyo"; "Tokyoite" does not; an empty ``named`` mentions nothing."""
    stored, said = value.casefold(), " ".join(named.casefold().split())
    if not said:
        return False
    if not said.isascii():
        return said in stored
    return re.search(rf"(?<!\w){re.escape(said)}(?!\w)", stored) is not None


def _a_name(old: str) -> bool:
    """Whether ``old``, the value a correction says was wrong, is one that can sit inside a longer stored value as its
    name: a capitalised name ("Clara", "New York"), a place or a time (``kinds``), or two Chinese characters or more
    (小丽, 南通: Chinese has no capitals). A lowercase word ("tea") is none: "green tea" holds it as a kind of tea, and
    "I meant coffee, not tea" is no "green coffee"."""
    old = old.strip()
    return bool(re.fullmatch(r"[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,2}", old) or kinds(old)
                or re.fullmatch(r"[\u4e00-\u9fff]{2,8}", old))


def _put(text: str, old: str, new: str) -> str:
    """``text`` with its first ``old`` (a whole word in Latin script, case aside) said as ``new``."""
    if not old.isascii():
        return text.replace(old, new, 1)
    return re.sub(rf"(?i)(?<!\w){re.escape(old)}(?!\w)", lambda _: new, text, count=1)


def value_named(engine: FactEngine, conn: Any, said: Said, cand: FactCandidate) -> tuple[FactCandidate, set[int]]:
    """``cand``, a correction "X, not Y" (``cand.value`` X, ``cand.instead_of`` Y) that no held value equals, as the
    successor of the one active fact of its subject holding Y as a name inside its value (``_a_name``, ``mentions``):
    "Sorry, I meant Chloe, not Clara" after "My niece is called Clara" gives ``family.member`` = "niece named Chloe"
    in place of "niece named Clara", however long ago it was said. ``cand`` and no id when Y is no name, or no fact or
    several hold it (which one is meant is unknown)."""
    old = cand.instead_of.strip()
    if not old or not cand.value or not _a_name(old):
        return cand, set()
    store = engine.store
    ids = store.fact_ids(conn, said.scope, keys=None, subject=subject_of(said, cand))
    holding = [f for f in store.load_facts(conn, ids) if not f.encrypted and f.key not in (KEY, CORRECTION_KEY)
               and f.value.casefold() != old.casefold() and mentions(f.value, old)]
    if len(holding) != 1:
        return cand, set()
    fact = holding[0]
    try:
        spec = key_spec(fact.key)
    except KeyError:
        return cand, set()
    value = _put(fact.value, old, cand.value)
    statement = _put(fact.statement, old, cand.value) if mentions(fact.statement, old) else value
    return replace(cand, key=fact.key, kind=spec.kind, importance=spec.importance, sensitivity=spec.sensitivity,
                   value=value, statement=statement, instead_of=fact.value, corrects=True,
                   # a plan put right in its place keeps its day ("I meant Porto, not Lisbon" of a trip in March)
                   valid_from=fact.valid_from if fact.key in PLANS else cand.valid_from), {fact.id}


def renamed(engine: FactEngine, conn: Any, said: Said, cand: FactCandidate, old: str, now: datetime) -> list[RawChange]:
    """What a name put right that no held value holds ("Sorry, his name is Tim, not Tom": ``cand.value`` Tim, ``old``
    Tom) changes: every active fact about the person of the old name (its subject, ``FactCandidate.subject``: "My
    friend Tom is coming to visit next week" stored the visit as Tom's) is said again about the new name, superseding
    the old; ``[]`` (nothing changes) when either is no person's name (a capitalised word or two) or nothing is held
    about ``old`` (不好意思，他叫小李，不是小王 likewise). The facts keep their values, days and spans; a statement
    naming the old name names the new."""
    new = cand.value.strip()
    if not _PERSON.fullmatch(old.strip()) or not _PERSON.fullmatch(new) or new.casefold() == old.strip().casefold():
        return []
    store = engine.store
    ids = [row[0] for row in store.owner_active_facts(conn, said.scope)]
    about = [f for f in store.load_facts(conn, ids)
             if not f.encrypted and (f.subject or "").casefold() == old.strip().casefold()]
    changes: list[RawChange] = []
    for fact in about:
        statement = _put(fact.statement, old.strip(), new) if mentions(fact.statement, old.strip()) else fact.statement
        again = replace(cand, kind=fact.kind, key=fact.key, value=fact.value, confidence=fact.confidence,
                        importance=fact.importance, sensitivity=fact.sensitivity, statement=statement,
                        valid_from=fact.valid_from, valid_to=fact.valid_to, subject=new, instead_of="")
        changes.append(engine.execute(conn, Decision("supersede", superseded=(fact.id,)), said, again,
                                      engine.vector_of(statement), now))
    return changes


#: A person's name: one to three capitalised words ("Tom", "Mary Ann"), or two to four Chinese characters (小王).
_PERSON = re.compile(r"[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+){0,2}|[\u4e00-\u9fff]{2,4}")


#: The kinds of plan a word names, and the words that name each (English words, Chinese words found inside a value):
#: a journey, a visit to someone who sees to the user (a dentist, a doctor, a physio, a hairdresser), a meeting, a
#: meal out, a class. "the trip" names a plan that is a journey ("fly to Lisbon", a ``travel.plan`` whatever its
#: words), 预约 one that is a visit (看牙医), never the other.
_KIND_WORDS: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {
    "trip": (frozenset({"trip", "trips", "flight", "flights", "vacation", "holiday", "getaway", "journey", "travel",
                        "travelling", "traveling", "fly", "flying"}),
             ("行程", "旅行", "旅游", "出差", "航班", "机票", "之行", "之旅")),
    "visit": (frozenset({"appointment", "appointments", "appt", "booking", "session", "check-up", "checkup",
                         "consultation", "dentist", "doctor", "doctor's", "physio", "physiotherapist", "therapist",
                         "gp", "vet", "optician", "optometrist", "dermatologist", "hairdresser", "barber", "haircut",
                         "massage", "chiropractor", "clinic"}),
              ("预约", "门诊", "挂号", "牙医", "医生", "看病", "体检", "复查", "理发", "按摩", "理疗", "医院", "看牙")),
    "meeting": (frozenset({"meeting", "meetings", "call"}), ("会议", "开会", "例会")),
    "meal": (frozenset({"dinner", "lunch", "breakfast", "brunch"}), ("聚餐", "饭局", "吃饭", "晚饭", "午饭")),
    "class": (frozenset({"class", "classes", "lesson", "lessons"}), ("课",)),
}
_LATIN_WORD = re.compile(r"[a-z][a-z'-]*")
_HAN = re.compile(r"[\u4e00-\u9fff]+")


def plan_kinds(value: str, key: str = "") -> frozenset[str]:
    """The kinds of plan (``_KIND_WORDS``) ``value`` names, and a travel plan's (``key``) journey.

    >>> sorted(plan_kinds("fly to Lisbon", "travel.plan")), sorted(plan_kinds("看牙医")), sorted(plan_kinds("预约"))
    (['trip'], ['visit'], ['visit'])
    >>> sorted(plan_kinds("the trip")), sorted(plan_kinds("dinner with Sam")), sorted(plan_kinds("it"))
    (['trip'], ['meal'], [])
    """
    words, text = set(_LATIN_WORD.findall(value.casefold())), value.casefold()
    found = {kind for kind, (latin, han) in _KIND_WORDS.items() if words & latin or any(w in text for w in han)}
    return frozenset(found | ({"trip"} if key == "travel.plan" else set()))


def plan_moved(engine: FactEngine, conn: Any, said: Said, cand: FactCandidate) -> Fact | None:
    """The plan ahead that a plan said as moved to a new day means ("Correction: the Lisbon trip moved to March 21st"
    after "I'm planning to fly to Lisbon on March 14th", 出差改到下周五了 after 下周三我要去上海出差, "The dentist moved
    my appointment to Monday"): ``cand`` a plan (``PLANS``) at a time, said as moved (``instead_of`` its own value:
    ``extract.scheduled.moved``, ``extract.rescheduled.plan_moved``), and the plan ``plan_meant`` finds by its words
    or its kind ("my appointment": the one visit ahead). ``None`` when it is no such plan, when a plan of its words is
    already on the new day (the move was stored, or is another plan's), and when none or several fit: "the haircut
    moved to Monday" moves no dentist appointment, "the trip moved to Monday" no appointment."""
    if (cand.key not in PLANS or cand.valid_from is None or said.episode_id is None
            or normalise_value(cand.instead_of) != normalise_value(cand.value)):
        return None
    if any(f.valid_from is not None and f.valid_from.date() == cand.valid_from.date()
           and previous.same_plan(f, cand.value) for f in previous.plans_to_come(engine, conn, said, cand)):
        return None
    return plan_meant(engine, conn, said, cand, named=cand.value)


def plan_meant(engine: FactEngine, conn: Any, said: Said, cand: FactCandidate, *, named: str) -> Fact | None:
    """The one plan of ``cand``'s subject ahead (``previous.plans_to_come``) that a change of plan naming it by
    ``named`` (a plan's words, its kind alone, or nothing: "it", "Now on March 21 instead") means, as the module
    docstring orders it: the plans sharing a word of their own with ``named``; else with the other words of the
    message ("Please drop the physio session, I cancelled it"); else the plans of the kind ``named`` names; else,
    ``named`` naming neither words nor a kind, every plan ahead (the user's own when no one else is said to change it:
    "I cancelled it" with a sister's wedding ahead). A plan moved (``cand.retracts`` false) is none of the
    plans already on its new day. ``None`` unless exactly one plan fits at the first step any plan fits at: two plans
    ahead and "I cancelled it" name neither, and "the haircut is cancelled" names no dentist appointment."""
    # a change naming no plan nor whose (``plan_changed.KEY``: "They pushed it back a week") is about any plan the
    # user holds, a sister's wedding as well as their own trip
    anyone = cand.key == plan_changed.KEY and not cand.subject and said.speaker is None
    ahead = previous.plans_to_come(engine, conn, said, cand, every_subject=anyone)
    if not cand.retracts and cand.valid_from is not None:
        ahead = [f for f in ahead if f.valid_from is None or f.valid_from.date() != cand.valid_from.date()]
    if named and not previous.names_kind_alone(named):
        return _one([f for f in ahead if previous.own_word_shared(named, f.value)])
    text = _without_times(engine.store.episode_text(conn, said.episode_id) or "") if said.episode_id else ""
    if text and (sharing := [f for f in ahead if previous.own_word_shared(text, f.value)]):
        return _one(sharing)
    if kinds_named := plan_kinds(named):
        return _one([f for f in ahead if kinds_named & plan_kinds(f.value, f.key)])
    # "it" alone: the one plan ahead, unless the message speaks of something else it may stand for ("I had Netflix
    # but the price went up, so I cancelled it"), before it: a reason given after ("Cancel it, I took another offer")
    # names nothing it stands for
    if anyone and not _THIRD_PERSON.search(text):  # "I cancelled it", "Cancel it": the user's own plan, not a sister's
        ahead = [f for f in ahead if not f.subject]
    return None if _speaks_of_more(plan_changed.up_to_off(text) if cand.retracts else text) else _one(ahead)


#: Someone other than the user said as doing a change ("They pushed it back a week", 他们推迟了一周): "it" may be
#: anyone's plan. Without them ("I cancelled it", "Cancel it", 我把它取消了) it is one of the user's own.
_THIRD_PERSON = lazy_regex(r"(?i)\b(?:they|he|she|them|their|his|her)\b|他们|她们|[他她]")


#: The words a change of plan is said in, that name no thing it may be about: "Please drop it, I cancelled it",
#: "OK, change of plan: now on March 21 instead", 计划有变，改到下周五, 我把它取消了.
_CHANGE_WORDS = frozenset("""
a about again already also an and anyway at back be been brought but called can cancel canceled cancelled change
changed date day delete did do drop forget forward fyi got guys had has have hey hi i i'm i've in is it it's its just
me moved my new no not now of off oh ok okay on our please plan plans postponed pushed quick remove rescheduled sadly
shifted small so sorry that that's the this thanks to too unfortunately update was we we've well were will yeah yes
you instead heads up note btw for then there move push reschedule shift bump let's until till over
they them he she by later earlier delayed bumped brought a couple day days week weeks one two three four five six seven
eight nine ten
""".split())
_CHANGE_HAN = lazy_regex(r"计划|有变|变了|改了|一下|改到|推迟到|延期到|延后到|延到|推到|提前到|改成|改为|改在|"
                         r"换到|挪到|调到|取消|推掉|已经|这个|那个|我们|他们|"
                         r"(?:推迟|延后|延期|推后|往后推|往后挪|顺延|提前|提早|往前挪|往前推)了?"
                         r"(?:[一二两三四五六七八九十\d]+个?(?:天|日|周|星期|礼拜))?|[我它也被把了吧啊哦呢的就都]")


def _speaks_of_more(text: str) -> bool:
    """Whether ``text`` (a message without its times) names anything beyond a change of plan (``_CHANGE_WORDS``,
    ``_CHANGE_HAN``): a thing "it" may stand for other than a plan."""
    words = set(_LATIN_WORD.findall(text.casefold())) - _CHANGE_WORDS
    han = "".join(_HAN.findall(_CHANGE_HAN.sub("", text)))
    return bool(words) or len(han) >= 2


def _without_times(text: str) -> str:
    """``text`` without its time expressions: a day said ("next week", 下周五) is no word of a plan's own ("for a
    week")."""
    for start, end, _ in reversed(time_spans(text)):
        text = f"{text[:start]} {text[end:]}"
    return text


def _one(facts: list[Fact]) -> Fact | None:
    return facts[0] if len(facts) == 1 else None
