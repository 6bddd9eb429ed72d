"""What a correction naming only a new value corrects: the user's fact of that kind said just before.

"I live in Berlin" then "Oops, I meant Munich", 我在南京工作 then 说错了，是在南通: the extractor reads the second
message as the new value alone (``extract.corrected_later.KEY``). It corrects the user's previous message, and only
that one:

* the fact must have been stated by the user's message just before the correction: no other user message between
  them (an assistant's reply between is allowed: "Noted, Berlin." then "Oops, I meant Munich"), and said at most
  ``WINDOW`` before it. A correction after another question, or after a pause, names nothing it can be sure of.
* among that message's facts of the user (not another person's), exactly one must hold a value of the new value's
  kind (``extract.corrected_later.same_kind``: a place for a place, a time for a time, a number for a number, a name
  with the same first word; ``extract.corrected_later.one_shape``: a colour for a colour, an English name for a name,
  when that message names no other colour or name; ``extract.corrected_later.same_category``: a food for a food, a
  drink for a drink by the head of the value, "jasmine tea" for "green tea", 香蕉 for 苹果). None or several: nothing
  changes, the correction is not stored (a wrong fact is worse than a missing one).

The new value then takes that fact's key and supersedes it, with the old statement said again with the new value.
A correction that names the old day too ("the 19th, not the 20th", 不是20号) puts right the user's one plan to come on
that day when the message before holds no plan at that day, wherever the plan was said (``_dated_plan``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from memstrata.extract.corrected_later import (
    KEY,
    PLANS,
    kinds,
    names_time,
    one_shape,
    one_thing,
    respelt,
    said_again,
    same_category,
    same_kind,
    same_model,
)
from memstrata.extract.rules import RuleExtractor
from memstrata.extract.taxonomy import key_spec
from memstrata.extract.timex import resolve_relative
from memstrata.facts.said import Said
from memstrata.facts.terms import subject_of
from memstrata.text.regex import lazy_regex
from memstrata.text.tokens import stem_term

if TYPE_CHECKING:
    from memstrata.extract.base import FactCandidate
    from memstrata.facts.engine import FactEngine
    from memstrata.types import Fact

#: How long after the previous message a bare correction may still speak of it: a slip is corrected at once, in the
#: next message; 10 minutes covers a slow reply and an assistant's answer between, not a conversation taken up again.
WINDOW = timedelta(minutes=10)
#: A plan of one day is still to come, to move or call off, until its day ends ("改到下周一了" said that morning).
_ONE_DAY = timedelta(days=1)
#: A day of the month said as an ordinal without its article: "20th".
_ORDINAL = lazy_regex(r"(?i)\d{1,2}(?:st|nd|rd|th)")
#: Words that name a plan of any kind, or a going or seeing: shared by two plans, they say nothing of which plan
#: ("dentist appointment" and "haircut appointment"); alone, the plan is named by its day ("the appointment is on the
#: 19th, not the 20th"). The appointment words are no trip ("appointment" never names a flight to Tokyo).
_APPOINTMENT_WORDS = frozenset({"appointment", "appointments", "appt", "booking", "visit", "session", "预约", "门诊"})
_ANY_PLAN_WORDS = _APPOINTMENT_WORDS | frozenset({
    "plan", "plans", "thing", "event", "trip", "meeting", "the", "my", "our", "seeing", "going", "having", "visiting",
    "getting", "with", "安排", "计划", "行程", "事情", "日程",
    # words of going and the small words around a place say nothing of which plan ("flying to Lisbon" / "flying to
    # Rome")
    "to", "on", "at", "in", "for", "of", "and", "fly", "flying", "go", "travel", "traveling", "travelling",
    "drive", "driving", "head", "heading", "take", "taking", "leave", "leaving", "i'm", "we're"})
#: The same words' stems: "meetings", "trips", "plans" say no more of which plan than "meeting" does.
_ANY_PLAN_STEMS = frozenset(stem_term(w) for w in _ANY_PLAN_WORDS)
_WORD = lazy_regex(r"[a-z][a-z'-]+")
_HAN_FUNCTION = lazy_regex(r"[去要我们的了在到回飞想会将]")
_HAN_RUN = lazy_regex(r"[\u4e00-\u9fff]+")


def _as_day(value: str) -> str:
    """``value``, a day of the month said as an ordinal alone ("20th") with its article ("the 20th"): a day then, not a
    number ("Sorry, the 19th, not the 20th")."""
    return f"the {value}" if _ORDINAL.fullmatch(value.strip()) else value


def _plan_words(value: str) -> set[str]:
    """The English words and the Chinese two-character runs of ``value``, casefolded ("seeing the dentist" → seeing,
    the, dentist; 看牙医 → 看牙, 牙医)."""
    text = value.casefold()
    words = set(_WORD.findall(text))
    for run in _HAN_RUN.findall(text):
        words |= {run[i:i + 2] for i in range(len(run) - 1)} | ({run} if len(run) == 1 else set())
    # a pair holding a word of going or of the speaker (去上 of 去上海出差 and 去上班) names nothing of its own
    return {w for w in words if not _HAN_FUNCTION.search(w)}


def own_word_shared(a: str, b: str) -> bool:
    """Whether plan values ``a`` and ``b`` share a word that is neither a kind of plan nor a word of going
    (``_ANY_PLAN_WORDS``): "seeing the dentist" / "dentist appointment" yes, "flying to Lisbon" / "flying to Rome"
    no."""
    return bool(_own_stems(a) & _own_stems(b))


def _own_stems(value: str) -> set[str]:
    """The Snowball stems (``text.tokens.stem_term``) of ``value``'s plan words that are no kind of plan nor word of
    going: "the hike" and "going hiking" share *hike*, "design meeting" and "meeting with the designers" *design*."""
    return {stem_term(w) for w in _plan_words(value) - _ANY_PLAN_WORDS} - _ANY_PLAN_STEMS


def names_kind_alone(value: str) -> bool:
    """Whether a plan's ``value`` names only what kind of plan it is ("the appointment", 预约): the plan it puts right
    keeps its own, fuller value."""
    words = _plan_words(value)
    return bool(words) and words <= _ANY_PLAN_WORDS


def names_plan(named: str, stored: str) -> bool:
    """Whether a plan called off, named by ``named`` ("dentist appointment", 看牙医的预约), names the stored plan
    ``stored`` ("dentist appointment on January 14", 看牙医) by a word of its own they share ("haircut appointment"
    shares only its kind with "dentist appointment": no). A kind alone ("the appointment") is ``kind_named``'s."""
    return not names_kind_alone(named) and own_word_shared(named, stored)


