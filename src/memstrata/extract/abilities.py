"""What the user cannot do, said negatively: 我不会开车, 我不会游泳, 我完全不会做饭 (``ability.cannot``, many at a
time, as "I can't drive" says it); a later 我会开车了 (learned since) withdraws it. What the user can do
(``ability.can``): 我会弹钢琴, 我擅长游泳, "I can swim".

不会 also says what one will not do (我不会告诉他, 我不会再买了, 我不会去的, 不会太久): only a skill is read, a
verb one learns (开, 骑, 游, 做, 说, 写, 弹, 打, 下, 用 ... ``_SKILL_VERB``) with a short object that names no one
and points at nothing (我不会打扰你, 我不会用这个 are none), said to the end of the clause with no particle (我不会
说的 is a promise).
"""

from __future__ import annotations

import re

from memstrata.extract import examples
from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.text.regex import lazy_regex

KEY = "ability.cannot"
#: English and Chinese descriptions of ``KEY`` (``taxonomy``).
DESCRIPTION = ("something the user cannot do, such as drive, swim or cook", "用户不会做的事，比如开车、游泳、做饭")
#: The positive twin: a skill the user has ("I can swim", "I know how to code in Rust", 我会开车了).
CAN_KEY = "ability.can"
CAN_DESCRIPTION = ("a skill the user has, something they can do, such as drive, swim or play the guitar",
                   "用户会做的事、掌握的技能，比如开车、游泳、弹吉他")

_H = "\u4e00-\u9fff"
#: Verbs of a skill one learns, first in what is not done.
_SKILL_VERB = r"(?:开|骑|游|滑|做|煮|炒|烤|包|说|讲|写|画|弹|拉|吹|唱|跳|打|下|用|编|修|织|缝|拍|化|踢|溜|潜|划|钓)"
#: Adverbs of degree or time before 不会 (我完全不会, 我到现在还不会).
_DEGREE = r"(?:完全|根本|一点都|一点也|压根|真的|实在|也|还|都|至今|到现在|现在|一直)*"
_CANNOT = lazy_regex(rf"^我{_DEGREE}不会(?P<v>{_SKILL_VERB}[{_H}A-Za-z+#]{{1,5}})$")
_CAN_NOW = lazy_regex(rf"^我(?:现在|终于|已经|也)*(?:学)?会(?P<v>{_SKILL_VERB}[{_H}A-Za-z+#]{{1,5}})了$")
#: What makes the object no skill: a person, a pointer, a will-not (打扰, 说谎), or a particle.
_NOT_A_SKILL = lazy_regex(r"[你我他她您它这那人]|打扰|说谎|撒谎|骗|说出|打架|打人|看上|看中|看不|用完|做错|说错|写错|"
                          r"[的了吧啊呢吗嘛呀]$")


#: A skill said positively in Chinese, the twin of ``_CANNOT``: 我会弹钢琴, 我也会游泳, 我从小就会滑雪.
_CAN = lazy_regex(rf"^我(?:也|还|都|本来就|从小就?|早就|其实)*会(?P<v>{_SKILL_VERB}[{_H}A-Za-z+#]{{1,5}})$")
#: 擅长 / 精通 say a skill whatever follows (我很擅长做饭, 我精通Python, 我擅长游泳和跑步: each).
_GOOD_AT = lazy_regex(rf"^我(?:也|还|都|很|比较|挺|非常|特别|最|一直|从小就?)*(?:擅长|精通)"
                      rf"(?P<v>[{_H}A-Za-z0-9+#、和 ]{{1,12}})$")
#: 会 says what one will do as often (我会早点睡的, 我会打电话给你, 我会做好的, 我会开始): what a promise does — for
#: someone, somewhere, to an end (给, 去, 来, 完, 好, 到) — or the verbs it is made with, never a skill.
_WILL_DO = lazy_regex(r"[给去来完好掉出回到]|打电话|打扫|打车|打算|打听|打开|打卡|用心|用功|下单|下班|下车|下次|下载|"
                      r"开始|开会|开门|开心|开玩笑|说明|说话|说清|做决定|做主|拉黑|写信")
#: A time ahead or an effort in the sentence makes 会 a promise (明天我会开车去, 我以后会好好做饭).
_AHEAD = lazy_regex(r"明天|后天|以后|下次|一定|马上|待会|等会|回头|之后|今晚|今天|到时候?|尽量|争取|努力|好好|肯定")


