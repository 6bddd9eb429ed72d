"""Who an English sentence is about: the user said in the third person, a note with no subject, a named person, a
relative, a role.

"User prefers UPS", "The user is allergic to peanuts", "- Likes jazz" are the user's own words
(``first_person``); "Sarah is allergic to shellfish", "My wife works as a teacher", "My parents live in Ohio",
"The client is based in Toronto" are read in the first person and kept under that person (``someone_else``),
never as the user's own. The shapes in ``extract.shapes_en`` and the topic patterns read what these return.
"""

from __future__ import annotations

import re

from memstrata.extract import asides, kin, roles
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
#: A clause that asks, supposes or reports: no shape reads it.
NOT_A_STATEMENT = lazy_regex(
    r"^(?:if|what if|suppose|imagine|let's say|say|maybe|perhaps|should|would|could|can|do|does|did|is|are|"
    r"will|i wonder|i wish|i might|i may|i'm not sure|i don't know|not sure)\b|\?\s*$|"
    # "may" as a hedge, not the month ("My birthday is May 2", "in May")
    r"\b(?:(?<!like i )(?<!as i )said|says|told|thinks?|thought|asked|wondered|i guess|probably|might)\b"
    r"|(?<!\bin\s)\bmay\b(?!\s+\d)", _IC)

_THIRD_PERSON = lazy_regex(r"^(?:[-*•]\s*)?(?:the\s+)?user(?P<poss>'s)?\s+(?P<rest>\S.*)$", _IC)
_AUXILIARY = {"is": "I'm", "was": "I was", "has": "I have", "does": "I do", "doesn't": "I don't",
              "does not": "I don't", "isn't": "I'm not", "is not": "I'm not", "had": "I had"}
_ADVERB = r"(?:no longer|now|still|also|always|usually|often|never|only|really|recently|mostly|just)"
_VERB_S = lazy_regex(rf"^(?P<adv>(?:{_ADVERB}\s+)*)(?P<verb>[a-z]+)\b(?P<rest>.*)$", _IC)


def base_form(verb: str) -> str:
    """The base form of a third-person verb ("prefers" → "prefer", "carries" → "carry", "has" → "have").

    >>> [base_form(v) for v in ("Prefers", "carries", "watches", "has", "uses")]
    ['prefer', 'carry', 'watch', 'have', 'use']
    """
    low = verb.lower()
    if low == "has":
        return "have"
    if low.endswith("ies") and len(low) > 4:
        return low[:-3] + "y"
    if re.search(r"(?:ch|sh|ss|x|z|o)es$", low):
        return low[:-2]
    if low.endswith("s") and not low.endswith("ss"):
        return low[:-1]
    return low


#: A note that leaves its subject out, as memory files and agents write them ("- prefers FedEx for
#: shipping", "Lives in Berlin"): a statement verb in the third person first. Only verbs that state
#: something of a person: chat opens with other subjectless verbs ("Sounds good", "Looks great",
#: "Works for me", "Works in Chrome", "Makes sense") that state nothing about the user.
_NO_SUBJECT = lazy_regex(
    rf"^(?:[-*•]\s*)?(?P<rest>(?:{_ADVERB}\s+)*(?:prefers|likes|loves|hates|dislikes|enjoys|avoids|"
    r"drinks|eats|speaks|owns|uses|lives\s+(?:in|at|near)|works\s+(?:at|as)|is\s+allergic)\b.*)$", _IC)


