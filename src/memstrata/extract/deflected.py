"""A statement denied of the user and said of someone else in the same sentence.

"I'm not allergic to peanuts, it's Max who is", "I don't work at Google, my wife does", 我不是对芒果过敏，
是我老婆, 不是我吃素，是我女儿: the first clause withdraws what it negates of the user (read as said), and the
second says it of the person it names. That person's statement is made whole ("Max is allergic to peanuts",
我老婆对芒果过敏) and read as any sentence about someone else is (``subject_en.someone_else``,
``subject_zh.someone_else``): only what reads under that person is kept. The clause after the comma names a
person, never a value: read alone it stored health.allergy = "Max who is" as the user's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from memstrata.extract.asides import without_opening
from memstrata.extract.clauses import Finding
from memstrata.extract.habits import third_person_verb
from memstrata.extract.subject_en import PLURAL_RELATIONS
from memstrata.text.regex import lazy_regex

Reader = Callable[[str, datetime], list[tuple[Finding, str]]]

_IC = re.IGNORECASE
#: Who the second clause names: "Max", "my son", "my son Max", "our neighbour Tom".
_WHO_EN = r"(?P<who>(?:(?:my|our)\s+[a-z-]+(?:\s+[A-Z][a-z]+)?|[A-Z][a-z]+))"
#: "I'm not X" / "I don't V ...": the user's negated statement.
_NEGATED_EN = (r"^(?P<neg>i(?:'m|\s+am)\s+(?:really\s+|actually\s+)?not\s+(?P<be>.+?)"
               r"|i\s+(?:don't|do\s+not)\s+(?:really\s+|actually\s+)?(?P<verb>[a-z]+)(?P<rest>\s+.+?)?)")
#: "..., it's Max who is", "..., it's my wife who does", "..., my son is", "..., my parents do"; "but" alone joins them
#: as a comma does ("I'm not allergic to cats but my wife is").
_DEFLECTED_EN = lazy_regex(
    rf"{_NEGATED_EN}(?:\s*[,;—–-]+\s*(?:but\s+|rather\s+)?|\s+but\s+)(?:(?:it's|it\s+is|that's|that\s+is)\s+(?:actually\s+)?"
    rf"{_WHO_EN}\s+who(?:'s|\s+(?P<aux>is|are|does|do|has|have))?|{_WHO_EN.replace('who>', 'who2>')}"
    r"\s+(?P<aux2>is|are|does|do|has|have))(?:\s+(?:instead|actually))?\s*[.!]*$", _IC)
#: Relations said in the plural (``subject_en.PLURAL_RELATIONS``, and "folks"): the verb they take is the plain one
#: ("My parents live in Leeds").
_PLURAL = lazy_regex(rf"\b(?:{PLURAL_RELATIONS}|folks)$", _IC)

#: 我不是对芒果过敏，是我老婆 / 我不吃素，是我女儿 / 不是我吃素，是我女儿 / 我没有养狗，是我姐姐: the user's negated
#: statement, then 是 and the person it holds of (who may say it again: 是我老婆对芒果过敏).
_DEFLECTED_ZH = lazy_regex(r"^(?:我(?:并|其实)?(?P<no>不是|没有|不|没)|不是我)(?P<neg>[^，,；;]+?)[，,；;]\s*"
                           r"(?:而|其实|只|反而)?是(?P<who>[^，,；;。！!]+?)(?:才是|才对)?(?:的|啦|呀|哦)?[。！!.]*$")


#: 我对花生不过敏，是我女儿过敏 / 我对花生不过敏，是我女儿: the negation inside the predicate (对 X 不 V), then the
#: person, who may say the verb again. Read as 我不是对花生过敏，是我女儿 (before: the allergen 我女儿, the user's).
_DEFLECTED_INNER_ZH = lazy_regex(r"^我(?P<pre>对[^，,；;不没]+?)(?P<no>不|没)(?P<verb>[^，,；;]+?)[，,；;]\s*"
                                 r"(?:而|其实|只|反而)?是(?P<who>[^，,；;。！!]+?)(?:才是|才对)?(?:的|啦|呀|哦)?[。！!.]*$")


def read(sentence: str, said_at: datetime, find: Reader) -> list[tuple[Finding, str]] | None:
    """The findings of ``sentence`` read as a statement denied of the user and said of someone else (``find``
    reads a plain sentence: the extractor's own reader): the negated clause as said, then the person's
    statement, kept only under that person. ``None`` when ``sentence`` has no such shape, or a Chinese one whose 是
    names no one a fact is kept of (是上海 corrects a value); ``[]`` when an English one (its "who" names a person)
    reads nothing: the person's clause is never read as a value of its own."""
    # 其实我对芒果不过敏，是我女儿过敏, "Actually I'm not allergic to mango, my daughter is": a marker opening the
    # sentence says how it is held, not who; read whole, the person was stored as the user's allergen
    text = without_opening(without_opening(sentence.strip(), "en"), "zh")
    if (m := _DEFLECTED_EN.match(text)) is not None:
        own = find(m.group("neg"), said_at)
        return own + _others(_said_of_en(m), said_at, find)
    if (inner := _DEFLECTED_INNER_ZH.match(text)) is not None:
        verb, who = inner.group("verb"), inner.group("who")
        who = who[: -len(verb)] if who.endswith(verb) and len(who) > len(verb) else who
        text = f"我不是{inner.group('pre')}{verb}，是{who}"
    if (z := _DEFLECTED_ZH.match(text)) is not None:
        negated = text[: z.start("neg")] + z.group("neg") if text.startswith("我") else f"我不{z.group('neg')}"
        own = find(negated, said_at)
        who, neg = z.group("who"), z.group("neg")
        said = [who] if len(who) > 4 else []  # 是我老婆对芒果过敏: the statement said again in full
        said += [f"{who}{neg}", f"{who}是{neg}"] if z.group("no") in (None, "不是") else [f"{who}{neg}"]
        theirs = next((r for s in said if (r := _others([s], said_at, find))), [])
        return own + theirs if theirs else None  # 我不是住在北京，是上海: a value corrected (extract.corrected)
    return None


def _said_of_en(m: re.Match[str]) -> list[str]:
    """The person's statement made whole: "Max is allergic to peanuts", "my wife works at Google"."""
    who = m.group("who") or m.group("who2")
    plural = bool(_PLURAL.search(who)) or (m.group("aux") or m.group("aux2") or "").lower() in ("are", "do", "have")
    if m.group("be") is not None:
        return [f"{_capital(who)} {'are' if plural else 'is'} {m.group('be')}"]
    verb = m.group("verb").lower()
    return [f"{_capital(who)} {verb if plural else third_person_verb(verb)}{m.group('rest') or ''}"]


def _capital(who: str) -> str:
    return who[:1].upper() + who[1:]


def _others(said: list[str], said_at: datetime, find: Reader) -> list[tuple[Finding, str]]:
    """What ``said`` (sentences about someone else) reads under a person other than the user; ``[]`` when any
    finding would be the user's own (a person no rule keeps facts of: "my friend")."""
    found = [pair for s in said for pair in find(s, said_at)]
    return found if found and all(f.subject and not f.retract for f, _ in found) else []
