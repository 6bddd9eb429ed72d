"""A dated plan said as a note, with no subject and no plan verb: the happening and when it is ("dentist on thursday at
2", "job interview tmrw 10am", "flying to Lisbon on the 14th", "parents visiting over christmas", "Got a wedding to go
to on Saturday") is the speaker's ``schedule.event`` (``travel.plan`` for a trip), dated as every plan is: the next
such day from when the message was said (``clauses.clause_period``, ``future``).

People state plans so: an event and a time, the way a diary or a message to a friend writes them. Said with "I have"
or "I'm going to" the event rules read them (``events_en``); said bare they stored nothing. What is read:

- a happening named by its noun, the last word before any preposition (``_HAPPENING``: an appointment, a test, a
  wedding, a flight, a haircut, "the dentist" one sees): "vet appointment for the cat", "team offsite";
- an activity of going or meeting, in -ing (``_ACTIVITY``): "flying to Lisbon", "moving house", "meeting Sam";
- people coming to the speaker (``_VISITORS``): "parents visiting", "the in-laws coming to stay".

Nothing is read from what is asked ("dentist on thursday?"), supposed ("if ..."), done ("dentist was on thursday":
no verb but the -ing may be said, the time must be ahead), habitual ("yoga every thursday": ``habits``) or another
person's said with a pronoun ("her wedding on saturday"). The hour said ("at 2", "10am") stays in the statement, not
the value, so a later "dentist moved to friday" (``scheduled.moved``) names the same event.
"""

from __future__ import annotations

import re
from datetime import datetime

from memstrata.extract import kin
from memstrata.extract.clauses import CONF_EVENT, Finding, clause_period, third_person
from memstrata.extract.habits import RECURRING_EN
from memstrata.extract.subject_en import NOT_A_STATEMENT
from memstrata.extract.timex import time_span
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE

#: A happening one goes to or has, as its noun names it: appointments, tests, gatherings, travel, and the people one
#: sees by appointment ("dentist on thursday" is the visit). The head of the phrase must be one of them.
_HAPPENING = lazy_regex(
    r"(?:appointments?|appt|interview|exam|exams|test|meeting|call|wedding|party|flight|surgery|operation|check-?up|"
    r"physio|therapy|dentist|doctor|gp|vet|optician|orthodontist|dermatologist|haircut|massage|scan|mri|x-ray|"
    r"ultrasound|jab|vaccination|booster|conference|offsite|retreat|workshop|seminar|webinar|training|recital|"
    r"concert|gig|show|game|match|race|marathon|tournament|competition|audition|presentation|demo|pitch|deadline|"
    r"date|dinner|lunch|brunch|drinks|bbq|barbecue|picnic|reunion|funeral|ceremony|graduation|shower|housewarming|"
    r"sleepover|playdate|viewing|inspection|hearing|orientation|induction|trip|holiday|vacation|getaway|festival|"
    r"consultation|session|appraisal|review|class|lesson|rehearsal|premiere|launch|move|surgery|procedure|"
    r"physical|colonoscopy|mammogram|cleaning|filling|root canal|fitting|tasting|christening|baptism|bris|"
    # a thing's care by appointment ("a car service on Friday", "the boiler repair tomorrow")
    r"service|repair|mot|"
    # a team's or a class's meeting by its own word ("soccer practice next saturday 9am", "tryouts on friday")
    r"practice|practise|tryouts?|scrimmage|meet)",
    _IC)
#: Going somewhere, moving, meeting someone, hosting: activities that are plans when dated. A state of the moment
#: ("feeling", "trying", "enjoying") or weather ("raining") is none.
_ACTIVITY = lazy_regex(
    r"^(?:(?:flying|travell?ing|heading|driving|going|coming)\s+(?:to|home|back|out\s+to|up\s+to|down\s+to|abroad)"
    r"|moving\s+(?:house|home|out|in\b|to|into|flat|apartments?|offices?|abroad)|leaving\s+(?:for|town|home)"
    r"|(?:visiting|seeing|meeting|hosting|attending|catching|celebrating|picking\s+up|dropping\s+off)\s+"
    r"(?:(?:my|our|the|a|an|up\s+with|with)\b|(?-i:[A-Z]))"
    r"|(?:presenting|speaking|interviewing)\s+(?:at|for|with)|(?:hiking|camping|skiing|volunteering|babysitting)\b"
    r"|starting\s+(?:my|our|the|a|an)\s+new|taking\s+(?:my|our|the|a|an)\s+(?:\w+\s+)?(?:test|exam)"
    r"|going\s+(?:out\s+(?:for|to|with)|on\s+(?:a|an|my|our)\s+\w+|[a-z]+ing\b))", _IC)
