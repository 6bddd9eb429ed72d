"""The English possessive copula: "my <thing> is <value>" and "the <thing> I <verb> is <value>".

"My editor is VS Code", "My commute is about 40 minutes", "My brother's name is Tom", "The company I work for is
Google": an attribute the user (or the person named before 's) has, keyed by ``shapes.attribute_finding``. What
refuses a value is most of this module: a state or a judgement ("my head is still pounding", "my budget is
tight", "My whole weekend is shot"), a clause said with the copula ("my motivation and they keep me going"), a
possessive 's read as "is" ("Our company's performance has been good") and an attribute phrase that is no
attribute ("my budget for this trip").
"""

from __future__ import annotations

import re
from dataclasses import replace

from memstrata.extract import apposition, gazetteer, kin, pro_forms, roles, shapes, subject_en, tool_kinds
from memstrata.extract.advice import CARERS_EN
from memstrata.extract.clauses import Finding, third_person
from memstrata.extract.corrected_later import colour
from memstrata.extract.shapes import attribute_finding
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE

#: A value that describes the owner rather than names a thing ("my friend is allergic to mango",
#: "my budget is tight"): an adjective, a preposition or an adverb first.
_DESCRIBES = lazy_regex(
    r"^(?:allergic|tired|sick|ill|busy|happy|sad|great|fine|ok|okay|good|bad|nice|cool|awesome|amazing|terrible|"
    r"late|early|here|there|away|out|in|on|at|from|with|about|like|such|also|always|never|still|quite|pretty|"
    r"super|kind|sort|more|less|better|worse|done|over|gone|back|ready|sure|right|wrong|true|false|tight|low|high|"
    r"huge|small|big|broken|gone|sweet|lovely|wonderful|fantastic|horrible|awful|important|hard|easy|new|old|"
    r"off|down|up|no|all|very|really|just|only|probably|definitely|still|open|closed|finished|best|worst|"
    r"this|these|those|one|different|shot|spent|urgent|crazy|insane|intense|hectic|packed|full|empty|messy|"
    r"chaotic|what|how|why|where|when|who|[a-z]+ly|"
    # where the thing is now, not which it is: "my phone is somewhere in the car", "my keys are missing"
    r"somewhere|nowhere|anywhere|missing|lost|through|via|"
    # how the thing is, not which it is: its condition, its age, how it came ("my car is almost paid off", "my phone is
    # brand new", "my laptop is second-hand", "my car is ten years old")
    r"almost|nearly|barely|brand|second-?hand|refurbished|paid|"
    # how it was made, not what it is: "our main repo is written in Go", "my blog is built with Hugo"
    r"(?:written|built|made|hosted|coded|powered)\s+(?:in|with|on|by)|"
    r"(?:a\s+)?(?:few|couple(?:\s+of)?|several|\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+"
    r"(?:years?|months?|weeks?)\s+old$)\b|^[a-z]+ing\s+\w", _IC)
#: A clause inside the value, not a thing: "my motivation and they keep me going", "German Shephard and
#: loves cute sweaters".
_CLAUSE_INSIDE = lazy_regex(r"\b(?:and\s+(?:they|i|we|it|he|she|loves|likes|is|has|makes)|but|because|which|who|"
                            r"i'm|it's|my|(?:can|could|will|would|should|may|might|must)\s+be)\b", _IC)
#: What one is doing is a thing only for an attribute that names an activity ("my hobby is gardening"); for any
#: other it is how the thing is now ("my deadline is looming").
_ACTIVITY_ATTR = lazy_regex(r"(?:hobby|hobbies|passion|sport|job|work|profession|pastime|activity|thing|"
                            r"specialty|speciality|major|field|routine|plan)$", _IC)