def kind_named(named: str, key: str, stored: Sequence[str]) -> list[bool]:
    """Which of the plans ``stored`` (under ``key``) a plan called off by its kind alone names ("the meeting is
    cancelled", 预约取消了): the one plan whose words hold that kind, when exactly one does (two meetings: which one
    is unknown, none is); an appointment is no trip. All ``False`` when ``named`` names more than its kind."""
    kind = _plan_words(named) - {"the", "my", "our"}
    hits = [bool(kind) and names_kind_alone(named) and bool(kind & _plan_words(v))
            and not (key == "travel.plan" and kind & _APPOINTMENT_WORDS) for v in stored]
    return hits if sum(hits) == 1 else [False] * len(stored)


def same_plan(old: Fact, new: str) -> bool:
    """Whether ``new``, the value of a plan said at a new day with the old day named, names the plan ``old`` (the one
    plan on that day): the one value holds the other ("Tokyo trip" / "trip to Tokyo" aside), they share a word of
    their own ("seeing the dentist" / "dentist appointment", 看牙医 / 牙医预约), or ``new`` names its kind alone ("the
    appointment", 预约: the day names which plan; an appointment is no trip). "dentist" never names a trip to Tokyo."""
    a, b = old.value.casefold(), new.casefold()
    if a in b or b in a:
        return True
    if names_kind_alone(new):
        return old.key != "travel.plan" or not _plan_words(new) & _APPOINTMENT_WORDS
    return own_word_shared(new, old.value)


