"""Sentences that mix Chinese and English: where one switches language between clauses
(``split_languages``), whether it mixes the scripts at all (``mixes_scripts``), and the clause after
a short run in another script (``after_other_script``). ``extract.rules`` reads each part with its
own language's patterns.
"""

from __future__ import annotations

import re

from memstrata.extract import kin
from memstrata.text.regex import lazy_regex
from memstrata.text.tokens import QUERY_STOPWORDS, is_cjk

CJK = "\u3400-\u9fff\uf900-\ufaff"
#: Where a message switches language between two clauses: Chinese, then an English clause
#: opening with its subject ("我对花生过敏 and I prefer aisle seats"); or English, then a comma
#: and Chinese ("I'm allergic to peanuts，以后都用顺丰"). An English word inside a Chinese
#: clause ("我喜欢用 iPhone 拍照") matches neither, so it stays whole.
#: Also where a clause is followed by a remark in the other language that opens with a discourse
#: word and runs to the end ("我对花生过敏 btw", "我对花生过敏. So no peanuts please", "I'm allergic to
#: peanuts 所以不要放花生", "I live in Boston 哈哈"): unread, these stored nothing, or the remark inside the
#: value. A name in the other script ("我喜欢 Red Hot Chili Peppers", "I prefer 顺丰") opens with none.
_EN_REMARK = (r"(?:so|btw|lol|lmao|haha\w*|hehe\w*|ok|okay|pls|please|thanks|thank you|thx|ty|fyi|just so you know|"
              r"and|but|because|cuz|remember|be careful|thx|sorry|cool|omg|right|yeah|yes)")
_ZH_REMARK = (r"(?:所以|因此|因为|但是|不过|而且|另外|还有|然后|对了|哈哈|呵呵|嘻嘻|嘿嘿|谢谢|多谢|谢了|请|麻烦|拜托|"
              r"千万|记得|注意|别|不要|不能|你)")
_LANGUAGE_SWITCH = lazy_regex(
    rf"(?<=[{CJK}])[\s,，;；]*(?=(?:(?:and|but|also|plus)\s+)?(?:I|I'm|I've|I'd|my|we|we're|our)\b)"
    # 我的编辑器是Neovim，不是Vim: one correction; 我们不再用UPS，改用DHL: one switch
    rf"|(?<=[A-Za-z0-9.!?)])\s*[,，;；]\s*(?=(?!不是|改用|改成|换成|换用|而是|而不是)[{CJK}])"
    rf"|(?<=[{CJK}])[\s,，;；.。!！]*(?=(?i:{_EN_REMARK})\b[^{CJK}]*$)"
    rf"|(?<=[A-Za-z0-9)])\s+(?={_ZH_REMARK})"
)

#: An English word for a relative opening a Chinese clause, after 我的 / 我 / "my" or alone ("mother-in-law住在长沙",
#: "我的boyfriend对猫过敏"): one or two words, then Chinese.
_KIN_FIRST = lazy_regex(rf"^(?:我的?|(?i:my)\s+)?(?P<w>[A-Za-z][A-Za-z-]*(?:\s[A-Za-z][A-Za-z-]*)?)\s*(?=[{CJK}])")


def kin_in_chinese(sentence: str) -> str:
    """``sentence`` with an English word for a relative that opens it said in Chinese ("mother-in-law住在长沙" →
    我岳母住在长沙, "my boyfriend对猫过敏" → 我男朋友对猫过敏), so the statement is the relative's, as the Chinese
    reads it, never the user's; ``sentence`` unchanged when no such word opens it ("Tom住在长沙", "iPhone很好用").

    >>> kin_in_chinese("mother-in-law住在长沙"), kin_in_chinese("我的boyfriend对猫过敏"), kin_in_chinese("Tom住在长沙")
    ('我岳母住在长沙', '我男朋友对猫过敏', 'Tom住在长沙')
    """
    m = _KIN_FIRST.match(sentence)
    if m is None or (word := kin.chinese_word(m.group("w"))) is None:
        return sentence
    return f"我{word}{sentence[m.end():]}"


