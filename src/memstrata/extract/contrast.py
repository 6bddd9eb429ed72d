"""Then and now in one sentence: "I used to drink flat whites, now I drink oat lattes", 我以前喝拿铁，
现在改喝美式了.

A past clause (used to / 以前, 之前, 原来, 过去) followed by a present one (now / these days / 现在, 如今)
says the present value took the past one's place. ``split_en`` / ``split_zh`` give both clauses as
plain present statements, which the other rules read (``extract.rules``); every value the present
one states then carries the past one's value as the value it replaces (``Finding.instead_of``), so
the fact engine supersedes the fact holding it, on that fact's key, with its history.
"""

from __future__ import annotations

import re

from memstrata.extract.timex import COUNT_EN
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
_NOW_EN = r"(?:now|these days|nowadays|today|lately)"
#: "I used to drink flat whites, now I drink oat lattes", "I used to like X, but now I prefer Y",
#: "We used to use Jenkins; these days we use GitHub Actions".
_EN = lazy_regex(
    rf"^(?P<who>i|we)\s+used\s+to\s+(?P<past>[^,;]+?)\s*(?:[,;]\s*|\s+)(?:but\s+|and\s+)?{_NOW_EN}\s*,?\s+"
    rf"(?P<now>(?:i|we)\b.+?)$"
    rf"|^(?P<who2>i|we)\s+used\s+to\s+(?P<past2>[^,;]+?)\s*(?:[,;]\s*|\s+)(?:but\s+|and\s+)?(?P<now2>(?:i|we)\s+"
    rf"(?:now|currently|nowadays)\s+.+?)$"
    # the value now said alone, its verb the past one's: "I used to watch The Office a lot, now mostly Succession"
    rf"|^(?P<who3>i|we)\s+used\s+to\s+(?P<past3>[^,;]+?)\s*[,;]\s*(?:but\s+|and\s+)?{_NOW_EN}\s*,?\s+"
    r"(?:(?:it's|its|it is)\s+)?(?:(?:mostly|mainly|only|just|all)\s+)?"
    r"(?P<bare>(?!(?:i|we|it|that|this|not|no|never)\b)[^,;]+?)$", _IC)
#: A past of a verb and its thing, whose verb the bare value now takes ("watch The Office a lot" → "watch"); "be" is
#: said as "am" ("I used to be vegetarian, now vegan" → "I am vegan").
_VERB_AND_THING = lazy_regex(r"^(?P<verb>(?!(?:not|never|go|get|have|think|feel)\b)[a-z]+"
                             r"(?:\s+(?:in|at|to|on|with|for|from|into))?)\s+(?P<thing>\S.*)$", _IC)

_BEFORE_ZH = r"(?:以前|之前|原来|过去|从前|曾经|早先)"
_NOW_ZH = r"(?:现在|如今|目前|这些天|这阵子|最近)"
#: 我以前喝拿铁，现在改喝美式了; 以前我喜欢拿铁，不过现在更喜欢美式; 我原来用京东，现在用顺丰.
_ZH = lazy_regex(
    rf"^(?:我们?)?{_BEFORE_ZH}(?:我们?)?(?:一直|都|常|总)?(?P<past>[^，,；;]+?)[，,；;]\s*(?:但是?|不过|可是|而)?"
    rf"(?:我们?)?(?P<now>{_NOW_ZH}[^，,；;]+?)$")
#: The past clause states a standing value, not a happening said of it (以前我们去过, 以前是这样).
_ZH_PAST_NOT = lazy_regex(r"^(?:是这样|不|没|也|就|说|觉得|以为|想)")


#: A feeling's turn about one thing: "I used to hate olives but now I love them", 我以前讨厌橄榄，现在很喜欢: the
#: present clause names its object by a pronoun or not at all, and means the past clause's.
_FEEL_EN = r"(?:hate|dislike|detest|like|love|enjoy|adore|can't stand|prefer)"
_PAST_OBJECT_EN = lazy_regex(rf"^(?:don't\s+)?(?:(?:really|kind of|kinda)\s+)*{_FEEL_EN}\s+(?P<obj>.+)$", _IC)
_DID_NOT_USE_TO = lazy_regex(r"\b(?:didn't|did not)\s+use(?:d)?\s+to\s+", _IC)
_NOW_PRONOUN_EN = lazy_regex(rf"^(?P<head>.*\b{_FEEL_EN})\s+(?:them|it|those|these)"
                             r"(?P<tail>(?:\s+(?:now|a lot|too))*)$", _IC)
