"""English patterns of instructions, standing habits, likes and dislikes and tools used
(``patterns_en`` tries them in order)."""

from __future__ import annotations

import re
from dataclasses import replace

from memstrata.extract import cessation, directives, gazetteer, guards, habits, shapes, subject_en
from memstrata.extract.clause_en import _IC, _PAST, _PRONOUN, _Ctx, _f
from memstrata.extract.clauses import (
    CONF_INFORMAL,
    CONF_LIKE,
    CONF_NEGATIVE,
    CONF_PREFER,
    CONF_STATED,
    DEGREE_EN,
    Finding,
    Polarity,
    clean_value,
    like_finding,
    third_person,
)
from memstrata.text.regex import lazy_regex

_DONT = lazy_regex(r"^(?:please\s+)?(?:don't|do not|dont|never|please don't)\s+(?P<v>.+)$", _IC)

_LEAVE = lazy_regex(r"^(?:(?:please|just|always|only)\s+)*(?:leave|put|drop|deliver|drop off)\s+"
                    r"(?:it|them|(?:the |my |all )?(?:packages?|parcels?|deliver(?:y|ies)|orders?))"
                    r"\s+(?P<v>.+)$", _IC)

_USE = lazy_regex(r"^(?:please\s+)?(?:always\s+)?(?:use|ship(?: (?:it|them|everything|my orders?))?"
                  r" (?:with|via|by|using|through)|send(?: (?:it|them|everything))? (?:with|via|by|"
                  r"using|through)|go with|choose|pick|switch to|stick with|stick to|"
                  r"(?:switch|change|go|get|revert)\s+back\s+to(?:\s+using)?)\s+(?P<v>.+)$", _IC)


# "I ship everything with FedEx": the user's own habit, as firm as "always ship with".
_I_SHIP = lazy_regex(r"^(?:i|we)\s+(?:always\s+|usually\s+|only\s+|now\s+|mostly\s+|normally\s+)?"
                     r"(?:ship|send|mail)(?:\s+(?:it|them|everything|all|stuff|things|my (?:orders?|"
                     r"packages?|parcels?|stuff)))?\s+(?:with|via|by|using|through)\s+(?P<v>.+)$", _IC)

#: A shipping verb whose with / via / by names a carrier even when the list does not: "ship", "mail", or
#: "send" of the user's parcels ("send it with Tom" hands one thing to a person).
_SHIPS_UNLISTED = lazy_regex(r"^(?:please\s+)?(?:always\s+)?(?:(?:i|we)\s+(?:\w+\s+)?)?(?:ship|mail|send\s+"
                             r"(?:everything|all|my\s+(?:orders?|packages?|parcels?)|"
                             r"(?:the\s+)?(?:orders?|packages?|parcels?)))\b", _IC)

_PREP = lazy_regex(r"\b(?:at|on|in|by|with|outside|near|to|inside|behind)\s+(?:(?:the|my|a|our)\s+)?$", _IC)


def _dropoff_phrase(text: str) -> str | None:
    """The place phrase of a delivery instruction ("at the door"), with its preposition."""
    m = gazetteer.find_dropoff(text)
    if m is None:
        return None
    prep = _PREP.search(text[: m.start()])
    return text[prep.start() if prep else m.start() : m.end()]