def first_person(sentence: str) -> str | None:
    """A note about the user in the third person as the user's own words ("User prefers UPS for
    delivery" → "I prefer UPS for delivery", "The user's editor is VS Code" → "My editor is VS
    Code", "User is vegetarian" → "I'm vegetarian"), also with the subject left out ("prefers
    FedEx for shipping", ``_NO_SUBJECT``); ``None`` for any other sentence."""
    m = _THIRD_PERSON.match(sentence.strip())
    if m is None:
        bare = _NO_SUBJECT.match(sentence.strip())
        return None if bare is None or bare.group("rest").rstrip().endswith("?") else first_person(
            f"user {bare.group('rest')}")
    rest = m.group("rest")
    if m.group("poss"):
        return f"My {rest}"
    for aux, said in _AUXILIARY.items():
        if rest.lower().startswith(aux + " "):
            return f"{said} {rest[len(aux) + 1:]}"
    v = _VERB_S.match(rest)
    if v is None:
        return None
    verb = v.group("verb")
    base = verb if verb.lower().endswith("ed") else base_form(verb)
    return f"I {v.group('adv')}{base}{v.group('rest')}"


_RELATION = (rf"{kin.SIBLING}|colleague|coworker|co-worker|friend|boss|manager|teammate|neighbou?r|roommate|"
             r"sister|brother|"
             r"wife|husband|partner|son|daughter|kid|child|mom|mum|dad|mother|father|cousin|aunt|uncle|girlfriend|"
             r"boyfriend|grandma|grandpa|grandmother|grandfather|niece|nephew|fianc[eé]e?|twin|"
             r"(?:brother|sister|mother|father|son|daughter)-in-law|step(?:mom|dad|mother|father|son|daughter|"
             r"brother|sister)|grandson|granddaughter")
#: A relation with a word that says which one, before a name ("my best friend Kofi", "my new boss Dana", "my ex-wife
#: Lena"): the name says who; without one, "my best friend", "my ex-wife" are no relative of the user's (``kin``).
NAMED_RELATION = rf"(?:(?:best|close|closest|dear|oldest|old|new|former|ex)[\s-]+)?(?:{_RELATION})"
#: Someone named by their relation to the one before "'s" ("My brother's girlfriend", "Tom's boss"): a third person.
_RELATION_FIRST = lazy_regex(rf"^(?:(?:new|old|best|ex|older|younger|little|big)[\s-]+)?(?:{_RELATION}|ex)\b", _IC)
#: A pet named after its kind ("my dog Biscuit", "our cat Mimi"): what is said next is the pet's, as of a person named.
_PET = rf"{kin.ANIMALS_EN}|pup|pony"
#: "My colleague Tom", and a note's "Colleague Tom", "Coworker Tom" (the relation capitalised, opening the sentence).
_SOMEONE = lazy_regex(rf"^(?:(?:(?:[Mm]y|[Oo]ur)\s+(?P<rel>{NAMED_RELATION}|{_PET})|(?=[A-Z])(?i:{_RELATION}))\s+)?"
                      r"(?P<name>[A-Z][a-z]+)(?P<poss>'s)?\s+"
                      r"(?P<rest>.+)$")
#: A parent or grandparent named by the word one calls them, with no "my" ("Dad loves jazz", "Grandma is allergic to
#: penicillin", "mom moved to Porto"): the speaker's own, as "my dad" is. Not one addressed ("Mom, ..."), a title
#: before a name ("Mother Teresa", "Father Christmas") nor a day named after them ("Father's Day").
_BARE_KIN = r"mom|mum|mommy|dad|daddy|mother|father|grandma|grandpa|granny|grandmother|grandfather"
_RELATIVE = lazy_regex(rf"^(?:(?:my|our)\s+(?=(?:{_RELATION}|{_PET})\b)|(?=(?:{_BARE_KIN})\b(?!\s*,)(?!\s+(?-i:[A-Z]))"
                       r"(?!['’]s\s+day\b)))"
                       rf"(?P<rel>{_RELATION}|{_PET}|{_BARE_KIN})(?P<name>)(?P<poss>'s|’s)?\s+(?P<rest>.+)$", _IC)