def corrected(engine: FactEngine, conn: Any, said: Said, cand: FactCandidate, *,
              said_old: str = "") -> tuple[FactCandidate, set[int]]:
    """``cand`` (under ``KEY``) under the key of the fact it corrects, and that fact's id; ``cand`` unchanged and no
    id when the previous message holds no single fact it can correct (see the module docstring). ``said_old``: the old
    value the correction named ("不是38码"), which the fact's must then be part of or hold (38): no other value is
    put right, and nothing is read again."""
    store, subject = engine.store, subject_of(said, cand)
    if said.episode_id is None or cand.key != KEY or subject:
        return cand, set()
    ids = store.fact_ids(conn, said.scope, keys=None, subject=subject)
    facts = [f for f in store.load_facts(conn, ids) if not f.encrypted and f.key != KEY]
    before = {f.id: max((e for e in f.citations if e < said.episode_id), default=None) for f in facts}
    latest = max((e for e in before.values() if e is not None), default=None)
    if latest is None or store.user_turns_between(conn, said.scope, latest, said.episode_id):
        return _dated_plan(store, conn, said, cand, facts, said_old)
    when = store.episode_times(conn, [latest]).get(latest)
    if when is None or not timedelta(0) <= said.at - when <= WINDOW:
        return _dated_plan(store, conn, said, cand, facts, said_old)
    said_before = [f for f in facts if latest in f.citations]
    if said_old:
        holding = [f for f in said_before if f.value and (f.value in said_old or said_old in f.value)]
        if not holding and "time" in kinds(_as_day(said_old)) and "time" in kinds(_as_day(cand.value)):
            # 不是15号，是18号 after 我的牙医预约在15号: no value holds the old time, a plan is at it; put right as
            # 说错了，是18号 puts it right (the old time must be said in that message: ``said_again`` finds it)
            text = store.episode_text(conn, latest) or ""
            if not names_time(text, when, _as_day(said_old), said.at):  # "not the 20th" after a plan on Friday
                return _dated_plan(store, conn, said, cand, facts, said_old)
            return _read_again(store, conn, latest, when, said_before, cand)
        said_before = holding
    if cand.held_only:  # 说错了，是小婷: a word no list knows, put right only as the name said before it
        return _name_put_right(store, conn, latest, said_before, cand)
    fitting = [f for f in said_before if same_kind(f.value, cand.value, cand.evidence)]
    if not fitting:  # a colour for a colour, a name for a name, when that message names no other of its shape
        text = store.episode_text(conn, latest) or ""
        fitting = [f for f in said_before if one_shape(f.value, cand.value, text)]
    if not fitting:  # a drink for a drink, a food for a food ("jasmine tea" for "green tea", 香蕉 for 苹果)
        fitting = [f for f in said_before if same_category(f.value, cand.value, f.key)]
    if not fitting:  # 华为Mate 40 then 打错了，是Mate 60: the model by the end of its name, said whole
        models = [(f, whole) for f in said_before if (whole := same_model(f.value, cand.value)) is not None]
        if len(models) == 1:
            fitting, cand = [models[0][0]], replace(cand, value=models[0][1])
    if not fitting:  # "*Pittsburgh" after "I work in Pittsburg": the same name spelt right
        fitting = [f for f in said_before if respelt(f.value, cand.value)]
    if not fitting:  # "nah actually pho" after "my favourite food is ramen": the one like or favourite said
        fitting = [f for f in said_before if one_thing(f, cand.value, said_before)]
    if not fitting and not said_old:  # "sorry, 4pm" after "dentist at 3pm friday": the time or place inside a plan
        return _read_again(store, conn, latest, when, said_before, cand)
    if not fitting and said_before:  # "I meant Tim, not Anna" after "My sister is called Anna": the name said there
        return _read_again(store, conn, latest, when, said_before, cand, said_old=said_old)
    if len(fitting) != 1:
        return cand, set()
    old = fitting[0]
    if said_old.startswith(old.value) and (unit := said_old[len(old.value):]) and cand.value.endswith(unit):
        # 不是38码，是39码 after the size stored as 38: the new value as the old one is stored, without its unit
        cand = replace(cand, value=cand.value[: -len(unit)].strip() or cand.value)
    try:
        spec = key_spec(old.key)
    except KeyError:
        return cand, set()
    statement = (old.statement.replace(old.value, cand.value) if old.value and old.statement.count(old.value) == 1
                 else cand.value)
    return replace(cand, key=old.key, kind=spec.kind, importance=spec.importance, sensitivity=spec.sensitivity,
                   statement=statement), {old.id}


