"""The words that limit what is said to the occasion at hand ("this time", "today", "for now"; 这次, 今天, 暂时) and
the words that make it stand from now on ("from now on", "going forward"): one vocabulary, in regex fragments.

Three readings use it, each with the part its question needs (the module of each says why it takes what it takes):

* ``extract.one_off``: a standing choice (a carrier, a seat) said for this once is none: "Ship it with UPS this time",
  "Just for today, ship with DHL", 这次用顺丰就行;
* ``extract.forbidden``: a prohibition said for now is no standing no: "Don't ship with UPS this time", "... yet",
  今天先别寄;
* ``extract.directives``: an instruction that points at the thing at hand is a request for now: "Don't push it yet",
  "Run the tests first", 这次先别提交.

The standing words (``STANDING_EN``, ``STANDING_ZH``) open a standing prohibition ("From now on, never use UPS",
以后别用圆通: ``extract.forbidden``) and mark a standing instruction ("From now on, run ruff before committing",
以后提交前先跑测试: ``extract.directives``).

A word added here for one of them is added for all that read that fragment; a word only one of them reads is
written at that reader, with the reason.
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: One occasion: "this time", "this once".
THIS_TIME_EN = r"this\s+(?:time|once)"
#: The day at hand: "today", "tonight".
TODAY_EN = r"today|tonight"
#: The next day: "tomorrow".
TOMORROW_EN = r"tomorrow"
#: The moment at hand, and not beyond: "for now", "right now".
FOR_NOW_EN = r"for\s+now|right\s+now"
#: Not so far: "yet" ("Don't push yet").
YET_EN = r"yet"
#: From now on: "from now on", "going forward", "in (the) future".
STANDING_EN = r"from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future"
#: From now on in Chinese: 以后, 今后, 往后, 从现在起, 从现在开始, 从今以后, 从今往后, 从今天起, 从今天开始 (the longer
#: first, so 从今以后 is read whole).
STANDING_ZH = r"从今(?:以后|往后|天起|天开始)|从现在(?:起|开始)|以后|今后|往后"
#: One occasion in Chinese: 这次, 这一次, 这回, 这单.
THIS_TIME_ZH = r"这次|这一次|这回|这单"
#: The days at hand in Chinese: 今天, 明天; not the day a standing choice starts from (从今天起, 明天开始).
DAYS_ZH = r"(?<!从)(?:今天|明天)(?!起|开始)"
#: For the time being: 暂时.
FOR_NOW_ZH = r"暂时"


#: A standing word before the speaker's own thing: "From now on, my packages go with DHL", 以后我的快递都用顺丰.
_BEFORE_OWN = (rf"^\s*(?:(?:{STANDING_EN})\s*,?\s*(?=(?:my|our)\s)"
               rf"|(?:{STANDING_ZH})\s*[，,]?\s*(?=我(?:们|家)?的))")


def before_own(sentence: str) -> str | None:
    """The sentence without a standing word that opens it before the speaker's own thing ("From now on my packages go
    with DHL" → "my packages go with DHL", 以后我的快递都用顺丰 → 我的快递都用顺丰), which states the same thing as
    standing: the topic patterns read a standing word's clause as a habit ("my packages go with DHL" was stored so).
    ``None`` for any other sentence."""
    m = re.match(_BEFORE_OWN, sentence, re.IGNORECASE)
    return sentence[m.end():] if m else None


def after_standing_zh(rewrite: Callable[[str], str], sentence: str) -> str:
    """``rewrite`` applied to what follows a standing word that opens a Chinese sentence before 我, the word kept
    (以后我的快递都用顺丰: the spoken order read in 我的快递都用顺丰 is read after 以后 too, 以后我都用顺丰;
    before, 以后我 was cut off the 的 after it and a habit 的快递都用顺丰 stored); to the whole sentence when none
    opens it."""
    m = re.match(rf"^\s*(?:{STANDING_ZH})\s*[，,]?\s*(?=我)", sentence)
    return sentence[: m.end()] + rewrite(sentence[m.end():]) if m else rewrite(sentence)