#: An English verb of a change, an ending or a beginning inside a Chinese clause (我cancelled Spotify了, Netflix我上周
#: cancel了, 我switch到Android了, 笔记我migrate到Obsidian了, 我现在quit咖啡了, 我started at Google), by the Chinese verb
#: that says the same (取消, 换成, 戒掉, 开始在…上班), so the Chinese patterns of changes read the clause as they read
#: it said in Chinese. A verb is in a Chinese clause when a Chinese character stands right before it; English
#: around it ("I cancelled Spotify") is left to the English patterns. Verbs, not names: which thing is cancelled or
#: switched to is read after, by the same patterns as any Chinese clause.
_EN_VERB_IN_ZH = lazy_regex(
    rf"(?<=[{CJK}])\s*(?i:(?P<cancel>cancel(?:l?ed)?|unsubscribe[ds]?(?:\s+from)?)"
    r"|(?P<quit>quit(?:ted)?)"
    r"|(?P<switch>(?:switch(?:ed)?|migrat(?:e|ed)|mov(?:e|ed)\s*(?:over\s+)?)\s*(?:to\b|到|成))"
    r"|(?P<start>start(?:ed)?\s+(?:working\s+)?at|began\s+(?:working\s+)?at))\s*")
#: What a job begun "at" a name is said with in Chinese: the place, then 上班 (我开始在Google上班了).
_STARTED_AT = lazy_regex(r"(?P<n>[A-Za-z][A-Za-z0-9&.'-]*(?:\s+[A-Z][A-Za-z0-9&.'-]*){0,3})\s*(?P<le>了?)"
                         r"(?P<rest>[，,。.!！]|$)")


def english_verbs_in_chinese(sentence: str) -> str:
    """``sentence`` with each English verb of a change, an ending or a beginning that stands in a Chinese clause said
    by its Chinese verb (``_EN_VERB_IN_ZH``), else unchanged.

    >>> english_verbs_in_chinese("我cancelled Spotify了"), english_verbs_in_chinese("我switch到Android了")
    ('我取消Spotify了', '我换成Android了')
    >>> english_verbs_in_chinese("我started at Google"), english_verbs_in_chinese("I cancelled Spotify")
    ('我开始在Google上班', 'I cancelled Spotify')
    """
    out: list[str] = []
    at = 0
    for m in _EN_VERB_IN_ZH.finditer(sentence):
        out.append(sentence[at:m.start()])
        at = m.end()
        if m.group("cancel"):
            out.append("取消" if m.group("cancel")[:1] in "cC" else "退订")
        elif m.group("quit"):
            out.append("戒掉")
        elif m.group("switch"):
            out.append("搬到" if m.group("switch")[:1] in "mM" and "ov" in m.group("switch") else "换成")
        elif (n := _STARTED_AT.match(sentence, m.end())) is not None:  # 我started at Google: 我开始在Google上班
            out.append(f"开始在{n.group('n')}上班{n.group('le')}")
            at = n.start("rest")
        else:
            out.append(sentence[m.start():m.end()])
    return "".join(out) + sentence[at:] if out else sentence


#: Symbols and punctuation at the start of a text (``after_other_script``, ``extract.tidy``).
LEADING_SYMBOLS = lazy_regex(r"^[\W_]+")


def mixes_scripts(sentence: str) -> bool:
    """Whether ``sentence`` has both CJK and Latin letters (only such a sentence's language is in doubt)."""
    scripts = {_script(ch) for ch in sentence if ch.isalpha()}
    return {"cjk", "latin"} <= scripts


#: Most words a leading run in another script may have for ``after_other_script`` to skip it
#: (a greeting, a name, a tag); a longer run is a clause of its own.
MAX_OTHER_SCRIPT_WORDS = 3


def _script(ch: str) -> str:
    if is_cjk(ch):
        return "cjk"
    return "latin" if ch < "\u0250" else "other"  # ASCII, Latin-1 and Latin Extended-A/B


