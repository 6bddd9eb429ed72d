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

from memstrata.extract.subject_en import NOT_A_STATEMENT
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
#: Verbs of change a chat sentence opens with, the subject left out: past (said with "I") and progressive (with
#: "I'm"). Only verbs whose sentence the rules read as a state begun or ended; "got" only with "a" or "an" after it
#: ("Got a Pixel 8"), never "Got it".
_PAST = (r"used\s+to|moved|switched|started|quit|left|joined|bought|sold|cancell?ed|ditched|dropped|stopped|gave\s+up|"
         r"took\s+up|picked\s+up|adopted|closed|changed|became|went|upgraded|traded|retired|got\s+(?=(?:a|an|my|our)\s)")
_ING = r"moving|switching|starting|using|leaving|joining|quitting|driving|drinking|eating|learning"
_OPENS = lazy_regex(rf"^(?P<adv>(?:(?:just|finally|recently|also|so|then|officially|and)\s+)*)"
                    rf"(?:(?P<past>{_PAST})|(?P<ing>{_ING}))\b(?P<rest>.*)$", _IC)


#: A progressive said without "I" is the speaker's doing only with when it holds ("Using Obsidian now", "Starting at
#: Stripe on Monday", "Moving to Denver next month"); bare, it is a gerund subject ("Learning an instrument is really
#: cool") or a request ("using python.").
_WHEN_ING = lazy_regex(r"\b(?:now|these days|nowadays|from now on|instead|today|tomorrow|tonight|next\s+\w+|"
                       r"on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|this\s+(?:week|month|year|"
                       r"weekend|fall|spring|summer|winter))\b", _IC)


#: "Starting today, I'm ...", "starting next week we ...": the verb says from when, and the sentence has a subject.
_FROM_WHEN = lazy_regex(r"^\s+(?:today|tomorrow|tonight|now|next\s+\w+|this\s+\w+|on\s+\w+|in\s+\w+)\s*,?\s+"
                        r"(?:i|i'm|i'll|i've|i'd|we|we're|we'll|we've)\b", _IC)


#: A state said as ended with "I'm" left out: "not vegetarian anymore", "not going to Equinox anymore, switched to
#: Crunch" (the end in the clause "not" opens).
_NOT_ANYMORE = lazy_regex(r"^not\s+(?P<rest>(?!(?:really|sure|yet|a\s+(?:problem|big deal|fan))\b)[^,;]+?\s+"
                          r"(?:anymore|any more|any longer)\b.*)$", _IC)


def said_by_me(sentence: str) -> str | None:
    """``sentence`` with "I" (or "I'm") said before its opening verb of change ("Moved to Denver last week" → "I moved
    to Denver last week", "Starting at Stripe on Monday" → "I'm starting at Stripe on Monday"), ``None`` for any other
    sentence (one with a subject, a courtesy, a question).

    >>> said_by_me("Switched to Linear, way faster"), said_by_me("Got it, thanks"), said_by_me("I moved to Denver")
    ('I switched to Linear, way faster', None, None)
    """
    text = sentence.strip()
    if (ended := _NOT_ANYMORE.match(text)) is not None and not NOT_A_STATEMENT.search(text):
        return f"I'm not {ended.group('rest')}"  # "not vegetarian anymore, eating meat again"
    m = _OPENS.match(text)
    if m is None or NOT_A_STATEMENT.search(text):
        return None
    if m.group("ing") and not _WHEN_ING.search(m.group("rest")):
        return None  # "Learning an instrument is cool", "using python.": a subject or a request, no doing of mine
    if _FROM_WHEN.match(m.group("rest")):
        return None  # "starting today I'm gonna do my best": when the sentence's own subject begins, no doing
    verb = (m.group("past") or m.group("ing")).lower()
    opening = "I'm" if m.group("ing") else "I"
    return f"{opening} {m.group('adv').lower()}{verb}{m.group('rest')}"
