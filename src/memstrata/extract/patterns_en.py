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
from dataclasses import replace
from datetime import datetime

from memstrata.extract import conditions, gazetteer, guards, habits, instructions, kin, routines
from memstrata.extract.allergens import allergen, severity, severity_remark
from memstrata.extract.clauses import (
    CONF_EVENT,
    CONF_EXPLICIT,
    CONF_INFORMAL,
    CONF_LIKE,
    CONF_NEGATIVE,
    CONF_PREFER,
    CONF_STATED,
    Finding,
    Polarity,
    clause_period,
    clean_value,
    like_finding,
    merge_time_clauses,
    third_person,
    with_confidence,
    without_time,
)
from memstrata.extract.timex import mentions_time
from memstrata.extract.twins import LEXICON

_IC = re.IGNORECASE
_Pattern = Callable[[str, "_Ctx"], list[Finding]]


class _Ctx:
    """Per-sentence state: the sentence, its time and the markers seen so far."""

    def __init__(self, sentence: str, said_at: datetime) -> None:
        self.sentence = sentence
        self.said_at = said_at
        self.habit = False  # "from now on" seen earlier in the sentence
        self.remember = False  # a bare "remember," clause precedes
        # "text me, don't call": a refused channel makes a bare "text me" a preference
        self.contact = bool(_REFUSED_CHANNEL.search(sentence))


_SPLIT = re.compile(
    # "My son and I are allergic to eggs": "and I are" joins two subjects, it starts no clause
    r"\s*[,;]\s*|\s+(?:and|but|so)\s+(?=(?:i(?!\s+(?:are|were|both|all)\b)|i'm|i've|i'll|i'd|my|don't|do not|"
    r"never|please|"
    r"always|we)\b)|\s+and\s+(?=(?:ship|send|use|leave|put|drop|deliver)\b)"
    # "I'm allergic to peanuts and mildly allergic to cats": a second allergy with a degree of its own
    r"|\s+and\s+(?=(?:(?:also|too|very|really|so|[a-z]+ly)\s+)*allergic\s+to\b)",
    _IC,
)
#: "no" as a reply ("No, I meant ...") is a filler; "No calls before 9am" is the contact hours
#: ``routines`` reads (trial 9: the filler took its "no" and nothing was stored).
_FILLER = re.compile(
    r"^(?:(?:and|but|so|also|actually|honestly|well|oh|btw|by the way|ok|okay|anyway|plus|"
    r"hey|hi|hello|yes|yeah|no(?!\s+(?:calls|texts|emails|messages)\b)|sure|alright|now|these days|nowadays|"
    r"i mean|i meant|sorry)\b[\s,!]*"
    # "OK. I'm allergic to peanuts": a filler said as its own sentence is merged into the next
    # (``text.segment.MIN_SEGMENT_CHARS``), its full stop with it
    r"(?:\.\s+)?)+",
    _IC,
)
_QUESTION = re.compile(
    r"^(?:do|does|did|are|is|was|were|can|could|would|will|should|shall|have|has|what|who|"
    r"whom|where|when|why|how|which|whose|am|may|isn't|aren't|don't you|doesn't)\b",
    _IC,
)
_POLITE = re.compile(r"^(?:can|could|would|will) you (?:please )?(?=remember|note|keep in mind)", _IC)
_HABIT = re.compile(
    r"^(?:from now on|going forward|in (?:the )?future|henceforth|from here on(?: out)?|"
    r"from today(?: on)?|(?P<weak>next time)|for all future orders)\b[\s,]*",
    _IC,
)
_PRONOUN = re.compile(
    r"^(?:it|that|this|them|you|him|her|those|these|everything|nothing|something|anything|"
    r"one|how|what|when|where|who|us|me|myself|yours|to know)$",
    _IC,
)
_PAST = re.compile(
    r"^(?:\w+ed|thought|knew|said|saw|went|had|got|heard|told|made|did|been|was|were|wanted|"
    r"felt|found|took|gave|came|left|ate|drank|"
    # irregular pasts a plan check needs ("we flew to Tokyo in March" is done, not next March);
    # forms equal to the base (put, read, cut, hit) cannot be told apart and are left out
    r"flew|drove|rode|ran|swam|met|bought|brought|caught|taught|sold|sent|spent|built|lost|paid|"
    r"won|wrote|began|became|sang|threw|broke|chose|fell|forgot|grew|held|kept|led|lent|meant|"
    r"sat|slept|spoke|stood|stole|tore|understood|woke|wore|drew|fed|fought|froze|hung|rang|"
    r"rose|shook|shot|stuck|swept|swung|wept|bit|blew|hid|slid|spun|sprang|overslept)\b",
    _IC,
)


def _clauses(sentence: str) -> list[str]:
    parts = [p for p in _SPLIT.split(sentence) if p and p.strip()]
    return merge_time_clauses(parts)


def _is_question(clause: str) -> bool:
    return clause.rstrip().endswith("?") or bool(_QUESTION.match(clause))


def find(sentence: str, said_at: datetime) -> list[Finding]:
    """Findings in one English sentence said at ``said_at`` (timezone-aware UTC)."""
    ctx = _Ctx(sentence, said_at)
    if not sentence.rstrip().endswith("?") and (named := _allergy_named_apart(sentence)) is not None:
        return named
    out: list[Finding] = []
    listing: list[Finding] = []  # the allergies of the clause before: "..., shellfish" names one more
    for raw in _clauses(sentence):
        if listing and (more := _more_allergies(raw, listing[0], ctx)) is not None:
            out.extend(more)
            listing += more
            continue
        if listing and (level := severity_remark(raw)):  # "..., it's severe", "..., I carry an EpiPen"
            out = [replace(f, severity=f.severity or severity(f.clause) or level) if f in listing else f for f in out]
        listing = []
        clause = _POLITE.sub("", _FILLER.sub("", raw.strip()))
        if not clause or (_is_question(raw.strip()) and not _POLITE.match(raw.strip())):
            continue
        habit = _HABIT.match(clause)
        if habit:
            ctx.habit = ctx.habit or not habit.group("weak")
            clause = clause[habit.end() :]
        clause = clean_value(clause, "en")
        if re.fullmatch(r"(?:please )?(?:remember|note|keep in mind)", clause, _IC):
            ctx.remember = True
            continue
        if clause:
            found = match_clause(clause, ctx)
            if not found and (pair := _AND_I.search(clause)):
                # "the gf and I are hitting the beach": what the user does with someone
                verb = {"are": "am", "were": "was"}.get(pair.group("verb").lower(), "")
                found = match_clause(re.sub(r"\s+", " ", f"i {verb} {clause[pair.end():]}"), ctx)
            out.extend(found)
            if not any(f.retract for f in found):  # "I'm no longer diabetic" withdraws that, no habit
                out.extend(habits.find_en(clause, ctx))  # "I don't drink coffee anymore": a coffee habit too
            listing = [f for f in found if f.key == "health.allergy" and not f.retract]
    return out


#: "I'm allergic to peanuts, shellfish, and eggs", "allergic to: peanuts, shellfish": the clauses after
#: an allergy that are bare nouns continue its list (trial 11 F1 kept only the first). At most two
#: words, none a remark ("thanks", "seriously", "not shellfish", "so be careful", "the doctor confirmed")
#: or a past tense, are read as one; the list's last clause may join two such ("..., sesame and
#: shellfish": only peanuts and tree nuts of "peanuts, tree nuts, sesame and shellfish" were stored).
_ITEM = r"[a-z][\w\-]*(?:\s+[\w\-]+)?"
_LIST_ITEM = re.compile(rf"^(?:and\s+|or\s+|also\s+|plus\s+)?(?P<v>{_ITEM}(?:\s+(?:and|or|&)\s+{_ITEM})?)[.!]*$", _IC)
_NOT_AN_ITEM = re.compile(
    r"^(?:so|but|because|since|cause|cuz|though|although|which|that|this|these|those|it|they|them|he|she|we|you|i|"
    r"i'm|my|me|please|pls|thanks|thank|thx|ty|ok|okay|lol|lmao|haha\w*|hehe\w*|btw|fyi|sorry|right|yeah|yes|no|not|"
    r"never|just|only|even|remember|note|keep|be|make|don't|do|does|did|is|are|was|were|have|has|had|can|could|"
    r"will|would|should|must|avoid|careful|seriously|honestly|actually|really|etc|anything|everything|nothing|"
    r"something|all|both|again|too|now|still|unfortunately|sadly|the|a|an|his|her|their|our|your|its|[a-z]+ly|"
    r"[a-z]+ing)\b", _IC)

