"""A number is a value of its attribute: how many children, pets or team members one has.

"I have 2 kids" then "I have 3 kids now" (我有两个孩子 → 我现在有三个孩子) is one count that changed,
not two family members: a count's statement names what is counted ("has 3 kids", 有3个孩子), and a
count of the same thing holds one value at a time under its many-valued key (``label``, read by
``extract.statements.slot_label``), so the new one supersedes the old with its history, in either
language (kids, children, 孩子 are one thing counted: ``kin.subject``). Number words are digits in
the value ("two cats" and "2 cats" are one value). One of a thing ("a daughter", 一个女儿) is a member,
not a count. A count of people is the size of the group it is said of ("My team is 5 people" →
``user.team_size``; 我们团队有5个人 → ``user.团队人数``), never the group's name. "Now we are 7" (我们现在7个人了)
names no group: it is ``GROUP_SIZE``, which the fact engine files under the one group whose size the speaker
gave before (``facts.engine.FactEngine.sized_group``), so it supersedes "My team is 5 people".
"""

from __future__ import annotations

import re

from memstrata.extract import kin
from memstrata.text.regex import lazy_regex

#: The key of a size said of "we" alone ("now we are 7"), until the fact engine finds the group.
GROUP_SIZE = "user.group_size"
_EN_NUMBERS = {w: str(n) for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen".split())}
_ZH_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
#: A count of people ("5 people", "seven members", 5个人, 七名成员): the size of a group.
PEOPLE_EN = lazy_regex(r"^(?P<n>\d+|[a-z]+)\s+(?:people|persons|members|folks|engineers|developers|devs|employees|"
                       r"staff|of us)$", re.IGNORECASE)
PEOPLE_ZH = lazy_regex(r"^(?P<n>[\d零一二两三四五六七八九十百]+)(?:个|名|位)?(?:人|成员|同事|员工)$")


def number(word: str) -> str | None:
    """``word`` as digits: "3", "three", 三, 两, 十二 → "3", "3", "3", "2", "12"; ``None`` if no number."""
    low = word.strip().lower()
    if low.isdigit():
        return str(int(low))
    if low in _EN_NUMBERS:
        return _EN_NUMBERS[low]
    if not low or any(c not in _ZH_DIGITS and c not in "十百" for c in low):
        return None
    total, digit = 0, 0
    for c in low:
        if c in "十百":
            total += (digit or 1) * (10 if c == "十" else 100)
            digit = 0
        else:
            digit = _ZH_DIGITS[c]
    return str(total + digit)


def counted(noun: str) -> str:
    """What a count counts, one word across languages: "kids", "children", 孩子 → ``kid``; "cats", 猫 → ``cat``."""
    word = kin.subject(noun.split()[-1] if noun.split() else noun)
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


#: The statements a count writes (``statement_en`` / ``statement_zh``), read back by ``label``.
_STATEMENT = lazy_regex(r"^has (?P<n>\d+) (?P<en>.+)$|^有(?P<m>\d+)(?:个|只|条|位|名)?(?P<zh>.+)$")


def statement_en(n: str, what: str) -> str:
    """"has 3 kids": the statement of a count."""
    return f"has {n} {what}"


def statement_zh(n: str, what: str) -> str:
    """有3个孩子: the statement of a count (the measure word kept)."""
    return f"有{n}{what}"


def label(statement: str) -> str | None:
    """``#<thing counted>`` for a count's statement ("has 3 kids", 有3个孩子 → ``#kid``), else ``None``."""
    m = _STATEMENT.match(statement)
    if m is None:
        return None
    return "#" + counted(re.sub(r"^(?:个|只|条|位|名)", "", m.group("en") or m.group("zh")))


def group_size(attribute: str, value: str, lang: str) -> tuple[str, str] | None:
    """``(attribute, value)`` of a group's size when ``value`` counts people ("team", "5 people" →
    ``("team size", "5 people")``; 团队, 五个人 → ``("团队人数", "5个人")``), else ``None``."""
    m = (PEOPLE_ZH if lang == "zh" else PEOPLE_EN).match(value.strip())
    n = number(m.group("n")) if m else None
    if m is None or n is None:
        return None
    shown = value.strip()[m.end("n"):]
    return (f"{attribute}人数", f"{n}{shown}") if lang == "zh" else (f"{attribute} size", f"{n}{shown}")