def find_zh(clause: str, sentence: str = "") -> list[Finding]:
    """``ability.cannot`` a Chinese clause states (我不会开车 → 开车), its withdrawal for one learned since
    (我会开车了) with the skill, the skill said alone (``ability.can``: 我会弹钢琴, 我擅长游泳; not in a ``sentence``
    naming a time ahead, ``_AHEAD``), else ``[]``."""
    if (m := _CANNOT.match(clause)) is not None and not _NOT_A_SKILL.search(m.group("v")):
        return [Finding(KEY, m.group("v"), CONF_STATED, clause, statement=f"不会{m.group('v')}")]
    if (m := _CAN_NOW.match(clause)) is not None and not _NOT_A_SKILL.search(m.group("v")):
        return [Finding(KEY, m.group("v"), CONF_STATED, clause, retract=True, statement=f"会{m.group('v')}了"),
                Finding(CAN_KEY, m.group("v"), CONF_STATED, clause, statement=f"会{m.group('v')}")]
    if _AHEAD.search(sentence or clause):
        return []
    if (m := _CAN.match(clause)) is not None and not _NOT_A_SKILL.search(m.group("v")) \
            and not _WILL_DO.search(m.group("v")):
        return [Finding(CAN_KEY, m.group("v"), CONF_STATED, clause, statement=f"会{m.group('v')}")]
    if (m := _GOOD_AT.match(clause)) is not None:
        skills = [p.strip() for p in re.split(r"[、和]", m.group("v")) if p.strip()]
        if skills and not any(_NOT_A_SKILL.search(p) for p in skills):
            return [Finding(CAN_KEY, p, CONF_STATED, clause, statement=f"擅长{p}") for p in skills]
    return []


#: Skills listed after 会 and closed by 等等 (我还会瑜伽，写作，旅游和摄影等等): bare names, each a skill.
_LISTED = lazy_regex(r"(?:^|[。！!，,；;])\s*我(?:也|还|都)*会(?P<x>[^。！!？?；;]+?)(?:等等|等)[。！!]?\s*$")


def listed_zh(sentence: str) -> list[Finding]:
    """``ability.can`` for each skill a Chinese ``sentence`` lists after 会 and closes with 等等 (``_LISTED``; the
    items bare names, ``examples.listed``), else ``[]``; without 等等 a list after 会 may be a promise (我会努力，
    坚持)."""
    m = _LISTED.search(sentence)
    if m is None or _AHEAD.search(sentence):
        return []
    skills = examples.listed(m.group("x"))
    if len(skills) < 2 or any(_NOT_A_SKILL.search(p) or _WILL_DO.search(p) for p in skills):
        return []
    return [Finding(CAN_KEY, p, CONF_STATED, m.group(0).strip("。！!，,；; "), statement=f"会{p}") for p in skills]


# --- English ---------------------------------------------------------------------------------------------------------

#: Verbs of a skill one learns, first in what an English clause says the user cannot do ("I can't ski", "I never
#: learned to swim"); "I can't come", "I can't wait", "I can't eat gluten" are no skill (a one-off, a feeling, a
#: restriction: other rules or none).
_SKILL_VERB_EN = (r"(?:drive|swim|ski|snowboard|skate|surf|dive|cook|bake|sew|knit|ride|dance|sing|draw|paint|type|"
                  r"code|program|whistle|juggle|play|speak|read|write|cycle|bike|climb|skateboard|fish|sail|row)")
#: "I can't ski", "i cant swim lol", "I cannot drive at all", "I don't know how to cook", "I never learned to swim":
#: the verb and a short object (an instrument, a language, a vehicle), to the end of the clause.
_CANNOT_EN = lazy_regex(
    rf"^i\s+(?:(?:really|just|honestly|still|actually)\s+)?(?:can't|cant|cannot|can not|"
    rf"don't know how to|do not know how to|dont know how to|never learned (?:how )?to|never learnt (?:how )?to)\s+"
    rf"(?P<v>{_SKILL_VERB_EN}(?:\s+(?:a|an|the)?\s*[a-z][\w+#-]*){{0,2}})"
    r"(?:\s+(?:at all|either|lol|haha|tbh|honestly|to save my life))*[.!]*$", re.IGNORECASE)
#: "I can ski now", "I finally learned to swim", "I learned how to drive": a skill learned since withdraws it.
_CAN_NOW_EN = lazy_regex(
    r"^i\s+(?:can\s+(?:finally\s+|now\s+)?|(?:finally\s+)?(?:learned|learnt)\s+(?:how\s+)?to\s+)"
    rf"(?P<v>{_SKILL_VERB_EN}(?:\s+(?:a|an|the)?\s*[a-z][\w+#-]*){{0,2}}?)(?:\s+now)?[.!]*$", re.IGNORECASE)
