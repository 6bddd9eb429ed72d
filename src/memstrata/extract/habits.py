"""Habits said with how often, and taking something up again or giving it up.

**How often** (``frequency_en``): "I run every morning", "I go swimming on weekends", "I do yoga
twice a week", "Every morning I run" are the user's habits (``preference.habit``, the clause after
"I" as the value: "run every morning"), as "I always ..." and 我每天早上跑步 already were (the
English ones stored nothing before). A feeling or thought ("I miss you every
day"), a past ("I ran every morning last year", "I used to run every morning"), a negation or a
future ("I don't run every morning", "I'll run every morning") is none.

**Taking up again and giving up**, the withdrawals of stale dislikes and habits:

The shape "I eat meat again" was read for the diet only:
"I don't drink coffee anymore" then "I started drinking coffee again", 我不吃辣 then 我现在能吃辣了
or 我又开始吃辣了, 我以后不喝咖啡了 then 我又开始喝咖啡了 left the dislike or the "不喝咖啡" habit
current, and 我每天早上跑步 then 我不再跑步了 ("I don't run any more") left the running habit. An
agent then offers tea to a coffee drinker and asks about the morning run that stopped.

Both readings are added beside whatever else a clause states (``find_zh`` / ``find_en``, called by
``patterns_*.find``), so they never hide another fact of the clause:

* **Taking up again** (``restart_zh`` / ``restart_en``): 又开始X, 重新X,
  现在能X了, "started X-ing again", "I'm X-ing again", "I can eat X now". Withdrawn: dislikes of the
  thing eaten or drunk (``food.dislike``, ``preference.dislike``) and negative habits of the activity
  (a ``preference.habit`` whose value says the user does not do it: 不喝咖啡, "never drink coffee").
* **Giving up** is a statement shape of its own (``extract.cessation``): 不再X, 已经不X了, 戒了X, "I don't
  X any more", "I no longer X", "I quit X". Withdrawn: positive habits of the activity (每天早上跑步,
  "always run in the morning"), and a like of what was eaten or drunk is superseded.

A habit is a phrase, not a value named as a whole, so ``withdraws_habit`` matches by the activity
inside it and by its polarity (``ingest`` asks it for ``preference.habit`` withdrawals): 不再跑步
withdraws 每天早上跑步 but not 从不跑步, and 又开始喝咖啡 withdraws 不喝咖啡 but not 每天喝咖啡.
"""

from __future__ import annotations

import re

from memstrata.extract import gazetteer
from memstrata.extract.cessation import QUIT_KEYS, quit_habit
from memstrata.extract.clauses import CONF_PREFER, CONF_STATED, Finding, clean_value, third_person
from memstrata.extract.guards import zh_points_away
from memstrata.extract.pursuits import pastime_en, pastime_zh
from memstrata.text.regex import lazy_regex
from memstrata.text.tokens import index_terms, is_cjk

_IC = re.IGNORECASE

# --- Chinese ---------------------------------------------------------------------------------

#: 我又开始喝咖啡了 / 我重新开始跑步 / 我现在能吃辣了 / 我现在也敢吃辣了 / 我又喝咖啡了. 能/可以/敢 say it
#: only as a change (现在, 已经, 终于 before, or the sentence's 了 after): 我能吃辣 alone is an ability.
_RESTART_ZH = lazy_regex(r"^我(?P<now>(?:现在|最近|已经|终于|也|又)*)(?P<m>又开始|又重新|重新开始|重新|再次|又|开始|"
                         r"能够|能|可以|敢)(?P<act>.+)$")
_CHANGE_ZH = lazy_regex(r"现在|已经|终于|最近")
#: Diets said with 吃 (我又开始吃素了): read as the diet itself (``food.diet``), no eating habit.
_DIETS_ZH = frozenset({"吃素", "吃纯素", "吃清真"})
#: The words of ``_RESTART_ZH`` that say "again" (又, 重新, 再次), not a first beginning (开始) or an ability (能).
_AGAIN_ZH = frozenset({"又开始", "又重新", "重新开始", "重新", "再次", "又"})
#: What a restarted or stopped "activity" is not: a state, a liking, a place, an ability (read by
#: other patterns, or no habit at all).
_NOT_ACTIVITY_ZH = lazy_regex(r"^(?:对|是|在|住|用|使用|喜欢|爱|讨厌|想|要|会|能|知道|觉得|认识|记得|过敏|太|很|好|"
                              # learning is its own shape (我最近开始学做菜了: activity.learning), no habit taken up
                              r"学|练|一样|了|吗|呢|这|那|你|他|她)")
