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
from dataclasses import replace

from memstrata.extract import kin, subject_en, subject_zh
from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.text.regex import lazy_regex

#: "my wife Anna", "our son Max", "with my spouse Alexis": a relation, then a capitalised name; or the name between
#: commas with the sentence going on after it ("my son, Rian, to the zoo", "My mom, Wendy, who's 73").
_ONE_EN = lazy_regex(rf"\b(?i:(?:my|our)\s+(?P<rel>{subject_en._RELATION}|spouse|kid|child|baby))"
                     r"(?:\s+|\s*,\s*(?=[A-Z][a-z]+\s*,\s+[a-z]))"
                     r"(?P<name>[A-Z][a-z]+)\b(?!\s+[A-Z])")
_NUMBER_EN = r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen)"
_CHILD_EN = r"son|daughter|kid|child|boy|girl|baby|twins?"
#: What may follow a child said by age or birth order alone, with no noun after it ("my 6-year-old loves ...", "my
#: oldest is leaving for college", "my 2-year-old and 6-year-old"): a verb, a preposition or the clause's end. A noun
#: after it ("my 6-year-old laptop", "my oldest friend", "my 60-year-old close friend") says it is no child.
_NO_NOUN_AFTER = (r"(?=\s*(?:[,.;:!?)]|$)|'s\b|\s+(?:and|or|who|is|was|has|had|will|would|can|could|just|still|really|"
                  r"always|never|does|did|loves?|likes?|hates?|wants?|needs?|started|starts|keeps?|gets?|got|goes|"
                  r"went|to|at|in|on|with|for|from|into|also|finally|turned|turns|came|comes|asked|told|said|says|"
                  r"learned|is|are|were|won't|can't|doesn't|didn't|isn't|(?:refuse|play|watch|enjoy|adore|prefer|"
                  r"attend|hate)s?|[a-z]{2,}ed)\b)")
#: "my 6-year-old", "our 4-year-old daughter", "my 2-year-old and 6-year-old": a child said by age, the noun after
#: it kept ("6-year-old daughter"), a kid when none is said.
_AGED_EN = lazy_regex(rf"\b(?i:(?:my|our)\s+(?P<ages>{_NUMBER_EN}[- ]years?[- ]old(?:\s*(?:,|and|&)\s*(?:an?\s+)?"
                      rf"{_NUMBER_EN}[- ]years?[- ]old)*)(?:\s+(?P<rel>{_CHILD_EN})\b|{_NO_NOUN_AFTER}))")
#: "my oldest", "my youngest son", "our eldest daughter", "my middle child": a child said by birth order.
_RANKED_EN = lazy_regex(rf"\b(?i:(?:my|our)\s+(?P<rank>oldest|eldest|youngest|middle)(?:\s+(?P<rel>{_CHILD_EN}|one)"
                        rf"\b|(?<!middle){_NO_NOUN_AFTER}))")
#: A clause that supposes: a child named in it is not said to exist ("If my oldest gets in, ...", "What if my
#: 6-year-old ...").
_SUPPOSED_EN = lazy_regex(r"^(?:if|what if|suppose|imagine|let's say|say)\b|\b(?:if|unless|when)\s+(?:i|we)\s+"
                          r"(?:have|had|get|got)\b", re.IGNORECASE)
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
                     r"(?=和|跟|与|、|，|,|还有|以及|都|一起|也|去|在|是|喜欢|不|对|住|今年|要|会|很|最|每|刚|已经|[。！!]|$"
                     r"|[0-9一二两三四五六七八九十]+岁)")  # 我们女儿小米六岁了: an age said after the name


