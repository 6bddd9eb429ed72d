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

from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
_NOW_EN = r"(?:now|these days|nowadays|today|lately)"
#: "I used to drink flat whites, now I drink oat lattes", "I used to like X, but now I prefer Y",
#: "We used to use Jenkins; these days we use GitHub Actions".
_EN = lazy_regex(
    rf"^(?P<who>i|we)\s+used\s+to\s+(?P<past>[^,;]+?)\s*(?:[,;]\s*|\s+)(?:but\s+|and\s+)?{_NOW_EN}\s*,?\s+"
    rf"(?P<now>(?:i|we)\b.+?)$"
    rf"|^(?P<who2>i|we)\s+used\s+to\s+(?P<past2>[^,;]+?)\s*(?:[,;]\s*|\s+)(?:but\s+|and\s+)?(?P<now2>(?:i|we)\s+"
    rf"(?:now|currently|nowadays)\s+.+?)$", _IC)

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


def split_en(sentence: str) -> tuple[str, str] | None:
    """``(past, now)``: both clauses as present statements ("I drink flat whites", "I drink oat
    lattes"), or ``None`` when ``sentence`` is no contrast of then and now."""
    # "I didn't use to like cilantro" is "I used to not like cilantro": then "I don't like cilantro"
    m = _EN.match(_DID_NOT_USE_TO.sub("used to not ", sentence.strip().rstrip(".!")))
    if m is None:
        return None
    who = (m.group("who") or m.group("who2")).capitalize()
    past = m.group("past") or m.group("past2")
    now = m.group("now") or m.group("now2")
    past = re.sub(r"^be\s+", "am " if who == "I" else "are ", past, flags=_IC)
    past = re.sub(r"^not\s+", "don't ", past, flags=_IC)
    return f"{who} {past}", _object_carried(past, now, "en")


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
