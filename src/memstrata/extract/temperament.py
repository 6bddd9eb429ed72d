"""What kind of person the speaker says they are: "I'm an introvert", "I'd describe myself as outgoing",
我的性格比较内向, 我是个内向的人 (``identity.personality``, one value at a time).

One bilingual list of temperament words gives both languages one value vocabulary: each trait has one
value per language ("introvert" / 内向, as a diet is "vegetarian" / 吃素), and the pair are twins
(``TWINS``, ``extract.twins``), so 我是个内向的人 after "I'm an introvert" restates the trait, while
"I've become more outgoing" or 我现在变得外向了 supersedes either. Only a
trait said of the speaker in a shape that names a lasting trait is read: "I'm a shy person", "my
personality is calm", 我性格很急. A bare "I'm shy" or "I'm calm" may be the moment and is left alone, as are
someone else's trait ("my sister is shy", the shapes start with I / 我) and a moment ("I'm shy today",
我今天有点害羞: a time word in the sentence). Wishes ("I wish I were more outgoing") match no shape.
"""

from __future__ import annotations

import re

from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE

#: (English value, English surfaces, Chinese surfaces, Chinese value). Counterparts are paired so a trait
#: said in either language is one value. Mental-health words (anxious, depressed) are left out, as in
#: ``extract.conditions``; "patient" is left out too ("I'm a patient" is someone in a hospital).
TEMPERAMENTS: tuple[tuple[str, tuple[str, ...], tuple[str, ...], str], ...] = (
    ("introvert", ("introvert", "introverted"), ("内向",), "内向"),
    ("extrovert", ("extrovert", "extroverted", "extravert", "extraverted", "outgoing"), ("外向",), "外向"),
    ("shy", ("shy", "timid"), ("害羞", "腼腆", "怕生"), "害羞"),
    ("calm", ("calm", "composed", "level-headed"), ("冷静", "沉稳", "淡定"), "冷静"),
    ("easygoing", ("easygoing", "easy-going", "laid-back", "laid back"), ("随和", "好相处"), "随和"),
    ("impatient", ("impatient", "hot-tempered", "short-tempered"), ("急躁", "急性子", "急", "暴躁"), "急躁"),
    ("cheerful", ("cheerful", "upbeat"), ("开朗", "活泼"), "开朗"),
    ("optimistic", ("optimistic", "optimist"), ("乐观",), "乐观"),
    ("pessimistic", ("pessimistic", "pessimist"), ("悲观",), "悲观"),
    ("quiet", ("quiet", "reserved"), ("安静", "文静", "内敛"), "安静"),
    ("talkative", ("talkative", "chatty"), ("健谈", "话多", "话痨"), "健谈"),
    ("sensitive", ("sensitive",), ("敏感",), "敏感"),
    ("stubborn", ("stubborn",), ("固执", "倔", "倔强"), "固执"),
    ("independent", ("independent",), ("独立",), "独立"),
    ("perfectionist", ("perfectionist",), ("完美主义", "完美主义者"), "完美主义"),
)

#: When in the day the speaker is at their best (a chronotype), in the layout of ``TEMPERAMENTS``: a lasting trait
#: of its own (``identity.chronotype``), beside the temperament ("an introvert and a night owl"), said as a noun for a
#: kind of person ("I'm a night owl", 我是夜猫子), so "I'm up early today" names none.
CHRONOTYPES: tuple[tuple[str, tuple[str, ...], tuple[str, ...], str], ...] = (
    ("night owl", ("night owl", "night person", "nighthawk"), ("夜猫子", "夜猫子型", "夜型人", "夜猫族"), "夜猫子"),
    ("early bird", ("early bird", "morning person", "early riser", "lark"), ("早起鸟", "早起的鸟儿", "早起型", "晨型人",
                                                                          "早起的人"), "早起型"),
)
#: A chronotype denied is a value of its own: "I'm not a morning person" says nothing of the night, so it is not a
#: night owl. The denial and the chronotype it denies share the one-valued key, so either said later supersedes it.
NEGATED: dict[str, str] = {
    **{value: f"not {'an' if value[0] in 'aeiou' else 'a'} {value}" for value, _, _, _ in CHRONOTYPES},
    **{word: f"不是{word}" for _, _, _, word in CHRONOTYPES},
}
#: The key of a chronotype and its description (``taxonomy.key_spec`` for this open key).
CHRONOTYPE_KEY = "identity.chronotype"
DESCRIPTIONS: dict[str, tuple[str, str]] = {
    CHRONOTYPE_KEY: ("when in the day the user is at their best: a night owl or an early bird",
                     "用户是夜猫子还是早起型的人"),
}

