"""A like or a change said with its topic first, as Chinese puts it, read as the plain like or change.

Chinese names what a taste is about before the speaker: the thing itself (甜食我不太爱吃: "sweets, I don't much
eat"), the field it falls in (运动方面我比较喜欢游泳, 喝茶的话我偏爱乌龙, 看电影我更喜欢科幻片, 坐高铁我喜欢靠过道) or
what it is set against (比起奶茶我更喜欢喝果汁). Each stored nothing, while the same like said plainly (我比较喜欢游泳,
我偏爱喝乌龙, 我更喜欢看科幻片, 我喜欢靠过道, 我更喜欢喝果汁) is read by ``preferences_zh``: the topic is moved where
the like reads it, in one place for every topic, not one rule per field. A like of a pet or a drink said as what one
is (我是猫派, 我是咖啡控) is the like it names. A change said with its topic first (健身房我改成周三和周六去了,
浏览器我换成Edge了) is read as said with the topic as the thing changed (健身房改成周三和周六去了).
"""

from __future__ import annotations

import re

from memstrata.text.regex import lazy_regex

_LIKE_VERB = r"(?:不太喜欢|不怎么喜欢|不喜欢|不太爱|不怎么爱|不爱|讨厌|受不了|喜欢|热爱|偏爱|钟爱|爱)"
_ADV = r"(?:也|还|很|非常|特别|超级|超|真的|挺|最|一直|比较|更|还是|蛮|都|其实|确实|现在|平时|一般|通常)*"
#: The topic, then 我, how much, the verb of liking, and what is liked if it is said after.
_TOPIC_FIRST = lazy_regex(rf"^(?P<t>[\u4e00-\u9fffA-Za-z]{{1,8}}?)(?P<mark>方面|这方面|这块|上面|的话)?[，,]?"
                          rf"我(?P<adv>{_ADV})(?P<verb>{_LIKE_VERB})(?P<o>[^，,。！!？?]*?)(?:了|啦|呀|啊)?(?P<end>[。！!]*)$")
#: 比起奶茶(来)，我更喜欢果汁 / 跟奶茶比，我更喜欢: what the like is set against, said first.
_SET_AGAINST = lazy_regex(r"^(?:比起|相比|相比于|跟|和|与)(?P<t>[^，,。我]{1,10}?)(?:来说|来|比|相比|比起来)?[，,]?"
                          rf"(?=我{_ADV}{_LIKE_VERB})")
#: What may open a sentence before 我 that is no topic: a person, a pointer, a time, a reason, a word of saying
#: or thinking (他说我喜欢…), a condition.
_NOT_A_TOPIC = lazy_regex(r"^(?:你|他|她|它|咱|大家|别人|小|阿|老|这|那|今|昨|明|现在|最近|以前|以后|后来|当时|那时|"
                          r"平时|一般|每|早|晚|周|星期|礼拜|上|下|其实|反正|所以|但|不过|可是|而且|因为|如果|要是|"
                          r"虽然|只要|有时|有的|小时候|从小|除了|除开|尤其|特别是|包括|像|连|真的|确实|说实话|老实说|总之|然后|结果|本来|原来|也|还|就|"
                          r"妈|爸|哥|姐|弟|妹|儿|女|家|朋友|同事|老公|老婆|孩子|宝宝)"
                          r"|说|讲|问|觉得|认为|以为|知道|发现|感觉|希望|听说|看来|是|吗|呢|吧|时候$|时$|之后|以后|以前|前$")
#: A topic opened by a verb that is the verb of the like itself (看电影 → 更喜欢看科幻片, 喝茶 → 偏爱喝乌龙).
_HINT_VERB = lazy_regex(r"^(?P<verb>吃|喝|看|听|玩)(?=[\u4e00-\u9fffA-Za-z])")
_VERB_FIRST = lazy_regex(r"^(?:吃|喝|看|听|玩|用|去|坐|住|做|穿|开|骑|打|踢|跑|游|逛|买|学|读|写|唱|跳|弹|画|靠)")
#: 我是猫派, 我是个咖啡控, 我是重度奶茶控: a like said as what one is.
_IS_FAN = lazy_regex(r"^我(?:也|还|就|真的|绝对)?是(?:个|一个|一名|名)?(?:重度|资深|铁杆|忠实|死忠)?"
                     r"(?:(?P<pet>猫|狗)派|(?P<x>[\u4e00-\u9fffA-Za-z]{1,6}?)控)(?P<end>[。！!]*)$")


