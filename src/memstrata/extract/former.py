"""A home or an employer said as ended is kept as a former one.

"I don't live in Berlin anymore", 我不住在北京了, "I no longer work at Google", 我已经不在腾讯工作了, "I used to
live in Berlin": each withdraws the matching current value (``cessation``, ``identity_en``); said with nothing
before it, the withdrawal found nothing to end and the user's words were lost, though an agent asked where the
user works needs to know it is not Google any more. The value is kept as what it was: a former home
("used to live in Berlin") or a former employer ("used to work at Google"), under ``identity.former``, a key
of many values beside the current ones, so a later "I work at Meta" is the current employer and the old
one never reads as current. Only a clause that says the change ("anymore", "no longer", "used to"; 了, 已经,
不再, 以前) keeps one: a plain negation ("I don't live in Berlin", 我不住在北京, "I don't live in Berlin, I live
in Munich") says where the user never lived, not where they used to.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memstrata.extract.clauses import Finding
from memstrata.text.regex import lazy_regex

#: The key a former value is kept under.
FORMER_KEY = "identity.former"
#: The current key, and the statement (English, Chinese) of its former value; ``{v}`` is the value.
FORMER: dict[str, tuple[str, str]] = {
    "identity.location": ("used to live in {v}", "以前住在{v}"),
    "identity.employer": ("used to work at {v}", "以前在{v}工作"),
}
#: Words that say a state held before and holds no more (a plain "don't" says it never did).
_CHANGE_EN = lazy_regex(r"\b(?:anymore|any more|any longer|no longer|used to|not\s+\w+\s+now|quit|left|stopped)\b",
                        re.IGNORECASE)
_CHANGE_ZH = lazy_regex(r"了\s*[。！!]?\s*$|已经|不再|以前|之前|曾经|原来|过去|早就|离职|辞职")
#: Words that point at a place without naming one (我不在家住了: "home"): no former home to keep.
_NO_PLACE = lazy_regex(r"^(?:home|here|there|家|家里|这里|那里|这儿|那儿|这边|那边)$", re.IGNORECASE)
#: Where one clause of a sentence ends: the change must be said in the clause that names the value.
_CLAUSE_BREAK = lazy_regex(r"\s*[,，;；]\s*")


def kept(found: Sequence[tuple[Finding, str]], sentence: str) -> list[tuple[Finding, str]]:
    """The former values ``found``'s withdrawals of a home or an employer keep (``FORMER``), each in its finding's
    language and under its subject; ``[]`` when none withdraws one by a clause that says the change."""
    out: list[tuple[Finding, str]] = []
    for f, lang in found:
        if (place := _gone_to(f, sentence)) is not None:
            out.append((replace(f, key=FORMER_KEY, value=place, retract=False, statement=f"used to go to {place}",
                                period=None), lang))
            continue
        if not f.retract or not f.value or f.key not in FORMER or _NO_PLACE.match(f.value) \
                or not _said_ended(f.value, sentence, lang, f.key):
            continue
        en, zh = FORMER[f.key]
        statement = (zh if lang == "zh" else en).format(v=f.value)
        out.append((replace(f, key=FORMER_KEY, retract=False, statement=statement, period=None), lang))
    return out


#: The words of work in a Chinese clause that says where one worked: 我已经不在腾讯工作了 keeps a former employer,
#: 我已经不在字节了 (no verb of work) withdraws the employer only: the name alone may be no workplace.
_WORK_ZH = lazy_regex(r"工作|上班|任职|干|离职|辞职|实习")
#: The same for English: "I quit my job at Google", "I left the company" keep a former employer, "I quit Google"
#: (the name alone, which may be an app: "I quit Facebook") withdraws the employer only.
_WORK_EN = lazy_regex(r"\b(?:work|worked|working|job|employer|company|firm|position|role|employed)\b", re.IGNORECASE)
_LEFT_EN = lazy_regex(r"\b(?:quit|left)\b", re.IGNORECASE)


#: A named place one went to regularly, as a withdrawn habit reads it (``cessation``: "I don't go to Equinox anymore").
_GONE_TO = lazy_regex(r"^go to (?P<place>(?-i:[A-Z]).*)$")
#: "I'm not going to Equinox anymore" may call a trip off as well (``cancelled``): no place one went to is kept.
_NOT_GOING = lazy_regex(r"\b(?:i'm|i am|we're|we are|i’m|we’re)\s+(?:not|no\s+longer)\s+going\s+to\b", re.IGNORECASE)


def _gone_to(f: Finding, sentence: str) -> str | None:
    """The place a withdrawn habit of going there names, kept as a former place one went to as a former home is ("I
    don't go to Equinox anymore", "I stopped going to Equinox", "I no longer go to CrossFit": "used to go to
    Equinox"), said with a word of change; ``None`` for any other finding, or when the going may be a trip's."""
    m = _GONE_TO.match(f.value) if f.retract and f.key == "preference.habit" else None
    if m is None or _NOT_GOING.search(sentence) or not _CHANGE_EN.search(sentence):
        return None
    return m.group("place")


def _said_ended(value: str, sentence: str, lang: str, key: str = "") -> bool:
    """Whether the clause of ``sentence`` naming ``value`` says the state ended (a Chinese employer's, with a word of
    work in it)."""
    change = _CHANGE_ZH if lang == "zh" else _CHANGE_EN
    clauses = [c for c in _CLAUSE_BREAK.split(sentence) if value.casefold() in c.casefold()]
    if lang == "zh" and key == "identity.employer":
        clauses = [c for c in clauses if _WORK_ZH.search(c)]
    elif key == "identity.employer":  # "I quit Google" (``extract.job_end``) ends an employer, if one: no job named
        clauses = [c for c in clauses if _WORK_EN.search(c) or _CHANGE_EN.search(_LEFT_EN.sub("", c))]
    return any(change.search(c) for c in clauses)
