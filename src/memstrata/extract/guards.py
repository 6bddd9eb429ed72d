"""Precision guards: reject values a pattern matched but that are not facts about the user.

The patterns are anchored and explicit, yet on real two-person chat (LoCoMo, MemoryBank)
a third of what they read was wrong: "I love your turtles" (the other speaker's thing),
"I love how uncomplicated it is" (a clause about something on screen), "I love to."
(value ``to``), "I'm feeling a bit down today" (a mood, read as a scheduled event),
"Remember, every small victory counts" (advice to the listener, read as a note).
A memory layer that stores such values is worse than one that misses a fact, so when a
value is doubtful these guards drop it. Each guard is a pure predicate on the value (or
clause) so the patterns stay readable and the reasons are listed in one place.
"""

from __future__ import annotations

import re

from memstrata.text.regex import lazy_regex
from memstrata.text.tokens import is_cjk

_IC = re.IGNORECASE

# --- English ------------------------------------------------------------------------------

#: Words that point at something in the conversation rather than name it: the value
#: means nothing once stored ("this genre", "their work", "the taste of these").
_EN_ANAPHORA = lazy_regex(
    r"\b(?:it|its|it's|this|these|those|they|them|their|theirs|he|him|his|she|her|hers|"
    r"you|your|yours|you're|there|here)\b"
    # "that" points ("escaping to that world") unless it opens a relative clause after a
    # plural noun ("games that test my strategizing").
    r"|(?<![a-z]s )\bthat\b",
    _IC,
)
#: A value that only stands for a thing said before: a pronoun or a determiner alone, with an additive word after it
#: ("either" in "I don't eat either", "it either", "that too", "them as well", "both", "neither", "one"): "My sister
#: doesn't eat pork. I don't eat either." stored ``food.dislike = either``.
_EN_PRO_FORM = lazy_regex(
    r"^(?:(?:it|that|this|them|those|these|one|ones|either|neither|both|none|any|some|all|the same|same|"
    r"so|too|as well|also|either one|each)\s*)+[.!]?$", _IC)


def en_pro_form(value: str) -> bool:
    """True if ``value`` names nothing but stands for a thing said before ("either", "it either", "that too",
    "both"): no object of a taste, a habit ended or a food not eaten.

    >>> [en_pro_form(v) for v in ("either", "it either", "that too", "both", "neither one", "pork", "either tea")]
    [True, True, True, True, True, False, False]
    """
    return bool(_EN_PRO_FORM.match(value.strip()))


#: A phrase that says only how much or how badly, after a comma as a tail of what was said ("allergic to peanuts,
#: and also to shellfish, pretty badly" stored ``health.allergy = pretty badly``; "…, really bad", "…, big time").
_EN_DEGREE_ONLY = lazy_regex(
    r"^(?:(?:very|really|pretty|quite|so|super|extremely|fairly|rather|kinda|kind of|sort of|somewhat|a bit|"
    r"a little|terribly|incredibly|seriously|like|too)\s+)*"
    r"(?:bad(?:ly)?|severe(?:ly)?|serious(?:ly)?|mild(?:ly)?|slight(?:ly)?|strong(?:ly)?|intense(?:ly)?|"
    r"horribl[ey]|terribl[ey]|awful(?:ly)?|a lot|lots|much|big time|hard|heavily|a ton)[.!]*$", _IC)


def en_degree_only(value: str) -> bool:
    """True if ``value`` says only a degree ("pretty badly", "really bad", "a lot", "big time"): how much, of a
    thing named elsewhere, never the thing.

    >>> [en_degree_only(v) for v in ("pretty badly", "severely", "a lot", "bad breath", "shellfish", "Hardy")]
    [True, True, True, False, False, False]
    """
    return bool(_EN_DEGREE_ONLY.match(value.strip()))


#: Objects that are clauses, not things: "that you chose pottery", "how art lets us …",
#: "what I do", "the way the sunlight hits", "when you give me …".
_EN_CLAUSE_OBJECT = lazy_regex(
    r"^(?:that|how|what|when|whenever|where|why|whether|which|who|if|the way|the idea that)\b",
    _IC,
)
#: A value that is only function words ("to", "so", "too much").
_EN_FUNCTION = lazy_regex(
    r"^(?:(?:to|so|too|much|more|very|a|an|the|of|and|or|it|all|some|one|lot|bit|well|"
    r"up|out|in|on|at|for|with|do|be|being|go|get|them|then|now)\s*)+$",
    _IC,
)
#: A leading article on a lowercase noun is anaphoric in chat ("I love the color and
#: texture" — of the thing just shown); a capitalised name after it is not ("the Beatles").
#: A Chinese pronoun or demonstrative as the whole object of an English clause ("I love 这个"),
#: the Chinese "I love this": it points into the conversation. A whole-word match, since 那 also
#: starts names (那不勒斯).
_ZH_POINTING = lazy_regex(r"(?:你|您|他|她|它|你们|他们|她们|它们|这|那|这个|那个|这些|那些|这样|那样|自己|大家)")
#: Weather and the outdoors are said with "the" in general ("I hate the rain", "Biscuit doesn't like the cold",
#: "I love the beach"): no thing just shown.
_EN_DEFINITE = lazy_regex(r"^(?:all\s+)?the\s+(?=[a-z])(?!(?:rain|snow|cold|heat|sun|sunshine|wind|dark|outdoors|"
                          r"beach|ocean|sea|mountains|countryside|winter|summer|spring|fall|autumn|humidity|thunder|"
                          r"fog)\s*$)", re.UNICODE)
