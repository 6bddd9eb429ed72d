"""English statement shapes (``extract.shapes``): rewritings of the subject and the shapes that
need no topic word. ``before_topics`` runs ahead of the topic patterns (its shapes say a change
the topic patterns would misread as a habit), ``after_topics`` when they found nothing."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from memstrata.extract import (
    advice,
    appointments,
    cessation,
    changed_to,
    counts,
    forbidden,
    formats,
    owned,
    patterns_en,
    places,
    scheduled,
    schools,
    shapes,
    subscriptions,
    switches_en,
    tool_kinds,
    vehicles,
    workplace,
)
from memstrata.extract.asides import without_opening
from memstrata.extract.clauses import (
    CLAUSE_COMMA,
    CONF_LIKE,
    CONF_PREFER,
    Finding,
    clean_value,
    like_finding,
    without_aside,
    without_time,
)
from memstrata.extract.liking_begun import started_to_like_en, turned_to_like_en
from memstrata.extract.plans import goal_en, goal_named, learning_wish, plan_en, trip_en
from memstrata.extract.possessive_en import possessive, shoe_worn, the_thing_i
from memstrata.extract.providers import payment, provider_en
from memstrata.extract.pursuits import pursuit_en, with_examples
from memstrata.extract.schooling import grade
from memstrata.extract.shapes import attribute_finding, chosen, dated, open_key
from memstrata.extract.subject_en import NOT_A_STATEMENT, NOT_NAMES
from memstrata.extract.timex import mentions_time
from memstrata.privacy.addresses import STREET_ADDRESS_EN
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
_CLAUSES = lazy_regex(rf"\s*(?:;|{CLAUSE_COMMA})\s*")

# --- shapes ------------------------------------------------------------------------------------

_DESTINATION = lazy_regex(
    r"^(?:(?:from now on|going forward)\s*,?\s+)?(?:please\s+)?(?:send|ship|route|deliver|post|mail)\s+(?:all\s+)?"
    r"(?:my\s+|our\s+)?(?:packages|parcels|orders|stuff|things|everything|deliveries|shipments)?\s*(?:via|with|through|"
    r"by|using)\s+(?P<v>.+?)(?:\s*,?\s+(?:from now on|going forward))?$"
    r"|^(?:(?:from now on|going forward)\s*,?\s+)?(?:please\s+)?(?:deliver\s+(?:it\s+|them\s+)?|"
    r"(?:deliver|send|ship)\s+(?:all\s+)?(?:my|our)\s+(?:packages|parcels|orders|deliveries|shipments)\s+)"
    r"to\s+(?:the\s+)?(?P<d>.+?)"
    r"(?:\s*,?\s+(?:from now on|going forward))?$"
    # the thing sent named first: "Packages from now on go with DHL", "My parcels should go via FedEx from now on"
    r"|^(?:my\s+|our\s+|all\s+)?(?:packages|parcels|orders|deliveries|shipments)\s+"
    r"(?:from now on|going forward)?\s*,?\s*"
    r"(?:should\s+|will\s+|can\s+)?(?:go|ship|come|be sent|be shipped)\s+(?:via|with|through|by)\s+(?P<v2>.+?)"
    r"(?:\s*,?\s+(?:from now on|going forward))?$", _IC)


#: "Ship to 221B Baker Street from now on", "From now on, send everything to 42 Main St, Springfield": a verb of
#: sending alone, to a street address, said as standing (from now on, going forward, always, by default). A bare
#: "ship to" names a person or a place as often ("Send to John", "Ship to production"), and said once it may be
#: this order only, so the address must look like one (a number, a name and a street word) and the marker be said.
_SHIP_TO = lazy_regex(
    r"^(?:(?P<lead>from now on|going forward|in future|in the future|by default)\s*,?\s+)?(?:please\s+)?"
    r"(?P<always>always\s+)?(?:ship|send|mail|post)\s+(?:it\s+|them\s+|everything\s+|(?:all\s+)?(?:my\s+|our\s+)?"
    r"(?:orders|packages|parcels|deliveries|shipments)\s+)?to\s+(?P<a>.+?)"
    r"(?:\s*,?\s+(?P<tail>from now on|going forward|in future|in the future|by default))?$", _IC)
_STREET_ADDRESS = STREET_ADDRESS_EN


def _ship_to(sentence: str) -> list[Finding]:
    """The drop-off of a standing instruction to send to a street address ("Ship to 221B Baker Street from now
    on" → ``shipping.dropoff = 221B Baker Street``), read on the whole sentence so the address keeps its city
    ("42 Main St, Springfield"); ``[]`` otherwise ("Ship it!", "Ship to 221B Baker Street" said once)."""
    m = _SHIP_TO.match(sentence.strip().rstrip(".!"))
    if m is None or not (m.group("lead") or m.group("always") or m.group("tail")):
        return []
    value = clean_value(m.group("a"), "en")
    if not _STREET_ADDRESS.match(value):
        return []
    return [Finding("shipping.dropoff", value, CONF_PREFER, sentence, statement=f"deliver to {value}")]


_FROM_NOW_ON = lazy_regex(
    r"^(?:from now on|going forward)\s*,?\s+i(?:'d|\s+would)?\s+(?:want|prefer|take|like|choose)\s+(?P<v>.+?)$", _IC)


def _destination(clause: str, lang: str = "en") -> list[Finding]:
    if (later := _FROM_NOW_ON.match(clause)) is not None:  # "From now on I want aisle seats": a named choice
        found = chosen(clean_value(later.group("v"), lang), "user.chooses", clause, lang)
        return [f for f in found if f.key in ("shipping.carrier", "travel.seat", "tool.editor", "tool.os")]
    m = _DESTINATION.match(clause)
    if m is None:
        return []
    if m.group("d"):
        value = re.sub(r"^(?:my|our)\s+", "", clean_value(m.group("d"), lang), flags=_IC)
        return [Finding("shipping.dropoff", value, CONF_PREFER, clause, statement=f"deliver to {value}")]
    value = clean_value(m.group("v") or m.group("v2"), lang)
    found = chosen(value, "user.ships_with", clause, lang, statement=f"ships with {value}")
    return [f for f in found if f.key == "shipping.carrier"]  # "send it by Friday" names no carrier


_TEAM = lazy_regex(
    r"^i(?:'m|\s+am|\s+work|'ve|\s+have)?\s+(?:now\s+|also\s+|still\s+|just\s+|been\s+)?(?:back\s+)?(?:on|in|with|"
    r"moved|switched|transferred|gone back|went back|joined|moved back|switched back)\s+(?:on\s+|to\s+|in\s+)?"
    r"(?:the\s+)?(?P<v>[\w\- ]{1,30}?\s+(?:team|squad|group|department))(?:\s+too|\s+now|\s+again)?$", _IC)


def _team(clause: str, lang: str = "en") -> list[Finding]:
    m = _TEAM.match(clause)
    if m is None:
        return []
    value = clean_value(m.group("v"), lang)
    return [Finding(open_key("", "team"), value, CONF_PREFER, clause, statement=f"is on the {value}")]


_LEARNING = lazy_regex(
    r"^(?:(?:recently|lately|these days|now|currently)\s*,?\s+)?(?:i|we)(?:'ve been|'m|\s+am|\s+have been|'ve|\s+have)?"
    r"\s+(?:also\s+|now\s+|still\s+|just\s+|recently\s+|really\s+)*(?:(?:started|begun|began|start)\s+(?:to\s+)?)?"
    r"(?P<verb>learning|studying|practi[cs]ing|taking lessons in|learn|study|practi[cs]e)\s+(?:how\s+to\s+|to\s+)?"
    r"(?P<v>.+?)(?:\s+(?:recently|lately|these days|now|at the moment|right now|too))?$", _IC)
#: What follows "learning" without being a thing learnt: "learning a lot", "studying for the exam".
_NOT_LEARNT = lazy_regex(r"^(?:a lot|so much|much|more|about|from|with|for|that|what|it|this|that|things|"
                         r"something|new things|to live|at|in|hard|every|all)\b", _IC)


#: A clause of its own after the value: "learning how to shoot and it feels really cool".
_CLAUSE_AFTER = lazy_regex(r"\s+(?:and|but|because|so|which|since)\s+(?:it|it's|i|i'm|that|this|he|she|they|we|my)\b",
                           _IC)


#: Who teaches what is learnt, after it: a person, not part of the subject learnt.
_TAUGHT_BY = lazy_regex(r"\s+(?:from|with)\s+(?:me|him|her|them|us|my\s+[a-z]+|(?-i:[A-Z][a-z]+))$", _IC)


def _learning(clause: str, lang: str = "en") -> list[Finding]:
    """"I've been studying English", "I started learning how to shoot": what the user is learning.
    "I learn" alone is no such statement: a progressive or a beginning is."""
    m = _LEARNING.match(clause)
    if m is None or (m.group("verb").lower() in ("learn", "study", "practice", "practise")
                     and not re.search(r"\b(?:start|started|begun|began)\b", clause, _IC)):
        return []
    raw = without_time(without_aside(_CLAUSE_AFTER.split(m.group("v"), maxsplit=1)[0]))
    raw = _TAUGHT_BY.sub("", raw)  # "learning coding from me", "running technique from Christopher": the subject
    value = clean_value(raw, lang)
    if not value or _NOT_LEARNT.match(raw) or len(value.split()) > 6:
        return []
    return [Finding("activity.learning", value, CONF_PREFER, clause)]


_RELAX = lazy_regex(r"^(?:to\s+(?:relax|unwind|de-?stress)\s*,?\s*)?i\s+(?:usually\s+|often\s+|always\s+|like to\s+)*"
                    r"(?P<v>(?!need|want|have|try|am|was|can|will|would|could|should|might|may|must)[a-z].+?)"
                    r"(?:\s+to\s+(?:relax|unwind|de-?stress))?$", _IC)
#: What is done to relax is named before "to relax", or after a leading "To relax,": "I usually go to relax and feel at
#: ease" names nothing done (the words before it are a bare motion, the words after a mood).
_RELAX_INSIDE = lazy_regex(r"\bto\s+(?:relax|unwind|de-?stress)\b|^(?:go|come|head|get)(?:\s+(?:out|away|home))?$", _IC)
_FAVOURITE_IS = lazy_regex(r"^(?:but\s+)?(?P<v>[\w' -]{2,40}?)\s+is\s+my\s+(?:top pick|favou?rite|fave|go-to|"
                           r"all-time favou?rite)$"
                           # praise that says a like: "Jazz really speaks to me", "Contemporary dance is so
                           # expressive - it really speaks to me" (the "it" is the thing the sentence opened with)
                           r"|^(?P<w>[\w' -]{2,40}?)\s+(?:(?:is|are)\s+[^,;]{2,60}?\s*(?:[-–—,]|\band\b)\s*it\s+)?"
                           r"(?:really\s+|truly\s+|just\s+|always\s+)*(?:speaks?\s+to\s+me|resonates?\s+with\s+me|"
                           r"(?:is|'s)\s+(?:really\s+|totally\s+)?my\s+(?:thing|jam|cup of tea))$", _IC)
_LOVE_FOR = lazy_regex(r"\bmy\s+(?:love|passion)\s+(?:for|of)\s+(?P<v>[\w' -]+?)(?:\s+and\s+(?:how|what|why)\b.*)?$",
                       _IC)


def _favourite_is(clause: str, lang: str = "en") -> list[Finding]:
    """"Contemporary is my top pick": the like it names (``favourites``)."""
    m = _FAVOURITE_IS.match(clause)
    thing = m.group("v") or m.group("w") if m is not None else ""
    if m is None or re.match(r"(?:it|this|that|he|she|you|which|what|there|everything|nothing)\b", thing, _IC):
        return []
    return like_finding(thing, "like", CONF_LIKE, clause, lang)


def _intent(clause: str, lang: str = "en") -> list[Finding]:
    """"I plan to go on a trip to Mexico", "I'm planning a trip to Kyoto" and what is looked forward to ("I'm
    excited to mentor aspiring dancers"; no date: a dated plan is an event's), and "my love for dance" (a like
    said as a noun)."""
    if (planned := plan_en(clause, lang)) is not None:
        return planned
    # "I'm trying to cut down on sugar": a goal worked on; "My goal is to …" one named
    if goal := goal_en(clause) or goal_named(clause, "en") or learning_wish(clause, "en"):
        return goal
    if (m := _LOVE_FOR.search(clause)) is not None:
        return like_finding(m.group("v"), "like", CONF_LIKE, clause, lang)
    relax = _RELAX.match(clause)
    if relax is not None and re.search(r"\bto\s+(?:relax|unwind|de-?stress)\b", clause, _IC) \
            and not re.search(r"\b(?:there|here|it|that|this|them|you)\b", relax.group("v"), _IC) \
            and not _RELAX_INSIDE.search(relax.group("v")):
        return like_finding(relax.group("v"), "like", CONF_LIKE, clause, lang)  # "I read and cook to relax"
    return []


def given_up(sentence: str, said_at: datetime) -> tuple[str, list[Finding], str]:
    """``(before, found, after)``: what the clauses of ``sentence`` that give something up say
    (``extract.cessation``: "I quit coffee", "From now on, I won't drink coffee"), and the clauses before
    and after the first of them, for the other rules to read ("I love tea, but I don't drink coffee
    anymore" keeps the tea); ``("", [], sentence)`` when none does, or when the sentence asks or
    supposes ("Should I quit coffee?")."""
    if NOT_A_STATEMENT.search(sentence):
        return "", [], sentence
    found: list[Finding] = []
    before: list[str] = []  # the clauses before the first one read, and those after it
    after: list[str] = []
    for clause in (c.strip() for c in _CLAUSES.split(sentence.strip().rstrip(".!")) if c):
        read = cessation.find_en(re.sub(r"^(?:but|and|so)\s+", "", clause, flags=_IC), sentence)
        if read and any(f.retract for f in patterns_en.find(clause, said_at)):
            read = []  # "I don't have asthma anymore": a withdrawal of its own key, read by its topic rule
        found += dated(read, clause, sentence, said_at)
        if not (read or _MARKER_ONLY.match(clause)):
            (after if found else before).append(clause)
    return (", ".join(before), found, ", ".join(after)) if found else ("", [], sentence)


#: A clause that only says from when ("From now on, I won't drink coffee"): nothing left to read.
_MARKER_ONLY = lazy_regex(r"^(?:from now on|going forward|starting today|as of today|these days|nowadays)$", _IC)


def before_topics(sentence: str, said_at: datetime) -> list[Finding]:
    """Shapes that say a change, read ahead of the topic patterns."""
    if advised := advice.find(sentence, "en"):  # "My doctor said I should cut back on salt": reported, yet the user's
        return advised
    if NOT_A_STATEMENT.search(sentence):
        return []
    if found := switches_en.withdrawn_and_restored(sentence) or _ship_to(sentence) or turned_to_like_en(sentence,
                                                                                                        said_at):
        return found  # "Actually cilantro is fine, I like it now": the like of the thing (extract.liking_begun)
    for raw in (c.strip() for c in _CLAUSES.split(sentence.strip().rstrip(".!")) if c):
        # as said, then without a leading discourse word ("Actually I switched to FedEx", "But we
        # moved to GitLab"), which the topic patterns drop too; a shape that reads the word itself
        # ("nowadays it's only tea") matches the clause as said first
        for clause in dict.fromkeys((raw, without_opening(raw, "en").strip())):
            if clause and (wanted := formats.schedule_en(clause)):
                return wanted  # "every Friday" is when a document is wanted, no time the wish began
            if clause and (found := (scheduled.moved(clause, said_at, "en")  # a time set anew, ahead of a change
                                     or vehicles.begun(without_time(clause), "en") or workplace.uses_en(clause)
                                     or _destination(clause) or _team(clause)
                                     or switches_en.changed(clause, "en", sentence)
                                     or started_to_like_en(clause, said_at) or _learning(clause)
                                     or provider_en(clause) or payment(clause, "en") or grade(clause, "en")
                                     or subscriptions.cancelled_en(clause)  # "I closed my Chase account"
                                     or formats.find_en(clause) or scheduled.find(clause, said_at, "en")
                                     or schools.find_en(clause) or workplace.located(clause, "en"))):
                return dated(found, clause, sentence, said_at)
    return []


def noted_plans(sentence: str, said_at: datetime, found: list[Finding]) -> list[Finding]:
    """The dated plans ``sentence`` notes without a subject ("dentist on thursday at 2", "flying to Lisbon on the
    14th": ``extract.appointments``) in the clauses none of ``found`` (the topic patterns' findings) came from: a clause
    they read keeps what they read ("I've got an April 1 deadline, so I'm deciding between ..."), another is read
    beside it ("Flying to Lisbon on the 14th, I love Lisbon")."""
    said = [f.clause.casefold() for f in found]
    clauses = (c.strip() for c in _CLAUSES.split(sentence.strip().rstrip(".!")) if c)
    return [f for c in clauses if not any(c.casefold() in s or s in c.casefold() for s in said)
            for f in appointments.find_en(without_opening(c, "en").strip(), sentence, said_at)]


_AVOID = lazy_regex(r"^(?:but\s+|and\s+)?(?:please\s+)?(?:(?:don't|do not|never)\s+use|avoid|not|(?P<bare>never))\s+"
                    r"(?:the\s+)?"
                    r"(?P<v>[\w.+#\- ]{1,30}?)(?:\s+(?:please|again|anymore))?$", _IC)
#: A preference verb: only after one does a bare "not Y" say a dislike ("I prefer pytest, not unittest";
#: "I like pizza, not sushi" may only rank them).
_PREFER = lazy_regex(r"\b(?:prefer|rather|always use|go with)\b", _IC)


def avoided(sentence: str, found: list[Finding]) -> list[Finding]:
    """"I prefer pytest, don't use unittest": a prohibition beside a like or a choice (``found``, read in
    the same sentence) is a standing dislike of what it forbids; alone, "don't use unittest" may be this once."""
    if not shapes.liked(found) or NOT_A_STATEMENT.search(sentence):
        return []
    out: list[Finding] = []
    for clause in (c.strip() for c in _CLAUSES.split(sentence.strip().rstrip(".!")) if c):
        m = _AVOID.match(clause)
        if m is None or (clause.lower().startswith(("not", "but not")) and not _PREFER.search(sentence)):
            continue
        value = clean_value(m.group("v"), "en")
        if value and not re.match(r"(?:it|this|that|them|those|these|him|her|me|you)\b", value, _IC):
            # "never use DHL or UPS": each its own dislike; a bare "never" only of a named thing ("never UPS")
            things = shapes.named_things(value)
            if m.group("bare") and not all(shapes.named_value(v) or tool_kinds.kind_of(v) for v in things):
                continue
            out += [forbidden.forbidden_thing(v, clause, "en") for v in things]  # not UPS, or a dislike
    return out


#: "Fall is my favorite season", "honestly Zuni is my go-to restaurant now": a favourite of a kind named first, the
#: possessive copula said the other way round ("My favorite season is fall"), which keys it by its kind.
_FAVOURITE_OF_KIND = lazy_regex(
    r"^(?:(?:honestly|tbh|actually|ok|okay|so|well|but|and|now)\s*,?\s+)*(?P<v>[\w' .&-]{2,40}?)\s+"
    r"(?:is|are|'s|ha(?:s|ve)\s+always\s+been)\s+"
    r"(?:now\s+|still\s+|definitely\s+|officially\s+|totally\s+)*(?P<my>my|our)\s+(?P<attr>(?:(?:new|all-time|absolute|ultimate|very|current)\s+)*"
    r"(?:favou?rite|fave|go-to)\s+[a-z][a-z -]{1,30}?)(?:\s+(?:now|these days|nowadays|of all time|ever))?$", _IC)


def _favourite_of_kind(clause: str, said_at: datetime) -> list[Finding]:
    """The possessive copula of a favourite of a kind named first (``_FAVOURITE_OF_KIND``); ``[]`` for a pronoun or
    a question word first ("It is my favorite season", "What is my favorite food")."""
    m = _FAVOURITE_OF_KIND.match(clause)
    if m is None or re.match(r"(?:it|this|that|he|she|they|you|which|what|who|there|everything|nothing)\b",
                             m.group("v"), _IC):
        return []
    said = f"{m.group('my').capitalize()} {m.group('attr')} is {m.group('v')}"
    return [replace(f, clause=clause) for f in patterns_en.find(said, said_at) or possessive(said)]


def favourites(sentence: str, said_at: datetime) -> list[Finding]:
    """"Contemporary is my top pick", "Fall is my favorite season": a like, read beside whatever else the sentence
    says ("I love all dances, but contemporary is my top pick" holds both likes)."""
    if NOT_A_STATEMENT.search(sentence):
        return []
    return [f for c in _CLAUSES.split(sentence.strip().rstrip(".!")) if c
            for f in _favourite_is(c.strip()) or _favourite_of_kind(c.strip(), said_at)]


#: "I drink oat lattes", "We mostly eat rice": what one eats or drinks as a habit, said plainly.
_HABITUAL = lazy_regex(
    r"^(?:i|we)\s+(?:usually\s+|mostly\s+|normally\s+|generally\s+|mainly\s+|now\s+|always\s+|only\s+)?"
    r"(?P<verb>drink|eat)\s+(?P<v>[\w' -]{2,30}?)(?:\s+(?:now|these days|nowadays))?$", _IC)
#: What follows "I eat" / "I drink" without being a thing eaten or drunk ("I eat out", "I drink a lot").
_NOT_EATEN = lazy_regex(r"^(?:a lot|lots|too|so|it|them|that|this|those|these|something|anything|nothing|when|"
                        r"out|in|more|less|much|healthy|well|clean|right|late|early|alone|like|because|and|to|"
                        r"my|your|his|her|our|their)\b"
                        # where or when ("I drink my coffee at home", "I eat rice with every meal"): no plain thing
                        r"|\b(?:at|in|on|with|when|after|before|for|from|during|while|every|each)\b"
                        # an amount in each period ("three coffees a day"): a habit (``habits.frequency_en``)
                        r"|\b(?:a|per)\s+(?:day|night|week|weekend|month|year)\b", _IC)


def _habitual(clause: str, lang: str = "en") -> list[Finding]:
    """"I drink oat lattes": what one eats or drinks now, under the verb's key (``user.drinks`` /
    ``user.eats``, as "Nowadays it's only green tea"), so a later restriction or switch replaces it."""
    m = _HABITUAL.match(clause)
    value = clean_value(m.group("v"), lang) if m else ""
    if m is None or not value or _NOT_EATEN.search(value) or len(value.split()) > 4:
        return []
    key, said = switches_en.VERB_KEYS[m.group("verb").lower()]
    return [Finding(key, value, CONF_PREFER, clause, statement=said.format(v=value))]


def eaten_beside(sentence: str, found: list[Finding]) -> list[Finding]:
    """What one eats or drinks (``_habitual``) said in a clause of ``sentence`` that none of ``found`` (the topic
    patterns' findings) comes from: "I'm vegetarian but I eat fish occasionally" keeps the diet and the fish (the
    topic patterns read the diet, and what no topic reads was read only in a sentence where they found nothing)."""
    said = [f.clause.casefold() for f in found]
    clauses = (without_opening(c.strip(), "en") for c in patterns_en._clauses(sentence.strip().rstrip(".!")))
    return [f for c in clauses if c and not any(c.casefold() in s or s in c.casefold() for s in said)
            for f in _habitual(c)]


def copulas(sentence: str) -> list[Finding]:
    """The possessive copulas of ``sentence`` whose key no topic pattern reads (``shapes.BESIDE_TOPICS``:
    "my birthday is March 3", "my email is …", "my phone number is …", "my address is …", "my native
    language is …"), read beside whatever else it states."""
    if NOT_A_STATEMENT.search(sentence):
        return []
    # cut where the topic patterns cut ("I'm allergic to peanuts and my birthday is March 3")
    clauses = (without_opening(c.strip(), "en") for c in patterns_en._clauses(sentence.strip().rstrip(".!")))
    return [f for c in clauses if c for f in possessive(c) if f.key in shapes.BESIDE_TOPICS]


#: "We use Jenkins for CI", "These days I use Obsidian for notes": a thing used and what for.
_USED_FOR = lazy_regex(
    r"^(?:(?:these days|nowadays|now|currently|at the moment)\s*,?\s+)?(?:i|we)(?:\s+|(?=['’]))(?:now\s+|mostly\s+|"
    r"mainly\s+|only\s+|still\s+|currently\s+|always\s+|usually\s+)?(?:use|['’]m using|am using|['’]re using|"
    r"are using)\s+"
    r"(?P<v>[\w.+#-]+(?:\s+[\w.+#-]+){0,3}?)\s+for\s+(?:my\s+|our\s+|the\s+)?"
    r"(?P<for>[a-z][\w-]*(?:\s+(?!now$|nowadays$|these days$)[a-z][\w-]*)?)(?:\s+(?:now|these days|nowadays))?$", _IC)
#: What is used that names no thing ("I use it for work", "we use a script for that"), and what it is
#: for that names no attribute ("for everything", "for fun", "for years").
_NOT_USED = lazy_regex(r"^(?:it|this|that|these|those|them|my|our|your|his|her|their|the|a|an|some|any|one|"
                       r"lots|a lot|everything|anything|something|nothing)\b", _IC)
_NOT_FOR = lazy_regex(r"^(?:everything|anything|something|nothing|that|this|it|fun|free|now|years|months|weeks|"
                      r"days|ages|a while|so long|long|sure|real|good|example|instance|me|us|you|them)\b", _IC)


def _used_for(clause: str, lang: str = "en") -> list[Finding]:
    """"We use Jenkins for CI": what it is for names the attribute (``user.ci = Jenkins``, the key
    我们用Jenkins做CI has too), so "now we use GitHub Actions for CI" replaces it."""
    m = _USED_FOR.match(clause)
    if m is None or _NOT_USED.match(m.group("v")) or _NOT_FOR.match(m.group("for")):
        return []
    return attribute_finding(m.group("for"), m.group("v"), clause, lang, purpose=True)


#: "I write all my code in Neovim", "I keep notes in Obsidian", "We track tasks in Linear": what is done in a named
#: thing says it is used for that, as "I use Obsidian for notes" does.
_DONE_IN = lazy_regex(
    r"^(?:(?:these days|nowadays|now|currently)\s*,?\s+)?(?:i|we)\s+(?:now\s+|mostly\s+|mainly\s+|only\s+|still\s+|"
    r"usually\s+|always\s+|actually\s+)?(?:write|keep|take|do|track|manage|draft|store|organi[sz]e|log|jot\s+down)\s+"
    r"(?:(?:all|most|much)\s+(?:of\s+)?)?(?:(?:my|our|the)\s+)?"
    # what is done: a noun, no particle of the verb ("I keep in touch with Anna", "I take on new work in May")
    r"(?!(?:in|on|at|up|out|off|back|away|to|with|for|from|of|over|it|them|this|that|time|care|part|place)\b)"
    r"(?P<for>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:in|on|using)\s+(?P<v>(?-i:[A-Z0-9][\w.+#-]*)(?:\s+(?-i:[A-Z0-9][\w.+#-]*)){0,2})"
    r"(?:\s+(?:now|these days|nowadays))?$", _IC)
#: What one does things in that is no thing used: a human language ("I write my notes in English", "in Mandarin").
_TONGUE = lazy_regex(r"^(?:english|chinese|mandarin|cantonese|spanish|french|german|italian|portuguese|russian|"
                     r"japanese|korean|arabic|hindi|dutch|swedish|polish|turkish|greek|hebrew|vietnamese|thai)$", _IC)


def _done_in(clause: str) -> list[Finding]:
    """"I write all my code in Neovim": the named thing used for what is done in it (``tool.editor = Neovim``,
    ``user.notes = Obsidian``), read as "I use Neovim for code"; ``[]`` where the name is a place, a time or a
    language ("I do my shopping in London", "in April", "I write my notes in English")."""
    m = _DONE_IN.match(clause.strip().rstrip(".!"))
    if m is None or places.known_place(m.group("v")) or mentions_time(m.group("v")) or _TONGUE.search(m.group("v")):
        return []
    return [replace(f, clause=clause) for f in _used_for(f"I use {m.group('v')} for {m.group('for')}")]


_GROUPS = r"team|group|company|department|class|startup|band|squad|lab|office|club"
#: "Our team has 7 people now", "We're a team of 7", "There are 7 of us on the team": a group's size
#: ("My team is 5 people" is the possessive copula's: ``counts.group_size``).
_SIZE = lazy_regex(
    rf"^(?:now\s+)?(?:our|my)\s+(?P<attr>{_GROUPS})\s+(?:now\s+)?(?:has|have|is|are)\s+(?:now\s+)?"
    r"(?P<v>\w+\s+(?:people|persons|members|folks|engineers|developers|devs|employees))(?:\s+now)?$"
    rf"|^(?:now\s+)?we(?:'re|\s+are)\s+(?:now\s+)?a\s+(?P<attr2>{_GROUPS})\s+of\s+(?P<v2>\w+)(?:\s+people)?(?:\s+now)?$"
    rf"|^there\s+are\s+(?:now\s+)?(?P<v3>\w+)\s+of\s+us\s+(?:on|in)\s+(?:the|our|my)\s+(?P<attr3>{_GROUPS})"
    r"(?:\s+now)?$", _IC)


#: "Now we are 7", "We're 7 people now", "There are 7 of us now": the size of a group named before, if any.
_WE_ARE = lazy_regex(r"^(?:now\s+)?(?:we(?:'re|\s+are)\s+(?:now\s+)?(?P<n>\d+|[a-z]+)(?:\s+people|\s+of us)?"
                     r"|there\s+are\s+(?:now\s+)?(?P<m>\d+|[a-z]+)\s+of\s+us)(?:\s+now)?$", _IC)


def _size(clause: str, lang: str = "en") -> list[Finding]:
    """"Our team has 7 people now": the team's size (``user.team_size``), which a later size replaces;
    "now we are 7" the size of the group said before (``counts.GROUP_SIZE``)."""
    if (we := _WE_ARE.match(clause)) is not None and (n := counts.number(we.group("n") or we.group("m"))):
        return [Finding(counts.GROUP_SIZE, f"{n} people", CONF_PREFER, clause, statement=f"we are {n} people")]
    m = _SIZE.match(clause)
    if m is None:
        return []
    attr = m.group("attr") or m.group("attr2") or m.group("attr3")
    value = m.group("v") or f"{m.group('v2') or m.group('v3')} people"
    return attribute_finding(attr, value, clause, lang) if counts.group_size(attr, value, lang) else []


#: A name with the article of a thing one has ("an iPhone 12", "a Kindle"), or bare ("Notion"); a name opening in
#: lower case before a capital is one too.
_A_NAME = (rf"(?:(?:an?|my|our)\s+)?(?:{switches_en.NAME}"
           r"|(?-i:i[A-Z][a-z]+(?:\s+[A-Z0-9][\w.+#-]*){0,2}))")  # iPhone, iPad
#: "We use Jenkins", "I use Obsidian and Notion", "These days we're using Linear", "I use an iPhone 12 and a Kindle":
#: named things used, no purpose.
_PLAIN_USE = lazy_regex(
    r"^(?:(?:these days|nowadays|now|currently|at work)\s*,?\s+)?(?:i|we)(?:\s+|(?='))"
    r"(?:now\s+|mostly\s+|mainly\s+|still\s+|currently\s+|also\s+|usually\s+|always\s+|only\s+)?"
    r"(?:use|'m using|am using|'re using|are using)\s+"
    rf"(?P<v>{_A_NAME}(?:\s*(?:,|and|,\s*and)\s+{_A_NAME})*)(?:\s+(?:now|these days|nowadays|at work|too|as well))?$",
    _IC)


def _plain_use(clause: str, lang: str = "en") -> list[Finding]:
    """"We use Jenkins": each named thing used (``tool.uses``, many at a time, or the gazetteer's key),
    which a switch that names it as the old value replaces ("we moved from Jenkins to GitHub Actions")."""
    m = _PLAIN_USE.match(clause)
    if m is None:
        return []
    names = [re.sub(r"^(?:an?|my|our)\s+", "", n, flags=_IC) for n in re.split(r"\s*(?:,\s*and|,|\band)\s+",
                                                                           m.group("v")) if n]
    return [f for n in names if n not in NOT_NAMES for f in chosen(n, "tool.uses", clause, lang,
                                                                    statement=f"uses {n}")]


#: A business the user runs, said with what they do to it: "I'm working on my online store", "My online clothes store
#: is open", "Starting my business has been tough", "I run a small bakery". Named in passing ("my dance studio's social
#: media", "come to my studio") it is no such statement: read there, it cited every turn naming the studio.
_BUSINESS = shapes.BUSINESS_EN
_RUNS = lazy_regex(
    r"^(?:i(?:'m|\s+am|'ve\s+been|\s+have\s+been)?\s+)?(?:(?:just|finally|now|also|still)\s+)*"
    r"(?:working\s+on|running|runnin'|run|own|opened|open|started|starting|startin'|launched|launching|building|"
    r"growing|expanding)\s+(?:my|our)\s+(?:own\s+|new\s+|little\s+|small\s+)*" + _BUSINESS + r"(?:\s.*)?$"
    # "I run a small bakery", "I started a business": with "a" the subject must be said
    r"|^i(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|now\s+|also\s+)*(?:run|own|opened|started|launched)\s+an?\s+"
    r"(?:own\s+|new\s+|little\s+|small\s+)*" + _BUSINESS.replace("?P<v>", "?P<u>") + r"(?:\s.*)?$"
    r"|^(?:my|our)\s+(?:own\s+|new\s+)*" + _BUSINESS.replace("?P<v>", "?P<w>") + r"\s+is\s+(?:now\s+|finally\s+)?"
    r"(?:open|launched|live)\b.*$", _IC)


def _business(clause: str, lang: str = "en") -> list[Finding]:
    """What business the user runs (``work.business``), from a clause saying what they do to it."""
    m = _RUNS.match(clause)
    if m is None:
        return []
    value = clean_value(m.group("v") or m.group("u") or m.group("w"), lang)
    return [Finding("work.business", value, CONF_PREFER, clause, statement=f"runs their {value}")]


def after_topics(sentence: str) -> list[Finding]:
    """Shapes read when no topic pattern found anything: the possessive copula, a thing used and what
    for, an undated plan, a like said as a noun, what one eats or drinks."""
    if NOT_A_STATEMENT.search(sentence):
        return trip_en(sentence)
    if used := _plain_use(sentence.strip().rstrip(".!")):  # "We use Slack, Jira and Confluence": one list
        return used
    out: list[Finding] = []
    clauses = [c.strip() for c in _CLAUSES.split(sentence.strip().rstrip(".!")) if c]
    for at, clause in enumerate(clauses):
        out += (shoe_worn(clause) or possessive(clause) or changed_to.find(clause, "en") or the_thing_i(clause)
                or _size(clause) or _used_for(clause) or _done_in(clause) or _plain_use(clause) or _intent(clause)
                or _habitual(clause)
                or _business(clause)
                or subscriptions.find(clause, "en") or owned.find(clause, "en")
                or with_examples(pursuit_en(clause), clauses[at + 1] if at + 1 < len(clauses) else "", "en"))
    return out or trip_en(sentence)

