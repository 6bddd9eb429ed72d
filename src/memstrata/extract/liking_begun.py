"""A like said as its beginning, in English and Chinese: "I've started to like olives", "I've gotten really into
fishing lately", "I'm really into hiking", 我开始喜欢橄榄了, 我最近迷上了钓鱼, 我爱上了烘焙.

Each is the plain like ("I like olives", 我喜欢钓鱼) said now: the like patterns key the object (olives →
``food.like``, fishing → ``hobby.like``) and the resolver retires a dislike said before. Read by ``shapes_en`` /
``shapes_zh`` ahead of the topic patterns.
"""

from __future__ import annotations

import re
from datetime import datetime

from memstrata.extract import patterns_en, patterns_zh
from memstrata.extract.clauses import Finding, without_time
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
_STARTED_VERB = {"lik": "like", "lov": "love", "enjoy": "enjoy"}
_STARTED = lazy_regex(
    r"^i(?:'ve|\s+have|'m|\s+am)?\s+(?:really\s+|slowly\s+|finally\s+)?(?:started|begun|begin|starting|come|grown|"
    r"growing|coming)\s+(?:to\s+)?(?P<verb>lik|lov|enjoy)(?:e|es|ing|s)?\s+(?P<v>.+?)(?:\s+(?:lately|recently|now))?$",
    _IC)
#: Taken with a thing: "I've gotten really into fishing lately", "I got into jazz", "I'm really into hiking", "I'm
#: hooked on pottery", "I've become obsessed with baking". "Into" also says where one went or what happened ("I got into
#: Harvard", "I got into trouble", "I'm into you"), so only a like the topic rules key (a pastime, a food, music) or an
#: -ing pastime is read (``_taken_with``).
_TAKEN_WITH = lazy_regex(
    r"^(?:(?:lately|recently|these days)\s*,?\s+)?i(?:'ve|\s+have|'m|\s+am)?\s+(?:also\s+|really\s+|totally\s+|so\s+|"
    r"recently\s+|finally\s+|just\s+|kind of\s+|kinda\s+)*"
    r"(?:(?:gotten|got|been getting|getting|become|became)\s+(?:really\s+|totally\s+|so\s+|super\s+)*into"
    r"|into|hooked\s+on|(?:become\s+|became\s+|got\s+|gotten\s+)?(?:obsessed|fascinated)\s+with)"
    r"\s+(?P<v>.+?)(?:\s+(?:lately|recently|now|these days|this year))?$", _IC)


#: When or why one got into it, after the thing: "during the pandemic", "since college", "because of my dad".
_AFTER_THING = lazy_regex(r"\s+(?:during|since|over the|when|while|because|after|thanks to)\b.*$", _IC)


def started_to_like_en(clause: str, said_at: datetime) -> list[Finding]:
    """"I've started to like olives" and being taken with a thing ("I've gotten really into fishing lately"): the
    findings of the plain like, ``[]`` when the clause is neither."""
    m = _STARTED.match(clause)
    if m is None:
        return _taken_with(clause, said_at)
    return patterns_en.find(f"I {_STARTED_VERB[m.group('verb').lower()]} {m.group('v')}", said_at)


def _taken_with(clause: str, said_at: datetime) -> list[Finding]:
    """The like of the thing one is taken with (``_TAKEN_WITH``), when the topic rules key it or it is a pastime said
    with its -ing verb; ``[]`` for a place, a state or a person ("I got into Harvard", "I got into trouble")."""
    m = _TAKEN_WITH.match(clause.strip().rstrip(".!"))
    if m is None:
        return []
    thing = _AFTER_THING.sub("", without_time(m.group("v")))  # "into jazz last year", "… during the pandemic": jazz
    found = patterns_en.find(f"I like {thing}", said_at)
    return [f for f in found if f.key.endswith(".like") and (f.key != "preference.like" or f.value.endswith("ing"))]


