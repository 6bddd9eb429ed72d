"""What a clause set off by commas says of the person or thing named before it: a relative clause or an apposition.

"My partner Jessica, who's 50 and a graphic designer, works nights", "My neighbor, a retired pilot, grows tomatoes",
"Our cat Pepper, a two-year-old tabby, sleeps all day", "I have a brother, Sam, who works at Boeing" each say two or
three things of one subject, and the subject is said once. Read whole, the clause between commas hid the verb from
every reader and the sentence stored the name at most. ``statements`` says each thing again with its subject, as
its own sentence ("My partner Jessica is 50.", "My partner Jessica is a graphic designer.", "My partner Jessica
works nights"), which the rules then read as they read any sentence about that person (``extract.subject_en``) or
the user's thing ("My car, a 2015 Civic, ..." is "My car is a 2015 Civic").

Only a clause the rules can say again with its subject: "who" / "which" with a copula or a verb in the present or
the past ("who's 50", "who lives in Leeds", "which is a 2015 Civic"), and a noun phrase with "a" / "an" ("a retired
pilot"). A clause of saying or thinking ("my sister, who said she loves it") is a report, no statement of the
sister's, and stays as said. At the end of a sentence the subject is a person or a thing the user calls "my" / "our"
or a name: "I went to Paris, which was lovely" says nothing of the user's.
"""

from __future__ import annotations

import re

from memstrata.extract import subject_en
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
#: The subject: "my" / "our" and up to three words ("My older sister Priya"), a relation and a name between commas
#: ("My sister, Anna"), or a name alone ("Tom"); ``_MINE`` the first two, which a closing clause's subject shares.
_MINE = r"(?:[Mm]y|[Oo]ur)\s+(?:[\w-]+\s+){0,2}?[\w-]+(?:,\s+[A-Z][a-z]+)?"
_SUBJECT = rf"(?:{_MINE}|[A-Z][a-z]+)"
#: The clause between commas: a relative clause ("who ...", "which ...") or a noun phrase with its article.
_CLAUSE = r"(?:(?:who|which)(?:'s|’s)?|an?)\s+[^,;()]+?"
#: The subject, the clause between commas, and what the sentence goes on to say of the subject.
_MIDDLE = lazy_regex(rf"^(?P<who>{_SUBJECT}),\s+(?P<aside>{_CLAUSE}),\s+(?P<rest>[a-z][^,]*(?:,.*)?)$")
#: The same clause closing a sentence, said of the person or thing named just before it: "I have a brother, Sam, who
#: works at Boeing", "We adopted our dog Max, a three-year-old beagle". A subject with "a" is a relation and its
#: name between commas ("a brother, Sam"). A closing "which" says as often what the whole clause before it is ("...
#: you're holding my hand through it, which is perfect") as what the thing before it is: not read.
_END = lazy_regex(rf"^(?P<head>.*?\b(?P<who>{_MINE}"
                  rf"|(?:a|an)\s+[\w-]+,\s+[A-Z][a-z]+|(?<![.!?]\s)(?<!^)[A-Z][a-z]+)),\s+(?P<aside>(?!which){_CLAUSE})"
                  r"\s*[.!]?$")
#: "who's 50", "which is a 2015 Civic", "who was a nurse": the copula and what follows it.
_BE = lazy_regex(r"^(?:who|which)(?:(?P<s>'s|’s)|\s+(?P<be>is|was|are))\s+(?P<said>\S.*)$", _IC)
#: "who lives in Leeds", "who just started at Lincoln Elementary": a verb after adverbs at most.
_VERB = lazy_regex(r"^who\s+(?P<said>(?:(?:also|now|still|just|recently|always|usually|often|never)\s+)*"
                   r"[a-z]+\b.*)$", _IC)
#: A noun phrase with its article: "a retired pilot", "an architect", "a two-year-old tabby".
_NOUN = lazy_regex(r"^(?P<said>(?:a|an)\s+[\w'-]+(?:\s+[\w'-]+){0,5})$", _IC)
#: Words that make the phrase between commas no noun phrase of the subject: a clause of its own ("a friend I met",
#: "a place we love") or a comparison ("a bit older").
_NOT_A_NOUN = lazy_regex(r"(?<![\w-])(?:i|we|you|he|she|they|it|that|who|which|than|bit|lot|little|few|couple|"
                         r"while|time|day|week|month|year|way|kind|sort)(?![\w-])", _IC)
#: A noun phrase that opens with an age: "a two-year-old tabby", "a 7-year-old boy".
_AGED = lazy_regex(r"^an?\s+(?P<n>\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
                   r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)[\s-]years?[\s-]old\b", _IC)