#: A change said with its topic first (健身房我改成周三和周六去了, 浏览器我换成Edge了, gym我改到周五了): the topic, 我,
#: when or how far the change has gone, and the verb of changing. Said without 我 (健身房改成周三和周六去了,
#: 浏览器换成Edge了) the topic is what the change patterns read as the thing changed (``extract.rescheduled``,
#: ``shapes_zh``); with 我 it was glued to the speaker (``schedule.event = gym我``) or read as nothing.
_CHANGED_FIRST = lazy_regex(r"^(?P<t>[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z ]{0,11}?)(?:的话)?[，,]?我"
                            r"(?P<adv>(?:也|已经|都|现在|最近|刚刚?|上个?(?:周|星期|月)|前几天)*)"
                            r"(?=改到|改成|换成|换到|挪到|调到|改在|改用|换用)")


def _changed_first(text: str) -> str | None:
    """``text`` with the 我 after a change's topic left out (健身房我改成周三去了 → 健身房改成周三去了), or
    ``None`` when no such topic opens it: a person, a time, a pointer or a word of saying (``_NOT_A_TOPIC``:
    他说我改成…, 周五我改成…)."""
    m = _CHANGED_FIRST.match(text)
    if m is None or _NOT_A_TOPIC.search(m.group("t")) or "我" in m.group("t"):
        return None
    kept = "".join(re.findall(r"也|已经|都", m.group("adv")))  # how far the change has gone; when is dropped
    return f"{m.group('t').strip()}{kept}{text[m.end():]}"


def topic_first_zh(sentence: str) -> str:
    """``sentence`` with a like's topic said where the like reads it, else unchanged.

    >>> topic_first_zh("甜食我不太爱吃"), topic_first_zh("运动方面我比较喜欢游泳")
    ('我不太爱吃甜食', '我比较喜欢游泳')
    >>> topic_first_zh("看电影我更喜欢科幻片")
    '我更喜欢看科幻片'
    >>> topic_first_zh("比起奶茶我更喜欢喝果汁"), topic_first_zh("我是咖啡控"), topic_first_zh("他说我喜欢猫")
    ('我更喜欢喝果汁', '我喜欢咖啡', '他说我喜欢猫')
    """
    text = sentence.strip()
    if "我" not in text:
        return sentence
    if (m := _IS_FAN.match(text)) is not None:
        return f"我喜欢{m.group('pet') or m.group('x')}{m.group('end')}"
    if (s := _SET_AGAINST.match(text)) is not None:
        return text[s.end():]
    if (changed := _changed_first(text)) is not None:
        return changed
    m = _TOPIC_FIRST.match(text)
    if m is None or _NOT_A_TOPIC.search(m.group("t")) or "我" in m.group("t"):
        return sentence
    topic, obj, said = m.group("t"), m.group("o"), f"我{m.group('adv')}{m.group('verb')}"
    if m.group("mark") == "的话" and re.match(r"[\u4e00-\u9fff]$|有|没|不|下|刮", topic):
        return sentence  # 累的话我喜欢…, 下雨的话…: a condition, no topic
    if not obj or re.fullmatch(r"[吃喝看听玩用]", obj):  # 甜食我不太爱吃, 火锅我超爱: the topic is what is liked
        return f"{said}{obj}{topic}{m.group('end')}"
    hint = _HINT_VERB.match(topic)
    if hint is not None and not _VERB_FIRST.match(obj):  # 看电影我更喜欢科幻片: the films liked are watched
        return f"{said}{hint.group('verb')}{obj}{m.group('end')}"
    return f"{said}{obj}{m.group('end')}"