_EAT_DRINK_ZH = lazy_regex(r"^(?P<verb>吃|喝)(?P<obj>.+)$")
#: How much said between the verb and the food (我现在能吃一点辣了): a little of it is still eating it again, as
#: 我现在能吃辣了 is; before, 吃一点辣 withdrew no 不吃辣.
#: An amount with no food after it (我现在能吃一点) names nothing eaten: before, it withdrew 不吃一点.
_A_LITTLE_ZH = lazy_regex(r"^(?P<verb>吃|喝)(?:一点点|一点儿|一点|一些|点儿|点)(?P<rest>.*)$")


def _activity_zh(act: str) -> str | None:
    act = clean_value(act, "zh")
    # 我能够帮助你就很开心: a clause about the listener or a feeling, not something the user does
    # 我开始不吃肉了 takes up no activity: it begins not doing one (no withdrawal of 不不吃肉); 我开始戒烟了 and
    # 我开始减肥了 begin a goal (``plans.goal_zh``), no habit of 戒烟 taken up again
    if (not act or _NOT_ACTIVITY_ZH.match(act) or len(act) > 12 or zh_points_away(act) or re.search(r"就|很", act)
            or act.startswith(("不", "没", "戒", "减"))):
        return None
    return act


def restart_zh(clause: str, ctx: object) -> list[Finding]:
    """Withdrawals said by taking something up again, in one Chinese clause (see the module doc)."""
    m = _RESTART_ZH.match(clause)
    if m is None:
        return []
    said = m.group("act")
    if (little := _A_LITTLE_ZH.match(said)) is not None:
        if not clean_value(little.group("rest"), "zh"):
            return []
        said = f"{little.group('verb')}{little.group('rest')}"
    if (act := _activity_zh(said)) is None:
        return []
    sentence = str(getattr(ctx, "sentence", clause))
    if m.group("m") in ("能够", "能", "可以", "敢") and not (
            _CHANGE_ZH.search(m.group("now")) or re.search(rf"{re.escape(act)}了", sentence)):
        return []  # 我能吃辣 states an ability, not a change
    if m.group("m") == "开始" and not re.search(rf"{re.escape(act)}了", sentence):
        return []  # 我开始喝咖啡 without 了 is as often a plan as a change
    eat_drink = _EAT_DRINK_ZH.match(act)
    out = _restarted(act, f"不{act}", eat_drink, clause)
    ability = m.group("m") in ("能够", "能", "可以", "敢")
    if (eat_drink is not None and not ability and (m.group("m") in _AGAIN_ZH or "又" in m.group("now"))
            and act not in _DIETS_ZH):  # 我又开始吃素了: the diet is back (food.diet), no habit beside it
        # the habit is back, said as one, as "I started drinking coffee again" is: 我又开始喝咖啡了 is 喝咖啡 (a later
        # quit ends it). 开始 alone is read by the patterns (user.drinks), 能 / 敢 say an ability
        said = f"{eat_drink.group('verb')}{clean_value(eat_drink.group('obj'), 'zh')}"
        out.append(Finding("preference.habit", said, CONF_STATED, clause, statement=f"又{said}"))
    return out


# --- English ---------------------------------------------------------------------------------

#: "I started drinking coffee again", "I've gone back to running", "I'm drinking coffee again",
#: "I'm back to eating spicy food", "I drink coffee again now", "I can eat spicy food now".
#: "Started X" alone is no return ("I started a new job"): it needs "again", a verb of return, or -ing.
_RESTART_EN = lazy_regex(
    r"^i(?:'ve|\s+have)?\s+(?:now\s+)?(?:started|begun|began|taken up|took up)\s+(?P<a>.+?)\s+again$"
    r"|^i(?:'ve|\s+have)?\s+(?:now\s+)?(?:resumed|restarted|gone back to|went back to|returned to)\s+(?P<f>\w+ing\b.*)$"
    r"|^(?:i'm|i am)\s+(?:now\s+)?(?:back to\s+(?P<b>\w+ing\b.*?)(?:\s+again)?|(?P<c>\w+ing\b.*?)\s+again)$"
    r"|^i\s+(?:now\s+)?(?P<d>(?:eat|drink|run|cycle|swim|smoke)\b.*?)\s+again$"
    r"|^i\s+(?:now\s+)?(?:can|am able to)\s+(?P<e>(?:eat|drink)\b.+)$", _IC)
