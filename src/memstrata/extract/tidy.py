"""A sentence as the patterns read it (``tidy``), and an English statement without the question to the listener
that closes it (``before_question``): what the rule extractor does to each sentence before any pattern reads it
(``extract.rules``).
"""

from __future__ import annotations

import re

from memstrata.extract import cancelled, date_first, for_now, reminders, roles, tool_roles, weekly
from memstrata.extract.for_now import STANDING_ZH
from memstrata.extract.informal import (
    favourite_first_zh,
    favourite_now,
    favourite_switched,
    full_words,
    health_words_spelt,
    liked_thing,
    make_said_after,
    not_even_zh,
    spoken_order_zh,
    without_declarative_ne,
)
from memstrata.extract.mixed_script import LEADING_SYMBOLS, english_verbs_in_chinese, kin_in_chinese, mixes_scripts
from memstrata.extract.subject_zh import named_relation_plain
from memstrata.extract.timex import time_span
from memstrata.extract.topic_first_zh import topic_first_zh
from memstrata.text.hanzi import simplified
from memstrata.text.regex import lazy_regex
from memstrata.text.segment import without_invisible
from memstrata.text.tokens import is_cjk

#: A closing question to the listener after an English statement in one sentence: "Recently I've been studying
#: English, do you have any tips?". The question is a clause of its own after the last comma, asking "you" (do you,
#: any tips, what about you).
_ASKED_AFTER = lazy_regex(
    r"\s*,\s*(?:(?:and|so|but)\s+)?(?:(?:do|can|could|would|will|have|did|are|were|what about|how about)\s+you\b"
    r"|any\s+(?:ideas|tips|suggestions|advice|recommendations)\b)[^,]*\?\s*$", re.IGNORECASE)


#: A Chinese sentence that closes as a question: a question mark, or 吗 / 呢 before its stop.
_CLOSES_ASKING_ZH = lazy_regex(r"(?:[？?]|[吗呢][。!！]?)\s*$")
#: A Chinese clause that asks or speaks to the listener (你觉得…, 有什么…, 不知道…, 是否…, …吗).
_ASKS_ZH = lazy_regex(r"[？?你您]|[吗呢][。!！]?\s*$|什么|怎么|怎样|如何|哪|谁|几|多少|为什么|是否|有没有|能不能|"
                      r"可不可以|会不会|要不要|是不是|不知道|请问|推荐|建议")
#: Where a Chinese sentence's clauses part, and where one of run-on sentences ends.
_COMMA_ZH = lazy_regex(r"[，,]")
_STOP_ZH = lazy_regex(r"[。！!？?；;]")


def before_question(sentence: str) -> str:
    """``sentence`` without a closing question to the listener, so the statement before it is read ("Recently I've
    been studying English" of "…, do you have any tips?"; 最近我在学习编程 of 最近我在学习编程，你觉得学编程有什么
    好处吗？); ``sentence`` itself when it has none. A question that is the whole sentence is no such pair.

    In Chinese the question is every clause after the last one that asks nothing, when the sentence closes as a
    question (``_CLOSES_ASKING_ZH``); the clause before may still ask or suppose (如果…, 是不是…), which the
    patterns read as they read it alone. Kept unread, such statements were lost: MemoryBank-zh's users say what they
    are doing and ask about it in one breath."""
    m = _ASKED_AFTER.search(sentence)
    if m is not None and m.start() > 0:
        return sentence[: m.start()].rstrip() + "."
    if not _CLOSES_ASKING_ZH.search(sentence) or not any(is_cjk(c) for c in sentence):
        return sentence
    # only the last of run-on sentences (…，看纪录片。你呢？): a statement ended before it is no clause of the question
    start = max((m.end() for m in _STOP_ZH.finditer(sentence.rstrip("？?!！。 "))), default=0)
    kept = sentence[start:]
    while (cut := [c.start() for c in _COMMA_ZH.finditer(kept)]) and _ASKS_ZH.search(kept[cut[-1] + 1:]):
        kept = kept[: cut[-1]]
    return sentence if kept == sentence[start:] or not kept.strip() else sentence[:start] + kept.rstrip() + "。"


