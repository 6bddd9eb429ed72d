"""Discourse markers around a statement: "Actually I quit coffee", "I'm not vegetarian anymore
actually", "Never mind, I actually don't mind flying now", 其实我现在能吃一点辣了, 改主意了，五一不去成都了.

A marker says how the speaker holds what follows (a correction, a hesitation, an aside), never what
is stated. The statement shapes are anchored at the clause's start ("I ...", 我...) and end, so an
opening or closing marker hid the statement from every one of them, and a change of mind said
casually changed nothing. This is the one vocabulary of such markers and of the other words that open a
clause (a joining word, a greeting, "you know"), read in two ways: every clause reader cuts what opens
its clause (``without_opening``), and a sentence in which no reading finds anything is read again
without its markers (``without``, ``extract.rules``). So a marker never adds a fact the bare statement
would not give, and a reply that is a correction by its marker ("Actually FedEx", ``extract.ellipsis``)
is still read with it.
"""

from __future__ import annotations

from memstrata.text.regex import lazy_regex

#: English markers that open a statement (each may repeat, with or without a comma): fillers, hesitations, asides
#: and the announcements of a change ("change of plans", "on second thought"). Read everywhere: by every clause
#: reader (``without_opening``) and in a sentence read again without them (``without``).
MARKERS_EN = (
    "actually", "well", "hmm+", "um+", "uh+", "oh", "ok", "okay", "anyway", "anyways", "honestly",
    "to be honest", "tbh", "btw", "by the way", "fyi", "just so you know", "never ?mind", "scratch that",
    "on second thoughts?", "change of plans?", "plans? changed", "wait", "sorry", "oh and", "quick update",
    # "Actually, I changed my mind: use DHL for delivery, not UPS", as 我改主意了 below
    r"(?:i(?:'ve|\s+have)?\s+)?changed\s+my\s+mind", "change of mind",
    # the speaker misspoke before: "Oops, my blood type is A negative", "my bad, I live in Munich"
    "oops", "whoops", "my bad",
    # a chat interjection (laughter, surprise, relief, dismay): how the speaker feels about what follows, never
    # what is stated ("lol my son just turned 4", "omg we finally moved", "ugh I'm allergic to cats")
    "lol+", "lmf?ao+", "rofl", "(?:ha){2,}h?", "(?:he){2,}h?", "omf?g", "wow+", "ya+y", "ugh+", "a+w+", "a+h+",
    "o+h+", "phew", "whew", "yikes", "ge+z", "je+z", "welp", "ar+g+h+", "oof",
    # a label before a colon, comma or dash that says what kind of message follows ("Correction: Tom prefers window
    # seats", "Typo: ...", "Update - I'm at Stripe now", "PS: ..."); "Update my address to ..." is an imperative
    r"(?:(?:small|quick|one|tiny)\s+)?(?:correction|typo|update|edit|note|ps|p\.s\.?)(?=\s*[:,—–-])",
    # joining words are markers only before a comma or the speaker ("So much has been going on" is no "so")
    r"(?:so|and|but|also)(?=\s*,|\s+(?:i|i'm|i've|i'd|i'll|we|we're|we've)\b)",
    # "Let's switch to FedEx", "let's use pnpm": the imperative said of us both, as "Switch to FedEx" ("Let's talk" and
    # "let's try X", once, are no choice)
    r"let'?s(?=\s+(?:switch|change|move|go with|go back to|stick with|stay with|use|ship)\b)",
)
#: What opens a clause besides the markers, read by the clause readers only (``without_opening``): a joining
#: word before anything, a greeting or a reply, a time word, a hesitation, and the statement told as known or to
#: the listener. Cut from a whole sentence read again (``without``), they leave the start of it to readers that
#: take any "my X is Y" for an attribute ("Hi. My knee injury is a real setback", "But my chest is still so tight").
OPENERS_EN = (
    "and", "but", "so", "also", "plus", "hey", "hi", "hello", "yes", "yeah", "sure", "alright", "now", "these days",
    "nowadays", "u+m+", "u+h+m*", "erm+", "basically", "just fyi", "for the record", "heads up",
    # how a story ends, before the speaker: "In the end I chose the Subaru Outback over the RAV4", "Eventually we went
    # with Fastmail" (a long message's last step stored nothing where the sentence alone stated the choice)
    r"(?:in\s+the\s+end|eventually|ultimately|finally|at\s+last|after\s+all\s+that)(?=\s*,?\s*(?:i|we)\b)",
    # "no" as a reply ("No, I meant ..."); "No calls before 9am" is the contact hours ``routines`` reads
    r"no(?!\s+(?:calls|texts|emails|messages)\b)",
    # "You know I love hiking", "As you know, I'm vegan": the statement, told as known already
    "i mean", "i meant", "you know(?: what)?", "as you know", "like i said", "as i said", "guess what",
    # "I'm happy to say that I passed the bar exam", "I wanted to tell you that …": the statement, told to the listener
    r"(?:i'm|i am)\s+(?:so\s+|really\s+|very\s+)?(?:happy|glad|excited|thrilled|proud|pleased)\s+to\s+"
    r"(?:say|tell you|share|announce|report)(?:\s+that)?(?=\s+i\b)",
    r"i\s+(?:just\s+)?(?:wanted|want|have|had|need)\s+to\s+(?:tell\s+you|share\s+with\s+you)(?:\s+that)?(?=\s+i\b)",
)
#: Chinese markers that open a statement: 其实, 说实话, 对了, 改主意了 … (never 算了 in a sentence read again: with a
#: value alone it is a correction of its own, ``extract.ellipsis``).
MARKERS_ZH = (
    "其实", "说实话", "老实说", "实话说", "说真的", "讲真", "对了", "话说", "哦", "噢", "嗯", "啊", "哎", "唉", "诶",
    "好吧", "那个", "我改主意了", "改主意了", "计划有变", "计划变了", "计划改了", "更新一下", "另外", "还有", "不过",
    # a label of what kind of message follows: 更正一下：…, 补充一下，…, 打错字了，…
    "更正一下", "纠正一下", "更正", "纠正", "补充一下", "补充", "打错字了", "打错了", "写错了",
)
#: What opens a Chinese clause besides the markers (``without_opening`` only), as ``OPENERS_EN``. A longer opener
#: stands before the shorter one it begins with (对了 before 对, 那个 before 那).
OPENERS_ZH = (
    "嗯+", "哦+", "好的", "而且", "但是", "所以", "然后", "顺便说一下", "总之", "反正", "算了", "那", "并且", "同时",
    "而(?=[我他她])", "但(?=[我他她])", "可是(?=[我他她])",
    # 你知道我喜欢拍照: the statement, told as known already (你知道吗 alone asks)
    r"你(?:也)?知道(?:的)?(?=[，,\s]*我)",
    # 我想跟你分享我刚刚通过了面试: the statement, told to the listener
    r"(?:因为)?(?:我(?:想|要)?(?:跟|和|对|给)你(?:分享|说|讲)(?:一下)?|我(?:想|要)?告诉你)(?=[，,\s]*我)",
    # 对 as "right": not the 对 of 对花生过敏 said without 我
    "对(?!.*过敏)",
)
_BETWEEN_EN = r"\b[\s,;:!.…—–]*"
_BETWEEN_ZH = r"[\s，,、：:！!。…—～~-]*"
_OPEN_EN = lazy_regex(r"(?i)^(?:(?:" + "|".join(MARKERS_EN) + ")" + _BETWEEN_EN + r")+(?=\w)")
_OPEN_ZH = lazy_regex(r"^(?:(?:" + "|".join(MARKERS_ZH) + ")" + _BETWEEN_ZH + r")+(?=\w)")
_CLAUSE_OPEN_EN = lazy_regex(r"(?i)^(?:(?:" + "|".join(MARKERS_EN + OPENERS_EN) + ")" + _BETWEEN_EN + ")+")
#: 对了 before 对, 那个 before 那: the markers first.
_CLAUSE_OPEN_ZH = lazy_regex(r"^(?:(?:" + "|".join(MARKERS_ZH + OPENERS_ZH) + ")" + _BETWEEN_ZH + ")+")
#: Markers that close an English statement: "…, actually", "… though", "… tbh", "… haha".
_CLOSE_EN = lazy_regex(r"(?i)[\s,]+(?:actually|though|tbh|honestly|anyway|lol|lmao|haha+|ugh+|or so|give or take|"
                       r"more or less)(?=[\s.!…]*$)")
