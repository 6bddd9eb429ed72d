"""What the user cannot do, said negatively: 我不会开车, 我不会游泳, 我完全不会做饭 (``ability.cannot``, many at a
time, as "I can't drive" says it); a later 我会开车了 (learned since) withdraws it.

不会 also says what one will not do (我不会告诉他, 我不会再买了, 我不会去的, 不会太久): only a skill is read, a
verb one learns (开, 骑, 游, 做, 说, 写, 弹, 打, 下, 用 ... ``_SKILL_VERB``) with a short object that names no one
and points at nothing (我不会打扰你, 我不会用这个 are none), said to the end of the clause with no particle (我不会
说的 is a promise).
"""

from __future__ import annotations

from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.text.regex import lazy_regex

KEY = "ability.cannot"
#: English and Chinese descriptions of ``KEY`` (``taxonomy``).
DESCRIPTION = ("something the user cannot do, such as drive, swim or cook", "用户不会做的事，比如开车、游泳、做饭")

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


def find_zh(clause: str) -> list[Finding]:
    """``ability.cannot`` a Chinese clause states (我不会开车 → 开车), its withdrawal for one learned since
    (我会开车了), else ``[]``."""
    if (m := _CANNOT.match(clause)) is not None and not _NOT_A_SKILL.search(m.group("v")):
        return [Finding(KEY, m.group("v"), CONF_STATED, clause, statement=f"不会{m.group('v')}")]
    if (m := _CAN_NOW.match(clause)) is not None and not _NOT_A_SKILL.search(m.group("v")):
        return [Finding(KEY, m.group("v"), CONF_STATED, clause, retract=True, statement=f"会{m.group('v')}了")]
    return []