_NOT_ACTIVITY_EN = lazy_regex(r"^(?:be|being|like|liking|love|want|need|know|think|live|living|work|working|use|using|"
                              r"have|having|care|mind|feel|get|go|going|see|remember|believe|understand|wear|"
                              r"talk|talking|speak|"
                              # a state of mind, no pastime: "I'm thinking about the Kyoto trip again"
                              r"thinking|wondering|considering|hoping|feeling|looking|trying|seeing|getting)\b", _IC)
_EAT_DRINK_EN = lazy_regex(r"^(?P<verb>eat|eating|drink|drinking|have|having)\s+(?P<obj>.+)$", _IC)


def _activity_en(act: str | None) -> str | None:
    if not act:
        return None
    act = re.sub(r"\s+(?:again|now|every day|daily)$", "", clean_value(act, "en"), flags=_IC)
    return None if not act or _NOT_ACTIVITY_EN.match(act) or len(act.split()) > 6 else act


def restart_en(clause: str, ctx: object) -> list[Finding]:
    """Withdrawals said by taking something up again, in one English clause (see the module doc)."""
    m = _RESTART_EN.match(clause)
    if m is None:
        return []
    act = _activity_en(next((g for g in m.groups() if g), None))
    if act is None:
        return []
    sentence = str(getattr(ctx, "sentence", clause))
    if m.group("e") and not re.search(r"\b(?:now|again|these days)\b", sentence, _IC):
        return []  # "I can eat spicy food" states an ability, not a change
    eat_drink = _EAT_DRINK_EN.match(act)
    out = _restarted(act, f"not {act}", eat_drink, clause)
    verb = eat_drink.group("verb").lower() if eat_drink is not None else ""
    if eat_drink is not None and not m.group("e") and verb not in ("have", "having"):  # "I can eat it now": an ability
        # the habit is back, said as one: "I started drinking coffee again" is "drinks coffee" (a later quit ends it)
        thing = clean_value(eat_drink.group("obj"), "en")
        said = f"{'eats' if verb.startswith('eat') else 'drinks'} {thing}"
        out.append(Finding("preference.habit", said, CONF_STATED, clause, statement=f"{said} again"))
    return out


def _restarted(act: str, negative: str, eat_drink: re.Match[str] | None, clause: str) -> list[Finding]:
    """The withdrawals of taking ``act`` up again: its negative habits, and the dislikes of what it eats or drinks."""
    out = [Finding("preference.habit", negative, CONF_STATED, clause, retract=True)]
    if (dependency := quit_habit(act)) is not None:  # "I started smoking again", "I smoke again": habit.quit = smoking
        out.append(Finding("habit.quit", dependency, CONF_STATED, clause, retract=True))
    if eat_drink is not None:
        thing = clean_value(eat_drink.group("obj"), "zh" if is_cjk(eat_drink.group("obj")[0]) else "en")
        verb = eat_drink.group("verb").lower()
        # what was quit (food.quit / drink.quit: extract.cessation) and a dislike said as ended before it had a key
        quit = [QUIT_KEYS[v] for v in ("吃", "喝", "eat", "drink") if verb.startswith(v)] or ["food.quit", "drink.quit"]
        out += [Finding(key, thing, CONF_STATED, clause, retract=True)
                for key in (*quit, "food.dislike", "preference.dislike",
                            *(["drink.avoid"] if "drink.quit" in quit else []))]
    return out


# --- habits said with how often (English; the Chinese 每天, 每个周末都, 一周三次 are read by patterns_zh._habit) ---

_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
#: Days said together, after "every" one by one ("Monday and Thursday"), after "on" in the plural ("Mondays,
#: Wednesdays and Fridays": "on Friday" is a date, no habit).
_AND = r"(?:\s*,\s*(?:and\s+)?|\s+and\s+)"
_DAYS = rf"{_DAY}(?:{_AND}{_DAY})*"
_DAYS_PLURAL = rf"{_DAY}s(?:{_AND}{_DAY}s)*"
#: A count of things ("three", "2", "2-3", "two or three", "a couple of", "a few", "an"), before what is counted.
_NUMBER_EN = (r"(?:(?<![$€£¥])\d+(?:\.\d+)?(?!\s*(?:dollars|bucks|euros|pounds|usd|eur|gbp)\b)|"
              r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
              r"a dozen|half a dozen)")