#: What makes the object no skill: a person, a pointer, a time or a place (a one-off: "I can't drive you",
#: "I can't drive today", "I can't swim there"), or a degree ("I can't sing well": a judgement, not an inability).
_NOT_A_SKILL_EN = lazy_regex(r"\b(?:you|me|him|her|them|us|it|this|that|these|those|there|here|today|tonight|"
                             r"tomorrow|now|anymore|yet|right|well|much|very|fast|home|back|out|any|with|for|to|"
                             r"in|on|at|again|my|your|his|their|our|last|ago|yesterday|year|week|month|every|each|all|"
                             r"always|most|some|many|more|enough)\b",
                             re.IGNORECASE)

#: Verbs that name no skill without their object ("I can't play", "I can't speak", "I can't read that"): "play the
#: piano", "speak French", "read music" do.
_NEEDS_OBJECT_EN = lazy_regex(r"^(?:play|speak|read|write|ride|fish|type)$", re.IGNORECASE)


#: A skill said positively ("I can swim", "I know how to code in Rust", "I can play the guitar pretty well"): a verb
#: of a skill with no object, or one of the verbs whose object names the skill (an instrument or a game played, a
#: vehicle ridden or driven, music read, a language coded in); a degree after it is part of saying so. "I can cook
#: dinner", "I can write the report", "I can draw you a map" are offers, and no object is read after those verbs.
_CAN_EN = lazy_regex(
    r"^i\s+(?:(?:really|actually|also|even|still)\s+)?(?:can(?:\s+(?:now|finally|also|actually|still))?|"
    r"know how to|(?:finally\s+)?(?:learned|learnt)\s+(?:how\s+)?to)\s+"
    r"(?P<v>(?:swim|ski|snowboard|skate|surf|dive|cook|bake|sew|knit|crochet|dance|sing|draw|paint|juggle|"
    r"cycle|climb|skateboard|sail|whistle|drive|code|program)"
    r"|play\s+(?:the\s+)?[a-z]+|(?:ride|drive)\s+(?:a\s+)?[a-z]+|read\s+music|(?:code|program)\s+in\s+[A-Za-z+#]+)"
    r"(?:\s+(?:now|too|as well|(?:(?:pretty|really|quite|very)\s+)?well|fluently|decently|a (?:bit|little)))*[.!]*$",
    re.IGNORECASE)


def find_en(clause: str, ctx: object = None) -> list[Finding]:
    """``ability.cannot`` an English clause states ("I can't ski" → ``ski``, the value the verb and its object as
    said: "drive a stick"), its withdrawal for a skill learned since ("I can ski now", "I finally learned to swim")
    with the skill (``ability.can``), the skill said alone ("I know how to code in Rust" → ``ability.can = code in
    Rust``), else ``[]``."""
    text = clause.strip()
    if (m := _CANNOT_EN.match(text)) is not None and not _NOT_A_SKILL_EN.search(m.group("v")) and (
            len(m.group("v").split()) > 1 or not _NEEDS_OBJECT_EN.match(m.group("v"))):
        value = m.group("v")
        return [Finding(KEY, value, CONF_STATED, clause, statement=f"cannot {value}")]
    can = _can_en(text)
    if (m := _CAN_NOW_EN.match(text)) is not None and not _NOT_A_SKILL_EN.search(m.group("v")):
        said = str(getattr(ctx, "sentence", None) or text)
        said_now = re.search(r"\b(?:now|finally|learned|learnt)\b", said, re.IGNORECASE)
        if said_now:  # "I can ski" alone states the skill, no change: nothing to withdraw
            value = m.group("v")
            return [Finding(KEY, value, CONF_STATED, clause, retract=True, statement=f"can {value} now"), *can]
    return can


def _can_en(text: str) -> list[Finding]:
    """``ability.can`` of an English clause (``_CAN_EN``), the skill as said; ``[]`` for an object that points or
    names a person ("I can play it", "I can drive you")."""
    m = _CAN_EN.match(text)
    if m is None or _NOT_A_SKILL_EN.search(re.sub(r"^(?:code|program)\s+in\s", "", m.group("v"), flags=re.I)):
        return []
    return [Finding(CAN_KEY, m.group("v"), CONF_STATED, text, statement=f"can {m.group('v')}")]
