"""A change of what is used, said in English: a switch ("I've switched to Firefox", "We moved our CI to GitHub
Actions", "I've moved to Berlin"), a use narrowed to one ("These days I only drink green tea"), a return ("We're
back on Jira"), and a stop with what replaces it ("Stop using UPS, use DHL from now on"). Read ahead of the topic
patterns (``shapes_en.before_topics``), which would take such a change for a habit.
"""

from __future__ import annotations

import re
import string
from dataclasses import replace

from memstrata.extract import diets, forbidden, gazetteer, places, shapes, tool_kinds
from memstrata.extract.clauses import CLAUSE_COMMA, CONF_PREFER, Finding, clean_value
from memstrata.extract.shapes import attribute_finding, chosen, instead
from memstrata.extract.subject_en import NOT_NAMES
from memstrata.extract.timex import time_span
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
_CLAUSES = lazy_regex(rf"\s*(?:;|{CLAUSE_COMMA})\s*")


_SWITCHED = lazy_regex(
    r"^(?:i|we|our team|the team)(?:'ve|\s+have|'s|\s+has)?\s+(?:now\s+|just\s+|recently\s+|finally\s+|since\s+)?"
    r"(?P<verb>switched|moved|changed|migrated|gone back|went back|switched back|changed back|reverted|got back|"
    r"changed over|converted)\s+"
    r"(?:everything\s+|our\s+(?P<attr>[\w ]+?)\s+|my\s+"
    r"(?P<attr2>[\w ]+?)\s+|(?:carriers|couriers|editors|browsers|phones|providers)\s+)?"  # "switched carriers to DHL"
    # "moved off Slack to Teams", "switched away from Jira to Linear": the old one said as left, as "from" says it
    r"(?:(?:from|off(?:\s+of)?|away\s+from)\s+(?P<old>.+?)\s+)?(?:over\s+)?to\s+(?P<art>an?\s+|the\s+)?(?P<v>.+?)"
    # what is said of the switch, not of the value: when, and that it closed a choice ("in the end", "after all")
    # ("yesterday", "the other day", "two weeks ago" too: "StarHub yesterday" was stored as the phone plan)
    r"(?:\s+(?:last|this)\s+\w+|\s+recently|\s+now|\s+instead|\s+in\s+the\s+end|\s+after\s+all|\s+eventually"
    r"|\s+yesterday|\s+today|\s+the\s+other\s+day|\s+(?:a\s+(?:few|couple(?:\s+of)?)\s+|\w+\s+)?\w+\s+ago"
    r"|\s+at\s+last|\s+finally)*$", _IC)
_RESTRICTED = lazy_regex(
    r"^(?:(?:these days|nowadays|lately|now)\s*,?\s+)?(?:i|we)\s+(?:now\s+)?only\s+(?P<verb>drink|eat|use|read on|"
    r"listen to|watch|wear|take)\s+(?:an?\s+|the\s+|my\s+)?(?P<v>.+?)(?:\s+(?:these days|nowadays|now|lately))?$"
    r"|^(?:these days|nowadays|lately|now)\s*,?\s+it's\s+only\s+(?P<v2>.+?)(?:\s+for\s+(?:me|us))?$", _IC)
VERB_KEYS = {"drink": ("user.drinks", "drinks {v}"), "eat": ("user.eats", "eats {v}"),
              "use": ("user.uses", "uses {v}"), "read on": ("user.uses", "reads on {v}"),
              "listen to": ("user.listens_to", "listens to {v}"), "watch": ("user.watches", "watches {v}"),
              "wear": ("user.wears", "wears {v}"), "take": ("user.takes", "takes {v}")}