_BY_EN = {s: value for value, en, _, _ in TEMPERAMENTS for s in en}
_BY_ZH = {s: value for value, _, zh, _ in TEMPERAMENTS for s in zh}
_ZH_WORD = {value: word for value, _, _, word in TEMPERAMENTS}

#: The English and Chinese value of each trait, for ``extract.twins``.
TWINS: tuple[tuple[str, str], ...] = (*((value, word) for value, _, _, word in (*TEMPERAMENTS, *CHRONOTYPES)),
                                      *((NEGATED[value], NEGATED[word]) for value, _, _, word in CHRONOTYPES))
_CHRONO_EN = {s: value for value, en, _, _ in CHRONOTYPES for s in en}
_CHRONO_ZH = {s: word for _, _, zh, word in CHRONOTYPES for s in zh}


def _alternatives(surfaces: list[str]) -> str:
    return "|".join(re.escape(s) for s in sorted(surfaces, key=len, reverse=True))


_EN_TRAIT = rf"(?P<v>{_alternatives(list(_BY_EN))})"
_EN_DEGREE = (r"(?:(?:pretty|quite|very|really|rather|fairly|kind of|kinda|sort of|somewhat|naturally|generally|"
              r"basically|a bit of|a bit|a little|a lot|much|more of|more|super|extremely|an?|the)\s+)*")
# "a shy person", "an introvert", "the outgoing type": the noun makes it a lasting trait, not the moment
_EN_PERSON = r"(?:\s+(?:person|people|guy|girl|woman|man|type|one|by nature|at heart))"
_EN_SELF = lazy_regex(
    rf"^(?:i'm|i am|i've always been|i have always been|i've become|i have become|i've gotten|i have gotten|"
    rf"i've grown|i have grown|i'm now|i am now|i'm naturally|i am naturally|i'm generally|i am generally)\s+"
    rf"{_EN_DEGREE}{_EN_TRAIT}(?P<person>{_EN_PERSON})?(?:\s+(?:now|these days|nowadays|overall))?$"
    rf"|^(?:i'd|i would) (?:describe|call|consider) myself (?:as )?{_EN_DEGREE}{_EN_TRAIT.replace('v>', 'w>')}"
    rf"{_EN_PERSON}?$"
    rf"|^(?:my personality is|my personality's|by nature i'm|by nature i am|personality-wise i'm|"
    rf"personality wise i'm)\s+{_EN_DEGREE}{_EN_TRAIT.replace('v>', 'x>')}{_EN_PERSON}?$", _IC)
#: A bare adjective after "I'm" is taken only with a word that makes it lasting (always, naturally,
#: become ...) or as a noun ("an introvert", "a perfectionist"); "I'm shy" alone may be the moment.
_EN_NOUNS = frozenset(("introvert", "extrovert", "extravert", "perfectionist", "optimist", "pessimist"))
_EN_LASTING = lazy_regex(r"^(?:i've|i have|i'm naturally|i am naturally|i'm generally|i am generally)\b", _IC)

_EN_MOMENT = lazy_regex(r"\b(?:today|tonight|this (?:morning|afternoon|evening|week)|right now|at the moment|"
                        r"for now|feeling|around (?:him|her|them|you|strangers))\b", _IC)


_CHRONO_EN_SELF = lazy_regex(
    r"^(?:i'm|i am|i've always been|i have always been|i'm more of|i am more of|i'm definitely|i am definitely|"
    r"i'm naturally|i am naturally|(?P<neg>i'm not|i am not|i've never been|i have never been|i'm never|"
    r"i'm no|i am no))\s+(?:(?:a|an|more of a|more|such a|totally a|definitely a|really a|big|really|much of a|"
    r"exactly a|at all a)\s+)*"
    rf"(?P<v>{_alternatives(list(_CHRONO_EN))})(?:\s+(?:by nature|at heart|now|these days))?$", _IC)
_CHRONO_ZH_SELF = lazy_regex(r"^我(?:其实|本来|一直|就|从小就?|天生|并|从来|可|真的|压根儿?)*"
                             r"(?:是|算是|属于|(?P<neg>不是|不算是?|不属于|算不上))(?:一个|个|一只|只)?"
                             rf"(?:典型的|标准的)?(?P<v>{_alternatives(list(_CHRONO_ZH))})(?:的人|型的人)?(?:啦|吧|呢)?$")