_AMOUNT_EN = (rf"(?:{_NUMBER_EN}(?:\s*(?:-|to|or)\s*{_NUMBER_EN})?|a couple(?: of)?|a few|several|a|an|"
              r"half an?|a cup of|a glass of)")
#: How often, as English says it of a habit: "every morning", "each day", "daily", "on weekends",
#: "on Sundays", "twice a week", "three times a week", "most mornings", "in the evenings", "after work".
FREQUENCY_EN = (
    rf"(?:(?:every|each)\s+(?:single\s+)?(?:other\s+)?(?:{_DAYS}|day|morning|night|evening|afternoon|week|weekend|"
    rf"month|year|weekday)|daily|nightly|weekly|on\s+(?:the\s+)?(?:weekends|weekdays|{_DAYS_PLURAL}|weekend mornings|"
    rf"{_DAYS}\s+(?:mornings|evenings|nights|afternoons))|at\s+weekends|"
    # "Monday, Wednesday and Friday evenings": the days' parts in the plural, every such day
    rf"{_DAYS}\s+(?:mornings|evenings|nights|afternoons)|"
    r"(?:once|twice|three times|four times|five times|\d+ times|a few times|several times|a couple (?:of )?times)"
    r"\s+(?:a|per|each|every)\s+(?:day|week|month|year)|most\s+(?:days|mornings|evenings|nights|weekends)|"
    r"in\s+the\s+(?:mornings|evenings|afternoons)|before\s+work|after\s+work|"
    # an amount in each period: "three coffees a day", "2-3 beers a night", "6 hours a night", "an apple a day"
    rf"{_AMOUNT_EN}\s+(?:[a-z'-]+\s+){{0,3}}?(?:a|per|each)\s+(?:day|night|week|weekend|month|year))")
#: A recurrence, not a date: "every Monday", "each weekend", "on Sundays", "twice a week". A clause
#: with one states no dated event ("I'm in the office every Monday" was stored as scheduled for the
#: coming Monday, "I have to work every weekend" as "to work every").
RECURRING_EN = lazy_regex(
    rf"\b(?:(?:every|each)\s+(?:single\s+)?(?:other\s+)?(?:day|morning|night|evening|afternoon|week|weekend|month|"
    rf"year|weekday|{_DAY})|on\s+(?:the\s+)?(?:weekends|weekdays|{_DAY}s)|"
    r"(?:once|twice|three times|\d+ times|a few times|several times)\s+(?:a|per|each|every)\s+"
    r"(?:day|week|month|year))\b",
    _IC)
#: The hour a habit keeps, said after how often ("every morning at 6", "at 6:30am", "at noon"): part of the habit.
_AT_HOUR_EN = (r"(?:\s+(?:at|around|by|before)\s+(?:about\s+|around\s+)?(?:\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.|"
               r"o'clock)?|noon|midnight|dawn|sunrise|sunset))?")
#: How long each time, after how often: "I meditate every morning for ten minutes", "I run daily for about an hour".
_FOR_HOW_LONG_EN = (r"(?:\s+for\s+(?:about\s+|around\s+|roughly\s+)?"
                    rf"(?:{_NUMBER_EN}(?:\s*(?:-|to|or)\s*{_NUMBER_EN})?|an?|half\s+an?)\s+"
                    r"(?:minutes?|mins?|hours?|hrs?|miles?|km|kilometers?|kilometres?))?")
_FREQUENCY_LAST = lazy_regex(rf"^(?:i|we)\s+(?P<v>.+\b{FREQUENCY_EN}{_AT_HOUR_EN}{_FOR_HOW_LONG_EN})$", _IC)
#: A part of the day said once ("in the evening"): how often only in a sentence that says what holds these days
#: (``_HOLDS_NOW_EN``: "these days I swim in the evening"); alone it is as often a plan ("I fly out in the evening"),
#: and after a verb of liking a like ("I usually prefer deep work in the morning").
_PART_OF_DAY_LAST = lazy_regex(r"^(?:i|we)\s+(?!(?:\w+\s+)?(?:prefer|like|love|enjoy|want|need|plan)\b)"
                               r"(?P<v>.+\bin\s+the\s+(?:morning|evening|afternoon))$", _IC)
