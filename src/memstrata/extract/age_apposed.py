"""Someone's age said in passing, beside their name: "my friend Carla, 58, suggested it", "my son Francis, who's 17,
…", "my mom Ashlee, she's 72 and retired", "My mentor, Wendy, who's 80, …".

An age set between commas after a person names that person's age, whatever the sentence goes on to ask or say: the
writer gives it as known. It is the named person's (``identity.age`` under the name), with the relation kept by
``extract.family_named`` ("son named Francis"); a relative said with no name keeps it under the relation ("my dad,
who's 70, …": ``dad``). "my friend, 40, …" names no one kept (``subject_en.someone_else`` keeps only relatives and
named people) and a number that counts something else ("my son Max, 2 weeks ago", "my sister Ann, 3 kids") is none.
"""

from __future__ import annotations

import re

from memstrata.extract import kin, shapes, subject_en
from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.text.regex import lazy_regex

#: "my friend Carla, 58", "my son Francis, who's 17", "my mom Ashlee, she's 72", "My mentor, Wendy, who's 80",
#: "my dad, who is 70": a relation after "my" / "our", a name or none, then the age set off by a comma.
_APPOSED = lazy_regex(
    rf"\b(?i:my|our)\s+(?P<rel>(?i:{subject_en.NAMED_RELATION}|mentor|kid|child|family\s+member))"
    r"(?:\s*,?\s+(?P<name>[A-Z][a-z]+))?\s*,\s*"
    r"(?:(?i:who(?:'s|’s|\s+is)|(?:he|she)(?:'s|’s|\s+is))\s+)?(?:(?i:aged?)\s+)?"
    r"(?P<age>\d{1,3})(?:\s+(?i:years?\s+old))?"
    # the number ends the aside: a comma, "and", the clause's end; never a count or a time ("2 weeks ago", "3 kids")
    r"(?=\s*(?:[,.;!?)]|\band\b|$))")
#: A sentence that supposes: an age in it is no one's.
_SUPPOSED = lazy_regex(r"^(?:if|what if|suppose|imagine|let's say|say)\b", re.IGNORECASE)
#: Ages a person can have.
_OLDEST = 120


def apposed(sentence: str) -> list[Finding]:
    """``identity.age`` for each person ``sentence`` gives an age beside ("I'm worried about my friend Barbara, 66,
    who …" → Barbara's ``66``), under the name, or the relative's subject word when no name is said; ``[]`` when
    none, for a sentence that supposes, or for a friend or colleague named by relation only."""
    if _SUPPOSED.match(sentence.strip()):
        return []
    found: list[Finding] = []
    for m in _APPOSED.finditer(sentence):
        name, rel, age = m.group("name"), " ".join(m.group("rel").lower().split()), int(m.group("age"))
        if not 0 < age <= _OLDEST or (name and name in subject_en.NOT_NAMES):
            continue
        who = name or (rel if kin.is_relative(rel) else "")
        if who:
            found += shapes.about([Finding("identity.age", str(age), CONF_STATED, m.group(0))], who)
    return found
