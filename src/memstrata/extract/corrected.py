"""A correction inside the sentence: the value said with the one it is not.

"Scratch that, we moved to Munich, not Berlin", "My editor is Neovim, not Vim", 我住在上海，不是北京,
我不是住在北京，是上海: the positive part is read as a statement of its own, and the value after "not" /
不是 is the old one (``Finding.instead_of``): the fact engine supersedes the fact holding it, and never
stores it. Said with no statement at all ("Not Berlin, Munich", "It's Munich, not Berlin", 不是北京，是上海),
the correction names two values and no attribute: it is kept under ``CORRECTION_KEY`` and takes the key
of the fact holding the old value, or changes nothing when none does (``facts.engine``).

A contrast between likes ("I like pizza, not sushi") ranks, it corrects nothing, and an allergy
named apart ("…, not peanuts") is its own rule's (``allergies_en.allergy_named_apart``): neither is read here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from memstrata.extract import corrected_later, places
from memstrata.extract.clauses import CONF_PREFER, Finding, clean_value
from memstrata.text.regex import lazy_regex

#: The key of a correction that names no attribute ("Not Berlin, Munich"): never stored under it.
CORRECTION_KEY = "user.corrects"

_IC = re.IGNORECASE
_OLD_EN = r"(?:the\s+|an?\s+)?(?P<old>[\w.+#'-]+(?:\s+[\w.+#'-]+){0,3}?)"
_OLD_ZH = r"(?P<old>[^，,。！!？?；;]{1,12}?)"
_END_EN = r"[.!]*$"
_END_ZH = r"(?:了|啊|哦|呀|哈)?[。！!.]*$"
#: "<statement>, not <old>": the old value last.
_TAIL_EN = lazy_regex(rf"^(?P<pos>.+?)\s*,\s*(?:and\s+|but\s+)?not\s+{_OLD_EN}(?:\s+anymore)?{_END_EN}", _IC)
_TAIL_ZH = lazy_regex(rf"^(?P<pos>.+?)[，,]\s*(?:而)?不是{_OLD_ZH}{_END_ZH}")
#: "快递送到公司，别送家里": a destination, then the one it is not said as a prohibition, as "Please deliver to my
#: office, not my home" says it with "not" (别放门口 after 请放快递柜 is an instruction of its own: no destination).
_NOT_THERE_ZH = lazy_regex(rf"^(?P<pos>.+?(?:送|寄|发)到[^，,]+?)[，,]\s*(?:但是?)?(?:千万)?(?:别|不要|不用)再?"
                           rf"(?:送|寄|发)(?:到|去|回)?{_OLD_ZH}{_END_ZH}")
#: "我不是住在北京，是上海": the negated statement first, then the value it should have said.
_HEAD_ZH = lazy_regex(rf"^(?P<who>我们?)?不是(?P<neg>[^，,]+?)[，,]\s*(?:而|其实|只)?是(?P<pos>[^，,]+?){_END_ZH}")
#: A statement of a thing's value with no owner said (宽带是联通的): a noun, never a pronoun, a demonstrative or a time.
_OWNER_LEFT_OUT_ZH = lazy_regex(r"^(?![我你他她它这那谁哪今明昨])[\u4e00-\u9fff]{1,6}是[^，,。！!？?]{1,12}$")
#: The same in English after a mark of a slip ("sorry, internet is Fios"): a lowercase noun of one or two words.
_OWNER_LEFT_OUT_EN = lazy_regex(r"(?i:^(?:(?:sorry|oops|my bad|actually|i mean)\s*[,:]?\s+)+(?:the\s+)?)"
                                r"(?P<s>(?!(?:it|this|that|he|she|they|we|i|you|there)\b)[a-z][\w-]*"
                                r"(?:\s+[a-z][\w-]*)?\s+is\s+[^,]{1,40})$")
#: "Not Berlin, Munich", "No, it's Munich, not Berlin", "His name is Tim, not Tom": two values, no statement.
#: "It's a 2019 Honda Accord, not a Civic": the article before the new value is no part of it, and a model named
#: with its year and make takes four words.
_BARE_EN = lazy_regex(rf"^(?:(?:no|sorry|oops|i mean|scratch that|correction)\s*[,:]?\s+)*"
                      # "Sorry, his name is Tim, not Tom": a name put right, whose is not said
                      r"(?:it's\s+|it is\s+|(?:his|her|their)\s+name(?:'s|\s+is)\s+(?=(?-i:[A-Z])))?"
                      r"(?:(?:an?|the)\s+)?"
                      rf"(?P<pos>[\w.+#'-]+(?:\s+[\w.+#'-]+){{0,3}}?)\s*,\s*not\s+{_OLD_EN}{_END_EN}"
                      # with no comma between, the value meant is a name ("Not Berlin Munich"): "Not until it's
                      # actually done", "Not at the moment" set no two values apart
                      rf"|^not\s+{_OLD_EN.replace('old', 'old2')}(?:\s*[,;—–-]\s*|\s+(?=(?-i:[A-Z0-9])))"
                      r"(?:it's\s+|but\s+)?"
                      # "Not UPS, use FedEx": the verb of choosing is no part of the value chosen
                      r"(?:(?:please\s+)?(?:use|go with|ship with|send (?:it )?with|take|pick|choose|make it)\s+)?"
                      rf"(?:(?:an?|the)\s+)?(?P<pos2>[\w.+#'-]+(?:\s+[\w.+#'-]+){{0,3}}?){_END_EN}", _IC)
#: 不好意思，他叫小李，不是小王: a person's name put right, whose not said (as "His name is Tim, not Tom").
_NAMED_ZH = lazy_regex(r"^(?:(?:不好意思|抱歉|对不起|我说错了|说错了|更正一下)[，,]?\s*)*[他她](?:叫|的?名字(?:是|叫))"
                       rf"(?P<pos>[\u4e00-\u9fff]{{2,4}})[，,]\s*(?:而)?不是(?P<old>[\u4e00-\u9fff]{{2,4}}){_END_ZH}")
#: "Sorry, I meant FedEx, never UPS": after "I meant" the "never" sets the value meant against the one said, as
#: "not" does. Without "I meant" it forbids ("Ship with FedEx, never UPS": a choice and a prohibition, its own rule's).
_MEANT_NEVER_EN = lazy_regex(rf"^(?:(?:no|sorry|oops|my bad)\s*[,:]?\s+)*i\s+meant\s+(?:(?:an?|the)\s+)?"
                             rf"(?P<pos>[\w.+#'-]+(?:\s+[\w.+#'-]+){{0,2}}?)\s*,\s*never\s+{_OLD_EN}{_END_EN}", _IC)
#: A word that opens a correction and states nothing: "Correction: my editor is Neovim, not Vim", 更正一下，….
_OPENER = lazy_regex(r"^(?:(?:correction|scratch that|let me correct (?:that|myself)|to correct myself|wait|oops|"
                     r"更正一下|纠正一下|更正|纠正|说错了|我说错了|不对)\s*[:：,，.!-]*\s*)+", _IC)
#: Words after "not" that open a clause or a judgement, no value: "not really", "not sure", "not at all".
_NOT_A_VALUE = lazy_regex(r"^(?:really|sure|yet|at all|now|today|always|much|so|too|very|quite|only|just|"
                          r"even|ever|that|this|it|me|you|him|her|them|us|to|for|because|if|when|i|we|a lot|bad|"
                          r"anymore|any more|exactly|necessarily)\b", _IC)
#: What no value a correction names holds: a person pointed at, or a word that opens a phrase of manner, time or
#: degree ("Not like some superstar", "Not at the moment", "not creative enough", "Not something complicated"; over
#: real user turns, 15 of 15 bare corrections read so named no value).
_NO_VALUE_INSIDE = lazy_regex(r"\b(?:me|you|him|her|us|them|it|my|your)\b|^(?:at|like|until|about|another|something|"
                              r"anything|nothing|keen|enough|in|on|with|without|by|of|as|than|because|so|such)\b"
                              r"|\benough$", _IC)
#: Words that say a state ended, not that a value was wrong: "not vegetarian anymore, eating meat again".
_ENDED = lazy_regex(r"\b(?:anymore|any more|any longer|no more)\b", _IC)
#: A reply word alone before "not" ("Nope, not a new game", "No, not the blue one"): it answers, it names no value.
_REPLY_WORD = lazy_regex(r"(?:no+|nope|nah|yes|yeah|yep|yup|sure|ok|okay|oh|well|right|exactly|haha|lol|hmm|sorry|"
                         r"oops)", _IC)
#: Keys a "not" beside corrects nothing: likes rank ("I like pizza, not sushi"), allergies have their rule.
_NOT_CORRECTED = ("like", "dislike", "allergy", "condition", "habit")

Reader = Callable[[str, datetime], list[tuple[Finding, str]]]


def read(sentence: str, said_at: datetime, find: Reader) -> list[tuple[Finding, str]]:
    """The findings of ``sentence`` read as a correction (``find`` reads a plain statement: the
    extractor's own reader), each carrying the old value; ``[]`` when it is none."""
    text = _OPENER.sub("", sentence.strip())
    if m := _HEAD_ZH.match(text):
        return _negated_first(m, said_at, find)
    m = _TAIL_ZH.match(text) or _NOT_THERE_ZH.match(text) or _TAIL_EN.match(text)
    if m is None or _NOT_A_VALUE.match(m.group("old")):
        return _bare(text, "en")  # "Not Berlin, Munich"
    lang = "en" if m.re.pattern == _TAIL_EN.pattern else "zh"
    old = clean_value(m.group("old"), lang)
    found = find(m.group("pos"), said_at)
    owned = (_OWNER_LEFT_OUT_ZH if lang == "zh" else _OWNER_LEFT_OUT_EN).match(m.group("pos"))
    if not found and owned is not None:
        # 说错了，宽带是联通的，不是电信, "sorry, internet is Fios, not Comcast": the statement said again without
        # its owner; the new value against the old one, so that only a fact holding the old value is put right (a
        # 天气 no one stored holds none)
        mine = f"我的{owned.group(0)}" if lang == "zh" else f"my {owned.group('s')}"
        said = [f for f, _ in find(mine, said_at) if not f.retract and not f.subject and f.value]
        if len(said) == 1 and said[0].key in corrected_later.PLANS and said[0].period is not None \
                and "time" in corrected_later.kinds(old):
            # 东京之行是1月8号，不是12月20号: the plan at its new day, put right from the old day (``facts.previous``)
            return [(_instead(replace(said[0], clause=m.group("pos")), old), lang)]
        if len(said) == 1 and said[0].value != old:
            return _two_values(old, said[0].value, text, lang)
    if not found:
        return _bare(text, lang)
    if any(f.retract or f.key.rpartition(".")[2] in _NOT_CORRECTED for f, _ in found):
        return []
    return [(_instead(f, old), lang) for f, lang in found]


#: The place of a move kept as an event: "moved to Munich".
_MOVED_TO = re.compile(r"^moved\s+to\s+(?P<place>[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)*)$")


def _instead(f: Finding, old: str) -> Finding:
    """``f`` taking the place of ``old``; a move to a name with a city of the time-zone database left is a
    home ("we moved to Munich, not Berlin"), as "moved to Munich from Berlin" is (``switches_en._switched``):
    read alone, a group's move to an unknown name is a thing used or only the event ("moved to Munich",
    ``shapes.moved_onto_a_thing``), and the city left says which."""
    moved = re.search(r"\bmoved\b|搬", f.clause, _IC) and places.known_place(old)
    if moved and f.key == "user.uses":
        f = replace(f, key="identity.location", statement="")
    elif moved and f.key == "event" and (to := _MOVED_TO.match(f.value)) is not None:
        f = replace(f, key="identity.location", value=to.group("place"), statement="")
    return replace(f, instead_of=f.instead_of or old, corrects=True)


def _negated_first(m: re.Match[str], said_at: datetime, find: Reader) -> list[tuple[Finding, str]]:
    """我不是住在北京，是上海 (是住在上海): the negated statement read as said, its value replaced by the new one."""
    who, neg, pos = m.group("who") or "", m.group("neg"), clean_value(m.group("pos"), "zh")
    said = find(f"{who or '我'}{neg}", said_at) if who or neg[:1] not in "的是" else []
    old = next((f.value for f, _ in said if not f.retract and f.value and f.value in neg), "")
    if not old:
        return [] if who else _two_values(neg, pos, m.string, "zh")
    if neg[: neg.find(old)] and pos.startswith(neg[: neg.find(old)]):  # 是住在上海: the statement said again
        positive = f"{who or '我'}{pos}"
    else:
        positive = f"{who or '我'}{neg.replace(old, pos, 1)}"
    found = find(positive, said_at)
    if any(f.retract or f.key.rpartition(".")[2] in _NOT_CORRECTED for f, _ in found):
        return []
    return [(_instead(f, old), lang) for f, lang in found]


def _bare(text: str, lang: str) -> list[tuple[Finding, str]]:
    if lang == "zh":  # 上海，不是北京 alone: read by _HEAD_ZH's order (不是北京，是上海) only; a name put right is read
        named = _NAMED_ZH.match(text)
        return [] if named is None else _two_values(named.group("old"), named.group("pos"), text, "zh")
    meant = _MEANT_NEVER_EN.match(text)
    if meant is not None:
        return _two_values(meant.group("old"), meant.group("pos"), text, "en")
    m = _BARE_EN.match(text)
    if m is None or (m.group("pos2") and _ENDED.search(text)):
        return []  # "not vegetarian anymore, eating meat again": an end said, no value corrected (extract.own_en)
    group = "pos" if m.group("pos") else "pos2"
    if len(m.group(group).split()) > 3 and not re.search(r"(?i)\b(?:an?|the)\s+$", text[: m.start(group)]):
        return []  # four words are a thing named with its article ("it's a 2019 Honda Accord"), not a clause's start
    return _two_values(m.group("old") or m.group("old2"), m.group(group), text, "en")


def _two_values(old: str, new: str, text: str, lang: str) -> list[tuple[Finding, str]]:
    """A correction naming two values and no attribute, under ``CORRECTION_KEY``."""
    old, new = clean_value(old, lang), clean_value(new, lang)
    if not old or not new or old == new or _NOT_A_VALUE.match(old) or _NOT_A_VALUE.match(new):
        return []
    if _REPLY_WORD.fullmatch(new) or _NO_VALUE_INSIDE.search(f"{old} {new}") or re.match(r"not\b", new, _IC):
        return []  # "It's giving me anxiety, not excitement", "Not like some superstar", "Not a summary, not …"
    return [(Finding(CORRECTION_KEY, new, CONF_PREFER, text, corrects=True, instead_of=old,
                     statement=f"{new}（不是{old}）" if lang == "zh" else f"{new}, not {old}"), lang)]


#: "A not B" said without the comma: "leave it with the 门卫 not at the door", "I prefer tea not coffee". The word
#: before "not" is a value's last word (no verb, pronoun or adverb that "not" negates: "I do not", "I'd rather
#: not", "definitely not"), and what follows is a short value that ends the sentence or its clause (at most four
#: words, none a judgement: "not really", "not sure", "not to mention").
_JOINED_NOT = lazy_regex(
    r"(?i)(?<=[\w)'\u4e00-\u9fff])(?<!\bi)(?<!\bam)(?<!\bis)(?<!\bare)(?<!\bwas)(?<!\bwere)(?<!\bbe)(?<!\bdo)"
    r"(?<!\bdoes)(?<!\bdid)(?<!\bhave)(?<!\bhas)(?<!\bhad)(?<!\bcan)(?<!\bcould)(?<!\bwill)(?<!\bwould)"
    r"(?<!\bshall)(?<!\bshould)(?<!\bmust)(?<!\bmay)(?<!\bmight)(?<!\bneed)(?<!'m)(?<!'s)(?<!'re)(?<!'d)(?<!'ll)"
    r"(?<!'ve)(?<!\bor)(?<!\band)(?<!\bbut)(?<!\bif)(?<!\bwhy)(?<!\bhow)(?<!\bthat)(?<!\bit)(?<!\bthis)(?<!\bwe)"
    r"(?<!\byou)(?<!\bme)(?<!\bthey)(?<!\bhe)(?<!\bshe)(?<!\bmaybe)(?<!\bperhaps)(?<!\brather)(?<!\bstill)(?<!\bjust)"
    r"(?<!\bsurely)(?<!\bcourse)(?<!\balso)(?<!\btoo)(?<!\bvery)(?<!\bso)(?<!\bnot)(?<!ly)"
    r"\s+(?=not\s+(?!(?:to|be|been|being|only|even|so|too|very|quite|really|sure|yet|at all|much|enough|"
    r"always|ever|exactly|necessarily|necessary|bad|great|good|that|this|it|me|you|him|her|them|us|for|because|"
    r"if|when|as|like|until|till|unless|a lot|anymore|any more|now|today|sure)\b)"
    r"(?:[\w'\u4e00-\u9fff-]+\s+){0,3}[\w'\u4e00-\u9fff-]+\s*(?:[,;.!]|$))")


#: "我在深圳不是广州": two places joined by 不是 with no comma between (the second one ending the sentence).
_JOINED_BUSHI = lazy_regex(r"不是(?P<old>[\u4e00-\u9fff]{2,6})(?=[。！!.]*$)")


def _comma_before_bushi(sentence: str) -> str:
    """``sentence`` with a comma before a 不是 that sets a place against the place just before it
    (我在深圳不是广州 -> 我在深圳，不是广州): read whole, 深圳不是广州 was taken for a place (it ends in 州). Only two
    places are set apart so: 我最喜欢的不是咖啡 and 他不是广州人 keep their 不是."""
    m = _JOINED_BUSHI.search(sentence)
    if m is None or "place" not in corrected_later.kinds(m.group("old")):
        return sentence
    before = sentence[: m.start()]
    if not any("place" in corrected_later.kinds(before[-n:]) for n in range(2, 7) if len(before) >= n):
        return sentence
    return f"{before}，{sentence[m.start():]}"


def comma_before_not(sentence: str) -> str:
    """``sentence`` with a comma before a "not" that sets a value against the one before it ("leave it with the 门卫
    not at the door" -> "leave it with the 门卫, not at the door"), so that it is read as that contrast is read with
    its comma: the first value kept, the second refused. Read whole, the drop-off was "at the door" and the like
    "tea not coffee". ``sentence`` itself when it has no such "not" (``_JOINED_NOT``).

    >>> comma_before_not("I prefer tea not coffee"), comma_before_not("I do not eat meat")
    ('I prefer tea, not coffee', 'I do not eat meat')
    """
    return _comma_before_bushi(_JOINED_NOT.sub(", ", sentence))