_FEEL_ZH = r"(?:讨厌|不喜欢|不爱|受不了|喜欢|爱|爱上|爱吃|喜欢吃|爱喝|喜欢喝)"
_PAST_OBJECT_ZH = lazy_regex(rf"^(?:很|特别|非常|超|最|挺)*{_FEEL_ZH}(?P<obj>[^它了]+)$")
#: A past feeling said negated (不喜欢, 不爱, 没喜欢过): what the present one turned from.
_FELT_NOT_ZH = lazy_regex(r"^(?:一点都|一点也|都|也)?(?:不|没)(?:太|怎么|是很)?(?:喜欢|爱)")
_NOW_BARE_ZH = lazy_regex(rf"^(?P<head>.*?{_FEEL_ZH})(?:它们|它|上了|了)*$")


def _object_carried(past: str, now: str, lang: str) -> str:
    """``now`` with the past clause's object in place of a pronoun ("I love them" after "I hate olives" → "I love
    olives") or where none is said (我现在很喜欢 after 我讨厌橄榄 → 我现在很喜欢橄榄); else ``now`` as it is."""
    zh = lang == "zh"
    before = (_PAST_OBJECT_ZH if zh else _PAST_OBJECT_EN).match(past)
    after = (_NOW_BARE_ZH if zh else _NOW_PRONOUN_EN).match(now)
    if before is None or after is None:
        return now
    return f"{after.group('head')}{before.group('obj')}" if zh else \
        f"{after.group('head')} {before.group('obj')}{after.group('tail')}"


#: The end of the past said between then and now: "..., but that's over, now it's ...", "..., not anymore, now ...".
_OVER_EN = (r"(?:[,;]?\s*(?:but\s+|and\s+)?(?:that's|thats|that is|that was)\s+(?:over|done|history|in the past|"
            r"changed|no longer true)|[,;]?\s*(?:but\s+)?(?:not anymore|not any more|no more|no longer))?")
#: What opens the value now: "now it's Zuni Cafe", "these days it's sushi", "now Ursula Le Guin".
_NOW_IS_EN = (rf"(?:[,;.]\s*|\s+)(?:but\s+|and\s+)?{_NOW_EN}\b\s*,?\s*(?:(?:it's|it is|its|it has to be|"
              r"that's|that is|it'?s\s+gotta\s+be)\s+)?(?P<now>[^,;]+?)")
#: A thing of the user's that holds one value at a time said as then and now, the value opening the sentence ("Nopa
#: used to be my favorite restaurant, now it's Zuni Cafe"), the thing opening it ("My favourite food used to be
#: pizza, now it's sushi"), or the thing said as was ("My favorite author was Stephen King, now Ursula Le Guin";
#: without "my" only a favourite, "Favorite author was ...": a bare "The meeting was Monday, now Tuesday" is no
#: thing of the user's).
_ONE_THING = (r"(?:(?:all-time\s+)?favou?rite|fave|fav|go-to|usual|top|number one|#1)\s+[a-z][\w -]{1,30}?")
_POSSESSED_EN = lazy_regex(
    rf"^(?P<past>[^,;]{{1,40}}?)\s+used\s+to\s+be\s+(?P<my>my|our)\s+(?P<thing>[a-z][\w -]{{1,40}}?)"
    rf"{_OVER_EN}{_NOW_IS_EN}$"
    rf"|^(?P<my2>my|our)\s+(?P<thing2>[a-z][\w -]{{1,40}}?)\s+used\s+to\s+be\s+(?P<past2>[^,;]{{1,40}}?)"
    rf"{_OVER_EN}{_NOW_IS_EN.replace('P<now>', 'P<now2>')}$"
    rf"|^(?:(?P<my3>my|our)\s+(?P<thing3>[a-z][\w -]{{1,40}}?)|(?P<thing4>{_ONE_THING}))\s+was\s+"
    rf"(?P<past3>[^,;]{{1,40}}?){_OVER_EN}{_NOW_IS_EN.replace('P<now>', 'P<now3>')}$", _IC)
#: A value that is no value of the thing now: a verdict on it ("now it's fine", "now it's closed", "now it's
#: different"), a pronoun or an emptiness ("now it's gone", "now it's nothing").
_NOT_A_VALUE_EN = lazy_regex(r"^(?:(?:so|too|very|really|much|kinda|kind of|pretty|a bit|way|even|all|just)\s+)*"
                             r"(?:fine|ok|okay|good|great|bad|worse|better|different|closed|gone|over|done|"
                             r"nothing|none|something else|whatever|it|this|that|them|mine|the same|same|expensive|"
                             r"cheaper|cheap|boring|annoying|broken|dead|meh|(?-i:[a-z]+er))\b(?:\s+\w+)?$", _IC)