_POSSESSIVE = lazy_regex(
    # "the kids' school", "my parents' dog": a plural owner's
    r"^(?:my|our|the(?=\s+(?:kids|children|twins)'))\s+(?:(?P<owner>[a-z][\w\- ]{0,25}?)(?:'s|(?<=s)')\s+)?"
    r"(?P<attr>[a-z][\w\- ]{0,30}?)(?:\s+(?:is|are)|\s*'s)\s+"
    # the article in lower case only: a capital "A" after the copula is a letter or a name ("A positive", "Plan A")
    r"(?:now\s+|currently\s+|still\s+)?(?:(?-i:an?)\s+|the\s+)?(?P<v>[^\s].*?)(?:\s+now|\s+(?:once\s+)?again)?$",
    _IC)
_VALUE_NOT = lazy_regex(r"^(?:that|whether|if|to|it|not|so|too|very|really|being|been|getting|going|a bit|named|called|"
                        r"bit|little|already|slightly|somewhat|extremely|absolutely|totally|completely)\b", _IC)
#: One lowercase word shaped like an adjective ("my music ability is limited"), with what it is so for ("my three
#: iced americanos are non-negotiable for studying"): a judgement, not a thing.
_ADJECTIVE = lazy_regex(r"^[a-z-]+(?:ed|ful|ous|ive|able|ible|al|ic|less|y)(?:\s+(?:for|to|with|in|about)\s.*)?$")
#: An attribute whose value is a colour word ("My wife's favourite colour is red", "my eyes are grey"): "red", "grey"
#: and "teal" end like adjectives but name the value; of anything else a colour describes it ("Tom's car is red").
_COLOURED = lazy_regex(r"\b(?:colou?rs?|eyes?|hair)$", _IC)
#: A part of the body doing something is how one feels now ("my head is pounding", "my back is killing me"), not a
#: lasting attribute; what it is like stays one ("my eyes are blue").
_BODY_NOW = lazy_regex(r"^(?:head|hands?|back|stomach|tummy|feet|foot|legs?|eyes?|throat|chest|heart|body|mind|"
                       r"brain|nose|knees?|neck|shoulders?|arms?|muscles?|joints?)$", _IC)
_SETTLED = r"(?:usual|current|go-to|new|main|only|favou?rite|preferred|daily|regular|own)\s+"
#: An amount with its bound ("about 40 minutes", "around an hour", "under $2,000", "over 3 miles"): a value, although
#: the bound opens it as a preposition opens a description ("my question is about billing": no number, none).
_BOUNDED_AMOUNT = lazy_regex(
    r"^(?:about|around|roughly|approximately|nearly|almost|over|under|just over|just under|less than|more than|"
    r"at least|at most|up to)\s+(?:[$€£¥]\s?\d|\d|(?:an?|one|two|three|four|five|six|seven|eight|nine|ten|twenty|"
    r"thirty|forty|fifty|sixty|a hundred|half an?|a couple of|a few)\s+(?:minute|hour|day|week|month|year|mile|"
    r"kilometer|kilometre|km|block|dollar|buck|grand|euro|pound|yuan|hundred|thousand)s?\b)", _IC)
#: A preposition or "and" in the attribute phrase makes it no attribute ("my budget for this trip", "my love of
#: dance"); inside a hyphenated word ("go-to coffee order", "day-to-day") it is part of one.
#: An attribute phrase that ends in a name after a common noun ("spouse Alexis", "mentor Wendy"): a person.
_NAME_LAST = lazy_regex(r"\b[a-z][\w-]*\s+(?-i:[A-Z][a-z]+)$")

#: A verb of its own in what follows "'s": the "'s" was a possessive ("our company's performance has been good").
_FINITE = lazy_regex(r"\b(?:has|have|had|is|are|was|were|will|would|can|could|does|did|do)\b", _IC)
#: A second owner inside the phrase is a clause, no attribute: "My husband coaches my son's soccer team" stored
#: ``user.husband_coaches_my_son = soccer team``.
_NOT_ONE_ATTRIBUTE = lazy_regex(r"(?<![\w-])(?:for|of|in|at|with|on|to|from|about|and|my|our|your|his|her|their)"
                                r"(?![\w-])", _IC)