#: A favourite said of someone ("My wife's favourite colour is red", "Priya's favorite color is green"): a like, which
#: the like reader keys as the user's own favourite is keyed, under that person. A relative's other attributes are the
#: possessive copula's (``extract.possessive_en``: "My daughter's school is Lincoln Elementary" is ``daughter.school``).
FAVOURITE_SAID = lazy_regex(r"^(?:all-time\s+|absolute\s+|very\s+)?(?:favou?rite|fave)\s+\S.*\b(?:is|are|was)\b", _IC)
#: The verbs a statement about someone opens with, after an adverb or two ("Tom moved ...", "Sarah is
#: allergic ...", "Tom now works at ..."); a plural noun or another verb is no such statement
#: ("Watching movies is fun", "Nature always cheers me up").
_SOMEONE_VERB = lazy_regex(
    r"^(?:(?:now|also|just|only|still|recently|no longer|never|always)\s+)*(?:is|was|has|had|lives|lived|works|worked|"
    r"moved|switched|transferred|joined|left|prefers|preferred|likes|loves|hates|dislikes|uses|drinks|eats|"
    r"started|got|went|goes|attends|plays|studies|teaches|wants|needs|changed|returned|can't|cannot|doesn't|does|"
    # what one drives, owns, runs or speaks is read of anyone ("My wife drives a Subaru", "Tom speaks French", "My uncle
    # runs a bakery"; "My sister runs in the park" is no business)
    r"drives|owns|rides|speaks|runs(?=\s+(?:a|an|the|his|her|their)\s)|manages|"
    # an age said as its birthday ("Emma turned 8 today": ``extract.onset``; "My daughter just turned three")
    r"turned(?=\s+(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen)"
    r"\b)))\b")
#: Any other verb in the third person of the simple present after a relation, before what it takes ("My dad watches
#: baseball every night", "My husband Daniel cooks dinner most nights"): read in the first person as the user's own
#: would be, the rules decide what it states ("I watch baseball every night" is a habit; what no rule reads stays
#: unread). Not a word that only ends in "s" ("always", "this", "minutes"), nor a verb of saying, seeming, feeling or
#: asking (also ``NOT_A_STATEMENT``).
_PRESENT_VERB = lazy_regex(r"^(?:(?:now|also|still|usually|often|always|never|only|mostly|really)\s+)*"
                           r"(?!(?:always|perhaps|sometimes|towards|afterwards|besides|unless|whereas|thus|this|his|"
                           r"its|yes|plus|minutes|hours|days|weeks|months|years|times|"
                           # what the user's own choices read as theirs ("My sister runs in the park", "My sister ships
                           # with DHL"): kept for the user only (``_SOMEONE_VERB`` reads "runs a bakery")
                           r"runs|ships|sends|orders|pays|buys|"
                           r"seems|sounds|looks|feels|gets|keeps|means|says|tells|thinks|knows|wants|hopes|wishes|"
                           r"guesses|asks|calls|comes|makes|lets|misses|hates|loves|likes|needs|does|has|is|was)\b)"
                           r"[a-z]{2,}(?<![su])s\s+(?!(?:to|that|if|when|me|us|i)\b)[a-z]", _IC)
#: Where a person named is, said between the name and the verb ("Sarah from accounting", "Tom in sales", "Li
#: from the Berlin office"): who they are, no part of what is said of them.
_GROUP = lazy_regex(r"^(?:from|in|at|on)\s+(?:the\s+)?[\w-]+(?:\s+(?:team|department|dept|office|group|side))?\s+",
                    _IC)
