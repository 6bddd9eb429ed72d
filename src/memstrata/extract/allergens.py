"""The allergen of an allergy value, without the words chat glues onto it.

Without it, the words around the allergen were stored as part of it: 我对花生又过敏了 → ``花生又``,
我对花生很过敏 → ``花生很``, 我吃花生会过敏 → ``吃花生会``, "I'm allergic to peanuts again" → ``peanuts
again``, "I'm allergic to peanuts 所以不要放花生" → ``peanuts 所以不要放花生``. Such a
value is wrong twice: a filter on ``peanuts`` misses it, and "I'm not allergic to peanuts" cannot
withdraw it (a withdrawal names a value as a whole, ``facts.resolve.same_value``). ``allergen`` is the one
clean-up the patterns apply to the value they read, and the one the write path applies to a value
stored before this clean-up existed when it matches a withdrawal against it (``ingest``).
"""

from __future__ import annotations

import re

from memstrata.text.regex import lazy_regex
from memstrata.text.tokens import is_cjk

#: Degree, repetition and modal words Chinese puts between the allergen and 过敏 (又过敏, 很过敏,
#: 会过敏, 一…就过敏): none names an allergen. Longest first so 还是 is cut whole.
_ZH_BEFORE_VERB = lazy_regex(r"(?:还是|仍然|依然|一直|有点|有些|比较|特别|非常|严重|轻微|轻度|重度|超级|真的|"
                             r"确实|容易|也会|就会|也|还|又|都|很|挺|会|就|超|仍|巨)+$")
#: 吃花生会过敏 / 一吃花生就过敏 / 碰到猫就过敏: the verb of contact is not the allergen.
_ZH_CONTACT_VERB = lazy_regex(r"^一?(?:吃了?|喝了?|碰到?|接触到?|闻到?|摸到?)(?=[\u3400-\u9fff])")
#: How bad the allergy is, said before the allergen: "severe peanut" (a severe peanut allergy),
#: 严重的花生 (我有严重的花生过敏), 轻微花生. A degree of the allergy, not part of what it is to.
_EN_SEVERITY = lazy_regex(r"^(?:(?:very|really|pretty|quite|extremely|super|so)\s+)?(?:severe|serious|bad|mild|slight|"
                          r"minor|major|life[- ]threatening|deadly|deathly|anaphylactic|terrible|awful|strong|"
                          r"diagnosed|confirmed)\s+", re.IGNORECASE)
_ZH_SEVERITY = lazy_regex(r"^(?:很|非常|特别|比较|有点|有些|超级)?(?:严重|轻微|轻度|重度|中度|致命)(?:性)?的?")
#: "peanuts again", "shellfish after all", "peanuts still": when it holds, not what.
_EN_TAIL = lazy_regex(r"\s+(?:again|still|after all|as well|too|now|anymore|any more|once more|"
                      r"like before)$", re.IGNORECASE)
#: "peanuts so no peanuts", "peanuts because they make me sick", "peanuts but I love almonds": an
#: English clause run on after the allergen with no comma, as 所以 is in Chinese.
#: Not "and" alone: "peanuts and shellfish" is a list.
_EN_CLAUSE = lazy_regex(r"\s+(?:so|but|because|cause|cuz|since|though|although|which|whereas|please|pls|plz|"
                        r"thanks|thank you|thx|lol|haha\w*|btw|fyi|and\s+(?:so|please|pls|no|not|don't|dont|never|i|"
                        r"i'm|my|it|they|that|this))\b.*$", re.IGNORECASE)


def _script(ch: str) -> str:
    if is_cjk(ch):
        return "cjk"
    return "latin" if ch.isascii() and ch.isalpha() else "other"


def without_other_script_tail(value: str) -> str:
    """``value`` cut at the first space after which a run in the other script begins: a clause
    of the other language said after the value, not part of it ("peanuts 所以不要放花生", "花生 btw").
    A value in one script, or one whose scripts meet without a space (VS Code插件), is kept.

    >>> without_other_script_tail("peanuts 所以不要放花生"), without_other_script_tail("花生 btw")
    ('peanuts', '花生')
    >>> without_other_script_tail("tree nuts")
    'tree nuts'
    """
    letters = [_script(ch) for ch in value if _script(ch) != "other"]
    if not letters:
        return value
    first = letters[0]
    for m in re.finditer(r"\s+", value):
        following = next((_script(ch) for ch in value[m.end():] if _script(ch) != "other"), first)
        if following != first:
            return value[: m.start()].rstrip()
    return value


def allergen(value: str) -> str:
    """The allergen ``value`` names, without a clause in either language run on after it, Chinese
    degree or modal words before 过敏, a verb of contact in front, an English "again"/"still", or how
    severe the allergy is ("severe peanut", 严重的花生).

    >>> allergen("花生又"), allergen("吃花生会"), allergen("一吃花生就"), allergen("花生很")
    ('花生', '花生', '花生', '花生')
    >>> allergen("peanuts again"), allergen("peanuts 哈哈"), allergen("tree nuts")
    ('peanuts', 'peanuts', 'tree nuts')
    >>> allergen("peanuts so no peanuts"), allergen("shrimp because it makes me sick")
    ('peanuts', 'shrimp')
    >>> allergen("severe peanut"), allergen("严重的花生"), allergen("轻微花生")
    ('peanut', '花生', '花生')
    """
    text = without_other_script_tail(value.strip())
    text = _EN_CLAUSE.sub("", text) or text
    for _ in range(3):  # "peanuts again now", 一吃花生就会: the words stack
        before = text
        text = _EN_TAIL.sub("", text)
        text = _EN_SEVERITY.sub("", text) or text
        text = _ZH_SEVERITY.sub("", text) or text
        cut = _ZH_BEFORE_VERB.sub("", text)
        text = cut if cut else text  # 又 alone is no allergen: left for the caller's guards
        cut = _ZH_CONTACT_VERB.sub("", text)
        text = cut if cut else text
        if text == before:
            break
    return text.strip()