_HOLDS_NOW_EN = lazy_regex(r"\b(?:these\s+days|nowadays|usually|normally|generally|typically)\b", _IC)
#: A word after a habit that says it took another's place or holds now: "I swim every evening instead".
_CHANGED_TAIL_EN = lazy_regex(r"\s*,?\s+(?:instead|now|these\s+days|nowadays)(?=[\s.!]*$)", _IC)
#: A habit said with "usually" and its hour, no other word of how often: "I usually walk the dog at 7am", "I normally
#: leave work at 5:30".
_USUAL_HOUR = lazy_regex(r"^(?:i|we)\s+(?P<v>(?:usually|normally|typically|generally)\s+.+?\s+at\s+"
                         r"\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)?)$", _IC)
_FREQUENCY_FIRST = lazy_regex(rf"^(?P<f>{FREQUENCY_EN})\s*,?\s*(?:i|we)\s+(?P<v>.+)$", _IC)
#: What a habit's first word is not: a feeling, a thought, an auxiliary (a negation, a future, a
#: past), a state ("I miss you every day", "I don't run every morning", "I'll run every day").
_NOT_HABIT_VERB_EN = lazy_regex(
    r"^(?:feel|think|wonder|know|want|wish|hope|miss|love|like|enjoy|hate|worry|need|seem|look|remember|forget|"
    r"believe|dream|am|'m|was|were|will|'ll|would|'d|can|could|should|might|may|must|don't|do not|didn't|"
    r"doesn't|can't|cannot|won't|never|used|get|got|'ve|have to|had|be|being|thank|appreciate|mean|see you|"
    r"talk to you|chat|text you|call you)\b", _IC)
#: Adverbs of frequency before the verb, kept in the value ("usually go swimming on weekends").
_HOW_OFTEN_EN = lazy_regex(r"^(?:(?:usually|often|normally|generally|typically|sometimes|regularly|still|also|mostly|"
                           r"try to|like to|tend to|always)\s+)*", _IC)


#: Words before a habit's verb that stay as they are ("always run", "usually go swimming").
_BEFORE_VERB_EN = frozenset({"always", "never", "usually", "often", "normally", "generally", "typically", "sometimes",
                             "regularly", "still", "also", "mostly", "rarely", "seldom", "just", "even", "really",
                             "frequently", "occasionally", "actually"})
#: Third persons that are not the verb and "s": "have" → "has", "don't" → "doesn't"; a modal stays.
_THIRD_PERSON_EN = {"have": "has", "do": "does", "go": "goes", "be": "is", "am": "is", "don't": "doesn't",
                    "can": "can", "can't": "can't", "will": "will", "won't": "won't", "must": "must",
                    "should": "should", "may": "may", "might": "might", "would": "would", "could": "could"}


def said_of_user(habit: str) -> str:
    """``habit``, an English habit as the user said it of themselves ("run every morning"), as its
    statement reads: a fact about the user, its first verb in the third person as other statements
    are ("lives in Boston", "likes eating sushi"); a habit read "run every morning", like an order.

    >>> said_of_user("run every morning"), said_of_user("always go to bed at 11"), said_of_user("usually watch TV")
    ('runs every morning', 'always goes to bed at 11', 'usually watches TV')
    >>> said_of_user("study Spanish daily"), said_of_user("do yoga twice a week"), said_of_user("play tennis")
    ('studies Spanish daily', 'does yoga twice a week', 'plays tennis')
    """
    words = habit.split(" ")
    at = next((i for i, w in enumerate(words) if w.lower() not in _BEFORE_VERB_EN), len(words))
    if at == len(words) or not re.fullmatch(r"[a-z][a-z']*", words[at]):
        return habit  # no verb to read, or a name ("Python every day")
    words[at] = third_person_verb(words[at])
    return " ".join(words)


def third_person_verb(verb: str) -> str:
    """The third-person singular of a plain lower-case English verb (``said_of_user``'s; "I don't work at Google, my
    wife does" says "my wife works at Google": ``extract.deflected``).

    >>> [third_person_verb(v) for v in ("live", "have", "carry", "watch", "go", "can")]
    ['lives', 'has', 'carries', 'watches', 'goes', 'can']
    """
    if verb in _THIRD_PERSON_EN:
        return _THIRD_PERSON_EN[verb]
    if re.search(r"(?:s|sh|ch|x|z|o)$", verb):
        return f"{verb}es"
    if re.search(r"[^aeiou]y$", verb):
        return f"{verb[:-1]}ies"
    return f"{verb}s"