#: Trailing words that mark a change of mind, cut before the value is kept.
EN_NO_LONGER = lazy_regex(r"\s+(?:anymore|any more|any longer|these days|nowadays)\b.*$", _IC)


#: A passive infinitive or gerund ("to be contacted after 6pm", "being called Sam"): what others do to one.
_EN_PASSIVE = lazy_regex(r"(?:to\s+be|to\s+get|being|getting)\s+(?:\w+ly\s+)?(?:\w+ed|\w+[ow]n|told|sent|paid|kept|"
                         r"held|left|taught|brought|bought|called|put|let)\b", _IC)


def en_object_ok(raw: str) -> bool:
    """True if ``raw`` (a liked/disliked object, article not yet stripped) names a thing.

    >>> [en_object_ok(v) for v in ("jazz", "to", "your turtles", "that you chose pottery")]
    [True, False, False, False]
    """
    value = raw.strip()
    if not value or _EN_FUNCTION.fullmatch(value) or _EN_CLAUSE_OBJECT.match(value) or en_pro_form(value):
        return False
    if re.match(r"(?:not|no|never)\b", value, _IC):
        return False  # "I hate not being on the court": a feeling about a situation
    if _EN_PASSIVE.match(value):
        return False  # "I prefer to be contacted after 6pm": how one is treated, no pastime
    if _EN_DEFINITE.match(value) or _EN_ANAPHORA.search(value) or _ZH_POINTING.fullmatch(value):
        return False
    # Three letters for an English word ("it", "so" are not things); a Chinese object in an English
    # clause ("I like 火锅") is a whole word in two characters.
    return len(value) >= (2 if any(is_cjk(ch) for ch in value) else 3)


def en_points_away(value: str) -> bool:
    """True if ``value`` refers to something in the conversation ("this tart", "your work")."""
    return _EN_ANAPHORA.search(value) is not None


#: Moods and states read after "I'm … today": not events.
_EN_STATE = lazy_regex(
    r"^(?:(?:really|very|so|a bit|bit|a little|kind of|kinda|sort of|sorta|quite|pretty|super|just|still|"
    r"already|totally|completely|also|feeling|getting)\s+)*(?:feeling|happy|sad|tired|excited|confused|stuck|"
    r"overwhelmed|exhausted|sick|ill|"
    r"upset|down|stressed|anxious|nervous|worried|bored|glad|proud|grateful|thankful|stoked|"
    r"pumped|thrilled|busy|here|back|thinking|hoping|wondering|struggling|plowing|sure|"
    r"sorry|good|great|fine|ok|okay|agitated|frustrated|motivated|lucky|free|able|about)\b",
    _IC,
)
#: What is no happening once a date stands beside it: being back or in touch, needing help, making sure, being ready,
#: leaning one way, a rate earned ("I'll be back on Monday", "I need help finding films for May 11", "I'm earning about
#: $85,000 annually", "I'm kinda leaning towards soft determinism" were stored as scheduled events).
_EN_NO_HAPPENING = lazy_regex(
    r"^(?:(?:definitely|really|just|kinda|kind of|sort of|sorta|also|still|now|gonna|going to|to)\s+)*(?:"
    r"be\s+(?:back|in touch|around|ready|free|available|(?:more\s+|extra\s+)?careful|fine|okay|ok|done)\b|"
    r"need\s+(?:some\s+)?(?:help|advice|guidance|tips|to know)\b|make sure\b|ensure\b|ready\s+to\b|"
    r"leaning\b|earning\b|averaging\b|heading off\b|starting to feel\b)", _IC)
#: Events whose value is only the outing's quality ("a great time", "a blast when …").
_EN_VAGUE_EVENT = lazy_regex(
    r"^(?:(?:a|an|such|so|really|the)\s+)*(?:\w+\s+)?(?:time|blast|day|night|week|fun|"
    r"troubles?|problems?|news)\b(?:\s+(?:when|and|but|with|yesterday|today)\b.*)?$",
    _IC,
)
#: How one is doing is a state, not a happening ("Lately, I've been doing great").
_EN_HOW_ONE_IS = lazy_regex(r"^(?:been\s+)?doing\s+(?:(?:really|very|so|pretty|quite|super|just|all)\s+)*"
                            r"(?:great|well|good|fine|ok|okay|alright|all right|better|worse|amazing|awesome|"
                            r"badly|bad|terrible|so-so)\b", _IC)