#: A colon inside the value (not a clock time): a judgement before it names what follows ("My core principles
#: are crystal clear: eco-minimalism, ..."), no value of the attribute.
_LABEL_INSIDE = lazy_regex(r"(?<!\d)(?<!REDACTED):(?!\d)")  # "[REDACTED:email]" is a placeholder, read as such


#: A service one holds with a provider ("My phone plan is with Verizon", "My insurance is with Geico", "My car
#: insurance is through Progressive"): "with" / "through" / "via" and a capitalised name after it name the provider,
#: which is the service's value ("my heart is with you" names none).
_SERVICE = lazy_regex(r"(?:^|\s)(?:plan|contract|internet|broadband|insurance|account|mortgage|loan|pension|bank|"
                      r"electricity|utilities|cable|hosting|subscription|membership|policy|provider|carrier|service)$",
                      _IC)
_WITH_PROVIDER = lazy_regex(r"^(?:with|through|via)\s+"
                            r"(?P<v>(?-i:[A-Z][\w.&'-]*(?:\s+(?:of\s+|&\s+)?[A-Z][\w.&'-]*){0,3}))$", _IC)


#: A price: "$55 a month", "£30", "120 dollars", "about $140".
_PRICE = lazy_regex(r"^(?:about\s+|around\s+|roughly\s+|just\s+(?:over|under)\s+)?(?:[$€£¥]\s?\d|\d[\d,.]*\s*"
                    r"(?:dollars?|bucks|euros?|pounds?|usd|eur|gbp|yuan|a\s+month|per\s+month|/mo)\b)", _IC)


#: A person said by kind and name ("a guy named Rick", "a woman called Dana"): the name is the value.
_PERSON_NAMED = lazy_regex(r"^(?:guy|man|woman|lady|person|girl|fellow|dude|gentleman)\s+(?:named|called)\s+"
                           r"(?P<v>(?-i:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?))$", _IC)


_MONTH = (r"January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|"
          r"Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec")


#: A name said with "called" / "named" or as the thing's name ("Our plumber is called Steve Ortiz", "my accountant
#: is named Jim", "Our landlord's name is Mrs. Kowalski"): the name is one to five capitalised words, or quoted.
_CALLED = lazy_regex(r"^(?P<head>(?:my|our)\s+[a-z][\w\- ]{0,30}?)(?:\s+(?:is|'s)\s+(?:called|named)|'s\s+name\s+is)\s+"
                     r"(?P<v>(?-i:[\"'“]?[A-Z0-9][\w.&'’-]*(?:\s+(?:of\s+|&\s+)?[A-Z0-9][\w.&'’-]*){0,4}[\"'”]?))"
                     r"[.!]*$", _IC)


def said_as_named(clause: str) -> str:
    """``clause`` said as the plain copula when it names the thing with "called" / "named" or as its name ("Our plumber
    is called Steve Ortiz" → "Our plumber is Steve Ortiz", "my band is named 'The Foxes'"), the same shape as "my
    dentist is Dr. Patel"; a relative or a pet keeps its own reading ("My brother is called Tom": a family member
    named, ``kin``); any other clause is returned as it is.

    >>> said_as_named("Our landlord's name is Mrs. Kowalski"), said_as_named("My sister's name is Anna")
    ('Our landlord is Mrs. Kowalski', "My sister's name is Anna")
    """
    m = _CALLED.match(clause.strip())
    if m is None:
        return clause
    thing = re.sub(r"^(?:my|our)\s+", "", m.group("head"), flags=_IC)
    if kin.is_relative(thing) or kin.is_relative(thing.split()[-1]):
        return clause
    return f"{m.group('head')} is {m.group('v').strip(chr(34) + chr(39) + '“”')}"