def frequency_en(clause: str, ctx: object) -> list[Finding]:
    """The user's habit said with how often in one English clause (see the module doc), else ``[]``."""
    holds_now = _HOLDS_NOW_EN.search(f"{getattr(ctx, 'sentence', '')} {clause}")
    clause = _CHANGED_TAIL_EN.sub("", clause)
    m = _FREQUENCY_LAST.match(clause) or _USUAL_HOUR.match(clause)
    if m is None and holds_now:
        m = _PART_OF_DAY_LAST.match(clause)  # "These days I swim in the evening instead"
    value = m.group("v") if m else None
    if m is None and (m := _FREQUENCY_FIRST.match(clause)) is not None:
        value = f"{m.group('v')} {m.group('f').lower()}"  # "Every morning I run": "run every morning"
    if not value:
        return []
    verb = value[_HOW_OFTEN_EN.match(value).end():]  # type: ignore[union-attr]
    # "I really enjoy hiking on weekends": a like, read by the like patterns
    verb = re.sub(r"^(?:(?:really|just|already|actually|also|even|totally|absolutely|do|definitely|kind of|kinda|truly|"
                  r"genuinely|honestly|personally)\s+)+", "", verb, flags=_IC)
    first = verb.split()[0] if verb.split() else ""
    action = re.sub(rf"\s*,?\s*\b{FREQUENCY_EN}\s*", " ", verb, flags=_IC).strip()
    if not first or _NOT_HABIT_VERB_EN.match(verb) or _PAST_EN.match(first) or _LATER_EN.search(value) \
            or re.search(r"\b(?:you|your|yours|it|that|this|them|there|those|these)\b", value, _IC) \
            or re.fullmatch(r"(?:go|do|play|have|make|get|try)", action, _IC):
        return []  # "I miss you every day", "I do it every day", "I go every day": no activity named
    value = _HEDGE_EN.sub("", value)  # "drink like three coffees a day": the amount, not how sure of it one is
    value = _measure_of_what(value, str(getattr(ctx, "sentence", clause)), clause)
    if not value:
        return []
    value = third_person(clean_value(value, "en"))  # "walk my dog every evening": their dog, as a statement reads
    if len(value.split()) > 10:
        return []
    return [Finding("preference.habit", value, CONF_PREFER, clause, statement=said_of_user(value))]


#: An amount with no thing after it ("drink 4 cups a day"): of what is said earlier in the sentence, or not at all.
_MEASURE_ONLY_EN = lazy_regex(r"^(?P<head>(?:drink|eat|have)\s+(?:\d+|an?|one|two|three|four|five|six|seven|"
                              r"eight|nine|ten|a few|a couple|several)\s+(?:of\s+)?(?:cups?|glasses|glass|mugs?|"
                              r"bottles?|cans?|shots?|pints?|pieces?|slices?|servings?|bowls?))(?P<rest>\s+(?!of\b).*)?$",
                              _IC)
#: The gazetteer's keys of what is drunk or eaten, the thing an amount said alone is of.
_CONSUMED_KEYS = frozenset({"drink.like", "food.like"})


def _measure_of_what(value: str, sentence: str, clause: str) -> str:
    """``value`` with the thing its bare amount is of ("drink 4 cups a day" after "she hates coffee but": "drink 4 cups
    of coffee a day"): the drink or food the gazetteer finds in ``sentence`` before ``clause``; ``""`` when an amount
    names no thing and none is said before it (a habit of nothing); ``value`` unchanged when it names its thing."""
    m = _MEASURE_ONLY_EN.match(value)
    if m is None:
        return value
    at = sentence.find(clause)
    hit = gazetteer.lookup(sentence[:at]) if at > 0 else None
    if hit is None or hit.key not in _CONSUMED_KEYS:
        return ""
    return f"{m.group('head')} of {hit.value}{m.group('rest') or ''}"


#: A hedge before an amount or how often ("like three coffees a day", "about 2 beers a night", "maybe twice a week"):
#: how sure the speaker is of the count, no part of the habit.
_HEDGE_EN = lazy_regex(rf"\b(?:like|about|around|roughly|maybe|approximately|approx\.?|probably|kinda|kind of|"
                       rf"something like)\s+(?=(?:{_NUMBER_EN}|a couple|a few|several|once|twice)\b)", _IC)