#: People who come to the speaker: "parents visiting", "the in-laws coming to stay", "friends coming over".
_VISITORS = lazy_regex(r"^(?:(?:my|our|the)\s+)?(?P<who>[a-z'-]+(?:\s+[a-z'-]+)?)\s+"
                       r"(?:visiting|coming\s+(?:over|to\s+(?:stay|visit)|down|up|round|for\s+\w+)|staying\s+with\s+us|"
                       r"arriving|flying\s+in|in\s+town)\b", _IC)
_GUESTS = lazy_regex(r"(?:friends|guests|family|relatives|in-laws|folks|cousins?|grandparents|parents)$", _IC)

#: What opens a note and is no part of it ("so", "btw", "reminder:"), and "got" / "I've got" before what is had.
_OPENING = lazy_regex(r"^(?:(?:so|and|also|oh|btw|fyi|reminder|heads[- ]up|ok|okay|anyway|plus|then)\b[:,]?\s*)*"
                      r"(?:(?:i|we)(?:'ve|\s+have)\s+got\s+|got\s+)?", _IC)
#: A clock time said with the day ("at 2", "10am", "at 4:30"), which no period holds.
_CLOCK = lazy_regex(r"(?:\s*\bat\s+\d{1,2}(?::\d\d)?(?:\s*[ap]\.?m\.?)?\b|\s*\b\d{1,2}(?::\d\d)?\s*[ap]\.?m\.?(?!\w)"
                    r"|\s*\bat\s+(?:noon|midnight)\b)", _IC)
#: A preposition the cut time leaves at an end ("dentist on", "flying to Lisbon on").
_DANGLING = lazy_regex(r"(?:\s+\b(?:on|at|in|over|for|this|next|by|around|from|until|till|the|of)\b)+$"
                       r"|^(?:\b(?:on|at|in|over|for|this|next|by|around|from|until|till)\b\s*)+", _IC)
#: Words no note of a plan holds: a subject or a pronoun (someone else's, the listener's, the thing at hand), a
#: finite verb or an auxiliary (a sentence, not a note: "dentist was on thursday"), a negation (a plan called off).
_NOT_A_NOTE = lazy_regex(
    r"\b(?:i|you|your|he|she|it|they|his|her|their|them|him|this|that|these|those|there|here|what|which|who|"
    r"something|anything|nothing|everything|is|was|were|are|am|be|been|being|has|had|have|do|does|did|will|would|"
    r"can|could|should|shall|must|might|no|not|never|cancel\w*|called|off|went|came|got|saw|took|met|left|flew|"
    r"drove|ate|felt|found|told|said|gave|made|ran|won|lost|paid|heard|wrote|rode|began|ago|last|yesterday|"
    r"earlier|again)\b|n't\b|'(?:ll|re|m|d|ve)\b|\b\w{2,}[^e\W]ed\b(?<!\bbooked)(?<!\bscheduled)(?<!\bplanned)"
    r"(?<!\bconfirmed)(?<!\barranged)", _IC)
#: Said after the happening that it is set, or where one goes to it: no part of what it is.
_SET = lazy_regex(r"\s+(?:booked|scheduled|planned|confirmed|arranged|to go to|to attend)$", _IC)
_PREPOSITION = lazy_regex(r"\s(?:for|with|to|at|in|of|on|about|from|near|downtown)\s", _IC)
#: A plan that goes away from home (as ``events_en._TRAVEL``): flying, a trip, going to a place's name.
_TRAVEL = lazy_regex(r"\b(?:fly(?:ing)?|flight|travel(?:l?ing)?|trip|vacation|holiday|getaway)\b"
                     r"|\b(?:going|heading|driving) to (?-i:[A-Z])", _IC)
