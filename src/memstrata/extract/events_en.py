"""English patterns of dated events: what the user did or will do at a stated time (``patterns_en``
tries them last)."""

from __future__ import annotations

import re
from dataclasses import replace

from memstrata.extract import appointments, guards, habits, salience
from memstrata.extract.clause_en import _IC, _PAST, _Ctx, _f
from memstrata.extract.clauses import (
    CONF_EVENT,
    Finding,
    clause_period,
    clean_value,
    third_person,
    without_aside,
    without_instead,
    without_time,
)
from memstrata.extract.timex import mentions_time, time_span
from memstrata.text.regex import lazy_regex

# "we're" / "we are": the user's own plan with others ("We're going to Paris in May" stored nothing)
_SUBJECT = lazy_regex(r"^(?:i|we)(?P<aux>'ll|'m|'re|'ve|'d|\s+will|\s+am|\s+are|\s+have|\s+had|\s+)\s*(?P<v>.+)$", _IC)

#: What says no happening after the subject: a thought, a feeling, a wish, a negation, a state, and a preference said
#: with "would" ("I'd rather stay home tonight", "I'd better go to bed early", "I'd prefer to meet on Friday").
_NOT_EVENT = lazy_regex(r"^(?:n't|think|guess|feel|felt|believe|wonder|hope|know|knew|mean|was|am|rather|better|"
                        r"prefer|sooner|hate|like|love|want|wanted|wish|suppose|bet|doubt|don't|do not|"
                        r"can't(?!\s+wait\s+to\b)|"
                        r"might|may|should|could|would|need to know|not|no|heard|had heard|"
                        r"thought|realized|noticed|said|told|can(?!'t\s+wait\s+to\b)|chat|talk)\b", _IC)

_FUTURE = lazy_regex(r"^(?:are\s+|'re\s+)?(?:going to|gonna|will|plan to|planning to|have an?|'ve got an?|have to|"
                     r"need to|(?:(?:also|so|really|very|super|just)\s+)*(?:excited|eager|thrilled) to|"
                     r"can't wait to|(?:so\s+|really\s+)?looking forward to|planning(?=\s+(?:a|an|my|our)\s))\s+", _IC)

#: A thing had, after "I have" or "I've" ("an exam", "got a job interview"): its noun alone may name a happening.
_HAD = lazy_regex(r"^(?:got\s+)?an?\s+\w", _IC)
#: "got" after "I've" ("I've got a job interview"): no part of what is had.
_GOT = lazy_regex(r"^got\s+(?=an?\s)", _IC)

#: A plan that goes away from home. Going or heading somewhere is travel only to a place's name ("going to
#: Paris", "head to the Alps"): "go to the gym", "go to bed", "go to work" are plans kept at home.
_TRAVEL = lazy_regex(r"\b(?:fly(?:ing)? to|travel(?:ing|ling)? to|visit(?:ing)?|trip|vacation|holiday|"
                     r"leav(?:e|ing) for)\b|\b(?:go(?:ing)?|head(?:ing)?) to (?:the )?(?-i:[A-Z])", _IC)