#: A name: capitalised words, at most three ("Jira", "GitHub Actions"), or a listed tool that is no English word in
#: any case ("jira", "github actions": ``tool_kinds.LOWER_CASE_NAMES``).
NAME = rf"(?:(?-i:[A-Z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*){{0,2}})|{tool_kinds.LOWER_CASE_NAMES})"
#: A return to a named thing used before: "we're back on Jira", "I'm back to using Vim", "We use Jira again",
#: "We're using Jira again", "We're on Jira again". A name is needed ("I'm back on track", "back to work": none).
_BACK_ON = lazy_regex(
    rf"^(?:i|we)(?:'re|'m|\s+are|\s+am)\s+(?:now\s+|finally\s+|officially\s+)?back\s+(?:on|to)\s+(?:using\s+)?"
    rf"(?P<v>{NAME})(?:\s+(?:again|now))?$"
    rf"|^(?:i|we)(?:\s+|(?='))(?:now\s+)?(?:use|'re using|are using|'m using|am using|'re on|are on|'m on|am on)\s+"
    rf"(?P<w>{NAME})\s+(?:once\s+)?again(?:\s+now)?$", _IC)


#: One named thing left for another, said by what was done to the old one: "I ditched Trello for Todoist", "We dropped
#: Jenkins for GitHub Actions", "I swapped Chrome for Firefox", "I replaced Notion with Obsidian": the switch "I
#: switched from Trello to Todoist" says. Both named (capitalised): "I dropped the kids off for school" names none.
_LEFT_FOR = lazy_regex(
    r"^(?P<who>i|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|recently\s+)?(?:ditched|dropped|swapped|traded|"
    r"replaced|exchanged)\s+(?P<old>(?-i:[A-Z0-9][\w.+#&-]*(?:\s+[A-Z0-9][\w.+#&-]*){0,3}))\s+(?:for|with)\s+"
    r"(?P<new>(?-i:[A-Z0-9][\w.+#&-]*(?:\s+[A-Z0-9][\w.+#&-]*){0,3}))(?P<rest>(?:\s+(?:last|this)\s+\w+|\s+recently|"
    r"\s+now))*$", _IC)


def _said_as_switch(clause: str) -> str:
    """``clause`` said as the switch it states ("I ditched Trello for Todoist" → "I switched from Trello to Todoist",
    ``_LEFT_FOR``), else ``clause`` as it is."""
    m = _LEFT_FOR.match(clause)
    if m is None or m.group("old") in NOT_NAMES or m.group("new") in NOT_NAMES:
        return clause
    return f"{m.group('who')} switched from {m.group('old')} to {m.group('new')}{m.group('rest') or ''}"


#: The kinds of provider one has one of at a time (``extract.tool_kinds``, ``facts.switch``): a switch to one names it,
#: whatever is said moved ("I moved my money to Capital One", "I switched my phone to Verizon": the carrier, no
#: ``tool.phone``).
_PROVIDER_KINDS = frozenset(tool_kinds.PROVIDER_KEYS)


#: A thing switched named by its noun alone, with "the" or nothing, to a name: "switched the internet to Verizon",
#: "I changed the electricity over to Octopus". Whose thing is not said: ``held_only``.
_NOUN_SWITCHED = lazy_regex(
    r"^(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:just\s+|finally\s+|recently\s+|now\s+)?(?:switched|changed)\s+"
    r"(?:the\s+)?(?!(?:my|our|his|her|their|your|it|this|that|them|everything|over|back|to|from)\b)"
    r"(?P<attr>(?-i:[a-z]+)(?:\s+(?!over\b)(?-i:[a-z]+))?)\s+(?:over\s+)?to\s+(?P<v>(?-i:[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,2}))"
    r"(?:\s+(?:last|this)\s+\w+|\s+recently|\s+now)?[.!]*$", _IC)


def _noun_switched(clause: str, lang: str) -> list[Finding]:
    """"switched the internet to Verizon": the noun's attribute at the name, kept where the user holds one
    (``held_only``: ``facts.held``)."""
    m = _NOUN_SWITCHED.match(clause)
    if m is None or m.group("v") in NOT_NAMES or time_span(m.group("v")) is not None:
        return []  # "switched the meeting to Thursday": a time, no thing held
    return [replace(f, held_only=True) for f in attribute_finding(m.group("attr"), m.group("v"), clause, lang)]