_CLOSE_ZH = lazy_regex(r"(?:其实|哈+|呵+)(?=[\s。！!…～~]*$)")
#: "I actually don't mind flying", "I'm actually not vegetarian": the adverb after the subject.
#: "Tom actually prefers window seats now": after a name too (a capitalised word that opens the clause), and after
#: a relative or a thing named with "my" / "our" ("My mom really prefers green tea"), and after its copula ("My brother
#: is actually named Tim, not Tom": a correction said inside the statement).
_INNER_EN = lazy_regex(r"^(?P<s>(?:(?i:i|we|i'm|we're|i've|we've|he|she|they|(?:my|our)\s+[a-z]+)|[A-Z][a-z]+)"
                       r"(?i:\s+(?:is|am|are|was|were)|'s)?)\s+(?i:actually|honestly|really)\s+")
#: "still" says the statement holds as before, never what it states: "I am still living in Lyon", "My shell is
#: still zsh" (after the copula too), 我仍然住在杭州, 我的shell还是zsh, 我还在用zsh (还 alone only before 在 / 住 /
#: 用: 我还没决定 is no statement said again; 还是 only as the copula of a thing of mine, keeping its 是:
#: 我们还是用老方法吧 is "we had better").
_STILL_EN = lazy_regex(r"^(?P<s>(?i:i|we|i'm|we're|i've|we've|i am|we are|he|she|they|"
                       r"(?:my|our)\s+[a-z]+(?:\s+[a-z]+){0,2}?(?:\s+(?:is|are)|'s)?)|[A-Z][a-z]+(?:\s+is|'s)?)\s+"
                       r"(?i:still)\s+")