def possessed_then_now(sentence: str) -> tuple[str, str] | None:
    """``(past, now)`` as possessive copulas ("My favorite restaurant is Nopa", "My favorite restaurant is Zuni Cafe")
    for a thing of the user's said as then and now (``_POSSESSED_EN``: "Nopa used to be my favorite restaurant but
    that's over, now it's Zuni Cafe", "my favourite food used to be pizza, now sushi"), ``None`` for any other
    sentence, or when what is said now is a verdict, no value ("My old car used to be my pride, now it's fine")."""
    m = _POSSESSED_EN.match(sentence.strip().rstrip(".!"))
    if m is None:
        return None
    my = (m.group("my") or m.group("my2") or m.group("my3") or "my").capitalize()
    thing = m.group("thing") or m.group("thing2") or m.group("thing3") or m.group("thing4")
    past = (m.group("past") or m.group("past2") or m.group("past3")).strip()
    now = (m.group("now") or m.group("now2") or m.group("now3")).strip()
    now = _FILLER_AFTER_EN.sub("", now)
    if _NOT_A_VALUE_EN.match(now) or re.match(r"(?:it|this|that|he|she|they|there|what|which)\b", past, _IC):
        return None
    if _LIKED_AS_MINE.match(thing):  # "Tennis used to be my thing": said as "Pickleball is my thing" (a like)
        return f"{past} is {my.lower()} {thing}", f"{now} is {my.lower()} {thing}"
    return f"{my} {thing} is {past}", f"{my} {thing} is {now}"


#: A word of talk after the value now ("now it's pickleball honestly", "now it's sushi lol"): no part of it.
_FILLER_AFTER_EN = lazy_regex(r"(?:\s*,?\s+(?:honestly|tbh|lol|haha+|i guess|i think|though|anyway|for sure|"
                              r"obviously|apparently))+$", _IC)
#: A thing of one's own that says a like, said with the liked thing first ("Jazz is my thing", ``shapes_en``).
_LIKED_AS_MINE = lazy_regex(r"^(?:thing|jam|cup of tea)$", _IC)


#: A past held for a span, then a present: "I used vim for years, now VS Code", "We drove a Honda for a decade, but
#: these days a Tesla". The simple past said with how long it lasted and "now" after it is "used to" (what was done
#: for years and is contrasted with now has ended), read as "I used to use vim, now VS Code". The span is a length
#: ("for years", "for ages", "for a long time", "for 10 years"): "I used vim yesterday, now VS Code" is no habit.
_HELD_FOR_EN = lazy_regex(
    r"^(?P<who>i|we)\s+(?P<verb>[a-z]+)\s+(?P<rest>[^,;]+?)\s+for\s+(?:(?:many|several|a\s+few|a\s+couple\s+of|"
    rf"{COUNT_EN})\s+)?(?:years|ages|decades?|a\s+(?:long\s+time|while|decade|year)|(?:months|weeks)|"
    rf"(?:{COUNT_EN})\s+(?:years?|months?))(?P<after>\s*(?:[,;]\s*|\s+)(?:but\s+|and\s+)?{_NOW_EN}\b.+)$", _IC)
#: The simple past of the verbs a past held for a span is said with, when it is not the plain form with -ed.
_PAST_OF = {"drove": "drive", "drank": "drink", "ate": "eat", "rode": "ride", "wore": "wear", "took": "take",
            "went": "go", "had": "have", "ran": "run", "swam": "swim", "read": "read", "spoke": "speak",
            "wrote": "write", "did": "do", "used": "use", "lived": "live", "liked": "like", "loved": "love",
            "smoked": "smoke", "preferred": "prefer", "shopped": "shop", "shared": "share", "hated": "hate",
            "owned": "own", "played": "play", "stayed": "stay", "studied": "study", "carried": "carry"}


def _held_for(sentence: str) -> str:
    """``sentence`` said with "used to" when it says a past held for a span and then now ("I used vim for years, now
    VS Code" → "I used to use vim, now VS Code": ``_HELD_FOR_EN``); else ``sentence`` as it is."""
    m = _HELD_FOR_EN.match(sentence)
    verb = m.group("verb").lower() if m is not None else ""
    base = _PAST_OF.get(verb) or (verb[:-2] if verb.endswith("ed") and len(verb) > 4 and verb[-3] not in "aeiou"
                                  and verb[-4] not in "aeiou" else None)  # "worked", "banked": -ed off
    if m is None or base is None or (verb == "used" and m.group("rest").lower().startswith("to ")):
        return sentence
    return f"{m.group('who')} used to {base} {m.group('rest')}{m.group('after')}"