#: A name said as what someone or something is called (叫小婉, 名叫王芳, 名字是欧阳锋), closed by a stop or the
#: message's end.
_CALLED_ZH = lazy_regex(r"(?:叫做|名叫|叫|名字是)(?P<name>[\u4e00-\u9fff]{2,3})(?=[，,。.！!；;\s]|$)")


def _name_put_right(store: Any, conn: Any, latest: int, said_before: list[Fact],
                    cand: FactCandidate) -> tuple[FactCandidate, set[int]]:
    """The fact of the previous message (episode ``latest``) that a correction naming a word no list knows
    (``extract.corrected_later.tentative``: 说错了，是小婷) puts right: the one fact whose value ends with the name that
    message said after 叫 (我妹妹叫小婉 stored 妹妹小婉), with that name replaced (妹妹小婷). ``cand`` and no id when
    the message said no such name, or several facts hold one, or the word does not begin as that name does and the
    correction does not name it: the word may be anything else (说错了，是高铁)."""
    text = store.episode_text(conn, latest) or ""
    names = {m.group("name") for m in _CALLED_ZH.finditer(text)} - {cand.value}
    # the name of a slip shares its first character (the surname, or 小 / 阿 of 小婉 → 小婷) unless the correction names
    # the old one (是小婷，不是婉婉): 说错了，是高铁 / 是表妹 after 我妹妹叫小婉 is no name of hers
    fitting = [(f, name) for f in said_before for name in names if f.value.endswith(name)
               and (cand.instead_of == name or (not cand.instead_of and name[0] == cand.value[0]))]
    if len(fitting) != 1:
        return cand, set()
    old, name = fitting[0]
    value = old.value[: len(old.value) - len(name)] + cand.value
    try:
        spec = key_spec(old.key)
    except KeyError:
        return cand, set()
    statement = old.statement.replace(old.value, value) if old.value and old.statement.count(old.value) == 1 else value
    return replace(cand, key=old.key, value=value, kind=spec.kind, importance=spec.importance,
                   sensitivity=spec.sensitivity, statement=statement, held_only=False, instead_of=""), {old.id}


def _dated_plan(store: Any, conn: Any, said: Said, cand: FactCandidate, facts: list[Fact],
                said_old: str) -> tuple[FactCandidate, set[int]]:
    """The user's one plan to come on the day a correction names as the old one ("the 19th, not the 20th" after "a
    dentist appointment on December 20" said earlier, with another plan between), put right as ``_read_again`` puts
    right the plan of the message before: the day names which plan, wherever it was said. ``cand`` and no id when the
    old value is no day, or no plan or several start on it (a day is the plan's own: its ``valid_from``)."""
    said_old = _as_day(said_old)
    if not said_old or "time" not in kinds(_as_day(cand.value)) or said.episode_id is None:
        return cand, set()
    day = resolve_relative(said_old, said.at, prefer_future=True)
    if day is None:
        return cand, set()
    plans = [f for f in facts if f.key in PLANS and f.valid_from is not None and day[0] <= f.valid_from < day[1]
             and (f.valid_from >= said.at or (f.valid_to is not None and f.valid_to > said.at
                                               and f.valid_to - f.valid_from <= _ONE_DAY))]
    if len(plans) != 1 or not (cited := [e for e in plans[0].citations if e < said.episode_id]):
        return cand, set()
    episode = max(cited)
    when = store.episode_times(conn, [episode]).get(episode)
    if when is None or not names_time(store.episode_text(conn, episode) or "", when, said_old, said.at):
        return cand, set()
    return _read_again(store, conn, episode, when, plans, cand)


