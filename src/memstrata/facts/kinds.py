"""Which held value a like or a habit said as a change of mind takes the place of (``FactEngine.corrected``).

A like said as changed (``extract.changed_now``: 我现在更喜欢绿色) replaces a like of its own kind, a colour a colour,
a drink a drink (``like_kind``); a habit said as changed ("I've switched to evening runs") replaces a habit of its own
doing, a run a run (``habit_doing``), never another the user keeps beside it; a name put right ("My sister is named
Tim, not Tom") the name of a relative or a pet of its own kind (``same_kin``), never the brother's.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from memstrata.extract import corrected_later
from memstrata.extract.cessation import of_kind
from memstrata.extract.subject_zh import RELATION

if TYPE_CHECKING:
    from memstrata.types import Fact


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
    return _stem(_HABIT_ADVERB.sub("", value.strip()).split(" ", 1)[0])


#: A habit said in place of another whatever its doing: "instead", "switched", "swapped", "now", "these days",
#: 改 / 换 / 现在 / 如今 ("Now I swim in the mornings instead", 现在我改成每天早上游泳了). A beginning alone
#: ("I've started swimming on weekends", 我开始游泳了) says one habit more, and replaces only the habit of its own
#: doing.
_REPLACING = re.compile(r"(?i)\b(?:instead|switched|swapped|changed|these days|nowadays|"
                        r"now(?!\s+and\s+(?:then|again)))\b|[改换]|现在|如今")
#: The part of the day or the week a habit is done at, in either language: the word said, and what it is.
_WHEN_WORDS = (("morning", r"\bmornings?\b|早上|早晨|上午|清晨"), ("evening", r"\bevenings?\b|\bnights?\b|晚上|夜里"),
               ("afternoon", r"\bafternoons?\b|下午"), ("noon", r"\blunch(?:time)?\b|\bnoon\b|中午"),
               ("weekend", r"\bweekends?\b|周末"), ("weekday", r"\bweekdays?\b|工作日"))


#: A sentence that supposes, wishes or asks: no habit replaced yet (如果搬家，以后改到周四游泳).
_SUPPOSED = re.compile(r"(?i)\b(?:if|unless|maybe|might|may|could|should|would|hope|whether)\b|\?|？|如果|要是|万一|"
                       r"可能|也许|应该|吗|是否|会不会")


def replaces_a_routine(sentence: str) -> bool:
    """Whether a habit said in ``sentence`` is said in place of another, whatever its doing (``_REPLACING``), and
    not only supposed (``_SUPPOSED``).

    >>> replaces_a_routine("Now I swim in the mornings instead."), replaces_a_routine("I've started swimming.")
    (True, False)
    >>> replaces_a_routine("如果搬家，以后改到周四游泳")
    False
    """
    return _REPLACING.search(sentence) is not None and _SUPPOSED.search(sentence) is None


def habit_when(value: str) -> frozenset[str]:
    """The parts of the day or week a habit's ``value`` is done at (``_WHEN_WORDS``): "run every morning" and
    每天早上游泳 → ``{"morning"}``; "swim on Sundays" → none."""
    return frozenset(kind for kind, words in _WHEN_WORDS if re.search(words, value, re.IGNORECASE))


def habits_replaced(value: str, sentence: str, held: list[Fact]) -> list[Fact]:
    """Which of the ``held`` habits a habit ``value`` said as changed in ``sentence`` is about: those of its doing
    (``habit_doing``: "evening runs" the run); else, said in place of another (``replaces_a_routine``: "Now I swim in
    the mornings instead"): in a sentence that says a doing stopped, those it names (``_named_in``: "I stopped
    running; … I swim instead" the run, 不去健身房了，改成晚上练瑜伽 the gym and never another habit held); else those
    done at its part of the day when it says one (the morning run, not the evening read, nor a habit of no part of
    the day); else every one held (the caller replaces one only when one is held). A beginning of another doing is
    about none."""
    doing = habit_doing(value)
    same = [f for f in held if doing and habit_doing(f.value) == doing]
    if same or not replaces_a_routine(sentence):
        return same
    if _STOPPED.search(sentence):  # "I stopped running; these days I swim instead": the habit it names, no guess
        return [f for f in held if _named_in(f.value, sentence)]
    when = habit_when(value)
    if when:  # "Now I swim in the mornings instead": a habit of the morning, never the evening read
        return [f for f in held if when & habit_when(f.value)]
    return held


#: A sentence that says a doing stopped ("I stopped running", "no longer", 不去健身房了, 不再, 戒了): the habit it
#: replaces is the one it names, which the reader of an ending may have withdrawn already; never another one held.
_STOPPED = re.compile(r"(?i)\b(?:stopped|quit|no longer|gave up|given up|giving up|any ?more)\b|不再|戒了|停了|"
                      r"不[^，,。；;！!？?\s]{1,8}了")
#: Words of a habit's value that say when or how often, not what: left out when asking whether a sentence names it.
_NOT_DOING = frozenset(("every", "each", "day", "daily", "week", "weekly", "morning", "evening", "night",
                        "afternoon", "weekend", "weekday", "on", "in", "at", "the", "a", "to", "and", "before",
                        "after", "also", "usually", "always", "often", "now", "still"))


def _stem(word: str) -> str:
    """An English word, lower-cased, without its -ing or -s ending (running → run, mornings → morning, swims → swim)."""
    word = word.lower()
    if word.endswith("ing") and len(word) > 5:
        word = word[:-3]
        return word[:-1] if len(word) > 2 and word[-1] == word[-2] else word
    return word[:-1] if word.endswith("s") and len(word) > 3 and not word.endswith("ss") else word


def _named_in(habit: str, sentence: str) -> bool:
    """Whether ``sentence`` names the habit ``habit`` by what it does: an English word of it (stemmed, its words of when
    aside: "go running every morning" by "running"), or two Chinese characters of its doing together
    (每天晚上都去健身房 by 健身)."""
    if re.search(r"[\u4e00-\u9fff]", habit):
        doing = habit_doing(habit)
        return any(doing[i:i + 2] in sentence for i in range(len(doing) - 1))
    words = {_stem(w) for w in re.findall(r"[a-z']+", habit.lower())} - _NOT_DOING
    return bool(words & {_stem(w) for w in re.findall(r"[a-z']+", sentence.lower())})


#: What one drinks or eats (``extract.shapes``: "I drink tea now", 我现在改喝茶了), with the verb a habit of it is said
#: with: a drink said as changed is the habit of drinking changed ("I drink coffee every day", 我每天喝咖啡).
_CONSUMED = {"user.drinks": r"(?:\bdrink(?:s|ing)?\s+|喝)", "user.eats": r"(?:\beat(?:s|ing)?\s+|吃)"}
CONSUMED_KEYS = frozenset(_CONSUMED)
#: Where the thing drunk or eaten ends in an English habit: the words of when or how ("every day", "in the morning").
_AFTER_THING = (r"(?=\s+(?:every|each|in|on|at|before|after|with|daily|twice|once|three|several|most|first|"
                r"for)\b|[,.]|$)")


def habit_consumed(value: str, key: str, sentence: str, habits: list[Fact]) -> tuple[Fact, str] | None:
    """The one habit of ``habits`` that a thing drunk or eaten (``key`` ``user.drinks`` / ``user.eats``, ``value``)
    said in place of another (``replaces_a_routine``: "Now I drink tea instead", 现在我改喝茶了) changes, and the habit
    as it is now, the new thing in the old one's place: "drink coffee every day" → "drink tea every day", 每天喝咖啡 →
    每天喝茶. ``None`` for another key, a sentence of no change, or no habit of that verb or several."""
    verb = _CONSUMED.get(key)
    if verb is None or not value or not replaces_a_routine(sentence):
        return None
    found: list[tuple[Fact, str]] = []
    for f in habits:
        m = re.match(rf"(?P<pre>.*?{verb})(?P<thing>.+?){_AFTER_THING if f.value.isascii() else '(?=了?$)'}",
                     f.value, re.IGNORECASE)
        if m is not None and m.group("thing").casefold() != value.casefold():
            found.append((f, f"{m.group('pre')}{value}{f.value[m.end('thing'):]}"))
    return found[0] if len(found) == 1 else None


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
