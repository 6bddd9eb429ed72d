"""A chat sentence that leaves its subject out is the speaker's: "Moved to Denver last week", "Quit Google yesterday.
Starting at Stripe on Monday.", "Switched to Linear", "Sold the Civic".

Chat drops "I" before a verb of change as often as it says it; read only with a subject, "Moved to Denver last week"
stored nothing while "I moved to Denver last week" moves the home. A sentence opening with a past verb of change, or
a progressive one with when it holds ("Starting at Stripe on Monday", "Using Obsidian now": ``_WHEN_ING``), is read
as said with "I" (``said_by_me``), and only what it states is kept (``extract.rules`` keeps no bare event of it:
"Finished the book", "Moved the meeting to 3pm" are happenings of the moment, no fact). Never after someone else is
named in the message ("My sister had a rough year. Moved to Ohio.": hers, ``extract.carried.Scope``), nor for a
verb that opens chat without a subject ("Got it", "Sounds good"), nor a question.
"""

from __future__ import annotations

import re

from memstrata.extract.clauses import DEGREE_EN
from memstrata.extract.subject_en import NOT_A_STATEMENT
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
#: Verbs of change a chat sentence opens with, the subject left out: past (said with "I") and progressive (with
#: "I'm"). Only verbs whose sentence the rules read as a state begun or ended; "got" only with "a" or "an" after it
#: ("Got a Pixel 8"), never "Got it".
_PAST = (r"used\s+to|moved|switched|started|quit|left|joined|bought|sold|cancell?ed|ditched|dropped|stopped|gave\s+up|"
         r"took\s+up|picked\s+up|adopted|closed|changed|became|went|upgraded|traded|retired|got\s+(?=(?:a|an|my|our)\s)")
_ING = (r"moving|switching|starting|using|leaving|joining|quitting|driving|drinking|eating|learning|heading|flying|"
        # "going to Japan in March", not "going crazy today"
        r"travell?ing|going(?=\s+(?:back\s+)?to\s+[A-Z])")
_OPENS = lazy_regex(rf"^(?P<adv>(?:(?:just|finally|recently|also|so|then|officially|and)\s+)*)"
                    rf"(?:(?P<past>{_PAST})|(?P<ing>{_ING}))\b(?P<rest>.*)$", _IC)


#: A progressive said without "I" is the speaker's doing only with when it holds ("Using Obsidian now", "Starting at
#: Stripe on Monday", "Moving to Denver next month"); bare, it is a gerund subject ("Learning an instrument is really
#: cool") or a request ("using python.").
_WHEN_ING = lazy_regex(r"\b(?:now|these days|nowadays|from now on|instead|today|tomorrow|tonight|next\s+\w+|"
                       r"on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|this\s+(?:week|month|year|"
                       r"weekend|fall|spring|summer|winter)|on\s+the\s+\d{1,2}(?:st|nd|rd|th)|"
                       r"(?:on|in)\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*)\b", _IC)


#: "Starting today, I'm ...", "starting next week we ...": the verb says from when, and the sentence has a subject.
_FROM_WHEN = lazy_regex(r"^\s+(?:today|tomorrow|tonight|now|next\s+\w+|this\s+\w+|on\s+\w+|in\s+\w+)\s*,?\s+"
                        r"(?:i|i'm|i'll|i've|i'd|we|we're|we'll|we've)\b", _IC)


#: A state said as ended with "I'm" left out: "not vegetarian anymore", "not going to Equinox anymore, switched to
#: Crunch" (the end in the clause "not" opens).
_NOT_ANYMORE = lazy_regex(r"^not\s+(?P<rest>(?!(?:really|sure|yet|a\s+(?:problem|big deal|fan))\b)[^,;]+?\s+"
                          r"(?:anymore|any more|any longer)\b.*)$", _IC)


