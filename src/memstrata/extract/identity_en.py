"""English patterns of who the user is and how to reach them: memory requests aside, names, age,
places, work, details, contact channels and retractions (``patterns_en`` tries them in order)."""

from __future__ import annotations

import re
from dataclasses import replace

from memstrata.extract import counts, diets, gazetteer, guards, onset, places, shapes
from memstrata.extract.clause_en import _IC, _Ctx, _f, _split_list
from memstrata.extract.clauses import (
    CONF_EXPLICIT,
    CONF_INFORMAL,
    CONF_PREFER,
    CONF_STATED,
    Finding,
    clause_period,
    without_time,
)
from memstrata.text.regex import lazy_regex

_NAME_WORD = r"[A-Za-z][A-Za-z'\-]*"

#: "I'm called a menace", "Our cat is called a menace" (read as "I'm called …"): an article says what one is called
#: by way of a judgement, no name.
_MY_NAME = lazy_regex(r"^(?:my name is|my name's|the name's|i'm called|i am called|i go by)\s+(?!(?:a|an|the)\s)"
                      rf"(?P<v>{_NAME_WORD}(?: {_NAME_WORD}){{0,2}}|[\u3400-\u9fff]{{2,4}})$", _IC)  # 李雷

_CALL_ME = lazy_regex(r"^(?i:(?:i think (?=you))?(?:you can |please |just )*call me)\s+(?P<v>[A-Z][A-Za-z'\-]*"
                      r"(?: [A-Z][A-Za-z'\-]*)?)$")

# Not "this is X": in chat it introduces a pet, a friend or a photo far more than oneself.
_IM_NAME = lazy_regex(r"^(?i:i'm|i am)\s+(?P<v>[A-Z][a-z'\-]+(?: [A-Z][a-z'\-]+){0,2})$")

