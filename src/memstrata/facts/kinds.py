"""Which held value a like or a habit said as a change of mind takes the place of (``FactEngine.corrected``).

A like said as changed (``extract.changed_now``: 我现在更喜欢绿色) replaces a like of its own kind, a colour a colour,
a drink a drink (``like_kind``); a habit said as changed ("I've switched to evening runs") replaces a habit of its own
doing, a run a run (``habit_doing``), never another the user keeps beside it; a name put right ("My sister is named
Tim, not Tom") the name of a relative or a pet of its own kind (``same_kin``), never the brother's.
"""

from __future__ import annotations

import re

from memstrata.extract import corrected_later
from memstrata.extract.cessation import of_kind
from memstrata.extract.subject_zh import RELATION


def like_kind(value: str) -> str | None:
    """The kind of thing a liked ``value`` is, for telling which like a change of mind replaces: ``colour`` for a
    colour word (``corrected_later.colour``), else a food, a drink, a sport, a pastime or a music by its last word
    (``corrected_later.category``); ``None`` for anything else."""
    return "colour" if corrected_later.colour(value) else corrected_later.category(value)


#: The key of a habit (``extract.habits``); adverbs that may open its value before the doing.
HABIT_KEY = "preference.habit"
_HABIT_ADVERB = re.compile(r"^(?:(?:also|usually|always|often|now|still|normally|generally|mostly|sometimes|"
                           r"regularly|typically|just|only|really|even|occasionally|rarely)\s+)+", re.IGNORECASE)
#: Words of when a Chinese habit is done, before its doing: 每天早上跑步, 晚上跑步, 周末游泳.
_WHEN_ZH = re.compile(r"^(?:每天|每周|每晚|每个?|天天|经常|平时|一般|通常|现在|早上|上午|中午|下午|晚上|夜里|"
                      r"周末|工作日|周[一二三四五六日天]|星期[一二三四五六日天]|[一二两三四五六七八九十\d]+[点次天])+")


def habit_doing(value: str) -> str:
    """What a habit's value does, for telling which habit a habit said as changed replaces: its first verb, in
    English without its ending ("run every morning", "runs", "running in the evening" → ``run``; "work from home on
    Fridays" → ``work``), in Chinese what follows the words of when (每天早上跑步, 晚上跑步 → 跑步); ``""`` for none."""
    if re.search(r"[\u4e00-\u9fff]", value):
        return _WHEN_ZH.sub("", value.strip())
    first = _HABIT_ADVERB.sub("", value.strip()).split(" ", 1)[0].lower()
    if first.endswith("ing") and len(first) > 5:
        first = first[:-3]
        first = first[:-1] if len(first) > 2 and first[-1] == first[-2] else first
    elif first.endswith("s") and len(first) > 3 and not first.endswith("ss"):
        first = first[:-1]
    return first


#: Keys of someone or something named, whose value says what they are before the name ("brother named Tom").
_NAMED_KEYS = ("family.member", "pet")
_KIN_NAMED = re.compile(r"^(?P<kind>.+?)\s+(?:named|called)\s")
#: A Chinese relative's or pet's value: the relation, then the name (儿子张小明, 猫麻糬).
_KIN_ZH = re.compile(rf"^(?P<kind>{RELATION})(?=[\u4e00-\u9fff])")


def same_kin(key: str, value: str, stored: str) -> bool:
    """Whether ``stored`` can be the relative or pet a name put right under ``key`` is about: ``value`` ("sister named
    Tim", 儿子张晓明) says no kind, or ``stored`` is of that kind (``extract.cessation.of_kind``: "brother named Tom" is
    no sister; 儿子张小明 is 儿子, 女儿小美 is not). Any value of another key is."""
    if key not in _NAMED_KEYS:
        return True
    if (zh := _KIN_ZH.match(value)) is not None:  # 儿子张晓明: the relation said first, then the name
        return stored.startswith(zh.group("kind"))
    m = _KIN_NAMED.match(value)
    return m is None or of_kind(m.group("kind"), stored)
