"""Discourse markers around a statement: "Actually I quit coffee", "I'm not vegetarian anymore
actually", "Never mind, I actually don't mind flying now", 其实我现在能吃一点辣了, 改主意了，五一不去成都了.

A marker says how the speaker holds what follows (a correction, a hesitation, an aside), never what
is stated. The statement shapes are anchored at the clause's start ("I ...", 我...) and end, so an
opening or closing marker hid the statement from every one of them, and a change of mind said
casually changed nothing. This is the one vocabulary of such markers, read in one place
(``extract.rules``): a sentence in which no reading finds anything is read again without its
markers (``without``). So a marker never adds a fact the bare statement would not give, and a
reply that is a correction by its marker ("Actually FedEx", ``extract.ellipsis``) is still read
with it.
"""

from __future__ import annotations

from memstrata.text.regex import lazy_regex

#: English markers that open a statement (each may repeat, with or without a comma): fillers,
#: hesitations, asides and the announcements of a change ("change of plans", "on second thought").
MARKERS_EN = (
    "actually", "well", "hmm+", "um+", "uh+", "oh", "ok", "okay", "anyway", "anyways", "honestly",
    "to be honest", "tbh", "btw", "by the way", "fyi", "just so you know", "never ?mind", "scratch that",
    "on second thoughts?", "change of plans?", "plans? changed", "wait", "sorry", "oh and", "quick update",
    # joining words are markers only before a comma or the speaker ("So much has been going on" is no "so")
    r"(?:so|and|but|also)(?=\s*,|\s+(?:i|i'm|i've|i'd|i'll|we|we're|we've)\b)",
)
#: Chinese markers that open a statement: 其实, 说实话, 对了, 改主意了 … (never 算了: with a value alone it is a
#: correction of its own, ``extract.ellipsis``).
MARKERS_ZH = (
    "其实", "说实话", "老实说", "实话说", "说真的", "讲真", "对了", "话说", "哦", "噢", "嗯", "啊", "哎", "唉", "诶",
    "好吧", "那个", "我改主意了", "改主意了", "计划有变", "计划变了", "计划改了", "更新一下", "另外", "还有", "不过",
)
_OPEN_EN = lazy_regex(r"(?i)^(?:(?:" + "|".join(MARKERS_EN) + r")\b[\s,;:!.…—–]*)+(?=\w)")
_OPEN_ZH = lazy_regex(r"^(?:(?:" + "|".join(MARKERS_ZH) + r")[\s，,、：:！!。…—～~-]*)+(?=\w)")
#: Markers that close an English statement: "…, actually", "… though", "… tbh", "… haha".
_CLOSE_EN = lazy_regex(r"(?i)[\s,]+(?:actually|though|tbh|honestly|anyway|lol|lmao|haha+|ugh+|or so|give or take|"
                       r"more or less)(?=[\s.!…]*$)")
_CLOSE_ZH = lazy_regex(r"(?:其实|哈+|呵+)(?=[\s。！!…～~]*$)")
#: "I actually don't mind flying", "I'm actually not vegetarian": the adverb after the subject.
_INNER_EN = lazy_regex(r"(?i)^(?P<s>i|we|i'm|we're|i've|we've)\s+(?:actually|honestly|really)\s+")


def without(sentence: str) -> str | None:
    """``sentence`` without its opening and closing discourse markers, or ``None`` when it has none,
    or when nothing would be left of it.

    >>> without("Actually I quit coffee."), without("I'm not vegetarian anymore actually.")
    ('I quit coffee.', "I'm not vegetarian anymore.")
    >>> without("Never mind, I actually don't mind flying now."), without("其实我现在能吃一点辣了。")
    ("I don't mind flying now.", '我现在能吃一点辣了。')
    >>> without("I quit coffee."), without("Actually FedEx"), without("Actually!")
    (None, 'FedEx', None)
    """
    bare = _OPEN_ZH.sub("", _OPEN_EN.sub("", sentence.strip()))
    bare = _INNER_EN.sub(lambda m: m.group("s") + " ", _CLOSE_ZH.sub("", _CLOSE_EN.sub("", bare)))
    bare = bare.strip()
    if bare == sentence.strip() or not any(c.isalnum() for c in bare):
        return None
    return bare[0].upper() + bare[1:] if bare[0].islower() and bare[:2].lower() != "i'" else bare
