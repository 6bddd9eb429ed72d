"""A like's list written with commas for 、 (我喜欢唱歌跳舞，健身，旅游，电影，摄影): the comma cut each item after
the first into a clause of its own, one bare noun with no verb, and only the first was stored. Chinese chat
writes lists so as often as with 、; ``patterns_zh.find`` reads the sentence with such commas turned to 、, so
every item is liked under the like's person, as 我喜欢唱歌跳舞、健身、旅游 already was.

A comma after a like is read as 、 only when the list runs on to the end of the sentence, each item is bare (at
most eight characters, no pronoun, no adverb, no aspect or modal word, no evaluation: 画面很美 or 环境好 says
how a liked thing is, not another one), and the list is plainly one: three items or more, or the last one joined
with 和 / 以及 / 还有 / 等 (我喜欢这家店，环境好 is no list)."""

from __future__ import annotations

import re

from memstrata.extract.examples import NOT_BARE_ZH
from memstrata.text.regex import lazy_regex

#: 喜欢 and its kin, and 爱 only before a verb of taste (爱吃, 爱看): 我爱你 names no pastime.
_LIKE = r"(?:喜欢|喜爱|热爱|爱好是|爱好有|兴趣是|爱(?=吃|喝|看|听|玩|做|打|弹|唱|跳|画|读|写))"
_LIST = lazy_regex(rf"(?P<head>{_LIKE})(?P<v>[^，,。.！!？?；;]{{1,8}}(?:[，,][^，,。.！!？?；;]{{1,8}})+)"
                   r"(?P<end>[。.！!；;]|$)")

#: What a bare item never holds: a pronoun, an adverb, an aspect or modal word, a question, a number of times.
_NOT_BARE = lazy_regex(rf"{NOT_BARE_ZH}|[他她它这那过]|"
                       # 我喜欢安静的地方，像图书馆和咖啡馆: examples of the kind (extract.examples), no more items
                       r"^\s*(?:像|比如|比方|例如|譬如|诸如|包括)")
#: A predicate of evaluation ending an item (画面美, 价格便宜, 味道不错): how the liked thing is.
_EVALUATED = lazy_regex(r"(?:美|好|棒|赞|酷|香|辣|甜|帅|不错|漂亮|好看|好听|好吃|动听|精彩|便宜|贵|实惠|舒服|干净|方便|"
                        r"有趣|好玩|刺激|放松|开心|快乐|健康)$")
_JOINED = lazy_regex(r"和|以及|还有|及|与|等$")


def with_list_commas(sentence: str) -> str:
    """``sentence`` with the commas of a like's list (module docstring) read as 、; same length, so the
    clauses found in it keep their positions.

    >>> with_list_commas("我喜欢唱歌跳舞，健身，旅游，电影，摄影。")
    '我喜欢唱歌跳舞、健身、旅游、电影、摄影。'
    >>> with_list_commas("我喜欢这部电影，画面美，音乐动听。")
    '我喜欢这部电影，画面美，音乐动听。'
    """
    def join(m: re.Match[str]) -> str:
        items = re.split(r"[，,]", m.group("v"))
        if any(_NOT_BARE.search(p) or _EVALUATED.search(p.strip()) or not p.strip() for p in items[1:]):
            return m.group(0)
        if len(items) < 3 and not _JOINED.search(items[-1]):
            return m.group(0)
        return m.group("head") + re.sub(r"[，,]", "、", m.group("v")) + m.group("end")
    return _LIST.sub(join, sentence)