#: Symbols, emoji and punctuation before a sentence's first letter or digit ("🙂 I prefer
#: FedEx", "- I prefer FedEx"): the patterns are anchored at the clause start.
#: Full-width ASCII letters and digits (ＵＰＳ, ２０２６) to their ASCII forms; full-width
#: punctuation (，。：) is left alone, the Chinese patterns read it.
_FULL_WIDTH = {c: c - 0xFEE0 for r in ((0xFF10, 0xFF19), (0xFF21, 0xFF3A), (0xFF41, 0xFF5A))
               for c in range(r[0], r[1] + 1)}


#: A space, a tilde or emoji between two 汉字: chat types it where a comma goes (我不喝咖啡了 换成喝茶, 女儿4岁
#: 在上幼儿园, 搬到杭州了~工作也换了, 我对花生过敏😭千万记住), and read as no break it ran two clauses into one value
#: (``drink.avoid = 咖啡了 换成喝茶``). A space is typed inside a clause too (我住在 上海, 我最喜欢的颜色 是蓝色, 女儿
#: 对花生过敏), so a space breaks only where a clause plainly ends: after a particle or an age that closes one
#: (``_CLOSED``), or before a word that opens one (``_OPENS``: a pronoun, a conjunction, 换成, 千万).
_CJK_GAP = lazy_regex("(?<=[\u4e00-\u9fff])(?P<gap>(?:[ \t\u3000~～\u2600-\u27bf\ufe0f\u200d]|"
                      "[\U0001f000-\U0001faff])+)(?=[\u4e00-\u9fff])")
#: What ends a clause: an aspect or mood particle (了, 啊, 吧, 呢, 啦, 哦) or an age (4岁).
_CLOSED = frozenset("了啊呀吧呢啦哦哈嘛呗岁")
_OPENS = lazy_regex(r"我|你|他|她|它|但|不过|可是|所以|因为|而且|然后|换成|改成|改用|千万|记得|以后|现在|平时")


def _cjk_gap(m: re.Match[str]) -> str:
    """A comma for a gap ``_CJK_GAP`` found where a clause ends, else the gap as typed."""
    if m.group("gap").strip(" \t\u3000"):  # a tilde or an emoji: always a break
        return "，"
    return "，" if m.string[m.start() - 1] in _CLOSED or _OPENS.match(m.string, m.end()) else m.group("gap")