#: "I wear size 10 shoes", "I'm a 9.5 in shoes", "My son wears a size 4 shoe": a shoe size said as what one wears, the
#: fact "my shoe size is 10" states (``user.shoe_size``, as 我穿38码的鞋; a relative's under the relative). A size needs
#: the shoe said: "I wear a size 10" may be a shirt's, "I'm a size 10" a dress's.
_SHOE_WORN = lazy_regex(
    r"^(?:i(?:'m|\s+am)|i\s+(?:usually\s+|normally\s+|always\s+|generally\s+)?wear|my\s+(?P<rel>[a-z]+(?:-in-law)?)"
    r"\s+(?:is|usually\s+wears|wears))\s+(?:an?\s+)?(?P<sys>(?:us|uk|eu)\s+)?(?:men'?s\s+|women'?s\s+)?(?:size\s+)?"
    r"(?P<n>\d{1,2}(?:\.5)?)(?:\s+(?:in|for)\s+(?:shoes|sneakers|trainers|boots)|\s+(?:shoes?|sneakers|trainers|boots))(?:\s+(?:now|these\s+days|nowadays))?$",
    _IC)


def shoe_worn(clause: str) -> list[Finding]:
    """``user.shoe_size`` (or a relative's) a shoe size said as what one wears states (``_SHOE_WORN``), else ``[]``."""
    m = _SHOE_WORN.match(clause)
    if m is None or (m.group("rel") and not kin.is_relative(m.group("rel"))):
        return []
    size = f"{m.group('sys').strip().upper()} {m.group('n')}" if m.group("sys") else m.group("n")
    return attribute_finding("shoe size", size, clause, "en", subject=m.group("rel") or "")


#: A second copula after "and" in the value ("My landlord is Mr. Patel and rent is $1,850", "My dentist is Dr. Lee and
#: her office is downtown"): another clause, no part of the value ("and my rent is" is split before, as a clause).
_SECOND_COPULA = lazy_regex(r"\s+and\s+(?:(?:the|her|his|its|our|their)\s+)?[a-z]+(?:\s+[a-z]+)?"
                            r"\s+(?:is|are|was|were)\b")


