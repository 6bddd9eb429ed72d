"""A correction said in a later message that names only the new value: "Oops, I meant Munich", 说错了，是在南通.

"I live in Berlin" then "Oops, I meant Munich", 我在南京工作 then 说错了，是在南通: the second message
names no attribute and no old value, so no pattern read it and the first value stayed current. Such a message is
read as the new value alone under ``KEY``; the fact engine gives it the key of the user's fact it corrects
(``facts.previous``): the one fact stated by the user's message just before whose value is of the same kind (a place
for a place, a time for a time, a number for a number, a name sharing its first word for a name: "iPhone 13" →
"iPhone 14"), or changes nothing.

Precision first: only a marker that says the speaker misspoke opens one ("oops", "sorry, I meant", "I meant", "I
mean", "my bad", "typo", 说错了, 打错了, 写错了, 口误, 我是说, 我的意思是, 应该是, 更正一下); a reply word alone ("No,
Sunday", 不对，是周日) may answer the assistant, so it corrects nothing here (within one message ``extract.restated``
reads it). It opens its message. The value must be short and say nothing of its own (no "I", no verb of a clause;
in English a name, a number or a time): "Sorry, I meant to ask about Python", "I mean, it's fine", "i meant database
tables", 我是说我不想去 name no value.
"""

from __future__ import annotations

import re

from memstrata.extract import gazetteer, places, timex
from memstrata.extract.clauses import CONF_PREFER, Finding
from memstrata.text.regex import lazy_regex

#: The key of a value corrected with no attribute named: never stored under it (``facts.previous``).
KEY = "user.corrects_previous"

_FILLER_EN = r"(?:(?:oh|uh|um+|ah|hmm+|sorry|oops|whoops|my bad|ugh|lol|ha(?:ha)*|no|wait)\b\s*[,.!:;-]*\s*)"
#: What says the speaker misspoke: "oops", "sorry, I meant", "typo", "I mean".
_MARK_EN = r"(?:oops|whoops|my bad|typo|i misspoke|i meant(?:\s+to\s+say)?|i mean|sorry\s*,?\s*i meant)"
_VALUE_EN = lazy_regex(
    rf"(?i)^\s*{_FILLER_EN}*(?:{_MARK_EN}\b)?\s*[,.!:;-]*\s*{_FILLER_EN}*"
    r"(?:(?:i meant(?:\s+to\s+say)?|i mean|it'?s|it\s+is|that'?s|make\s+(?:it|that))\s+)?(?:in\s+|at\s+|on\s+)?"
    r"(?P<v>[\w'&.+#-]+(?:\s+[\w'&.+#-]+){0,3}?)(?:\s*,?\s*not\s+[\w'&.+#-]+(?:\s+[\w'&.+#-]+){0,2})?"
    r"(?:\s*,?\s*(?:sorry|lol|haha|my bad|oops))?\s*[.!]*$")
#: A word that opens a clause or a judgement, no value: "I meant to ask", "I mean, it's fine", "Oops, never mind".
_NOT_A_VALUE_EN = lazy_regex(r"(?i)^(?:to|i|i'm|i've|we|you|he|she|they|it|that|this|the|a|an|what|fine|ok|okay|"
                             r"never|nothing|not|no|yes|sure|thanks|thank|well|so|just|really|like|whatever|"
                             r"mind|sorry|oops|typo|whoops)\b")

#: A reply word (不对, 不是) may open it before a marker (不对，我是说普洱茶); alone it opens none (``_MARKED_ZH``).
_FILLER_ZH = r"(?:(?:那个|嗯+|呃+|啊|哦|噢|诶|哎呀?|唉|不好意思|抱歉|sorry|Sorry|哈哈|不对|不是的?|错了)[，,、。\s]*)"
#: What says the speaker misspoke: 说错了, 打错了, 写错了, 口误, 我是说, 我的意思是, 应该是, 更正一下.
_MARK_ZH = (r"(?:我?(?:刚才|刚刚)?(?:说错了|打错了|写错了|打错字了|说错|打错|写错|口误了?|搞错了)|我是说|我的意思是|"
            r"更正一下|纠正一下)")
_VALUE_ZH = lazy_regex(
    rf"^\s*{_FILLER_ZH}*(?:{_MARK_ZH}[，,。！!：:\s]*{_FILLER_ZH}*)?(?:(?:应该|其实|其实应该)?是)?"
    # 说错了，是在杭州工作: the place, without the verb of what one does there (工作, 上班, 上学)
    r"(?:在|住在|去|到)?(?P<v>[^，,。！？!?；;]{1,12}?)(?<=[\u4e00-\u9fffA-Za-z0-9])"
    r"(?:(?<=[\u4e00-\u9fff])(?:工作|上班|上学|读书|念书|生活|住))?(?:才对|吧|啦|哈|哦)?[。！!.\s]*$")