def changed(clause: str, lang: str = "en", sentence: str = "") -> list[Finding]:
    clause = _said_as_switch(clause)
    if (m := _BACK_ON.match(clause)) is not None:  # a switch to what was used before (facts.switch: a return)
        value = m.group("v") or m.group("w")
        return [] if value in NOT_NAMES else chosen(value, "user.uses", clause, lang, statement=f"uses {value}")
    if (m := _SWITCHED.match(clause)) is not None:
        return instead(_switched(m, clause, lang, sentence or clause), m.group("old"), lang)
    if (m := _RESTRICTED.match(clause)) is not None:
        return _restricted(m, clause, lang)
    return _noun_switched(clause, lang)


def _switched(m: re.Match[str], clause: str, lang: str, sentence: str) -> list[Finding]:
    """"I've switched to Firefox", "We moved our CI to GitHub Actions": the value chosen now; "I've moved to
    Berlin" a home and "We've moved to Linear" a thing used (``shapes.moved_home``)."""
    if (lasting := _FOR_A_TIME.search(m.group("v"))) is not None and lasting.group("while"):
        return []  # "I switched to dark mode for a minute": tried, not chosen
    attr = m.group("attr") or m.group("attr2")
    purpose = _PURPOSE.search(m.group("v"))
    if shapes.unnamed(m.group("v")[: purpose.start()] if purpose else m.group("v")):
        # "we moved to something else", "I switched to another carrier": no new value, the old one ends
        kind = m.group("v").split()[-1] if not purpose else ""
        return shapes.unnamed_change(clause, lang, old=m.group("old"), kind=kind,
                                     attribute=attr or (purpose.group("for") if purpose else ""))
    # "We moved our CI to GitHub Actions": what is moved is what the value is for; money moved to a bank the list
    # names ("I moved my money to Capital One") is a switch of bank, as "I switched to Capital One" (no user.money)
    if attr and tool_kinds.kind_of(provider := clean_value(m.group("v"), lang)) in _PROVIDER_KINDS:
        return chosen(provider, "user.uses", clause, lang, statement=f"uses {provider}")
    if attr:
        return attribute_finding(attr, m.group("v"), clause, lang, purpose=True)
    if re.search(r"back|reverted", m.group("verb"), _IC) and (
            (m.group("art") or "").lower().startswith("a") or _NO_RETURN.match(m.group("v"))):
        return []  # a return names what it returns to: "I went back to work", "we reverted to the old process"
    the = re.match(r"^[a-z][\w\- ]*?\s(?P<head>[a-z]+)$", m.group("v"))
    if (m.group("art") or "").lower().startswith("the") and the is not None:
        return attribute_finding(the.group("head"), m.group("v"), clause, lang)  # "to the night shift"
    value = re.sub(r"^using\s+", "", clean_value(_FOR_A_TIME.sub("", _as_of_cut(m.group("v"))), lang),
                   flags=_IC)  # "using Vim"
    article = m.group("art") or re.match(r"using\s+(?:an?|the)\s", m.group("v"), _IC)
    if re.match(r"\w+ing\b", value) and not article:  # "I've gone back to running": a habit (extract.habits); not
        return []  # "to a standing desk": a thing
    if re.match(r"(?:it|that|this|them|these|those|something|anything|one|another)\b", value):
        return []  # "I switched to it": the thing is named elsewhere
    if article and re.search(r"\sdiet$", value, _IC):  # "switched to a vegan diet" says the diet kept now, as
        return [replace(f, clause=clause) for f in diets.regimen_en(f"I'm on a {value}", None)]  # "I'm on a …" does
    # "moved to Berlin from Paris", "switched to Linear instead of Jira": the old value said after the new one
    value, _, came = re.sub(r"\s+(?:from|instead of|rather than)\s+", "\0", value, count=1, flags=_IC).partition("\0")
    came = _PLACE_TAIL.sub("", came).strip(" .,")  # "from Dallas in 2019"
    old = m.group("old") or came
    over = re.search(r"\bover\s+to\b", clause, _IC)  # "I've moved over to Obsidian": a switch, no relocation
    if m.group("verb").lower() == "moved" and not over and (home := _A_HOME_IN.match(value)) is not None:
        if not home.group("place"):
            return []  # "We moved to a house": a new home named nowhere, no thing used
        return [Finding("identity.location", _PLACE_TAIL.sub("", home.group("place")), CONF_PREFER, clause)]
    if m.group("verb").lower() == "moved" and not over and value[:1].isupper() \
            and shapes.named_value(value) is None:  # "I moved to Linux": a named thing, no place
        place = _PLACE_TAIL.sub("", value)  # "Portland to live with my sister", "Austin for work"
        # an old value named ("from Jenkins to GitHub Actions") leaves the speaker alone no default of a home
        alone = not old and not re.match(r"(?:we|our|the)\b", m.group(0), _IC)
        if places.known_place(old) or shapes.moved_home(sentence, place, group=not alone, lang="en"):
            return [Finding("identity.location", place, CONF_PREFER, clause)]  # "I've moved to Berlin"
        if not old and not shapes.moved_onto_a_thing(sentence, place):
            return []  # "We moved to Bath.": a town no database names or a tool no list knows; neither is stored
    if m.group("verb").lower() == "moved" and not over and not value[:1].isupper():  # typed in lower case
        place = _PLACE_TAIL.sub("", value)
        if places.known_place(place):  # "moved to denver last wk": the city, as "Denver" is
            return [Finding("identity.location", string.capwords(place), CONF_PREFER, clause)]
        if not old and not shapes.moved_onto_a_thing(sentence, place):
            return []  # "I moved to a new place": no thing used named
    if (purpose := _PURPOSE.search(value)) is not None:  # "switched to Obsidian for notes": what it is for
        return attribute_finding(purpose.group("for"), value[: purpose.start()], clause, lang, purpose=True)
    said = f"uses {m.group('art') or ''}{value}" if (m.group("art") or "").lower().startswith("a") else f"uses {value}"
    found = shapes.switched_to(value, clause, lang, statement=said)
    return instead(found, came, lang) if came and not m.group("old") else found