#: What introduces an example of something said before ("including a conference presentation on the 15th", "like my
#: May 15 mentor lunch"): the happening is what follows.
_EXAMPLE = lazy_regex(r"^(?:including|like|such as|e\.g\.?|for example|especially|plus)\s+", _IC)
#: What a note does not open with: a preposition or a conjunction (the clause is part of another: "during dinner on
#: March 12" after "I discussed it with my son"), or a suggestion or a verb said to the listener ("let's set the
#: meeting for Tuesday", "schedule the meeting with Wyatt for May 20").
_NOT_OPENING = lazy_regex(r"^(?:during|after|before|while|since|when|until|till|with|from|to|of|for|as|at|on|in|by|"
                          r"and|but|or|so|because|let's|lets|let|set|schedule|book|put|move|make|plan|arrange|add|"
                          r"confirm|send|prepare|prep|check|need|want|wanna|gonna|just|still|then)\b", _IC)
#: A noun of a happening that is also a verb: alone, with no article or modifier, it is the verb ("then move on to
#: character development next week", "call in sick tomorrow").
_VERB_TOO = lazy_regex(r"(?:move|call|review|show|test|match|race|launch|pitch)", _IC)
_SUPPOSED = lazy_regex(r"\b(?:if|unless|in case|whether|hopefully|maybe|perhaps)\b", _IC)


def find_en(clause: str, sentence: str, said_at: datetime) -> list[Finding]:
    """The dated plan ``clause`` notes ("dentist on thursday at 2" → ``schedule.event`` = ``dentist``, the coming
    Thursday, stated "scheduled: dentist at 2"), else ``[]``. ``sentence`` is the clause's whole sentence (a question
    or a supposition anywhere in it is no plan)."""
    if NOT_A_STATEMENT.search(sentence) or _SUPPOSED.search(sentence) or RECURRING_EN.search(clause):
        return []
    note = _OPENING.sub("", clause.strip().rstrip(".!"), count=1)
    span = time_span(note)
    if span is None:
        return []
    period = clause_period(note, note, said_at, future=True)
    if period is None or period[1] <= said_at:
        return []  # "haircut at 4:30" names no day; "dentist last friday" is past
    clock = [c.strip() for c in _CLOCK.findall(note)]
    body = note[: span[0]] + " " + note[span[1]:]
    body = _CLOCK.sub(" ", body)
    if time_span(body) is not None:  # "on the 18th at 5pm tomorrow": one time at most, a second is cut as well
        second = time_span(body)
        assert second is not None
        body = body[: second[0]] + " " + body[second[1]:]
    body = _DANGLING.sub("", re.sub(r"\s+", " ", body).strip(" ,:-")).strip()
    # "dentist is friday 4pm", "the game is on saturday": the happening said with the copula before its time
    body = _DANGLING.sub("", re.sub(r"\s+(?:is|are)$", "", body, flags=_IC)).strip()
    body = _EXAMPLE.sub("", _SET.sub("", body))
    what = _happening(body)
    if what is None:
        return []
    key = "travel.plan" if _TRAVEL.search(what) else "schedule.event"
    said = f"{what} {' '.join(clock)}".strip()
    return [Finding(key, what, CONF_EVENT, clause, period=period,
                    statement=f"{'plans' if key == 'travel.plan' else 'scheduled'}: {said}")]


def names_happening(words: str) -> bool:
    """Whether ``words`` ("dentist", "vet appointment") end in the noun of a happening (``_HAPPENING``)."""
    said = words.split()
    return bool(said) and _HAPPENING.fullmatch(said[-1].lower()) is not None


def head_names_happening(phrase: str) -> bool:
    """Whether ``phrase``'s head, the words before any preposition ("dentist appointment" of "dentist appointment at
    3pm", "meeting" of "meeting with Tom"), names a happening (``names_happening``)."""
    return names_happening(_PREPOSITION.split(f" {phrase} ", maxsplit=1)[0].strip())


def _happening(body: str) -> str | None:
    """What ``body`` (a note without its time) names as happening, in the third person, else ``None``."""
    words = body.split()
    if not 1 <= len(words) <= 8 or _NOT_A_NOTE.search(body):
        return None
    if _NOT_OPENING.match(body):
        return None
    value = re.sub(r"^(?:an?|the)\s+", "", body, flags=_IC)
    if _ACTIVITY.match(value):
        return third_person(value)
    visitors = _VISITORS.match(value)
    if visitors is not None:
        who = visitors.group("who")
        return third_person(value) if kin.is_relative(who) or _GUESTS.search(who) else None
    head = _PREPOSITION.split(f" {value} ", maxsplit=1)[0].strip()
    if not names_happening(head) or len(head.split()) > 4 or (value == body and _VERB_TOO.fullmatch(head)):
        return None  # "move on to ..." with no article: the verb
    return third_person(value)