def tidy(sentence: str) -> str:
    """``sentence`` as the patterns read it: invisible characters removed
    (``text.segment.without_invisible``: an emoji keeps its joiners), full-width ASCII letters and
    digits folded, Traditional Chinese characters read as Simplified (``text.hanzi``), and leading
    symbols or emoji
    stripped (otherwise "🙂 I prefer FedEx for delivery", "zero\u200bwidth I prefer
    DHL", "I prefer ＵＰＳ" and 我以後都希望用順豐 extract nothing or the wrong key); typographic
    apostrophes and quotes are ASCII ("I\u2019m" reads "I'm") and "im" reads "I'm"; informal attribute
    words are spelt out ("my fav color" reads "my favorite color", ``extract.informal``).

    >>> tidy("🙂 I prefer ＵＰＳ"), tidy("我以後都希望用順豐"), tidy("User: I prefer UPS")
    ('I prefer UPS', '我以后都希望用顺丰', 'I prefer UPS')
    >>> tidy("I\u2019m allergic to peanuts"), tidy("im allergic to walnuts")
    ("I'm allergic to peanuts", "i'm allergic to walnuts")
    """
    text = LEADING_SYMBOLS.sub("", simplified(without_invisible(sentence).translate(_FULL_WIDTH)))
    text = LEADING_SYMBOLS.sub("", _LIST_NUMBER.sub("", text))  # "1.  I'm on Windows 10.": an answer's item number
    text = _CJK_GAP.sub(_cjk_gap, text)  # 我不喝咖啡了 换成喝茶: a space typed for a comma
    text = english_verbs_in_chinese(text) if mixes_scripts(text) else text  # 我cancelled Spotify了: 我取消Spotify了
    # a note's label ("Note:", 备注：) and a transcript's label for the user open no statement
    text = _IM.sub(lambda m: f"{m.group(1)}'m", _SELF_LABEL.sub("", roles.NOTE_LABEL.sub("", text.translate(_QUOTES))))
    # "my fav color" is "my favorite color"; "I switched my favorite color to green" says it is green now
    # a closing 呢 that asks nothing (我住在杭州呢) is no question; a dated reminder is the plan it reminds of
    # 我咖啡只喝燕麦拿铁: 我只喝燕麦拿铁, and after a standing word (以后我的快递都用顺丰: 以后我都用顺丰)
    text = favourite_first_zh(text)  # 周杰伦是我最喜欢的歌手: 我最喜欢的歌手是周杰伦
    text = now_first(text)  # "Now I cycle to work instead.": "I cycle to work now."
    text = _NOW_FIRST_ZH.sub(r"我\g<now>", text) if "我" in text else text  # 现在我改成每天游泳了: 我现在改成每天游泳了
    text = cancelled.decided_off(text)  # "We've decided to call off the trip": "We called off the trip"
    text = for_now.after_standing_zh(spoken_order_zh, reminders.as_plan(without_declarative_ne(text)))
    text = not_even_zh(text) if "一" in text or "不了" in text else text  # 我一点辣都不能吃: 我不能吃辣
    text = since_said_zh(text) if "从" in text else text  # 我从去年开始学吉他: 我去年开始学吉他
    text = named_relation_plain(text) if "我" in text else text  # 我的好朋友王芳是个医生: 我朋友王芳是个医生
    text = _WHOLE_FAMILY.sub("我们", text) if "我们" in text else text  # 我们全家下周去北京: 我们下周去北京
    text = make_said_after(text)  # 我换了个新手机，华为的: 我的手机是华为
    text = tool_roles.role_said(text)  # "using helix as my editor": "My editor is helix"
    text = date_first.owner_first(text)  # "March 3rd is my daughter's recital": "my daughter's recital is on March 3rd"
    text = weekly.every_week_zh(text) if "我" in text else text  # 我周二去健身房: 我每周二去健身房, a habit
    text = topic_first_zh(text) if "我" in text else text  # 甜食我不太爱吃: 我不太爱吃甜食
    text = health_words_spelt(favourite_now(favourite_switched(liked_thing(full_words(text)))))  # (extract.informal)
    return kin_in_chinese(text) if mixes_scripts(text) else text  # mother-in-law住在长沙: 我岳母住在长沙


#: The number or letter of a list item ("1. ", "2) ", "a) "): an answer to numbered questions ("To answer your
#: questions: 1. I'm on Windows 10. 2. ...") stored nothing of its items, a bullet's symbol being stripped already. A
#: number with no space after its stop ("3.5 years") is no item's.
_LIST_NUMBER = lazy_regex(r"^(?:\d{1,2}[.)]|[a-z]\))\s+")


#: 从 and a time before 开始 or 起 (我从去年开始学吉他, 我从下周起不喝咖啡了): the time a beginning names, said as
#: 我去年开始学吉他 says it, which the beginning and learning shapes read; with 从 they stored nothing.
_STANDING = lazy_regex(STANDING_ZH)
_SINCE_ZH = lazy_regex(r"从(?P<t>[^，,。.！!？?；;从]{1,8}?)(?:开始|起)(?=[\u4e00-\u9fff])")