#: A person's name in Latin letters (Tom, Sarah Lee): before a Chinese clause with no subject, it is the subject.
_NAME = lazy_regex(r"[A-Z][a-z]+(?:\s[A-Z][a-z]+)?")


def after_other_script(sentence: str) -> str | None:
    """``sentence`` from its first letter in another script than its first letter's, when the
    run before it is at most ``MAX_OTHER_SCRIPT_WORDS`` words and none of them an English
    function word; else ``None``. The patterns are anchored at the clause start, so a word they
    cannot read in front of a clause hid it ('שלום I like falafel', 'CANARYKEEP 我喜欢吃辣');
    "My friend said 我喜欢吃辣" is someone else's clause and stays whole.

    >>> after_other_script("שלום I like falafel"), after_other_script("CANARYKEEP 我喜欢吃辣")
    ('I like falafel', '我喜欢吃辣')
    """
    letters = [(i, ch) for i, ch in enumerate(sentence) if ch.isalpha()]
    if not letters:
        return None
    first = _script(letters[0][1])
    cut = next((i for i, ch in letters if _script(ch) != first), None)
    run = re.findall(r"[^\W\d_]+", sentence[:cut].casefold())
    if cut is None or len(run) > MAX_OTHER_SCRIPT_WORDS or QUERY_STOPWORDS.intersection(run):
        return None
    rest = LEADING_SYMBOLS.sub("", sentence[cut:])
    before = sentence[:cut].strip()
    if _NAME.fullmatch(before) and is_cjk(rest[:1]) and not rest.startswith(("我", "咱")):
        return None  # "Tom住在长沙": the name is whom the clause is about, no word that hid the user's clause
    if is_cjk(before[:1]) and _PREDICATE_FIRST.match(rest) and before not in ("我", "我们", "咱们"):
        # "我老公 is allergic to shellfish": the Chinese words are the subject of an English predicate, never a
        # word that hid the user's clause; a relative is said in English, anyone else reads nothing
        relative = _MY_KIN_ZH.fullmatch(before)
        if relative is None or relative.group("w") not in kin.ZH_WORDS:
            return None
        return f"my {kin.subject(relative.group('w'))} {rest}"
    return rest or None


#: An English clause that opens with its predicate, no subject of its own: "is allergic to ...", "loves jazz",
#: "works at Google", "can't eat gluten" (a lower-case first word that is no pronoun).
_PREDICATE_FIRST = lazy_regex(r"^(?!(?:i|i'm|im|i've|i'd|i'll|my|we|we're|our|me)\b)[a-z][a-z']*\b")
#: A relative said in Chinese as the speaker's: 我老公, 我的女儿, 老公.
_MY_KIN_ZH = lazy_regex(r"(?:我的?)?(?P<w>[\u4e00-\u9fff]{1,4})")


def split_languages(sentence: str) -> list[str]:
    """``sentence`` cut where it switches between a Chinese and an English clause (see
    ``_LANGUAGE_SWITCH``), so each part goes to its own language's patterns; one part
    when it does not switch. A comma after an English word that ends a Chinese clause switches nothing
    (我刚拿到offer，下个月去华为: one Chinese sentence, read whole, so each clause sees the other)."""
    parts: list[str] = []
    start = 0
    for m in _LANGUAGE_SWITCH.finditer(sentence):
        before, after = sentence[start:m.start()], sentence[m.end():]
        if m.group(0).strip(" ,，;；") == "" and m.group(0).strip() and _chinese(before) and _chinese(after):
            continue  # a comma between two Chinese clauses
        parts.append(before.strip())
        start = m.end()
    parts.append(sentence[start:].strip())
    return [p for p in parts if p] or [sentence]


def _chinese(clause: str) -> bool:
    """Whether ``clause`` is mostly Chinese: more CJK letters than Latin words (不用pip, 我刚拿到offer)."""
    return sum(1 for ch in clause if is_cjk(ch)) > len(re.findall(r"[A-Za-z]+", clause))