#: The start of a clause, no value: 我是说我不想去, 应该是这样, 说错了，是他.
_NOT_A_VALUE_ZH = lazy_regex(r"^(?:我|你|他|她|它|这|那|不|没|也|都|就|还|要|会|想|能|可以|的|了|对|错|吗|呢)"
                             r"|[我你他她的了吗呢]|^(?:吧|啊|呀|哦|嗯|哈)+$")


def read(sentence: str) -> Finding | None:
    """The value a message correcting the one before names alone ("Oops, I meant Munich" → ``Munich``, 说错了，是在南通
    → 南通), as a finding under ``KEY`` marked a correction; ``None`` for any other sentence."""
    zh = re.search(r"[\u4e00-\u9fff]", sentence) is not None
    m = (_VALUE_ZH if zh else _VALUE_EN).match(sentence)
    if m is None:
        return None
    value, said_before = m.group("v").strip().rstrip("."), sentence[: m.start("v")]
    if not (_MARKED_ZH if zh else _MARKED_EN).search(said_before):
        return None
    if not value or (_NOT_A_VALUE_ZH.search(value) if zh else _NOT_A_VALUE_EN.match(value)):
        return None
    # a name, a number, a time or a place only: "i meant database tables", 我的意思是再等等 name none
    named = re.search(r"[A-Za-z0-9]", value) if zh else re.match(r"[A-Z0-9]", value)
    if not (named or kinds(value, loose=True) or colour(value) or category(value) or _AT_PLACE.search(said_before)):
        return None

    return Finding(KEY, value, CONF_PREFER, sentence, corrects=True, statement=value)


#: The words before the value that say the speaker misspoke (a filler or a reply word alone does not).
_MARKED_EN = lazy_regex(r"(?i)\b(?:oops|whoops|my bad|typo|misspoke|i meant|i mean"
                        # "no wait, Cambridge", "wait, no: Tuesday": the speaker stops what they said
                        r"|no[\s,.!-]*wait|wait[\s,.!:-]*no)\b")
_MARKED_ZH = lazy_regex(rf"{_MARK_ZH}|应该是")


#: A number with at most a unit after it: 41, 42码, 65 kg, 一米七五, 3.5.
_NUMBER = lazy_regex(r"^(?:[\d.,]+|[一二两三四五六七八九十百千万零点]+)\s*(?:[a-zA-Z%]{1,5}|[\u4e00-\u9fff]{1,2})?$")
#: A Chinese name ending in a word of a place: 海淀区, 望京街道, 南山区, 中关村大街.
_PLACE_ZH = lazy_regex(r"^[\u4e00-\u9fff]{1,6}(?:区|市|省|州|县|镇|乡|村|街道|路|街|大街|新区|岛)$")


def kinds(value: str, *, loose: bool = False) -> frozenset[str]:
    """What kind of value ``value`` is: ``place``, ``time``, ``number``, or none of them (a name or a phrase).

    Strict (``loose=False``) is for a stored value (a place the time-zone database, CLDR or the list of large Chinese
    cities knows, or named with a division word); ``loose`` is for the new value a correction names, which has no
    pattern around it to say what it is: a capitalised English name that may be a city (``places.may_be_city``)
    counts as a place.

    >>> sorted(kinds("南京")), sorted(kinds("三月十五号")), sorted(kinds("42码")), sorted(kinds("Munich", loose=True))
    (['place'], ['time'], ['number'], ['place'])
    >>> sorted(kinds("Munich")), sorted(kinds("iPhone 14")), sorted(kinds("Go写"))
    ([], [], [])
    """
    value = value.strip()
    found: set[str] = set()
    named = loose and re.fullmatch(r"[A-Z][\w.-]+(?:\s+[A-Z][\w.-]+){0,2}", value) and places.may_be_city(value)
    if named or places.known_place(value) or places.city_zh(value) or places.city_part_zh(value) \
            or _PLACE_ZH.match(value):
        found.add("place")
    if _NUMBER.match(value) and not timex.mentions_time(value):
        found.add("number")
    elif timex.mentions_time(value) and len(value) <= 20:
        found.add("time")
    return frozenset(found)


#: Colour words, a closed class: "blue", "dark green", 绿色, 深蓝色. A colour corrects only a colour ("My favourite
#: colour is green" then "my bad, blue"); a Chinese one is said with 色 (蓝 alone is no colour).
_COLOURS_EN = (r"red|orange|yellow|green|blue|purple|violet|pink|brown|black|white|gr[ae]y|teal|navy|turquoise|beige|"
               r"maroon|gold|silver|cyan|magenta|lavender|indigo|crimson|burgundy|cream|ivory|coral|mint|peach|khaki")
_COLOURS_ZH = r"红|橙|黄|绿|蓝|紫|粉|粉红|棕|黑|白|灰|金|银|青|褐|米|橘|咖啡|卡其|香槟"
_COLOUR = lazy_regex(
    r"(?i)^(?:(?:light|dark|pale|bright|deep|navy|sky|baby|royal|forest|lime|olive|hot)\s+)?"
    rf"(?:{_COLOURS_EN})$"
    r"|^(?:[深浅淡亮暗天藏墨湖宝草粉酒]|橄榄|薄荷|玫瑰|孔雀|雾霾)?"
    rf"(?:{_COLOURS_ZH})色$")
