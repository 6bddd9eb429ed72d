"""Examples given of a kind: 我喜欢户外活动，像滑板、攀岩和街舞等等; 我不吃海鲜，比如虾和螃蟹; 我喜欢像滑板、攀岩这样的
户外运动; "I love outdoor stuff like hiking, climbing and kayaking". Each example is a fact of the kind's key family and
polarity, beside the kind itself, under the kind's person.

Two forms. Inside one value (``inline``, read by ``clauses.like_finding``): the kind and its examples joined by a word
of example (像…这样的, …之类的, 比如, "like", "such as"); "outdoor stuff like hiking" was one like. After the kind, in
a clause of its own (``given``): the clause opens with a word of example (像, 比如, 例如, 尤其是 …) and holds nothing
but a list, so no pattern read it and only the kind was kept; the examples take the kind's place in the clause that
named it (我喜欢滑板、攀岩、街舞), which is read again.

Only a list of bare names is read (``listed``: at most ten characters each, no pronoun, adverb, particle or verb;
像是在看自己的故事, "people like you", "stuff like that" name no example), and only after a like, a dislike, what one
learns or is doing, or a habit: 我住在南方，比如广州 is no fact kept per item.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from memstrata.text.regex import lazy_regex

if TYPE_CHECKING:
    from memstrata.extract.clauses import Finding

#: Where a Chinese list of examples is cut; never at 与, which joins the words of a name (枪与玫瑰).
_SPLIT_ZH = lazy_regex(r"以及|还有|或者|[、，,和及或/]")
#: What a bare Chinese name of a thing never holds: 我 or 你, an adverb, a particle, an aspect or modal word, a verb
#: of being, a number. Shared with the items of a like's comma list (``like_lists_zh``), which refuse 他 or 这
#: anywhere.
NOT_BARE_ZH = (r"[我你很太也都就了吗呢吧啊呀哦嘛么是有会要能想在不没真最更挺每越又再才还着]|"
               r"比较|非常|特别|尤其|其实|因为|所以|但是|不过|可以|觉得|感觉|一下|一点|有点|\d")
#: What a bare Chinese example never holds: the above, a pronoun at its start (吉他 holds none), 的, 时候; nor a part
#: of a kind (历史类, 哲学方面), which names nothing without the kind.
_NOT_AN_EXAMPLE_ZH = lazy_regex(rf"^(?:[他她它这那]|自己)|的|时候|{NOT_BARE_ZH}|(?:类|方面|之类|一类|型|风格|系列)$")
#: A title in 《》 is an example whatever it holds (《追风筝的人》).
_TITLE = lazy_regex(r"^《[^《》]{1,20}》$")
#: Where an English list of examples is cut, and its closing "etc." / "and so on": at commas only, the liked thing's
#: own reading splits at "and" where a list does ("hot and sour soup" is one dish, ``clauses.like_finding``).
_SPLIT_EN = lazy_regex(r"\s*,\s*(?:and\s+|or\s+)?", re.IGNORECASE)
_AND_SO_ON_EN = lazy_regex(r"\s*,?\s*(?:etc\.?|and so on|and stuff|and the like)\s*$", re.IGNORECASE)
#: An English word no example opens with: a pronoun, a determiner of what was said, a degree ("like crazy", "like
#: really", "like a lot").
_NOT_AN_EXAMPLE_EN = lazy_regex(
    r"^(?:i|me|my|you|your|he|him|his|she|her|it|its|we|us|our|they|them|their|this|that|these|those|such|so|what|"
    r"how|when|where|who|crazy|mad|hell|nothing|anything|everything|something|mine|yours|always|never|usually|"
    r"before|now|normal|usual|a lot|a bit|so much|kind of|sort of|to|the way|there|here|one|ones|family|home|forever|"
    r"yesterday|today|(?:real|total|literal|actual|honest|serious|probab|definite|basical|absolute|complete|"
    r"usual|pretty|very|super|so|too|just|all|both)(?:ly)?)\b",
    re.IGNORECASE)
#: A bare English example: a few words of letters, no preposition ("scriptwriting during mornings" says when) and no
#: pronoun.
_ITEM_EN = lazy_regex(r"^[a-z][\w'\-]*(?:\s+[\w'\-]+){0,5}$", re.IGNORECASE)
_PREPOSITION_EN = lazy_regex(r"\b(?:in|on|at|during|for|with|to|from|by|of|about|after|before|when|while|every|"
                             # "like the ones I've been doing": a clause about something said, no name
                             r"i|i'm|i've|i'd|we|you|he|she|they|it|ones?)\b", re.IGNORECASE)


def listed(text: str, lang: str = "zh") -> list[str]:
    """The examples of a list (滑板、攀岩和街舞 → 滑板, 攀岩, 街舞; "hiking, climbing, and kayaking"), when each is a
    bare name (module docstring); ``[]`` otherwise.

    >>> listed("滑板、攀岩和街舞"), listed("是在看自己的故事"), listed("Paris, Rome", "en")
    (['滑板', '攀岩', '街舞'], [], ['Paris', 'Rome'])
    """
    if lang == "zh":
        out = [p.strip(" \t。，,！!.…~") for p in _SPLIT_ZH.split(text)]
        return out if all(_TITLE.match(p) or (p and len(p) <= 10 and not _NOT_AN_EXAMPLE_ZH.search(p))
                          for p in out) else []
    out = [p.strip(" \t.!") for p in _SPLIT_EN.split(_AND_SO_ON_EN.sub("", text.strip()))]
    return out if all(_ITEM_EN.match(p) and not _NOT_AN_EXAMPLE_EN.match(p) and not _PREPOSITION_EN.search(p)
                      for p in out) else []


#: A Chinese value that names its examples first (像滑板、攀岩这样的户外运动, 滑板、攀岩之类的户外运动) or after the
#: kind with no comma (经典文学作品比如《瓦尔登湖》).
_INLINE_ZH = (lazy_regex(r"^(?:像|比如|例如|诸如|类似)(?P<x>.+?)"
                         r"(?:这样的?|这类的?|这种|那样的|之类的?|一类的?|等等?的?)(?P<k>[^、，,]{2,10})$"),
              lazy_regex(r"^(?P<x>[^、，,]+?[、和及][^，,]+?)(?:这样的|这类的?|之类的?|一类的?)(?P<k>[^、，,]{2,10})$"),
              lazy_regex(r"^(?P<k>[^、，,]{2,10}?)(?:比如说?|例如|譬如|像是|像)(?P<x>.+?)(?:等等|等|之类的?|什么的)?$"))
#: An English value with its examples after the kind: "outdoor stuff like hiking", "cities such as Paris and Rome".
_INLINE_EN = lazy_regex(r"^(?P<k>[a-z][\w'\-]*(?:\s+[\w'\-]+){0,3}?)\s*,?\s+(?:like|such as|including|for example|"
                        r"for instance|e\.g\.,?|especially)\s+(?P<x>.+)$", re.IGNORECASE)
#: A word that names no kind of its own: the examples alone are liked (像火锅、烧烤之类的东西, "stuff like hiking").
_NO_KIND = lazy_regex(r"^(?:东西|事情?|事物|玩意儿?|things?|stuff)$", re.IGNORECASE)
#: A kind that is no kind: a pronoun or a thing pointed at ("it like that", 这个比如…).
_NOT_A_KIND = {"zh": lazy_regex(r"^(?:[我你他她它这那]|自己|什么)"), "en": _NOT_AN_EXAMPLE_EN}


def inline(value: str, lang: str) -> tuple[str, list[str]] | None:
    """The kind and its examples when ``value`` names both (module docstring), else ``None``; the kind ``""`` when
    it is a word of no kind (``_NO_KIND``: 东西, "stuff").

    >>> inline("像滑板、攀岩这样的户外运动", "zh"), inline("outdoor stuff like hiking", "en")
    (('户外运动', ['滑板', '攀岩']), ('outdoor stuff', ['hiking']))
    >>> inline("people like you", "en") is None, inline("冲浪、潜水和皮划艇", "zh") is None
    (True, True)
    """
    for rx in _INLINE_ZH if lang == "zh" else (_INLINE_EN,):
        m = rx.match(value.strip())
        if m is None or _NOT_A_KIND[lang].match(m.group("k")):
            continue
        if examples := listed(m.group("x"), lang):
            kind = m.group("k").strip()
            return ("" if _NO_KIND.match(kind) else kind), examples
    return None


#: A Chinese clause of examples after the clause naming their kind, and what may close it (等等, 之类的, 什么的).
_EXAMPLES_AFTER = lazy_regex(r"^(?:像是|像|比如说|比如|比方说|例如|譬如|诸如|包括|尤其是|特别是|主要是)[：:，,\s]*"
                             r"(?P<x>.+?)(?:等等|等|之类的?|什么的|这些|这类的?|这样的|一类的?)?(?:东西|的)?[。！!.…~]*$")
#: The keys whose kind a list of examples may stand for: likes and dislikes, what is learned or done, habits.
_KINDS = lazy_regex(r"\.(?:like|dislike|avoid)$|^(?:preference\.(?:like|dislike|habit)|activity\.(?:learning|current)"
                    r"|hobby\.\w+)$")
#: Where a Chinese sentence's clauses part.
_CLAUSE_END = lazy_regex(r"[，,；;。！!]")


def given(sentence: str, found: list[Finding], read: Callable[[str], list[Finding]]) -> list[Finding]:
    """The facts the Chinese clauses of examples in ``sentence`` stand for, beside ``found`` (what the sentence stated):
    in the clause before each, a kind's value (a finding of ``found`` whose key ``_KINDS`` admits) is replaced by the
    examples, joined with 、, and that clause read again with ``read``; the findings whose value is an example and whose
    key has the kind's polarity are kept. ``[]`` when ``sentence`` lists no examples after a kind it states."""
    kinds = [f for f in found if not f.retract and _KINDS.search(f.key)]
    if not kinds:
        return []
    out: list[Finding] = []
    for before, clause in itertools.pairwise(c for c in _CLAUSE_END.split(sentence) if c.strip()):
        m = _EXAMPLES_AFTER.match(clause.strip())
        examples = listed(m.group("x")) if m else []
        for kind in (k for k in kinds if examples and k.value in before):
            joined = "、".join(examples)
            at = before.rfind(kind.value)
            said = _each(read(before[:at] + joined + before[at + len(kind.value):]), joined, examples)
            polarity = kind.key.rsplit(".", 1)[-1]
            if named := [f for f in said if f.value in examples and not f.retract and _KINDS.search(f.key)
                         and f.key.rsplit(".", 1)[-1] == polarity]:
                out += named
                break
    return out


def _each(said: list[Finding], joined: str, examples: list[str]) -> list[Finding]:
    """``said`` with a finding whose value is the whole list (我在学吉他、尤克里里 is one ``activity.learning``) made
    one finding per example, its statement saying that example."""
    return [replace(f, value=item, statement=f.statement.replace(joined, item)) if f.value == joined else f
            for f in said for item in (examples if f.value == joined else [f.value])]
