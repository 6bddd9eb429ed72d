"""What the Chinese pattern modules share: the per-sentence context and the finding builder."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from memstrata.extract import gazetteer
from memstrata.extract.clauses import (
    Finding,
    clean_value,
)
from memstrata.text.regex import lazy_regex
from memstrata.text.tokens import is_cjk

_Pattern = Callable[[str, "_Ctx"], list[Finding]]


class _Ctx:
    """Per-sentence state: the sentence, its time and the markers seen so far."""

    def __init__(self, sentence: str, said_at: datetime) -> None:
        self.sentence = sentence
        self.said_at = said_at
        self.habit = False  # 以后/从现在起 seen earlier in the sentence
        self.remember = False  # a bare 记住 clause precedes
        # 别给我打电话，发微信: a refused channel makes the bare 发微信 beside it a preference
        self.contact = bool(_REFUSED_CHANNEL.search(sentence))


_MODAL = lazy_regex(r"^(?:请|麻烦|帮我|希望|想|要|会|打算|还是|就|都|你)+")

#: 这/那 point only before a measure word or a number (那本书, 这两个, 那里) or alone: 那不勒斯披萨
#: (Neapolitan pizza) is a name (read as a pronoun, 我喜欢那不勒斯披萨 extracted nothing).
#: The speaker alone (我讨厌我, and 我老婆喜欢我 read as the wife's 我喜欢我) is no value either; 我妈做的菜 is one.
_PRONOUN = lazy_regex(r"^(?:你|他|她|它|你们|他们|她们|这个|那个|这样|那样|自己|死了|上你|大家|我们?$|"
                      r"[这那](?=$|[个些样种本部家件首位只条里儿边次款张双天时么幅句篇辆场间座门台份段集季期顿杯碗瓶盒块"
                      r"片套名颗棵头匹口位周月年回阵会类批堆群所栋趟遍番般面一两二三四五六七八九十几]))")


def _f(key: str, value: str, conf: float, clause: str, **kw: object) -> list[Finding]:
    value = clean_value(value, "zh")
    if not value or _PRONOUN.match(value) or len(value) > 30:
        return []
    return [Finding(key, value, conf, clause, **kw)]  # type: ignore[arg-type]


def _split_list(text: str) -> list[str]:
    # 以及 before 及: 坚果、芝麻以及海鲜 stored 芝麻以
    return [p for p in re.split(r"以及|还有|[、,，和跟及与/]", text) if p.strip()]


#: Chinese surface forms of the channels (and QQ), longest first so 发邮件 wins over 邮件.
_CH = "|".join(sorted((s for c, ss in gazetteer.CONTACT_CHANNELS.items() if c == "QQ" or is_cjk(c[0])
                       for s in ss), key=len, reverse=True))

_REFUSED_CHANNEL = lazy_regex(rf"(?:别|不要|不用|请勿|勿|不想)(?:给我|跟我)?(?:打|发)?(?:{_CH})")
