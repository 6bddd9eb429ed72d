"""A prohibition said alone: "Don't ship with UPS", 别用圆通发货.

Said beside a choice ("Ship with FedEx from now on, never use UPS") a prohibition is a dislike of what it
forbids (``shapes_en.avoided``); said alone it is still the user's standing word on that choice, and an agent
asked which carrier to use must find it. The forbidden clause is read as the imperative it negates ("Ship
with UPS" states ``shipping.carrier = UPS``): when that names a chosen thing (``shapes.CHOSEN_KEYS``), the
prohibition is stored under the same key as the thing not to choose (``not UPS``, 不要圆通), the form
``facts.resolve.prohibits`` knows. So a later "Ship with UPS" supersedes it, while a prohibition or a choice
of another carrier stands beside it, as it stands beside a FedEx chosen before, as "Never at the door" stands
beside "with the concierge" (``docs/facts.md``). An imperative that chooses nothing ("Don't worry about it",
"Don't ship it yet", 别担心) stays unread, and a prohibition with a word of change ("Don't use UPS anymore",
别用京东了) is a withdrawal, read by its own shape.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from memstrata.extract.clauses import CONF_PREFER, Finding
from memstrata.extract.for_now import (
    DAYS_ZH,
    FOR_NOW_EN,
    FOR_NOW_ZH,
    STANDING_EN,
    STANDING_ZH,
    THIS_TIME_EN,
    THIS_TIME_ZH,
    TODAY_EN,
    TOMORROW_EN,
    YET_EN,
)
from memstrata.extract.shapes import CHOSEN_KEYS, named_value
from memstrata.text.regex import lazy_regex

#: A standing word before a prohibition, "From now on, never ...", "In the future don't ...", 以后都别 ... (the
#: ``extract.for_now`` vocabulary: each reading here knows every one).
_STANDING_FIRST_EN = rf"(?:(?:{STANDING_EN}),?\s+)?"
_STANDING_FIRST_ZH = rf"(?:(?:{STANDING_ZH})都?)?"
#: An English imperative that forbids: "Don't", "Do not", "Never", "Please don't", "Don't ever", "From now on,
#: never"; what follows is the clause forbidden. A word of change ("anymore", "again", "any longer") makes it a
#: withdrawal of what was chosen before (``cessation``), not read here. The forbidden clause ends at a comma: "Don't
#: use UPS, use FedEx" forbids UPS and chooses FedEx (read whole, it forbade both).
_FORBID_EN = lazy_regex(
    rf"^{_STANDING_FIRST_EN}(?:please\s+)?"
    r"(?:don't|do not|never)(?:\s+ever)?\s+(?P<rest>(?!.*\b(?:anymore|any more|again|any longer)\b)[^,;]+?)"
    r"(?:,?\s+please)?[.!]*$", re.IGNORECASE)
#: A Chinese imperative that forbids: 别, 不要, 千万别, 请不要, 以后别, 永远不要 ... at the start; a closing 了 says
#: no longer (别用京东了: a withdrawal), and 我不要用中通 (the speaker's own wish, said of this once) is not one.
_FORBID_ZH = lazy_regex(
    rf"^{_STANDING_FIRST_ZH}[，,]?(?:请|千万|永远|绝对)?(?:别|不要|勿)(?:再)?"
    r"(?P<rest>[^了，,；;]+?)[。！!]*$")
#: Other English wordings of the same word: "Avoid FedEx", "Avoid using FedEx", "No more DHL please", "I'd rather
#: not use UPS". What "avoid" or "no more" keeps from use is a thing, read as "Use FedEx."; after "rather not" the
#: clause is the imperative itself. "No more" of a thing chosen before ends it too: a prohibition ends the very
#: value it forbids (``facts.resolve``).
_AVOID_EN = lazy_regex(
    rf"^{_STANDING_FIRST_EN}(?:please\s+)?"
    r"(?:(?P<noun>avoid(?:\s+using)?|no more)|(?:i'd|i would)\s+(?:rather not|prefer not to))"
    r"\s+(?P<rest>[^,;]+?)(?:,?\s+please)?[.!]*$", re.IGNORECASE)
#: 不要再用京东了, 别再用圆通了: "not again", a standing word though it closes with 了 (别用京东了 without 再 is a
#: withdrawal, read by its own shape).
_AGAIN_ZH = lazy_regex(rf"^{_STANDING_FIRST_ZH}[，,]?(?:请|千万)?(?:别|不要)再(?P<rest>[^了，,]+?)了?[。！!]*$")
#: "Never ... again", "Don't ever ... again": "again" after a "never" says for good, no change from before (as "Don't
#: use UPS again" may).
_NEVER_AGAIN = lazy_regex(rf"^(?P<said>{_STANDING_FIRST_EN}(?:please\s+)?"
                          r"(?:never|(?:don't|do not)\s+ever)\s+[^,;]+?)\s+again(?:,?\s+please)?[.!]*$", re.IGNORECASE)
#: A prohibition for this once or for now ("Don't ship with UPS this time", "... today", 这次别用圆通, 今天先别寄):
#: no standing word on the choice (``one_off`` keeps "this time" alone, which a taste may say too). Every
#: ``extract.for_now`` word but the standing ones: a prohibition said for now lifts itself later unsaid, so "tomorrow",
#: "yet", "for now", 明天, 先 are here where ``one_off``, for a choice, leaves them out.
_FOR_NOW = lazy_regex(rf"\b(?:{THIS_TIME_EN}|{TODAY_EN}|{TOMORROW_EN}|{YET_EN}|{FOR_NOW_EN}|"
                      rf"for\s+this\s+(?:order|one))\b|{THIS_TIME_ZH}|{DAYS_ZH}|今晚|先|{FOR_NOW_ZH}|暂且",
                      re.IGNORECASE)
#: How each chosen thing forbidden is said back: (English, Chinese), ``{v}`` the thing.
_STATEMENTS: dict[str, tuple[str, str]] = {
    "shipping.carrier": ("does not want {v} for shipping", "配送不要用{v}"),
    "tool.editor": ("does not want {v} as code editor", "写代码不要用{v}"),
    "tool.os": ("does not want {v}", "不要用{v}系统"),
    "tool.phone": ("does not want a {v} phone", "手机不要{v}"),
    "travel.seat": ("does not want {v}", "不要{v}座位"),
    "tool.language": ("does not want to code in {v}", "不要用编程语言{v}"),
}


def allowed(sentence: str, lang: str) -> str | None:
    """The imperative ``sentence`` forbids, said as an instruction to do it ("Ship with UPS." of "Don't ship
    with UPS.", 用圆通发货 of 别用圆通发货。); ``None`` when ``sentence`` is no prohibition or says a change."""
    text = _NEVER_AGAIN.sub(r"\g<said>.", sentence.strip())  # "Never ship with FedEx again": a standing no
    m = (_AGAIN_ZH.match(text) or _FORBID_ZH.match(text)) if lang == "zh" else (
        _FORBID_EN.match(text) or _AVOID_EN.match(text))
    if m is None or not m.group("rest").strip() or _FOR_NOW.search(sentence):
        return None
    rest = m.group("rest").strip()
    if lang == "zh":
        return rest
    if "noun" in m.re.groupindex and m.group("noun"):
        rest = f"use {rest}"
    return f"{rest[0].upper()}{rest[1:]}."


#: A thing named bare after "Never" / "No" ("Never UPS.", "No Vim please"), 别 / 不要 (不要圆通), or "Always" / "Only"
#: (always FedEx, 只要顺丰, 一直用顺丰): said so, it is the thing forbidden, or chosen, as its imperative says it.
_BARE_EN = lazy_regex(r"^(?:please\s+)?(?:(?P<no>never|no)|always|only)\s+(?P<rest>[^,;.!?]+?)(?:,?\s+please)?[.!]*$",
                      re.IGNORECASE)
_BARE_ZH = lazy_regex(rf"^(?:{STANDING_ZH})?(?:都)?"
                      r"(?:(?P<no>千万别|别|不要)|只要|只用|一直用|总是用|都用|永远用|一律用)"
                      r"(?P<rest>[^，,；;。！!？?]+?)[。！!]*$")


def bare(sentence: str, lang: str, read: Callable[[str], list[Finding]]) -> list[Finding]:
    """What a chosen thing named bare after "Never" / "No" or "Always" / "Only" says ("Never UPS." is "Don't ship
    with UPS", ``not UPS``; "Always FedEx." chooses FedEx; 不要圆通, 只要顺丰 the same): ``rest`` is read as "Use
    <rest>." / 用<rest> by ``read`` (the rules) and kept only when the whole of it is one chosen thing
    (``shapes.CHOSEN_KEYS``): "Never again", "No problem", "Always late" name none and give ``[]``. "Never UPS" was
    a habit said as it is, and "No UPS." the carrier UPS."""
    m = (_BARE_ZH if lang == "zh" else _BARE_EN).match(sentence.strip())
    if m is None or _FOR_NOW.search(sentence):
        return []
    rest = m.group("rest").strip()
    found = [f for f in read(f"用{rest}" if lang == "zh" else f"Use {rest}.")
             if not f.retract and not f.subject and f.key in CHOSEN_KEYS and f.value.casefold() == rest.casefold()]
    if len(found) != 1:
        return []
    return forbid(found, lang) if m.group("no") else [replace(found[0], clause=sentence)]


def forbidden_thing(thing: str, clause: str, lang: str) -> Finding:
    """What forbidding ``thing`` beside a choice says ("Ship with FedEx, never use UPS", 用顺丰，别用圆通): a chosen
    thing (a carrier, a seat, an editor: ``shapes.named_value`` under ``CHOSEN_KEYS``) is a prohibition under its own
    key (``not UPS`` / 不要圆通), as said alone, so one refusal has one key and a later choice of it supersedes it; any
    other thing ("don't use unittest") a dislike."""
    named = named_value(thing)
    if named is not None and named[0] in CHOSEN_KEYS:
        en, zh = _STATEMENTS[named[0]]
        return Finding(named[0], f"不要{named[1]}" if lang == "zh" else f"not {named[1]}", CONF_PREFER, clause,
                       statement=(zh if lang == "zh" else en).format(v=named[1]))
    return Finding("preference.dislike", thing, CONF_PREFER, clause,
                   statement=f"不要用{thing}" if lang == "zh" else f"avoids {thing}")


def thing_of(finding: Finding) -> str:
    """The thing ``finding`` forbids or dislikes: UPS of ``not UPS`` and of a dislike of UPS, 圆通 of 不要圆通."""
    if finding.key not in CHOSEN_KEYS:
        return finding.value
    return finding.value.removeprefix("not ").removeprefix("不要")


def forbid(found: list[Finding], lang: str) -> list[Finding]:
    """The chosen things of ``found`` (the forbidden imperative's findings) as prohibitions under their own key:
    ``not UPS`` / 不要圆通, with a statement that says so; ``[]`` when the imperative chooses nothing."""
    out = []
    for f in found:
        if f.retract or f.key not in CHOSEN_KEYS or f.subject:
            continue
        en, zh = _STATEMENTS[f.key]
        value = f"不要{f.value}" if lang == "zh" else f"not {f.value}"
        out.append(replace(f, value=value, statement=(zh if lang == "zh" else en).format(v=f.value), label=""))
    return out


#: What joins one thing of a list to the next: ", ", " or ", ", and ", 和, 或, 、 (after the thing, then before it).
_JOIN_EN = (lazy_regex(r"^(?:\s*,\s*(?:(?:or|and|nor)\s+)?|\s+(?:or|and|nor)\s+)", re.IGNORECASE),
            lazy_regex(r"(?:\s*,\s*(?:(?:or|and|nor)\s+)?|\s+(?:or|and|nor)\s+)$", re.IGNORECASE))
_JOIN_ZH = (lazy_regex(r"^(?:、|和|或者|或是|或|跟|与|以及|还有)"), lazy_regex(r"(?:、|和|或者|或是|或|跟|与|以及)$"))


def listed(allowed: str, said: list[Finding], lang: str, read: Callable[[str], list[Finding]]) -> list[Finding]:
    """The prohibitions of the other things listed with the one ``said`` forbids ("Don't ship with DHL or UPS":
    UPS beside DHL; 别用顺丰和圆通: 圆通 beside 顺丰; "Don't use Vim or Emacs": Vim beside Emacs), each its own fact
    as each prohibition said alone is.

    ``allowed`` is the imperative forbidden ("Ship with DHL or UPS."); the thing found with what joins it to the
    next is cut out ("Ship with UPS.", then the same towards the front) and ``read`` (the rules, then ``forbid``)
    reads the rest, which must name, under the same key and right where the cut was, the next thing: a joint to no
    such thing ("Don't ship with DHL and call me") adds nothing. At most four things more are read each way.
    """
    out: list[Finding] = []
    for forward in (True, False):
        text, last = allowed, said
        for _ in range(4):
            last = _next(text, last, lang, read, forward) if len(last) == 1 else []
            last = [f for f in last if f.value not in {o.value for o in [*said, *out]}]
            if not last:
                break
            text, last = last[0].clause, last[:1]
            out += last
    return [replace(f, clause=said[0].clause) for f in out]


def _next(text: str, said: list[Finding], lang: str, read: Callable[[str], list[Finding]],
          forward: bool) -> list[Finding]:
    """The thing listed next to ``said``'s one in ``text`` (after it when ``forward``, else before it), read
    by ``read`` from ``text`` with the thing and its joint cut out; its ``clause`` is that shortened text."""
    thing = thing_of(said[0])
    at = text.casefold().find(thing.casefold()) if thing else -1
    after, before = (_JOIN_ZH if lang == "zh" else _JOIN_EN)
    if at < 0:
        return []
    if forward:
        joined = after.match(text[at + len(thing):])
        if joined is None:
            return []
        cut, rest = text[:at] + text[at + len(thing) + joined.end():], text[at + len(thing) + joined.end():]
        near = [f for f in read(cut) if rest.casefold().startswith(thing_of(f).casefold())]
    else:
        joined = before.search(text[:at])
        if joined is None:
            return []
        cut, head = text[:joined.start()] + text[at + len(thing):], text[:joined.start()]
        near = [f for f in read(cut) if head.casefold().endswith(thing_of(f).casefold())]
    return [replace(f, clause=cut) for f in near if f.key == said[0].key]
