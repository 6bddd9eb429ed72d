"""Someone the user names by the role they hold for the user, in passing: "my academic advisor, Danielle, suggested
adding a conclusion", "I showed it to my career coach Greg", "my therapist Dr. Okafor" (``user.therapist =
Dr. Okafor``).

"My academic advisor is Danielle" stores ``user.academic_advisor = Danielle`` (the possessive copula,
``extract.possessive_en``); the role and the name said side by side in a sentence about something else say as much,
and stored nothing. Only a role one holds one of at a time is read (an advisor, a mentor, a coach, a therapist, a
doctor, a lawyer, a boss, a landlord ...): the key holds one value, so a later name supersedes it, which is right for
these and wrong for "my friend Jake" or "my colleague Tom" (one of several: no key of the user's, as ``extract.roles``
says). A role that opens the sentence ("My manager Li prefers Slack") makes the sentence about that person, and
what it says is kept under them (``extract.apposition``, ``extract.roles``): no role is read there. A role said as
no longer held ("my former boss Dana", "my old therapist Ann") is none; a word of praise or
of newness before the role ("my amazing coach Greg", "my new manager Priya") is no part of it. Relatives are
``extract.family_named``'s.
"""

from __future__ import annotations

import re

from memstrata.extract import shapes, subject_en
from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.extract.family_named import clause_at
from memstrata.text.regex import lazy_regex

#: Roles one holds one of at a time.
_ROLE = (r"advisor|adviser|mentor|coach|therapist|counsel(?:l)?or|psychologist|psychiatrist|doctor|physician|"
         r"pediatrician|paediatrician|dentist|physiotherapist|physio|nutritionist|dietitian|lawyer|attorney|solicitor|"
         r"accountant|financial planner|boss|manager|supervisor|line manager|landlord|landlady|tutor|personal trainer|"
         r"trainer|agent|editor|realtor|vet")
#: Words before the role that say it is no longer held.
_FORMER = lazy_regex(r"\b(?:former|ex|old|previous|last|late)\b", re.IGNORECASE)
#: Words before the role that praise or date it and are no part of which role it is.
_PRAISE = lazy_regex(r"\b(?:amazing|awesome|great|wonderful|lovely|kind|dear|trusted|favou?rite|new|current|"
                     r"wise|brilliant|fantastic|incredible|supportive|patient)\s+", re.IGNORECASE)
#: A clause that asks, supposes or hedges ("Should I tell my boss Priya?", "If my coach Greg agrees, ..."): who holds
#: the role is not said. A report ("My therapist Ana thinks I should journal", "my coach Greg told me ...") still
#: names its speaker by the role.
_ASKS_OR_SUPPOSES = lazy_regex(r"^(?:and\s+|but\s+|so\s+)?(?:if|what if|suppose|imagine|let's say|maybe|perhaps|should|"
                               r"would|could|can|do|does|did|is|are|will|unless)\b|\?\s*$|\b(?:probably|might|may)\b",
                               re.IGNORECASE)
#: "my (academic) advisor Danielle", "our career coach, Greg, ...", "my therapist Dr. Okafor": up to two words before
#: the role, then the name (a title with it), directly or between commas.
_NAMED = lazy_regex(
    rf"\b(?i:(?:my|our)\s+(?P<role>(?:[a-z][a-z-]*\s+){{0,2}}?(?:{_ROLE})))"
    r"(?:\s+|\s*,\s*(?=(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][a-z]+\s*,\s+[a-z]))"
    r"(?P<name>(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][a-z]+)\b(?!\s+[A-Z])")


def named(sentence: str) -> list[Finding]:
    """``user.<role> = <name>`` for each role one holds one of that an English ``sentence`` names by its holder's
    name, in a clause that neither asks nor supposes (``_ASKS_OR_SUPPOSES``), past the sentence's opening (there the
    sentence is about that person, and what it says is kept under them); ``[]`` for none."""
    found: list[Finding] = []
    for m in _NAMED.finditer(sentence):
        if not re.sub(r"[\W_]+|\b(?:so|well|oh|and|but|also|btw|anyway|today|yesterday)\b", "",
                      sentence[:m.start()], flags=re.IGNORECASE):
            continue  # "My manager Li prefers Slack": the sentence is about Li (extract.apposition, extract.roles)
        role = m.group("role").lower()
        if _FORMER.search(role) or m.group("name").split()[-1] in subject_en.NOT_NAMES \
                or _ASKS_OR_SUPPOSES.search(clause_at(sentence, m.start())):
            continue
        role = _PRAISE.sub("", role).strip()
        if re.search(r"\d", role):
            continue
        found.append(Finding(shapes.open_key("", role), m.group("name"), CONF_STATED, sentence,
                             statement=f"{role} is {m.group('name')}"))
    return found