#: A second copula complement after "and" ("who's 50 and a graphic designer"): an article or a number opens it; or a
#: predicate of its own ("who's 73 and lives in Old Town"): a verb in the third person.
_AND_BE = lazy_regex(r",?\s+and\s+(?=(?:a|an)\s|\d|[a-z]+[^s\W]s\s)", _IC)
_VERB_S = lazy_regex(r"^[a-z]+[^s\W]s\s")
#: A second predicate after "and" ("who lives in Leeds and works at a bank"): a verb in the third person or the past.
_AND_VERB = lazy_regex(r",?\s+and\s+(?=(?:(?:also|now|still|just|always|usually)\s+)*[a-z]+(?:s|ed)\s)", _IC)
#: "a brother, Sam" (a relation and a name between commas): said "my brother Sam" as the subject, "a brother named
#: Sam" where the sentence has it.
_A_NAMED = lazy_regex(r"^(?P<a>an?)\s+(?P<rel>[\w-]+),\s+(?P<name>[A-Z][a-z]+)$", _IC)


def split(sentence: str) -> tuple[str, list[str]] | None:
    """``(sentence without the clause, what the clause says)`` when a clause set off by commas says something of the
    person or thing named before it, each statement with that subject said; ``None`` when it has no such clause.

    >>> split("My sister, who lives in Lisbon, is a nurse")
    ('My sister is a nurse', ['My sister lives in Lisbon.'])
    >>> split("I have a brother, Sam, who works at Boeing.")
    ('I have a brother named Sam.', ['Sam works at Boeing.'])
    """
    text = sentence.strip()
    if (m := _MIDDLE.match(text)) is not None and (said := _said(m.group("aside"))):
        who = _subject(m.group("who"))
        if who is not None:
            # what follows is said with the subject as written: "My mom, Wendy, told me ..." names the mom Wendy
            return f"{m.group('who')} {m.group('rest')}", [f"{_named(who)} {s}." for s in said]
    if (m := _END.match(text)) is not None and (said := _said(m.group("aside"))):
        who = _subject(m.group("who"))
        if who is not None and (m.group("who")[0].islower() or m.group("aside").lower().startswith("who")
                                or who.lower().startswith(("my ", "our "))):
            head = m.group("head")
            if (named := _A_NAMED.search(m.group("who"))) is not None:
                head = f"{head[: m.start('who')]}{named.group('a')} {named.group('rel')} named {named.group('name')}"
            return f"{head}.", [f"{_named(who)} {s}." for s in said]
    return None


def _named(who: str) -> str:
    """The subject of a statement the clause between commas makes: the name alone when the subject holds one ("My
    mentor Wendy" → "Wendy": what is said is hers, whatever the relation is called), else ``who``."""
    last = who.split()[-1]
    return last if len(who.split()) > 1 and last[:1].isupper() and last not in subject_en.NOT_NAMES else who


def _subject(words: str) -> str | None:
    """The subject as a sentence opens with it ("My sister, Anna" → "My sister Anna", "a brother, Sam" → "My brother
    Sam", "our dog Max" → "Our dog Max"); ``None`` for a word that names no one ("Well", "Today")."""
    if (named := _A_NAMED.match(words)) is not None:
        return f"My {named.group('rel')} {named.group('name')}"
    who = re.sub(r",\s+", " ", words.strip())
    first = who.split()[0]
    if first in subject_en.NOT_NAMES and first not in {"My", "Our"}:
        return None
    return who[0].upper() + who[1:]


def _said(aside: str) -> list[str]:
    """What the clause between commas says of its subject, each predicate with its verb ("who's 50 and a graphic
    designer" → ``["is 50", "is a graphic designer"]``, "a retired pilot" → ``["is a retired pilot"]``); ``[]`` for
    a clause of saying or thinking, or no clause the rules can say again."""
    aside = aside.strip()
    if subject_en.NOT_A_STATEMENT.search(aside) or re.search(r"\b(?:you|your)\b", aside, _IC):
        return []
    if (m := _BE.match(aside)) is not None:
        be = "is" if m.group("s") else m.group("be").lower()
        parts = [part.strip() for part in _AND_BE.split(m.group("said")) if part.strip()]
        return [part if n and _VERB_S.match(part) else f"{be} {part}" for n, part in enumerate(parts)]
    if aside.lower().startswith("which"):
        return []
    if (m := _VERB.match(aside)) is not None:
        return [part.strip() for part in _AND_VERB.split(m.group("said")) if part.strip()]
    if (m := _NOUN.match(aside)) is not None and not _NOT_A_NOUN.search(m.group("said")[2:]):
        # "a two-year-old tabby": the age it gives, said as an age is ("is two years old"), beside the noun phrase
        aged = _AGED.match(m.group("said"))
        return [f"is {m.group('said')}", *([f"is {aged.group('n')} years old"] if aged else [])]
    return []