#: What a return goes back to that is no thing used: an activity or a state ("back to work", "back to normal"), the
#: listener, or the old value by when it was ("the old process", "my old habits"), which names none.
_NO_RETURN = lazy_regex(r"^(?:using\s+)?(?:work|school|bed|sleep|normal|basics|square one|reality|it|you|them|him|her|"
                        r"me|us|my|our|your|their|his|(?:the\s+)?(?:old|older|previous|former|original|earlier|usual)"
                        r")\b", _IC)
#: A home of some kind in a named place, moved to: "a house in Bath", "a flat in Leeds", "a bigger apartment near
#: Austin" is a move to that place (before: ``tool.uses = house in Bath``, which superseded the bank said before).
_A_HOME_IN = lazy_regex(r"^(?:(?:new|bigger|smaller|little|small|big|nice|tiny|two-bedroom|one-bedroom)\s+)*"
                        r"(?:house|flat|apartment|condo|home|place|studio|townhouse|cottage|bungalow)"
                        r"(?:\s+(?:in|near|outside|just outside)\s+(?P<place>[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)*.*))?"
                        r"\s*[.!]?$", _IC)
#: What follows a place moved to and is no part of it: why, with whom, when.
_PLACE_TAIL = lazy_regex(r"\s+(?:to|for|with|since|because|when|where|and|in|last|this|after|a few)\b.*$", _IC)
#: What a chosen thing is for, after it: "for notes", "for our CI", "for work".
#: A length of time after "for" is how long, no purpose ("I switched to dark mode for a minute", "for a while",
#: "for now", "for two weeks").
_FOR_A_WHILE = (r"(?:a|an|one|two|three|a few|some|the)\s+(?:few\s+|couple\s+of\s+)?(?:second|minute|moment|hour|day|"
                r"week|month|while|bit|time)s?(?:\s+or\s+(?:two|so))?")