#: Capitalised words that open sentences and are never a person.
NOT_NAMES = frozenset({
    "I", "The", "My", "Our", "It", "This", "That", "These", "Those", "There", "Please", "Thanks", "Thank",
    "Yes", "No", "Not", "Hey", "Hi", "Hello", "What", "When", "Where", "Why", "How", "Who", "Which", "Do",
    "Does", "Did", "Is", "Are", "Was", "Were", "Can", "Could", "Would", "Should", "Will", "Let", "Let's",
    "Send", "Ship", "Route", "Book", "Drop", "Stop", "Forget", "Use", "Tell", "Imagine", "If", "And", "But",
    "So", "Also", "Today", "Yesterday", "Tomorrow", "Everything", "Nothing", "Someone", "Everyone", "User",
    "Actually", "Maybe", "Well", "Oh", "Okay", "Ok", "Sure", "Just", "Nowadays", "Lately", "Now", "From",
    "He", "She", "They", "We", "You", "Mom", "Dad", "Mum", "Ah", "Wow", "Cool", "Great", "Nice", "Sorry",
    "Here", "Nature", "Life", "Family", "Music", "Art", "Work", "Everybody", "Nobody", "People", "Things",
    "Mother", "Father", "Granny",
})


#: Relations said in the plural: the verb they take is the plain one ("My parents live in Ohio").
PLURAL_RELATIONS = r"parents|grandparents|in-laws|kids|children|sons|daughters|twins"
#: Relatives named in the plural ("My parents live in Ohio", "My kids both love painting"): the verb in its plain form.
#: "The kids" said bare are one's own ("The kids are both allergic to nuts"), as "the kids' school" is.
_RELATIVES = lazy_regex(rf"^(?:my|our|the(?=\s+(?:kids|children|twins)\b))\s+(?P<rel>{PLURAL_RELATIONS})\s+"
                        rf"(?:both\s+|all\s+)?(?P<adv>(?:{_ADVERB}\s+)*)(?P<verb>are|were|have|had|live|lived|work|"
                        r"worked|moved|love|like|prefer|hate|use|eat|drink|play|go|attend|went|got|started)\b"
                        r"(?:\s+(?:both|all)\b)?(?P<rest>.*)$", _IC)
_PLURAL_AS_I = {"are": "I'm", "were": "I was"}


def _relatives(sentence: str) -> tuple[str, str] | None:
    """``(relation, the sentence in the first person)`` for relatives named in the plural ("My parents live in
    Ohio" → ``("parents", "I live in Ohio")``, "My parents are from Texas" → ``("parents", "I'm from Texas")``)."""
    m = _RELATIVES.match(sentence.strip())
    if m is None:
        return None
    verb = m.group("verb").lower()
    opening = _PLURAL_AS_I.get(verb, f"I {m.group('adv')}{verb}")
    return m.group("rel").lower(), _visit(f"{opening}{m.group('rest')}")


#: A visit said of someone else with no place ("My mother-in-law is visiting next week", "My parents are visiting us
#: in May"): a visit to the user, read as "coming to visit" is. Said by the user ("I'm visiting next week") it names
#: no place and stays unread.
_VISITING = lazy_regex(r"^(?P<be>I'm)\s+visiting(?:\s+(?:us|me))?(?=\s+(?!(?:the|a|an|my|his|her|their|our|some)\b)"
                       r"[a-z]|\s*[.!]?$)")  # case-sensitive: a lower-case word (a time), no name ("visiting Paris")


def _visit(said: str) -> str:
    """``said`` (someone else's sentence in the first person) with a visit of no place read as one to the user."""
    return _VISITING.sub(r"\g<be> coming to visit", said, count=1)


#: A note about a named person, the name then a dash or a colon ("Sarah - allergic to peanuts", "Mike: vegetarian",
#: "Dana — prefers email"): what follows is said of them with its subject left out.
_NOTE_OF = lazy_regex(r"^(?P<name>(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?)\s*(?:\s[-–—]|:)\s+"
                      r"(?P<rest>(?-i:[a-z]).*)$", _IC)
#: Words before the dash or colon that head a note and name no one ("Note:", "Update -", "Reminder:").
_NOTE_HEADS = frozenset({"Note", "Notes", "Update", "Reminder", "Todo", "Edit", "Ps", "Re", "Fyi", "Tip", "Question",
                         "Answer", "Summary", "Context", "Background", "Example", "Warning", "Important", "Correction"})