def _instruction(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _DONT.match(clause)
    if m:
        place = _dropoff_phrase(m.group("v"))
        if place is not None:
            return _f("shipping.dropoff", f"not {place}", CONF_NEGATIVE, clause)
        if ctx.habit or (clause.lower().startswith("never") and _standing_never(m.group("v"))):
            return _habit_fallback(clause, ctx, CONF_NEGATIVE)
        return []  # "don't worry" is chatter, "never give up" advice: no standing preference
    m = _LEAVE.match(clause)
    if m and (place := _dropoff_phrase(m.group("v"))) is not None:
        return _f("shipping.dropoff", place, CONF_PREFER if ctx.habit else CONF_NEGATIVE, clause)
    m = _USE.match(clause) or _I_SHIP.match(clause)
    if m:
        hit = gazetteer.lookup(m.group("v"))
        if hit is None and _SHIPS_UNLISTED.match(clause):
            hit = gazetteer.unlisted_carrier(m.group("v"), shipped=True)  # "ship with Royal Mail"
        if hit is not None and hit.named:
            firm = ctx.habit or bool(re.search(r"\b(?:always|only)\b|^(?:i|we)\b", clause, _IC))
            return [Finding(hit.key, hit.value, CONF_PREFER if firm else CONF_INFORMAL, clause)]
    return []


def _standing_never(rest: str) -> bool:
    """True if a subjectless "never …" instructs ("never call before 9") or names a tool.

    Between people "never give up" and "never been to Japan" are advice and past
    experience, not preferences to store.
    """
    hit = gazetteer.lookup(rest)
    return bool(_INSTRUCT.match(rest) or re.match(r"(?:call|send|ship|text|email|ring)\b", rest, _IC)
                or (hit is not None and hit.named))


_ALWAYS = lazy_regex(r"^(?:i|we)\s+(?P<adv>always|never|usually|often|regularly|frequently)\s+(?P<v>.+)$", _IC)

#: "I always feel nervous", "I always lose", "I never want to …": moods and outcomes.
_NOT_HABIT = lazy_regex(r"^(?:(?:really|just|ever|even)\s+)*(?:feel|think|wonder|know|want|wish|hope|"
                        r"look forward|lose|seem|forget|remember|worry|need|have to|get|love|like|"
                        r"enjoy|hate|turn to)\b", _IC)

#: Words that point at something named before ("there", "it", "you"): a habit with one names no activity.
_POINTING = lazy_regex(r"\b(?:you|your|yours|it|that|this|them|there|those|these)\b", _IC)

_INSTRUCT = lazy_regex(r"^(?:please\s+)?(?:reply|respond|answer|talk|speak|write|address me|"
                       r"explain|use)\b", _IC)


def _habit(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _ALWAYS.match(clause)
    if not m:
        return []
    rest = re.sub(r"^(?:(?:really|just|ever|even|actually)\s+)+", "", m.group("v"), flags=_IC)
    if _PAST.match(rest) or _NOT_HABIT.match(rest):
        return []  # "I never thought so" is a remark about the past, not a habit
    adv = m.group("adv").lower()
    hit = gazetteer.lookup(m.group("v"))
    if adv == "always" and hit is not None and hit.named:
        return [Finding(hit.key, hit.value, CONF_PREFER, clause)]
    if adv == "usually":
        return []
    if adv in ("often", "regularly", "frequently") and _POINTING.search(m.group("v")):
        return []  # "I often go there to relax", "I often think of you": what it is, the chat said before
    if guards.en_pro_form(rest.partition(" ")[2]):
        return []  # "I never eat them either", "I always do that": the thing was said before, not named
    return [replace(f, statement=habits.said_of_user(f.value))
            for f in _f("preference.habit", f"{adv} {m.group('v')}", CONF_PREFER, clause)]


#: A person alone, with no verb: what "and I" cut off ("my wife and I will ...").
_ONLY_SOMEONE = lazy_regex(r"(?:my|our)\s+(?:[\w-]+\s+)?[\w-]+(?:\s+[A-Z][a-z]+)?", _IC)


def _habit_fallback(clause: str, ctx: _Ctx, conf: float = CONF_PREFER) -> list[Finding]:
    """A clause under "from now on" that no specific pattern read. A way of working said to the agent is the
    sentence's instruction (``extract.directives``: "From now on, run ruff before committing"); what the user says
    they will do ("I'll go to bed before 11") is stated as a fact about them (``habits.said_of_user``); anything
    else ("be concise") is kept as said."""
    text = re.sub(r"^(?:i(?:'ll| will| want(?: you)? to| would like(?: you)? to)|please)\s+", "",
                  clause, flags=_IC)
    if _ONLY_SOMEONE.fullmatch(text):
        return []  # "From now on my wife and I will eat at 7": "my wife" alone, cut off before "and I", does nothing
    if (other := subject_en.someone_will(text)) is not None:
        # "From now on my sister will go grocery shopping on Sundays": the sister's habit, never the user's
        who, done = other
        found = [replace(f, statement=habits.said_of_user(f.value)) for f in _f("preference.habit", done, conf, clause)]
        return shapes.about(found, who) if who else []
    # "From now on you are not a chatbot", "you'll reply in French": said to the assistant, about the assistant
    to_assistant = _INSTRUCT.match(text) or re.match(r"(?:you|you're|you'll|your)\b", text, _IC)
    key = "assistant.instruction" if to_assistant else "preference.habit"
    found = _f(key, text, conf, clause)
    if key == "preference.habit" and found and len(said := directives.find_en(ctx.sentence)) == 1:
        return said
    if key == "preference.habit" and re.match(r"i(?:'ll| will)\s", clause, _IC):
        return [replace(f, statement=habits.said_of_user(f.value)) for f in found]
    return found


_DEGREE = DEGREE_EN
_ADV = r"(?:(?:really|also|actually|just|totally|absolutely|do|definitely|still|kind of|kinda|" \
       r"truly|much|generally|usually|personally|genuinely|simply|honestly|always|mainly|mostly|especially|" \
       rf"particularly|now|currently|nowadays|tend to|{_DEGREE})\s+)*"

_LIKE = lazy_regex(
    # "I'd rather …" with no space before the verb: "'d rather" was never read ("I would rather …" was)
    rf"^(?:i|we)(?:(?:'ve|\s+have)(?=\s+stopped\b))?(?:\s+{_ADV}|(?='d\s+rather\b))"
    r"(?P<verb>like|love|enjoy|adore|prefer|hate|dislike|detest|loathe|"
    r"can't stand|cannot stand|can't bear|don't like|do not like|don't really like|do not really like|"
    r"don't particularly like|don't especially like|don't really enjoy|"
    r"don't enjoy|don't care for|no longer like|no longer love|no longer enjoy|stopped liking|stopped loving|"
    r"stopped enjoying|would rather|'d rather)\s+(?P<v>.+)$"
    rf"|^(?:i'm|i am)\s+(?:(?:{_DEGREE}|more|much more|way more)\s+)*(?:(?:a|such a)\s+)?(?:(?:big|huge|real|"
    r"massive|total|die-?hard|major)\s+)?(?P<verb2>fan of|into|fond of|crazy about|sucker for|"
    r"obsessed with|passionate about|not a fan of|not a big fan of|not a huge fan of|not really a fan of|"
    r"not really into|not into|not fond of|partial to|big on|not big on|not really big on|not much for"
    # a like that has ended, said as chat says it: "I'm so over pottery" ("I've gone off sushi" is read as it,
    # ``_GONE_OFF``): a thing named bare; "over the moon", "over 30", "over Tom", "over my ex", "over halfway" are none
    r"|over(?=\s+(?!(?:the|a|an|my|our|his|her|their|your|it|that|this|them|him|you|there|here|halfway|half|"
    r"about|around|all|everything|nothing|something|someone)\b)(?-i:[a-z])))"
    r"\s+(?P<w>.+)$",
    _IC,
)

#: Words that make a like or a dislike milder than the verb alone ("I don't really like spicy food",
#: "I kind of like jazz", "not a big fan of"), or say it holds only at times ("I like sushi
#: sometimes"): the statement keeps them (``_said``), or it says more than the user did.
_HEDGE_EN = lazy_regex(r"\b(?:(?:don't|do not|not)\s+(?:really|particularly|especially|a big|a huge)|kind of|kinda|"
                       r"sort of|somewhat)\b", _IC)

#: "... spicy food much", "... that much", "... sometimes": a qualifier after the object, not part of it
#: (the value was stored as "spicy food much", "sushi sometimes").
#: "I like tea better now": how much more, said after it ("tea better", "green more" were stored).
_QUALIFIER_AFTER = lazy_regex(r"(?<=\w)\s+(?:(?:a lot|a little|much|way|far|even)\s+)?(?:better|more)$"
                              r"|\s+(?:(?:all\s+)?that much|too much|much|at all|sometimes|occasionally|at times|"
                              r"once in a while|every now and then|now and then|from time to time)$", _IC)


def _said(clause: str) -> str:
    """``clause`` ("I don't really like spicy food") in the third person, as a statement
    ("does not really like spicy food"); the speaker's "my" read as "their" (``third_person``)."""
    text = re.sub(r"^(?:i|we)\s+(?:(?:also|just|actually|do)\s+)*", "", clause, flags=_IC)
    text = re.sub(r"^(?:'m|am)\s+|^(?:i'm|i am)\s+", "is ", text, flags=_IC) if re.match(r"(?i)i'm|i am", clause) \
        else text
    text = re.sub(r"^(?:don't|do not)\b", "does not", text, flags=_IC)
    text = re.sub(r"^((?:(?:really|kind of|kinda|sort of|somewhat|only|usually|still)\s+)*)"
                  r"(like|love|enjoy|prefer|hate|dislike)\b", lambda m: f"{m.group(1)}{m.group(2)}s", text, flags=_IC)
    return third_person(clean_value(text, "en"))


#: "No longer" reads as "don't … anymore" does: the like ended is a dislike now, which supersedes it.
_DISLIKE_VERBS = ("hate", "dislike", "detest", "loathe", "can't", "cannot", "don't", "do not", "not", "no longer",
                  "stopped", "over")

#: "I've gone off sushi", "I kinda went off jazz": a like ended, said as "I'm over sushi".
_GONE_OFF = lazy_regex(r"^(?:i|we)(?:'ve|\s+have)?\s+(?:(?:kind of|kinda|totally|really|completely|just)\s+)?"
                       r"(?:gone|went)\s+off\s+(?=\w)", _IC)

_OBJ_END = lazy_regex(r"\s+(?:because|since|but|though|although|when|whenever|if|so that|"
                      r"over|rather than|more than|instead of)\b.*$"
                      # a verb of liking after "and" starts a clause of its own, no part of the object: "into cars too
                      # and love making new and powerful models" (stored "love making new" and "powerful models")
                      r"|\s+(?:(?:too|as well)\s+)?and\s+(?:i\s+)?(?:also\s+|really\s+)?"
                      r"(?:love|like|enjoy|adore|hate)\b.*$"
                      # how much: "I love bacon way too much to be kosher" likes bacon and says no diet
                      r"|\s+(?:(?:way|wa+y|far|so|just)\s+)?(?:too|to|so)\s+much\b.*$"
                      # where or during what it is done, no part of what is liked: "podcasts on my commute",
                      # "audiobooks while I run" (a time of day stays: "I prefer blocking creative work in the morning"
                      # prefers the time)
                      r"|\s+(?:on|during)\s+(?:my|the|our)\s+(?:commutes?|drives?|way\s+(?:to|home)\b.*|runs?|walks?|"
                      r"lunch\s+breaks?|breaks?|flights?|trips?)$"
                      r"|\s+in\s+the\s+(?:car|shower|gym)$"
                      r"|\s+while\s+(?:i\s+)?\w+(?:ing)?\b.*$", _IC)

_HINTS: tuple[tuple[re.Pattern[str], str], ...] = (
    (lazy_regex(r"^(?:to\s+)?(?:eat|eating)\s+", _IC), "food.like"),
    (lazy_regex(r"^(?:to\s+)?(?:drink|drinking)\s+", _IC), "drink.like"),
    (lazy_regex(r"^(?:to\s+)?(?:listen|listening)\s+to\s+", _IC), "music.like"),
    (lazy_regex(r"^(?:to\s+)?(?:watch|watching)\s+", _IC), "media.like"),
    (lazy_regex(r"^(?:to\s+)?(?:use|using|code in|coding in|program in|programming in|write code in|"
                r"writing code in|work in|working in)\s+", _IC), ""),
)

#: What "watching" names as media: a show, a film, a sport's games, a title (a capital); "watching birds", "watching
#: the sunset" are pastimes said with their verb.
_WATCHED_MEDIA = lazy_regex(r"\b(?:movies?|films?|shows?|series|tv|television|anime|documentar\w*|dramas?|cartoons?|"
                            r"videos?|youtube|netflix|sitcoms?|games?|matches|sports?|football|basketball|soccer|"
                            r"baseball|hockey|tennis|cricket|f1|formula|plays?|musicals?|concerts?|streams?|"
                            r"news|episodes?|horror|comed\w*|thrillers?|action|sci-fi|romances?|k-?dramas?|"
                            r"reality|cooking shows?)\b|(?-i:^[A-Z\"'])", _IC)

_EAT_NOT = lazy_regex(r"^(?:i|we)(?:'ve|\s+have)?\s+(?P<neg>don't|dont|do not|never|can't|cannot|no longer|stopped)\s+"
                      r"(?P<verb>eat|drink)(?:ing)?\s+"
                      r"(?P<v>.+)$", _IC)

#: What "I don't eat pork" says, in the third person: not that the user dislikes pork (the key,
#: ``food.dislike``, is "a food the user dislikes or does not eat"), but that they do not eat it. The
#: statement said "does not like eating pork" and "dislikes coffee" for "I never drink coffee".
_NOT_EAT_SAID = {"don't": "does not {v}", "dont": "does not {v}",
                 "do not": "does not {v}", "never": "never {v}s", "can't": "cannot {v}",
                 "cannot": "cannot {v}", "no longer": "no longer {v}s", "stopped": "stopped {v}ing"}


def _not_eat(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _EAT_NOT.match(clause)
    if not m:
        return []
    verb = m.group("verb").lower()
    # not drinking something is no dislike of it (``drink.avoid``); the food key holds what is not eaten as its own
    key = "food.dislike" if verb == "eat" else "drink.avoid"
    found = _f(key, _OBJ_END.sub("", m.group("v")), CONF_NEGATIVE, clause)
    said = _NOT_EAT_SAID[m.group("neg").lower()].format(v=verb)
    return [replace(f, statement=f"{said} {third_person(f.value)}") for f in found]


#: A habit of keeping away from something: "I avoid gluten", "I try to stay away from sugar", "we steer clear of pork".
#: "I'm avoiding alcohol this month" is for a while, no standing habit, and is not read here.
_AVOID = lazy_regex(r"^(?:i|we)\s+(?:(?:usually|always|mostly|generally|really|also|try\s+to|tend\s+to)\s+)*"
                    r"(?:avoid|stay\s+away\s+from|steer\s+clear\s+of|keep\s+away\s+from)\s+(?P<v>.+?)[.!]?$", _IC)
#: A time the thing is kept away from, no part of it: "caffeine after 2pm", "sugar on weekdays".
_AVOID_WHEN = lazy_regex(r"\s+(?:after|before|at|on|during|in\s+the)\s+.*$|\s+(?:at\s+night|these\s+days|"
                         r"when(?:ever)?\s+i\s+can|if\s+i\s+can|as\s+much\s+as\s+(?:i\s+can|possible))$", _IC)


def _avoided(clause: str, ctx: _Ctx) -> list[Finding]:
    """What the user keeps away from eating or drinking: "I avoid gluten" → ``food.dislike = gluten`` ("avoids
    gluten"), "I try to avoid caffeine after 2pm" → ``drink.avoid = caffeine``; the keys of "I don't eat / drink X"
    (``_not_eat``). Only what ``cessation.consumed_en`` knows is eaten or drunk: "I avoid flying" states no food.
    Before, each of these stored nothing."""
    m = _AVOID.match(clause.strip())
    if not m:
        return []
    things = re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+",
                      _AVOID_WHEN.sub("", _OBJ_END.sub("", m.group("v"))).strip())
    eaten = [(thing, cessation.consumed_en(thing)) for thing in things if thing]
    if not eaten or any(consumed is None for _, consumed in eaten):
        return []  # "I avoid gluten and crowds": one thing no food, and the list is read as nothing
    return [replace(f, statement=f"avoids {third_person(f.value)}")
            for thing, consumed in eaten if consumed is not None
            for f in _f("food.dislike" if consumed[0] == "eat" else "drink.avoid", thing, CONF_NEGATIVE, clause)]


#: "I prefer tea to coffee", "I prefer walking to driving": the thing passed over after "to", as after "over". Not a
#: "to" that goes on the preferred thing ("I prefer driving to work", "I prefer listening to podcasts": a doing before a
#: place or a thing, not before another doing) or asks for something of it ("I prefer emails to be short", "I prefer my
#: kids to ..."): both sides alike, nouns or doings, each a few words ("I prefer server-side rendering but use JS charts
#: to balance performance" prefers no thing over another).
_PREFER_TO = lazy_regex(
    r"^(?P<head>(?:i|we)\s+(?:(?:much|really|generally|usually|personally|definitely|still|also|now|actually|"
    r"honestly|always|mostly|just)\s+)*prefer\s+)"
    r"(?P<x>(?!(?:to|my|our|your|his|her|their|its|it|them|him|us|me|you)\b)"
    r"(?:(?!(?:but|and|or|so|because|to|for)\b)[^\s,;]+\s+){0,4}?(?!(?:but|and|or|so|because|to|for)\b)[^\s,;]+)\s+to\s+"
    r"(?P<y>(?!(?:be|start|end|begin|go|come|stay|have|get|take|make|do|run|finish|happen|arrive|work|call|text|"
    r"email|meet|send|use|eat|drink|sit|wait|keep|look|feel|know|see|pay|ask|let|help|reach|contact|talk|speak|"
    r"write|reply|respond|read|learn|play|hear|leave|book|fly|ship|deliver|\w+ly)\b)\w[\w'-]*(?:\s+[\w'-]+){0,5})$",
    _IC)
#: "I'd rather take the train than fly": what is passed over after "than".
_RATHER_THAN = lazy_regex(r"^(?P<head>(?:i|we)(?:'d|\s+would)\s+(?:much\s+|really\s+)?rather\s+.+?)\s+than\s+(?=\w)",
                          _IC)


def _passed_over_said_as_over(clause: str) -> str:
    """``clause`` with what a preference passes over said after "over" ("I prefer tea to coffee" → "I prefer tea over
    coffee", "I'd rather walk than drive" → "I'd rather walk rather than drive"), which the like reader cuts off and
    a change withdraws (``_OBJ_END``, ``_OVER_NOW``); ``clause`` itself otherwise."""
    if (m := _PREFER_TO.match(clause)) is not None:
        doing = re.compile(r"^\w+ing\b", _IC)
        if bool(doing.match(m.group("x"))) == bool(doing.match(m.group("y"))):
            return f"{m.group('head')}{m.group('x')} over {m.group('y')}"
        return clause
    if (r := _RATHER_THAN.match(clause)) is not None:
        return f"{r.group('head')} rather than {clause[r.end():]}"
    return clause


#: A like said as a standing past ("I've always loved jazz", "I have long preferred trains", "I've never liked
#: olives"): the like said in the present, as "I always love jazz" and "I don't like olives" are read.
_ALWAYS_HAD = lazy_regex(r"^(?P<i>i|we)(?:'ve|\s+have)\s+(?P<how>always|long|never)\s+"
                         r"(?P<verb>loved|liked|enjoyed|preferred|adored|hated|disliked)\b", _IC)
_PRESENT = {"loved": "love", "liked": "like", "enjoyed": "enjoy", "preferred": "prefer", "adored": "adore",
            "hated": "hate", "disliked": "dislike"}
#: A fan of a team, an artist or a thing said before "fan" ("I'm a huge Arsenal fan", "a big jazz fan"): "fan of".
_FAN = lazy_regex(r"^(?P<head>(?:i'm|i\s+am)\s+(?:not\s+)?(?:a|an)\s+(?-i:(?:big|huge|massive|die-?hard|lifelong|"
                  r"long-?time|real|total|devoted|loyal)\s+)*)"  # lower case: "a Real Madrid fan" names the team
                  r"(?P<x>(?-i:(?!(?:big|huge|real)\b))(?!.*\b(?:of|a|an|the|such|bit|your|his|her)\b)"
                  r"[\w.&'-]+(?:\s+[\w.&'-]+){0,2})\s+fan$", _IC)
#: "Spicy food isn't really my thing", "Opera is not my cup of tea": a dislike said of the thing.
_NOT_MY_THING = lazy_regex(r"^(?P<x>(?!(?:it|that|this|which|what|there)\b)[\w' -]{2,40}?)\s+(?:isn't|is not|"
                           r"aren't|are not|'s not|'re not)\s+(?P<hedge>really\s+|exactly\s+|quite\s+)?"
                           r"my\s+(?:thing|cup of tea|jam|scene)$", _IC)
#: "I'm a tea drinker", "I'm not a coffee drinker": what one drinks.
_DRINKER = lazy_regex(r"^(?:i'm|i\s+am)\s+(?P<not>not\s+)?(?:(?:a|an)\s+)?(?:(?:big|huge|heavy|daily|real)\s+)?"
                      r"(?P<x>coffee|tea|green tea|wine|beer|whisk(?:e)?y|milk|water|soda|juice)\s+drinker$", _IC)


def _said_as_a_like(clause: str) -> str:
    """``clause`` said as the like reader reads a like when it says one another way ("I've always loved jazz" → "I
    always love jazz", "I'm a huge Arsenal fan" → "I'm a huge fan of Arsenal", "Spicy food isn't really my thing" →
    "I don't really like spicy food", "I'm a tea drinker" → "I like drinking tea"); ``clause`` itself otherwise."""
    if (m := _ALWAYS_HAD.match(clause)) is not None:
        verb = _PRESENT[m.group("verb").lower()]
        said = f"{m.group('i')} don't {verb}" if m.group("how").lower() == "never" else f"{m.group('i')} always {verb}"
        return f"{said}{clause[m.end():]}"
    if (m := _FAN.match(clause)) is not None:
        return f"{m.group('head')}fan of {m.group('x')}"
    if (m := _DRINKER.match(clause)) is not None:
        return f"I {'do not drink' if m.group('not') else 'like drinking'} {m.group('x')}"
    if (m := _NOT_MY_THING.match(clause)) is not None:
        thing = m.group("x")
        if " " in thing and thing[1:].islower():  # "Spicy food": the sentence's capital, no name
            thing = thing[0].lower() + thing[1:]
        return f"I don't {m.group('hedge') or ''}like {thing}"
    return clause


def _like(clause: str, ctx: _Ctx) -> list[Finding]:
    clause = _passed_over_said_as_over(_said_as_a_like(_GONE_OFF.sub("I'm over ", clause)))
    if clause.startswith("I do not drink "):  # "I'm not a coffee drinker": "I don't drink coffee"
        return _not_eat(clause, ctx)
    m = _LIKE.match(clause)
    if not m:
        return []
    found = _like_of(m, clause, ctx)
    found += _preferred_over(m, ctx.sentence, found)
    qualified = _QUALIFIER_AFTER.search(m.group("v") or m.group("w") or "")
    before_object = clause[: m.start("v") if m.group("v") else m.start("w")]
    if qualified or _HEDGE_EN.search(before_object) or (m.group("verb2") or "").lower() == "over":
        return [replace(f, statement=_said(clause)) for f in found]  # "does not really like spicy food"
    return found


#: "I prefer tea over coffee now": what the preferred thing is chosen over, when the clause says it is a change.
_OVER_NOW = lazy_regex(r"\s+(?P<w>over|rather than|instead of)\s+(?P<old>[\w' -]+?)"
                       r"(?:\s+(?:now|these days|nowadays))?$", _IC)
#: A change or a correction said in the sentence: "now", or "actually" / "no," before the like ("Actually no, I like
#: coffee rather than tea": the tea said before was wrong).
_NOW = lazy_regex(r"\b(?:now|these days|nowadays|actually)\b|^(?:no|nope|sorry|wait|oops)\b", _IC)


def _preferred_over(m: re.Match[str], sentence: str, found: list[Finding]) -> list[Finding]:
    """The like withdrawn by a preference said as a change ("Actually I prefer tea over coffee now": coffee was
    liked, tea is now): a like of the thing passed over, in the same key as the preferred one; ``[]`` when the
    sentence says no change ("I prefer tea over coffee" ranks two likes) or names nothing passed over. "Instead of"
    says the change itself ("I like coffee instead of tea"), after any verb of liking."""
    verb = (m.group("verb") or m.group("verb2") or "").lower()
    over = _OVER_NOW.search(m.group("v") or "")
    if over is None or len(found) != 1 or found[0].retract or found[0].key.endswith("dislike"):
        return []
    instead = over.group("w").lower() == "instead of"
    if not (instead and verb in ("like", "love", "enjoy", "prefer", "adore")) and not (
            verb == "prefer" and _NOW.search(sentence)):
        return []
    old = clean_value(over.group("old"), "en")
    if not old or old.casefold() == found[0].value.casefold():
        return []
    return [replace(found[0], value=old, retract=True, statement="")]


def _like_of(m: re.Match[str], clause: str, ctx: _Ctx) -> list[Finding]:
    """The findings of a like or dislike ``_LIKE`` matched in ``clause``."""
    verb = (m.group("verb") or m.group("verb2")).lower()
    polarity: Polarity = "dislike" if verb.startswith(_DISLIKE_VERBS) else "like"
    conf = CONF_PREFER if verb in ("prefer", "would rather", "'d rather") else CONF_LIKE
    preferred = clean_value(_OBJ_END.sub("", m.group("v") or ""), "en")
    if conf == CONF_PREFER and (channel := gazetteer.contact_channel(preferred)):
        return [Finding("contact.channel", channel, CONF_PREFER, clause)]  # "I prefer phone calls now"
    obj = _QUALIFIER_AFTER.sub("", guards.EN_NO_LONGER.sub("", _OBJ_END.sub("", m.group("v") or m.group("w"))))
    obj = re.sub(r"^(?:(?:also|really|just|especially|still)\s+)+", "", obj, flags=_IC)
    obj = _TO_RELAX_BY.sub("", obj)  # "I like to relax by reading": reading is the taste
    if verb in ("would rather", "'d rather"):
        obj = _HAVE_RATHER.sub("", obj)  # "I'd rather have tea": tea
    if not guards.en_object_ok(obj):
        return []  # "I love your turtles", "I love how …", "I love to.": not a taste of the user's
    hint = ""
    for pattern, key in _HINTS:
        if pattern.match(obj):
            if key == "media.like" and not _WATCHED_MEDIA.search(pattern.sub("", obj, count=1)):
                break  # "I enjoy watching birds": a pastime said with its verb, not a show
            if key == "music.like" and _SPOKEN.match(pattern.sub("", obj, count=1)):
                # "listening to podcasts": no music, a like as its favourite is, kept generic (keyed by meaning, an
                # embedder put podcasts back under music.like)
                obj, hint = pattern.sub("", obj, count=1), "preference.like"
                break
            obj, hint = pattern.sub("", obj, count=1), key
            break
    if _PRONOUN.match(clean_value(obj, "en")) or not guards.en_object_ok(obj):
        return []  # "I love it", "I hate that"; "I love to." after its hint is cut
    if _RUNNING_SOMETHING.match(obj):
        # "I love running my own studio": running a thing is managing it, not the sport the gazetteer
        # and the embedding read in "running" (a LoCoMo import stored sport.like): a generic like
        key = "preference.like" if polarity == "like" else "preference.dislike"
        return _f(key, third_person(obj), conf, clause)
    found = like_finding(third_person(obj), polarity, conf, clause, "en", hint=hint)
    if verb in ("would rather", "'d rather") and re.match(r"be\b", obj, _IC):
        return []  # "I'd rather be safe than sorry", "I'd rather be consistent with five than burn out": a way to be
    if verb in ("would rather", "'d rather") and not re.search(r"\bthan\b", clause, _IC):
        # "I'd rather have tea", "I'd rather listen to jazz": a taste when what is chosen is a thing of a kind (a drink,
        # a food, music, a show) or set against another ("I'd rather read than watch TV"); "I'd rather wait until the
        # bugs are fixed", "I'd rather stay home tonight", "I'd rather keep things simple" choose what to do this time
        return [f for f in found if f.key not in ("preference.like", "preference.dislike")]
    return found


#: What is had after "rather" ("I'd rather have tea"): the thing chosen, as "drink" and "eat" are cut.
_HAVE_RATHER = lazy_regex(r"^(?:have|having)\s+(?:an?\s+|some\s+)?(?=\w)", _IC)


#: A way of resting before what is done for it ("to relax by reading", "to unwind by painting"): the activity after
#: "by" is what is liked, in -ing ("to relax by the pool" names a place, and stays as said).
_TO_RELAX_BY = lazy_regex(r"^to\s+(?:relax|unwind|chill(?:\s+out)?|de-?stress|recharge|decompress)\s+by\s+(?=\w+ing\b)",
                          _IC)

#: What one listens to that is no music: spoken audio ("podcasts", "audiobooks", "talk radio"), liked as "my favourite
#: podcast is …" is (``preference.like``), never ``music.like``.
_SPOKEN = lazy_regex(r"^(?:(?:true[- ]crime|comedy|tech|history|news|political|sports|business)\s+)?(?:podcasts?|"
                     r"audiobooks?|audio\s*books?|talk\s+radio|radio\s+shows?|lectures?|sermons?|ted\s+talks?|"
                     r"the\s+news)\b", _IC)

#: "running" with an object is managing something ("running my own studio", "running a café").
_RUNNING_SOMETHING = lazy_regex(r"^(?:running|run)\s+(?:my|a|an|the|our|his|her|their|this|that|own)\b", _IC)

#: "I drink my coffee black", "I take my tea with milk": how the user has a drink is a taste of theirs.
_DRINK_HOW = lazy_regex(r"^(?:i|we)\s+(?:usually\s+|always\s+|only\s+|just\s+|normally\s+|like to\s+|prefer to\s+)?"
                        r"(?:drink|take|have|like|prefer|want)\s+my\s+(?P<d>coffee|tea|espresso|latte|whiskey|whisky)\s+"
                        r"(?P<how>black|white|strong|weak|iced|hot|sweet|unsweetened|decaf|neat|on the rocks|"
                        r"(?:with|without)\s+(?:(?:a\s+)?(?:little|bit of|splash of|dash of|lots of|some|no)\s+)?"
                        r"(?:oat\s+|soy\s+|almond\s+|skim\s+|whole\s+)?(?:milk|sugar|cream|honey|lemon|ice|sweetener))$",
                        _IC)


def _drink_how(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _DRINK_HOW.match(clause)
    if not m:
        return []
    drink, how = m.group("d").lower(), m.group("how").lower()
    value = f"{drink} {how}" if how.startswith(("with", "on the")) or how == "neat" else f"{how} {drink}"
    return _f("drink.like", value, CONF_PREFER if re.search(r"\bprefer\b", clause, _IC) else CONF_STATED, clause)


_I_USE = lazy_regex(r"^(?:i(?='m)|(?:i|we)\s+)(?:mostly\s+|mainly\s+|mostly\s+|now\s+|only\s+)?(?:use|'m using|"
                    r"am using|code in|program in|write code in|work in)\s+"
                    r"(?P<v>.+)$", _IC)


def _use(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _I_USE.match(clause)
    if not m:
        return []
    hit = gazetteer.lookup(m.group("v"))
    if hit is None or not hit.named:
        return []  # "I use a laptop" names nothing the taxonomy keys
    return [Finding(hit.key, hit.value, CONF_STATED, clause)]


#: "I'm a coffee person", "I'm more of a tea person", "I'm definitely a dog person": a taste said as the kind of
#: person one is.
_PERSON = lazy_regex(rf"^(?:i'm|i am)\s+(?P<neg>(?:really\s+)?not\s+(?:really\s+|much\s+of\s+|that\s+much\s+of\s+)?)?"
                     rf"(?:(?:{_DEGREE}|definitely|more of|much more of|way more of)\s+)*(?:a|an)\s+"
                     r"(?P<x>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:person|guy|gal|girl)$", _IC)
#: The animals one is "a … person" of, liked as their plural ("a cat person" likes cats).
_PET_PERSON = {"cat": "cats", "dog": "dogs"}


def _person_of(clause: str, ctx: _Ctx) -> list[Finding]:
    """A like said as the kind of person one is: "I'm more of a tea person" → ``drink.like = tea``, "I'm a cat
    person" → ``preference.like = cats``, "I'm not much of a coffee person" a dislike. Only a thing the gazetteer
    knows as a taste (a food, a drink, a sport, a hobby, music) or a pet: "a morning person", "a people person" say
    how one is, no taste. Before, nothing."""
    m = _PERSON.match(clause.strip().rstrip(".!"))
    if m is None:
        return []
    thing = m.group("x").lower()
    polarity: Polarity = "dislike" if m.group("neg") else "like"
    if thing in _PET_PERSON:
        return like_finding(_PET_PERSON[thing], polarity, CONF_LIKE, clause, "en")
    hit = gazetteer.lookup(thing)
    if hit is None or hit.named or (hit.start, hit.end) != (0, len(thing)) or not hit.key.endswith(".like"):
        return []
    return like_finding(m.group("x"), polarity, CONF_LIKE, clause, "en")
