"""A correction said in a later message that names only the new value: "Oops, I meant Munich", 说错了，是在南通.

"I live in Berlin" then "Oops, I meant Munich", 我在南京工作 then 说错了，是在南通: the second message
names no attribute and no old value, so no pattern read it and the first value stayed current. Such a message is
read as the new value alone under ``KEY``; the fact engine gives it the key of the user's fact it corrects
(``facts.previous``): the one fact stated by the user's message just before whose value is of the same kind (a place
for a place, a time for a time, a number for a number, a name sharing its first word for a name: "iPhone 13" →
"iPhone 14"), or changes nothing.

Precision first: only a marker that says what was said is put right opens one ("oops", "sorry, I meant", "I
meant", "I mean", "my bad", "typo", "actually", "sorry", "scratch that", "correction", a leading "*", 说错了, 打错了,
写错了, 口误, 我是说, 我的意思是, 应该是, 更正一下, 不对, 不好意思); "No" alone ("No, Sunday") may answer the
assistant's question, so it corrects nothing here (within one message ``extract.restated`` reads it). The fact
engine still decides whether the user's message just before holds one value the new one can replace
(``facts.previous``). It opens its message. The value must be short and say nothing of its own (no "I", no verb of
a clause; in English a name, a number or a time): "Sorry, I meant to ask about Python", "I mean, it's fine",
"actually that sounds great", "i meant database tables", 我是说我不想去, 不对吧 name no value.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from difflib import SequenceMatcher
from typing import TYPE_CHECKING

from memstrata.extract import gazetteer, places, timex
from memstrata.extract.base import FactCandidate
from memstrata.extract.candidates import candidate
from memstrata.extract.clauses import CONF_PREFER, Finding, clean_value
from memstrata.extract.statements import slot_label
from memstrata.text.regex import lazy_regex

if TYPE_CHECKING:
    from memstrata.types import Fact

#: The key of a value corrected with no attribute named: never stored under it (``facts.previous``).
KEY = "user.corrects_previous"

_FILLER_EN = (r"(?:(?:oh|uh|um+|ah|hmm+|sorry|oops|whoops|my bad|ugh|lol|ha(?:ha)*|no|nah|wait|actually|scratch that|"
              r"correction)\b\s*[,.!:;-]*\s*)")
#: What says the speaker misspoke: "oops", "sorry, I meant", "typo", "I mean".
_MARK_EN = r"(?:oops|whoops|my bad|typo|i misspoke|i meant(?:\s+to\s+say)?|i mean|sorry\s*,?\s*i meant)"
_VALUE_EN = lazy_regex(
    rf"(?i)^\s*\*?\s*{_FILLER_EN}*(?:{_MARK_EN}\b)?\s*[,.!:;-]*\s*{_FILLER_EN}*"
    r"(?:(?:i meant(?:\s+to\s+say)?|i mean|it'?s|it\s+is|that'?s|make\s+(?:it|that))\s+)?(?:in\s+|at\s+|on\s+)?"
    r"(?P<v>[\w'&.+#-]+(?:\s+[\w'&.+#-]+){0,3}?)(?:\s*,?\s*not\s+(?P<old>[\w'&.+#-]+(?:\s+[\w'&.+#-]+){0,2}))?"
    # "..., not January 14, for the dentist": what the value is for, named after it (the old value finds it)
    r"(?:\s*,?\s*for\s+(?:the|my|our)\s+[\w'-]+(?:\s+[\w'-]+)?)?"
    r"(?:\s*,?\s*(?:sorry|lol|haha|my bad|oops))?\s*[.!]*$")
#: A word that opens a clause or a judgement, no value: "I meant to ask", "I mean, it's fine", "Oops, never mind".
_NOT_A_VALUE_EN = lazy_regex(r"(?i)^(?:to|i|i'm|i've|we|you|he|she|they|it|that|this|the|a|an|what|fine|ok|okay|"
                             r"never|nothing|not|no|yes|sure|thanks|thank|well|so|just|really|like|whatever|"
                             r"mind|sorry|oops|typo|whoops)\b")

#: A reply word (不对, 不是) may open it before a marker (不对，我是说普洱茶); alone it opens none (``_MARKED_ZH``).
_FILLER_ZH = r"(?:(?:那个|嗯+|呃+|啊|哦|噢|诶|哎呀?|唉|不好意思|抱歉|sorry|Sorry|哈哈|不对|不是的?|错了)[，,、。\s]*)"
#: What says the speaker misspoke: 说错了, 打错了, 写错了, 口误, 我是说, 我的意思是, 应该是, 更正一下.
_MARK_ZH = (r"(?:我?(?:刚才|刚刚)?(?:说错了|打错了|写错了|打错字了|说错|打错|写错|口误了?|搞错了)|我是说|我的意思是|"
            # the English marks in a message that names its value in Chinese: "Sorry I meant 电信，不是移动"
            r"更正一下|纠正一下|(?i:i\s+meant(?:\s+to\s+say)?|i\s+mean)\b)")
_VALUE_ZH = lazy_regex(
    rf"^\s*{_FILLER_ZH}*(?:{_MARK_ZH}[，,。！!：:\s]*{_FILLER_ZH}*)?(?:(?:应该|其实|其实应该)?是)?"
    # 说错了，是在杭州工作: the place, without the verb of what one does there (工作, 上班, 上学)
    # 口误，我在深圳不是广州: the place said with 我在 and the one it is not
    r"(?:我(?=在|住在|去|到))?(?:在|住在|去|到)?(?P<v>[^，,。！？!?；;]{1,12}?)(?<=[\u4e00-\u9fffA-Za-z0-9])"
    r"(?:(?<=[\u4e00-\u9fff])(?:工作|上班|上学|读书|念书|生活|住))?(?:[，,]?\s*(?:(?:而)?不是|(?i:not)\s+)(?:在|住在|去|到)?(?P<old>[^，,。！？!?；;]{1,8}?))?"
    r"(?:才对|吧|啦|哈|哦)?[。！!.\s]*$")
#: The start of a clause, no value: 我是说我不想去, 应该是这样, 说错了，是他.
_NOT_A_VALUE_ZH = lazy_regex(r"^(?:我|你|他|她|它|这|那|不|没|也|都|就|还|要|会|想|能|可以|的|了|对|错|吗|呢)"
                             r"|[我你他她的了吗呢]|^(?:吧|啊|呀|哦|嗯|哈)+$")


def read(sentence: str, *, starred: bool = False, unlisted: bool = False) -> Finding | None:
    """The value a message correcting the one before names alone ("Oops, I meant Munich" → ``Munich``, 说错了，是在南通
    → 南通), as a finding under ``KEY`` marked a correction; ``None`` for any other sentence. ``starred``: the message
    opened with a single "*", the written sign of a typo put right ("*Pittsburgh"), which tidying leaves out.
    ``unlisted``: a Chinese word of two or three characters that no list knows is read too (说错了，是小婷), marked
    ``held_only``: it may be a verb or any word, so it is kept only where it names a value of its shape that the user
    holds (``tentative``)."""
    zh = re.search(r"[\u4e00-\u9fff]", sentence) is not None
    if starred and not sentence.lstrip().startswith("*"):
        sentence = f"*{sentence.lstrip()}"
    # 不对，是25号出发, "sorry, I meant leaving on the 5th": the day a plan sets off on, said with its verb
    sentence, departing = _DEPARTING_EN.subn("", sentence)
    m = (_VALUE_ZH if zh else _VALUE_EN).match(sentence)
    if m is None:
        return None
    value, said_before = m.group("v").strip().rstrip("."), sentence[: m.start("v")]
    held = False  # an unlisted word, kept only where it names a value held
    if (leaves := _DEPARTS_ZH.match(value)) is not None and "time" in kinds(leaves.group("t"), loose=True):
        value, departing = leaves.group("t"), 1
    if departing and "time" not in kinds(value, loose=True):
        return None  # "I meant leaving tomorrow morning early": a time alone or nothing
    if not (_MARKED_ZH if zh else _MARKED_EN).search(said_before):
        return None
    clause = _NOT_A_VALUE_ZH.search(value) if zh else (
        (_NOT_A_VALUE_EN.match(value) and not _DAY_OF_MONTH_EN.match(value)) or _CLAUSE_EN.search(value))
    if not value or clause:
        return None
    # "Sorry, I meant Tacoma, not Seattle", 说错了，是苏州，不是上海: the old value named says what is put right, at any
    # distance (``facts.engine``: the fact holding it); without it, the message before only (``facts.previous``)
    raw = (m.group("old") or "").strip().rstrip(".!")
    old = raw if _DAY_OF_MONTH_EN.match(raw) else clean_value(raw, "zh" if zh else "en")  # "the 12th" is a time
    if old and (old == value or (zh and _NOT_A_VALUE_ZH.search(old)) or (not zh and _NOT_A_VALUE_EN.match(old)
                                                                          and not _DAY_OF_MONTH_EN.match(old))):
        old = ""
    # a name, a number, a time or a place only: "i meant database tables", 我的意思是再等等 name none
    # a name said with a capital, its first letter lowercase in a brand ("iPhone 15", "eBay")
    named = re.search(r"[A-Za-z0-9]", value) if zh else re.match(r"[A-Z0-9]|[a-z]{1,2}[A-Z]", value)
    # 说错了，是小美，不是小丽: a Chinese word set against the old one is a value of its kind (the old value must be
    # held for anything to change: ``facts.meant.value_named``); alone, it may be a verb (再等等): only a listed thing
    if not (named or (zh and old) or kinds(value, loose=True) or colour(value) or category(value)
            or _AT_PLACE.search(said_before) or (not zh and thing(value))):
        if not (unlisted and zh and _HAN_WORD.fullmatch(value)):
            return None
        held = True
    statement = (f"{value}（不是{old}）" if zh else f"{value}, not {old}") if old else value
    return Finding(KEY, value, CONF_PREFER, sentence, corrects=True, instead_of=old, statement=statement,
                   held_only=held)


#: A word of two or three Chinese characters: what a name (小婷, 王芳, 欧阳锋) is written in.
_HAN_WORD = lazy_regex(r"[\u4e00-\u9fff]{2,3}")


def tentative(text: str) -> FactCandidate | None:
    """The correction a message that states nothing else names with a word no list knows (说错了，是小婷 after 我妹妹叫
    小婉), as a candidate under ``KEY`` marked ``held_only``: the fact engine keeps it only as the name the message
    before said after 叫 (``facts.previous``), and drops it otherwise (说错了，是高铁 after 我妹妹叫小婉 changes
    nothing).
    ``None`` when ``text`` is no such correction, or one ``read`` reads already."""
    text = text.strip()
    if len(text) > 30 or read(text) is not None or (found := read(text, unlisted=True)) is None or not found.held_only:
        return None
    return candidate(found, text, "zh")


#: The verb of setting off before the day a correction names ("leaving on the 5th", "we leave on June 4"); a
#: return ("coming back on the 9th") is another date of the trip and none of them.
_DEPARTING_EN = lazy_regex(r"(?i)(?<=[\s,.:;!-])(?:(?:we|i)(?:'re|'m|\s+are|\s+am)?\s+)?"
                           r"(?:leav(?:e|ing)|fly(?:ing)?\s+out|depart(?:ing)?|head(?:ing)?\s+out|set(?:ting)?\s+off)"
                           r"\s+(?:on\s+)?(?=[^,;!?]*$)")
#: A day and the verb of setting off after it (25号出发, 2027-01-25走); 回来 is the day of return, none of them.
_DEPARTS_ZH = lazy_regex(r"^(?P<t>.+?)(?:出发|走|动身|启程|出门)$")

#: A day of the month said with its article ("sorry, I meant the 14th"): a time, though "the" opens no other value.
_DAY_OF_MONTH_EN = lazy_regex(r"(?i)^the\s+\d{1,2}(?:st|nd|rd|th)$")
#: A verb that makes the words a clause, no value: "actually Google is pretty great", "sorry, Paris was lovely"; and
#: a value said for once ("Actually make it UPS this time"): no value said before is wrong (``extract.one_off``).
_CLAUSE_EN = lazy_regex(r"(?i)\b(?:is|are|was|were|am|be|been|isn't|wasn't|sounds?|looks?|seems?|feels?|has|have|"
                        r"had|does|did|do|will|would|can|could|should|this time|for now|for once|just once)\b")


#: The words before the value that say the speaker misspoke (a filler or a reply word alone does not).
_MARKED_EN = lazy_regex(r"(?i)\b(?:oops|whoops|my bad|typo|misspoke|i meant|i mean"
                        # "no wait, Cambridge", "wait, no: Tuesday": the speaker stops what they said
                        r"|no[\s,.!-]*wait|wait[\s,.!:-]*no"
                        # "nah actually pho", "sorry, 4pm", "scratch that, it's 7", "Correction: Tuesday": what was said
                        # is put right ("No, Munich" alone may answer the assistant's question: no mark)
                        r"|actually|sorry|scratch that|correction)\b"
                        # "*Pittsburgh": the written sign of a typo put right
                        r"|^\s*\*")
#: 不对 / 不好意思 before the value: what was said is put right (不对，是后天); 不对吧？ asks, and names no value.
_MARKED_ZH = lazy_regex(rf"{_MARK_ZH}|应该是|不对|不好意思|抱歉|更正|纠正|错了|(?i:\bsorry\b)")


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
            or _PLACE_ZH.match(value) or value in places.PROVINCES_ZH:
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


#: A weekday alone, English or Chinese: "Tuesday", "tues", 周四, 星期天.
_WEEKDAY = lazy_regex(r"(?i)\b(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b"
                      r"|(?:周|星期|礼拜)[一二三四五六日天]")
#: A time of day in parts: the part of the day said before it (下午), the hour, the half of the day after it ("pm").
_CLOCK_PARTS = lazy_regex(r"(?i)^(?P<pre>(?:早上|早晨|清晨|凌晨|上午|中午|下午|傍晚|晚上|夜里|半夜))?(?P<core>.*?)"
                          r"(?P<post>\s?(?:a\.?m\.?|p\.?m\.?))?$")
#: A preposition that opens a day named ("on Monday"): kept when the new value comes without one.
_DAY_PREPOSITION = lazy_regex(r"(?i)^(?:on|in|at|by|this|next|coming|下个?|这个?|本)\s*")
#: An hour said as a number alone ("scratch that, it's 7"), English or Chinese: a clock's new hour.
_HOUR = lazy_regex(r"^(?:[01]?\d|2[0-4]|[一二两三四五六七八九十]|十[一二])$")


def said_again(text: str, new: str) -> str | None:
    """``text`` (the message a bare correction puts right) with the one span of ``new``'s kind replaced by ``new``, to
    be read again: a time of day by a time of day or an hour ("3pm" by "4pm", 下午三点 by 四点 → 下午四点, "6pm" by
    "7" → "7pm"), a day by a day (明天 by 后天; a weekday within its span, 下周三 by 周四 → 下周四, "on Monday" by
    "Tuesday" → "on Tuesday"), a place by a place ("Lisbon" by "Porto", 成都 by 重庆), a name given by a name ("Tim"
    after "My sister is called Anna"). ``None`` when ``text`` holds no
    such span or several of that kind: which one was meant is unknown, and nothing is put right.

    >>> said_again("dentist at 3pm friday", "4pm"), said_again("下周三去上海开会", "周四")
    ('dentist at 4pm friday', '下周四去上海开会')
    >>> said_again("I'm going to Lisbon next week", "Porto"), said_again("周五下午三点看牙医", "四点")
    ("I'm going to Porto next week", '周五下午四点看牙医')
    >>> said_again("I live in Berlin", "5pm"), said_again("I fly from Rome to Paris", "Milan")
    (None, None)
    >>> said_again("I'm going to Lisbon next week with Anna", "Anna")
    """
    new = new.strip()
    sorts = [sort for _, _, sort in timex.time_spans(new)]
    if _HOUR.match(new):
        sorts = ["clock"]
    if len(sorts) == 1 and timex.time_spans(new) and timex.time_spans(new)[0][:2] != (0, len(new)) \
            and not _HOUR.match(new):
        return None  # "Tuesday instead of Monday": more than a time
    if sorts:
        spans = [(s, e) for s, e, sort in timex.time_spans(text) if sort == sorts[0]]
        if len(sorts) != 1 or len(spans) != 1:
            return None
        start, end = spans[0]
        if _HOUR.match(new) and not _bare_hour_fits(text, start, end, new):
            return None
        return text[:start] + _time_put_right(text[start:end], new, sorts[0]) + text[end:]
    if new.casefold() in text.casefold():
        return None  # "Correction: Anna" after "... to Lisbon with Anna": a name said already, no other place
    spans = _place_spans(text) if "place" in kinds(new, loose=True) else []
    if not spans and _PERSON_NAME.fullmatch(new) and not kinds(new):
        spans = _name_spans(text)  # "sorry, I meant Tim" after "My sister is called Anna": a name by a name
    if len(spans) != 1 or text[spans[0][0]:spans[0][1]] == new:
        return None
    return text[:spans[0][0]] + new + text[spans[0][1]:]


#: A person's name as a correction says it alone, capitalised: "Tim", "Anna Lee". (A Chinese name alone, 说错了，是小婷,
#: is no value ``read`` takes: a Chinese word alone may be a verb or a thing, 高铁 as much as 小婷.)
_PERSON_NAME = lazy_regex(r"[A-Z][a-z]+(?:\s[A-Z][a-z]+)?")
#: The name a message gives something, said after the words that name it: "is called Anna", "named Rex", "'s name is
#: Anna", 叫安娜, 我妹妹叫Anna (up to what ends the clause).
_NAMED_AS = lazy_regex(r"(?i:\b(?:called|named|name\s+is|name's)\s+)(?P<en>(?-i:[A-Z][a-z]+(?:\s[A-Z][a-z]+)?))\b"
                       r"|(?:叫做|名叫|叫|名字是|名字叫)(?P<zh>[\u4e00-\u9fff]{1,4}?|[A-Z][a-z]+)(?=[，,。！!？?、\s]|$)")


def _name_spans(text: str) -> list[tuple[int, int]]:
    """The names ``text`` gives something or someone, said after "called", "named", "name is", 叫, 名字是."""
    return [m.span("en") if m.group("en") else m.span("zh") for m in _NAMED_AS.finditer(text)]


def names_time(text: str, text_at: datetime, old: str, old_at: datetime) -> bool:
    """Whether the time ``old`` a correction names as the one it puts right (said at ``old_at``: "not Friday", 不是周五,
    "not the 20th") is a time ``text`` says (said at ``text_at``): a span of its sort that holds its words ("next
    Friday", 下周五) or, a day, names the same day ("December 20" for "the 20th"). A plan said at another time is not
    the plan the correction names, whatever its message.

    >>> from datetime import UTC
    >>> at = datetime(2026, 12, 2, tzinfo=UTC)
    >>> names_time("a meeting next Friday", at, "Friday", at), names_time("a meeting next Friday", at, "Monday", at)
    (True, False)
    >>> names_time("dentist on December 20 at 3pm", at, "the 20th", at), names_time("下周五开会", at, "周五", at)
    (True, True)
    """
    said = timex.time_spans(old)
    if len(said) != 1:
        return False
    start, end, sort = said[0]
    words = _DAY_PREPOSITION.sub("", old[start:end]).casefold()
    day = timex.resolve_relative(old, old_at, prefer_future=True) if sort == "day" else None
    for s, e, other in timex.time_spans(text):
        span = text[s:e]
        if other != sort:
            continue
        if words and words in span.casefold():
            return True
        if day is not None and timex.resolve_relative(span, text_at, prefer_future=True) == day:
            return True
    return False


#: A number written in a message, in digits or in Chinese.
_ANY_NUMBER = lazy_regex(r"\d+|[一二两三四五六七八九十百千万]+")


def _bare_hour_fits(text: str, start: int, end: int, hour: str) -> bool:
    """Whether a number said alone ("scratch that, it's 7", 是四点 said as 四) can be the new hour of the clock
    ``text[start:end]``: a clock said with its half of the day ("6pm") or in Chinese (下午三点), the hour 1 to 12,
    and no other number in ``text`` it may correct instead ("I ran 5 miles at 7am" then "sorry, 6")."""
    clock = text[start:end]
    if not (re.search(r"(?i)[ap]\.?m\.?$", clock) or "点" in clock):
        return False  # "15:00" then "4": which half of the day is not said
    if hour.isdigit() and not 1 <= int(hour) <= 12:
        return False
    return not _ANY_NUMBER.search(text[:start] + " " + text[end:])


def _time_put_right(old: str, new: str, sort: str) -> str:
    """The time span ``old`` with ``new`` in its place, keeping what ``new`` leaves unsaid: the part of the day and
    the half of it of a clock (下午三点 by 四点 → 下午四点), the week and the preposition of a day (下周三 by 周四)."""
    if sort == "clock":
        was, now = _CLOCK_PARTS.match(old), _CLOCK_PARTS.match(new)
        if was is None or now is None:
            return new
        # an hour alone said to a Chinese clock (是四点 puts 下午三点 right as 四点; "7" is read as 7点)
        now_core = f"{new}点" if _HOUR.match(new) and re.search(r"[\u4e00-\u9fff]", old) else now.group("core")
        return f"{now.group('pre') or was.group('pre') or ''}{now_core}{now.group('post') or was.group('post') or ''}"
    if _WEEKDAY.fullmatch(new) and (day := _WEEKDAY.search(old)) is not None:
        return old[:day.start()] + new + old[day.end():]
    if (day_only := _DAY_ALONE.fullmatch(new.strip())) is not None and (
            dated := _DAY_IN_MONTH.search(old)) is not None:
        # 1月15号 by 25号 → 1月25号, "March 3" by "the 5th" → "March 5": the month said before is kept, never
        # the day read alone as one of the month of the correction
        group = next(g for g in ("d", "d2", "d3") if dated.group(g) is not None)
        return old[:dated.start(group)] + day_only.group("d") + old[dated.end(group):]
    opened = _DAY_PREPOSITION.match(old)
    return (opened.group(0) if opened and not _DAY_PREPOSITION.match(new) and opened.group(0).strip().isascii()
            else "") + new


#: A day of the month said alone: 25号, 18日, "the 5th", "5th".
_DAY_ALONE = lazy_regex(r"(?i)^(?:the\s+)?(?P<d>\d{1,2})(?:[号日]|st|nd|rd|th)$")
#: The day within a date that names its month: 1月15号, 2027-01-15, "March 3", "3rd of March", "3 March".
_DAY_IN_MONTH = lazy_regex(
    r"\d{1,2}月(?P<d>\d{1,2})(?=[号日])|\d{4}-\d{1,2}-(?P<d2>\d{1,2})\b"
    r"|(?i:\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+)(?P<d3>\d{1,2})(?!\d)")

#: A capitalised English name, one word or several: a place where a place may be said.
_CAPITALISED = lazy_regex(r"(?<![\w'])[A-Z][\w.-]+(?:\s+[A-Z][\w.-]+)*")


def _place_spans(text: str) -> list[tuple[int, int]]:
    """The places ``text`` names: an English name the time-zone database or CLDR knows, or one said after "in",
    "to", "at" or "from" that may be a city; a Chinese city or a name ending in a division word (the longest)."""
    spans = [(m.start(), m.end()) for m in _CAPITALISED.finditer(text)
             if places.known_place(m.group(0)) or (
                 re.search(r"(?i)\b(?:in|to|at|from)\s+$", text[:m.start()]) and places.may_be_city(m.group(0)))]
    for start in range(len(text)):
        for end in range(min(len(text), start + 6), start + 1, -1):
            piece = text[start:end]
            if re.fullmatch(r"[\u4e00-\u9fff]+", piece) and (places.city_zh(piece) or _PLACE_ZH.match(piece)):
                if all(end <= s or start >= e for s, e in spans):
                    spans.append((start, end))
                break
    return sorted(spans)


def respelt(old: str, new: str) -> bool:
    """Whether ``new`` is ``old`` spelt right: one name of at least four letters a letter or two apart ("Pittsburg"
    and "Pittsburgh", "Vancuver" and "Vancouver"), never the same value and never two numbers (10 and 11 are two).

    >>> respelt("Pittsburg", "Pittsburgh"), respelt("Boston", "Austin"), respelt("Mate 40", "Mate 60")
    (True, False, False)
    """
    a, b = old.strip().casefold(), new.strip().casefold()
    if a == b or min(len(a), len(b)) < 4 or re.search(r"\d", a + b):
        return False
    return SequenceMatcher(None, a, b).ratio() >= 0.85 and abs(len(a) - len(b)) <= 2


#: A correction said outright at the start of a message, no hedge ("Correction: ...", "Oops, ...", 更正一下, 说错了,
#: 不对): a plan said after it is the plan said before put right, not a second one. "Sorry" and "actually" may open a
#: new plan ("Sorry, I have a dentist appointment on Friday"): none of them.
_RESTATES = lazy_regex(r"(?i)^\W*(?:(?:oh|uh|um+|no|wait|ah)\W+)*(?:correction|oops|whoops|my bad|typo|scratch that|"
                       r"i meant|i misspoke|no\W*wait|wait\W*no)\b"
                       rf"|^\W*(?:{_FILLER_ZH})*(?:{_MARK_ZH}|不对)")
#: The keys of a plan: what happens at a time (``extract.cancelled.PLAN_KEYS``).
PLANS = frozenset({"travel.plan", "plan.intent", "schedule.event"})


def plan_put_right(found: list[Finding], sentence: str) -> list[Finding]:
    """``found`` with each plan said at a time (``Finding.period``) marked as the same plan put right, when ``sentence``
    opens a message with a correction said outright ("dentist is thursday 3pm" then "Correction: dentist is friday
    4pm", 下周三去上海开会 then 说错了，下周四去上海开会): it takes the place of the plan of that value stored before
    (``instead_of`` its own value, as a move does: ``extract.scheduled.moved``), which the same value otherwise only
    touched, its old time kept. ``found`` itself otherwise."""
    if not _RESTATES.match(sentence):
        return found
    return [replace(f, instead_of=f.value, corrects=True)
            if f.key in PLANS and f.period is not None and not f.retract and not f.instead_of else f for f in found]


#: One English word that names a thing ("pho", "pretzels"), or a short Chinese noun (榴莲, 芒果): what a like or a
#: favourite holds. Words that answer or judge are none ("tired", "same", "later").
_THING = lazy_regex(r"^(?:[a-z][a-z-]{1,19}|[\u4e00-\u9fff]{2,4})$")
_NO_THING = frozenset("""
    fine good great bad busy tired same sure cool nice right wrong correct true false done ready later here there both
    neither either all none nothing everything something anything whatever maybe perhaps also too yes yeah nope thanks
    please again anyway instead today tomorrow tonight now then lol haha hmm wait never always sometimes exactly totally
    probably definitely really 不是 没有 可以 不行 算了 好的 好吧 等等 等一下 稍等 随便 都行 没事 知道 明白
    谢谢 以后 现在 今天 明天""".split())


def thing(value: str) -> bool:
    """Whether ``value`` is a bare thing's name a like or a favourite may hold (``_THING``): one lowercase English word
    or a Chinese noun of two to four characters, none of the answers and judgements of ``_NO_THING``. Alone it says no
    kind: ``facts.previous`` takes it only for the one like or favourite its previous message stated.

    >>> thing("pho"), thing("榴莲"), thing("tired"), thing("database tables")
    (True, True, False, False)
    """
    value = value.strip()
    return bool(_THING.match(value)) and value.casefold() not in _NO_THING


def one_thing(old: Fact, new: str, said_before: list[Fact]) -> bool:
    """Whether a correction naming the bare thing ``new`` (``thing``) stands for ``old``: the only fact the previous
    message stated (``said_before``), a like or a favourite (``extract.statements.slot_label``) of a thing named in the
    same script ("my favourite food is ramen" then "nah actually pho", 我最喜欢的水果是芒果 then 不对，是榴莲)."""
    if len(said_before) != 1 or said_before[0].id != old.id or not thing(new) or not thing(old.value.casefold()):
        return False
    a, b = old.value.casefold(), new.casefold()
    if a in b or b in a or bool(re.search(r"[\u4e00-\u9fff]", a)) != bool(re.search(r"[\u4e00-\u9fff]", b)):
        return False  # the same thing, or one named within the other (咖啡馆 is no 咖啡)
    if colour(a) or colour(b) or (category(a) and category(b)):
        return False  # a colour, a food or a drink is read by its own kind (``one_shape``, ``same_category``)
    return old.key.endswith(".like") or slot_label(old.statement) is not None


#: A model: a name, then its number ("Mate 60", "华为Mate 40", "Galaxy S23" has none apart).
_MODEL = lazy_regex(r"^(?P<name>.*?\S)\s*(?P<n>\d+(?:\.\d+)?)$")


def same_model(old: str, new: str) -> str | None:
    """The whole value a correction naming a model by the end of its name means (华为Mate 40 then 打错了，是Mate 60 →
    华为Mate 60): both end in a number, the new value's name is the end of the old one's and the numbers differ;
    ``None`` otherwise ("iPhone 13" then "Pixel 8" is another phone, which ``same_kind`` does not take either).

    >>> same_model("华为Mate 40", "Mate 60"), same_model("iPhone 13", "iPhone 14"), same_model("iPhone 13", "Pixel 8")
    ('华为Mate 60', 'iPhone 14', None)
    """
    was, now = _MODEL.match(old.strip()), _MODEL.match(new.strip())
    if was is None or now is None or was.group("n") == now.group("n"):
        return None
    if not re.search(r"[A-Za-z\u4e00-\u9fff]", now.group("name")) \
            or not was.group("name").casefold().endswith(now.group("name").casefold()):
        return None
    return old.strip()[: was.start("n")] + now.group("n")