#: A change said with "now" first and "instead" last ("Now I cycle to work instead.", "These days I take the train
#: instead"): the statement with "now" where the readers take it ("I cycle to work now."). "instead" with no "of" after
#: it names nothing replaced; "now" says the change. Before, "Now I cycle to work instead." stored nothing after "I take
#: the bus to work." while "I cycle to work now." superseded the bus.
_NOW_FIRST = lazy_regex(r"^(?:now|these days|nowadays)\s*,?\s+(?P<rest>(?:i|we)\s+(?!(?:know|see|think|guess|get|"
                        r"understand|remember|realize|realise|wonder|need|want|have to|'m going to|am going to)\b)"
                        r"[^,;?]+?)\s+instead(?P<end>[.!]*)$", re.IGNORECASE)

#: 现在 / 如今 / 这些天 said before 我 (现在我改成每天早上游泳了, 现在我改喝茶了): said after it, where the readers of a
#: change take it (我现在改成每天早上游泳了 was a habit changed, 现在我改成每天早上游泳了 stored nothing).
_NOW_FIRST_ZH = lazy_regex(r"^(?P<now>现在|如今|这些天|这几天)[，,]?我(?![们的])")


def now_first(sentence: str) -> str:
    """``sentence`` as "<statement> now" when it says "now" first and "instead" last (``_NOW_FIRST``), else unchanged.

    >>> now_first("Now I cycle to work instead."), now_first("These days we take the train instead")
    ('I cycle to work now.', 'we take the train now')
    >>> now_first("Now I know instead"), now_first("Now I cycle to work instead of driving.")
    ('Now I know instead', 'Now I cycle to work instead of driving.')
    """
    m = _NOW_FIRST.match(sentence.strip())
    if m is None:
        return sentence
    return f"{m.group('rest')} now{m.group('end')}"


def since_said_zh(sentence: str) -> str:
    """``sentence`` with 从 <a time> 开始/起 said as <the time>开始 (``_SINCE_ZH``); a 从 before no time (从小就,
    从那时起, 从头开始) is kept.

    >>> since_said_zh("我从去年开始学吉他"), since_said_zh("我从下周起不喝咖啡了"), since_said_zh("我从小就喜欢画画")
    ('我去年开始学吉他', '我下周开始不喝咖啡了', '我从小就喜欢画画')
    """
    def said(m: re.Match[str]) -> str:
        if _STANDING.match(m.group(0)):  # 从今天起, 从现在开始: from now on, a standing choice (extract.for_now)
            return m.group(0)
        span = time_span(m.group("t"))
        return f"{m.group('t')}开始" if span == (0, len(m.group("t"))) else m.group(0)
    return _SINCE_ZH.sub(said, sentence)


#: 我们全家, 我们一家人, 我们一家三口: the household, as 我们 says it (我们下周去北京 was a trip, 我们全家下周去北京
#: stored nothing, nor did 我们全家都喜欢吃辣).
_WHOLE_FAMILY = lazy_regex(r"我们(?:全家|一家(?:[三四五六]口)?)(?:人(?!的)|(?![人的]))")


#: Typographic apostrophes and quotes to their ASCII forms: the English patterns spell "I'm",
#: "don't", "I've" with U+0027, and phones and Macs send U+2019 ("I’m allergic to
#: peanuts" stored nothing while "I'm allergic to peanuts" did). The stored episode keeps its text.
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u02bc": "'", "\u201b": "'", "\u2032": "'",
                         "\uff07": "'", "\u201c": '"', "\u201d": '"', "\u201f": '"', "\u2033": '"'})
#: "im allergic to walnuts": chat drops the apostrophe of "I'm"; "IM me" (instant
#: message) is upper case and left alone.
_IM = lazy_regex(r"\b([Ii])m\b(?=\s)")


#: A pasted transcript's label for the user ("User: I prefer UPS for delivery" extracted nothing
#: while 用户：以后都用顺丰 did). Only the user's own labels: after "Mom:" the words are Mom's.
_SELF_LABEL = lazy_regex(r"(?i)^(?:user|me|customer|client|human|用户|客户|我)\s*[:：]\s*")