#: A state said bare after the name ("allergic to peanuts", "vegetarian"): read as "I'm ...".
_BARE_STATE = lazy_regex(r"^(?:allergic\s+to|intolerant\s+to|vegetarian|vegan|pescatarian|gluten-free|"
                         r"lactose[\s-]intolerant|diabetic|celiac|coeliac|pregnant|afraid\s+of|scared\s+of)\b", _IC)


def _note_of_someone(sentence: str) -> tuple[str, str] | None:
    """``(name, the note in the first person)`` for a note about a named person ("Sarah - allergic to peanuts" →
    ``("Sarah", "I'm allergic to peanuts")``, "Dana: prefers email" → ``("Dana", "I prefer email")``); else ``None``."""
    m = _NOTE_OF.match(sentence.strip())
    if m is None or m.group("name").split()[0] in NOT_NAMES | _NOTE_HEADS or NOT_A_STATEMENT.search(m.group("rest")):
        return None
    rest = m.group("rest").strip()
    if _BARE_STATE.match(rest):
        return m.group("name"), f"I'm {rest}"
    said = first_person(rest)
    return (m.group("name"), said) if said else None


def someone_else(sentence: str) -> tuple[str, str] | None:
    """``(subject, the sentence in the first person)`` for a statement about a named person
    ("Sarah is allergic to shellfish" → ``("Sarah", "I'm allergic to shellfish")``, "My colleague
    Tom moved to the design team" → ``("Tom", "I moved to the design team")``), or a role an agent's note
    names ("The client is based in Toronto" → ``("client", "I'm based in Toronto")``: ``extract.roles``);
    else ``None``."""
    # "Sorry, I meant my wife works at Apple", "And Dad moved to Porto": what opens the clause names no one
    sentence = asides.without_opening(sentence, "en") or sentence
    if (role := _role(sentence)) is not None:
        return role
    if (noted := _note_of_someone(sentence)) is not None:
        return noted
    m = _SOMEONE.match(sentence.strip())
    if m is None or m.group("name") in NOT_NAMES:  # "My wife works as a teacher": no name, a relation
        m = _RELATIVE.match(sentence.strip())
    if m is None or NOT_A_STATEMENT.search(sentence):
        return None if NOT_A_STATEMENT.search(sentence) else _relatives(sentence)
    who = m.group("name") or m.group("rel").lower()  # "Dad loves jazz": the relation, never a name
    if who in NOT_NAMES or (not m.group("name") and not kin.is_relative(who)):
        return None  # "my friend is allergic to mango" stays out: only relatives and named people are kept
    rest = m.group("rest")
    # "Priya's favorite color is green", "My wife's favourite colour is red", "My sister's dog is called Biscuit" (what
    # the possessive copula did not read: "My daughter's school is ..." is daughter.school there); not "Here's one"
    if m.group("poss") and _RELATION_FIRST.match(rest):
        return None  # "My brother's girlfriend is pregnant": the girlfriend's, neither the brother's nor the user's
    if m.group("poss"):
        return (who, f"My {rest}") if re.search(r"\b(?:is|are|was)\b", rest) else None
    if (group := _GROUP.match(rest)) and _SOMEONE_VERB.match(rest[group.end():]):
        rest = rest[group.end():]  # "Sarah from accounting prefers email": Sarah's, where she works aside
    # any other present verb only after a relation said with "my" / "our": a capitalised word alone opens too many
    # sentences that name no one ("With this new information ...", "Twenty minutes is perfect")
    if not (_SOMEONE_VERB.match(rest) or (m.group("rel") and _PRESENT_VERB.match(rest))):
        return None
    said = first_person(f"user {rest}")
    return (who, _visit(said)) if said else None


#: What someone will do from now on, said after them: "my sister will go shopping on Sundays", "Tom is going to drive".
_WILL = lazy_regex(r"^(?:will|is\s+going\s+to|are\s+going\s+to)\s+(?P<v>\S.*)$", _IC)