# Any "-ly" degree word too ("deathly", "severely", "mildly": trial 11 F1 "I'm deathly allergic to shrimp"
# stored nothing); "not" is none of them, so "I'm really not allergic" stays unread. "to:" opens a list.
_ALLERGY_DEGREE = (r"(?:(?:also|too|actually|really|very|so|super|extra|quite|pretty|still|again|now|definitely|"
                   r"indeed|deadly|crazy|kinda|a bit|a little|[a-z]+ly)\s+)*")
#: What a plate must not have, said apart from the "I'm allergic" that says why (trial 11 F1: "No
#: peanuts for me please, I'm allergic" stored nothing): the allergen before, or after "so".
_NO_FOOD = (r"(?:please\s+)?(?:no|hold the|skip the|nothing with|i\s+can't\s+(?:eat|have)|"
            r"i\s+cannot\s+(?:eat|have)|i\s+can\s+not\s+(?:eat|have)|i\s+don't\s+eat|i\s+do\s+not\s+eat)"
            r"\s+(?:any\s+)?(?P<{g}>[^,;.!?]+?)(?:\s+(?:for me|in mine|on mine|in my (?:food|dish|order|meal|plate)))?"
            r"(?:\s*,?\s*(?:please|pls|thanks|thank you))?")
_I_AM_ALLERGIC = rf"(?:i'm|i am)\s+{_ALLERGY_DEGREE}allergic(?:\s+to\s+(?:them|it|those|that|these))?"
_ALLERGY_APART = re.compile(
    rf"^{_NO_FOOD.format(g='v')}(?:\s*[,;:.!—–-]+\s*(?:(?:because|since|as|cause|cuz)\s+)?|(?<=please)\s+|"
    rf"\s+(?:because|since|as|cause|cuz)\s+){_I_AM_ALLERGIC}"
    rf"\s*[.!]*$|^{_I_AM_ALLERGIC}\s*(?:[,;:.!—–-]+\s*(?:so\s+)?|\s+so\s+){_NO_FOOD.format(g='w')}\s*[.!]*$", _IC)


#: "No problem", "No worries", "No kidding": a "no" that refuses no food.
_NO_REMARK = re.compile(r"^(?:problem|problems|worries|worry|kidding|joke|joking|lie|way|idea|doubt|offen[cs]e|"
                        r"thanks|clue|one|pressure|rush|big deal|matter|wonder|chance|need|more|longer|really|"
                        r"seriously|sorry|ok|okay|i|i'm|it|that|this|you|we|he|she|they)\b", _IC)


#: "..., mildly allergic to cats" / "... and also allergic to cats" after an allergy: one more, its degree its own.
_ALLERGIC_TOO = re.compile(rf"^(?:and\s+)?(?P<c>{_ALLERGY_DEGREE}allergic\s+to\b.+)$", _IC)


def _more_allergies(raw: str, head: Finding, ctx: _Ctx) -> list[Finding] | None:
    """The allergies ``raw``, the clause after the allergy ``head``, adds to it: more items of its
    list ("..., shellfish", "..., sesame and shellfish"), as severe as ``head`` said, or one more
    allergy with its own degree ("..., mildly allergic to cats"); each of ``head``'s person. ``None``
    when ``raw`` is a clause of its own."""
    if (item := _LIST_ITEM.match(raw.strip())) and all(_list_item(part) for part in _split_list(item.group("v"))):
        level = head.severity or severity(head.clause)
        found = [f for part in _split_list(item.group("v")) for f in _f("health.allergy", part, CONF_PREFER, raw)]
        return [replace(f, subject=head.subject, severity=level) for f in found]
    if (again := _ALLERGIC_TOO.match(raw.strip())) is not None:
        return [replace(f, subject=head.subject) for f in _health_fav(f"I'm {again.group('c')}", ctx)] or None
    return None


def _list_item(words: str) -> bool:
    """Whether ``words`` after an allergy and a comma name one more allergen: no remark
    (``_NOT_AN_ITEM``) and no capitalised word that is no known allergen ("..., Bob": a name called)."""
    if _NOT_AN_ITEM.match(words) or any(_PAST.match(w) for w in words.split()[1:]):
        return False
    return not (words[0].isupper() and " " not in words and words.lower() not in _KNOWN_ALLERGENS)


def _allergen_as_object(word: str) -> str:
    """An allergen said as a modifier ("Peanut allergy", "nut allergy") as "allergic to" names it
    (``peanuts``, ``nuts``): lower case unless it is a name ("NSAID"), and the plural a known
    allergen is listed under first (``twins.LEXICON``: peanuts, eggs; mango and shellfish stay)."""
    word = word[0].lower() + word[1:] if word[1:] == word[1:].lower() else word
    group = next((g for g in LEXICON if word in g), ())
    if group and group[0] == word:
        return word
    plurals = (f"{word}s", f"{word}es", f"{word[:-1]}ies" if word.endswith("y") else "")
    return next((p for p in plurals if p and p in _KNOWN_ALLERGENS), word)


#: The English names of the common allergens (``twins.LEXICON``).
_KNOWN_ALLERGENS: frozenset[str] = frozenset(w for group in LEXICON for w in group if w.isascii())


#: "I'm allergic." said as a sentence of its own: the allergen is in the sentence before it.
BARE_ALLERGIC = re.compile(rf"^(?:(?:because|since|as|cause|cuz)\s+)?{_I_AM_ALLERGIC}\s*[.!]*$", _IC)


def allergy_named_before(previous: str, sentence: str) -> list[Finding]:
    """The user's allergies when ``sentence`` is a bare "I'm allergic." (``BARE_ALLERGIC``) and
    ``previous``, the sentence before it, names the food ("No peanuts for me please. I'm allergic.");
    else ``[]``."""
    if not BARE_ALLERGIC.match(sentence.strip()) or previous.rstrip().endswith("?"):
        return []
    return _allergy_named_apart(f"{previous.strip()} {sentence.strip()}") or []


def _allergy_named_apart(sentence: str) -> list[Finding] | None:
    """The user's allergies in a sentence that names the food apart from "I'm allergic" ("No
    peanuts for me please, I'm allergic", "I'm allergic, so no shellfish"), else ``None``."""
    m = _ALLERGY_APART.match(_FILLER.sub("", sentence.strip()) if not re.match(r"(?i)no\b", sentence) else sentence)
    if m is None:
        return None
    things = next(g for g in m.groups() if g)
    if len(things.split()) > 4 or _NO_REMARK.match(things):
        return None  # "No problem, I'm allergic", "No kidding, ...": a remark, no food
    found = [f for part in _split_list(things) for f in _f("health.allergy", part, CONF_PREFER, sentence)]
    return found or None


def _opens_sentence(clause: str, ctx: _Ctx) -> bool:
    """Whether nothing but fillers and punctuation comes before ``clause`` in its sentence."""
    at = ctx.sentence.lower().find(clause.lower())
    before = ctx.sentence[: max(0, at)]
    return at >= 0 and not _FILLER.sub("", re.sub(r"[\s,.!;:~\-]+", " ", before).strip()).strip()


#: "The gf and I are hitting the beach next month", "She and I are going to a game": two subjects with
#: the user, read as the user's own (after ``_whose_health`` saw them whole: "My son and I are allergic"
#: is both's): "I am going to a game", "I am vegetarian" ("My wife and I are vegetarian").
_AND_I = re.compile(r"(?:^|[-—–:]\s*)(?:(?:the|my|our)\s+)?[\w'\-]+(?:\s+[\w'\-]+)?\s+and\s+i\s+"
                    r"(?P<verb>are|were|both|all)\b\s*(?:(?:both|all)\b\s*)?", _IC)


def match_clause(clause: str, ctx: _Ctx) -> list[Finding]:
    """Findings of the first pattern that matches ``clause``."""
    for pattern in _PATTERNS:
        found = pattern(clause, ctx)
        if found:  # after a bare "remember," / "记住，" the request makes it explicit
            return with_confidence(found, CONF_EXPLICIT) if ctx.remember else found
    if ctx.remember:
        return _note(clause, clause)
    if ctx.habit:
        return _habit_fallback(clause)
    return []  # "next time, I'll make sushi" is a passing plan, not a standing habit


def _f(key: str, value: str, conf: float, clause: str, **kw: object) -> list[Finding]:
    value = clean_value(value, "en")
    if not value or _PRONOUN.match(value) or len(value.split()) > 10:
        return []
    return [Finding(key, value, conf, clause, **kw)]  # type: ignore[arg-type]


# --- explicit memory requests ---------------------------------------------------------

