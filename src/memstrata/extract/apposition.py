"""A relation said before a name: "My friend Jake is a chef in Portland", "My neighbor Tom is a firefighter",
我的邻居老王是消防员.

The words before the verb name one person twice, by how they are related to the user and by name, and what the
sentence states is that person's (subject ``Jake``, ``Tom``, ``老王``: ``extract.subject_en.someone_else``,
``extract.subject_zh.someone_else``), as "My colleague Tom moved to the design team" and 我同事小张调到设计组了 are
read: the name is the subject, the relation no fact of its own. Read as the user's possessive copula, "my friend Jake
is a chef in Portland" stored ``user.friend_jake = chef in Portland`` (a key made of a person) and 我的邻居老王是消防员
``user.邻居老王 = 消防员``; ``names_a_person`` lets the copula refuse them.
"""

from __future__ import annotations

import re

from memstrata.extract import subject_en, subject_zh
from memstrata.extract.timex import time_span
from memstrata.text.regex import lazy_regex

#: "my <relation> <Name>" ("our neighbor Tom" too): the relation in any case, the name capitalised.
#: A pet named after its kind is one too ("My dog Biscuit is 5" stored ``user.dog_biscuit = 5``).
_EN = lazy_regex(rf"^(?i:(?:my|our)\s+(?P<rel>{subject_en.NAMED_RELATION}|{subject_en._PET}))\s+(?P<name>[A-Z][a-z]+)"
                 r"(?P<rest>(?!')\b.*)$")
_ZH = lazy_regex(rf"^我们?的?(?P<rel>{subject_zh.RELATION})(?P<name>{subject_zh.NAME})(?P<rest>.*)$")


def _match(text: str, lang: str) -> re.Match[str] | None:
    m = (_ZH if lang == "zh" else _EN).match(text.strip())
    if m is None or m.group("name") in subject_en.NOT_NAMES or time_span(m.group("name")) is not None:
        return None  # "My sister Today …" is no name, 我同事周末去爬山 no 周末
    return m


def names_a_person(phrase: str, lang: str) -> bool:
    """Whether ``phrase`` (what a possessive copula reads as the attribute, with "my" / 我的 before it) is a
    relation and a name ("my friend Jake", 我的邻居老王): a person, no attribute of the user's.

    >>> names_a_person("my friend Jake", "en"), names_a_person("my friend's name", "en")
    (True, False)
    """
    m = _match(phrase, lang)
    return m is not None and not m.group("rest").strip()


#: "Tom (my coworker) is allergic to shellfish", "Tom, my coworker, is allergic to shellfish": the relation said
#: after the name, in brackets or between commas.
_AFTER_EN = lazy_regex(rf"^(?P<name>[A-Z][a-z]+)\s*(?:\(\s*(?P<own>my|our)\s+(?P<rel>{subject_en.NAMED_RELATION})\s*\)"
                       rf"|,\s*(?P<own2>my|our)\s+(?P<rel2>{subject_en.NAMED_RELATION})\s*,)\s*(?P<rest>[a-z].*)$",
                       re.I)


#: "My sister, Anna, is a nurse", "My academic advisor, Danielle, suggested …": the subject's name between commas
#: after the relation, as "My sister Anna is a nurse" says it. A list goes on with "and" / "or" after the second comma
#: ("My sister, Anna, and Tom" may be three people) and a relative clause with "who" ("My mentor, Wendy, who's 80,
#: has …": read as one phrase, it stored ``user.mentor_wendy_who = 80``); both stay as said.
_BETWEEN_COMMAS_EN = lazy_regex(rf"^\s*(?P<own>(?i:my|our)\s+(?:(?i:academic|personal|financial|family)\s+)?"
                                rf"(?i:{subject_en.NAMED_RELATION}|{subject_en._PET}|advisor|adviser|mentor|"
                                r"therapist|doctor|coach|tutor|lawyer|accountant)),\s*(?P<name>[A-Z][a-z]+),\s*"
                                r"(?!(?i:and|or|nor|but|who|whom|whose|which|that)\b)(?=[a-z])")


def _unbracketed(m: re.Match[str]) -> str:
    """The relation and the name of ``_BETWEEN_COMMAS_EN`` without the commas, unless the "name" is a word that names
    no one ("my friend, Today, …")."""
    if m.group("name") in subject_en.NOT_NAMES or time_span(m.group("name")) is not None:
        return m.group(0)
    return f"{m.group('own')} {m.group('name')} "


def relation_first(sentence: str) -> str:
    """``sentence`` with a relation said after the name ("Tom (my coworker) is allergic to shellfish") said before
    it ("My coworker Tom is allergic to shellfish"), as the readers of a person's statement know it; ``sentence``
    itself otherwise. Read as said, the bracket hid the subject and nothing was stored.

    >>> relation_first("Tom (my coworker) is allergic to shellfish"), relation_first("Tom is my coworker")
    ('My coworker Tom is allergic to shellfish', 'Tom is my coworker')
    """
    sentence = _BETWEEN_COMMAS_EN.sub(_unbracketed, sentence)  # "My sister, Anna, is a nurse"
    m = _AFTER_EN.match(sentence.strip())
    if m is None or m.group("name") in subject_en.NOT_NAMES:
        return sentence
    own = (m.group("own") or m.group("own2")).capitalize()
    return f"{own} {(m.group('rel') or m.group('rel2')).lower()} {m.group('name')} {m.group('rest')}"