def _read_again(store: Any, conn: Any, latest: int, when: datetime, said_before: list[Fact],
                cand: FactCandidate, *, said_old: str = "") -> tuple[FactCandidate, set[int]]:
    """The fact of the previous message (episode ``latest``, said at ``when``) that a bare correction puts right
    inside its value or its time: that message read again as said then, with the one time or place of the new value's
    kind in it replaced (``extract.corrected_later.said_again``: "dentist at 3pm friday" with "4pm", 明天去北京出差 with
    后天). Exactly one of its user facts (``said_before``) must read otherwise then, under its own key; it is that
    fact's successor (the same value at another time takes its place: ``instead_of``). ``cand`` and no id when the
    message holds no such span, or the reading changes no fact or several. ``said_old``: the value the correction
    named as the one it puts right ("I meant Tim, not Anna"), which must be the span replaced."""
    text = store.episode_text(conn, latest) or ""
    again = said_again(text, _as_day(cand.value)) if text else None
    if again is None or (said_old and again != text.replace(said_old, cand.value, 1)):
        return cand, set()
    read = [c for c in RuleExtractor().extract(text=again, role="user", said_at=when)
            if not c.retracts and not c.subject]
    pairs = [(old, new) for old in said_before for new in read if new.key == old.key and not old.subject
             and (new.value, new.statement) != (old.value, old.statement)
             and not any(new.value == o.value and new.statement == o.statement for o in said_before)]
    if len(pairs) != 1:
        return cand, set()
    old, new = pairs[0]
    return replace(new, evidence=cand.evidence, corrects=True, instead_of=old.value), {old.id}


def plan_named(engine: FactEngine, conn: Any, said: Said, cand: FactCandidate) -> Fact | None:
    """The user's one plan to come that a plan said again at a new time with its old time named puts right ("My
    Tokyo trip is on January 8, not December 20", 我的东京之行是1月8号，不是12月20号 after the trip stored on December
    20): a plan (``PLANS``) of the same thing (the one value holds the other's words, casefolded) whose day
    (``valid_from``) is the old time named (``cand.instead_of``) and whose own message names that time
    (``names_time``). ``None`` when ``cand`` is no plan at a time, its old value is no day, or no plan or several fit:
    "the dentist is on January 8, not December 20" after a trip on December 20 names another plan."""
    # "on the 19th, not the 20th" leaves the article out of the old day: "20th" alone is a day here, no number
    old = _as_day(cand.instead_of)
    if cand.key not in PLANS or cand.valid_from is None or said.episode_id is None or "time" not in kinds(old):
        return None
    day = resolve_relative(old, said.at, prefer_future=True)
    if day is None:
        return None
    store = engine.store
    plans = [f for f in plans_to_come(engine, conn, said, cand)
             if f.valid_from is not None and day[0] <= f.valid_from < day[1] and same_plan(f, cand.value)]
    if len(plans) != 1 or not (cited := [e for e in plans[0].citations if e < said.episode_id]):
        return None
    episode = max(cited)
    when = store.episode_times(conn, [episode]).get(episode)
    if when is None or not names_time(store.episode_text(conn, episode) or "", when, old, said.at):
        return None
    return plans[0]


def plans_to_come(engine: FactEngine, conn: Any, said: Said, cand: FactCandidate, *,
                  every_subject: bool = False) -> list[Fact]:
    """The readable plans (``PLANS``) of ``cand``'s subject that start at or after ``said.at``: the ones a plan put
    right or moved may take the place of. ``every_subject``: the plans of everyone the user holds plans of (a sister's
    wedding too), for a change that names no plan and no one ("They pushed it back a week")."""
    store = engine.store
    if every_subject:
        ids = [row[0] for row in store.owner_active_facts(conn, said.scope)]
        facts = [f for f in store.load_facts(conn, ids)
                 if f.key in PLANS and (f.expires_at is None or f.expires_at > said.at)]
    else:
        facts = store.load_facts(conn, store.fact_ids(conn, said.scope, keys=sorted(PLANS),
                                                      subject=subject_of(said, cand)))
    return [f for f in facts if not f.encrypted and f.valid_from is not None
            and (f.valid_from >= said.at or (f.valid_to is not None and f.valid_to > said.at
                                               and f.valid_to - f.valid_from <= _ONE_DAY))]
