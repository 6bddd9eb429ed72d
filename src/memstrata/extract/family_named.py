"""Relatives listed in passing: "my wife Anna and our two kids, Max and Lily", 我老婆李娜和女儿朵朵.

"My wife is Anna" and 我老婆叫李娜 state a family member (``family.member = wife named Anna`` / ``老婆李娜``); listing
the relatives by relation and name in a sentence about something else says as much, and stored nothing: "I live with
my wife Anna and our two kids, Max and Lily" now keeps ``wife named Anna``, ``kid named Max`` and ``kid named
Lily``, 我老婆李娜和女儿朵朵去公园了 ``老婆李娜`` and ``女儿朵朵``, beside what the sentence states. One relative
named is who the sentence is about ("My brother Tom is allergic to cats": Tom's allergy, ``extract.apposition``) and
a family member too (``brother named Tom``: what links the name to the relation). Only relatives (``kin``): "my friend
Jake" names a friend, no family member.
"""

from __future__ import annotations

import re

from memstrata.extract import kin, subject_en, subject_zh
from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.text.regex import lazy_regex

#: "my wife Anna", "our son Max": a relation, then a capitalised name.
_ONE_EN = lazy_regex(rf"\b(?i:(?:my|our)\s+(?P<rel>{subject_en._RELATION}|kid|child|baby))\s+"
                     r"(?P<name>[A-Z][a-z]+)\b(?!\s+[A-Z])")
#: "our two kids, Max and Lily", "my daughters Amy, Beth and Cara": relatives in the plural, then their names.
_MANY_EN = lazy_regex(r"\b(?i:(?:my|our)\s+(?:(?:two|three|four|five|\d)\s+)?(?P<rel>kids|children|sons|daughters|"
                      r"boys|girls|twins))\s*,?\s+(?P<names>[A-Z][a-z]+(?:\s*,\s*[A-Z][a-z]+)*\s*,?\s+(?i:and|&)\s+"
                      r"[A-Z][a-z]+)\b")
_ONE_OF = {"kids": "kid", "children": "child", "sons": "son", "daughters": "daughter", "boys": "son",
           "girls": "daughter", "twins": "twin"}
#: 我老婆李娜, 和女儿朵朵, 儿子Leo: a relation after 我 (的) or after a word that lists (和, 、, 还有), then a name (a
#: surname and one or two characters, 小/老/阿 and one, or one said twice), then a word that ends the name.
_ONE_ZH = lazy_regex(rf"(?:^|我们?(?:家)?的?|和|跟|与|、|还有|以及)(?P<rel>{subject_zh.RELATION})"
                     rf"(?P<name>{subject_zh.NAME}|{subject_zh._TWIN}|{subject_zh.LATIN_NAME})\s*"
                     r"(?=和|跟|与|、|，|,|还有|以及|都|一起|也|去|在|是|喜欢|不|对|住|今年|要|会|很|最|每|刚|已经|[。！!]|$)")


def named(sentence: str, lang: str) -> list[Finding]:
    """The family members ``sentence`` lists by relation and name (``family.member``), in the order named; ``[]``
    when it names fewer than two, or asks, supposes or reports (``subject_en.NOT_A_STATEMENT``: "Did my son Max
    call?")."""
    if (subject_zh if lang == "zh" else subject_en).NOT_A_STATEMENT.search(sentence):
        return []
    found = _named_zh(sentence) if lang == "zh" else _named_en(sentence)
    # one relative named states the family member too ("My wife Mei is a nurse": wife named Mei beside Mei's job, so
    # the name is known as the wife's); several listed together are the family said
    return found


def _named_zh(sentence: str) -> list[Finding]:
    return [_member(f"{m.group('rel')}{m.group('name')}", sentence) for m in _ONE_ZH.finditer(sentence)
            if kin.is_relative(m.group("rel"))]


def _named_en(sentence: str) -> list[Finding]:
    found = [(m.start(), m.group("rel").lower(), m.group("name")) for m in _ONE_EN.finditer(sentence)]
    for m in _MANY_EN.finditer(sentence):
        names = re.split(r"\s*(?:,\s*(?:and|&)|,|\band|&)\s+", m.group("names"), flags=re.IGNORECASE)
        found += [(m.start(), _ONE_OF[m.group("rel").lower()], n) for n in names if n]
    return [_member(f"{rel} named {name}", sentence) for _, rel, name in sorted(found, key=lambda f: f[0])
            if kin.is_relative(rel) and name not in subject_en.NOT_NAMES]


def _member(value: str, sentence: str) -> Finding:
    return Finding("family.member", value, CONF_STATED, sentence)