_REMEMBER = re.compile(
    r"^(?:please )?(?:remember|note|keep in mind|don't forget|do not forget)\b[\s:,]*"
    r"(?:that\s+)?(?P<v>.+)$",
    _IC,
)


def _remember(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _REMEMBER.match(clause)
    if not m or m.group("v").lower().startswith("to "):
        return []  # "remember to buy milk" is a to-do for now, not a fact about the user
    inner = m.group("v")
    found = [f for p in _PATTERNS if p is not _remember for f in p(inner, ctx)][:3]
    # A remembered self-statement becomes its specific fact; anything else is a note.
    return with_confidence(found, CONF_EXPLICIT) if found else _note(inner, clause)


def _note(value: str, clause: str) -> list[Finding]:
    """A remembered statement, kept only if it is about the speaker (``guards.en_note_ok``)."""
    return _f("note", value, CONF_EXPLICIT, clause) if guards.en_note_ok(value) else []


# --- identity -------------------------------------------------------------------------

_NAME_WORD = r"[A-Za-z][A-Za-z'\-]*"
_MY_NAME = re.compile(r"^(?:my name is|my name's|the name's|i'm called|i am called|i go by)\s+"
                      rf"(?P<v>{_NAME_WORD}(?: {_NAME_WORD}){{0,2}}|[\u3400-\u9fff]{{2,4}})$", _IC)  # 李雷
_CALL_ME = re.compile(r"^(?i:(?:you can |please |just )*call me)\s+(?P<v>[A-Z][A-Za-z'\-]*"
                      r"(?: [A-Z][A-Za-z'\-]*)?)$")
# Not "this is X": in chat it introduces a pet, a friend or a photo far more than oneself.
_IM_NAME = re.compile(r"^(?i:i'm|i am)\s+(?P<v>[A-Z][a-z'\-]+(?: [A-Z][a-z'\-]+){0,2})$")
_NOT_NAMES = frozenset(
    (
        "american", "british", "chinese", "japanese", "korean", "french", "german", "indian",
        "canadian", "australian", "italian", "spanish", "mexican", "russian", "brazilian",
        "english", "dutch", "swiss", "irish", "scottish", "vegan", "vegetarian", "fine", "good",
        "great", "ok", "okay", "sorry", "done", "back", "here", "ready", "happy", "tired",
        "hungry", "busy", "sure", "glad", "excited", "new", "home",
    )
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
                  r"yo|y/o))?$", _IC)
# "moved back to X" is a change like any other (a return to an earlier value: trial F12).
_LIVE = re.compile(r"^(?:i|we)\s+(?:now\s+|currently\s+|still\s+)?(?:(?:live|am living|'m living|"
                   r"reside|am based|'m based)|(?:just moved|recently moved|moved|have moved|"
                   r"'ve moved|have just moved|'ve just moved)(?:\s+back)?)\s+(?:in|to)\s+(?P<v>.+)$"
                   r"|^i'm (?:now )?based in (?P<w>.+)$", _IC)
# "I'm in X" is not a hometown ("I'm in awe of …", "I'm in for the hike", "I'm in the office").
_FROM = re.compile(r"^(?:(?:i'm|i am|i come|i'm originally|i am originally|i come originally)\s+from|"
                   r"(?:i grew up|i was born|i was raised)\s+(?:from|in))\s+(?P<v>.+)$", _IC)
_PLACE_END = re.compile(r"\s+(?:with|since|for|now|because|but|where|which|and|as|at the moment)"
                        r"\b.*$", _IC)


def _age_place(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _AGE.match(clause)
    if m:
        return _f("identity.age", m.group("v"), CONF_STATED, clause)
    m = _LIVE.match(clause)
    if m:
        place = _PLACE_END.sub("", m.group("v") or m.group("w"))
        if re.fullmatch(r"(?:19|20)\d\d", place.strip()):
            return []  # "I moved (back) in 2019": a year, not a place
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
_WORK_AS = re.compile(r"^(?:i|i currently|i now)\s+work(?:s)?\s+as\s+(?:an?\s+)?(?P<v>.+)$", _IC)
_IM_A = re.compile(rf"^(?:i'm|i am)\s+(?:now\s+)?an?\s+(?P<v>(?:[\w\-]+\s+){{0,3}}"
                   rf"(?:{_OCCUPATIONS})s?)(?:\s+(?:at|for|in)\s+(?P<org>.+))?$", _IC)
# "My job is stable but not exciting" describes the job: a role needs "a/an" or a known noun.
_MY_JOB = re.compile(rf"^my (?:job|profession|occupation|role) is\s+(?:an?\s+(?P<v>.+)|"
                     rf"(?P<w>(?:[\w\-]+\s+){{0,3}}(?:{_OCCUPATIONS})s?))$", _IC)
_WORK_AT = re.compile(r"^(?:i|i currently|i now)\s+work\s+(?:at|for)\s+(?P<org>.+?)"
                      r"(?:\s+as\s+(?:an?\s+)?(?P<v>.+))?$", _IC)


def _work(clause: str, ctx: _Ctx) -> list[Finding]:
    for pattern in (_WORK_AS, _IM_A, _MY_JOB, _WORK_AT):
        m = pattern.match(clause)
        if not m:
            continue
        groups = dict(m.groupdict())
        groups["v"] = groups.get("v") or groups.get("w")
        out: list[Finding] = []
        if groups.get("v"):
            parts = re.split(r"\s+(?:at|for|in)\s+", groups["v"], maxsplit=1, flags=_IC)
            out += _f("identity.occupation", parts[0], CONF_STATED, clause)
            if len(parts) == 2 and not groups.get("org"):  # "I work as an engineer at Google"
                out += _f("identity.employer", _PLACE_END.sub("", parts[1]), CONF_STATED, clause)
        if groups.get("org"):
            out += _f("identity.employer", _PLACE_END.sub("", groups["org"]), CONF_STATED, clause)
        return out
    return []


_BIRTHDAY = re.compile(r"^(?:my birthday is|my birthday's|i was born on)\s+(?:on\s+)?(?P<v>.+)$", _IC)
_CONTACT = re.compile(r"^my (?P<what>e-?mail(?: address)?|phone(?: number)?|cell(?: number)?|"
                      r"mobile(?: number)?|number|(?:home |shipping |delivery )?address)"
                      r"\s+is\s+(?P<v>.+)$", _IC)
_SPEAK = re.compile(r"^(?:i|i can|i also)\s+speak\s+(?P<v>.+)$|^i'm fluent in\s+(?P<w>.+)$|"
                    r"^my (?:native language|mother tongue|first language) is\s+(?P<x>.+)$", _IC)


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
                       or m.group("x"), flags=_IC)
        return [f for part in _split_list(langs) for f in
                _f("language.spoken", part, CONF_STATED, clause)]
    return []


def _split_list(text: str) -> list[str]:
    return [p for p in re.split(r"\s*(?:,|\band\b|&|\bor\b)\s*", text) if p.strip()]


# --- how to reach the user: "I prefer email", "contact me by phone", "call me instead" ----

_REFUSED_CHANNEL = re.compile(r"\b(?:don't|do not|never|please don't|no)\s+(?:call|phone|ring|email|e-mail|"
                              r"text|message|calls|emails|texts|phone calls)\b", _IC)
_REACH = re.compile(r"^(?:please\s+)?(?:only\s+|just\s+|always\s+)?(?:contact|reach|get in touch with|"
                    r"get hold of|get back to|ping)\s+me\s+(?P<v>(?:by|via|through|over|on|using|with)\s+.+)$"
                    r"|^(?:i|we)\s+(?:would\s+|'d\s+)?(?:prefer|like|want)\s+(?:to\s+be|being)\s+(?:contacted|reached)"
                    r"\s+(?P<w>.+)$"
                    r"|^(?:the\s+)?(?:best|easiest|preferred)\s+(?:way|method)\s+to\s+(?:reach|contact)\s+me\s+is\s+"
                    r"(?:by\s+|via\s+|through\s+)?(?P<x>.+)$"
                    r"|^my\s+preferred\s+(?:contact method|contact|method of contact|way of contact|channel)\s+is\s+"
                    r"(?P<y>.+)$", _IC)
_CONTACT_ME = re.compile(r"^(?:please\s+)?(?P<adv>just\s+|only\s+|always\s+)?(?P<verb>call|phone|ring|email|e-mail|"
                         r"text|sms|message)\s+me(?P<tail>\s+.+)?$", _IC)
_CONTACT_VERBS = {"call": "phone call", "phone": "phone call", "ring": "phone call", "email": "email",
                  "e-mail": "email", "text": "text message", "sms": "text message", "message": "text message"}
_FIRM_TAIL = re.compile(r"^\s*(?:instead|rather|only|from now on|going forward|please)$", _IC)


def _contact(clause: str, ctx: _Ctx) -> list[Finding]:
    """The channel the user wants to be reached by (``contact.channel``, single-valued)."""
    m = _REACH.match(clause)
    if m:
        channel = gazetteer.contact_channel(next(g for g in m.groups() if g))
        return [] if channel is None else [Finding("contact.channel", channel, CONF_PREFER, clause)]
    m = _CONTACT_ME.match(clause)
    if not m:
        return []
    tail = m.group("tail") or ""
    channel = gazetteer.contact_channel(tail) if tail.strip() and not _FIRM_TAIL.match(tail) else None
    if channel is not None:  # "message me on WhatsApp"
        return [Finding("contact.channel", channel, CONF_PREFER, clause)]
    # A bare "call me" between friends is a one-off ("call me when you land"): only a firm
    # wording (instead, just, only, from now on) or a refused channel beside it makes it a preference.
    if tail.strip() and not _FIRM_TAIL.match(tail):
        return []
    if not (m.group("adv") or tail.strip() or ctx.habit or ctx.contact):
        return []
    return [Finding("contact.channel", _CONTACT_VERBS[m.group("verb").lower()], CONF_PREFER, clause)]


# --- retractions: a fact that no longer holds -------------------------------------------

_NO_MORE = r"(?:\s+(?:anymore|any more|any longer|now))?"
_RETRACTIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"^(?:i'm|i am)\s+(?:no longer|not)\s+allergic(?:\s+to\s+anything)?{_NO_MORE}$", _IC),
     "health.allergy"),
    (re.compile(rf"^(?:i'm|i am)\s+(?:no longer|not|not actually)\s+allergic\s+to\s+(?P<v>.+?){_NO_MORE}$", _IC),
     "health.allergy"),
    (re.compile(rf"^(?:i'm|i am)\s+(?:no longer|not)\s+(?:an?\s+)?(?:vegetarian|vegan|pescatarian){_NO_MORE}$"
                rf"|^i(?:'ve| have)?\s+(?:started\s+)?eat(?:ing)?\s+meat\s+again{_NO_MORE}$"
                rf"|^i (?:gave up|stopped) being (?:an?\s+)?(?:vegetarian|vegan|pescatarian)$", _IC), "food.diet"),
    (re.compile(rf"^i\s+(?:no longer|don't|do not)\s+live\s+in\s+(?P<v>.+?){_NO_MORE}$", _IC), "identity.location"),
    (re.compile(rf"^i\s+(?:no longer|don't|do not)\s+work\s+(?:at|for)\s+(?P<v>.+?){_NO_MORE}$", _IC),
     "identity.employer"),
    # "I used to be allergic to peanuts": a past that no longer holds
    (re.compile(r"^i\s+used\s+to\s+be\s+allergic\s+to\s+(?P<v>.+)$", _IC), "health.allergy"),
    (re.compile(r"^i\s+used\s+to\s+be\s+(?:an?\s+)?(?:vegetarian|vegan|pescatarian)$", _IC), "food.diet"),
    (re.compile(r"^i\s+used\s+to\s+live\s+in\s+(?P<v>.+)$", _IC), "identity.location"),
    (re.compile(r"^i\s+used\s+to\s+work\s+(?:at|for)\s+(?P<v>.+)$", _IC), "identity.employer"),
)


