"""What the speaker is afraid of: "I'm scared of flying", "I'm terrified of spiders", "I have a fear of heights",
"Heights freak me out", "Big dogs scare me", 我怕坐飞机, 我很怕蛇, 我有恐高症 (``fear``, many at once).

A fear is a standing trait an assistant acts on (an itinerary without a flight, no spider photos), said in one of
two shapes: the speaker afraid *of* a thing ("I'm (really) scared / afraid / terrified / frightened / petrified of
X", "I have a (real) fear / phobia of X"), or the thing that frightens the speaker as the subject, in the present
("X scare(s) / terrify / freak(s) me (out)"). Not read: a worry about one moment ("I'm scared of missing the
flight", "I'm afraid of the exam tomorrow": an action on a named thing, or a time word), a polite "I'm afraid I
can't" (no "of"), a past ("I was scared of dogs as a kid", "that movie scared me"), a pronoun or a determiner for the
frightening thing ("it freaks me out", "this scares me": no thing named), and a negation ("I'm not scared of
spiders"). A fear said as ended ("I'm no longer afraid of flying") is withdrawn by the shape of an ended state
(``extract.cessation.ended_en``), someone else's ("My son is scared of the dark") is kept under that person
(``extract.subject_en``).
"""

from __future__ import annotations

import re

from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE

#: The key of a fear (``taxonomy.KEYS``).
KEY = "fear"

_DEGREE = r"(?:(?:so|really|very|super|pretty|quite|kinda|kind of|a bit|a little|deathly|absolutely|totally|" \
          r"genuinely|" \
          r"honestly|actually|always been|been)\s+)*"
#: "I'm (really) scared of X", "I have a fear of X", "I've always been afraid of X".
_AFRAID_OF = lazy_regex(
    rf"^(?:i'm|i am|i've\s+always\s+been|i\s+have\s+always\s+been)\s+{_DEGREE}(?:scared|afraid|terrified|frightened|"
    rf"petrified|fearful)\s+of\s+(?P<v>.+)$"
    rf"|^i\s+(?:have|'ve\s+got|have\s+got)\s+(?:a|an)\s+(?:(?:real|big|huge|serious|irrational|major|bit of a)\s+)*"
    rf"(?:fear|phobia)\s+of\s+(?P<w>.+)$", _IC)
#: "Heights freak me out", "Big dogs scare me", "Flying terrifies me": the frightening thing first, in the present.
_FRIGHTENS = lazy_regex(
    r"^(?P<v>[a-z][\w' -]*?)\s+(?:(?:really|totally|always|honestly|kinda|seriously)\s+)*"
    r"(?:scares?|terrif(?:y|ies)|frightens?|freaks?)\s+me(?:\s+out)?(?:\s+(?:so much|a lot|completely))?$", _IC)
#: What names no thing feared: a pronoun or a determiner ("it freaks me out", "this scares me", "my boss scares me":
#: a person, read as no fear), a wh-word, a conjunction.
_NOT_A_THING = lazy_regex(
    r"^(?:it|that|this|these|those|they|he|she|you|we|everything|something|anything|nothing|what|which|who|how|"
    r"my|your|his|her|our|their|the|a|an|some|and|but|so|because|when|if)\b", _IC)
#: One capitalised word that is no plural or doing ("Tom scares me"): a person, no thing feared.
_NAME = lazy_regex(r"^(?-i:[A-Z])\w*(?<!s)(?<!ing)$")
#: An action on a named thing ("missing the flight", "losing my job"): a worry about one outcome, no standing fear.
_WORRY = lazy_regex(r"^\w+ing\s+(?:\w+\s+)*?(?:the|my|our|your|his|her|their|a|an|this|that|it|him|them|me)\b", _IC)
#: A time that makes it one moment ("the exam tomorrow", "right now").
_MOMENT = lazy_regex(r"\b(?:today|tonight|tomorrow|now|this (?:week|weekend|morning|evening|time)|next\s+\w+|"
                     r"at the moment|anymore|any more|lately)\b", _IC)
_TRAILING = lazy_regex(r"(?:\s*,?\s+(?:lol|haha\w*|honestly|tbh|though|too|as well|to be honest|like crazy|"
                       r"so much|a lot|tbf))+$|[\s.!,]+$", _IC)


def _thing(raw: str) -> str | None:
    """The feared thing of ``raw``, its closing fillers cut, or ``None`` when it names no standing fear."""
    value = _TRAILING.sub("", raw.strip())
    if not value or _WORRY.match(value) or _MOMENT.search(value) or len(value.split()) > 4:
        return None
    if re.search(r"\b(?:that|if|what|how|when|because|and i|i)\b", value, _IC):
        return None  # "afraid of what might happen", "scared of how it went": a clause, no thing
    return value