def possessive(clause: str, lang: str = "en") -> list[Finding]:
    """"My editor is VS Code", "my commute is about 40 minutes", "My brother's name is Tom": the possessive copula's
    attribute and value (``shapes.attribute_finding``); ``[]`` for a state, a judgement or a clause said with it
    ("my head is pounding", "my budget is tight", "our company's performance has been good"). A thing named with
    "called" / "named" is read as the copula (``said_as_named``)."""
    clause = said_as_named(clause)
    m = _POSSESSIVE.match(clause)
    value = m.group("v") if m is not None else ""
    if m is not None and (named := pro_forms.resolved(m.group("attr"), value)) is None:
        return []  # "my gym is that one": the thing is named elsewhere
    pro_form = value if m is not None and named is not None and named != value else ""
    value = named if m is not None and named is not None else value  # "the one near the station": the gym near it
    if (second := _SECOND_COPULA.search(value)) is not None:
        value = value[: second.start()]  # "Mr. Patel and rent is $1,850": the landlord, not the rent's clause
    if m is not None and shapes.ATTRIBUTE_KEYS.get(m.group("attr").casefold()) == "identity.birthday":
        # "my birthday's on June 5"; "Sarah's birthday is in May" (a month only: "in 3 days" says when, no birthday)
        value = re.sub(rf"^(?:on|in(?=\s+(?-i:{_MONTH})\.?(?:\s+\d|$)))\s+",
                       "", value, flags=_IC)
    if m is not None and (called := _PERSON_NAMED.match(value)):
        value = called.group("v")  # "Our plumber is a guy named Rick": Rick
    provider = m is not None and _SERVICE.search(m.group("attr")) and (held := _WITH_PROVIDER.match(value))
    value_said = value
    thing_held = _held_on(value) if m is not None and not provider else None
    if thing_held is not None:
        value = thing_held[0]  # "My phone is an iPhone 15 on Verizon": the phone; the carrier is its own fact
    if provider and held:
        value = held.group("v")  # "My phone plan is with Verizon": Verizon
    if m is not None and m.group("owner") and not clause[m.end("owner"):].startswith("'s") \
            and not kin.is_relative(m.group("owner")):
        return []  # "My friends' names are ...": several people's, none kept; "the kids' school" is the kids'
    # a listed name is a name though it opens as a word does ("AT&T" is no "at")
    if m is None or _VALUE_NOT.match(value) or (_DESCRIBES.match(value) and not _BOUNDED_AMOUNT.match(value)
                                                 and not tool_kinds.kind_of(value)) \
            or (_ADJECTIVE.match(value) and not (colour(value) and _COLOURED.search(m.group("attr")))) \
            or _CLAUSE_INSIDE.search(value) or _LABEL_INSIDE.search(value):
        return []
    if apposition.names_a_person(clause[: m.end("attr")], lang) or _NAME_LAST.search(m.group("attr")):
        return []  # "My friend Jake is a chef": Jake's, read as about him (extract.apposition); "my spouse Alexis is
        # 32" names a person by a relation no list holds (user.spouse_alexis was stored)
    if _NOT_ONE_ATTRIBUTE.search(m.group("attr")):
        return []  # "my budget for this trip is $2000": a topic's (extract.routines), or no attribute
    if clause[m.end("attr"):].lstrip().startswith(("'s", "’s")) and _FINITE.search(value):
        return []  # "Our company's performance has been good": a possessive, not "company is"
    if clause[m.end("attr"):].lstrip().startswith(("'s", "’s")) and m.group("attr")[:1].isupper():
        return []  # "Our Family's First House on Elm Street": a title's possessive, capitalised, no "family is"
    if re.fullmatch(r"[a-z]+ing", value) and (_BODY_NOW.match(m.group("attr")) or
                                              not _ACTIVITY_ATTR.search(m.group("attr"))):
        return []  # "my head is still pounding", "my deadline is looming"; "my hobby is gardening" reads
    if _BODY_NOW.match(m.group("attr")) and re.match(r"[a-z]+ing\b", value):
        return []  # "my back is killing me", "my mind is racing ahead"
    if passing_state(clause, m.group("attr"), value):
        return []  # "my knee is still swollen today", "my laptop is still slow", "my back is sore"
    attr = re.sub(rf"^{_SETTLED}", "", m.group("attr"), flags=_IC)
    owner = m.group("owner") or ""
    if owner and kin.is_relative(owner) and subject_en.FAVOURITE_SAID.match(clause[m.start("attr"):]):
        return []  # "My wife's favourite colour is red": her like, read as the user's favourite is (subject_en)
    if owner and not re.fullmatch(r"(?:project|team|app|company|house|home|office|repo|service|site|shop|store|"
                                  r"family|group|product|school|car|flat|apartment)", owner, _IC):
        return attribute_finding(attr, value, clause, lang, subject=owner)  # "my daughter's school"
    if _SERVICE.search(attr) and _PRICE.match(value):
        attr = f"{attr} cost"  # "my phone plan is $55 a month": what it costs, never the provider "with Verizon" is
    found = attribute_finding(f"{owner} {attr}".strip(), value, clause, lang)
    if pro_form:  # "gym is the one near the station", as said
        found = [replace(f, statement=f"{attr} is the {third_person(pro_form)}") if f.statement else f for f in found]
    if (kind := tool_kinds.kind_of(value)) in tool_kinds.PROVIDER_KEYS:  # "My carrier is AT&T": the phone's, no courier
        found = [replace(f, key=tool_kinds.PROVIDER_KEYS[kind][0]) if f.key == "shipping.carrier" else f for f in found]
    if provider:  # "phone plan is with Verizon"
        how = value_said.split()[0].lower()  # "with" / "through" / "via", as said
        found = [replace(f, statement=f.statement.replace(f" is {value}", f" is {how} {value}", 1)) for f in found]
    if found and thing_held is not None and not owner:
        _, name, kind = thing_held
        with_provider = attribute_finding(kind, name, clause, lang)
        found += [replace(f, key=tool_kinds.PROVIDER_KEYS[kind][0]) for f in with_provider]
    return found


#: A word of the passing moment in the clause: how the thing is now, not what it is ("my laptop is still slow", "my
#: knee is swollen today", "my room is a mess right now", "my code is finally compiling", "my skin is so dry").
_NOW_SAID = lazy_regex(r"\b(?:today|tonight|right\s+now|at\s+the\s+moment|this\s+(?:morning|afternoon|evening|week)|"
                       r"lately|anymore)\b", _IC)