def _retraction(clause: str, ctx: _Ctx) -> list[Finding]:
    """"I'm no longer allergic to peanuts": withdraws the fact instead of stating one. A
    clause without a named value (\"I eat meat again\") withdraws every value of the key."""
    for pattern, key in _RETRACTIONS:
        m = pattern.match(clause)
        if not m:
            continue
        named = m.groupdict().get("v")
        if not named:
            return [Finding(key, "", CONF_STATED, clause, retract=True)]
        if key in ("identity.location", "identity.employer"):
            named = without_time(_PLACE_END.sub("", named))  # "Boston for 3 years" withdraws Boston
        if key == "health.allergy":  # "not allergic to seafood except shrimp" withdraws seafood (extract.twins)
            named = re.sub(r"\s+(?:except(?: for)?|other than|apart from|besides|but not)\b.*$", "", named, flags=_IC)
        parts = _split_list(named) if key == "health.allergy" else [named]
        return [replace(f, retract=True) for part in parts for f in _f(key, part, CONF_STATED, clause)]
    return _named_retraction(clause, ctx)


#: "I no longer want FedEx" / "I don't use FedEx anymore": a choice withdrawn. Only a value the
#: gazetteer names (a carrier, a seat, an editor) is withdrawn; "I don't want dinner anymore" is not a fact.
_NAMED_RETRACTION = re.compile(
    r"^i\s+(?P<neg>no longer|don't|do not|used to)\s+"
    r"(?:want|use|prefer|need|choose|ship with|fly with|fly|ship (?:everything |things |stuff )?(?:with|via|by)|"
    r"go with)\s+(?P<v>.+)$", _IC)


