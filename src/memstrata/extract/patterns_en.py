"""English patterns: explicit first-person statements and instructions → findings.

Every pattern is anchored at the start of a clause (after discourse fillers such as
"well," or "also"), so "I like X" is read but "do you like X" and "if I like X" are
not. Questions are skipped whole. Patterns are tried in order and the first that
matches a clause wins; the order puts specific wordings ("my favorite X is Y",
"I'm allergic to") before the generic ones ("I like X").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from memstrata.extract import gazetteer
from memstrata.extract.clauses import (
    CONF_EVENT, CONF_EXPLICIT, CONF_INFORMAL, CONF_LIKE, CONF_NEGATIVE, CONF_PREFER,
    CONF_STATED, Finding, Polarity, clause_period, clean_value, merge_time_clauses,
    with_confidence, without_time,
)

I = re.IGNORECASE
_Pattern = Callable[[str, "_Ctx"], list[Finding]]


class _Ctx:
    """Per-sentence state: the sentence, its time and the markers seen so far."""

    def __init__(self, sentence: str, said_at: datetime) -> None:
        self.sentence = sentence
        self.said_at = said_at
        self.habit = False  # "from now on" seen earlier in the sentence
        self.remember = False  # a bare "remember," clause precedes


_SPLIT = re.compile(
    r"\s*[,;]\s*|\s+(?:and|but|so)\s+(?=(?:i|i'm|i've|i'll|i'd|my|don't|do not|never|please|"
    r"always|we)\b)|\s+and\s+(?=(?:ship|send|use|leave|put|drop|deliver)\b)",
    I,
)
_FILLER = re.compile(
    r"^(?:(?:and|but|so|also|actually|honestly|well|oh|btw|by the way|ok|okay|anyway|plus|"
    r"hey|hi|hello|yes|yeah|no|sure|alright)\b[\s,!]*)+",
    I,
)
_QUESTION = re.compile(
    r"^(?:do|does|did|are|is|was|were|can|could|would|will|should|shall|have|has|what|who|"
    r"whom|where|when|why|how|which|whose|am|may|isn't|aren't|don't you|doesn't)\b",
    I,
)
_POLITE = re.compile(r"^(?:can|could|would|will) you (?:please )?(?=remember|note|keep in mind)", I)
_HABIT = re.compile(
    r"^(?:from now on|going forward|in (?:the )?future|henceforth|from here on(?: out)?|"
    r"from today(?: on)?|next time|for all future orders)\b[\s,]*",
    I,
)
_PRONOUN = re.compile(
    r"^(?:it|that|this|them|you|him|her|those|these|everything|nothing|something|anything|"
    r"one|how|what|when|where|who|us|me|myself|yours|to know)$",
    I,
)
_PAST = re.compile(
    r"^(?:\w+ed|thought|knew|said|saw|went|had|got|heard|told|made|did|been|was|were|wanted|"
    r"felt|found|took|gave|came|left|ate|drank)\b",
    I,
)


def _clauses(sentence: str) -> list[str]:
    parts = [p for p in _SPLIT.split(sentence) if p and p.strip()]
    return merge_time_clauses(parts)


def _is_question(clause: str) -> bool:
    return clause.rstrip().endswith("?") or bool(_QUESTION.match(clause))


def find(sentence: str, said_at: datetime) -> list[Finding]:
    """Findings in one English sentence said at ``said_at`` (timezone-aware UTC)."""
    ctx = _Ctx(sentence, said_at)
    out: list[Finding] = []
    for raw in _clauses(sentence):
        clause = _POLITE.sub("", _FILLER.sub("", raw.strip()))
        if not clause or _is_question(raw.strip()) and not _POLITE.match(raw.strip()):
            continue
        habit = _HABIT.match(clause)
        if habit:
            ctx.habit = True
            clause = clause[habit.end() :]
        clause = clean_value(clause, "en")
        if re.fullmatch(r"(?:please )?(?:remember|note|keep in mind)", clause, I):
            ctx.remember = True
            continue
        if clause:
            out.extend(match_clause(clause, ctx))
    return out


def match_clause(clause: str, ctx: _Ctx) -> list[Finding]:
    """Findings of the first pattern that matches ``clause``."""
    for pattern in _PATTERNS:
        found = pattern(clause, ctx)
        if found:
            return found
    if ctx.remember:
        return [Finding("note", clause, CONF_EXPLICIT, clause)]
    if ctx.habit:
        return _habit_fallback(clause)
    return []


def _f(key: str, value: str, conf: float, clause: str, **kw: object) -> list[Finding]:
    value = clean_value(value, "en")
    if not value or _PRONOUN.match(value) or len(value.split()) > 10:
        return []
    return [Finding(key, value, conf, clause, **kw)]  # type: ignore[arg-type]


# --- explicit memory requests ---------------------------------------------------------

_REMEMBER = re.compile(
    r"^(?:please )?(?:remember|note|keep in mind|don't forget|do not forget)\b[\s:,]*"
    r"(?:that\s+)?(?P<v>.+)$",
    I,
)


def _remember(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _REMEMBER.match(clause)
    if not m or m.group("v").lower().startswith("to "):
        return []  # "remember to buy milk" is a to-do for now, not a fact about the user
    inner = m.group("v")
    found = [f for p in _PATTERNS if p is not _remember for f in p(inner, ctx)][:3]
    # A remembered self-statement becomes its specific fact; anything else is a note.
    return with_confidence(found, CONF_EXPLICIT) if found else _f("note", inner, CONF_EXPLICIT, clause)


# --- identity -------------------------------------------------------------------------

_NAME_WORD = r"[A-Za-z][A-Za-z'\-]*"
_MY_NAME = re.compile(rf"^(?:my name is|my name's|the name's|i'm called|i am called|i go by)\s+"
                      rf"(?P<v>{_NAME_WORD}(?: {_NAME_WORD}){{0,2}})$", I)
_CALL_ME = re.compile(rf"^(?:(?:you can |please |just )*call me)\s+(?P<v>[A-Z][A-Za-z'\-]*"
                      rf"(?: [A-Z][A-Za-z'\-]*)?)$")
_IM_NAME = re.compile(r"^(?:i'm|i am|this is)\s+(?P<v>[A-Z][a-z'\-]+(?: [A-Z][a-z'\-]+){0,2})$")
_NOT_NAMES = frozenset(
    """american british chinese japanese korean french german indian canadian australian
    italian spanish mexican russian brazilian english dutch swiss irish scottish vegan
    vegetarian fine good great ok okay sorry done back here ready happy tired hungry busy
    sure glad excited new home""".split()
)


def _name(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _MY_NAME.match(clause)
    if m:
        return _f("identity.name", m.group("v"), CONF_EXPLICIT, clause)
    m = _CALL_ME.match(clause) or _IM_NAME.match(clause)
    if m and m.group("v").split()[0].lower() not in _NOT_NAMES:
        return _f("identity.name", m.group("v"), CONF_INFORMAL, clause)
    return []


_AGE = re.compile(r"^(?:i'm|i am|i just turned|i turned)\s+(?P<v>\d{1,3})(?:\s*(?:years?\s+old|"
                  r"yo|y/o))?$", I)
_LIVE = re.compile(r"^(?:i|we)\s+(?:now\s+|currently\s+|still\s+)?(?:live|am living|'m living|"
                   r"reside|am based|'m based|just moved|recently moved|moved|have moved|"
                   r"'ve moved)\s+(?:in|to)\s+(?P<v>.+)$|^i'm (?:now )?based in (?P<w>.+)$", I)
_FROM = re.compile(r"^(?:i'm|i am|i come|i'm originally|i am originally|i grew up|i was born|"
                   r"i was raised)\s+(?:from|in)\s+(?P<v>.+)$", I)
_PLACE_END = re.compile(r"\s+(?:with|since|for|now|because|but|where|which|and|as|at the moment)"
                        r"\b.*$", I)


def _age_place(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _AGE.match(clause)
    if m:
        return _f("identity.age", m.group("v"), CONF_STATED, clause)
    m = _LIVE.match(clause)
    if m:
        place = _PLACE_END.sub("", m.group("v") or m.group("w"))
        period = clause_period(clause, ctx.sentence, ctx.said_at)
        return _f("identity.location", without_time(place), CONF_STATED, clause, period=period)
    m = _FROM.match(clause)
    if m:
        place = _PLACE_END.sub("", m.group("v"))
        if re.fullmatch(r"(?:19|20)\d\d", place):
            return _f("identity.birthday", place, CONF_STATED, clause)
        return _f("identity.hometown", without_time(place), CONF_STATED, clause)
    return []


_OCCUPATIONS = (
    "engineer|developer|programmer|teacher|doctor|nurse|student|designer|manager|lawyer|"
    "writer|artist|scientist|researcher|chef|cook|accountant|consultant|analyst|architect|"
    "professor|musician|photographer|journalist|pilot|driver|dentist|pharmacist|salesperson|"
    "founder|ceo|cto|entrepreneur|freelancer|intern|translator|therapist|lecturer|"
    "data scientist|veterinarian|vet|firefighter|police officer|officer|librarian|mechanic|"
    "electrician|plumber|farmer|student|undergrad|phd student|postdoc|retiree"
)
_WORK_AS = re.compile(r"^(?:i|i currently|i now)\s+work(?:s)?\s+as\s+(?:an?\s+)?(?P<v>.+)$", I)
_IM_A = re.compile(rf"^(?:i'm|i am)\s+(?:now\s+)?an?\s+(?P<v>(?:[\w\-]+\s+){{0,3}}"
                   rf"(?:{_OCCUPATIONS})s?)(?:\s+(?:at|for|in)\s+(?P<org>.+))?$", I)
_MY_JOB = re.compile(r"^my (?:job|profession|occupation|role) is\s+(?:an?\s+)?(?P<v>.+)$", I)
_WORK_AT = re.compile(r"^(?:i|i currently|i now)\s+work\s+(?:at|for)\s+(?P<org>.+?)"
                      r"(?:\s+as\s+(?:an?\s+)?(?P<v>.+))?$", I)


def _work(clause: str, ctx: _Ctx) -> list[Finding]:
    for pattern in (_WORK_AS, _IM_A, _MY_JOB, _WORK_AT):
        m = pattern.match(clause)
        if not m:
            continue
        groups = m.groupdict()
        out: list[Finding] = []
        if groups.get("v"):
            occupation = re.sub(r"\s+(?:at|for|in)\s+.*$", "", groups["v"], flags=I)
            out += _f("identity.occupation", occupation, CONF_STATED, clause)
        if groups.get("org"):
            out += _f("identity.employer", _PLACE_END.sub("", groups["org"]), CONF_STATED, clause)
        return out
    return []


_BIRTHDAY = re.compile(r"^(?:my birthday is|my birthday's|i was born on)\s+(?:on\s+)?(?P<v>.+)$", I)
_CONTACT = re.compile(r"^my (?P<what>e-?mail(?: address)?|phone(?: number)?|cell(?: number)?|"
                      r"mobile(?: number)?|number|(?:home |shipping |delivery )?address)"
                      r"\s+is\s+(?P<v>.+)$", I)
_SPEAK = re.compile(r"^(?:i|i can|i also)\s+speak\s+(?P<v>.+)$|^i'm fluent in\s+(?P<w>.+)$|"
                    r"^my (?:native language|mother tongue|first language) is\s+(?P<x>.+)$", I)


def _details(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _BIRTHDAY.match(clause)
    if m:
        return _f("identity.birthday", m.group("v"), CONF_STATED, clause)
    m = _CONTACT.match(clause)
    if m:
        what = m.group("what").lower()
        key = ("contact.email" if "mail" in what else "shipping.address" if "address" in what
               else "contact.phone")
        return _f(key, m.group("v"), CONF_STATED, clause)
    m = _SPEAK.match(clause)
    if m:
        langs = re.sub(r"\s+(?:fluently|well|a little|a bit)$", "", m.group("v") or m.group("w")
                       or m.group("x"), flags=I)
        return [f for part in _split_list(langs) for f in
                _f("language.spoken", part, CONF_STATED, clause)]
    return []


def _split_list(text: str) -> list[str]:
    return [p for p in re.split(r"\s*(?:,|\band\b|&|\bor\b)\s*", text) if p.strip()]


# --- health, diet, favourites ---------------------------------------------------------

_ALLERGY = re.compile(r"^(?:i'm|i am|i'm very|i am very|i'm severely)\s+allergic\s+to\s+(?P<v>.+)$"
                      r"|^i have an?\s+(?P<w>.+?)\s+allergy$|^i have an allergy to\s+(?P<x>.+)$", I)
_DIET = re.compile(r"^(?:i'm|i am)\s+(?:an?\s+)?(?:strict\s+)?(?P<v>vegetarian|vegan|pescatarian)$"
                   r"|^i (?:only )?eat (?P<w>halal|kosher)(?: food)?$", I)
_FAVORITE = re.compile(r"^my (?:all-time |absolute |very )?favou?rite\s+(?P<cat>[\w\- ]+?)\s+"
                       r"(?:is|are|has to be|would be|'s)\s+(?P<v>.+)$", I)
_FAV_KEYS: tuple[tuple[str, str], ...] = (
    (r"programming language|coding language", "tool.language"),
    (r"editor|ide", "tool.editor"),
    (r"food|dish|meal|snack|cuisine|fruit|dessert|restaurant", "food.like"),
    (r"drink|beverage|coffee|tea|cocktail|beer|wine", "drink.like"),
    (r"band|singer|song|artist|musician|album|genre|music|composer|rapper", "music.like"),
    (r"sport|team|exercise|workout", "sport.like"),
    (r"hobby|pastime|activity", "hobby.like"),
    (r"movie|film|show|tv show|series|book|novel|author|writer|anime|game", "media.like"),
    (r"language", "language.spoken"),
)


def _health_fav(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _ALLERGY.match(clause)
    if m:
        things = m.group("v") or m.group("w") or m.group("x")
        return [f for part in _split_list(things) for f in
                _f("health.allergy", part, CONF_PREFER, clause)]
    m = _DIET.match(clause)
    if m:
        return _f("food.diet", (m.group("v") or m.group("w")).lower(), CONF_STATED, clause)
    m = _FAVORITE.match(clause)
    if m:
        cat, value = m.group("cat").lower(), m.group("v")
        key = next((k for pat, k in _FAV_KEYS if re.fullmatch(pat, cat)), "preference.like")
        hit = gazetteer.lookup(value)
        if hit is not None and hit.named and hit.key == key:
            value = hit.value  # canonical spelling ("vs code" → "VSCode")
        return _f(key, value, CONF_STATED, clause, label=cat)
    return []


# --- family and pets ------------------------------------------------------------------

_RELATIVES = (r"wife|husband|partner|spouse|son|daughter|sister|brother|mom|mum|mother|dad|"
              r"father|boyfriend|girlfriend|fianc[eé]e?|grandma|grandmother|grandpa|"
              r"grandfather|kid|child|baby|twin|cousin|aunt|uncle|niece|nephew")
_ANIMALS = (r"dog|cat|puppy|kitten|hamster|rabbit|bunny|parrot|budgie|turtle|tortoise|goldfish|"
            r"fish|bird|guinea pig|ferret|lizard|snake|horse|retriever|labrador|poodle|"
            r"corgi|husky|beagle|bulldog")
_COUNT = r"a|an|one|two|three|four|\d+"
_HAVE = re.compile(rf"^(?:i|we)\s+(?:have|'ve got|have got|own|got|adopted)\s+(?P<n>{_COUNT})\s+"
                   rf"(?P<what>(?:[\w\-]+\s+){{0,2}}?(?P<noun>(?:{_RELATIVES}|{_ANIMALS}|children)"
                   rf"(?:s|es|ren)?))(?:\s+(?:named|called)\s+(?P<name>{_NAME_WORD}))?$", I)
_MY_X_IS = re.compile(rf"^my (?P<what>(?:[\w\-]+\s+)?(?P<noun>{_RELATIVES}|{_ANIMALS}))"
                      rf"(?:'s name is| is named| is called| is)\s+(?P<name>[A-Z][A-Za-z'\-]*)$")


def _family_pet(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _HAVE.match(clause) or _MY_X_IS.match(clause)
    if not m:
        return []
    noun = m.group("noun").lower()
    key = "pet" if re.fullmatch(rf"(?:{_ANIMALS})(?:s|es)?", noun) else "family.member"
    groups = m.groupdict()
    count = (groups.get("n") or "a").lower()
    what = m.group("what")
    value = what if count in ("a", "an", "one") else f"{count} {what}"
    if m.group("name"):
        value = f"{value} named {m.group('name')}"
    return _f(key, value, CONF_STATED, clause)