def chronotype(clause: str, lang: str) -> list[Finding]:
    """``identity.chronotype`` from a clause that says what kind of person the speaker is in the day ("I'm a night
    owl" → ``night owl``, 我是夜猫子 → 夜猫子), else ``[]``."""
    m = (_CHRONO_ZH_SELF if lang == "zh" else _CHRONO_EN_SELF).match(clause.strip().rstrip(".!。！"))
    if m is None:
        return []
    value = _CHRONO_ZH[m.group("v")] if lang == "zh" else _CHRONO_EN[m.group("v").lower()]
    statement = f"是{value}" if lang == "zh" else f"is {'an' if value[0] in 'aeiou' else 'a'} {value}"
    if m.group("neg"):  # "I'm not a morning person" says only that: its own value, never the other chronotype
        value = NEGATED[value]
        statement = value if lang == "zh" else f"is {value}"
    return [Finding(CHRONOTYPE_KEY, value, CONF_STATED, clause, statement=statement)]


def find_en(clause: str, ctx: object) -> list[Finding]:
    """``identity.personality`` from an English clause: the canonical value of the trait the speaker
    says they have ("I'm a pretty shy person" → ``shy``), or nothing. ``ctx`` is the sentence context
    of ``extract.clause_en`` (its ``sentence`` is checked for a time word that makes it the moment)."""
    m = _EN_SELF.match(clause.strip().rstrip(".!"))
    if m is None and not _EN_MOMENT.search(getattr(ctx, "sentence", clause)):
        return chronotype(clause, "en")  # "I'm a night owl"
    if m is None or _EN_MOMENT.search(getattr(ctx, "sentence", clause)):
        return []
    surface = (m.group("v") or m.group("w") or m.group("x")).lower()
    if m.group("v") and not (m.group("person") or surface in _EN_NOUNS or _EN_LASTING.match(clause)):
        return []
    value = _BY_EN[surface]
    return [Finding("identity.personality", value, CONF_STATED, clause)]


_ZH_TRAIT = rf"(?P<v>{_alternatives(list(_BY_ZH))})"
_ZH_DEGREE = r"(?:比较|很|挺|非常|特别|有点|有些|蛮|偏|偏向|算是|属于|还算|超级|相当|太|更|更加|越来越|也)*"
_ZH_SELF = lazy_regex(
    rf"^我(?:的)?(?:性格|个性|脾气)(?:上)?(?:是|就是|一直|一向|从小就|本来就|现在)*{_ZH_DEGREE}{_ZH_TRAIT}"
    rf"(?:的|型的?|一点|一些|了)?(?:人)?(?:啦|吧|呢)?$"
    rf"|^我(?:这个人|这人|本人|天生|从小就|一直|一向|其实)+(?:是|就是)?(?:一个|个)?{_ZH_DEGREE}"
    rf"{_ZH_TRAIT.replace('v>', 'w>')}(?:的人|型的人|的)?(?:啦|吧|呢)?$"
    rf"|^我(?:其实|本来|一直|就)?(?:是|算是|属于)(?:一个|个|一位)?{_ZH_DEGREE}{_ZH_TRAIT.replace('v>', 'x>')}"
    rf"(?:型)?的人(?:啦|吧|呢)?$"
    rf"|^我(?:现在|已经|这几年|慢慢)*(?:变得|变)(?:{_ZH_DEGREE}){_ZH_TRAIT.replace('v>', 'y>')}(?:多)?了?$")
_ZH_MOMENT = lazy_regex(r"今天|今晚|今早|刚才|此刻|这会儿|一会儿|在他面前|在她面前|在你面前|见到")


def find_zh(clause: str, ctx: object) -> list[Finding]:
    """``identity.personality`` from a Chinese clause: the trait's Chinese value (我的性格比较内向 and
    我是个内敛的人 → ``内向`` / ``安静``), or nothing; ``ctx`` as in ``find_en`` (``extract.clause_zh``)."""
    m = _ZH_SELF.match(clause.strip().rstrip("。！!."))
    if m is None and not _ZH_MOMENT.search(getattr(ctx, "sentence", clause)):
        return chronotype(clause, "zh")  # 我是夜猫子
    if m is None or _ZH_MOMENT.search(getattr(ctx, "sentence", clause)):
        return []
    value = _BY_ZH[next(g for g in m.groups() if g)]
    return [Finding("identity.personality", _ZH_WORD[value], CONF_STATED, clause)]
