"""What the language pattern modules share: the ``Finding`` type and value clean-up.

A *finding* is what one pattern saw in one clause, before the extractor turns it into
a ``FactCandidate`` (key spec, statement, zero-shot re-keying). Patterns work on
clauses, not sentences, because one sentence often states several facts:
"我以后都希望用顺丰，别放门口" is a carrier and a drop-off instruction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone
from functools import lru_cache
from typing import Literal

from memstrata.extract import examples, gazetteer, guards
from memstrata.extract.timex import resolve_relative, time_span
from memstrata.text.regex import lazy_regex

Period = tuple[datetime, datetime]

#: Confidence per pattern family (0–1). They rank how explicit the wording is, not a
#: measured precision: a direct "remember that" or "my name is" is nearly never a
#: misreading; "I like X" in chat is sometimes ironic or passing; a key guessed by
#: zero-shot similarity can be wrong even when the statement is right.
CONF_EXPLICIT = 0.95  # remember that / 记住 / my name is / 我叫
CONF_PREFER = 0.92  # I prefer / from now on / 以后都 / always / never / allergic to
CONF_STATED = 0.9  # plain self-description: I live in, I work as, my favorite X is Y
CONF_NEGATIVE = 0.88  # 别 / 不要 / don't: an instruction, but often one-off
CONF_INFORMAL = 0.85  # I'm Alice / call me Al / 叫我小王; an unmarked imperative "use X"
CONF_LIKE = 0.8  # I like / love / hate X; 我喜欢 / 讨厌 X
CONF_EVENT = 0.75  # a dated happening ("yesterday I went to Paris")
CONF_ZERO_SHOT = 0.7  # a generic like whose key was picked by embedding similarity
CONF_GENERAL = 0.6  # a statement no rule read, in its generic shape (extract.general)

Polarity = Literal["like", "dislike"]


@dataclass(frozen=True)
class Finding:
    """One fact a pattern read from one clause.

    Attributes:
        key: taxonomy key.
        value: short normalised value in the clause's language.
        confidence: one of the ``CONF_*`` constants.
        clause: the clause the value came from (embedded for zero-shot keying).
        polarity: set only on generic likes/dislikes whose key an embedder may refine.
        period: ``(valid_from, valid_to)`` in UTC when the clause names a time.
        label: what the value is, for the statement ("color" in "favorite color is blue").
        retract: the clause says the value no longer holds ("I'm no longer allergic to
            peanuts"); ``value`` names what is withdrawn, ``""`` for every value of the key.
        corrects: a correction of what was just said ("Actually FedEx", ``extract.ellipsis``).
        subject: whom the fact is about when not the speaker: a relation word ("son", 儿子);
            ``""`` for the speaker (``extract.base.FactCandidate.subject``).
        statement: the statement as the clause said it, when the key's template would say more or
            less than the speaker did (我不太吃辣 is ``不太吃辣``, not 不喜欢吃辣; "I don't really like spicy
            food" is ``does not really like spicy food``); ``""``: the key's template
            (``extract.statements.statement_for``).
        severity: how severe an allergy is said to be: ``severe``, ``mild`` or ``""`` (not said;
            ``extract.allergens.severity``); its statement says it ("is severely allergic to peanuts").
        instead_of: the value this one takes the place of, named in the same clause ("we moved from
            MySQL to PostgreSQL"): ``extract.base.FactCandidate.instead_of``.
        held_only: a change of a thing named by its noun alone (宽带换成联通了, "switched the internet to
            Verizon"): ``extract.base.FactCandidate.held_only``.
        shift: how far a plan moved, said by a span and no day ("pushed back a week", 提前两天):
            ``extract.base.FactCandidate.shift``.
    """

    key: str
    value: str
    confidence: float
    clause: str = ""
    polarity: Polarity | None = None
    period: Period | None = None
    label: str = ""
    retract: bool = False
    corrects: bool = False
    subject: str = ""
    statement: str = ""
    severity: str = ""
    instead_of: str = ""
    held_only: bool = False
    shift: timedelta | None = None


#: A comma that ends a clause: not one inside a number ("$2,000", "1,500 km" are one amount, not "$2" and "000").
#: A comma between weekdays lists them ("on Mondays, Wednesdays and Fridays", "Monday, Wednesday and Friday
#: evenings"): no clause ends there (the habit was cut to "go to the gym on Mondays").
CLAUSE_COMMA = (r",(?!(?<=\d,)\d{3}(?!\d))(?!(?:(?<=[Dd]ay,)|(?<=[Dd]ays,))\s*(?:(?:and|or)\s+)?"
                r"(?:[Mm]on|[Tt]ues|[Ww]ednes|[Tt]hurs|[Ff]ri|[Ss]atur|[Ss]un)days?\b)")


def with_confidence(findings: list[Finding], confidence: float) -> list[Finding]:
    """The findings with confidence raised to at least ``confidence``."""
    return [replace(f, confidence=max(f.confidence, confidence)) for f in findings]


#: Edge punctuation no value holds; a backtick too: a message quoting its words as inline code
#: ("`I prefer trains`") kept the closing one in the value ("trains`").
_TRAILING = lazy_regex(r"[\s.,!?;:。，！？；：、~～…\"'“”‘’)）】」』`]+$")
_LEADING = lazy_regex(r"^[\s,，:：;；\-—\"'“”‘’(（【「『`]+")
#: Pictographs, arrows and dingbats closing a value, with the marks that build them (U+FE0F, U+200D) and a drawn
#: arrow ("-->"): decoration of the sentence ("I'm allergic to peanuts 🥜" stored "peanuts 🥜", 我喜欢喝咖啡☕
#: "咖啡☕", "My favorite color is blue -->" "blue -->"). A value that is nothing else keeps them ("My favourite
#: emoji is 👩‍👩‍👧"). Ranges: Arrows to Misc Symbols and Arrows (U+2190-U+2BFF), the emoji planes
#: (U+1F000-U+1FAFF).
_TRAILING_SYMBOLS = lazy_regex("(?:[\\s\u2190-\u2bff\U0001f000-\U0001faff\ufe0f\u200d<>=*]|-+>)+$")
_ZH_PARTICLES = lazy_regex(r"(?:了|吧|啊|呀|哦|喔|啦|哈|呢|嘛|的说|就行|就好|就可以)+$")
#: A time word that says when a value holds, not what it is ("蓝色现在", "现在是国航" → 国航).
_ZH_TIME_EDGE = lazy_regex(r"^(?:现在|目前|如今|最近|这些天|这阵子)(?:是|就是)?|(?:现在|目前|如今|最近)$")
#: How much, said before a verb of liking or "into" / "a fan of": chat's degree words and slang are one vocabulary
#: with "really" ("sooo into pottery", "lowkey obsessed with matcha", "super into climbing", "I lowkey love jazz"),
#: read where the speaker is said (``preferences_en``) and where they are left out (``own_en``).
DEGREE_EN = r"really|totally|so+|super|lowkey|low-key|highkey|kinda|kind of|pretty|absolutely|completely|seriously|" \
            r"genuinely|honestly|truly|definitely|actually|also|just|still|now|currently|lately|literally"
_FILLER_WORDS_EN = (r"too|as well|either|a lot|so much|very much|really|lol|haha|though|anyway|please|at all|"
                    r"anymore|any more|any longer|these days|nowadays|now|right now|for now|currently|at the moment|"
                    r"at present|lately|these days now|originally|by birth|pls|plz|btw|tbh|fyi|ngl|imo|"
                    # chat's clipped time and stance words ("into pottery rn", "matcha atm", "cilantro tho")
                    r"rn|atm|tho|fr|for real|lowkey|low-key|honestly|"
                    # a closing focus word says which item matters most, no part of it ("..., shrimp especially")
                    r"especially|in particular|particularly|above all")
_EN_FILLERS = lazy_regex(rf"\s+(?:{_FILLER_WORDS_EN})$", re.IGNORECASE)
#: "is now green", "is actually Tim" (a word of correction is no part of the value); "a"/"an" in capitals only before
#: a capitalised word ("A Tesla"): after a verb a capital "A" before a lower-case word is a letter, not an article
#: ("my blood type is A positive").
_EN_ARTICLE = lazy_regex(r"^(?:(?-i:now|currently|nowadays|actually|in fact)\s+)?"
                         r"(?:(?:the|(?-i:an?|An?(?=\s+[A-Z])))\s+)?",
                         re.IGNORECASE)
#: The first word of a paired list ("either tea or coffee", "both tea and coffee"): it says how the items go
#: together, no part of the first one ("either tea" was stored as a drink liked). Alone ("either", "both") the word
#: stands for things said before (``guards.en_pro_form``) and stays.
_EN_CORRELATIVE = lazy_regex(r"^(?-i:(?:either\s+(?!of\b)(?=\S.*?\s+or\s+\S)|"
                             r"both\s+(?!of\b)(?=\S.*?\s+(?:and|&)\s+\S)))", re.IGNORECASE)


#: A spaced dash opens an aside in English chat ("I'm learning German now - tough but fun"); a hyphen inside a
#: word ("Spider-Man", "go-to") is none.
_ASIDE = lazy_regex(r"\s+[-–—]+\s+")


#: "instead" said of what replaced something ("I run in the park instead", "going to Porto instead on 20 March"), with
#: what it replaced up to the clause's end ("going to Porto instead of Lisbon on" 20 March).
_INSTEAD = lazy_regex(r"\s+instead\b(?:\s+of\b[^,;]*)?", re.IGNORECASE)
#: "instead" closing a value, with nothing after it ("at Boots instead").
_CLOSING_INSTEAD = lazy_regex(r"\s+instead$", re.IGNORECASE)


def without_instead(text: str, *, closing: bool = False) -> str:
    """``text`` without "instead" and what it says was replaced: what replaced it is what is done or planned, not that
    it replaced one ("I run in the park instead" → "I run in the park"; "going to Porto instead of Lisbon on" →
    "going to Porto": read whole, the plan was "Porto of Lisbon"). The old value is read by ``extract.replacing``.
    With ``closing``, only an "instead" that ends ``text`` is cut: a value's ("a Boots pharmacy instead",
    ``clean_value``), whose "instead of <old value>" the shapes still read (``shapes.instead``: "We moved to Munich
    instead of Berlin" replaces Berlin).

    >>> without_instead("I run in the park instead"), without_instead("going to Porto instead of Lisbon on")
    ('I run in the park', 'going to Porto')
    >>> without_instead("Munich instead of Berlin", closing=True), without_instead("Boots instead", closing=True)
    ('Munich instead of Berlin', 'Boots')
    """
    return (_CLOSING_INSTEAD if closing else _INSTEAD).sub("", text)


def without_aside(value: str) -> str:
    """``value`` before a spaced dash ("German now - tough but fun" → "German now"): for a value, not a clause,
    whose words after a dash may be what it says ("Got some great news - we're hitting the beach")."""
    return _ASIDE.split(value, maxsplit=1)[0]


#: "Rather than X" closing a Chinese value (我更喜欢喝茶而不是咖啡, 住在北京而非上海).
_ZH_RATHER_THAN = lazy_regex(r"(?:而不是|而非).*$")


#: A value ending in an initialism ("Fontaines D.C.", "the U.S."): its last full stop is the initialism's, whatever
#: else it closes ("Fontaines D.C" was stored).
_INITIALISM_END = lazy_regex(r"(?<![\w.])(?:[A-Za-z]\.)+[A-Za-z]$")


def _trailing_cut(text: str) -> str:
    """``text`` without the punctuation and space that close it (``_TRAILING``), an initialism's own full stop kept."""
    cut = _TRAILING.sub("", text)
    if text[len(cut):].startswith(".") and _INITIALISM_END.search(cut):
        return f"{cut}."
    return cut


def clean_value(text: str, lang: str, *, clause: bool = False) -> str:
    """Strip edge punctuation, a leading article, trailing fillers/particles and a time word
    at the edge that says when the value holds, not what it is ("Delta now", "现在是国航").

    A closing "instead" says the value replaces another, no part of it ("a Boots pharmacy instead" is Boots
    pharmacy); a whole ``clause`` keeps it, since its reading may turn on it ("Email me instead" is a standing
    channel where a bare "Email me" is a one-off: ``identity_en._contact``).

    >>> clean_value("the Beatles a lot!", "en"), clean_value("顺丰吧。", "zh"), clean_value("Delta now", "en")
    ('Beatles', '顺丰', 'Delta')
    >>> clean_value("a Boots pharmacy instead", "en"), clean_value("Email me instead", "en", clause=True)
    ('Boots pharmacy', 'Email me instead')
    >>> clean_value("茶而不是咖啡", "zh")
    '茶'
    """
    value = _LEADING.sub("", _trailing_cut(text.strip()))
    if lang == "zh":  # 茶而不是咖啡: what the value is set against is no part of it
        value = _ZH_RATHER_THAN.sub("", value) or value
    undecorated = _TRAILING_SYMBOLS.sub("", value)
    value = undecorated if undecorated.strip() else value  # a value that is only an emoji keeps it
    for _ in range(3):  # fillers stack: "pizza too lol", "Boots instead now"
        before = value
        if lang == "zh":
            value = _TRAILING.sub("", _ZH_PARTICLES.sub("", _ZH_TIME_EDGE.sub("", value)))
        else:
            value = _EN_FILLERS.sub("", value)
            value = _trailing_cut(value if clause else without_instead(value, closing=True))
        if value == before:
            break
    if lang == "en":
        value = _EN_ARTICLE.sub("", _EN_CORRELATIVE.sub("", without_time_tail(value)))
    return value.strip()


#: A lower-case "since" / "until" / "before" / "after" and what follows it: when the value held, if that is a time.
#: "the day after tomorrow", "the week before last" are one time: no tail of it.
_EN_TIME_TAIL = lazy_regex(r"(?<!\bday)(?<!\bweek)(?<!\bmonth)(?<!\byear)(?<!\bnight)\s+"
                           r"(?:ever since|since|up until|until|till|before|after)\s+(?P<t>.+)$")
#: A lead of such a tail left at the value's end when its time was cut before ("Linear as of" from "Linear as of
#: this week", "Linear since" from "Linear since last week"): no part of the value. "before" and "after" end a
#: value as adverbs too ("never been there before"): kept.
_EN_TIME_LEAD_LEFT = lazy_regex(r"\s+(?:ever since|since|as of|up until|until|till)$")
#: What such a tail names that is a time: a year, a month, a stage of life, or a clause of its own ("until I was
#: 12", "before we moved"); time expressions ``timex.time_span`` reads whole are times too ("since last year").
_WHEN = lazy_regex(r"^(?:(?:19|20)\d\d|(?:early\s+|late\s+|mid\s*-?\s*)?(?:january|february|march|april|may|june|"
                   r"july|august|september|october|november|december)(?:\s+(?:19|20)\d\d)?|forever|childhood|birth|"
                   r"(?:high\s+)?school|college|university|uni|grad school|retirement|the pandemic|covid|"
                   r"(?:i|we|he|she|they)\s+(?:was|were|am|'m|moved|retired|left|graduated|got|had|started|joined|quit|"
                   r"met|turned|became)\b.*)$", re.IGNORECASE)


def without_time_tail(value: str) -> str:
    """An English ``value`` without a closing "since/until/before/after <time>" that says when it held, no part of
    what it is ("nurse since 2019" → "nurse", "a teacher until I retired" → "a teacher"), or without such a lead
    (or "as of") left alone at its end by a time cut before ("Linear as of" → "Linear"); in lower case only
    ("The Day After Tomorrow" is a name), and only a time ("walks after dinner" is kept).

    >>> [without_time_tail(v) for v in ("nurse since 2019", "Paris until I was 12", "The Day After Tomorrow")]
    ['nurse', 'Paris', 'The Day After Tomorrow']
    """
    if (left := _EN_TIME_LEAD_LEFT.search(value)) is not None and left.start() > 0:
        return value[: left.start()]
    m = _EN_TIME_TAIL.search(value)
    if m is None or m.start() == 0:
        return value
    tail = _TRAILING.sub("", m.group("t"))
    if _WHEN.match(tail) or ((span := time_span(tail)) is not None and span == (0, len(tail))):
        return value[: m.start()]
    return value


#: The speaker's own first-person words inside an English value: a statement reads in the third
#: person ("likes {v}", "{v}" for an event), so "went to a fair to show off my studio" is stored as
#: "... their studio" (a LoCoMo import stored Jon's "my" in his facts). Lower case only: a name such
#: as "My Chemical Romance" keeps its capital. "I" is left alone (its verb would need agreeing).
_FIRST_PERSON = {"my": "their", "me": "them", "myself": "themselves", "mine": "theirs"}
_FIRST_PERSON_WORD = lazy_regex(r"\b(?:my|me|myself|mine)\b")


def third_person(value: str) -> str:
    """``value`` with the speaker's lower-case "my/me/myself/mine" read in the third person.

    >>> third_person("show off my studio near me"), third_person("My Chemical Romance")
    ('show off their studio near them', 'My Chemical Romance')
    """
    return _FIRST_PERSON_WORD.sub(lambda m: _FIRST_PERSON[m.group(0)], value)


def clause_period(clause: str, sentence: str, said_at: datetime, *, future: bool = False) -> Period | None:
    """The time the clause names, else the one its sentence names; ``future``: the clause
    speaks of a plan, so a month or weekday named without a year or week that is already
    over means its next occurrence (``timex.resolve_relative``'s ``prefer_future``)."""
    return (resolve_relative(clause, said_at, prefer_future=future)
            or resolve_relative(_without_farewell(sentence), said_at, prefer_future=future))


@lru_cache(maxsize=64)
def _without_farewell(sentence: str) -> str:
    """``sentence`` with its leave-taking (``_FAREWELL``) cut, remembered for the last 64 sentences: each
    clause of a sentence that names no time of its own asks for it (``clause_period``), and cutting it again
    for every clause scanned a long sentence once per clause (a 400-character list of 60 clauses: 60 scans)."""
    return _FAREWELL.sub("", sentence)


#: A leave-taking with its own time ("see you tomorrow", "talk to you tomorrow", 明天再见, 明天再聊): the time is when
#: the talk resumes, and dates no other clause of the sentence ("I'm going to the gym, see you tomorrow!").
_FAREWELL = lazy_regex(r"\b(?:see|talk to|talk with|chat with|speak to|catch)\s+(?:you|ya|u)\s+(?:again\s+)?"
                       r"(?:tomorrow|tonight|next week|this weekend|on \w+day)\b|\btalk (?:tomorrow|tonight)\b"
                       r"|(?:和你|跟你)?(?:明天|明晚|下周|周末)(?:再)?(?:见|聊)", re.IGNORECASE)


#: What leads into a relative period and goes with it ("in the", "over the", "for the" past week).
_TIME_LEAD = re.compile(r"(?:\s+\b(?:in|over|during|for|within|throughout))?\s+\bthe$"
                        r"|\s+\b(?:since|until|till|as of|starting)$", re.IGNORECASE)
#: "on" before a day, when words go on after the time: "flying to Tokyo on 15 January for a conference" kept
#: "flying to Tokyo on for a conference". At the clause's end a stranded preposition is the value readers' to cut
#: (``events_en._STRANDED``): cut here too, "check in on 1 February" lost its "in" as well.
_ON_LEAD = re.compile(r"\s+\bon$", re.IGNORECASE)


def without_time(clause: str) -> str:
    """``clause`` with its first time expression cut out ("我上周去了成都" → "我去了成都")."""
    span = time_span(clause)
    if span is None:
        return clause
    # "selected for yesterday's exhibition": the possessive goes with the time word
    head, tail = clause[: span[0]].rstrip(), re.sub(r"^['’]s\b", "", clause[span[1] :]).lstrip(" ,，")
    # "been reading a lot in the past week": the article and preposition go with the time words
    head = _TIME_LEAD.sub("", head)
    if tail[:1].isalnum():
        head = _ON_LEAD.sub("", head)
    joiner = " " if head and tail and head[-1].isascii() and tail[0].isascii() else ""
    return (head + joiner + tail).strip()


def is_only_time(clause: str) -> bool:
    """True if the clause is nothing but a time phrase ("Yesterday", "上周末")."""
    span = time_span(clause)
    return span is not None and clean_value(without_time(clause), "en") == ""


#: A bracket and what it holds ("（2026年12月18日）", "(Jan 15)"): no bracket inside.
_BRACKETED = lazy_regex(r"\s*[(（](?P<inner>[^()（）]{1,40})[)）]")


def without_bracketed_time(sentence: str) -> str:
    """``sentence`` without a bracket that holds nothing but a time and restates one said outside it: "我下周五
    （2026年12月18日）去北京出差" → "我下周五去北京出差", "dentist next Friday (Dec 18) at 3" → "dentist next Friday at
    3". Read as said, the bracket cut the clause after its time and neither half was a plan. A bracketed time that
    is the sentence's only one, or a bracket that holds more than a time, stays.

    >>> without_bracketed_time("我下周五（12月18日）去北京出差"), without_bracketed_time("我（12月18日）去北京出差")
    ('我下周五去北京出差', '我（12月18日）去北京出差')
    """
    if "(" not in sentence and "（" not in sentence:
        return sentence
    out = sentence
    for m in reversed(list(_BRACKETED.finditer(sentence))):
        rest = sentence[: m.start()] + sentence[m.end():]
        if is_only_time(m.group("inner")) and time_span(rest) is not None:
            out = out[: m.start()] + out[m.end():]
    return out


def merge_time_clauses(clauses: list[str]) -> list[str]:
    """Join a clause that is only a time phrase onto the next one.

    "Yesterday, I went to Paris" splits at the comma; the event needs both halves.
    """
    out: list[str] = []
    carry = ""
    for clause in clauses:
        if is_only_time(clause):
            carry = f"{carry} {clause}".strip()
            continue
        out.append(f"{carry} {clause}".strip() if carry else clause)
        carry = ""
    if carry:
        out.append(carry)
    return out


def describe_period(period: Period, lang: str, offset: timedelta | None = None) -> str:
    """A short label for a period: ``2024-05-14``, ``week of 2024-05-06``, ``2024-05``, ``2024``.

    ``period`` is in UTC (``extract.timex``: a day begins at the speaker's midnight, stored as its UTC
    instant); ``offset`` is the speaker's UTC offset (``said_at.utcoffset()``), so the label names the
    speaker's calendar day: "Friday" said at +08:00 is 2026-11-06, stored from 2026-11-05 16:00 UTC.
    ``None`` labels the UTC day."""
    start, end = period
    days = (end - start).days
    if offset:
        start = start.astimezone(timezone(offset))
    day = start.strftime("%Y-%m-%d")
    if days <= 1:
        return day
    if days == 2:
        return f"{day}周末" if lang == "zh" else f"weekend of {day}"
    if days == 7:
        return f"{day}当周" if lang == "zh" else f"week of {day}"
    if days <= 31:
        return start.strftime("%Y-%m")
    return start.strftime("%Y")


def like_finding(
    obj: str, polarity: Polarity, conf: float, clause: str, lang: str, *, hint: str = ""
) -> list[Finding]:
    """Key a liked or disliked object: by gazetteer, then by the verb's hint, else generic.

    Args:
        obj: the object phrase, its verb already stripped ("VSCode写代码", "hiking").
        polarity: ``like`` or ``dislike``.
        conf: the pattern's confidence.
        clause: the clause, kept for zero-shot keying.
        lang: ``zh`` or ``en``.
        hint: a key implied by the stripped verb ("eat" → ``food.like``), or ``""``.

    A named thing keeps its canonical name ("VS Code" → ``VSCode``); a disliked named
    thing is a plain dislike (hating Vim says nothing about the editor you use).
    Generic results carry ``polarity`` so the extractor may re-key them by embedding.
    """
    if (shown := examples.inline(without_aside(obj), lang)) is not None:  # the kind and each example (extract.examples)
        # a kind disliked is narrowed by its examples (我不喜欢像恐怖片这样的电影 dislikes no film): the examples alone
        kind = shown[0] if polarity == "like" else ""
        return [f for said in (kind, *shown[1]) if said
                for f in like_finding(said, polarity, conf, clause, lang, hint=hint)]
    value = clean_value(_EXAMPLES.sub("", without_aside(obj)), lang)  # "classic literature such as", no list: the kind
    limit = 8 if lang == "en" else 16  # words vs characters: longer is a story, not a taste
    # A Chinese clause counts an English word in it as one unit, like one character
    # ("我喜欢 Red Hot Chili Peppers" is four, not 21).
    size = len(value.split()) if lang == "en" else len(re.findall(r"[A-Za-z0-9'\-]+|\S", value))
    if not value or (lang == "en" and guards.en_vague_outing(value)):
        return []  # "I love having such a great time": how an outing went, no taste
    items = _list_items(value, lang)
    if lang == "en" and len(items) > 1 and any(guards.en_vague_outing(i) for i in items):
        # "being around friends and having such a great time": the taste without how it went
        return [f for i in items if not guards.en_vague_outing(i)
                for f in like_finding(i, polarity, conf, clause, lang, hint=hint)]
    if size > limit:
        # a list is limited item by item: 爬山、游泳、弹钢琴、看电影和读历史小说 is five likes
        if len(items) > 1 and _plain_list(items, lang):
            return [f for n, item in enumerate(items)
                    for f in like_finding(item, polarity, conf, clause, lang, hint=_item_hint(n, items, hint, lang))]
        return []
    hit = gazetteer.lookup(value)
    if hit is not None and hit.named and lang == "en" and _ATTRIBUTIVE.match(value, hit.end):
        hit = None  # "the UPS guy", "FedEx's app": the name qualifies another thing, which is liked
    venue = hit is not None and lang == "zh" and bool(_VENUE_ZH.match(value, hit.end))
    if venue:  # 安静的咖啡馆, 奶茶店, 火锅店: a place the drink or dish is served in, no drink or dish liked
        hit = None
    if hit is not None and hit.named:
        key = hit.key if polarity == "like" else "preference.dislike"
        return [Finding(key, hit.value, conf, clause)]
    key = hit.key if hit is not None else hint
    if len(items) > 1 and (_known_apart(items) or _plain_list(items, lang)):
        # "I like 火锅 and 珍珠奶茶", 川菜和粤菜, "romance novels and biographies": one like each, so
        # each is kept, found and withdrawn on its own
        return [f for n, item in enumerate(items)
                for f in like_finding(item, polarity, conf, clause, lang, hint=_item_hint(n, items, hint, lang))]
    mixed = _list_key(value, lang)
    if mixed is not None:  # "绘画、弹钢琴和品茶" is not a drink because 茶 is one of three
        key = mixed
        if not key:
            return [Finding("preference.like" if polarity == "like" else "preference.dislike",
                            value, conf, clause)]
    if key and hit is not None and lang == "zh" and _own_verb(value, lang):
        key, value = _keyed_by_its_verb(key, value)
    if key:
        if polarity == "dislike":
            key = "food.dislike" if key == "food.like" else "preference.dislike"
        return [Finding(key, value, conf, clause)]
    generic = "preference.like" if polarity == "like" else "preference.dislike"
    # a venue is kept generic: keyed by meaning (extract.zero_shot), 咖啡馆 would be a drink again
    return [Finding(generic, value, conf, clause, polarity=None if venue else polarity)]


#: A list item that opens with a verb of its own ("watching old films", 看文艺电影) is not keyed by the verb
#: cut from the list's first item: in 我喜欢听古典音乐、看文艺电影 the films are no music.
_OWN_VERB = {"en": lazy_regex(r"^(?:[a-z]+ing|go|play|read|watch|cook|travel|take|make|do|see|visit|write|draw|"
                              r"paint|sing|dance|run|swim|walk|ride|hike|bake|eat|drink|listen)\b", re.IGNORECASE),
             # an activity named by its verb and object (滑板, 滑雪, 游泳, 跑步, 钓鱼, 登山, 冲浪, 潜水, 划船, 攀岩,
             # 射箭) is a verb of its own too: no thing heard, eaten or watched
             "zh": lazy_regex(r"^(?:看|听|玩|打|做|吃|喝|读|写|弹|拍|去|学|练|养|种|逛|唱|跳|画|踢|骑|爬|泡|品|"
                              r"收藏|旅|滑|游(?!戏)|跑(?!车)|钓|登|冲浪|潜水|划船|攀|射)")}


def _own_verb(item: str, lang: str) -> bool:
    return bool(_OWN_VERB["zh" if lang == "zh" else "en"].match(item))


def _item_hint(n: int, items: list[str], hint: str, lang: str) -> str:
    """The key the verb cut from a list's first item implies for its ``n``-th item: none for an item with a verb of
    its own (``_OWN_VERB``: 看文艺电影, 滑板, "skateboarding"), which is keyed by what it is or is a plain like (in
    我喜欢听歌和滑板 the 听 is the songs', and 滑板 was ``music.like``); the verb's key for any other (吃鸡翅和薯条:
    both eaten)."""
    return "" if _own_verb(items[n], lang) else hint


#: The verb a Chinese key's statement puts before its value (喜欢听{v}, 喜欢喝{v}: ``rules``' templates).
_TEMPLATE_VERB_ZH = {"music.like": "听", "drink.like": "喝", "food.like": "吃", "media.like": "看"}


def _keyed_by_its_verb(key: str, value: str) -> tuple[str, str]:
    """The key and value of a liked Chinese ``value`` that opens with a verb of its own and was keyed by a
    thing named inside it (音乐 in 听古典音乐, 茶 in 品茶).

    The key's statement puts its own verb before the value, so the value said with that same verb
    loses it (听古典音乐 → music.like 古典音乐, not 喜欢听听古典音乐), and one said with another verb is
    the activity, a plain like (品茶 → preference.like 品茶, not 喜欢喝品茶). ``("", value)`` keys it
    generic; a key without a verb in its statement is kept.
    """
    verb = _TEMPLATE_VERB_ZH.get(key)
    if verb is None:
        return key, value
    if value.startswith(verb) and len(value) > len(verb):
        return key, value[len(verb):]
    return "", value


#: After a named thing, a noun of its own ("the UPS guy", "VS Code themes") or a possessive
#: ("FedEx's app") makes the name a modifier: the liked thing is the whole phrase. Words that
#: may follow the named thing itself are let through (purpose, comparison, adverbs, shipping).
_ATTRIBUTIVE = lazy_regex(
    r"(?:'s?\b|\s+(?!(?:for|to|with|over|instead|more|better|best|most|than|and|or|but|because|since|as|"
    r"when|if|so|too|very|much|a|lot|now|again|please|these|those|days|nowadays|anymore|really|here|"
    r"there|at|in|on|by|from|delivery|deliveries|shipping|service|services|express|ground|mostly|"
    r"always|usually|still|though|already)\b)[a-z]+\b)",
)


#: A word for a place of trade after a drink or a dish (咖啡馆, 奶茶店, 火锅店, 茶餐厅): the thing liked is the place.
_VENUE_ZH = lazy_regex(r"(?:馆|店|厅|铺|屋|摊|馆子|餐厅)$")


#: Examples after the liked kind: "classic literature such as "Walden" and ...", 经典文学作品比如《瓦尔登湖》.
_EXAMPLES = lazy_regex(r"\s*,?\s+(?:such as|including|for example|for instance|e\.g\.)\s.*$"
                       r"|(?:比如|例如|像是|譬如)\S*$", re.IGNORECASE)
#: Where a list of liked things is cut; never at 与, which joins the words of a name (枪与玫瑰, 傲慢与偏见).
_LIST_SPLIT = {"zh": lazy_regex(r"[、，,和及]|还有"), "en": lazy_regex(r"\s*,\s*|\s+(?:and|or)\s+")}
#: A list's closing "and the like" (AC/DC、枪与玫瑰等摇滚乐队): the items are before it.
_AND_SO_ON = lazy_regex(r"(?<=[、和])([^、和]+?)等[\u4e00-\u9fff]{0,8}$")


def _list_items(value: str, lang: str) -> list[str]:
    """The items of a list of liked things ("火锅 and 珍珠奶茶", "川菜和粤菜"); one item if no list."""
    if lang == "zh":
        value = _AND_SO_ON.sub(r"\1", value)
    return [i.strip() for i in _LIST_SPLIT["zh" if lang == "zh" else "en"].split(value) if i.strip()]


#: Longest item (Chinese characters, English words) of a list split into one like per item: longer
#: is a phrase with a list inside it, not a list.
MAX_LIST_ITEM = {"zh": 8, "en": 4}
#: Pairs said as one thing, whose halves are a food or a colour on their own ("mac and cheese",
#: "rock and roll", "black and white"): never split.
#: An item ending in a common adjective, which "and" then joins to the next one's: "new and powerful models".
_ADJECTIVE_LAST = lazy_regex(r"\s(?:new|old|big|small|little|fast|slow|good|great|cool|fun|cheap|beautiful|powerful|"
                             r"simple|fancy|healthy|fresh|quick|easy|modern|classic|large|bright|dark|long|short)$",
                             re.IGNORECASE)
_ONE_THING = lazy_regex(r"^(?:mac|rock|salt|bread|black|blue|red|fish|peanut butter|pen|arts|drum|rhythm|"
                        r"sweet|hot|cheese|milk)$", re.IGNORECASE)


#: A first item that opens a phrase the list sits inside: a place or a partner (在, 去, 跟), or a verb
#: with a measure (写一些, 看几本).
_ZH_PHRASE = lazy_regex(r"^(?:在|去|到|跟|给|对|用|从)|^[\u4e00-\u9fff]{1,2}(?:一些|一点|几)")


def _plain_list(items: list[str], lang: str) -> bool:
    """Whether ``items`` is a list of things liked one by one: in Chinese every item short
    (川菜和粤菜; a title in 《》 is never cut); in English each item a short phrase of more than one
    word, a plural, an -ing word or a gazetteer entry ("romance novels and biographies", "traveling
    and watching movies"), and no half of a pair said as one thing ("mac and cheese")."""
    if lang == "zh":  # not a list inside a phrase: 在海滩、山脉和湖泊附近拍摄, 写一些诗歌和小说
        return not _ZH_PHRASE.match(items[0]) and all(
            len(i) <= MAX_LIST_ITEM["zh"] and "《" not in i and "》" not in i for i in items)
    if any(_ONE_THING.match(i) for i in items[:-1]):
        return False
    if any(_ADJECTIVE_LAST.search(i) for i in items[:-1]):
        return False  # "making new and powerful models": two adjectives of one thing, no list
    return all(len(i.split()) <= MAX_LIST_ITEM["en"] and (
        " " in i or re.search(r"(?:s|ing)$", i, re.IGNORECASE) or gazetteer.lookup(i) is not None) for i in items)


def _known_apart(items: list[str]) -> bool:
    """Whether every item is a gazetteer entry as a whole or nearly (珍珠奶茶 holds 奶茶) and the
    items are of more than one topic. A list of one topic stays one value (川菜和粤菜: food.like);
    a list with an unknown item stays whole here (mac and cheese); ``_plain_list`` splits the rest."""
    hits = [gazetteer.lookup(item) for item in items]
    if any(h is None for h in hits):
        return False
    return len({h.key for h in hits if h is not None}) > 1


def _list_key(value: str, lang: str) -> str | None:
    """The key a list of liked things shares: ``None`` if not a list or no item is known.

    Returns ``""`` when the items disagree (two topics, or at most half of them in one
    gazetteer topic): the list then stays generic and is not re-keyed by embedding, since
    one word ("茶" in "绘画、弹钢琴和品茶") would otherwise key the whole list.
    """
    items = [i for i in _LIST_SPLIT["zh" if lang == "zh" else "en"].split(value) if i.strip()]
    if len(items) < 2:
        return None
    keys = [hit.key for hit in (gazetteer.lookup(i) for i in items) if hit is not None]
    if not keys:
        return None
    if len(set(keys)) == 1 and len(keys) * 2 > len(items):
        return keys[0]
    return ""