#: A past verb form: "ran", "went", "walked" (a habit that was, not one that is).
_PAST_EN = lazy_regex(r"^(?:\w+ed|ran|went|swam|did|ate|drank|had|rode|drove|flew|took|made|got|was|were|used|saw|met|"
                      r"bought|spent|sat|slept|spoke|wrote|woke|wore|fed|kept|left|felt|found|gave|came|thought|knew|"
                      r"said|heard|told|sang|taught|caught|brought|won|lost|paid|sent|built|began|became|fought|held|"
                      r"led|rang|threw|grew|drew|hung|shot|stood|understood)$", _IC)
#: A time that makes the frequency a period over ("every morning last year", "every day in 2019").
_LATER_EN = lazy_regex(r"\b(?:last|ago|back then|when i was|as a kid|in (?:19|20)\d\d|until)\b", _IC)


# --- matching a withdrawal against a stored habit -----------------------------------------------

_NEGATION_ZH = lazy_regex(r"不|没|别|戒")
_NEGATION_EN = lazy_regex(r"\b(?:never|not|no|don't|do not|doesn't|no longer|stop|stopped|quit|avoid)\b|n't\b", _IC)


#: A count between a verb and its object in a habit (打两次羽毛球, 抽半包烟, 喝三杯咖啡), with how sure it is.
_COUNT_ZH = r"(?:大概|差不多|大约)?(?:[一两二三四五六七八九十几\d]+|半)(?:个)?[\u4e00-\u9fff]?"


def _find_act_zh(act: str, stored: str) -> int:
    """Where the Chinese activity ``act`` (打羽毛球, 抽烟) is in the stored habit ``stored``, said whole or with a
    count between its verb (the first one or two letters) and its object (一周打两次羽毛球, 一天抽半包烟); -1 when it
    is not."""
    if (at := stored.find(act)) >= 0 or len(act) < 2:
        return at
    for cut in (1, 2)[: len(act) - 1]:
        m = re.search(re.escape(act[:cut]) + _COUNT_ZH + re.escape(act[cut:]), stored)
        if m is not None:
            return m.start()
    return -1


def withdraws_habit(named: str, stored: str) -> bool:
    """Whether the habit withdrawal ``named`` (``不喝咖啡`` / ``not drinking coffee``: taking it up again;
    ``跑步`` / ``run``: giving it up) withdraws the stored habit ``stored``: the activity is inside
    it and it says the same polarity (a negative withdrawal retires only habits of not doing it).

    >>> withdraws_habit("跑步", "每天早上跑步"), withdraws_habit("跑步", "从不跑步")
    (True, False)
    >>> withdraws_habit("不喝咖啡", "不喝咖啡"), withdraws_habit("不喝咖啡", "每天喝咖啡")
    (True, False)
    >>> withdraws_habit("打羽毛球", "一周大概打两次羽毛球"), withdraws_habit("抽烟", "一天抽半包烟")
    (True, True)
    >>> withdraws_habit("not drinking coffee", "never drink coffee"), withdraws_habit("run", "always run at 6")
    (True, True)
    >>> withdraws_habit("not drinking coffee", "always drink coffee"), withdraws_habit("run", "never run")
    (False, False)
    """
    if not named or not stored:
        return False
    if any(is_cjk(ch) for ch in named):
        negative = named.startswith("不")
        act = named[1:] if negative else named
        at = _find_act_zh(act, stored)
        return at >= 0 and bool(_NEGATION_ZH.search(stored[:at])) == negative
    negative = named.lower().startswith("not ")
    act = named[4:] if negative else named
    terms = set(index_terms(act))
    return bool(terms) and terms <= set(index_terms(stored)) and bool(_NEGATION_EN.search(stored)) == negative


def find_zh(clause: str, ctx: object) -> list[Finding]:
    """Taking up again and a pastime said plainly (我打网球: ``pursuits.pastime_zh``) in one Chinese clause
    (``patterns_zh.find`` adds them to the clause's findings); giving up is a statement shape of its own
    (``extract.cessation``)."""
    return restart_zh(clause, ctx) + pastime_zh(clause)


def find_en(clause: str, ctx: object) -> list[Finding]:
    """Taking up again and a pastime said plainly ("I play tennis": ``pursuits.pastime_en``) in one English
    clause (``patterns_en.find`` adds them to the clause's findings); giving up is a statement shape of its own
    (``extract.cessation``)."""
    return restart_en(clause, ctx) + pastime_en(clause)