_NOT_NAMES = frozenset(
    (
        "american", "british", "chinese", "japanese", "korean", "french", "german", "indian",
        "canadian", "australian", "italian", "spanish", "mexican", "russian", "brazilian",
        "english", "dutch", "swiss", "irish", "scottish", "vegan", "vegetarian", "fine", "good",
        "great", "ok", "okay", "sorry", "done", "back", "here", "ready", "happy", "tired",
        "hungry", "busy", "sure", "glad", "excited", "new", "home",
        # a faith is no name either ("I'm Catholic", "My mom is Catholic")
        "catholic", "christian", "protestant", "jewish", "muslim", "buddhist", "hindu", "sikh", "mormon",
        "atheist", "agnostic",
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


#: Ages said in words (``counts.number`` reads them).
_AGE_WORDS = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen"
_AGE = lazy_regex(r"^(?:i'm|i am|i just turned|i turned)\s+(?P<v>\d{1,3})(?:\s*(?:years?\s+old|"
                  r"yo|y/o))?$"
                  # an age in words: with "years old" ("my son is five years old"), or after "turned" ("my daughter
                  # just turned three"), or alone from two on ("My daughter is two now"); a bare "I'm one" is no age
                  rf"|^(?:i'm|i am)\s+(?P<w>{_AGE_WORDS})\s+years?\s+old$"
                  rf"|^(?:i'm|i am)\s+(?P<b>(?!one\b)(?:{_AGE_WORDS}))(?:\s+(?:now|already))?$"
                  rf"|^i\s+(?:just\s+)?turned\s+(?P<t>{_AGE_WORDS})$",
                  _IC)

# "moved back to X" is a change like any other (a return to an earlier value); "relocated" says the same move.
# "at" opens a street address only ("I live at 12 Baker Street": a postal address, extract.rules re-keys it).
_LIVE = lazy_regex(r"^(?:i|we)\s+(?:now\s+|currently\s+|still\s+)?(?:(?:live|am living|'m living|"
                   r"reside|am based|'m based)|(?:(?:have|'ve)\s+)?(?:just\s+|recently\s+|finally\s+)?"
                   r"(?:moved|relocated)(?:\s+back)?)\s+(?:in|to|at(?=\s+\d))\s+(?P<v>.+)$"
                   r"|^i'm (?:now )?based in (?P<w>.+)$"
                   # where one works from is where one is: "I work remotely from Lisbon", "Jen works from Denver" (a
                   # place named, not "from home", "from the office", "from Monday to Friday")
                   r"|^i\s+(?:now\s+|currently\s+|mostly\s+|still\s+|usually\s+)?work\s+(?:remotely\s+|remote\s+)?"
                   r"(?:from|out\s+of)\s+(?P<r>(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|"
                   r"January|February|March|April|May|June|July|August|September|October|November|December|"
                   r"Home|Here|There)\b)(?-i:[A-Z])[\w.' -]+)$", _IC)

# "I'm in X" is not a hometown ("I'm in awe of …", "I'm in for the hike", "I'm in the office").
_FROM = lazy_regex(r"^(?:(?:i'm|i am|i come|i'm originally|i am originally|i come originally)\s+from|"
                   r"(?:i grew up|i was born|i was raised)\s+(?:from|in))\s+(?P<v>.+)$", _IC)

#: A kind of home, not a place ("a two-bedroom apartment", "a small studio", "the 12th floor"): where one lives as
#: the kind of one's home, with a place after it kept as the place ("a studio in Lisbon").
_DWELLING = lazy_regex(r"^(?:an?|the|my|our)\s+(?P<kind>(?:[\w-]+\s+){0,3}?(?:apartment|flat|house|studio|condo|"
                       r"townhouse|bungalow|dorm|dormitory|loft|cottage|cabin|duplex|basement|room|unit|floor)s?)"
                       r"(?:\s+(?:in|near)\s+(?P<place>.+))?$", _IC)

#: Where a place or an employer ends: a time ("since 2019", "until 2019", "before Leeds", "after college" say when it
#: held, no part of its name: "London before Leeds" was stored as a former home; "right now" with more said after it
#: left "Portland right"), a reason, a companion. The words of time in lower case only: "The Day After" is a name.
_PLACE_END = lazy_regex(r"\s+(?:with|since|for|now|right now|currently|these days|nowadays|at present|because|but|"
                        r"where|which|and|as|at the moment|"
                        r"(?-i:before|after|until|till|up until|up to))\b.*$", _IC)


def _age_place(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _AGE.match(clause)
    if m:
        age = m.group("v") or counts.number(m.group("w") or m.group("t") or m.group("b")) or ""
        return _f("identity.age", age, CONF_STATED, clause)
    m = _LIVE.match(clause)
    if m:
        place = _PLACE_END.sub("", m.group("v") or m.group("w") or m.group("r"))
        if re.fullmatch(r"(?:19|20)\d\d", place.strip()):
            return []  # "I moved (back) in 2019": a year, not a place
        if shapes.unnamed(place) or onset.to_a_doing_en(clause):
            # "we moved to something else", "I moved to a new apartment": no place named; "We moved to weekend hikes": a
            # doing now, no home (``extract.onset`` reads the habit)
            return []
        if re.search(r"\bmoved\b", clause, _IC) and place[:1].isupper() and not shapes.moved_home(
                ctx.sentence, place, group=clause[:2].lower() == "we", lang="en"):
            if not shapes.moved_onto_a_thing(ctx.sentence, place):
                return []  # "We moved to Bath.": a town or a tool, nothing says which
            return shapes.chosen(place, "user.uses", clause, "en", statement=f"uses {place}")  # "We've moved to Linear"
        period = clause_period(clause, ctx.sentence, ctx.said_at)
        if (home := _DWELLING.match(place)) is not None:
            return _dwelling(home.group("kind"), home.group("place"), clause, period)
        return _f("identity.location", without_time(place), CONF_STATED, clause, period=period)
    m = _FROM.match(clause)
    if m:
        place = _PLACE_END.sub("", m.group("v"))
        if re.fullmatch(r"(?:19|20)\d\d|(?:january|february|march|april|may|june|july|august|september|october|"
                        r"november|december)(?:\s+(?:19|20)\d\d)?", place, _IC):
            return _f("identity.birthday", place, CONF_STATED, clause)  # "I was born in 1990", "in May"
        if re.search(r"\b(?:years?|months?|weeks?|days?|ago)\b", place, _IC):
            return []  # "I was born in six years": a span of time, not a place
        return _f("identity.hometown", without_time(place), CONF_STATED, clause)
    return []


def _dwelling(kind: str, place: str | None, clause: str, period: object) -> list[Finding]:
    """Where one lives said as the kind of one's home ("a two-bedroom apartment": ``user.home``, no place; a floor
    is neither), and the place after it, if any ("… in Lisbon": ``identity.location``)."""
    out = [] if re.search(r"\b(?:floor|room|unit)s?$", kind, _IC) else shapes.attribute_finding("home", kind, clause,
                                                                                                 "en")
    if place:
        out += _f("identity.location", without_time(place), CONF_STATED, clause, period=period)
    return out


_OCCUPATIONS = (
    "engineer|developer|programmer|teacher|doctor|nurse|student|designer|manager|lawyer|"
    "writer|artist|scientist|researcher|chef|cook|accountant|consultant|analyst|architect|"
    "professor|musician|photographer|journalist|pilot|driver|dentist|pharmacist|salesperson|"
    "founder|ceo|cto|entrepreneur|freelancer|intern|translator|therapist|lecturer|"
    "data scientist|veterinarian|vet|firefighter|police officer|officer|librarian|mechanic|"
    "electrician|plumber|farmer|student|undergrad|phd student|postdoc|retiree|"
    # everyday jobs a user names as often (the list above held the office and clinic ones; "I'm a cop",
    # "I'm a barista" stored nothing); each a noun that names no pastime or temperament
    "cop|detective|paramedic|emt|midwife|surgeon|physician|psychologist|psychiatrist|counselor|counsellor|"
    "social worker|dietitian|nutritionist|optometrist|physiotherapist|physical therapist|caregiver|nanny|"
    "barista|bartender|waiter|waitress|cashier|receptionist|secretary|clerk|paralegal|attorney|solicitor|judge|"
    "realtor|real estate agent|banker|broker|trader|economist|auditor|bookkeeper|actuary|recruiter|marketer|"
    "copywriter|editor|reporter|producer|actor|actress|dancer|singer|comedian|illustrator|animator|"
    "carpenter|welder|machinist|technician|contractor|landscaper|baker|butcher|tailor|hairdresser|barber|"
    "flight attendant|truck driver|courier|mail carrier|security guard|soldier|tutor|principal|pastor|priest|"
    "rabbi|imam|chemist|biologist|physicist|mathematician|statistician|geologist|historian|curator|archivist|"
    "sommelier|housekeeper|janitor|homemaker|stay-at-home (?:mom|dad|parent)"
)

_WORK_AS = lazy_regex(r"^(?:i|i currently|i now)\s+work(?:s)?\s+as\s+(?:an?\s+)?(?P<v>.+)$", _IC)

#: "at" that says when or how, not where one works: "a nurse at night", "at the moment" (the role stays, no
#: employer); "a teacher at heart" is no role at all.
_AT_IDIOM = r"(?:home|night|nights|times|best|first|least|work|the\s+moment|this\s+point|the\s+end\s+of)\b"

_IM_A = lazy_regex(rf"^(?:i'm|i am)\s+(?:now\s+)?an?\s+(?P<v>(?:[\w\-]+\s+){{0,3}}"
                   rf"(?:{_OCCUPATIONS})s?)"
                   rf"(?:\s+(?P<prep>at|for|in)\s+(?!heart\b|{_AT_IDIOM})(?P<org>.+)|\s+at\s+{_AT_IDIOM}.*)?$", _IC)

# "My job is stable but not exciting" describes the job: a role needs "a/an" or a known noun.
_MY_JOB = lazy_regex(rf"^my (?:job|profession|occupation|role) is\s+(?:an?\s+(?P<v>.+)|"
                     rf"(?P<w>(?:[\w\-]+\s+){{0,3}}(?:{_OCCUPATIONS})s?))$", _IC)

_WORK_AT = lazy_regex(r"^(?:i|i currently|i now)\s+work\s+(?:at|for)\s+(?P<org>.+?)"
                      r"(?:\s+as\s+(?:an?\s+)?(?P<v>.+))?$", _IC)


#: A job said by what one teaches: "I teach math at a high school", "I teach yoga", "I teach at Lincoln Elementary"
#: (and, of someone else, "My friend Jake teaches yoga": ``subject_en``) — the role "I'm a math teacher at a high
#: school" names, which ``_IM_A`` reads. Not whom one teaches ("I teach my kids to swim", "I teach students online"),
#: nor a skill passed on ("I teach myself", "I teach them how to code"), nor a second job ("I also teach yoga", "I
#: teach yoga on weekends": the occupation is one at a time, and a side job would replace it).
_TEACH = lazy_regex(r"^(?:i|i currently|i now)\s+teach(?:\s+(?P<v>(?!(?:my|our|his|her|their|them|him|me|us|"
                    r"you|myself|kids|children|students|people|others|everyone|someone|how|to|at|in|for|online|"
                    r"part-time|full-time)\b)[a-z][\w-]*(?:\s+(?!(?:at|in|for|to|on|online|every|each|with|after|before|during|once|twice|"
                    r"part-time|full-time)\b)"
                    r"[a-z][\w-]*){0,2}))?(?:\s+(?P<prep>at|in|for)\s+(?P<org>.+?))?"
                    r"(?:\s+(?:online|part-time|full-time))?$", _IC)


def _taught(clause: str) -> str | None:
    """``clause`` said as the role it names when it says what or where one teaches (``_TEACH``: "I teach math at a
    high school" → "I'm a math teacher at a high school"), else ``None``."""
    m = _TEACH.match(clause.strip())
    if m is None or not (m.group("v") or m.group("org")):
        return None
    subject = f"{m.group('v')} " if m.group("v") else ""
    where = f" {m.group('prep')} {m.group('org')}" if m.group("org") else ""
    return f"I'm a {subject}teacher{where}"


def _work(clause: str, ctx: _Ctx) -> list[Finding]:
    if (role := _taught(clause)) is not None:
        return [replace(f, clause=clause) for f in _work(role, ctx)]
    for pattern in (_WORK_AS, _IM_A, _MY_JOB, _WORK_AT):
        m = pattern.match(clause)
        if not m:
            continue
        groups = dict(m.groupdict())
        groups["v"] = groups.get("v") or groups.get("w")
        out: list[Finding] = []
        if groups.get("v"):
            parts = re.split(r"\s+(at|for|in)\s+", groups["v"], maxsplit=1, flags=_IC)
            out += _f("identity.occupation", parts[0], CONF_STATED, clause)
            if len(parts) == 3 and not groups.get("org") and _works_for(parts[1], parts[2]):
                out += _f("identity.employer", _PLACE_END.sub("", parts[2]), CONF_STATED, clause)  # "... at Google"
            elif len(parts) == 3 and not groups.get("org"):
                out += _city(parts[0], parts[2], clause)  # "I work as a chef in Portland"
        org = _PLACE_END.sub("", groups["org"]) if groups.get("org") else ""
        if org and (pattern is not _WORK_AT or _employer_shaped(clause, org)) and _works_for(groups.get("prep"), org):
            out += _f("identity.employer", org, CONF_STATED, clause)
        elif org and (groups.get("prep") or "").lower() == "in":
            out += _city(groups.get("v") or "", org, clause)  # "I'm a chef in Portland"
        return out
    return []


def _city(role: str, place: str, clause: str) -> list[Finding]:
    """The city named after a role and "in" ("a chef in Portland": ``Portland``), where the person is; ``[]`` for
    what is no city's name ("a nurse in the ICU") or a field a role is in ("a student in Biology")."""
    place = _PLACE_END.sub("", place)
    if not _CITY_AFTER_ROLE.fullmatch(place) or _TAKES_A_FIELD.search(role):
        return []
    if not places.may_be_city(place):
        return []  # "a manager in Marketing", "a developer in Python", "a teacher in English": what, not where
    return _f("identity.location", place, CONF_STATED, clause)



#: A place named after a role and "in" ("a chef in Portland", "a nurse in New York", "a dentist in Austin, Texas"):
#: capitalised words, no workplace (``_works_for`` reads those), the city where the person is.
_CITY_AFTER_ROLE = lazy_regex(r"[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2}(?:,\s*[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)?")
#: Roles whose "in" names a field of study or work, no city ("a student in Biology", "a researcher in Economics").
_TAKES_A_FIELD = lazy_regex(r"\b(?:student|undergrad|postdoc|researcher|professor|lecturer|scientist|phd|major|"
                            r"specialist|expert|intern)s?$", _IC)


#: The head of a common noun that names a place of work: an organisation ("a bank", "a startup") or
#: an institution one works in ("a hospital", "the local school"). Furniture, a room or a time is none.
_WORKPLACE_HEAD = lazy_regex(
    r"(?:company|firm|startup|corporation|agency|bank|hospital|clinic|school|university|college|academy|"
    r"institute|lab|laboratory|factory|plant|warehouse|mill|mine|farm|store|shop|supermarket|restaurant|"
    r"caf[eé]|bakery|bar|pub|hotel|library|museum|gallery|studio|salon|practice|consultancy|nonprofit|"
    r"charity|ngo|ministry|department|council|government|newspaper|magazine|publisher|station|airline|"
    r"airport|hospice|pharmacy|daycare|nursery|kindergarten|gym|church|theat(?:er|re)|zoo|"
    r"business|organi[sz]ation|foundation|brand|boutique|chain|franchise|branch)s?$", _IC)
#: A bare word after "work at" that says where or when one works, not for whom ("I work at home").
_WHERE_OR_WHEN = lazy_regex(r"^(?:home|night|nights|weekends?|noon|midnight|dawn|dusk|times|once|first|last|"
                            r"least|all|it|this|that|work|school|desk|desks)$", _IC)


def _works_for(preposition: str | None, org: str) -> bool:
    """Whether ``org``, said after a role and ``preposition``, names whom one works for: after "at" or "for"
    it does ("a nurse at Mass General"); after "in" only a place of work does ("a teacher in a public school",
    "an analyst in the finance department"), as "in" more often says where ("a nurse in Boston", "a
    developer in Berlin", "a nurse in the ICU": no employer)."""
    if (preposition or "").lower() != "in":
        return True
    return bool(_WORKPLACE_HEAD.search(_PLACE_END.sub("", org).strip()))


def _employer_shaped(clause: str, org: str) -> bool:
    """True if ``org``, read after "work at" in ``clause``, can be an employer: a name ("Acme", "Ernst &
    Young", "3M", 腾讯) or a noun phrase headed by a place of work ("a hospital", "my dad's restaurant").
    "at a standing desk", "at my desk", "at home", "at night" say where or when one works, not for whom
    ("work for" always names one: ``_WORK_AT`` with "for" is not tested)."""
    if re.search(r"\bwork\s+for\b", clause, _IC):
        return True
    if re.search(r"[A-Z0-9]|[^\x00-\x7f]", org):
        return True
    if " " not in org:  # a bare word: a name typed in lower case ("i work at google"), unless it says where or when
        return not _WHERE_OR_WHEN.match(org)
    return bool(_WORKPLACE_HEAD.search(org))  # "a hospital", "my dad's restaurant"; not "a standing desk"


#: "I was born on May 2": a birthday said with a verb. "My birthday is …", "my email / phone number / address
#: is …" and "my native language is …" are the possessive copula (``extract.shapes``), which keys them.
_BORN = lazy_regex(r"^i was born on\s+(?P<v>.+)$", _IC)

#: How well a language is spoken, before its name ("French and a little German"): the language is the value.
_SPOKEN_DEGREE = lazy_regex(r"^(?:a little|a bit of|a bit|a little bit of|some|basic|conversational|fluent)\s+", _IC)

_SPEAK = lazy_regex(r"^(?:i|i can|i also)\s+speak\s+(?P<v>.+)$|^i'm fluent in\s+(?P<w>.+)$", _IC)
#: How or of what one speaks, no language: "I speak highly of you", "I speak very fast", "I speak my mind".
_NOT_A_LANGUAGE = lazy_regex(r"\b(?:of|to|with|about|for|at|on|up|out|my|your|his|her|their|our|you|me|him|them|it|"
                             r"very|too|so|fast|slow|slowly|loud|softly|[a-z]+ly)\b", _IC)


#: A life status said with "I'm" ("I'm married", "I'm happily married", "We're both retired", "I'm single"): whether
#: one is married (``user.marital_status``, one at a time) or retired (the occupation, which it ends).
_STATUS = lazy_regex(r"^(?:i'm|i\s+am|we're|we\s+are)\s+(?:(?:now|happily|newly|recently|both|still|already|"
                     r"officially|semi|fully)[\s-]+)*(?P<v>married|single|divorced|widowed|engaged|separated|retired)"
                     r"(?:\s+now)?$", _IC)


def _status(clause: str) -> list[Finding]:
    """``user.marital_status`` / ``identity.occupation = retired`` a life status said with "I'm" states, else ``[]``."""
    m = _STATUS.match(clause.strip().rstrip(".!"))
    if m is None:
        return []
    status = m.group("v").lower()
    if status == "retired":
        return [Finding("identity.occupation", "retired", CONF_STATED, clause, statement="is retired")]
    return shapes.attribute_finding("marital status", status, clause, "en")


def _details(clause: str, ctx: _Ctx) -> list[Finding]:
    if status := _status(clause):
        return status
    m = _BORN.match(clause)
    if m:
        return _f("identity.birthday", m.group("v"), CONF_STATED, clause)
    m = _SPEAK.match(clause)
    if m:
        langs = re.sub(r"\s+(?:fluently|well|a little|a bit)$", "", m.group("v") or m.group("w"), flags=_IC)
        # each item of the list without its degree ("French and a bit of German": German, not "of German")
        if not langs or any(_NOT_A_LANGUAGE.search(_SPOKEN_DEGREE.sub("", part)) for part in _split_list(langs)):
            return []
        return [f for part in _split_list(langs) for f in
                _f("language.spoken", _SPOKEN_DEGREE.sub("", part), CONF_STATED, clause)]
    return []


_REACH = lazy_regex(r"^(?:please\s+)?(?:only\s+|just\s+|always\s+)?(?:contact|reach|get in touch with|"
                    r"get hold of|get back to|ping)\s+me\s+(?P<v>(?:by|via|through|over|on|using|with)\s+.+)$"
                    r"|^(?:i|we)\s+(?:would\s+|'d\s+)?(?:prefer|like|want)\s+(?:to\s+be|being)\s+(?:contacted|reached)"
                    r"\s+(?P<w>.+)$"
                    r"|^(?:the\s+)?(?:best|easiest|preferred)\s+(?:way|method)\s+to\s+(?:reach|contact)\s+me\s+is\s+"
                    r"(?:by\s+|via\s+|through\s+)?(?P<x>.+)$"
                    r"|^my\s+preferred\s+(?:contact method|contact|method of contact|way of contact|channel)\s+is\s+"
                    r"(?P<y>.+)$", _IC)

_CONTACT_ME = lazy_regex(r"^(?:please\s+)?(?P<adv>just\s+|only\s+|always\s+)?(?P<verb>call|phone|ring|email|e-mail|"
                         r"text|sms|message)\s+me(?P<tail>\s+.+)?$", _IC)

_CONTACT_VERBS = {"call": "phone call", "phone": "phone call", "ring": "phone call", "email": "email",
                  "e-mail": "email", "text": "text message", "sms": "text message", "message": "text message"}

_FIRM_TAIL = lazy_regex(r"^\s*(?:instead|rather|only|from now on|going forward|please)$", _IC)


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


_NO_MORE = r"(?:\s+(?:anymore|any more|any longer|now))?"

_RETRACTIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (lazy_regex(rf"^(?:i'm|i am)\s+(?:no longer|not)\s+allergic(?:\s+to\s+anything)?{_NO_MORE}$", _IC),
     "health.allergy"),
    (lazy_regex(rf"^(?:i'm|i am)\s+(?:no longer|not|not actually)\s+allergic\s+to\s+(?P<v>.+?){_NO_MORE}$", _IC),
     "health.allergy"),
    (lazy_regex(rf"^(?:i'm|i am)\s+(?:no longer|not)\s+(?:an?\s+)?(?:vegetarian|vegan|pescatarian){_NO_MORE}$"
                rf"|^i(?:'ve| have)?\s+(?:started\s+)?eat(?:ing)?\s+meat\s+again{_NO_MORE}$"
                rf"|^i (?:gave up|stopped) being (?:an?\s+)?(?:vegetarian|vegan|pescatarian)$", _IC), "food.diet"),
    (lazy_regex(rf"^i\s+(?:no longer|don't|do not)\s+live\s+in\s+(?P<v>.+?){_NO_MORE}$", _IC), "identity.location"),
    (lazy_regex(rf"^i\s+(?:no longer|don't|do not)\s+work\s+(?:at|for)\s+(?P<v>.+?){_NO_MORE}$"
                rf"|^(?:i'm|i am)\s+(?:no longer|not)\s+working\s+(?:at|for)\s+(?P<w>.+?){_NO_MORE}$"
                # "I quit my job at Google": the job's end names the employer (``job_end`` ends any)
                r"|^i\s+(?:just\s+|recently\s+)?(?:quit|left)\s+my\s+job\s+(?:at|with)\s+(?P<u>.+)$", _IC),
     "identity.employer"),
    # "I don't run the bakery anymore", "I sold my online store": a business given up (undated: "I closed my
    # bakery last year" is an event)
    (lazy_regex(r"^i(?:'ve|\s+have)?\s+(?:(?:no longer|don't|do not)\s+(?:run|own)\s+(?:a|an|the|my|our)|"
                r"(?:closed|sold|shut down)\s+(?:my|our))\s+"  # "I closed the shop": for the day
                r"(?:own\s+|new\s+|little\s+|small\s+)*" + shapes.BUSINESS_EN + rf"{_NO_MORE}$", _IC), "work.business"),
    # "I used to be allergic to peanuts": a past that no longer holds
    (lazy_regex(r"^i\s+used\s+to\s+be\s+allergic\s+to\s+(?P<v>.+)$", _IC), "health.allergy"),
    (lazy_regex(r"^i\s+used\s+to\s+be\s+(?:an?\s+)?(?:vegetarian|vegan|pescatarian)$", _IC), "food.diet"),
    (lazy_regex(r"^i\s+used\s+to\s+live\s+in\s+(?P<v>.+)$", _IC), "identity.location"),
    (lazy_regex(r"^i\s+used\s+to\s+work\s+(?:at|for)\s+(?P<v>.+)$", _IC), "identity.employer"),
)


def _retraction(clause: str, ctx: _Ctx) -> list[Finding]:
    """"I'm no longer allergic to peanuts": withdraws the fact instead of stating one. A
    clause without a named value (\"I eat meat again\") withdraws every value of the key."""
    for pattern, key in _RETRACTIONS:
        m = pattern.match(clause)
        if not m:
            continue
        named = m.groupdict().get("v") or m.groupdict().get("w") or m.groupdict().get("u")
        if not named:  # "I'm not vegetarian": the diet denied, beside the withdrawal (``diets.denied``)
            return [Finding(key, "", CONF_STATED, clause, retract=True), *diets.denied(clause, ctx.sentence, "en")]
        if key in ("identity.location", "identity.employer"):
            named = without_time(_PLACE_END.sub("", named))  # "Boston for 3 years" withdraws Boston
        if key == "health.allergy":  # "not allergic to seafood except shrimp" withdraws seafood (extract.twins)
            named = re.sub(r"\s+(?:except(?: for)?|other than|apart from|besides|but not)\b.*$", "", named, flags=_IC)
        parts = _split_list(named) if key == "health.allergy" else [named]
        return [replace(f, retract=True) for part in parts for f in _f(key, part, CONF_STATED, clause)]
    return _named_retraction(clause, ctx)


#: "I no longer want FedEx" / "I don't use FedEx anymore": a choice withdrawn. Only a value the
#: gazetteer names (a carrier, a seat, an editor) is withdrawn; "I don't want dinner anymore" is not a fact.
_NAMED_RETRACTION = lazy_regex(
    r"^i\s+(?P<neg>no longer|don't|do not|used to)\s+"
    r"(?:want|use|prefer|need|choose|ship with|fly with|fly|ship (?:everything |things |stuff )?(?:with|via|by)|"
    r"go with)\s+(?P<v>.+)$", _IC)


def _named_retraction(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _NAMED_RETRACTION.match(clause)
    # clean_value already dropped a trailing "anymore" from the clause: the sentence still has it.
    # "I used to ship with UPS": a past choice, withdrawn by the telling (unread, "I used to ship
    # with UPS, now I use DHL" recorded nothing)
    if m is None or (m.group("neg").lower() not in ("no longer", "used to")
                     and not guards.EN_NO_LONGER.search(ctx.sentence)):
        return []  # "I don't want FedEx" refuses without withdrawing a past choice: left to the negative patterns
    hit = gazetteer.lookup(m.group("v"))
    if hit is None or not hit.named:
        return []
    return [Finding(hit.key, hit.value, CONF_STATED, clause, retract=True)]