def split_en(sentence: str) -> tuple[str, str] | None:
    """``(past, now)``: both clauses as present statements ("I drink flat whites", "I drink oat
    lattes"), or ``None`` when ``sentence`` is no contrast of then and now; a thing of the user's said as then and now
    ("Pizza used to be my favourite food, now it's sushi") as its possessive copulas (``possessed_then_now``), a past
    held for a span as "used to" (``_held_for``: "I used vim for years, now VS Code")."""
    # "I didn't use to like cilantro" is "I used to not like cilantro": then "I don't like cilantro"
    m = _EN.match(_DID_NOT_USE_TO.sub("used to not ", _held_for(sentence.strip().rstrip(".!"))))
    if m is None:
        return possessed_then_now(sentence)
    who = (m.group("who") or m.group("who2") or m.group("who3")).capitalize()
    past = m.group("past") or m.group("past2") or m.group("past3")
    now = m.group("now") or m.group("now2")
    if m.group("bare"):
        gapped = _VERB_AND_THING.match(past)
        bare = _FILLER_AFTER_EN.sub("", m.group("bare"))
        if gapped is None or len(bare.split()) > 5 or _NOT_A_VALUE_EN.match(bare) \
                or re.match(r"(?:it|this|that|them|those|these|there|here|him|her)\b", gapped.group("thing"), _IC):
            return None  # "I used to love it, now meh": no thing then, a verdict now
        verb = gapped.group("verb")
        now = f"{who} {'am' if verb.lower() == 'be' and who == 'I' else verb} {bare}"
    past = re.sub(r"^be\s+", "am " if who == "I" else "are ", past, flags=_IC)
    past = re.sub(r"^not\s+", "don't ", past, flags=_IC)
    return f"{who} {past}", _object_carried(past, now, "en")


def bare_now_en(sentence: str) -> bool:
    """Whether ``sentence`` is a then and now whose value now is said alone ("I used to drink coffee, now tea")."""
    m = _EN.match(_DID_NOT_USE_TO.sub("used to not ", _held_for(sentence.strip().rstrip(".!"))))
    return m is not None and bool(m.group("bare"))


def split_zh(sentence: str) -> tuple[str, str] | None:
    """``(past, now)``: both clauses as present statements (我喝拿铁, 我现在改喝美式了), or ``None``."""
    m = _ZH.match(sentence.strip().rstrip("。！!"))
    if m is None:
        return None
    now = _object_carried(m.group("past"), m.group("now"), "zh")
    # 以前不喜欢吃香菜，现在爱上了: a feeling turned is a standing value, its negation too, when the object carries
    turned = _FELT_NOT_ZH.match(m.group("past")) is not None and now != m.group("now")
    if _ZH_PAST_NOT.match(m.group("past")) and not turned:
        return None
    return f"我{m.group('past')}", f"我{now}"


#: The present half that only says the past one ended: 现在不跑了, 现在已经不跑步了, 现在不再抽了 (the verb, said
#: again, negated); "now I don't (anymore)", "now I no longer do".
_BARE_END_ZH = lazy_regex(rf"^(?:我们?)?{_NOW_ZH}?(?:已经|也|都)*(?:不再|不|没再|没有再)"
                          r"(?P<verb>[\u4e00-\u9fff]{1,3}?)(?:了|啦)*$")
_BARE_END_EN = lazy_regex(rf"^(?:i|we)\s+(?:{_NOW_EN}\s+)?(?:don't|do not|no longer do|don't do (?:it|that))"
                          r"(?:\s+any\s*more)?$", _IC)


def ends_past(past: str, now: str, lang: str) -> bool:
    """Whether the present half ``now`` of a then-and-now pair (``split_zh`` / ``split_en``) says only that the past
    half ``past`` no longer holds: 以前我每天早上跑步，现在不跑了, "I used to smoke, now I don't" (its verb, in Chinese,
    one the past half says)."""
    if lang != "zh":
        return _BARE_END_EN.match(now.strip().rstrip(".!")) is not None
    m = _BARE_END_ZH.match(now.strip().rstrip("。！!"))
    return m is not None and m.group("verb")[0] in past