def _named_retraction(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _NAMED_RETRACTION.match(clause)
    # clean_value already dropped a trailing "anymore" from the clause: the sentence still has it.
    # "I used to ship with UPS": a past choice, withdrawn by the telling (a fresh-user trial's "I used
    # to ship with UPS, now I use DHL" recorded nothing)
    if m is None or (m.group("neg").lower() not in ("no longer", "used to")
                     and not guards.EN_NO_LONGER.search(ctx.sentence)):
        return []  # "I don't want FedEx" refuses without withdrawing a past choice: left to the negative patterns
    hit = gazetteer.lookup(m.group("v"))
    if hit is None or not hit.named:
        return []
    return [Finding(hit.key, hit.value, CONF_STATED, clause, retract=True)]


# --- health, diet, favourites ---------------------------------------------------------

# "still"/"again"/"now" re-state an allergy (trial 9 U9: "I'm still allergic" stored nothing)
#: How bad an allergy is, said before the allergen or "allergy" ("a severe peanut allergy"): not the
#: allergen (``allergens.allergen`` cuts it from a value too).
_ALLERGY_ADJ = (r"(?:(?:very|really|pretty|quite|extremely|super|so)\s+)?(?:severe|serious|bad|mild|slight|minor|"
                r"major|life[- ]threatening|deadly|deathly|anaphylactic|terrible|awful|strong|diagnosed|confirmed)")
_I_HAVE = (r"(?:i\s+(?:also\s+|still\s+|actually\s+|do\s+)?have|i(?:'ve|\s+have)\s+(?:also\s+|still\s+)?got)"
           r"\s+(?!no\b|not\b|never\b|any\b)(?:an?\s+|some\s+)?")
#: "I'm allergic to peanuts"; "I have a (severe) peanut allergy", "I've got peanut allergies", "I have
#: a severe allergy to peanuts"; "I'm peanut allergic", "I'm tree-nut allergic" (trial: the last three
#: stored nothing, and "severe peanut" as the allergen); "My peanut allergy is severe".
_ALLERGY = re.compile(rf"^(?:i'm|i am)\s+{_ALLERGY_DEGREE}allergic\s+to\b\s*:?\s*(?P<v>.+)$"
                      rf"|^{_I_HAVE}(?P<w>.+?)\s+allerg(?:y|ies)$"
                      rf"|^{_I_HAVE}(?:{_ALLERGY_ADJ}\s+)*allerg(?:y|ies)\s+to\s*:?\s*(?P<x>.+)$"
                      rf"|^(?:i'm|i am)\s+{_ALLERGY_DEGREE}(?P<y>[a-z][\w]*(?:[\s-][a-z][\w]*)?)[\s-]allergic$"
                      rf"|^my\s+(?P<z>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+allerg(?:y|ies)\s+(?:is|are|'s|can be)\s+"
                      rf"{_ALLERGY_ADJ}$", _IC)
#: "Peanut allergy here", "severe nut allergy", "tree-nut allergic", "Peanut-allergic here": the
#: allergy said as a noun with no subject, the user's own only when it opens the sentence (as the
#: answer to "any allergies?"); nothing may follow but "here" and the like ("Peanut allergy is
#: serious" says what allergies are, "peanut allergy awareness" is something else).
_ALLERGY_NOUN = re.compile(rf"^(?:{_ALLERGY_ADJ}\s+)*(?P<v>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)[\s-]+allerg(?:y|ies|ic)"
                           r"(?:\s+(?:here|over here|for me|myself|too|as well|btw|fyi))?$", _IC)
#: Words before "allergy"/"allergic" that name no allergen: the person or the kind of allergy
#: ("seasonal allergies", "food allergy", "my allergy"), a degree ("so allergic", "not allergic").
_NOT_ALLERGEN = re.compile(
    r"^(?:not|no|never|also|too|so|very|super|extra|quite|pretty|still|again|now|definitely|indeed|crazy|kinda|"
    r"really|actually|[a-z]+ly|food|foods|seasonal|skin|drug|drugs|medication|medicine|environmental|spring|"
    r"summer|fall|autumn|winter|some|many|multiple|several|any|all|bad|my|your|his|her|their|our|its|the|a|an|"
    r"this|that|these|those|kids?|child|children|people|everyone|someone|anyone|nobody|common|rare|new|"
    r"allergy|allergic|immune|severe|mild)$", _IC)
#: "Allergic to: peanuts, shellfish", "Allergies: peanuts": a form-like line with no subject, the
#: user's own only when it opens the sentence (trial 11 F1).
_ALLERGY_BARE = re.compile(rf"^{_ALLERGY_DEGREE}(?:allergic\s+to\b\s*:?|(?:my\s+)?(?:food\s+)?allerg(?:y|ies)\s*:)"
                           r"\s*(?P<v>.+)$", _IC)
_DIET = re.compile(r"^(?:i'm|i am)\s+(?:an?\s+)?(?:strict\s+)?(?P<v>vegetarian|vegan|pescatarian)$"
                   r"|^i (?:only )?eat (?P<w>halal|kosher)(?: food)?$", _IC)
_FAVORITE = re.compile(r"^my (?:all-time |absolute |very )?favou?rite\s+(?P<cat>[\w\- ]+?)\s+"
                       r"(?:is|are|has to be|would be|'s)\s+(?P<v>.+)$", _IC)
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


#: "I'm not allergic to peanuts, it's shellfish": the clause after a withdrawn allergy names the real one.
_ALLERGY_WITHDRAWN = re.compile(r"\b(?:i'm|i am)\s+(?:not|not actually|no longer)\s+allergic\s+to\b", _IC)
_ALLERGY_INSTEAD = re.compile(r"^(?:it's|it is|it was)\s+(?:actually\s+|really\s+)?(?P<v>.+?)(?:\s+instead)?$", _IC)


#: "It's shellfish I'm allergic to": a cleft puts the allergy in contrast with one said before. A
#: fresh-user trial's "Actually, it's shellfish I'm allergic to, not peanuts" recorded nothing.
_ALLERGY_CLEFT = re.compile(r"^(?:it's|it is|it was)\s+(?:actually\s+|really\s+)?(?P<v>.+?)\s+(?:that\s+)?"
                            r"(?:i'm|i am)\s+(?:actually\s+|really\s+)?allergic\s+to$", _IC)
#: "..., not peanuts" after an allergy in the same sentence: the allergy it replaces.
_ALLERGY_NOT = re.compile(r"^(?:and\s+|but\s+)?not\s+(?:to\s+)?(?P<v>.+)$", _IC)
_ALLERGY_SAID = re.compile(r"\ballergic\s+to\b|\ballergy\b", _IC)


#: A reply opening with a correction: "No, ...", "Sorry, I meant ...", "Correction: ...".
_CORRECTING_REPLY = re.compile(r"^\W*(?:no|nope|sorry|correction|i mean|i meant|my mistake|my bad|scratch that|"
                               r"wait)\b", _IC)


def _allergy_contrast(clause: str, ctx: _Ctx) -> list[Finding]:
    """A contrasted allergy: the cleft ("it's shellfish I'm allergic to") and the value it
    replaces (", not peanuts"). With the old value named, that value is withdrawn; without,
    the cleft ``corrects``: it replaces the allergy said last (``extract.base.FactCandidate``)."""
    before = ctx.sentence[: max(0, ctx.sentence.find(clause))]
    m = _ALLERGY_NOT.match(clause)
    if m and _ALLERGY_SAID.search(before):
        return [replace(f, retract=True) for part in _split_list(m.group("v"))
                for f in _f("health.allergy", part, CONF_STATED, clause)]
    m = _ALLERGY_CLEFT.match(clause)
    if m is None:
        return []
    after = ctx.sentence[ctx.sentence.find(clause) + len(clause):]
    named_old = re.match(r"^[\s,;]+(?:and\s+|but\s+)?not\b", after, _IC) is not None
    return [replace(f, corrects=not named_old) for part in _split_list(m.group("v"))
            for f in _f("health.allergy", part, CONF_PREFER, clause)]


def _health_fav(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _ALLERGY_INSTEAD.match(clause)
    if m and _ALLERGY_WITHDRAWN.search(ctx.sentence[: max(0, ctx.sentence.find(clause))]):
        return [f for part in _split_list(m.group("v")) for f in _f("health.allergy", part, CONF_PREFER, clause)]
    m = _ALLERGY.match(clause) or (_ALLERGY_BARE.match(clause) if _opens_sentence(clause, ctx) else None)
    if m is None and _opens_sentence(clause, ctx):
        m = _ALLERGY_NOUN.match(clause)
    if m:
        things = next((g for g in m.groups() if g), "")
        if m.re is not _ALLERGY_BARE and (m.re is _ALLERGY_NOUN or not m.group("v")):
            # an allergen said as a modifier ("peanut allergy", "tree-nut allergic"): one of at most
            # two words, no person, kind or degree ("seasonal allergies", "so allergic")
            things = allergen(things).replace("-", " ")
            if not things or "'" in things or any(_NOT_ALLERGEN.match(w) for w in things.split()):
                return []
            things = _allergen_as_object(things)
        # "No, I'm allergic to shellfish" / "Sorry, I meant ...": a reply that corrects the allergy said
        # before (one more is "also"/"too"); "Actually, ..." alone is as often "by the way"
        corrects = (bool(_CORRECTING_REPLY.match(ctx.sentence))
                    and not re.search(r"\b(?:also|too|as well)\b", clause, _IC)
                    and not re.search(r",\s*(?:and\s+|but\s+)?not\b", ctx.sentence, _IC))
        return [replace(f, corrects=corrects) for part in _split_list(things) for f in
                _f("health.allergy", part, CONF_PREFER, clause)]
    m = _DIET.match(clause)
    if m:
        return _f("food.diet", (m.group("v") or m.group("w")).lower(), CONF_STATED, clause)
    m = _FAVORITE.match(clause)
    if m:
        cat, value = m.group("cat").lower(), m.group("v")
        if guards.en_points_away(value):
            return []  # "my favorite is this amazing tart": the thing is on screen, not named
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
                   rf"(?:s|es|ren)?))(?:\s+(?:named|called)\s+(?P<name>{_NAME_WORD}))?$", _IC)
# Case-blind but for the name, which must be capitalised: a sentence-initial "My daughter's name is
# Emma" was missed while the pattern was case-sensitive whole.
_MY_X_IS = re.compile(rf"^(?i:my (?P<what>(?:[\w\-]+\s+)?(?P<noun>{_RELATIVES}|{_ANIMALS}))"
                      rf"(?:'s name is|’s name is| is named| is called| is))\s+(?P<name>[A-Z][A-Za-z'\-]*)$")
#: "My husband is American", "My mom is Catholic": a capitalised word after a bare "is" that is no name.
_NOT_RELATIVE_NAMES = _NOT_NAMES | frozenset(("catholic", "christian", "muslim", "jewish", "buddhist", "hindu",
                                               "asian", "african", "european", "latino", "latina"))


def _family_pet(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _HAVE.match(clause) or _MY_X_IS.match(clause)
    if not m or (m.re is _MY_X_IS and m.group("name").lower() in _NOT_RELATIVE_NAMES):
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


# --- whose health: a relative's or a pet's, the user's within a group, a reported one ----

_KIN = rf"(?:{_RELATIVES}|{_ANIMALS}|children)"
_KIN_ADJ = r"(?:(?:little|older|younger|big|baby|elder|eldest|oldest|youngest|twin|two|three|step|new)\s+)?"
#: Relatives a family names without "my", as a name ("Mom is allergic to peanuts": trial 9 stored nothing).
_PARENTS = r"(?:mom|mum|mother|dad|father|grandma|grandmother|grandpa|grandfather)"
_ADDRESSED = rf"{_PARENTS}\b(?!\s+and\s+i\b)"
#: "My son is allergic to eggs", "My mom's allergic to peanuts", "Both my kids are allergic to nuts",
#: "My dog isn't allergic to chicken anymore", "My husband has asthma", "Mom is allergic to peanuts":
#: a relative's or a pet's.
_KIN_SAYS = re.compile(rf"^(?:(?:both\s+(?:of\s+)?|all\s+(?:of\s+)?)?my\s+{_KIN_ADJ}|(?={_ADDRESSED}))"
                       rf"(?P<rel>{_KIN}(?:s|es|ren)?)"
                       r"\s*(?P<verb>'s|is|are|'re|has|have|isn't|is not|aren't|are not|doesn't|does not|don't|"
                       r"do not|was|were|used to be)\s+(?P<rest>.+)$", _IC)
#: "My mom says she's allergic to peanuts": the relative's own words about themselves, reported.
_KIN_REPORTS = re.compile(rf"^my\s+{_KIN_ADJ}(?P<rel>{_KIN}(?:s|es|ren)?)\s+(?:says|said|told me)(?:\s+that)?\s+"
                          r"(?:she|he|they)\s*(?P<verb>'s|is|are|'re|has|have|isn't|is not|aren't|are not|doesn't|"
                          r"does not|don't|do not|was|were|used to be)\s+(?P<rest>.+)$", _IC)
#: "My son and I are allergic to eggs", "I and my wife are both allergic", "We're allergic to shellfish",
#: "Both of us are allergic to cats": the user is one of them.
_WITH_ME = re.compile(rf"^(?:(?:both\s+)?my\s+{_KIN_ADJ}(?P<rel>{_RELATIVES})\s+and\s+i|i\s+and\s+my\s+{_KIN_ADJ}"
                      rf"(?P<rel2>{_RELATIVES})|(?P<rel3>{_PARENTS})\s+and\s+i|we|both of us|all of us|"
                      r"the two of us|my \w+ and me)"
                      r"\s*(?:are|'re)\s+(?:both\s+|all\s+)?(?P<rest>.+)$", _IC)
#: "The doctor says I'm allergic to peanuts", "I told the waiter I'm allergic to peanuts", "I found out
#: I'm allergic to cats": a report of the user's own health. Never a quote (She said "I'm allergic"):
#: the reported clause opens with the user's own "I" right after the frame.
_REPORTED = re.compile(
    r"^(?:(?:(?:(?:the|my|our|his|her)\s+)?(?:\w+\s+){0,2}?(?:doctor|doctors|allergist|pediatrician|paediatrician|gp|nurse|"
    r"dermatologist|physician|test|tests|results|test results|blood test|allergy test)|doctors|he|she|they)"
    r"\s+(?:says|said|told me|has told me|have told me|confirmed|confirms|shows|showed|found)"
    r"|^i\s+(?:just\s+|recently\s+|finally\s+|already\s+|always\s+)?(?:told|tell|informed|warned|reminded|"
    r"found out|learned|learnt|discovered|realized|realised|was told|got told|have told|had told)"
    r"(?:\s+(?:the|my|our|a|an|their|his|her|him|them|you|everyone|everybody|people)\b)?(?:\s+\w+){0,2}?"
    # "Turns out I'm allergic to shellfish after all" (trial 9 U9)
    r"|^(?:it\s+)?turn(?:s|ed)\s+out)"
    r"\s+(?:that\s+)?(?P<rest>(?:i'm|i am|i have|i've|i was)\s+.+)$",
    _IC)
_AS_MINE = {"'s": "i'm", "is": "i'm", "are": "i'm", "'re": "i'm", "has": "i have", "have": "i have",
            "isn't": "i'm not", "is not": "i'm not", "aren't": "i'm not", "are not": "i'm not",
            "doesn't": "i don't", "does not": "i don't", "don't": "i don't", "do not": "i don't",
            "was": "i was", "were": "i was", "used to be": "i used to be"}


def _health_of(clause: str, ctx: _Ctx) -> list[Finding]:
    """Allergies and conditions (stated or withdrawn) of a first-person ``clause``."""
    for pattern in (_retraction, conditions.find_en, _health_fav):
        found = [f for f in pattern(clause, ctx) if f.key.startswith("health.")]
        if found:
            return found
    return []


def _whose_health(clause: str, ctx: _Ctx) -> list[Finding]:
    """Health said of someone: a relative's or a pet's (``subject`` the relation word, never the
    user's: a fresh-user trial's "My son is allergic to eggs" was dropped, and in Chinese stored as
    the user's), the user's within a group ("My son and I are allergic to eggs": both), or a
    report of the user's own ("The doctor says I'm allergic to peanuts")."""
    m = _KIN_SAYS.match(clause) or _KIN_REPORTS.match(clause)
    if m:
        rel = kin.subject(m.group("rel"))
        found = _health_of(f"{_AS_MINE[m.group('verb').lower()]} {m.group('rest')}", ctx)
        return [replace(f, subject=rel) for f in found]
    m = _WITH_ME.match(clause)
    if m:
        found = _health_of(f"i'm {m.group('rest')}", ctx)
        rel = kin.subject(m.group("rel") or m.group("rel2") or m.group("rel3") or "")
        return found + ([replace(f, subject=rel) for f in found] if rel else [])
    m = _REPORTED.match(clause)
    return _health_of(m.group("rest"), ctx) if m else []


# --- instructions: shipping, "don't ...", "always/never ..." ----------------------------

_DONT = re.compile(r"^(?:please\s+)?(?:don't|do not|dont|never|please don't)\s+(?P<v>.+)$", _IC)
_LEAVE = re.compile(r"^(?:(?:please|just|always|only)\s+)*(?:leave|put|drop|deliver|drop off)\s+"
                    r"(?:it|them|(?:the |my |all )?(?:packages?|parcels?|deliver(?:y|ies)|orders?))"
                    r"\s+(?P<v>.+)$", _IC)
_USE = re.compile(r"^(?:please\s+)?(?:always\s+)?(?:use|ship(?: (?:it|them|everything|my orders?))?"
                  r" (?:with|via|by|using|through)|send(?: (?:it|them|everything))? (?:with|via|by|"
                  r"using|through)|go with|choose|pick|switch to|stick with|stick to|"
                  r"(?:switch|change|go|get|revert)\s+back\s+to(?:\s+using)?)\s+(?P<v>.+)$", _IC)
# "I switched back to UPS", "I've gone back to using 顺丰": a return to an earlier value is a
# change like any other (trial F12); "switch back to UPS" is read by ``_USE``.
_BACK_TO = re.compile(r"^(?:i|we)(?:\s+have|'ve)?\s+(?:just\s+|now\s+)*(?:switched|changed|gone|went|"
                      r"reverted|got|moved)\s+back\s+to(?:\s+using)?\s+(?P<v>.+)$", _IC)
# "I ship everything with FedEx": the user's own habit, as firm as "always ship with".
_I_SHIP = re.compile(r"^(?:i|we)\s+(?:always\s+|usually\s+|only\s+|now\s+|mostly\s+|normally\s+)?"
                     r"(?:ship|send|mail)(?:\s+(?:it|them|everything|all|stuff|things|my (?:orders?|"
                     r"packages?|parcels?|stuff)))?\s+(?:with|via|by|using|through)\s+(?P<v>.+)$", _IC)
_PREP = re.compile(r"\b(?:at|on|in|by|with|outside|near|to|inside|behind)\s+(?:(?:the|my|a|our)\s+)?$", _IC)


def _dropoff_phrase(text: str) -> str | None:
    """The place phrase of a delivery instruction ("at the door"), with its preposition."""
    m = gazetteer.find_dropoff(text)
    if m is None:
        return None
    prep = _PREP.search(text[: m.start()])
    return text[prep.start() if prep else m.start() : m.end()]


def _instruction(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _DONT.match(clause)
    if m:
        place = _dropoff_phrase(m.group("v"))
        if place is not None:
            return _f("shipping.dropoff", f"not {place}", CONF_NEGATIVE, clause)
        if ctx.habit or (clause.lower().startswith("never") and _standing_never(m.group("v"))):
            return _habit_fallback(clause, CONF_NEGATIVE)
        return []  # "don't worry" is chatter, "never give up" advice: no standing preference
    m = _LEAVE.match(clause)
    if m and (place := _dropoff_phrase(m.group("v"))) is not None:
        return _f("shipping.dropoff", place, CONF_PREFER if ctx.habit else CONF_NEGATIVE, clause)
    m = _USE.match(clause) or _I_SHIP.match(clause) or _BACK_TO.match(clause)
    if m:
        hit = gazetteer.lookup(m.group("v"))
        if hit is not None and hit.named:
            firm = ctx.habit or bool(re.search(r"\b(?:always|only)\b|^(?:i|we)\b", clause, _IC))
            return [Finding(hit.key, hit.value, CONF_PREFER if firm else CONF_INFORMAL, clause)]
    return []


def _standing_never(rest: str) -> bool:
    """True if a subjectless "never …" instructs ("never call before 9") or names a tool.

    Between people "never give up" and "never been to Japan" are advice and past
    experience, not preferences to store.
    """
    hit = gazetteer.lookup(rest)
    return bool(_INSTRUCT.match(rest) or re.match(r"(?:call|send|ship|text|email|ring)\b", rest, _IC)
                or (hit is not None and hit.named))


_ALWAYS = re.compile(r"^(?:i|we)\s+(?P<adv>always|never|usually|often|regularly|frequently)\s+(?P<v>.+)$", _IC)
#: "I always feel nervous", "I always lose", "I never want to …": moods and outcomes.
_NOT_HABIT = re.compile(r"^(?:(?:really|just|ever|even)\s+)*(?:feel|think|wonder|know|want|wish|hope|"
                        r"look forward|lose|seem|forget|remember|worry|need|have to|get|love|like|"
                        r"enjoy|hate|turn to)\b", _IC)
#: Words that point at something named before ("there", "it", "you"): a habit with one names no activity.
_POINTING = re.compile(r"\b(?:you|your|yours|it|that|this|them|there|those|these)\b", _IC)
_INSTRUCT = re.compile(r"^(?:please\s+)?(?:reply|respond|answer|talk|speak|write|address me|"
                       r"explain|use)\b", _IC)


def _habit(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _ALWAYS.match(clause)
    if not m:
        return []
    rest = re.sub(r"^(?:(?:really|just|ever|even|actually)\s+)+", "", m.group("v"), flags=_IC)
    if _PAST.match(rest) or _NOT_HABIT.match(rest):
        return []  # "I never thought so" is a remark about the past, not a habit
    adv = m.group("adv").lower()
    hit = gazetteer.lookup(m.group("v"))
    if adv == "always" and hit is not None and hit.named:
        return [Finding(hit.key, hit.value, CONF_PREFER, clause)]
    if adv == "usually":
        return []
    if adv in ("often", "regularly", "frequently") and _POINTING.search(m.group("v")):
        return []  # "I often go there to relax", "I often think of you": what it is, the chat said before
    return [replace(f, statement=habits.said_of_user(f.value))
            for f in _f("preference.habit", f"{adv} {m.group('v')}", CONF_PREFER, clause)]


def _habit_fallback(clause: str, conf: float = CONF_PREFER) -> list[Finding]:
    """A clause under "from now on" that no specific pattern read. What the user says they will do
    ("I'll go to bed before 11") is stated as a fact about them (``habits.said_of_user``); anything
    else ("be concise") is kept as said."""
    text = re.sub(r"^(?:i(?:'ll| will| want(?: you)? to| would like(?: you)? to)|please)\s+", "",
                  clause, flags=_IC)
    key = "assistant.instruction" if _INSTRUCT.match(text) else "preference.habit"
    found = _f(key, text, conf, clause)
    if key == "preference.habit" and re.match(r"i(?:'ll| will)\s", clause, _IC):
        return [replace(f, statement=habits.said_of_user(f.value)) for f in found]
    return found


# --- likes and dislikes ---------------------------------------------------------------

_ADV = r"(?:(?:really|also|actually|just|totally|absolutely|do|definitely|still|kind of|kinda|" \
       r"truly|much|generally|usually|personally|genuinely|simply|honestly|always)\s+)*"
_LIKE = re.compile(
    rf"^(?:i|we)\s+{_ADV}(?P<verb>like|love|enjoy|adore|prefer|hate|dislike|detest|loathe|"
    r"can't stand|cannot stand|can't bear|don't like|do not like|don't really like|do not really like|"
    r"don't particularly like|don't especially like|don't really enjoy|"
    r"don't enjoy|don't care for|would rather|'d rather)\s+(?P<v>.+)$"
    r"|^(?:i'm|i am)\s+(?:a\s+)?(?:big\s+|huge\s+|real\s+)?(?P<verb2>fan of|into|fond of|crazy about|"
    r"obsessed with|passionate about|not a fan of|not a big fan of|not a huge fan of|not really a fan of|"
    r"not really into|not into|not fond of)\s+(?P<w>.+)$",
    _IC,
)
#: Words that make a like or a dislike milder than the verb alone ("I don't really like spicy food",
#: "I kind of like jazz", "not a big fan of"), or say it holds only at times ("I like sushi
#: sometimes"): the statement keeps them (``_said``), or it says more than the user did.
_HEDGE_EN = re.compile(r"\b(?:(?:don't|do not|not)\s+(?:really|particularly|especially|a big|a huge)|kind of|kinda|"
                       r"sort of|somewhat)\b", _IC)
#: "... spicy food much", "... that much", "... sometimes": a qualifier after the object, not part of it
#: (the value was stored as "spicy food much", "sushi sometimes").
_QUALIFIER_AFTER = re.compile(r"\s+(?:(?:all\s+)?that much|too much|much|at all|sometimes|occasionally|at times|"
                              r"once in a while|every now and then|now and then|from time to time)$", _IC)


def _said(clause: str) -> str:
    """``clause`` ("I don't really like spicy food") in the third person, as a statement
    ("does not really like spicy food"); the speaker's "my" read as "their" (``third_person``)."""
    text = re.sub(r"^(?:i|we)\s+(?:(?:also|just|actually|do)\s+)*", "", clause, flags=_IC)
    text = re.sub(r"^(?:'m|am)\s+|^(?:i'm|i am)\s+", "is ", text, flags=_IC) if re.match(r"(?i)i'm|i am", clause) \
        else text
    text = re.sub(r"^(?:don't|do not)\b", "does not", text, flags=_IC)
    text = re.sub(r"^((?:(?:really|kind of|kinda|sort of|somewhat|only|usually|still)\s+)*)"
                  r"(like|love|enjoy|prefer|hate|dislike)\b", lambda m: f"{m.group(1)}{m.group(2)}s", text, flags=_IC)
    return third_person(clean_value(text, "en"))
_DISLIKE_VERBS = ("hate", "dislike", "detest", "loathe", "can't", "cannot", "don't", "do not", "not")
_OBJ_END = re.compile(r"\s+(?:because|since|but|though|although|when|whenever|if|so that|"
                      r"over|rather than|more than|instead of)\b.*$", _IC)
_HINTS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^(?:to\s+)?(?:eat|eating)\s+", _IC), "food.like"),
    (re.compile(r"^(?:to\s+)?(?:drink|drinking)\s+", _IC), "drink.like"),
    (re.compile(r"^(?:to\s+)?(?:listen|listening)\s+to\s+", _IC), "music.like"),
    (re.compile(r"^(?:to\s+)?(?:watch|watching)\s+", _IC), "media.like"),
    (re.compile(r"^(?:to\s+)?(?:use|using|code in|coding in|program in|programming in|write code in|"
                r"writing code in|work in|working in)\s+", _IC), ""),
)
_EAT_NOT = re.compile(r"^(?:i|we)(?:'ve|\s+have)?\s+(?P<neg>don't|do not|never|can't|cannot|no longer|stopped)\s+"
                      r"(?P<verb>eat|drink)(?:ing)?\s+"
                      r"(?P<v>.+)$", _IC)
#: What "I don't eat pork" says, in the third person: not that the user dislikes pork (the key,
#: ``food.dislike``, is "a food the user dislikes or does not eat"), but that they do not eat it. The
#: statement said "does not like eating pork" and "dislikes coffee" for "I never drink coffee".
_NOT_EAT_SAID = {"don't": "does not {v}", "do not": "does not {v}", "never": "never {v}s", "can't": "cannot {v}",
                 "cannot": "cannot {v}", "no longer": "no longer {v}s", "stopped": "stopped {v}ing"}


def _not_eat(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _EAT_NOT.match(clause)
    if not m:
        return []
    verb = m.group("verb").lower()
    key = "food.dislike" if verb == "eat" else "preference.dislike"
    found = _f(key, _OBJ_END.sub("", m.group("v")), CONF_NEGATIVE, clause)
    said = _NOT_EAT_SAID[m.group("neg").lower()].format(v=verb)
    return [replace(f, statement=f"{said} {third_person(f.value)}") for f in found]


def _like(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _LIKE.match(clause)
    if not m:
        return []
    found = _like_of(m, clause, ctx)
    qualified = _QUALIFIER_AFTER.search(m.group("v") or m.group("w") or "")
    before_object = clause[: m.start("v") if m.group("v") else m.start("w")]
    if qualified or _HEDGE_EN.search(before_object):
        return [replace(f, statement=_said(clause)) for f in found]  # "does not really like spicy food"
    return found


def _like_of(m: re.Match[str], clause: str, ctx: _Ctx) -> list[Finding]:
    """The findings of a like or dislike ``_LIKE`` matched in ``clause``."""
    verb = (m.group("verb") or m.group("verb2")).lower()
    polarity: Polarity = "dislike" if verb.startswith(_DISLIKE_VERBS) else "like"
    conf = CONF_PREFER if verb in ("prefer", "would rather", "'d rather") else CONF_LIKE
    preferred = clean_value(_OBJ_END.sub("", m.group("v") or ""), "en")
    if conf == CONF_PREFER and (channel := gazetteer.contact_channel(preferred)):
        return [Finding("contact.channel", channel, CONF_PREFER, clause)]  # "I prefer phone calls now"
    obj = _QUALIFIER_AFTER.sub("", guards.EN_NO_LONGER.sub("", _OBJ_END.sub("", m.group("v") or m.group("w"))))
    obj = re.sub(r"^(?:(?:also|really|just|especially|still)\s+)+", "", obj, flags=_IC)
    if not guards.en_object_ok(obj):
        return []  # "I love your turtles", "I love how …", "I love to.": not a taste of the user's
    hint = ""
    for pattern, key in _HINTS:
        if pattern.match(obj):
            obj, hint = pattern.sub("", obj, count=1), key
            break
    if _PRONOUN.match(clean_value(obj, "en")) or not guards.en_object_ok(obj):
        return []  # "I love it", "I hate that"; "I love to." after its hint is cut
    if _RUNNING_SOMETHING.match(obj):
        # "I love running my own studio": running a thing is managing it, not the sport the gazetteer
        # and the embedding read in "running" (a LoCoMo import stored sport.like): a generic like
        key = "preference.like" if polarity == "like" else "preference.dislike"
        return _f(key, third_person(obj), conf, clause)
    return like_finding(third_person(obj), polarity, conf, clause, "en", hint=hint)


#: "running" with an object is managing something ("running my own studio", "running a café").
_RUNNING_SOMETHING = re.compile(r"^(?:running|run)\s+(?:my|a|an|the|our|his|her|their|this|that|own)\b", _IC)


#: "I drink my coffee black", "I take my tea with milk": how the user has a drink is a taste of theirs.
_DRINK_HOW = re.compile(r"^(?:i|we)\s+(?:usually\s+|always\s+|only\s+|just\s+|normally\s+|like to\s+|prefer to\s+)?"
                        r"(?:drink|take|have|like|prefer|want)\s+my\s+(?P<d>coffee|tea|espresso|latte|whiskey|whisky)\s+"
                        r"(?P<how>black|white|strong|weak|iced|hot|sweet|unsweetened|decaf|neat|on the rocks|"
                        r"(?:with|without)\s+(?:(?:a\s+)?(?:little|bit of|splash of|dash of|lots of|some|no)\s+)?"
                        r"(?:oat\s+|soy\s+|almond\s+|skim\s+|whole\s+)?(?:milk|sugar|cream|honey|lemon|ice|sweetener))$",
                        _IC)


def _drink_how(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _DRINK_HOW.match(clause)
    if not m:
        return []
    drink, how = m.group("d").lower(), m.group("how").lower()
    value = f"{drink} {how}" if how.startswith(("with", "on the")) or how == "neat" else f"{how} {drink}"
    return _f("drink.like", value, CONF_PREFER if re.search(r"\bprefer\b", clause, _IC) else CONF_STATED, clause)


_I_USE = re.compile(r"^(?:i|we)\s+(?:mostly\s+|mainly\s+|mostly\s+|now\s+|only\s+)?(?:use|'m using|"
                    r"am using|code in|program in|write code in|work in|switched to|moved to)\s+"
                    r"(?P<v>.+)$", _IC)


def _use(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _I_USE.match(clause)
    if not m:
        return []
    hit = gazetteer.lookup(m.group("v"))
    if hit is None or not hit.named:
        return []  # "I use a laptop" names nothing the taxonomy keys
    return [Finding(hit.key, hit.value, CONF_STATED, clause)]


# --- dated events -----------------------------------------------------------------------

# "we're" / "we are": the user's own plan with others ("We're going to Paris in May" stored nothing)
_SUBJECT = re.compile(r"^(?:i|we)(?P<aux>'ll|'m|'re|'ve|'d|\s+will|\s+am|\s+are|\s+have|\s+had|\s+)\s*(?P<v>.+)$", _IC)
_NOT_EVENT = re.compile(r"^(?:n't|think|guess|feel|felt|believe|wonder|hope|know|knew|mean|was|am|"
                        r"hate|like|love|want|wanted|wish|suppose|bet|doubt|don't|do not|can't|"
                        r"might|may|should|could|would|need to know|not|no|heard|had heard|"
                        r"thought|realized|said|told|can|chat|talk)\b", _IC)
_FUTURE = re.compile(r"^(?:are\s+|'re\s+)?(?:going to|gonna|will|plan to|planning to|have an?|'ve got an?|have to|"
                     r"need to)\s+", _IC)
_TRAVEL = re.compile(r"\b(?:go(?:ing)? to|fly(?:ing)? to|travel(?:ing|ling)? to|visit(?:ing)?|"
                     r"trip|vacation|holiday|head(?:ing)? to|leav(?:e|ing) for)\b", _IC)


def _event(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _SUBJECT.match(without_time(clause))
    if not m or _NOT_EVENT.match(m.group("v")) or habits.RECURRING_EN.search(clause):
        return []  # "I'm in the office every Monday" recurs: no dated event
    aux = m.group("aux").strip().lower()
    rest = m.group("v")
    if aux in ("'re", "are") and not mentions_time(clause):
        return []  # "Last week I talked to a friend and we're figuring out ideas": the time is the other clause's
    # "We fly to Tokyo in March" said in November is next March; "we flew ... in March" this one.
    verb = re.sub(r"^(?:(?:just|already|recently|finally|actually|also|really|even|then|both|all|"
                  r"only|never|once)\s+)+", "", rest, flags=_IC)
    past = aux in ("'d", "had") or (bool(_PAST.match(verb))
                                    and not (aux in ("'ve", "have") and verb.lower().startswith("got ")))
    period = clause_period(clause, ctx.sentence, ctx.said_at, future=not past)
    if period is None:
        return []
    future = period[0] > ctx.said_at or aux in ("'ll", "will", "'m", "am", "'re", "are") or bool(_FUTURE.match(rest))
    if (period[1] <= ctx.said_at or _PAST.match(rest)) and aux not in ("'ll", "will"):
        future = False  # "I tried snowshoeing this weekend" is done, even if the weekend is not
    if _FUTURE.match(rest) and not mentions_time(clause) and period[1] <= ctx.said_at:
        return []  # "Lost my job yesterday, so I'm gonna start a business": the time is the other clause's
    value = _event_value(_FUTURE.sub("", rest, count=1) if future else rest)
    if len(value.split()) < 2:
        value = _event_value(rest)  # "I'm going to Paris": a motion, not the future's "going to <verb>"
    if not guards.en_event_ok(value):
        return []  # "I'm really tired today", "I'm back to chat with you today"
    key = "event"
    if future:
        key = "travel.plan" if _TRAVEL.search(rest) else "schedule.event"
    return _f(key, value, CONF_EVENT, clause, period=period)


def _event_value(text: str) -> str:
    value = re.sub(r"\s+(?:on|at|in|over the|for)$", "", clean_value(text, "en"), flags=_IC)
    # "also lost my job": the adverb ties the event to the talk, not to what happened
    value = third_person(re.sub(r"^(?:(?:also|just|really|finally|actually|even|then|too)\s+)+", "", value, flags=_IC))
    # "went camping - it was a blast": keep the happening, drop the comment on it
    return re.sub(r"\s+(?:and|but|-|—)\s+(?:it|it's|that|that's)\b.*$", "", value, flags=_IC)


# Health conditions and standing instructions to the assistant live in modules of their own
# (``extract.conditions``, ``extract.instructions``); instructions come before "never ..." is read as a habit.
_PATTERNS: tuple[_Pattern, ...] = (
    _remember, _whose_health, _allergy_contrast, _retraction, conditions.find_en, _name, _health_fav, _age_place, _work,
    _details, _family_pet, routines.find_en, instructions.find_en, _contact, _instruction, _not_eat, _drink_how, _habit,
    habits.frequency_en, _like, _use, _event,
)