#: A switch said to last a while only is no standing change: nothing is stored; one "for good" or "for now" is one.
#: "as of <time>" closing a switch: when the new thing took over ("switched to Linear as of Monday"), no part of it.
_AS_OF = lazy_regex(r"\s+as\s+of\s+(?P<t>.+?)[.!]*$", _IC)
#: A month or a year alone, which ``timex.time_span`` does not read whole ("as of January", "as of 2025").
_MONTH_OR_YEAR = lazy_regex(r"(?:19|20)\d\d|(?:jan|febr)uary|march|april|may|june|july|august|september|october|"
                            r"november|december", _IC)


def _as_of_cut(value: str) -> str:
    """``value`` without a closing "as of <time>" (``_AS_OF``) whose words are a time ``timex.time_span`` reads
    whole, a month or a year ("Linear as of this week" → "Linear", "Firefox as of yesterday", "Asana as of
    January"); as said otherwise."""
    m = _AS_OF.search(value)
    if m is None or not (_MONTH_OR_YEAR.fullmatch(m.group("t")) or time_span(m.group("t")) == (0, len(m.group("t")))):
        return value
    return value[: m.start()]


_FOR_A_TIME = lazy_regex(rf"\s+for(?:\s+(?:(?P<while>{_FOR_A_WHILE})|good|now|ever))?[.!]*$", _IC)
_PURPOSE = lazy_regex(rf"\s+for\s+(?!{_FOR_A_WHILE}$|now$|today$|good$|ever$)"
                      r"(?:my\s+|our\s+|the\s+)?(?P<for>[a-z][\w-]*(?:\s+(?!now$)[a-z][\w-]*)?)"
                      r"(?:\s+now)?$", _IC)


def _restricted(m: re.Match[str], clause: str, lang: str) -> list[Finding]:
    """"These days I only use email", "Nowadays it's only green tea for me": the one value that holds now."""
    verb = (m.group("verb") or "drink").lower()
    value = clean_value(m.group("v") or m.group("v2"), lang)
    key, said = VERB_KEYS[verb]
    if verb == "use" and (channel := gazetteer.contact_channel(value)):  # "I only use email"
        return [Finding("contact.channel", channel, CONF_PREFER, clause)]
    if verb in ("use", "read on"):
        return chosen(value, key, clause, lang, statement=said.format(v=value))
    return [Finding(key, value, CONF_PREFER, clause, statement=said.format(v=value))] if value else []


