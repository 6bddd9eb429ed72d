"""A fact followed by a clause addressed to the assistant: the fact's clause read on its own.

"I'm allergic to shellfish so keep that in mind if you ever suggest restaurants" stored nothing (the condition
made the whole sentence a hypothetical), "I work at Google so keep that in mind" stored the employer
``Google so keep that in mind`` and 我对芒果过敏，所以以后推荐水果的时候注意一下 a habit of the user's,
``推荐水果的时候注意一下``. The user states a fact and tells the assistant what to make of it; the second
clause is the assistant's part, never more of the fact. Its shapes, in both languages:

* a consequence said as an imperative: "…, so keep that in mind", "… so please skip it", "… so don't suggest
  X" (``so`` and a verb of an instruction, with "please" / "just" before it); 所以 / 因此 with no subject of
  its own (所以推荐餐厅时记住这一点, 所以以后推荐水果的时候注意一下);
* a condition on the listener: "… if you ever suggest restaurants", "… whenever you plan dinners", "… in case
  you book a table", "… if that matters", "…, just so you know", "…, which you should remember"; 如果你…(的话),
  你…的时候.

The fact's clause is read alone; an imperative after ``so`` is read alone too (a standing instruction,
"I use zsh, so always write snippets for zsh", is ``extract.directives``'s), a condition is dropped, and so is
a Chinese 所以 clause (its 以后 was read as the user's habit). A Chinese 所以 clause counts only with a word of
asking or of the listener in it (你, 请, 记得, 注意, 别, 推荐 …): 所以经常加班 is the user's. A clause
with a subject of its own ("… so I'm usually the one doing school runs", 所以我一般不去川菜馆) is the user's
and is left to the other shapes, as is a condition that the clause before it points at ("I like it when you
reply in bullets", "I'd appreciate it if you kept it short": the condition is the thing liked).
"""

from __future__ import annotations

import re

from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE

#: Verbs an instruction to the assistant opens with after "so" ("so keep that in mind", "so don't suggest
#: sushi"); a word of degree ("so much", "so good") or a subject ("so I", "so we") opens none.
_ASK_EN = (r"(?:keep|remember|bear|note|make\s+sure|don't|dont|do\s+not|never|always|avoid|skip|leave|use|write|"
           r"plan|book|pick|choose|suggest|recommend|factor|take\s+(?:that|this|it)\s+into|check|go\s+easy|"
           r"be\s+(?:careful|mindful|aware)|steer|stick|default|assume|consider|exclude|no\s+more)\b")
_PLEASE_EN = r"(?:(?:please|pls|plz|just|maybe|definitely|kindly)\s+)*"
#: "so" and an instruction: the instruction is a clause of its own.
_SO_ASK_EN = lazy_regex(rf"(?:\s*,\s*|\s+)(?:and\s+)?so\s+(?={_PLEASE_EN}{_ASK_EN})", _IC)
#: A condition on the listener or on the fact's use: dropped with everything after it.
_IF_YOU_EN = lazy_regex(
    r"(?:\s*[,;—–-]\s*|\s+)(?:(?:just\s+)?in\s+case\b|(?:if|when|whenever|once|anytime|any\s+time)\s+(?:you|u|ya)\b"
    r"|if\s+(?:that|it|this)\s+(?:ever\s+)?(?:matters?|helps?|is\s+(?:relevant|useful|important))\b"
    r"|(?:just\s+)?so\s+you\s+know\b|for\s+(?:future\s+)?reference\b|which\s+(?:you|is\s+(?:good|useful|important)"
    r"\s+to\s+know)\b).*$", _IC)
#: A joining word left at the end of a clause when the condition after it is cut ("loves jazz so if you …").
_JOINER_EN = lazy_regex(r"(?:[\s,;]+(?:so|and|but|then))*[\s,;]*$", _IC)
#: What a condition may be the object of: "I like it when you …", "I'd appreciate it if you …", "I prefer when you …".
#: "I was wondering if you could …", "not sure if you …": the condition is what one asks, a request, no condition.
_POINTED_EN = lazy_regex(r"\b(?:it|that|this|them|prefer|like|love|hate|(?:n't|not)\s+mind|want|appreciate|wish|help|"
                         r"wonder(?:ing|ed)?|ask(?:ing|ed)?|see|know|curious|sure|check|tell\s+me)\s*$", _IC)

#: 所以 / 因此 / 那 opening a clause without a subject of its own (所以我…, 所以他… are statements), and a
#: condition on the listener: 如果你…, 要是你…, 你…的时候, 万一….
_SO_ASK_ZH = lazy_regex(r"(?:^|[，,；;])\s*(?:所以|因此|因而)[，,]?\s*(?![我他她咱])"
                        r"(?=.*(?:你|您|请|记得|记住|注意|留意|考虑|避开|别|不要|推荐|建议|安排|帮我|给我))")
_IF_YOU_ZH = lazy_regex(r"[，,；;]\s*(?:(?:如果|要是|假如|万一|以后)?(?:你|您)|(?:如果|要是|假如|万一)(?=.*的话)).*$")


#: A question to the listener (你有什么推荐吗？, 你觉得呢): the sentence is a question, read as one (``extract.tidy``).
_ASKED_ZH = lazy_regex(r"[？?吗呢]|什么|怎么|有没有|是不是|能不能|可不可以|觉得")


def clauses(sentence: str) -> list[str]:
    """``sentence`` as its fact's clause and, after "so", an instruction's clause of its own; a clause addressed
    to the assistant as a condition is dropped. ``[sentence]`` when there is none; ``[]`` for a Chinese 所以
    clause addressed to the listener that came as a sentence of its own (the script's switch cut
    我用zsh，所以以后给我… in two).

    >>> clauses("I'm allergic to shellfish so keep that in mind if you ever suggest restaurants")
    ["I'm allergic to shellfish", 'keep that in mind']
    >>> clauses("I'm vegan, which you should remember when booking dinners")
    ["I'm vegan"]
    >>> clauses("I like it when you reply in bullet points")
    ['I like it when you reply in bullet points']
    >>> clauses("我对芒果过敏，所以以后推荐水果的时候注意一下")
    ['我对芒果过敏']
    >>> clauses("所以以后给我shell命令都用zsh的写法")
    []
    """
    if any("\u4e00" <= ch <= "\u9fff" for ch in sentence):
        return _zh(sentence)
    m = _IF_YOU_EN.search(sentence)
    if m is not None and m.start() > 0 and not _POINTED_EN.search(sentence[: m.start()]):
        head = _JOINER_EN.sub("", sentence[: m.start()])  # "… so if you recommend gifts": "so" is the condition's
        return clauses(head) if head else [sentence]
    m = _SO_ASK_EN.search(sentence)
    if m is None or m.start() == 0:
        return [sentence]
    head, tail = sentence[: m.start()].rstrip(" ,;"), sentence[m.end():].strip()
    return [*clauses(head), *clauses(tail)] if head and tail else [sentence]


def _zh(sentence: str) -> list[str]:
    """The Chinese shapes of ``clauses``: 如果你…的话 and 所以… addressed to the listener dropped."""
    m = _IF_YOU_ZH.search(sentence)
    if m is not None and m.start() > 0 and not _ASKED_ZH.search(m.group(0)):
        return _zh(sentence[: m.start()])
    m = _SO_ASK_ZH.search(sentence)
    if m is None:
        return [sentence]
    return _zh(sentence[: m.start()]) if m.start() > 0 else []  # a sentence of its own (after "我用zsh")
