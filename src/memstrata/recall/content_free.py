"""Messages that carry no content of their own: an acknowledgement ("Noted.", "Got it!", "OK thanks",
好的, 收到, 明白了) says only that the message before it was heard.

Such a turn is found by the search through its neighbour (``recall.neighbours``: the reply after a matched turn
borrows its score and its match evidence, so "4417" answers "what's the gate code?"), and a context block showed
``- 助手：Noted.`` beside the carrier fact it acknowledged: a line that tells the agent nothing. It is judged by its
shape, in either language: it holds a word of acknowledgement, thanks or receipt (a closed class, ``ACK_WORDS_EN``,
``ACK_PHRASES_ZH``), and once those, the reactions beside them ("great", 哈哈) and the function words are taken out,
nothing is left, no other word, no number, no letter of another script. An answer is content ("yes", "no", 是的,
不是: the reply to "are you allergic to peanuts?" is the answer), and so is anything more ("Noted: I'm vegan now",
好的，我下周去, "It was great!").
"""

from __future__ import annotations

from memstrata.text.hanzi import simplified
from memstrata.text.regex import lazy_regex
from memstrata.text.tokens import QUERY_STOPWORDS
from memstrata.types import Hit

#: English words that acknowledge, thank or say a message was received (lower case, whole words): "Noted.",
#: "Got it!", "OK thanks", "Sounds good", "Thanks for letting me know", "I'll remember that". Answers (yes, no,
#: sure, right, correct) are not among them: they say something.
ACK_WORDS_EN = frozenset("""
    ok okay k kk alright noted got gotcha understood roger thanks thank thx ty cheers sounds appreciate
    appreciated remember remembered mind
""".split())

#: Words taken out beside an acknowledgement that are none on their own: a reaction or the rest of a set phrase
#: ("Perfect, got it", "Will do, thanks", "I'll keep that in mind"). "It was great!" answers "how was the trip?"
#: and is kept.
REACTION_WORDS_EN = frozenset("""
    note copy cool great nice perfect awesome good fine will do done keep know let letting see makes sense
    understand lol haha hmm ah oh um uh mhm wow much lot
""".split())

#: Function words taken out beside them (``text.tokens.QUERY_STOPWORDS`` but the words of an answer:
#: "No." and "not yet" say something).
FUNCTION_WORDS_EN = QUERY_STOPWORDS - {"no", "not", "don't", "didn't"}

#: Chinese phrases of acknowledgement, thanks and receipt (Simplified: Traditional is converted first): 好的,
#: 收到, 明白了, 知道了, 好的，我记住了, 谢谢, 没问题. 是 and 对 (yes) and 不 (no) are not among them.
ACK_PHRASES_ZH = ("好的", "好嘞", "好滴", "好哒", "好", "没问题", "收到", "明白", "了解", "知道", "记住", "记下",
                  "谢谢", "多谢", "感谢", "嗯嗯", "嗯")

#: Taken out beside them, none an acknowledgement on its own: reactions, particles and pronouns (可以 and 行
#: answer "can you …?"; 我的 is no reply).
PARTICLES_ZH = ("好吧", "可以", "行", "辛苦", "哈哈", "呵呵", "哦", "噢", "喔", "哈", "哇", "啦", "了", "呢", "吧",
                "啊", "呀", "嘛", "的", "我", "你", "会", "已经", "一下")
_TAKEN_OUT_ZH = tuple(sorted(ACK_PHRASES_ZH + PARTICLES_ZH, key=len, reverse=True))
_LATIN_WORD = lazy_regex(r"[A-Za-z]+(?:'[A-Za-z]+)?")
_ASKS = lazy_regex(r"[?？]|吗")
#: Any letter or digit once the words above are taken out: a word of any script or a number is content.
_CONTENT = lazy_regex(r"[^\W_]")


def says_nothing(text: str) -> bool:
    """Whether ``text`` carries no content of its own: at least one acknowledgement (``ACK_WORDS_EN``,
    ``ACK_PHRASES_ZH``) and besides it nothing but function words, punctuation and emoji; or no letter or digit
    at all (``"👍"``, ``"..."``). Function words alone ("me too") are not an acknowledgement: they reply to what
    was said, and are kept; nor is a message that asks ("Thanks! What have you been up to?", 好的，几点？).

    >>> [says_nothing(t) for t in ("Noted.", "Got it!", "OK thanks", "好的", "收到", "明白了", "好的，我记住了", "👍")]
    [True, True, True, True, True, True, True, True]
    >>> [says_nothing(t) for t in ("Noted: I'm vegan now", "好的，我下周去", "4417", "Yes", "No.", "是的", "me too")]
    [False, False, False, False, False, False, False]
    """
    if _ASKS.search(text):
        return False  # a question asks something ("Thanks! What have you been up to?"): no acknowledgement
    acknowledged = False

    def taken_out(word: str) -> str:
        nonlocal acknowledged
        if not _is_ack_word(word.lower()):
            return word
        acknowledged = acknowledged or any(part in ACK_WORDS_EN for part in word.lower().split("'"))
        return " "
    if not _CONTENT.search(text):
        return True  # no word at all: "👍", "..."
    rest = simplified(_LATIN_WORD.sub(lambda m: taken_out(m.group()), text))
    for phrase in _TAKEN_OUT_ZH:
        if phrase in rest:
            acknowledged = acknowledged or phrase in ACK_PHRASES_ZH
            rest = rest.replace(phrase, " ")
    return acknowledged and not _CONTENT.search(rest)


#: What a word is taken out as: an acknowledgement, a function word, or the tail of a contraction ("I'll", "I'm").
_TAKEN_OUT = ACK_WORDS_EN | REACTION_WORDS_EN | FUNCTION_WORDS_EN | {"ll", "ve", "re", "m", "d", "s"}


def _is_ack_word(word: str) -> bool:
    return all(part in _TAKEN_OUT for part in word.split("'"))


def is_content_free(hit: Hit) -> bool:
    """Whether ``hit`` is a message that says nothing (``says_nothing``): it answers no question on its own,
    whatever match evidence it borrowed from the turn it replied to. A fact always says something."""
    return hit.kind == "episode" and says_nothing(hit.text)
