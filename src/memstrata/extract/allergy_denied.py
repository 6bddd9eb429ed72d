"""An allergy denied: "I'm not allergic to peanuts", 我对花生不过敏.

Said with no allergy stored, the denial withdrew nothing and stored nothing, so an agent asked later whether the
user can eat peanuts knew nothing of it. It is a fact of its own now, beside the withdrawal of a stored allergy:
``fact.general = not allergic to peanuts`` (对花生不过敏), stated "is not allergic to peanuts".

Why not ``health.allergy``: every reader of that key (the context block's allergy lines, a filter on allergies, the
profile) takes its value as an allergen, and ``not peanuts`` under it would read as an allergy to peanuts. Under
``fact.general`` the value says the whole denial and no allergy reader sees it. A later "I'm allergic to peanuts"
(花生, its twin) supersedes it (``facts.resolve.decide``'s ``denied``: ``denial_of``), and a later denial withdraws
the allergy as before.

Only a plain denial is one: a change ("I'm no longer allergic to peanuts", "... anymore", 我对花生不过敏了, 已经,
不再, "used to") is the withdrawal alone, as a diet said as ended is (``extract.diets``); so are a denial with an
exception ("not allergic to seafood except shrimp"), one that corrects the allergy it names ("I'm not allergic
to peanuts, it's shellfish", 我不是对花生过敏，是对芒果过敏: the sentence states an allergy) and one said with more
("..., it's my friend who is"): the denial must be the whole sentence but for an opening word ("Actually", 其实).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memstrata.extract.allergens import allergen
from memstrata.extract.clauses import Finding
from memstrata.text.regex import lazy_regex
from memstrata.text.tokens import is_cjk

KEY = "fact.general"
_CHANGE_EN = lazy_regex(r"\b(?:any\s?more|any longer|no longer|used to|now|outgrew|grew out)\b", re.IGNORECASE)
_CHANGE_ZH = lazy_regex(r"了\s*[。！!.]?\s*$|了[，,]|已经|不再|以前|之前|现在|小时候|曾经|原来|过去|再也")
_EXCEPT = lazy_regex(r"\b(?:except|other than|apart from|besides|but not)\b|除了", re.IGNORECASE)
#: What may stand beside the denial in its sentence: punctuation and an opening word ("Actually", 其实).
_BESIDE = lazy_regex(r"[\s,.!;:，。！；：~～]+|\b(?:actually|well|oh|no|nope|just so you know|fyi|btw|by the way|"
                     r"for the record|to be clear)\b|^(?:其实|不过|对了|另外|哦|嗯|说明一下|顺便说一下)", re.IGNORECASE)
_DENIAL_EN = lazy_regex(r"^not allergic to (?P<a>.+)$", re.IGNORECASE)
_DENIAL_ZH = lazy_regex(r"^对(?P<a>.+)不过敏$")


def denial(thing: str) -> str:
    """The value of the denial of an allergy to ``thing``, in ``thing``'s language.

    >>> denial("peanuts"), denial("花生")
    ('not allergic to peanuts', '对花生不过敏')
    """
    return f"对{thing}不过敏" if thing and is_cjk(thing[0]) else f"not allergic to {thing}"


def denial_of(value: str) -> str:
    """The allergen a denial ``value`` names (``denial``'s inverse), ``""`` for any other value.

    >>> denial_of("not allergic to peanuts"), denial_of("对花生不过敏"), denial_of("likes peanuts")
    ('peanuts', '花生', '')
    """
    m = _DENIAL_EN.match(value.strip()) or _DENIAL_ZH.match(value.strip())
    return m.group("a").strip() if m else ""


def denied(found: Sequence[tuple[Finding, str]], sentence: str) -> list[tuple[Finding, str]]:
    """The denial facts of ``found``'s withdrawals of a named allergy when ``sentence`` denies it plainly (the module
    docstring), each under the withdrawal's subject and in its language; ``[]`` otherwise."""
    if _EXCEPT.search(sentence) or any(f.key == "health.allergy" and not f.retract for f, _ in found):
        return []
    out: list[tuple[Finding, str]] = []
    for f, lang in found:
        if f.key != "health.allergy" or not f.retract or not (thing := allergen(f.value)):
            continue
        if (_CHANGE_ZH if lang == "zh" else _CHANGE_EN).search(sentence) or _BESIDE.sub("", sentence.replace(
                f.clause, "", 1)):
            return []  # a change, or more said: "..., it's my friend who is" (extract.deflected)
        value = denial(thing)
        out.append((replace(f, key=KEY, value=value, retract=False, statement=value if lang == "zh" else f"is {value}",
                            severity="", corrects=False), lang))
    return out