def find_en(clause: str, ctx: object) -> list[Finding]:
    """The fear one English clause states (see the module doc), else ``[]``.

    >>> [(f.key, f.value) for f in find_en("I'm terrified of spiders", None)]
    [('fear', 'spiders')]
    >>> [f.value for f in find_en("heights freak me out", None)], find_en("it freaks me out", None)
    (['heights'], [])
    >>> find_en("I'm scared of missing the flight", None), find_en("I'm afraid I can't come", None)
    ([], [])
    """
    clause = clause.strip().rstrip(".!")
    m = _AFRAID_OF.match(clause)
    if m is not None:
        value = _thing(m.group("v") or m.group("w"))
    elif (m := _FRIGHTENS.match(clause)) is not None and not _NOT_A_THING.match(m.group("v")) \
            and not _NAME.match(m.group("v")):
        value = _thing(m.group("v"))  # "Heights freak me out": the sentence's capital is no part of the thing
        value = value[0].lower() + value[1:] if value and value[1:2].islower() else value
    else:
        return []
    if value is None:
        return []
    return [Finding(KEY, value, CONF_STATED, clause, statement=f"is afraid of {value}")]


# --- Chinese: 我怕坐飞机, 我很怕蛇, 我有恐高症, 我恐高, 我对深水有恐惧感 ------------------------------------------

_DEGREE_ZH = r"(?:很|特别|非常|超级|超|有点儿?|有些|比较|最|挺|真的|一直|从小就?|从小到大都?|也|还|都|天生)*"
#: 我很怕蛇, 我害怕坐飞机, 我特别恐惧打针: the thing feared after the verb.
_FEARS_ZH = lazy_regex(rf"^我{_DEGREE_ZH}(?:怕|害怕|惧怕|恐惧|畏惧)(?P<v>[\u4e00-\u9fffA-Za-z]{{1,6}}?)(?:的)?$")
#: 我有恐高症, 我有点幽闭恐惧症, 我恐高: a phobia by its name.
_PHOBIA_ZH = lazy_regex(rf"^我{_DEGREE_ZH}(?:有|是)?(?:严重的|轻微的|一点|点)?"
                     r"(?P<v>[\u4e00-\u9fff]{0,4}(?:恐惧症|恐症)|恐高症?|晕血|恐水症?|密集恐惧症?)$")
#: 我对深水有恐惧感, 我对蛇很恐惧: the thing feared after 对.
_TOWARDS_ZH = lazy_regex(rf"^我{_DEGREE_ZH}对(?P<v>[\u4e00-\u9fffA-Za-z]{{1,6}}?){_DEGREE_ZH}(?:有|有点|有些)?"
                      r"(?:恐惧感?|恐惧心理|心理阴影)$")
#: 我现在不怕坐飞机了, 我已经不怕狗了, 我不再怕蛇: a fear said as ended (不再, or 了 of a change: a clause comes without
#: its closing 了, so the sentence is asked); a bare 我不怕蛇 denies with no change.
_ENDED_ZH = lazy_regex(r"^我(?:现在|已经|早就|终于|也)*(?P<no>不再|不|没那么)(?:害怕|怕)"
                    r"(?P<v>[\u4e00-\u9fffA-Za-z]{1,6}?)了?$")
_CHANGE_ZH = lazy_regex(r"了[。！!~～]*$")
#: What follows 怕 when it is a worry about what may happen, or the body's discomfort, not a thing feared.
_NOT_FEARED_ZH = lazy_regex(r"^(?:你|他|她|它|我|人家|别人|大家|会|要|被|把|给|让|不|没|来不及|麻烦|打扰|忘|错|失|丢|"
                         r"冷|热|痒|辣|晒|累|胖|吵|疼|痛|死|万一|自己|什么|这|那|得|是|有|一|太|的话|到时)"
                         r"|[了吗呢吧啊]$|的话")
#: A moment, not a lasting fear: 我今天有点怕, 我刚才好害怕.
_MOMENT_ZH = lazy_regex(r"今天|刚才|刚刚|现在有点|这次|那次|当时|昨天|晚上一个人")


def find_zh(clause: str, ctx: object) -> list[Finding]:
    """The fear a Chinese clause says the speaker has (我很怕蛇 → ``蛇``, 我有恐高症 → ``恐高症``), or a fear it says
    ended (我现在不怕坐飞机了: a withdrawal of ``坐飞机``); ``[]`` for any other clause, a worry (我怕来不及) and a
    moment (我今天有点怕)."""
    text = clause.strip().rstrip("。！!~～")
    if _MOMENT_ZH.search(getattr(ctx, "sentence", clause)):
        return []
    if (m := _ENDED_ZH.match(text)) is not None:
        changed = m.group("no") == "不再" or _CHANGE_ZH.search(text) or _CHANGE_ZH.search(getattr(ctx, "sentence", ""))
        if _NOT_FEARED_ZH.search(m.group("v")) or not changed:
            return []
        return [Finding(KEY, m.group("v"), CONF_STATED, clause, retract=True)]
    if (m := _PHOBIA_ZH.match(text)) is not None:
        return [Finding(KEY, m.group("v"), CONF_STATED, clause, statement=f"有{m.group('v')}")]
    m = _FEARS_ZH.match(text) or _TOWARDS_ZH.match(text)
    if m is None or _NOT_FEARED_ZH.search(m.group("v")):
        return []
    return [Finding(KEY, m.group("v"), CONF_STATED, clause, statement=f"害怕{m.group('v')}")]