#: A colour word inside a message: one the previous message named.
_COLOUR_IN = lazy_regex(rf"(?i)\b(?:{_COLOURS_EN})\b|(?:{_COLOURS_ZH})色")
#: A name as English writes one: each word capitalised ("Massive Attack", "Portishead", "The xx" is no such name).
_NAME = lazy_regex(r"^[A-Z][\w'&.-]*(?:\s+(?:of|the|and|&|[A-Z][\w'&.-]*)){0,3}$")
#: A capitalised word inside a sentence, not at its start nor "I": a name the message said.
_NAME_IN = lazy_regex(r"(?<![.!?]\s)(?<!^)\b(?!I\b|I'[a-z]+\b)[A-Z][\w'&-]*")


def colour(value: str) -> bool:
    """Whether ``value`` is a colour word (``_COLOUR``: "blue", "dark green", 绿色).

    >>> colour("blue"), colour("深蓝色"), colour("Munich"), colour("蓝")
    (True, True, False, False)
    """
    return bool(_COLOUR.match(value.strip()))


def one_shape(old: str, new: str, before: str) -> bool:
    """Whether a correction naming ``new`` can stand for the stored ``old`` by its shape alone, when the message that
    stated ``old`` (``before``) names nothing else of that shape: two colours ("blue" for "green", 绿色 for 蓝色) when
    ``before`` names one colour, or two English names ("Portishead" for "Massive Attack") when ``before`` names no
    other capitalised word (after "… with Jake", "I meant Jack" may be Jake's correction). A name that is a place, a
    time or a number is none (``kinds``: "I meant Munich" is no band), and the same value is no correction."""
    if not before or old.casefold() == new.casefold():
        return False
    if colour(old) and colour(new):
        return len({m.group(0).casefold() for m in _COLOUR_IN.finditer(before)}) == 1
    if not (_NAME.match(old) and _NAME.match(new)) or kinds(old) or kinds(new, loose=True) - {"place"} \
            or kinds(new) or places.known_place(new):
        return False
    others = [m.group(0) for m in _NAME_IN.finditer(before.replace(old, " "))]
    return not others


#: The kinds of thing ``category`` reads: what one eats, drinks, plays, does for leisure or listens to.
_CATEGORIES = frozenset({"food.like", "drink.like", "sport.like", "hobby.like", "music.like"})


def category(value: str) -> str | None:
    """The kind of thing ``value`` is by its head, its last word, when the gazetteer lists it as a food, a drink, a
    sport, a pastime or a music (``_CATEGORIES``): "jasmine tea" and 普洱茶 → ``drink.like``, 香蕉 → ``food.like``;
    ``None`` for anything else ("tea room", 咖啡馆, "Munich").

    >>> category("jasmine tea"), category("普洱茶"), category("香蕉"), category("咖啡馆"), category("Munich")
    ('drink.like', 'drink.like', 'food.like', None, None)
    """
    value = value.strip()
    hit = gazetteer.lookup(value)
    if hit is None or hit.named or hit.key not in _CATEGORIES or hit.end != len(value):
        return None
    return hit.key


def same_category(old: str, new: str, key: str) -> bool:
    """Whether a correction naming ``new`` can stand for the stored ``old`` of the fact under ``key`` as a thing of the
    same kind (``category``: "jasmine tea" for "green tea", 香蕉 for 苹果), never the same value again. The fact must
    be of that kind too (``drink.like``, ``drink.dislike`` for a drink): a habit of drinking coffee (每天早上喝咖啡,
    ``preference.habit``) is no drink 茶 could replace, and "Munich" is no drink."""
    kind = category(old)
    return kind is not None and old.casefold() != new.casefold() and category(new) == kind \
        and key.partition(".")[0] == kind.partition(".")[0]


#: A place said with its preposition before the value: 是在南通, 住在苏州, "I meant in Munich".
_AT_PLACE = lazy_regex(r"(?i)(?:在|住在|去|到|\b(?:in|at|to)\s+)$")


def same_kind(old: str, new: str, said: str = "") -> bool:
    """Whether a correction naming ``new`` (in the sentence ``said``) can stand for the stored value ``old``: both a
    place, a time or a number (``kinds``; a value said after 在 / "in" is a place), or two names of one thing whose
    first word is the same ("iPhone 13" and "iPhone 14"), never the same value again."""
    if old.casefold() == new.casefold():
        return False
    at = said.find(new)
    # a value said after 在 / "in" / "at" is a place, unless it is a time or a number ("I meant at 5pm")
    new_kinds = kinds(new, loose=True) or ({"place"} if at > 0 and _AT_PLACE.search(said[:at]) else frozenset())
    if kinds(old) & new_kinds:
        return True
    head_old, head_new = old.split(), new.split()
    return len(head_old) > 1 and len(head_new) > 1 and head_old[0].casefold() == head_new[0].casefold()