_STILL_ZH = lazy_regex(r"^(?P<s>我们?)(?:仍然|依然|仍旧|依旧|一直都|还(?=[在住用]))"
                      r"|^(?P<t>我们?的[^，,。还]{1,6}?)还(?=是)")


def without_opening(clause: str, lang: str) -> str:
    """``clause`` without what opens it in ``lang`` (``"en"`` or ``"zh"``): the markers and the other openers
    (``OPENERS_EN`` / ``OPENERS_ZH``); an empty string when it is nothing else. Every clause reader cuts them with
    this.

    >>> without_opening("um so basically my favourite food is lasagna", "en"), without_opening("OK. I'm vegan", "en")
    ('my favourite food is lasagna', "I'm vegan")
    >>> without_opening("嗯，其实我不吃香菜", "zh"), without_opening("No calls before 9am", "en")
    ('我不吃香菜', 'No calls before 9am')
    """
    return (_CLAUSE_OPEN_ZH if lang == "zh" else _CLAUSE_OPEN_EN).sub("", clause)


#: What an instruction is for, said before it ("For deliveries, please use UPS", "In this repo let's use pnpm"): moved
#: after it, where the readers of an imperative look for it ("Please use UPS for deliveries").
_FRONTED_FOR_EN = lazy_regex(r"(?i)^(?!for\s+(?:now|the time being|today|tonight|this|once)\b)"
                             r"(?P<aim>(?:for|in|on)\s+[^,.!?]{2,40}?)\s*,?\s+"
                             r"(?P<said>(?:please|let'?s|always|never|just)\b.*?|(?:use|ship|switch)\b.*?)[.!]*$")


def marker_length(piece: str) -> int:
    """How many characters of ``piece`` its opening discourse markers take (``MARKERS_EN`` / ``MARKERS_ZH``, with
    the spaces and commas after them): ``0`` when it opens with none, or when they are all of it. A label that
    quotes what ``piece`` states leaves them out (``context.render.marked_text``): "[outdated: btw I'm vegetarian]"
    quoted the aside with the claim.

    >>> marker_length("btw I'm vegetarian"), marker_length("对了，我是素食者"), marker_length("I'm vegetarian")
    (4, 3, 0)
    >>> marker_length("Actually"), marker_length("So much has changed")
    (0, 0)
    """
    found = _OPEN_EN.match(piece) or _OPEN_ZH.match(piece)
    return found.end() if found is not None and found.end() < len(piece) else 0


def without(sentence: str) -> str | None:
    """``sentence`` without its opening and closing discourse markers, or ``None`` when it has none,
    or when nothing would be left of it.

    >>> without("Actually I quit coffee."), without("I'm not vegetarian anymore actually.")
    ('I quit coffee.', "I'm not vegetarian anymore.")
    >>> without("Never mind, I actually don't mind flying now."), without("其实我现在能吃一点辣了。")
    ("I don't mind flying now.", '我现在能吃一点辣了。')
    >>> without("I quit coffee."), without("Actually FedEx"), without("Actually!")
    (None, 'FedEx', None)
    >>> without("My brother is actually named Tim, not Tom.")
    'My brother is named Tim, not Tom.'
    """
    bare = _OPEN_ZH.sub("", _OPEN_EN.sub("", sentence.strip()))
    if (fronted := _FRONTED_FOR_EN.match(bare)) is not None:
        bare = _OPEN_EN.sub("", f"{fronted.group('said')} {fronted.group('aim')}")
    bare = _INNER_EN.sub(lambda m: m.group("s") + " ", _CLOSE_ZH.sub("", _CLOSE_EN.sub("", bare)))
    bare = bare.strip()
    if bare == sentence.strip() or not any(c.isalnum() for c in bare):
        return None
    return bare[0].upper() + bare[1:] if bare[0].islower() and bare[:2].lower() != "i'" else bare


def without_still(sentence: str) -> str | None:
    """``sentence`` without the "still" (仍然, 依然, 还是, 还在) between its subject and what it states, or ``None``
    when it has none. Read only where the whole sentence stated nothing; what it states is a confirmation of what the
    user holds (``extract.rules`` marks it ``held_only``): "My laptop is still slow" with nothing held about the
    laptop is a passing state, no new fact.

    >>> without_still("My shell is still zsh."), without_still("I am still living in Lyon.")
    ('My shell is zsh.', 'I am living in Lyon.')
    >>> without_still("我仍然住在杭州。"), without_still("我的shell还是zsh。"), without_still("我还没决定。")
    ('我住在杭州。', '我的shell是zsh。', None)
    """
    bare = sentence.strip()
    bare = _STILL_ZH.sub(lambda m: m.group("s") or m.group("t"), _STILL_EN.sub(lambda m: m.group("s") + " ", bare))
    return None if bare == sentence.strip() else bare