# the speaker's own stop too: "We've stopped using Jira", "We no longer use Jira", "We've dropped Jira", "We got
# rid of Jira" end it as "stop using" does
_STOP = lazy_regex(r"^(?:please\s+)?(?:stop|quit)\s+using\s+(?:the\s+)?(?P<v>.+?)(?:\s+for\s+(?:my|our)\s+\w+)?$"
                   r"|^(?:we|i)(?:'ve|\s+have)?\s+(?:(?:stopped|quit)\s+using|got(?:ten)?\s+rid\s+of)"
                   r"\s+(?:the\s+)?(?P<v5>.+?)$"
                   r"|^(?:we|i)\s+no\s+longer\s+use\s+(?:the\s+)?(?P<v6>.+?)$"
                   # a service one is no longer on, by name: "I'm not on Twitter anymore", "We're no longer on Jira"
                   r"|^(?:i'm|i am|we're|we are)\s+(?:no\s+longer\s+on\s+(?P<v8>.+?)|not\s+on\s+(?P<v9>.+?)\s+"
                   r"(?:anymore|any more|any longer))$"
                   r"|^(?:please\s+|we\s+|i\s+)?(?:don't|do not)\s+use\s+(?:the\s+)?(?P<v4>.+?)"
                   r"\s+(?:anymore|any more|any longer)$"
                   r"|^(?:not|no more)\s+(?P<v2>.+?)(?:\s+(?:anymore|any more|any longer))?$"
                   # a thing left by name: "we moved off Slack", "I ditched Notion", "We've dropped Jira", "I deleted
                   # Duolingo" (not "I moved off campus"; "I dropped keto" is a diet given up: ``cessation``)
                   r"|^(?:we|i)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?(?:ditched|dropped|deleted|uninstalled|"
                   r"moved\s+off(?:\s+of)?|moved\s+away\s+from)\s+(?:the\s+)?(?P<v10>(?-i:[A-Z])[\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*){0,2})$"
                   # an end said as being done with a thing, or a use forbidden for good: "I'm done with Jira",
                   # "Never use DPD again" (a name only: "I'm done with work" ends no thing used, ``_ENDED_NAME``)
                   r"|^(?:(?:i'm|i am|we're|we are)\s+(?:so\s+|totally\s+|completely\s+)?(?:done|through|finished)\s+"
                   r"with|(?P<never>never|(?:don't|do not)\s+ever)\s+(?:use|using|order\s+from|buy\s+from))\s+"
                   r"(?:the\s+)?(?P<v7>.+?)(?(never)\s+again)$"
                   r"|^(?:forget|drop|ditch)\s+(?:the\s+)?(?P<v3>.+?)$", _IC)
_RESTORE = lazy_regex(r"^(?:let's\s+|please\s+)?(?:go\s+)?back\s+(?:to|on)\s+(?:the\s+)?(?P<v>.+?)$"
                      r"|^(?:i'll|we'll|i will)\s+take\s+(?:the\s+)?(?P<v2>.+?)\s+again$"
                      r"|^we're\s+back\s+(?:on|to)\s+(?P<v3>.+?)$"
                      r"|^(?:use\s+)?(?P<v4>.+?)\s+again(?:\s+please)?$"
                      # the replacement said after the stop: "stop using UPS, use DHL from now on"
                      # ... or said of the speaker: "we got rid of Slack, we use Teams now"
                      r"|^(?:and\s+|but\s+)?(?:please\s+|(?:we|i)\s+|(?:we're|i'm)\s+)?(?:use|using|switch\s+to|"
                      r"switched\s+to|go\s+with|take)\s+(?:the\s+)?(?P<v5>.+?)"
                      r"(?:\s+(?:instead|from now on|going forward|now))?(?:\s+please)?$"
                      # "we moved off Slack, it's all Teams now": what is used now, said as what it all is
                      r"|^(?:it's|its|it is)\s+(?:all\s+)?(?P<v6>.+?)\s+(?:now|these days|nowadays)$", _IC)