def named(sentence: str, lang: str) -> list[Finding]:
    """The family members ``sentence`` lists by relation and name (``family.member``), in the order named, and in
    English the children it names by age or birth order ("my 6-year-old", "my oldest": ``_children_en``); none
    that a clause asking, supposing or reporting names (``subject_en.NOT_A_STATEMENT``: "Did my son Max call?"), and
    none in a sentence that supposes ("If my oldest gets in, ...")."""
    if lang == "zh":
        return [] if subject_zh.NOT_A_STATEMENT.search(sentence) else _named_zh(sentence)
    if _SUPPOSED_EN.search(sentence):
        return []
    # "Can my 6-year-old ...?" still has a 6-year-old; a relative named in a clause that states ("I'm stressed about
    # our finances with my spouse Alexis, so how can I ...?") is said even when the sentence ends by asking
    found = _children_en(sentence)
    if subject_en.NOT_A_STATEMENT.search(sentence):
        return [f for f in _named_en(sentence, stated_only=True) if f.value not in {g.value for g in found}] + found
    # one relative named states the family member too ("My wife Mei is a nurse": wife named Mei beside Mei's job, so
    # the name is known as the wife's); several listed together are the family said
    return _named_en(sentence) + found


def _named_zh(sentence: str) -> list[Finding]:
    # a pet named (我的狗小黑) is a pet, as 我的狗叫小黑 is, no family member
    return [replace(_member(f"{m.group('rel')}{m.group('name')}", sentence), key="pet")
            if re.fullmatch(kin.ANIMALS_EN, kin.subject(m.group("rel"))) else
            _member(f"{m.group('rel')}{m.group('name')}", sentence) for m in _ONE_ZH.finditer(sentence)
            if kin.is_relative(m.group("rel"))]


def clause_at(sentence: str, at: int) -> str:
    """The clause of ``sentence`` around position ``at``: from the comma or semicolon before it to the one after it,
    a closing question mark kept."""
    start = max(sentence.rfind(c, 0, at) for c in ",;:") + 1
    ends = [i for i in (sentence.find(c, at) for c in ",;:?") if i >= 0]
    end = min(ends) if ends else len(sentence)
    return sentence[start:end + (sentence[end:end + 1] == "?")].strip()


def _named_en(sentence: str, stated_only: bool = False) -> list[Finding]:
    """The relatives ``sentence`` names; with ``stated_only`` those in a clause that neither asks, supposes nor
    reports (``subject_en.NOT_A_STATEMENT`` of the clause, ``clause_at``)."""
    matches = [m for m in _ONE_EN.finditer(sentence)
               if not stated_only or not subject_en.NOT_A_STATEMENT.search(clause_at(sentence, m.start()))]
    found = [(m.start(), m.group("rel").lower(), m.group("name")) for m in matches]
    for m in _MANY_EN.finditer(sentence):
        if stated_only and subject_en.NOT_A_STATEMENT.search(clause_at(sentence, m.start())):
            continue
        names = re.split(r"\s*(?:,\s*(?:and|&)|,|\band|&)\s+", m.group("names"), flags=re.IGNORECASE)
        found += [(m.start(), _ONE_OF[m.group("rel").lower()], n) for n in names if n]
    return [_member(f"{rel} named {name}", sentence) for _, rel, name in sorted(found, key=lambda f: f[0])
            if kin.is_relative(rel) and name not in subject_en.NOT_NAMES]


def _children_en(sentence: str) -> list[Finding]:
    """The children an English ``sentence`` names by age or birth order ("my 6-year-old" → ``6-year-old kid``, "my
    oldest son" → ``oldest son``), as "I have a 6-year-old son" states one (``family.member``)."""
    found: list[tuple[int, str]] = []
    for m in _AGED_EN.finditer(sentence):
        rel = (m.group("rel") or "kid").lower()
        ages = re.findall(rf"{_NUMBER_EN}[- ]years?[- ]old", m.group("ages"), re.IGNORECASE)
        found += [(m.start(), f"{re.sub(r'[- ]years?[- ]', '-year-', age.lower())} {rel}") for age in ages]
    for m in _RANKED_EN.finditer(sentence):
        rel = (m.group("rel") or "kid").lower()
        found.append((m.start(), f"{m.group('rank').lower()} {'kid' if rel == 'one' else rel}"))
    return [_member(value, sentence) for _, value in sorted(found)]


def _member(value: str, sentence: str) -> Finding:
    return Finding("family.member", value, CONF_STATED, sentence)