_STILL_SAID = lazy_regex(r"\b(?:still|again|finally|so|too)\b", _IC)
#: A value of lower-case words only, no number, no name: what a state is said in.
_LOWER_VALUE = lazy_regex(r"[a-z][a-z' -]*")


def passing_state(clause: str, attr: str, value: str) -> bool:
    """Whether the possessive copula's ``value`` is a passing state of ``attr``, not a fact: a value in lower-case
    words (no name, no number) that no list names as a thing (``gazetteer``, ``tool_kinds``), said with a word of
    the moment ("today", "right now", ``_NOW_SAID``), or with "still / again / finally / so / too" and no article
    ("my laptop is still slow"; "my car is still a sedan" names a kind), or of a part of the body not by its colour
    ("my back is sore", "my hands are cold"; "my eyes are blue" is a fact). A pastime or a job ("my hobby is still
    gardening") is no state.

    >>> passing_state("My knee is swollen today", "knee", "swollen today"), passing_state("My laptop is still slow",
    ... "laptop", "slow"), passing_state("My car is still a Honda", "car", "Honda")
    (True, True, False)
    """
    hit = gazetteer.lookup(value)
    if not _LOWER_VALUE.fullmatch(value) or len(value.split()) > 4 or tool_kinds.kind_of(value) or colour(value) \
            or (hit is not None and (hit.start, hit.end) == (0, len(value))) or _ACTIVITY_ATTR.search(attr):
        return False
    if _NOW_SAID.search(clause):
        return True
    if _STILL_SAID.search(clause) and not re.search(r"\b(?:is|are|'s)\s+(?:\w+\s+)?(?:an?|the)\s", clause, _IC):
        return True
    return bool(_BODY_NOW.match(attr)) and not _COLOURED.search(attr)


#: "an iPhone 15 on Verizon", "a Pixel with T-Mobile": a thing and the provider it is held with, split at the last
#: "on" / "with" / "through" whose tail is a listed provider one holds a line or an account with.
_ON_PROVIDER = lazy_regex(r"^(?P<thing>.+?)\s+(?:on|with|through|via)\s+(?P<p>[^\s].*)$", _IC)


def _held_on(value: str) -> tuple[str, str, str] | None:
    """``(thing, provider, kind)`` when ``value`` is a thing said with the provider it is held with ("an iPhone 15 on
    Verizon" → ``("an iPhone 15", "Verizon", "mobile carrier")``: ``tool_kinds.HELD_WITH``), else ``None``: "a
    house with a garden", "a plan on paper" name no provider."""
    m = _ON_PROVIDER.match(value.strip().rstrip(".!"))
    kind = tool_kinds.kind_of(m.group("p")) if m is not None else None
    if m is None or kind not in tool_kinds.HELD_WITH or m.group("p") in _LOWER_WORDS:
        return None
    return m.group("thing"), m.group("p"), kind


#: Listed providers that are English words too, said in lower case ("with chase", "on three"): no provider.
_LOWER_WORDS = frozenset({"chase", "visible", "spectrum", "frontier", "nationwide", "progressive", "lemonade", "cox",
                          "sprint", "ee", "o2", "admiral"})


#: "The company I work for is Google", "The car I drive is a Tesla", "The coffee I usually order is an oat latte": the
#: thing named by what one does with it, read as "My company is Google" (the verbs of working, living, using and
#: having one's things), so the copula's refusals and keys hold.
_THE_THING_I = lazy_regex(
    r"^the\s+(?P<attr>[a-z][\w\- ]{0,25}?)\s+(?:that\s+)?i\s+(?:usually\s+|always\s+|currently\s+|now\s+|mostly\s+|"
    r"normally\s+)?(?:work|live|drive|use|order|drink|eat|study|ride|speak|own|fly|take|go\s+to|shop)"
    r"(?:\s+(?:for|at|in|on|with))?\s+(?P<v>(?:is|'s)\s+.+)$", _IC)