def someone_will(clause: str) -> tuple[str, str] | None:
    """``(subject, what they will do)`` for a clause that says what a named person or a relative will do ("my sister
    will go grocery shopping on Sundays" → ``("sister", "go grocery shopping on Sundays")``, "Tom is going to drive
    the kids" → ``("Tom", …)``); ``("", …)`` when the one named is no one kept ("my friend will …": ``someone_else``
    keeps only relatives and named people); ``None`` for a clause about the user or no one named.

    >>> someone_will("my sister will go shopping on Sundays"), someone_will("I will go shopping")
    (('sister', 'go shopping on Sundays'), None)
    """
    text = clause.strip()
    m = _SOMEONE.match(text)
    if m is None or m.group("name") in NOT_NAMES or m.group("poss"):
        m = _RELATIVE.match(text)
    if m is None or m.group("poss") or (will := _WILL.match(m.group("rest"))) is None:
        return None
    who = m.group("name") or m.group("rel").lower()  # "Dad loves jazz": the relation, never a name
    kept = bool(m.group("name")) or kin.is_relative(who)
    return (who if kept else ""), will.group("v")


def _role(sentence: str) -> tuple[str, str] | None:
    """``(role, the sentence in the first person)`` for a note about a customer, a client, a colleague
    ("Customer prefers to be contacted after 6pm", "Note: the customer wants invoices in PDF"), read with
    the verbs a statement about a named person opens with; ``None`` otherwise."""
    found = roles.role_en(sentence)
    if found is None or NOT_A_STATEMENT.search(sentence):
        return None
    who, poss, rest = found
    if poss:  # "The client's email is …"
        return (who, f"My {rest}") if re.search(r"\b(?:is|are|was)\b", rest) else None
    if not _SOMEONE_VERB.match(rest):
        return None  # "My client called", "The customer always calls back"
    said = first_person(f"user {rest}")
    return (who, said) if said else None


#: What follows a person a sentence opens with, when it is about them: a statement's verb (``_SOMEONE_VERB``: "Tom
#: is my neighbor") or one that tells or comes ("My sister called"); "Tom and I", "Tom's", "Fascinated by the
#: traditions" open with no statement of a person's.
_GOES_ON_ABOUT = lazy_regex(r"^(?:said|says|called|calls|told|tells|asked|asks|came|comes|seems|looks|sounds|feels|"
                            r"felt)\b")


def opening(sentence: str) -> tuple[str, str, str] | None:
    """``(subject, the words naming them, the rest)`` of a sentence that opens with a person other than the user:
    a name ("Tom is my neighbor" → ``("Tom", "Tom", "is my neighbor")``), a relation with a name ("My friend Jake
    is a chef" → ``("Jake", "My friend Jake", …)``), a relative or anyone one calls "my" ("My sister lives in
    Seattle" → ``("sister", "My sister", …)``, "My friend is a chef" → ``("friend", …)``) or a role ("The client
    wants …" → ``("client", "The client", …)``); ``None`` otherwise. Whether a fact about them is kept is
    ``someone_else``'s to say; this names who a later "he" or "she" may be (``extract.carried``)."""
    text = sentence.strip()
    if (role := roles.role_en(text)) is not None and not role[1]:
        return role[0], text[: len(text) - len(role[2])].strip(), role[2]
    m = _SOMEONE.match(text)
    if m is None or m.group("name") in NOT_NAMES or m.group("poss"):
        m = _RELATIVE.match(text)
    if m is None or m.group("poss"):
        return None
    if not (_SOMEONE_VERB.match(m.group("rest")) or _GOES_ON_ABOUT.match(m.group("rest"))):
        return None  # "Fascinated by the traditions" opens with no person
    who = m.group("name") or kin.subject(m.group("rel"))
    return who, text[: m.start("rest")].strip(), m.group("rest")