#: A verb and only a person pointed at ("I got her last year"): what was done names no one.
_EN_ONLY_SOMEONE = lazy_regex(r"^\w+\s+(?:her|him|them|me|us)$", _IC)
#: What will not or cannot happen is no happening ("I won't be able to work on the thesis this weekend").
_EN_NOT_DONE = lazy_regex(r"^(?:won't|will not|can't|cannot|couldn't|wouldn't|didn't|did not|don't|never|"
                          # an attempt says nothing of what came of it ("tried to get the tickets on Friday")
                          r"(?:tried|attempted)\s+to)\b", _IC)
#: A person or a thing the chat named before as the verb's object ("played one with friends", "met him at the
#: festival", "ran into them", "caught up with her yesterday"): who or what it was is not in the value. "her" before a
#: noun is whose ("met her parents"); "one of ..." names its set.
_EN_OBJECT_PRONOUN = lazy_regex(r"^\w+(?:\s+(?:up|out|off|back|over|into|with|to|for|at|on)){0,2}\s+"
                                r"(?:him|them|one(?!\s+of\b)|"
                                r"her(?=\s+(?:at|in|on|with|to|for|from|after|before|during|about|again|yesterday|"
                                r"today|tonight|last|this|up|out|off|back|over)\b|\s*$))\b", _IC)
_EN_EVENT_PRONOUN = lazy_regex(r"\b(?:it|you|your|yours|this|these|those|there)\b", _IC)


def en_vague_outing(value: str) -> bool:
    """True if ``value`` says only how an outing went ("having such a great time", "a blast", "having fun with
    friends"): no event and no taste (``_EN_VAGUE_EVENT``); "spending time with friends" is a pursuit."""
    said = value.strip()
    if (having := re.match(r"having\s+", said, _IC)) is not None:
        said = said[having.end():]
    elif re.match(r"\w+ing\s", said):
        return False  # "spending time with the friends I have": a pursuit
    return _EN_VAGUE_EVENT.match(said) is not None


def en_event_ok(value: str) -> bool:
    """True if an event value tells what the user did or will do.

    Rejected: moods ("really tired"), chatter with the listener ("chat with you again"),
    values that point at the context ("took it at the beach"), empty outings ("great time").
    """
    if _EN_STATE.match(value) or _EN_VAGUE_EVENT.match(value) or _EN_NO_HAPPENING.match(value):
        return False
    if re.match(r"that\b", value, _IC) or _EN_HOW_ONE_IS.match(value) or _EN_ONLY_SOMEONE.match(value) \
            or _EN_NOT_DONE.match(value) or _EN_OBJECT_PRONOUN.match(value):
        return False  # "going to that spot", "been doing great", "got her" (who, the chat said before)
    return _EN_EVENT_PRONOUN.search(value) is None and len(value.split()) >= 2


_EN_FIRST_PERSON = lazy_regex(r"\b(?:i|i'm|i've|i'll|i'd|me|my|mine|we|our|us)\b", _IC)
_EN_SECOND_PERSON = lazy_regex(r"\b(?:you|your|yours|you're|yourself)\b", _IC)


def en_note_ok(value: str) -> bool:
    """True if a "remember that …" value is about the speaker, not advice to the listener.

    In an assistant chat "remember that my sister's birthday is June 5" is a memory
    request; between two people "remember, every step matters" is encouragement. Only a
    first-person value with no "you" is kept.
    """
    return bool(_EN_FIRST_PERSON.search(value)) and not _EN_SECOND_PERSON.search(value)


# --- Chinese ------------------------------------------------------------------------------

#: Negation or retraction inside a value ("我现在不对花生过敏了" → v = "现在不对花生").
_ZH_NEGATED = lazy_regex(r"不|没|无|再也|已经|不再|以前|曾经|过去")
#: Values that point at the listener or at the context ("和你聊天", "这些细节").
_ZH_ANAPHORA = lazy_regex(r"你|您|他们|她们|这些|那些|这个|那个|这样|那样|这里|那里|它")


def zh_points_away(value: str) -> bool:
    """True if a Chinese value points at the listener or the context ("和你聊天", "这些细节")."""
    return _ZH_ANAPHORA.search(value) is not None


def zh_negated(value: str) -> bool:
    """True if a value read as a positive statement carries a negation or retraction.

    "我对花生不过敏了" must not store 花生不 as an allergy; "我已经不对花生过敏了" is a
    retraction, out of scope, so nothing is stored.
    """
    return _ZH_NEGATED.search(value) is not None