#: A statement of what one likes, is, has or does as a rule, said with "I" left out ("love sci-fi audiobooks", "can't
#: stand cilantro", "work at a bakery now", "live in Leeds", "don't eat pork", "have two cats"): the verb, then the
#: opening said with it ("I", or "I'm" before a state: "really into bouldering", "allergic to penicillin"; "I've"
#: before "been": "been doing yoga every morning").
_STATE = (r"(?:love|like|enjoy|adore|hate|dislike|detest|prefer|can't\s+stand|cannot\s+stand|"
          r"(?:don't|do\s+not|never)\s+(?:like|love|enjoy|eat|drink|smoke|touch|do|live|work)|"
          r"live\s+(?:in|at|near|with|on|by|outside|alone)|work\s+(?:as|at|for|in|from|remotely|nights|part|full)|"
          r"speak(?=\s+(?-i:[A-Z]))|own|drive|ride|drink|eat|"
          r"have\s+(?:a|an|two|three|four|five|\d+|no|kids|children|twins|pets))")
_BE = (rf"(?:(?:{DEGREE_EN}|very|big\s+time|more|much\s+more|way\s+more)\s+)*(?:into|obsessed\s+with|"
       r"(?:a\s+|such\s+a\s+)?sucker\s+for|"
       r"(?:a\s+|such\s+a\s+)?(?:big|huge|massive|die-?hard)\s+fan\s+of|not\s+(?:really\s+)?into|"
       r"not\s+(?:a\s+)?(?:(?:big|huge|real)\s+)?fan\s+of|allergic\s+to|vegan|vegetarian|pescatarian|lactose\s+intolerant|"
       r"based\s+in|originally\s+from|terrified\s+of|scared\s+of|afraid\s+of|married|divorced|retired|"
       # "not a morning person", "more of a night owl": what kind of person one is ("Not a problem" is none)
       r"(?:not\s+|more\s+of\s+)?(?:a|an)\s+(?:morning|night|early|cat|dog|tea|coffee)\s+(?:person|owl|bird)|"
       r"on\s+(?:a\s+)?[\w-]+\s+diet)")
#: Verbs of doing that state a habit only with how often said ("go swimming on Saturdays", "play tennis every
#: week"); bare they are asked of the listener ("play some jazz", "go ahead"). "take" is none: "take a look every day".
_DOING = r"(?:go|play|run|swim|cook|read|watch|walk|bike|cycle|do|practice|practise|meditate|study|write|visit)"
_OFTEN = lazy_regex(r"\b(?:every|each|daily|weekly|nightly|twice|once\s+a|most\s+(?:days|mornings|nights|"
                    r"evenings|weekends)|on\s+(?:weekends|(?:mon|tues|wednes|thurs|fri|satur|sun)days)|"
                    r"before\s+bed|after\s+work)\b", _IC)
_OWN = lazy_regex(rf"^(?P<adv>(?:(?:also|still|just|really|totally|actually|honestly|now|mostly)\s+)*)"
                  rf"(?:(?P<been>been)\s+(?=[a-z]+ing\b|{_BE}\b)|(?P<be>{_BE})\b|(?P<state>{_STATE})\b|"
                  rf"(?P<doing>{_DOING})\b(?=.*{_OFTEN.pattern}))(?P<rest>.*)$", _IC)
#: What the verb is about, when it is something the listener said, made or offered ("love that idea", "love it!",
#: "like the second option better", "prefer option B", "hate when that happens", "love your design"), the listener or
#: a person ("love you", "like I said", "hate to bother you"), a request ("drink some water", "speak English please")
#: or a manner ("drink responsibly"): a reaction or a request, no fact of the speaker's.
_REACTION = lazy_regex(r"^\s*(?:it|that|this|these|those|them|your|yours|you|when|how|what|i|we|he|she|they|him|her|"
                       r"me|us|some|the\s+(?:idea|first|second|third|last|other|new|one|plan|design)|"
                       r"to\s+(?:help|bother|say|ask|hear|see|know|chat|talk))\b|^\s*[a-z]+ly\s*[.!]*$"
                       r"|\b(?:you|your|yours|please|options?|versions?|choices?|drafts?|both|either|neither|"
                       r"suggestions?|answers?|responses?|replies)\b"
                       # the verb is a noun, a subject ("Love and acceptance should be everyone's right"), or a title's
                       # word ("Work In Progress"); "into a coherent data store" is a line's continuation
                       r"|^\s*(?:and|or|,)|\b(?:is|are|was|were|should|will|would|must|makes?|feels?|sounds?|seems?)\b"
                       r"|^\s*(?-i:In|At|For|And|Or|Of|On|With|To)\b", _IC)