def withdrawn_and_restored(sentence: str) -> list[Finding]:
    """"Not DHL anymore, let's go back to FedEx", "Please stop using UPS", "Stop using UPS, use DHL
    from now on": the dropped value withdrawn and the restored or new one chosen, under the key
    either names (a carrier, a seat)."""
    clauses = [c for c in _CLAUSES.split(sentence.strip().rstrip(".!")) if c]
    out: list[Finding] = []
    dropped: list[str] = []
    alone = False  # only a stop of using X withdraws on its own; "not peanuts" may contrast ("I like pizza, not sushi")
    refused: list[str] = []  # what "never use X again" keeps from use for good
    done: list[str] = []  # what one is done with: any habit naming it ends
    for clause in clauses:
        if _LEFT_FOR.match(clause) is not None:
            return []  # "We dropped Jenkins for GitHub Actions": a switch (``changed``), no end of "Jenkins for ..."
        if (m := _STOP.match(clause)) is not None:
            said = next(m.group(g) for g in _STOPPED if m.group(g))
            if not m.group("v2"):  # "we stopped using Jira last quarter": Jira ("No more TypeError today" names none)
                said = _without_when(said)
            things = shapes.named_things(clean_value(re.sub(r",?\s+please$", "", said, flags=_IC), "en"))
            by_name = bool(things) and all(_ENDED_NAME.match(t) for t in things)
            if (m.group("v7") or m.group("v8") or m.group("v9") or m.group("v10")) and not by_name:
                return []  # "I'm done with work", "never use tabs again": no named thing (a habit reads the latter)
            dropped += things
            refused += things if m.group("never") else []
            if m.group("v7") and not m.group("never"):  # "I'm done with CrossFit": a habit of it ends too ("I go to
                done += things  # CrossFit every morning"), as a thing used of that name does
            # "No more Jira" ends the thing it names; "not peanuts" may contrast ("I like pizza, not sushi")
            named_end = by_name and clause.lower().startswith("no more")
            alone = alone or named_end or any(m.group(g) for g in ("v", "v4", "v5", "v6", "v7", "v8", "v9", "v10"))
        elif dropped and (m := _RESTORE.match(clause)) is not None:
            value = clean_value(next(g for g in m.groups() if g), "en")
            if (m.group("v5") or m.group("v6")) and shapes.named_value(value) is None \
                    and tool_kinds.kind_of(value) is None:
                continue  # "stop using UPS, use it sparingly": only a named thing (DHL, VS Code, Teams) replaces it
            if m.group("v4") and re.match(r"[a-z]+ing\b", value, _IC):
                continue  # "not vegetarian anymore, eating meat again": a doing again, no thing restored
            out += chosen(value, "user.uses", clause, "en", statement=f"uses {value}")
    if not dropped or not (out or alone):
        return []
    withdrawn = [f for value in dropped for f in chosen(value, "user.uses", sentence, "en", retract=True)]
    named = next((f.key for f in out + withdrawn if f.key != "user.uses"), None)
    # a value named under a key (DHL, a window seat) brings the key to the other: "the aisle" is a seat
    return [replace(f, key=named) if named and f.key == "user.uses" else f for f in out + withdrawn] + [
        forbidden.forbidden_thing(v, sentence, "en") for v in refused] + [  # and the standing no ("avoids DPD")
        Finding("preference.habit", v, CONF_PREFER, sentence, retract=True) for v in done]


#: The groups of ``_STOP`` that hold the thing stopped.
_STOPPED = ("v", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10")


def _without_when(said: str) -> str:
    """``said`` without a closing time that says when the stop came ("Jira last quarter" → "Jira", "Notion a while
    ago"), which ``timex.time_span`` reads to its end; as said otherwise."""
    span = time_span(said)
    if span is not None and span[1] == len(said) and span[0] > 0:
        return said[:span[0]].strip()
    return _WHEN_AFTER.sub("", said)


#: A closing "when" ``timex`` does not read as a time of its own ("a while ago", "last quarter").
_WHEN_AFTER = lazy_regex(r"\s+(?:a\s+while\s+(?:ago|back)|recently|lately|(?:last|this)\s+(?:quarter|semester|term|"
                         r"season))$", _IC)
#: A thing ended by name ("I'm done with Jira", "Never use DPD again"): one to four words, each starting with a
#: capital or a digit ("Jira", "VS Code", "1Password"), as a name is written; "work", "tabs", "this", a quoted
#: remark ("No more 'I don't have it'") or a name with words after it ("No more KeyError this time") name none.
_ENDED_NAME = lazy_regex(r"^[A-Z0-9][\w.+#&-]*(?:\s+[A-Z0-9][\w.+#&-]*){0,3}$")