#: A turn of feeling said of a thing, then the like of it by a pronoun: "Actually cilantro is fine, I like it now",
#: "tbh I've come around on olives, I like them now", "I warmed up to jazz, I kind of love it now". The thing is named
#: in the first clause only; the second says the like ("I like it now" alone names nothing).
_TURN_OPEN_EN = r"^(?:(?:actually|tbh|honestly|ok|okay|so|well|oh|and|but|update)\s*[,:]?\s+)*"
_TURNED_TO_EN = lazy_regex(
    rf"{_TURN_OPEN_EN}(?:(?P<thing>(?!(?:it|this|that|he|she|they|you|there|everything|nothing)\b)"
    r"[a-z][\w' -]{1,30}?)"
    r"\s+(?:is|are|'s|'re)\s+(?:actually\s+|totally\s+|kinda\s+|kind of\s+|pretty\s+|really\s+)*"
    r"(?:fine|ok|okay|alright|not bad|not so bad|good|great|growing on me)(?:\s+(?:now|these days))?"
    r"|i(?:'ve|\s+have)?\s+(?:finally\s+|kind of\s+|kinda\s+|actually\s+)*(?:come|came)\s+around\s+(?:on|to)\s+"
    r"(?P<thing2>[a-z][\w' -]{1,30}?)"
    r"|i(?:'ve|\s+have)?\s+(?:finally\s+|kind of\s+|kinda\s+|actually\s+)*warmed\s+up\s+to\s+"
    r"(?P<thing3>[a-z][\w' -]{1,30}?)"
    r"|i\s+changed\s+my\s+mind\s+(?:on|about)\s+(?P<thing4>[a-z][\w' -]{1,30}?))"
    r"\s*[,;.]\s*(?:and\s+|so\s+)?i\s+(?P<feel>(?:actually\s+|really\s+|kind of\s+|kinda\s+|even\s+)*"
    r"(?:like|love|enjoy|don't mind))\s+(?:it|them|those|these)(?:\s+(?:now|again|actually|a lot|too))*\s*[.!]*$",
    _IC)


#: A thing at hand, not a kind of thing one likes: "the hotel", "this one", "my room".
_AT_HAND = lazy_regex(r"^(?:the|this|that|these|those|my|your|his|her|our|their|its)\b", _IC)
#: The turn said with the like of a thing "is fine": "I like it now", "I love them again".
_NOW = lazy_regex(r"\b(?:now|again|these days|nowadays)\b", _IC)


def turned_to_like_en(sentence: str, said_at: datetime) -> list[Finding]:
    """The like a turn of feeling names by a pronoun (``_TURNED_TO_EN``: "Actually cilantro is fine, I like it now" →
    the findings of "I like cilantro"), which supersedes the dislike said before; ``[]`` for any other sentence."""
    m = _TURNED_TO_EN.match(sentence.strip())
    if m is None:
        return []
    thing = m.group("thing") or m.group("thing2") or m.group("thing3") or m.group("thing4")
    if m.group("thing") and (_AT_HAND.match(thing) or not _NOW.search(sentence)):
        return []  # "The hotel is fine, I like it": a thing at hand, and no turn said
    found = patterns_en.find(f"I {m.group('feel')} {thing}", said_at)
    return [f for f in found if f.key.endswith(".like") and not f.retract]


#: 我开始喜欢橄榄了, 我最近迷上了钓鱼, 我爱上了烘焙: a like that began (迷上, 爱上 with 了 after the verb or the thing).
_STARTED_ZH = lazy_regex(r"^我?(?:最近|现在|渐渐|慢慢|终于|这段时间|这阵子)?(?:也|还)?"
                         r"(?:开始喜欢|爱上|喜欢上|开始爱|迷上|迷恋上|沉迷于|沉迷)(?:上)?(?P<done>了)?(?P<v>.+?)"
                         r"(?(done)了?|了)$")
#: A thing counted, not named (一部电视剧, 一首歌): no like of one thing.
_ONE_OF_ZH = lazy_regex(r"^一(?:部|首|个|本|款|只|件|种|家|位|档)")


def started_to_like_zh(clause: str, said_at: datetime) -> list[Finding]:
    """开始喜欢橄榄了, 我最近迷上了钓鱼: the findings of 我喜欢橄榄 / 我喜欢钓鱼, ``[]`` when the clause is no such
    beginning or names no one thing (我迷上了一部电视剧; 我迷上了这首歌 points at one the rules do not read)."""
    m = _STARTED_ZH.match(clause)
    if m is None or _ONE_OF_ZH.match(m.group("v")):
        return []
    return patterns_zh.find(f"我喜欢{m.group('v')}", said_at)
