"""The school year one is in, a standing state: "I'm in first grade", "My son is in first grade this year", "My
daughter is in 3rd grade", "My son just started kindergarten", 我上小学一年级, 我儿子今年上小学一年级, 我女儿读初二.

A grade holds for the school year, as where one lives holds until one moves: it is the open key ``user.grade`` (a
relative's, ``son.grade``, by the relative rewrite: ``subject_en.someone_else``, ``subject_zh``), one value at a time,
never a plan or an event ("My son is in first grade this year" was ``schedule.event = in first grade``). Read ahead of
the topic patterns (``shapes_en.before_topics`` / ``shapes_zh.before_topics``), so the year said with it dates it
(``shapes.dated``) and names no event.
"""

from __future__ import annotations

import re

from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
_ORDINAL_EN = (r"(?:\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
               r"eleventh|twelfth)")
#: "I'm in first grade", "I'm in the 3rd grade", "I'm in kindergarten", "I'm in year 9", "I'm in my junior year".
_GRADE_EN = lazy_regex(
    r"^(?:i'm|i am)\s+(?:now\s+|currently\s+|already\s+)?in\s+"
    rf"(?P<v>(?:the\s+)?{_ORDINAL_EN}\s+grade|grade\s+\d{{1,2}}|kindergarten|pre-?k|preschool|year\s+\d{{1,2}}"
    r"|(?:my\s+)?(?:freshman|sophomore|junior|senior)\s+year(?:\s+of\s+(?:high school|college))?)"
    r"(?:\s+(?:this year|now|at the moment|this fall))?$", _IC)
#: A school year begun is the year one is in: "My son just started kindergarten", "I started 9th grade this fall".
_STARTED_EN = lazy_regex(
    r"^(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:started|began|begun|entered)\s+"
    rf"(?P<v>(?:the\s+)?{_ORDINAL_EN}\s+grade|kindergarten|pre-?k|preschool|year\s+\d{{1,2}})"
    r"(?:\s+(?:this year|this fall|this week|last week|this month|last month|today|now))?$", _IC)
#: 我上小学一年级, 我今年读初二, 我在上高一, 我上幼儿园大班: the school and year after 上 / 读 / 念.
_GRADE_ZH = lazy_regex(
    r"^我(?:今年|现在|目前|已经)*(?:在)?(?:上|读|念)(?P<v>(?:小学|初中|高中|大学)?[一二三四五六]年级|初[一二三]|"
    r"高[一二三]|大[一二三四]|研[一二三]|幼儿园(?:[大中小]班)?)了?$")


def grade(clause: str, lang: str) -> list[Finding]:
    """The school year ``clause`` says the speaker is in (``user.grade``: ``first grade``, 小学一年级), ``[]`` when
    it says none. ``lang`` is ``en`` or ``zh``."""
    text = clause.strip().rstrip(".!。！")
    m = _GRADE_ZH.match(text) if lang == "zh" else (_GRADE_EN.match(text) or _STARTED_EN.match(text))
    if m is None:
        return []
    value = re.sub(r"^(?:the|my)\s+", "", m.group("v"), flags=_IC)
    said = f"上{value}" if lang == "zh" else f"is in {value}"
    return [Finding("user.grade", value, CONF_STATED, clause, statement=said)]
