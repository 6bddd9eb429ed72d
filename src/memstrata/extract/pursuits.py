"""What one has been doing lately: "Lately I've been networking", 我最近在看一些军事类的书籍.

A pursuit said in the progressive with a time word of the recent past (lately, recently, these days, 最近,
这段时间) is a standing fact about the user for a while (``activity.current``), as what one is learning is
(``shapes_en._learning``). A feeling, a thought or a struggle ("Lately I've been feeling tired", 我最近在想…,
"I've been trying to …") is no pursuit, and a progressive without such a time word ("I've been running
late", 我在吃饭) is the moment, not a pursuit. Read only when no topic rule read the sentence.
"""

from __future__ import annotations

import re

from memstrata.extract.clauses import CONF_PREFER, Finding, clean_value
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
_RECENT_EN = r"(?:recently|lately|these days|nowadays|this (?:year|month|summer|winter|spring|fall|autumn))"
_PURSUIT_EN = lazy_regex(
    rf"^(?:(?P<t1>{_RECENT_EN})\s*,?\s+)?(?:i|we)(?:'ve|\s+have)\s+(?:also\s+|really\s+|still\s+|just\s+)*been\s+"
    rf"(?:(?P<t2>{_RECENT_EN})\s+)?(?:also\s+|really\s+)*(?P<v>[a-z]+ing\b.*?)(?:\s+(?P<t3>{_RECENT_EN}))?$", _IC)
#: Progressives that say a feeling, a thought, an effort or a plight, not a pursuit.
_NOT_A_PURSUIT_EN = lazy_regex(
    r"^(?:feeling|thinking|wondering|hoping|wishing|worrying|struggling|trying|going through|dealing|having|getting|"
    r"doing|being|meaning|waiting|planning|looking forward|missing|craving|dreaming|considering|sleeping|"
    r"working(?:\s+(?:on\s+(?:it|that|this)|hard|late|a lot))?$|busy|living|staying|using|eating|drinking|"
    r"learning|studying|practi[cs]ing|saying|telling|asking|talking|following|reading up)\b", _IC)
#: A clause of its own after the pursuit: "networking and it's gotten me some good stuff".
_CLAUSE_AFTER_EN = lazy_regex(r"\s+(?:and|but|because|so|which|since)\s+(?:it|it's|i|i'm|that|this|he|she|they|"
                              r"we|my)\b|\s+(?:for|with|because)\s+.*$", _IC)

_PURSUIT_ZH = lazy_regex(
    r"^(?:(?P<t1>最近|这段时间|这阵子|近来|这些天)我?|我(?P<t2>最近|这段时间|这阵子|近来|这些天))"
    r"(?:也|还|一直|都)*(?:正在|在)(?P<v>[^，。！？]{2,16}?)(?:呢|啦)?$")
#: What follows 在 and is no pursuit: a feeling, a thought, a wait, a place (在家, 在公司), a search.
_NOT_A_PURSUIT_ZH = lazy_regex(r"^(?:想|考虑|担心|烦|忙|等|找|犹豫|纠结|思考|琢磨|学|练|家|公司|外地|国外|上班|工作|"
                               r"准备|计划|打算|努力|坚持|尝试|适应|调整|休息|生病|养病|吃药|发烧|咳嗽|失眠|熬夜)")


def pursuit_en(clause: str) -> list[Finding]:
    """"Lately I've been networking", "I've been hiking a lot recently": what the user has been doing lately."""
    m = _PURSUIT_EN.match(clause.strip().rstrip(".!"))
    if m is None or not (m.group("t1") or m.group("t2") or m.group("t3")):
        return []
    raw = _CLAUSE_AFTER_EN.split(m.group("v"), maxsplit=1)[0]
    raw = re.sub(r"\s+(?:a lot|a bunch|so much|more|again|too)$", "", raw, flags=_IC)
    value = clean_value(raw, "en")
    if not value or _NOT_A_PURSUIT_EN.match(value) or len(value.split()) > 6:
        return []
    return [Finding("activity.current", value, CONF_PREFER, clause, statement=f"has been {value} lately")]


def pursuit_zh(clause: str) -> list[Finding]:
    """我最近在看一些军事类的书籍, 这段时间我一直在跑步: what the user has been doing lately."""
    m = _PURSUIT_ZH.match(clause)
    if m is None:
        return []
    value = clean_value(m.group("v"), "zh")
    if not value or _NOT_A_PURSUIT_ZH.match(value) or "你" in value or value.endswith(("吗", "呢")):
        return []
    return [Finding("activity.current", value, CONF_PREFER, clause, statement=f"最近在{value}")]
