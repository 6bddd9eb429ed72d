"""The school one goes to: "My kids go to Lincoln Elementary", "I attend Westlake High School", 我儿子在阳光小学上学,
我在北京大学读书.

A school attended now is a standing fact of whoever attends it, one at a time: ``<subject>.school`` (``kids.school``,
``user.school``), the key "My daughter's school is Lincoln Elementary" opens (``extract.shapes.attribute_finding``),
so a later school supersedes it. Only a named school is read: a name whose last word says it is one (Elementary,
High School, Academy, University, 小学, 中学, 大学 …), so "I go to the gym", "My kids go to bed at 8" and 我儿子上学去了
name none; and only the present: "I went to Harvard" is where one studied, no school attended now.
"""

from __future__ import annotations

from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.extract.shapes import open_key
from memstrata.text.regex import lazy_regex

#: A school's name as English writes it: capitalised words ending in a word for a school.
_SCHOOL_EN = (r"(?P<v>(?:[A-Z][\w.'-]*\s+){1,5}(?:Elementary|Primary|Middle|High|Junior High|Senior High)"
              r"(?:\s+School)?|(?:[A-Z][\w.'-]*\s+){1,5}(?:School|Academy|University|College|Institute|Kindergarten|"
              r"Preschool|Montessori)|(?:University|College|Institute)\s+of(?:\s+[A-Z][\w.'-]*){1,4})")
_GOES_EN = lazy_regex(rf"^(?i:i\s+(?:now\s+|currently\s+|still\s+)?(?:go\s+to|attend))\s+(?:the\s+)?{_SCHOOL_EN}$")
#: A Chinese school: a name of two to ten characters ending in the kind of school.
_SCHOOL_ZH = r"([\u4e00-\u9fffA-Za-z0-9]{2,10}?(?:小学|中学|初中|高中|大学|学院|幼儿园|学校))"
#: The year said after the school (我儿子在实验小学读一年级): the school and the year are two facts
#: (``extract.schooling``).
_YEAR_ZH = r"(?P<year>(?:[一二三四五六]年级|初[一二三]|高[一二三]|大[一二三四]|[大中小]班))"
_GOES_ZH = lazy_regex(rf"^我(?:现在|目前|还)?(?:在{_SCHOOL_ZH}(?:上学|读书|念书|上课|读|念|上)(?:{_YEAR_ZH})?"
                      rf"|(?:上|读|念){_SCHOOL_ZH})了?$")


def _finding(value: str, clause: str, said: str) -> list[Finding]:
    return [Finding(open_key("", "school"), value, CONF_STATED, clause, statement=said)]


def find_en(clause: str) -> list[Finding]:
    """The school an English clause says one goes to now ("I go to Lincoln Elementary" → ``user.school``)."""
    m = _GOES_EN.match(clause.strip().rstrip(".!"))
    return _finding(m.group("v"), clause, f"goes to {m.group('v')}") if m else []


def find_zh(clause: str) -> list[Finding]:
    """The school a Chinese clause says one goes to now (我在阳光小学上学 → ``user.school = 阳光小学``)."""
    m = _GOES_ZH.match(clause.strip().rstrip("。！"))
    if m is None:
        return []
    value = m.group(1) or m.group(2)
    if m.group("year"):  # the year in that school: 实验小学 and 一年级, as 我上小学一年级 says the year
        year = m.group("year")
        year = f"幼儿园{year}" if year.endswith("班") else year
        return [*_finding(value, clause, f"在{value}上学"),
                Finding("user.grade", year, CONF_STATED, clause, statement=f"上{year}")]
    return _finding(value, clause, f"在{value}上学")
