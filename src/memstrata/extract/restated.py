"""A value said again alone after a correction: the new value of what the message said last.

"My favorite city is Kyoto, no wait, Osaka", 我最喜欢的城市是京都，不对，是大阪, "My favorite restaurant is Nopa.
Oh wait, they closed. Now it's Zuni Cafe.": the clause after the correction names the value only, so no topic
pattern reads it, and the earlier value stayed the only one stored. Such a clause is the last statement of the
message with its value replaced, a correction of it (``Finding.corrects``): the store supersedes the earlier value
as it does a correction said in a later message (``facts.engine``).

It is read only where a correction is said: the clause itself opens with a correction marker ("no wait", 不对), or
the sentence before it did and stated nothing ("Oh wait, they closed."). The value must be a name (English: words
each capitalised or a number; Chinese: a short noun after 是), so "Actually no, it's fine" or 不对，是这样的 say
nothing; and what it corrects must be a short named value, never an event, a habit or a plan.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from memstrata.extract.cancelled import PLAN_KEYS
from memstrata.extract.clauses import Finding, clause_period
from memstrata.extract.timex import time_span
from memstrata.text.regex import lazy_regex

#: Words that open a correction of what was just said (an English one with or without a comma after it).
_MARKER_EN = r"(?:actually|no\s*,?\s*wait|wait\s*,?\s*no|oh\s*,?\s*wait|wait|sorry|scratch\s+that|correction|" \
             r"i\s+mean[t]?|nope|no)"
_MARKER_ZH = r"(?:不对|不是不是|说错了|我说错了|更正一下|纠正一下|等等|哦不|不不)"
#: A sentence that opens with a correction marker ("Oh wait, they closed.", 不对).
_OPENS_EN = lazy_regex(rf"(?i)^\s*(?:oh\s*,?\s*|hmm+\s*,?\s*|um+\s*,?\s*)?{_MARKER_EN}\b")
_OPENS_ZH = lazy_regex(rf"^\s*(?:哦|噢|嗯|啊)?[，,\s]*{_MARKER_ZH}")
#: The value alone, after the markers and the time it holds from: "it's Zuni Cafe", "Osaka", "make that Delta".
_VALUE_EN = lazy_regex(
    rf"(?i)^\s*(?:(?:oh|hmm+|um+|actually|{_MARKER_EN}|now|these days)\b[\s,]*)*"
    r"(?:(?:it'?s|it\s+is|that'?s|make\s+(?:it|that)|i\s+mean[t]?)\s+)?(?:now\s+)?"
    r"(?P<v>(?-i:[A-Z0-9][\w'&.-]*)(?:\s+(?:(?-i:[A-Z0-9][\w'&.-]*)|of|de|la|the|and|&))*?)"
    r"(?:[\s,]+(?:now|instead|then|actually))*[\s.!]*$")
_VALUE_ZH = lazy_regex(rf"^\s*(?:(?:哦|噢|嗯|其实|{_MARKER_ZH})[，,\s]*)*(?:现在|其实)?(?:应该)?"
                       r"是(?P<v>[^，,。！？!?\s我你他她它的了吗呢吧]{1,12})(?:才对|吧|啦|了)?[。！!.\s]*$")
#: Keys whose value is a clause of its own, never a name a bare value could stand for.
_PROSE_KEYS = frozenset({"event", "preference.habit", "plan.intent", "travel.plan", "schedule.event",
                         "activity.current", "user.corrects"})
#: Words that read as a capitalised English value but are none ("Actually no, I think ...", "No, Thanks").
_NOT_NAMES = frozenset({"i", "i'm", "i've", "i'll", "i'd", "ok", "okay", "thanks", "thank", "yes", "no", "sorry",
                        "never", "nevermind", "not", "the", "that", "this", "it", "we", "my"})


#: A correction said outright, never a hedge ("Sorry, ...", "Actually, I also ..."): what follows it takes the place of
#: the value said before under a key of many values too ("I'm allergic to peanuts. Oh wait, I'm allergic to pecans.").
_RETRACTS_EN = lazy_regex(r"(?i)^\s*(?:oh\s*,?\s*)?(?:actually\s*,?\s*no|no\s*,?\s*wait|wait\s*,?\s*no|"
                          r"oh\s*,?\s*wait|scratch\s+that|correction)\b(?!.*\b(?:also|too|as\s+well)\b)")
_RETRACTS_ZH = lazy_regex(r"^\s*(?:哦|噢|嗯|啊)?[，,\s]*"
                          r"(?:不对|说错了|我说错了|更正一下|纠正一下|不是不是|哦不)(?!.*[也还])")


#: A message that opens by taking back what the user said before ("Sorry, I misspoke, my son is called Theo", 不好意思
#: 说错了，我儿子叫张晓明): a relative or pet it names again takes the place of the one of that kind held (the fact
#: engine finds which: ``facts.kinds.same_kin``), as "X, not Y" does.
_MISSPOKE_EN = lazy_regex(r"(?i)^\s*(?:(?:oh|sorry|apologies)\s*[,!.]?\s*)*"
                          r"(?:oops|my\s+bad|i\s+misspoke|i\s+made\s+a\s+mistake|i\s+got\s+(?:that|it)\s+wrong|correction|"
                          r"i\s+meant\s+to\s+say|sorry\s*,?\s*i\s+meant)\b(?!.*\b(?:also|too|as\s+well)\b)")
_MISSPOKE_ZH = lazy_regex(r"^\s*(?:不好意思|抱歉|对不起|哎呀|啊)?[，,\s]*(?:我)?(?:说错了|口误|打错了|写错了)"
                          r"(?!.*[也还])")
#: Keys of a relative or a pet named: a message put right names one again.
_NAMED_KEYS = ("family.member", "pet")


def misspoke(sentence: str) -> bool:
    """Whether ``sentence`` opens by taking back what the user said before (``_MISSPOKE_EN``, ``_MISSPOKE_ZH``:
    "Sorry, I misspoke", 不好意思说错了)."""
    return bool(_MISSPOKE_EN.match(sentence) or _MISSPOKE_ZH.match(sentence))


def corrects(found: list[Finding], sentence: str, last: Finding | None, *, corrected: bool) -> list[Finding]:
    """``found`` with each finding of ``last``'s key and subject marked a correction (``Finding.corrects``) when
    ``sentence`` opens with a correction said outright, or ``corrected`` (the sentence before did and stated nothing);
    with nothing said before in the message (``last`` is ``None``), a relative or pet named after a correction of
    what an earlier message said (``_MISSPOKE_EN``, ``_MISSPOKE_ZH``); ``found`` itself otherwise."""
    if last is None:
        if corrected or misspoke(sentence):
            return [replace(f, corrects=True) if f.key in _NAMED_KEYS and not f.retract and not f.subject else f
                    for f in found]
        return found
    if not (corrected or _RETRACTS_EN.match(sentence) or _RETRACTS_ZH.match(sentence)):
        return found
    return [replace(f, corrects=True) if (f.key, f.subject) == (last.key, last.subject) and not f.retract else f
            for f in found]


#: A correction that takes back what was just said and states nothing of its own: "no wait, that's wrong", "scratch
#: that", 说错了 (不对 alone may open an explanation: 不对，是这样的). After it the statement before holds no value
#: ("I'm no longer allergic to peanuts. No wait, that's wrong, I AM still allergic": the withdrawal stood, the
#: reaffirmation read nothing).
_TAKES_BACK_EN = lazy_regex(
    r"(?i)^\s*(?:oh\b[\s,]*)?(?:no\s*,?\s*wait|wait\s*,?\s*no)\b"
    r"|^\s*(?:(?:oh|hmm+|um+|no|nope|wait|sorry|actually)\b[\s,.!]*)*"
    r"(?:(?:(?:that'?s|that\s+is)\s+(?:wrong|not\s+right|not\s+true|incorrect)|i\s+was\s+(?:wrong|mistaken)|"
    r"i\s+misspoke|scratch\s+that|ignore\s+that|forget\s+(?:that|what\s+i\s+(?:just\s+)?said))(?=[\s,.!;]*(?:$|,)|\s*[.!;,]))")
_TAKES_BACK_ZH = lazy_regex(r"^\s*(?:哦|噢|嗯|啊)?[，,\s]*(?:不对[，,\s]*)?"
                            r"(?:说错了|我说错了|搞错了|我搞错了|写错了|打错了)")


def takes_back(sentence: str) -> bool:
    """Whether ``sentence`` opens by taking back what was just said ("No wait, that's wrong", "Scratch that", 说错了,
    不对，搞错了), so that a statement before it in the message holds no value unless this sentence names one itself."""
    return bool(_TAKES_BACK_EN.match(sentence) or _TAKES_BACK_ZH.match(sentence))


def opens_correction(sentence: str) -> bool:
    """Whether ``sentence`` opens with a correction of what was just said ("Oh wait, ...", "No wait", 不对, 说错了)."""
    return bool(_OPENS_EN.match(sentence) or _OPENS_ZH.match(sentence))


def bare_value(sentence: str) -> str | None:
    """The name ``sentence`` says alone ("Actually no, it's Osaka" -> ``Osaka``, 是大阪 -> 大阪), else ``None``."""
    m = _VALUE_EN.match(sentence) or _VALUE_ZH.match(sentence)
    if m is None:
        return None
    value = m.group("v").strip().rstrip(".")
    first = value.split()[0].casefold() if value.split() else ""
    return None if not value or first in _NOT_NAMES or len(value) > 40 else value


def again(sentence: str, last: Finding | None, *, corrected: bool) -> Finding | None:
    """``last`` (what the message stated last) with the value ``sentence`` names alone in its place, as a correction;
    ``None`` unless a correction is said (``corrected``: the sentence before opened with one; or ``sentence`` opens
    with one itself), ``sentence`` is a bare name, and ``last`` is a short named value of the speaker's or another's
    that this name differs from."""
    if last is None or last.retract or last.key in _PROSE_KEYS or len(last.value) > 40:
        return None
    if not (corrected or opens_correction(sentence)) or (value := bare_value(sentence)) is None:
        return None
    if value.casefold() == last.value.casefold():
        return None
    return replace(last, value=value, clause=sentence, corrects=True, statement="", instead_of="", period=None)


#: A time said alone after a correction ("…, no wait, the 14th", "actually no, it's the 11th", 不对，是18号): the
#: markers, the time, and at most the time it is not ("the 14th, not the 12th", 是18号，不是15号).
_TIME_EN = lazy_regex(
    rf"(?i)^\s*(?:(?:oh|hmm+|um+|{_MARKER_EN})\b[\s,]*)*"
    r"(?:(?:it'?s|it\s+is|that'?s|make\s+(?:it|that)|i\s+mean[t]?)\s+)?(?:on\s+|at\s+)?"
    r"(?P<v>[\w' :.-]+?)(?:\s*,?\s*not\s+[\w' :.-]+?)?[\s.!]*$")
_TIME_ZH = lazy_regex(rf"^\s*(?:(?:哦|噢|嗯|其实|{_MARKER_ZH})[，,\s]*)*(?:应该)?是?在?"
                      r"(?P<v>[^，,。！？!?\s]{1,12}?)(?:才对|吧)?(?:[，,]\s*不是[^，,。！？!?]{1,8})?[。！!.\s]*$")


def time_alone(sentence: str) -> str | None:
    """The time ``sentence`` says alone after its correction markers ("no wait, the 14th" → ``the 14th``, 不对，是18号
    → ``18号``), else ``None``: the words left must be a time as a whole (``timex.time_span``)."""
    m = (_TIME_ZH if re.search(r"[\u4e00-\u9fff]", sentence) else _TIME_EN).match(sentence)
    if m is None:
        return None
    value = m.group("v").strip()
    span = time_span(value)
    return value if span is not None and span == (0, len(value)) else None


def again_dated(sentence: str, last: Finding | None, *, corrected: bool, said_at: datetime) -> Finding | None:
    """``last``, a plan at a time, put right to the time ``sentence`` says alone after a correction ("I have a dentist
    appointment on the 12th, no wait, the 14th", 我的牙医预约在15号，不对，是18号): the same plan at the new time, in
    the place of the plan of its value (``Finding.instead_of``), its time resolved from ``said_at`` as a plan's is
    (ahead). ``None`` unless a correction is said (``corrected``, or ``sentence`` opens with one), ``last`` is a dated
    plan, and ``sentence`` is a time alone that resolves to another period."""
    if last is None or last.retract or last.key not in PLAN_KEYS or last.period is None:
        return None
    if not (corrected or opens_correction(sentence)) or (when := time_alone(sentence)) is None:
        return None
    period = clause_period(when, when, said_at, future=True)
    if period is None or period == last.period:
        return None
    return replace(last, period=period, clause=sentence, corrects=True, instead_of=last.value, statement="")
