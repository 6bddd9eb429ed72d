"""Likes said negated or with an exception: "I like neither tea nor coffee", "I like everything except mushrooms",
我既不喜欢茶也不喜欢咖啡, 除了蘑菇我什么都吃.

Read by the like patterns, the first stored ``drink.like = neither tea nor coffee`` and the second ``food.like =
everything except mushrooms``: a like of what the user said they do not like. Neither / nor is a dislike of each
thing named, and "everything except X" a dislike of X (what "everything" covers is no thing to store), so each is
read as the plain negative statements it makes ("I don't like tea", "I don't like coffee"; "I don't eat
mushrooms"), by the rules that read those (``extract.rules``); whatever they do not read stays unstored, never a like.
"""

from __future__ import annotations

import re

from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
#: The verbs of liking or taking, and the plain verb their negation is said with ("I don't like" for love, enjoy).
_VERBS = {"like": "like", "love": "like", "enjoy": "like", "eat": "eat", "drink": "drink", "want": "want"}
_VERB = r"(?P<verb>like|love|enjoy|eat|drink|want)"
#: "I like neither tea nor coffee", "I really enjoy neither jazz nor rap"; "I like neither" alone.
_NEITHER = lazy_regex(rf"^i\s+(?:really\s+|actually\s+)?{_VERB}\s+neither\b(?:\s+(?P<a>.+?)\s+nor\s+(?P<b>.+?))?"
                      r"\s*[.!]?$", _IC)
#: "I don't like either tea or coffee": the "either" is no part of the first thing.
_EITHER = lazy_regex(rf"^i\s+(?:don't|do not|never)\s+{_VERB}\s+either\s+(?P<a>.+?)\s+or\s+(?P<b>.+?)\s*[.!]?$", _IC)
_ALL = r"(?:everything|anything|all\s+(?:kinds\s+of\s+|sorts\s+of\s+)?(?:food|foods|drinks|music|fruit|vegetables))"
_BUT = r"(?:except(?:\s+for)?|but|apart\s+from|other\s+than|besides|save\s+for)"
#: "I like everything except mushrooms", "I eat anything but cilantro"; "Except for mushrooms, I eat everything".
_EXCEPT = lazy_regex(rf"^i\s+(?:really\s+|pretty\s+much\s+|basically\s+)?{_VERB}\s+{_ALL}\s*,?\s+{_BUT}\s+(?P<x>.+?)"
                     r"\s*[.!]?$", _IC)
_EXCEPT_FIRST = lazy_regex(rf"^{_BUT}\s+(?P<x>[^,]+?)\s*,\s*i\s+(?:really\s+|pretty\s+much\s+|basically\s+)?{_VERB}\s+"
                           rf"{_ALL}\s*[.!]?$", _IC)
#: 我既不喜欢茶也不喜欢咖啡, 我不喝茶也不喝咖啡.
_NEITHER_ZH = lazy_regex(r"^我(?:既|即)?不(?P<verb>喜欢|爱|吃|喝)(?P<a>[^，,。也]+)[，,]?(?:也|又)不(?:喜欢|爱|吃|喝)?"
                         r"(?P<b>[^，,。]+)[。！!]?$")
#: 除了蘑菇我什么都吃, 除了香菜以外我都喜欢: 都 after 除了 is "all but"; 除了…还 / 也 is "besides" and is not read.
_EXCEPT_ZH = lazy_regex(r"^除了(?P<x>[^，,。]+?)(?:以外|之外)?[，,]?我(?:什么|啥)?都"
                        r"(?P<verb>喜欢吃|爱吃|喜欢喝|爱喝|喜欢|爱|吃|喝)[。！!]?$")


def negated(sentence: str, lang: str) -> list[str] | None:
    """The plain negative statements ``sentence`` makes when it negates or excepts a like (the module docstring):
    ``"I like neither tea nor coffee"`` → ``["I don't like tea", "I don't like coffee"]``, ``"I like neither"`` →
    ``[]``; ``None`` for any other sentence.

    >>> negated("I like everything except mushrooms", "en"), negated("除了蘑菇我什么都吃", "zh")
    (["I don't like mushrooms"], ['我不吃蘑菇'])
    >>> negated("我既不喜欢茶也不喜欢咖啡", "zh"), negated("I like tea", "en")
    (['我不喜欢茶', '我不喜欢咖啡'], None)
    """
    text = sentence.strip()
    if lang == "zh":
        if m := _NEITHER_ZH.match(text):
            return [f"我不{m.group('verb')}{m.group('a')}", f"我不{m.group('verb')}{m.group('b')}"]
        if m := _EXCEPT_ZH.match(text):
            verb = m.group("verb")[-1] if m.group("verb").endswith(("吃", "喝")) else "喜欢"
            return [f"我不{verb}{m.group('x')}"]
        return None
    m = _NEITHER.match(text) or _EITHER.match(text)
    if m is not None:
        verb = _VERBS[m.group("verb").lower()]
        return [f"I don't {verb} {m.group(g)}" for g in ("a", "b") if m.group(g)]
    m = _EXCEPT.match(text) or _EXCEPT_FIRST.match(text)
    if m is not None:
        return [f"I don't {_VERBS[m.group('verb').lower()]} {m.group('x')}"]
    return None