#: What "the … I use" may name that is no attribute: "the one I use", "the thing I take".
_NO_THING = lazy_regex(r"^(?:one|ones|thing|things|stuff|way|part|reason|time|bit|kind|sort)$", _IC)


def the_thing_i(clause: str, lang: str = "en") -> list[Finding]:
    """"The company I work for is Google": the possessive copula of the thing named (``_THE_THING_I``)."""
    m = _THE_THING_I.match(clause)
    if m is None or _NO_THING.match(m.group("attr")):
        return []
    return possessive(f"My {m.group('attr')} {m.group('v')}", lang)


#: "Alex is my best friend", "Dr Patel is my dentist", "Anna is my wife": a person named first, then who they are to the
#: user: the possessive copula said the other way round. The name is one to three capitalised words (a title first may
#: end in a full stop); the attribute a few lower-case words with no verb or clause in them.
_NAMED_FIRST = lazy_regex(r"^(?P<name>(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][a-z'\-]+(?:\s+[A-Z][a-z'\-]+){0,2})\s+"
                          r"is\s+(?:also\s+|still\s+)?(?-i:my|our)\s+(?P<attr>[a-z][a-z\- ]{1,30}?)"
                          r"(?:\s+now)?[.!]*$")
#: Capitalised words that open a sentence and name no one: "This is my wife", "Pizza is my favourite food" (the
#: favourites' own shape), "Monday is my day off".
_NO_ONE = lazy_regex(r"^(?:This|That|It|There|Here|What|Who|He|She|They|Which|Everything|Nothing|Something|Today|"
                     r"Tomorrow|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$")


#: "I'm married to Priya", "I'm engaged to Sam": the spouse or the fiancé(e) named, as "My spouse is Priya" says.
_WED_TO = lazy_regex(r"^(?i:i'm|i am|i've been|i have been)\s+(?i:happily\s+)?(?P<how>(?i:married|engaged))\s+to\s+"
                     r"(?P<name>[A-Z][a-z'\-]+(?:\s+[A-Z][a-z'\-]+){0,2})(?:\s+(?i:now|for\s+.+))?[.!]*$")


def named_first(sentence: str) -> tuple[str, str] | None:
    """``sentence`` said as the possessive copula when it names a person first ("Alex is my best friend" →
    ``("My best friend is Alex", "Alex")``) or the one the user is married or engaged to ("I'm married to Priya" →
    "My spouse is Priya"), with the name the reading must keep as its value; ``None`` otherwise.

    >>> named_first("Alex is my best friend"), named_first("This is my wife"), named_first("I'm married to my job")
    (('My best friend is Alex', 'Alex'), None, None)
    """
    if (wed := _WED_TO.match(sentence.strip())) is not None:
        who = "spouse" if wed.group("how").lower() == "married" else "fiancé"
        return f"My {who} is {wed.group('name')}", wed.group("name")
    m = _NAMED_FIRST.match(sentence.strip())
    if m is None or _NO_ONE.match(m.group("name").split()[0]):
        return None
    attr = m.group("attr")
    if not (kin.is_relative(attr) or roles.subject(attr) or _PERSON.fullmatch(attr)):
        return None  # "Tom is my hero", "Sarah is my rock": no one the user has, a judgement
    return f"My {attr} is {m.group('name')}", m.group("name")


#: Who a person named first may be to the user beside a relative and a role (``kin``, ``roles``): a friend, someone
#: one lives beside or with, a carer (``advice.CARERS_EN``) or someone whose service one uses.
_PERSON = lazy_regex(rf"(?:(?:best|oldest|closest|childhood|old|good)\s+)?(?:friend|mate|buddy|pal|neighbou?r|"
                     rf"roommate|flatmate|housemate|{CARERS_EN}|accountant|lawyer|solicitor|mentor|tutor|teacher|coach|"
                     r"vet|hairdresser|barber|babysitter|nanny|cleaner|mechanic|plumber|landlady|godfather|godmother)")
