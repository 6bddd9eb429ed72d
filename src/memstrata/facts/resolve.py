"""Conflict resolution: what a new candidate fact does to the facts already stored.

``decide`` is pure: it sees the candidate, the active facts under the same key (and
the like/dislike keys of the other polarity, e.g. ``food.like`` vs ``preference.dislike``) about the same subject,
and their cosine similarity to the candidate, and returns one ``Decision``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from memstrata.extract.base import FactCandidate
from memstrata.extract.corrected_later import PLANS
from memstrata.extract.gazetteer import lookup
from memstrata.extract.tool_kinds import kind_of
from memstrata.extract.twins import kinds_of
from memstrata.text.tokens import index_terms, normalise_value
from memstrata.types import Fact


def same_thing(value: str, other: str) -> bool:
    """Whether two preference values name the same thing: equal, or every term of ``value``
    is in ``other`` ("coffee" vs "coffee in the morning", "咖啡" vs "早上喝咖啡")."""
    if normalise_value(value) == normalise_value(other):
        return True
    terms = set(index_terms(value))
    return bool(terms) and terms <= set(index_terms(other))


def same_value(value: str, other: str) -> bool:
    """Whether two values are the same value as a whole: equal once normalised, or made of the
    same stemmed terms ("Peanuts" vs "peanut", "tree nuts" vs "nuts, tree").

    Unlike ``same_thing`` no term subset counts: "Berlin's suburbs" is not "Berlin" and "York"
    is not "New York". A retraction naming a value withdraws only that value. An empty value
    is no value and equals nothing.
    """
    norm = normalise_value(value)
    if norm and norm == normalise_value(other):
        return True
    terms = sorted(index_terms(value))
    return bool(terms) and terms == sorted(index_terms(other))


#: Keys of what the user does not take, said as no change ("I don't drink coffee", "I never drink soda":
#: ``drink.avoid``): no dislike, yet the other side of a like of the same thing, each way (the later one holds).
AVOID_KEYS: frozenset[str] = frozenset({"drink.avoid"})


def polarity(key: str) -> str | None:
    """``like`` or ``dislike`` for a preference key (``drink.like``, ``preference.dislike``; what is not taken,
    ``drink.avoid``, counts as the dislike side), else ``None``."""
    if key in AVOID_KEYS:
        return "dislike"
    last = key.rpartition(".")[2]
    return last if last in ("like", "dislike") else None


#: Keys whose value is a named thing the user chooses to use (a carrier, an editor, an OS, a
#: seat): choosing one is liking it. "I love UPS" is read as the carrier UPS, so a dislike of UPS
#: said before contradicts it (otherwise "dislikes UPS" stayed active beside the carrier),
#: and one message naming two of them changed its mind ("我以后都用顺丰 and I prefer UPS for
#: delivery": the later one holds, ``choice_key``).
CHOICE_KEYS: frozenset[str] = frozenset({"shipping.carrier", "tool.editor", "tool.os", "tool.phone", "travel.seat"})


#: Keys whose values are never merged by meaning, only matched as values: one health value is
#: another thing than a near one. By statement cosine (USE, ``merge_similarity`` 0.9) 对龙虾过敏
#: merged into 对虾过敏, 猫毛 into 猫, 咖啡因 into 咖啡, "dust mites" into "dust": the lobster
#: allergy was not recorded, and retracting the shrimp one then withdrew both. Times and amounts
#: likewise: "hotel budget is under $150 a night" merged into "... $200 a night" (cosine > 0.9), and
#: "wakes up at 7am" would merge into "6am" instead of replacing it. A diet likewise: "Anna: diet: vegan" merged into
#: "Anna: diet: vegetarian", so "Anna switched to a vegan diet" left her vegetarian.
EXACT_KEYS: frozenset[str] = frozenset({"health.allergy", "health.condition", "routine.wake", "routine.bed",
                                        "contact.hours", "budget", "food.diet", "health.diet"})


def _two_names(old: str, new: str) -> bool:
    """Whether ``old`` and ``new`` are two names of things the list of kinds knows (``extract.tool_kinds``: banks,
    airlines, team tools): 工商银行 is another bank than 招商银行 however alike they read (cosine > 0.9 merged the
    switch into the bank it replaced)."""
    return kind_of(old) is not None and kind_of(new) is not None and normalise_value(old) != normalise_value(new)


def choice_key(key: str) -> bool:
    """Whether ``key`` holds a chosen named thing (``CHOICE_KEYS``)."""
    return key in CHOICE_KEYS


def _numbers(value: str) -> list[str]:
    """The numbers written in ``value``, in order ("shoe size 43" → ``["43"]``). Two values whose
    numbers differ are two values however near their vectors ("42" and "43", "room 1204" and "room
    1206" read alike to the model): a new one is never merged into the old."""
    return [n.lstrip("0") or "0" for n in re.findall(r"\d+", value)]


def is_name(value: str) -> bool:
    """Whether ``value`` is, as a whole, a named gazetteer entry (a carrier, an editor, a
    language: ``extract.gazetteer``), not a category word or a phrase around a name."""
    hit = lookup(value)
    return hit is not None and hit.named and (hit.start, hit.end) == (0, len(value.strip()))


#: Keys of a habit ended (``extract.cessation``): "I quit coffee" (``drink.quit``) retires a like of coffee as a
#: dislike would, but is none: a like said later ("I still love the smell of coffee") leaves the quit standing, and
#: only taking it up again withdraws it (``extract.habits``).
QUIT_KEYS: frozenset[str] = frozenset({"food.quit", "drink.quit", "habit.quit"})


#: What one eats or drinks, said plainly ("I drink a lot of coffee", 我开始喝奶茶了: ``extract.shapes.CHANGE_KEYS``), by
#: the area of the keys that end it: giving it up (``drink.quit``) or not taking it (``drink.avoid``) ends what one
#: drank, as it ends a like of it (before, 不喝奶茶了 left ``user.drinks = 奶茶`` current beside ``drink.quit = 奶茶``).
TAKEN_KEYS: dict[str, str] = {"drink": "user.drinks", "food": "user.eats"}


def contradicts(candidate_key: str, existing_key: str) -> bool:
    """A like and a dislike of the same value contradict whatever their topics: a generic
    "I don't like coffee anymore" (``preference.dislike``) retires ``drink.like = coffee``.
    A choice (``CHOICE_KEYS``) counts as a like: "I love UPS" (``shipping.carrier``) retires
    "I hate UPS" (``preference.dislike``), and the other way round. A habit ended (``QUIT_KEYS``) retires a like
    of the thing, one way only; it and what is not taken (``AVOID_KEYS``) retire what is eaten or drunk of its area
    (``TAKEN_KEYS``: ``drink.quit`` ends ``user.drinks``), one way only too."""
    if candidate_key in QUIT_KEYS | AVOID_KEYS and existing_key == TAKEN_KEYS.get(candidate_key.partition(".")[0]):
        return True
    a = "like" if choice_key(candidate_key) else polarity(candidate_key)
    b = "like" if choice_key(existing_key) else polarity(existing_key)
    if candidate_key in QUIT_KEYS:  # "I quit coffee" retires "likes coffee"; a like said later keeps the quit
        return b == "like"
    return a is not None and b is not None and a != b


def _kind_of(candidate: FactCandidate, fact: Fact) -> bool:
    """Whether the dislike ``candidate`` names a category ``fact``'s liked value is a kind of
    (``extract.twins.CATEGORIES``): 現在不喝酒了 covers 我喜欢喝啤酒, "I don't eat seafood" a like of shrimp.
    Never the other way: a like of a category says nothing of each kind's dislike."""
    ending = polarity(candidate.key) == "dislike" or candidate.key in QUIT_KEYS  # 不再喝酒 ends 喜欢喝啤酒 too
    return ending and kinds_of(candidate.value, [fact.value])[0]


@dataclass(frozen=True)
class Decision:
    """What to do with a candidate.

    * ``touch``: the same value is already active (``target``): re-stated, no duplicate.
    * ``merge``: a near-duplicate (cosine ≥ threshold) is active (``target``): fold in.
    * ``create``: store it as a new active fact.
    * ``supersede``: store it and retire ``superseded`` (old value of a single-valued
      key, or the same value under the opposite key).
    """

    action: Literal["touch", "merge", "create", "supersede"]
    target: int | None = None
    superseded: tuple[int, ...] = ()


#: A value that says what not to do ("not at the door", 不放门口, 别放门口), as the extractor states a prohibition.
#: A denial of what one is ("not an early bird", 不是早起型) reads alike: its article and 是 go with the "not".
_PROHIBITION = re.compile(r"^(?:not|never|no|don't)\b(?:\s+an?\b)?|^(?:不要|不是|不|别|勿)", re.IGNORECASE)


def prohibits(value: str) -> bool:
    """Whether ``value`` is a prohibition (``not at the door``, ``不放门口``) rather than a choice.

    >>> prohibits("not at the door"), prohibits("不放门口"), prohibits("with the concierge"), prohibits("Notion")
    (True, True, False, False)
    """
    return bool(_PROHIBITION.match(value.strip()))


def _without_prohibition(value: str) -> str:
    """``value`` without the word that makes it a prohibition ("not at the door" -> "at the door")."""
    return _PROHIBITION.sub("", value.strip()).strip()


def _ends(value: str, old: str) -> bool:
    """Whether a new ``value`` of a single-valued key ends the ``old`` one it meets.

    A prohibition and what it does not forbid stand together: "Never at the door" beside "with the concierge",
    "not UPS" beside "not FedEx" and beside "FedEx"; a prohibition ends only the very value it forbids (放门口 by
    不放门口) and is ended only by a choice of that value ("Ship with UPS" ends "not UPS") or a withdrawal. Two
    choices contradict each other as before.

    >>> _ends("not FedEx", "not UPS"), _ends("FedEx", "not UPS"), _ends("UPS", "not UPS"), _ends("不放门口", "放门口")
    (False, False, True, True)
    """
    if prohibits(value):
        return not prohibits(old) and same_thing(_without_prohibition(value), old)
    if prohibits(old):
        return same_thing(_without_prohibition(old), value)
    return True


def decide(candidate: FactCandidate, existing: Sequence[Fact], *, single_valued: bool,
           similarity: Mapping[int, float], merge_similarity: float = 0.9,
           same_message: Collection[int] = (), replaces: Collection[int] = (),
           twins: Collection[int] = (), opposed: Collection[int] = (), denied: Collection[int] = ()) -> Decision:
    """Resolve ``candidate`` against active ``existing`` facts (same subject; same key, or a
    like/dislike key of the other polarity).

    Args:
        single_valued: the key holds one value at a time (taxonomy cardinality ``one``).
        similarity: cosine of each existing fact's embedding to the candidate's, by id
            (missing when there are no embeddings: then only exact values match).
        merge_similarity: cosine at or above which two values are the same memory
            (0.9, the issue's threshold); never under ``EXACT_KEYS``, nor between values whose
            numbers differ.
        same_message: ids of ``existing`` facts the candidate's own message stated too. One
            message says all its facts at once and cannot change its mind about itself:
            "leave packages with the concierge, never at the door" keeps both instructions,
            so these are never retired by the candidate (a later message still supersedes them;
            under a single-valued key, so does a later sentence: the caller leaves out what an
            earlier sentence stated, ``facts.engine.FactEngine.apply_message``).
            The caller leaves out a correction's ("Actually FedEx") and a choice's (two
            carriers in one message: the later holds; ``CHOICE_KEYS``).
        replaces: ids of ``existing`` facts under the candidate's key that it takes the place of
            although the key holds many values: the same favourite ("favorite airline is
            Delta" → "favorite airline is United"; ``extract.statements.slot_label``). They are
            superseded, never merged into, however near their vectors; one holding the candidate's own value is
            touched, unless the candidate names that value as the one it replaces (``instead_of``: the same
            appointment moved to another day, ``extract.scheduled.moved``).
        twins: ids of ``existing`` facts under the candidate's key whose value is the candidate's
            in the other language ("Shanghai" for 上海, ``extract.twins``): the same value
            restated (touch), not a new one that supersedes it.
        opposed: ids of ``existing`` facts under a key of the other polarity whose value is the
            candidate's in the other language ("cats" for 猫): contradicted as the same value is.
        denied: ids of ``existing`` facts under another key that deny the candidate ("not allergic to
            peanuts" for an allergy to peanuts, ``extract.allergy_denied``): contradicted too.
    """
    value = normalise_value(candidate.value)
    same_key = [f for f in existing if f.key == candidate.key]
    # A chosen or named thing is a name: only the same name contradicts it ("hate UPS" is not
    # "like the UPS guy"), while "hate coffee" contradicts "like coffee in the morning".
    by_name = choice_key(candidate.key) or is_name(candidate.value)
    contradicted = tuple(f.id for f in existing if contradicts(candidate.key, f.key) and f.id not in same_message
                         and ((same_value if by_name or choice_key(f.key) else same_thing)(candidate.value, f.value)
                              or _kind_of(candidate, f) or f.id in opposed)) \
        + tuple(f.id for f in existing if f.id in denied and f.id not in same_message)
    # the same value said again touches it, unless the candidate replaces that very value: the same appointment at a new
    # time ("We moved the dentist appointment to Thursday": ``extract.scheduled.moved``)
    anew = normalise_value(candidate.instead_of) == value
    for fact in same_key:
        if normalise_value(fact.value) == value and not (anew and fact.id in replaces) and not _other_day(candidate,
                                                                                                          fact):
            return Decision("touch", target=fact.id, superseded=contradicted)
    for fact in same_key:
        if fact.id in twins:
            return Decision("touch", target=fact.id, superseded=contradicted)
    # A fact the candidate takes the place of is the old value, never a near-duplicate to merge into:
    # "favorite flavor of ice cream is vanilla" reads close to "... is mint" (the label is most of it).
    near = [f for f in same_key if similarity.get(f.id, 0.0) >= merge_similarity and candidate.key not in EXACT_KEYS
            and f.id not in replaces and _numbers(f.value) == _numbers(candidate.value) and not _other_day(candidate, f)
            and not _two_names(f.value, candidate.value)]
    if near:
        best = max(near, key=lambda f: similarity[f.id])
        return Decision("merge", target=best.id, superseded=contradicted)
    rivals = same_key if single_valued else [f for f in same_key if f.id in replaces]
    rivals = [f for f in rivals if f.id in replaces or _ends(candidate.value, f.value)]
    retired = contradicted + tuple(f.id for f in rivals if f.id not in same_message)
    return Decision("supersede" if retired else "create", superseded=retired)


def _other_day(candidate: FactCandidate, fact: Fact) -> bool:
    """Whether ``candidate`` is a plan (``PLANS``) on another day than ``fact``'s: "I'm flying to Lisbon on March 21st"
    after the same words on March 14th is no restatement of that plan (a touch would keep its old day) nor a
    near-duplicate of it; a second plan, unless said as moved (``instead_of``)."""
    return (candidate.key in PLANS and candidate.valid_from is not None and fact.valid_from is not None
            and candidate.valid_from.date() != fact.valid_from.date())