#: How severe an allergy is said to be, in the clause that states it: "a severe peanut allergy", "I'm
#: deathly allergic", "My peanut allergy is life-threatening", 我对花生严重过敏, 我有严重的花生过敏; "I'm
#: mildly allergic to cats", 我对花生有点过敏, 轻微. An allergy that can kill (anaphylaxis, an EpiPen carried)
#: is severe. "very" / 很 alone say how strongly, not how dangerously: no severity.
_SEVERE = lazy_regex(r"\b(?:severe(?:ly)?|serious(?:ly)?|life[- ]threatening|deadly|deathly|anaphyla(?:ctic|xis)|"
                     r"extreme(?:ly)?|dangerous(?:ly)?|epi-?pens?)\b|严重|重度|致命|休克|肾上腺素笔", re.IGNORECASE)
_MILD = lazy_regex(r"\b(?:mild(?:ly)?|slight(?:ly)?|minor|a (?:little )?bit|a little|kind of|kinda|somewhat)\b"
                   r"|轻微|轻度|有点", re.IGNORECASE)
#: A negation just before a severity word: "not serious", "isn't that severe", "not life-threatening",
#: 不严重, 不太严重, 没那么严重.
_NEGATED = lazy_regex(r"(?:\b(?:not|never|no)|n't)(?:\s+\w+){0,2}\s*$|[不没](?:太|那么|是很|是|很|算)?\s*$",
                      re.IGNORECASE)
#: A clause after an allergy that says only how severe it is: "..., it's severe", "..., life-threatening",
#: "…，很严重", 我对花生过敏很严重 (cut after 过敏 into a clause of its own), "…, I carry an EpiPen".
_SEVERITY_REMARK = lazy_regex(
    r"^(?:(?:and|but)\s+)?(?:(?:it's|it is|it can be|it could be|that's|which is|mine is|mine's)\s+)?"
    r"(?:(?:very|really|quite|pretty|so|extremely)\s+)?(?:severe|serious|life[- ]threatening|deadly|anaphylactic|"
    r"mild|minor|slight)(?:\s+(?:one|though|btw))?[.!]*$"
    r"|^(?:(?:and|so)\s+)?i\s+(?:always\s+|have to\s+|need to\s+|must\s+)?(?:carry|have)\s+(?:an?\s+|my\s+)?"
    r"epi-?pens?(?:\s+with me)?[.!]*$"
    r"|^(?:而且|并且|但是|但|不过)?(?:很|非常|特别|比较|挺|还挺|蛮|超级|相当)?(?:严重|轻微|致命)(?:的)?(?:哦|啊|呢|哈)?[。！!]*$"
    r"|^(?:所以)?(?:我)?(?:要|得|需要|一直|都)*(?:随身|随时)(?:带|携带)(?:着)?肾上腺素笔[。！!]*$"
    r"|^(?:严重(?:的话|时)|一吃就|吃了就?)?(?:会|可能会|甚至会)休克[。！!]*$",
    re.IGNORECASE)


def severity(clause: str) -> str:
    """How severe ``clause`` says an allergy is: ``severe``, ``mild`` or ``""`` (not said).

    >>> severity("a severe peanut allergy"), severity("我对花生严重过敏"), severity("I'm mildly allergic to cats")
    ('severe', 'severe', 'mild')
    >>> severity("我对花生有点过敏"), severity("I'm allergic to peanuts"), severity("it's not that serious")
    ('mild', '', '')
    >>> severity("不过不严重"), severity("没那么严重"), severity("it isn't life-threatening")
    ('', '', '')
    """
    def said(pattern: re.Pattern[str]) -> bool:
        return any(not _NEGATED.search(clause[: m.start()]) for m in pattern.finditer(clause))
    if said(_SEVERE):
        return "severe"
    return "mild" if said(_MILD) else ""


def severity_remark(clause: str) -> str:
    """The severity a clause said after an allergy gives it when the clause says nothing else
    ("it's severe", 很严重, "I carry an EpiPen"), else ``""``.

    >>> severity_remark("it's life-threatening"), severity_remark("很严重"), severity_remark("I carry an EpiPen")
    ('severe', 'severe', 'severe')
    >>> severity_remark("so be careful"), severity_remark("it's mild")
    ('', 'mild')
    """
    return severity(clause) if _SEVERITY_REMARK.match(clause.strip()) else ""


#: What is left of 我有过敏, 我有点过敏, 我有严重的过敏 once 我, 有 and 过敏 are read: no allergen (nor the 是 of
#: 我还是过敏 read as 还 + 是: it stored the allergen 是).
_ZH_NO_ALLERGEN = lazy_regex(r"(?:有|点|有点|有些|一点|容易|很容易|比较容易|的|是)+")


def names_no_allergen(value: str) -> bool:
    """Whether ``value``, read as an allergen, is only words of degree, severity or having (我有过敏
    → 有, 我有点过敏 → 点, 我有严重的过敏 → 严重的, 我很容易过敏 → 很容易): no allergen is named.

    >>> names_no_allergen("有"), names_no_allergen("严重的"), names_no_allergen("很容易"), names_no_allergen("花生")
    (True, True, True, False)
    """
    text = allergen(value)
    return (not text or bool(_ZH_NO_ALLERGEN.fullmatch(text)) or bool(_ZH_BEFORE_VERB.fullmatch(text))
            or bool(_ZH_SEVERITY.fullmatch(text)))