def _event(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _SUBJECT.match(without_time(clause))
    if not m:
        return _told_in_passing(clause)
    if _NOT_EVENT.match(m.group("v")) or habits.RECURRING_EN.search(clause):
        return []  # "I'm in the office every Monday" recurs: no dated event
    aux = m.group("aux").strip().lower()
    rest = m.group("v")
    if aux in ("'m", "am", "'re", "are") and _ONGOING_EFFORT.match(rest):
        # "I'm trying to schedule a meeting for March 15": what the user is at now, not a dated event
        # (kept as what the user is at only where a date made it an event before: an effort said without one is
        # the talk's, "I'm trying to understand this")
        value = _event_value(rest)
        if clause_period(clause, ctx.sentence, ctx.said_at) is None or not guards.en_event_ok(value) \
                or _EFFORT_ALONE.fullmatch(value):
            return []
        return [replace(f, statement=f"is {value}") for f in _f("activity.current", value, CONF_EVENT, clause)]
    if aux in ("'re", "are") and not mentions_time(clause):
        return []  # "Last week I talked to a friend and we're figuring out ideas": the time is the other clause's
    if aux in ("'m", "am") and not mentions_time(clause) and _STATE_NOW.match(rest):
        return []  # "On Friday I got great news - I'm finally in the program I applied for!": a state now
    # "We fly to Tokyo in March" said in November is next March; "we flew ... in March" this one.
    verb = re.sub(r"^(?:(?:just|already|recently|finally|actually|also|really|even|then|both|all|"
                  r"only|never|once)\s+)+", "", rest, flags=_IC)
    past = aux in ("'d", "had") or (bool(_PAST.match(verb)) and not _FUTURE.match(verb)  # "excited to": ahead
                                    and not (aux in ("'ve", "have") and verb.lower().startswith("got ")))
    period = clause_period(clause, ctx.sentence, ctx.said_at, future=not past)
    if period is None:
        return _undated(rest, clause) if past and aux == "" else []
    if not past and _since_when(clause if mentions_time(clause) else ctx.sentence):
        return []  # "I take 3 Pilates classes a week since April 22": a state with its start, no date ahead
    future = period[0] > ctx.said_at or aux in ("'ll", "will", "'m", "am", "'re", "are") or bool(_FUTURE.match(rest))
    # "I tried snowshoeing this weekend" is done, even if the weekend is not; "I also approved $300 ... by Dec 10" too
    # (the verb after its adverbs: "also approved" had been read as a plan)
    if (period[1] <= ctx.said_at or (_PAST.match(verb) and not _FUTURE.match(verb))) and aux not in ("'ll", "will"):
        future = False
    if aux in ("'ve", "have") and not past and not _FUTURE.match(rest) and not rest.lower().startswith("to ") \
            and not mentions_time(clause) and _said_before(ctx.sentence, clause):
        return []  # "my course starting Dec 15, and I have a 6-week duration to learn": what one has, the date the
        # thing's before it ("I've got a meeting with Patrick coming up and ... on April 3" is a plan still)
    if not (past or future) and aux in ("have", "'ve") and period[0] <= ctx.said_at < period[1] \
            and appointments.head_names_happening(_event_value(rest)):
        # "I have a dentist appointment today at 3pm", "I have a meeting with Tom tonight", "I have a car service on
        # Friday" said on a Friday: a happening had on the day it is said, the rest of the day still ahead (a day
        # ahead is read as a plan already; "I've got a flight on Friday" said before it by extract.appointments)
        future = True
    if not (past or future):
        return []  # "I really have zero energy for anything today": a state now, nothing done or planned
    if _FUTURE.match(rest) and not mentions_time(clause) and period[1] <= ctx.said_at:
        return []  # "Lost my job yesterday, so I'm gonna start a business": the time is the other clause's
    # "I have an exam on Tuesday", "I've got a job interview on Monday": a thing had, named by its noun
    had = future and aux in ("'ve", "have") and _HAD.match(rest) is not None
    if had:
        rest = _GOT.sub("", rest, count=1)
    value = _event_value(_FUTURE.sub("", rest, count=1) if future else rest)
    if len(value.split()) < 2:
        value = _event_value(rest)  # "I'm going to Paris": a motion, not the future's "going to <verb>"
    if future and (aim := _AIM.match(value)) is not None:
        # "hosting a dance competition to showcase local talent": what is planned; "flying to Toronto on Dec 20 to
        # see my parents" left "on" before the aim once the date was cut ("flying to Toronto on" was stored)
        value = _STRANDED.sub("", aim.group("what"))
    if not guards.en_event_ok(value) and not (had and appointments.head_names_happening(value)):
        return []  # "I'm really tired today", "I'm back to chat with you today"; "an exam" had is a happening
    key = "event"
    if future:
        key = "travel.plan" if _TRAVEL.search(rest) else "schedule.event"
    return _f(key, value, CONF_EVENT, clause, period=period)


#: What a plan is for, after what is planned ("hosting a dance competition next month to showcase local talent and
#: bring more attention to my studio"): no part of it, and with it the plan was too long to be stored. A verb in -ing
#: and two words or more first, so "flying out to see my parents" keeps its purpose; a "to" before a thing says where
#: the plan goes, no aim.
_AIM = lazy_regex(r"^(?P<what>[a-z]+ing(?:\s+[^\s]+){2,}?)\s+(?:in order\s+)?to\s+"
                  # "to" before a thing is where it goes, no aim: "taking the kids to the zoo", "my mom to the airport"
                  r"(?!(?:the|a|an|my|our|his|her|their|your|its|this|that|these|those|some)\b)[a-z]+\b.+$", _IC)
#: A happening told as the reason or the start of a state: "It's been tough since I lost my job".
_SINCE = lazy_regex(r"\b(?:ever since|since|after|now that)\s+i\s+(?P<v>\w+ed\b.*|lost\b.*|won\b.*|quit\b.*|"
                    r"got\s+(?:married|engaged|divorced|promoted|hired|fired)\b.*)$", _IC)


def _told_in_passing(clause: str) -> list[Finding]:
    """A notable undated happening in a clause about something else ("It's been tough going since I
    lost my job"): the part after "since" / "after" / "now that" is read like a clause of its own."""
    m = _SINCE.search(clause)
    if m is None or mentions_time(clause):
        return []
    return _undated(m.group("v"), m.group(0))


def _undated(rest: str, clause: str) -> list[Finding]:
    """A notable happening told with no time ("I went to see Jay Chou's concert", "I passed the
    bar exam"): stored without a period when it carries an occasion or an outcome
    (``extract.salience``; "I met Anna" is none)."""
    if re.search(r"n't\b|\b(?:not|never)\b", rest, _IC) or not salience.notable(clause, "en"):
        return []  # "I won't quit on my dreams" is a resolve, not a happening
    value = _event_value(rest)
    if len(value.split()) > 10 and (went := salience.journey(value)):
        value = went  # too long to be stored whole: the journey without what was seen there
    return _f("event", value, CONF_EVENT, clause) if guards.en_event_ok(value) else []


#: Where or how the user is, said after "I'm" ("in the program", "at home", "part of the team", "so happy"): a
#: state, which a time named only in another clause of the sentence does not make a plan.
_STATE_NOW = lazy_regex(r"^(?:(?:finally|now|already|officially|really|so|very|still|also|just)\s+)*"
                        r"(?:in|into|at|on|part of|a member of|with|back|home|done|happy|glad|proud|excited|"
                        r"thrilled|stoked|pumped|so|really|very|accepted|enrolled|signed up)\b", _IC)


#: An effort or a deliberation under way ("I'm trying to ...", "I'm considering ...", "we're looking for ...",
#: "I'm using SQLite"): a state of the talk, whatever date the sentence names, never a planned happening.
_ONGOING_EFFORT = lazy_regex(r"^(?:(?:really|kinda|kind of|still|also|just|currently|actually|now|so)\s+)*"
                             r"(?:trying|considering|looking\s+(?:for|into|at|forward)|aiming|wondering|hoping|"
                             r"thinking|using|struggling|torn|worried|debating|weighing|deciding|figuring|keen|"
                             r"curious|interested|concerned|unsure|not sure)\b", _IC)


#: An effort that names nothing it is about ("kinda curious", "considering that", "trying to decide what to focus",
#: a question word and at most two words after it).
_EFFORT_ALONE = lazy_regex(r"(?:(?:kinda|kind of|really|so|a bit|pretty|still|just)\s+)*(?:curious|unsure|worried|"
                           r"concerned|interested|torn|not sure|wondering|considering|thinking|hoping|looking)"
                           r"(?:\s+(?:about|of|at|into|for))?(?:\s+(?:that|it|this|so|now))?|.*\b(?:what|how|which)"
                           r"(?:\s+\w+){0,2}", _IC)


#: "since" / "ever since" right before a time: the start of what holds now, never when a plan is.
_SINCE_BEFORE = lazy_regex(r"\b(?:ever\s+)?since\s*$", _IC)


def _since_when(clause: str) -> bool:
    """Whether the first time ``clause`` names follows "since" ("... classes since April 22"): the start of a state.
    Read as a plan's date, "I tak 3 weekly Pilates classes since April 22" (an "I've started taking …" said in the
    present) was stored as ``schedule.event`` on the coming April 22."""
    span = time_span(clause)
    return span is not None and _SINCE_BEFORE.search(clause[: span[0]]) is not None


def _said_before(sentence: str, clause: str) -> bool:
    """Whether the first time ``sentence`` names comes before ``clause`` (a clause of it that names none)."""
    span, at = time_span(sentence), sentence.find(clause)
    return span is not None and 0 <= span[0] < at


#: A preposition left at the end of a value by the date cut out of it ("completed 3 modules by" April 20).
_STRANDED = lazy_regex(r"\s+(?:on|at|in|over the|for|by|as of|since|until|before)$", _IC)


#: That a plan is booked, said after it, with the preposition its cut-out day leaves ("booked for", "scheduled on"):
#: at the end or before its clock time ("haircut booked for at 10am" is "haircut at 10am").
_BOOKED = lazy_regex(r"(?<!\bas)\s+(?:booked|scheduled|planned|arranged|reserved|set\s+up|lined\s+up)(?:\s+(?:for|on))?"
                     r"(?=\s+at\s+\d|\s*$)", _IC)


def _event_value(text: str) -> str:
    text = without_instead(text)  # "going to Porto instead": the plan, not that it replaced one
    # a preposition left by the date cut out of it: "completed 3 modules by" (April 20), "begun drafting as of"
    value = _STRANDED.sub("", clean_value(without_aside(text), "en"))
    # "also lost my job": the adverb ties the event to the talk, not to what happened
    value = third_person(re.sub(r"^(?:(?:also|just|really|finally|actually|even|then|too)\s+)+", "", value, flags=_IC))
    # "we'll be discussing upgrades": what will be done, without its auxiliary; "a community meeting coming up":
    # the meeting, without that it is ahead (the period says when)
    value = re.sub(r"^be\s+(?=\w+ing\b)", "", value, flags=_IC)
    value = re.sub(r"\s+(?:coming up|ahead)$", "", value, flags=_IC)
    # "a haircut booked for Friday at 10am": the plan, not that it is booked (the day cut out left "booked for at 10am")
    value = _BOOKED.sub("", value)
    # "went camping - it was a blast": keep the happening, drop the comment on it
    return re.sub(r"\s+(?:and|but|-|—)\s+(?:it|it's|that|that's)\b.*$", "", value, flags=_IC)