#: "like" is a preposition as often as a verb: "Like in sports, ...", 'Like "The Dragon" for my boss', "like a boss",
#: "like another task".
_LIKENESS = lazy_regex(r"^\s*(?:a|an|another|in|on|at|for|with|when|if|as|that|this|[\"'“‘])(?:\b|(?<=[\"'“‘]))", _IC)


def _own_statement(text: str) -> str | None:
    """``text`` with the opening said before its verb of liking, being, having or doing as a rule (``_OWN``), or
    ``None``: for a reaction to what the listener said (``_REACTION``), or anything else."""
    m = _OWN.match(text)
    if m is None:
        return None
    verb = m.group("been") or m.group("be") or m.group("state") or m.group("doing")
    rest = m.group("rest")
    if re.search(r"\s[A-Z]", verb):
        return None  # "Work In Progress": a title's words
    if _REACTION.search(rest) or (verb.lower() == "like" and _LIKENESS.match(rest)) \
            or (m.group("be") and verb.lower().endswith("into") and re.match(r"\s*(?:a|an|the)\b", rest, _IC)):
        return None
    adv = m.group("adv").lower()
    if m.group("been"):
        return f"I've {adv}been {m.group('rest').lstrip()}"
    opening = "I'm" if m.group("be") else "I"
    return f"{opening} {adv}{verb}{m.group('rest')}"


def said_by_me(sentence: str, *, statement: bool = True) -> str | None:
    """``sentence`` with "I" (or "I'm") said before its opening verb of change ("Moved to Denver last week" → "I moved
    to Denver last week", "Starting at Stripe on Monday" → "I'm starting at Stripe on Monday") or, when ``statement``
    (the sentence is one the writer began, no line of a pasted list: ``extract.rules``), of liking, being, having or
    doing as a rule ("love sci-fi audiobooks" → "I love sci-fi audiobooks", ``_own_statement``); ``None`` for any other
    sentence (one with a subject, a courtesy, a reaction, a request, a question).

    >>> said_by_me("Switched to Linear, way faster"), said_by_me("Got it, thanks"), said_by_me("I moved to Denver")
    ('I switched to Linear, way faster', None, None)
    """
    text = sentence.strip()
    if (ended := _NOT_ANYMORE.match(text)) is not None and not NOT_A_STATEMENT.search(text):
        return f"I'm not {ended.group('rest')}"  # "not vegetarian anymore, eating meat again"
    m = _OPENS.match(text)
    if m is None:
        own = _own_statement(text) if statement else None  # "can't stand cilantro": "can't" opens no question here
        return None if own is None or NOT_A_STATEMENT.search(own) else own
    if NOT_A_STATEMENT.search(text):
        return None
    if m.group("ing") and not _WHEN_ING.search(m.group("rest")):
        return None  # "Learning an instrument is cool", "using python.": a subject or a request, no doing of mine
    if _FROM_WHEN.match(m.group("rest")):
        return None  # "starting today I'm gonna do my best": when the sentence's own subject begins, no doing
    verb = (m.group("past") or m.group("ing")).lower()
    opening = "I'm" if m.group("ing") else "I"
    return f"{opening} {m.group('adv').lower()}{verb}{m.group('rest')}"
