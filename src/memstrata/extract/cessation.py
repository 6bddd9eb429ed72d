"""Giving something up: one statement shape, a cessation marker and an activity or its object.

我不再喝咖啡了, 我以后不喝咖啡了, 我戒了咖啡, 我戒咖啡了, 我把咖啡戒了, 我已经不吃肉了, 現在不喝酒了 (Traditional,
read as Simplified), "I no longer drink coffee", "From now on I won't drink coffee", "I quit coffee",
"I gave up coffee", "I don't drink coffee anymore", "I'm not drinking coffee anymore" all say one
thing: the user has stopped doing something. Each was read by a different topic rule before (or by
none): 我不再喝咖啡了 retired 我喜欢喝咖啡 while 我以后不喝咖啡了 stored a habit beside the like and
我戒了咖啡 stored nothing that retired it.

What the shape gives, the same for every wording, through the one fact engine (``facts.engine``):

* a withdrawal of the habit of the activity (``preference.habit``, matched by the activity inside
  a stored habit and its polarity: ``extract.habits.withdraws_habit``), so 每天都喝咖啡 ends;
* when the activity is eating or drinking something (a verb 吃 / 喝 / eat / drink, or a food or drink
  the gazetteer names after 戒 / "quit"), the current fact that the user has quit it (``food.quit`` for a
  food, ``drink.quit`` for a drink, stated 不再喝咖啡 / "no longer drinks coffee"); a dependency quit
  (smoking, vaping, gambling, 抽烟, 嚼槟榔) is ``habit.quit`` ("no longer smokes"). Each supersedes a like of
  the same thing under any like key (``facts.resolve.contradicts``) with its history, and taking it up again
  (我又开始喝咖啡了, "I started smoking again") withdraws it in turn (``extract.habits``). A habit ended is no
  dislike: "I quit coffee" says nothing of its taste (before, it was stored as ``preference.dislike``).

A marker that may say this once (不, "don't", "won't") needs a word of change: 了 after the activity,
现在 / 已经 / 以后 before it, "anymore", "from now on", "again". Not read: a question, a wish or a
plan (我想戒咖啡, "I'm trying to quit coffee"), someone else's words, a verb of use, living or being
(我不再用京东了, "I no longer live in Boston": the retraction rules of those keys), and what one quits
that is no pastime ("I quit my job", "I stopped by the store").

A state said as ended is the mirror of a state said as its beginning (``extract.onset``): "I'm no longer
a nurse", "I don't have a dog anymore", 我现在不养狗了, 我已经不是护士了 are read as the present statement
they end ("I'm a nurse", "I have a dog", 我养狗, 我是护士, ``ended_en`` / ``ended_zh``), and whatever the
rules find in it is withdrawn (``extract.rules``), whatever its key; a pet or a relative is withdrawn by
its kind (``of_kind``: "dog" ends "dog named Max").
"""

from __future__ import annotations

import re

from memstrata.extract import bodily, diets, gazetteer, medication, providers, pursuits, vehicles
from memstrata.extract.clauses import CONF_STATED, Finding, clean_value
from memstrata.extract.for_now import STANDING_ZH
from memstrata.extract.guards import en_pro_form, zh_points_away
from memstrata.extract.timex import time_span
from memstrata.text.regex import lazy_regex
from memstrata.text.tokens import index_terms

_IC = re.IGNORECASE

#: The key of what the user has quit eating or drinking, by the verb of it (``food.quit``, ``drink.quit``); a
#: dependency quit is ``habit.quit``. Keys of their own, no dislike: an ended habit says nothing of a taste.
QUIT_KEYS = {"吃": "food.quit", "eat": "food.quit", "喝": "drink.quit", "drink": "drink.quit"}

# --- Chinese -----------------------------------------------------------------------------------

_NOW_ZH = rf"(?:{STANDING_ZH}|现在|已经|早就|最近|也|都|从此|如今|这些天|这阵子|彻底)"
#: 不怎么 ("not much"), said of an activity now done little (我现在不怎么玩游戏了), is one word: 怎么 is no part of it
#: (it stored the habit 怎么玩游戏 withdrawn).
_CEASE_ZH = lazy_regex(rf"^(?P<me>我们?)?(?P<now>{_NOW_ZH}*)(?P<m>不再|再也不|没再|开始不|不怎么|不|停止了?|停了|"
                       rf"戒掉了|戒了|戒掉|戒|放弃了?)(?P<act>.+)$")
#: 我把咖啡戒了 / 我已经把酒戒掉了: the object before the verb.
_BA_ZH = lazy_regex(rf"^(?P<me>我们?)?(?P<now>{_NOW_ZH}*)把(?P<act>.+?)(?P<m>戒掉了|戒了|戒掉|戒|停了)(?:啦|哦)?$")
#: A discourse word before the clause (不过我已经不喝咖啡了).
_OPENING_ZH = lazy_regex(r"^(?:不过|但是|但|可是|而且|所以|其实|另外|对了|哦|嗯)\s*")
_CHANGE_ZH = lazy_regex(r"现在|已经|早就|以后|今后|从此|从今|如今|这些天|这阵子|彻底")
#: What a given-up "activity" is not: a state, a liking, a use, a place, an ability, a one-off (read by
#: other rules, or no fact at all): 我不再用京东了, 我不再对花生过敏了, 我不想去了; a diet (我不再吃素了:
#: its own retraction).
_NOT_ACTIVITY_ZH = lazy_regex(r"^(?:吃素|吃斋|吃清真|对|是|在|住|用|使用|喜欢|爱|讨厌|想|要|会|能|可以|知道|觉得|认识|"
                              r"记得|过敏|太|很|好|一样|了|吗|呢|这|那|你|他|她|去|来|说|管|理|需要|患|有|得|怕|担心|生气|难过|敢)")
#: Foods and drinks a bare 戒 names beside the gazetteer's (肉 and 酒 are too short to be its words:
#: 酒 would match 酒店).
_DRINKS_ZH = ("酒", "白酒", "啤酒", "茶", "奶", "饮料", "碳酸饮料", "可乐", "咖啡")
_FOODS_ZH = ("肉", "糖", "辣", "甜食", "零食", "宵夜", "夜宵", "荤", "油炸食品", "碳水")


def _consumed_zh(act: str, bare: bool) -> tuple[str, str] | None:
    """``(verb, thing)`` when ``act`` eats or drinks something (喝咖啡 → ``("喝", "咖啡")``); after a
    bare 戒 the thing alone (咖啡 → 喝, 肉 → 吃); else ``None`` (跑步, 烟: a habit, nothing eaten)."""
    if act[0] in "吃喝" and len(act) > 1:
        return act[0], act[1:]
    if not bare:
        return None
    hit = gazetteer.lookup(act)
    whole = hit is not None and (hit.start, hit.end) == (0, len(act))
    if act in _DRINKS_ZH or (whole and hit is not None and hit.key == "drink.like"):
        return "喝", act
    if act in _FOODS_ZH or (whole and hit is not None and hit.key == "food.like"):
        return "吃", act
    return None


def _standing_given_up(act: str, lang: str, clause: str) -> list[Finding]:
    """The withdrawals of the standing state ``act`` names, read as its present statement ("taking metformin" → "I
    take metformin": ``health.medication``; 戴眼镜 → 我戴眼镜; "drive a Tesla" → ``user.car``): a medicine stopped is
    no food disliked (我不吃降压药了 stored ``food.dislike = 降压药``) and glasses no longer worn are no habit."""
    if lang == "zh":
        present = [f"我{act}"]
    else:
        verb, _, rest = act.partition(" ")
        stems = [verb[:-3], f"{verb[:-3]}e"] if verb.lower().endswith("ing") and len(verb) > 5 else [verb]
        present = [f"I {stem} {rest}".strip() for stem in stems]
    readers = (medication.find_zh, vehicles.find_zh, bodily.find_zh) if lang == "zh" else (
        medication.find_en, vehicles.find_en, bodily.find_en)
    for said in present:
        if found := next((f for read in readers if (f := read(said, None))), []):
            return [Finding(f.key, f.value, CONF_STATED, clause, retract=True) for f in found]
    return []


def _pastime_given_up(act: str, lang: str, clause: str) -> list[Finding]:
    """The withdrawal of the pastime ``act`` names (``pursuits.pastime_of``): "I often run" stored
    sport.like = running beside the habit, and "I stopped running" must withdraw both. A pastime given up at a time
    ("I stopped going running every morning", 我不再每天早上跑步了) is withdrawn too: the like a statement of the
    habit stored says that habit, and must not outlive it; ``extract.rules`` keeps it when the same message goes on
    doing the pastime ("...; now I run in the evenings": ``pursuits.kept``)."""
    named = pursuits.pastime_of(act, lang)
    if named is None and lang == "en" and re.match(r"\w+ing\b", act):  # "going running" said as "running ..."
        named = pursuits.pastime_of(f"go {act}", lang)
    if named is None and lang == "en" and (played := re.match(r"(?i)(play|do)ing\s+(.+)$", act)):
        named = pursuits.pastime_of(f"{played.group(1)} {played.group(2)}", lang)  # "I stopped playing tennis"
    return [Finding(named[0], named[1], CONF_STATED, clause, retract=True)] if named else []


def find_zh(clause: str, sentence: str) -> list[Finding]:
    """What giving something up says in one Chinese clause (see the module doc), else ``[]``.

    Args:
        clause: one clause, Simplified (``extract.tidy``), its edge punctuation cut.
        sentence: the whole sentence (its 了 or 以后 may sit outside the clause).
    """
    # the edge time word stays (clean_value would cut 现在 from 现在不喝酒了, the change it says)
    clause = _OPENING_ZH.sub("", clause.strip(" \t，,。.！!；;"))
    if (span := time_span(clause)) is not None and clause[:span[0]] in ("", "我", "我们"):
        clause = clause[:span[0]] + clause[span[1]:]  # 我上个月戒了咖啡: when (``shapes.dated``), not what
    if (past := _USED_TO_ZH.match(clause)) is not None:
        return _used_to(clean_value(past.group("act"), "zh"), "zh", clause)
    m = _BA_ZH.match(clause) or _CEASE_ZH.match(clause)
    if m is None:
        return []
    marker, now = m.group("m"), m.group("now")
    if marker == "不怎么":  # done little now: the habit and the like end, but nothing is quit (no drink.quit)
        plain = find_zh(clause.replace("不怎么", "不", 1), sentence.replace("不怎么", "不", 1))
        return [f for f in plain if f.retract]
    act = clean_value(re.sub(r"(?:了|啦|哦|喽|咯)+$", "", m.group("act")), "zh")
    bare = marker.startswith(("戒", "停了"))
    if bare:  # 我戒烟三个月了: how long ago is when (``since_zh``), not what
        act = _FOR_ZH.sub("", act)
    changed = _CHANGE_ZH.search(now) or re.search(rf"{re.escape(act)}了", sentence) if act else None
    if act and m.group("me") and (bare or marker not in ("不", "没再") or changed) and (
            standing := _standing_given_up(act, "zh", clause)):
        return standing  # 我不吃降压药了: the medicine stopped, 我不戴眼镜了: the glasses
    # 去 is no activity (我不想去了), but going to a place of a pastime is one (我不再去健身房了)
    if not act or (_NOT_ACTIVITY_ZH.match(act) and not pursuits.pastime_of(act, "zh")) or zh_points_away(act) \
            or re.search(r"[就很吗呢]", act) or (bare and re.search(r"失败|不成|不了|不掉", act)) \
            or len(act) > 12 or (len(act) < 2 and not bare):
        return []
    if not m.group("me") and not ((now or bare) and (bare or act[0] in "吃喝抽")):
        return []  # 现在不下雨了 is the weather; without 我 only eating, drinking or smoking is read
    if marker in ("不", "没再") and not (_CHANGE_ZH.search(now) or re.search(rf"{re.escape(act)}了", sentence)):
        return []  # 我不跑步 says what the user does not do, no change
    # 我不再喝咖啡和茶了: each thing given up, never 咖啡和茶 as one
    return [f for one in (listed(act, "zh") or [act]) for f in _given_up_zh(one, bare, clause)]


#: What one learns, given up: 学游泳, 学习日语, 练钢琴 ("I stopped learning Spanish"): the thing learnt is no longer
#: what the user is learning (``activity.learning`` = 游泳, as 我在学游泳 stated it).
_LEARNT_ZH = lazy_regex(r"^(?:学习|学|练习|练)(?!习)(?P<v>.{1,10})$")
_LEARNT_EN = lazy_regex(r"^(?:learning|studying|practicing|practising)\s+(?:to\s+)?(?P<v>.+)$", _IC)


def _given_up_zh(act: str, bare: bool, clause: str) -> list[Finding]:
    """What giving up the one activity ``act`` says (``find_zh``); ``bare``: said after 戒 / 停了."""
    out = [Finding("preference.habit", act, CONF_STATED, clause, retract=True), *_pastime_given_up(act, "zh", clause),
           *providers.given_up(act, "zh", clause),  # "I don't fly with Lufthansa anymore": the airline too
           *diets.regimen_given_up(act, clause)]  # 我不吃生酮了: the diet kept ends
    if (learnt := _LEARNT_ZH.match(act)) is not None:  # 我不再学游泳了: no longer learning it (在学游泳)
        out.append(Finding("activity.learning", learnt.group("v"), CONF_STATED, clause, retract=True))
    if (consumed := _consumed_zh(act, bare)) is not None:
        verb, thing = consumed
        out.insert(0, Finding(QUIT_KEYS[verb], thing, CONF_STATED, clause, statement=f"不再{verb}{thing}"))
    elif (habit := _DEPENDENCIES_ZH.get(act)) is not None:  # 我戒烟了: a non-smoker from now on
        out.insert(0, Finding("habit.quit", habit, CONF_STATED, clause, statement=f"不再{habit}"))
    if any(f.key == diets.REGIMEN_KEY for f in out):  # 我不吃生酮了 ends a diet, no food given up
        out = [f for f in out if f.key not in QUIT_KEYS.values()]
    return out


#: A habit or a standing state said as past: "I used to go running every morning", 我以前每天早上跑步.
_USED_TO_EN = lazy_regex(r"^i\s+(?:(?:also|always|just)\s+)?used\s+to\s+(?P<a>.+)$", _IC)
_USED_TO_ZH = lazy_regex(r"^我(?:以前|之前|过去|从前|曾经|原来)(?:都|一直|也|还|常常|经常|总是)*"
                         r"(?P<act>[^，,。！？?]+)$")


def _used_to(act: str, lang: str, clause: str) -> list[Finding]:
    """What a habit said as past says ("I used to go running every morning", 我以前每天早上跑步): it no longer
    holds, so the habit naming it is withdrawn (matched by its activity inside a stored habit:
    ``habits.withdraws_habit``), as is a car or a medicine of then ("I used to drive a Tesla": ``_standing_given_up``).
    Never a dislike or a pastime given up: a past told may be a memory ("I used to play soccer in college"); nor
    what was eaten or drunk then (我以前喝拿铁 stores nothing, as before)."""
    if act and (standing := _standing_given_up(act, lang, clause)):
        return standing
    not_activity = _NOT_ACTIVITY_ZH if lang == "zh" else _NOT_ACTIVITY_EN
    # what one ate or drank then is kept under its own key (user.drinks), which a habit withdrawal would not reach
    if not act or not_activity.match(act) or re.match(r"(?:不|没|吃|喝|not\b|never\b|eat|drink)", act, _IC) or (
            len(act) > 12 if lang == "zh" else len(act.split()) > 6) or (
            lang == "zh" and (zh_points_away(act) or re.search(r"[就很吗呢过]", act))):
        return []
    return [Finding("preference.habit", act, CONF_STATED, clause, retract=True)]


#: What joins the things of a list given up: "coffee or tea", "soda, juice and beer", 咖啡和茶, 烟、酒.
_JOINT_EN = lazy_regex(r"\s*,\s*(?:(?:or|and|nor)\s+)?|\s+(?:or|and|nor)\s+", _IC)
_JOINT_ZH = lazy_regex(r"和|或者|或|、|跟|与|以及")
#: Two things joined by a bare "and", no comma or "or" (a dish may be named so).
_AND_ONLY_EN = lazy_regex(r"^[^,]*\sand\s[^,]*$", _IC)
_VERB_ZH = lazy_regex(r"^(?:吃|喝|抽)")


def listed(act: str, lang: str) -> list[str] | None:
    """The activities ``act`` lists, its verb before each ("drink coffee or tea" → "drink coffee", "drink tea";
    喝咖啡和茶 → 喝咖啡, 喝茶; "smoking and drinking" after "quit"), or ``None`` for one thing. Two things joined
    by a bare "and" are one unless both are activities ("fish and chips", "mac and cheese" are dishes), as is a
    name the gazetteer holds whole and an item of more than three words or six characters (no list but a phrase);
    和牛 opens with no joint."""
    verb = (_EAT_DRINK_EN if lang == "en" else _VERB_ZH).match(act)
    head = "" if verb is None else act[: verb.start("obj")] if lang == "en" else verb.group(0)
    obj = act[len(head):]
    items = [i.strip() for i in (_JOINT_EN if lang == "en" else _JOINT_ZH).split(obj)]
    hit = gazetteer.lookup(obj)
    if len(items) < 2 or not all(items) or (hit is not None and (hit.start, hit.end) == (0, len(obj))):
        return None
    if any(len(i.split()) > 3 if lang == "en" else len(i) > 6 for i in items):
        return None
    if lang == "en" and _AND_ONLY_EN.search(obj) and not all(re.fullmatch(r"\w+ing", i) for i in items):
        return None  # "fish and chips", "mac and cheese": a dish; "smoking and drinking" two things
    return [f"{head}{i}" for i in items]


#: How long ago a thing was given up, said after it (我戒烟三个月了, 戒酒一年多了): the time, no part of the thing.
_FOR_ZH = lazy_regex(r"(?:已经|都|快|有)?(?P<n>[0-9一二两三四五六七八九十半几]+)多?个?(?P<unit>天|周|星期|月|年)多?$")


def since_zh(clause: str) -> str | None:
    """When the thing a Chinese clause gives up was given up, said as how long ago (我戒烟三个月了 → 三个月前, which
    ``clauses.clause_period`` dates); ``None`` when the clause says no such span."""
    m = _FOR_ZH.search(re.sub(r"(?:了|啦|哦)+[。！!]?$", "", clause.strip()))
    if m is None or not re.search(r"戒|停", clause[: m.start()]):
        return None
    return f"{m.group('n')}{'个' if m.group('unit') == '月' else ''}{m.group('unit')}前"


#: What one quits as a dependency, whose absence is a standing trait an assistant acts on (a non-smoker): the
#: thing given up → the habit it ends, kept as ``habit.quit`` (抽烟), which taking it up again withdraws
#: (``habits.restart_zh``). Eating and drinking have their own keys (不再喝酒: ``_consumed_zh``, ``QUIT_KEYS``).
_DEPENDENCIES_ZH = {"烟": "抽烟", "香烟": "抽烟", "抽烟": "抽烟", "吸烟": "抽烟", "电子烟": "抽电子烟",
                    "抽电子烟": "抽电子烟", "赌": "赌博", "赌博": "赌博", "槟榔": "嚼槟榔", "嚼槟榔": "嚼槟榔"}
_DEPENDENCIES_EN = {"smoking": ("smoking", "smokes"), "cigarettes": ("smoking", "smokes"),
                    "smokes": ("smoking", "smokes"), "smoke": ("smoking", "smokes"), "vaping": ("vaping", "vapes"),
                    "vape": ("vaping", "vapes"), "gambling": ("gambling", "gambles"), "gamble": ("gambling", "gambles"),
                    "nicotine": ("smoking", "smokes")}


# --- English -----------------------------------------------------------------------------------

_LEAD_EN = r"(?:(?:from now on|going forward|starting today|as of today|these days|nowadays)\s*,?\s*)?"
_ADV_EN = r"(?:(?:now|finally|just|already|recently|officially|completely|totally|also)\s+)*"
_CEASE_EN = lazy_regex(
    rf"^{_LEAD_EN}i(?:'ve|\s+have)?\s+{_ADV_EN}"
    # "I dropped keto" (lower case: "I dropped Notion" is a thing used left by name, ``switches_en``)
    r"(?P<m>no longer|stopped|quit|gave up|given up|cut out|kicked|dropped(?=\s+(?-i:[a-z])))\s+"
    rf"(?P<a>.+)$"
    rf"|^{_LEAD_EN}i\s+{_ADV_EN}(?P<n>don't|do not|won't|will not|will never|'ll never|never)\s+(?P<b>.+)$"
    rf"|^{_LEAD_EN}(?:i'm|i am)\s+{_ADV_EN}(?P<p>no longer|not)\s+(?P<c>\w+ing\b.*)$", _IC)
#: The word of change a "don't" / "I'm not" needs ("I don't drink coffee" alone says what the user
#: does not do), and a "won't" / "never" (a resolve: "I won't give up" is none).
_NO_MORE_EN = lazy_regex(r"\b(?:any\s?more|any longer|no longer|no more)\b", _IC)
_FROM_NOW_EN = lazy_regex(r"\b(?:any\s?more|any longer|from now on|going forward|starting today|(?:ever\s+)?again)\b",
                          _IC)
_NOT_ACTIVITY_EN = lazy_regex(
    # a taste said with a degree is no pastime either: "I don't really like kombucha anymore" (a like ended)
    r"^(?:(?:really|particularly|especially|even|actually|much)\s+)*"
    r"(?:be|being|like|liking|love|loving|enjoy|enjoying|want|need|know|think|live|living|work|working|use|using|have|care|mind|"
    r"feel|get|go|going|see|remember|believe|understand|wear|talk|talking|speak|thinking|wondering|considering|"
    r"hoping|feeling|looking|trying|seeing|getting|give up|giving up|quit|stop|worry|worrying|"
    # what follows is no pastime: "I quit my job", "I stopped by the store", "I quit on my dreams"
    r"my|your|his|her|their|our|the|a|an|this|that|these|those|it|him|them|me|you|on|at|by|to|in|for|with|about|"
    r"here|there|now|so|just|because|after|before|when|"
    # a verb with its particle is another verb: "I dropped off the kids", "dropped out of college"
    r"off|out|back|down|behind)\b", _IC)
#: "Going" / "go" before an -ing activity ("stopped going running", "don't go swimming anymore"): the activity is
#: what is given up, and a habit stored as "go running every morning" holds its words.
_GOING_EN = lazy_regex(r"^(?:going|go)\s+(?=\w+ing\b)", _IC)
#: Going to a place named ("go to Equinox", "going to St. Mark's", "going to CrossFit"), capitalised: a place one went
#: to regularly, whose habit ends ("I go to Equinox most mornings"); "go to the gym" is a pastime's (``pursuits``),
#: "go to bed", "going to try" no place.
_GONE_TO_EN = lazy_regex(r"^(?:go|going)\s+to\s+(?P<place>(?-i:[A-Z][\w.'’&-]*(?:\s+[A-Z][\w.'’&-]*){0,2})"
                         # "going to the climbing gym", "go to the farmers market": a place by what it is, lower case
                         r"|the\s+(?-i:[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,2}))$", _IC)
#: Why or since when a thing was given up, said after it ("I quit coffee because of my stomach", "stopped running
#: since the injury"): no part of what was given up (it withdrew the habit "coffee because of my stomach").
_REASON_EN = lazy_regex(r"\s+(?:because|cause|'cause|cuz|since|due\s+to)\b.*$"
                        # what it happened after, said as one's own event ("gave up tennis after my knee surgery")
                        r"|\s+after\s+(?:my|our)\s+(?!\w+s\b)\w+(?:\s+\w+)?$", _IC)
_EAT_DRINK_EN = lazy_regex(r"^(?P<verb>eat|eating|drink|drinking|having|have)\s+(?P<obj>.+)$", _IC)
_DRINKS_EN = ("alcohol", "booze", "caffeine", "energy drinks", "soft drinks", "milk", "dairy milk")
_FOODS_EN = ("meat", "red meat", "sugar", "dairy", "carbs", "gluten", "junk food", "fast food", "sweets", "pork",
             "fried food", "snacks", "spicy food")


def consumed_en(act: str) -> tuple[str, str] | None:
    """``("eat" | "drink", thing)`` when ``act`` names something eaten or drunk, bare ("gluten", "caffeine") or with
    its verb ("drinking coffee"); ``None`` for anything else ("flying", "the 405")."""
    return _consumed_en(act, True)


def _consumed_en(act: str, bare: bool) -> tuple[str, str] | None:
    """``(verb, thing)`` when ``act`` eats or drinks something ("drinking coffee" → ``("drink", "coffee")``);
    after "quit" / "gave up" the thing alone ("coffee" → drink); else ``None`` ("running", "smoking")."""
    if (m := _EAT_DRINK_EN.match(act)) is not None:
        verb = m.group("verb").lower()
        if verb in ("have", "having"):
            return _consumed_en(m.group("obj"), True)
        return ("eat" if verb.startswith("eat") else "drink"), m.group("obj")
    if not bare:
        return None
    if act.lower() in ("drinking", "booze"):  # "I quit drinking": alcohol
        return "drink", "alcohol"
    hit = gazetteer.lookup(act)
    whole = hit is not None and (hit.start, hit.end) == (0, len(act))
    if act.lower() in _DRINKS_EN or (whole and hit is not None and hit.key == "drink.like"):
        return "drink", act
    if act.lower() in _FOODS_EN or (whole and hit is not None and hit.key == "food.like"):
        return "eat", act
    return None


def find_en(clause: str, sentence: str) -> list[Finding]:
    """What giving something up says in one English clause (see the module doc), else ``[]``.

    Args:
        clause: one clause, its edge punctuation cut.
        sentence: the whole sentence ("From now on, I won't drink coffee": the marker is a clause of its own).
    """
    if (past := _USED_TO_EN.match(clause.strip().rstrip(".!"))) is not None:
        return _used_to(_GOING_EN.sub("", clean_value(past.group("a"), "en")), "en", clause)
    m = _CEASE_EN.match(clause.strip().rstrip(".!"))
    if m is None:
        return []
    raw = m.group("a") or m.group("b") or m.group("c")
    act = _GOING_EN.sub("", clean_value(_REASON_EN.sub("", raw), "en"))  # "stopped going running": the running ended
    for _ in range(2):  # "I quit coffee for good last week": the time, then the word of change, are no part of it
        act = re.sub(r"\s+(?:(?:ever\s+)?again|now|any\s?more|any longer|from now on|going forward|these days|"
                     r"for good|at all)$", "", act, flags=_IC)
        if (span := time_span(act)) is not None and span[1] == len(act) and span[0] > 0:
            act = act[:span[0]].strip()  # "I gave up meat last month": when (``shapes.dated``), not what
    negation = (m.group("n") or m.group("p") or "").lower()
    if negation in ("don't", "do not", "not") and not _NO_MORE_EN.search(sentence):
        return []  # "I don't drink coffee" says what the user does not do, no change
    if negation and negation not in ("don't", "do not", "not", "no longer") and not _FROM_NOW_EN.search(sentence):
        return []  # "I won't give up", "I never drink coffee": a resolve or a plain habit
    if m.group("c") and (place := _GONE_TO_EN.match(act)) is not None and place.group("place").startswith("the ") \
            and not pursuits.pastime_of(act, "en"):
        return []  # "I'm not going to the party anymore": a plan called off, no place one went to
    # "I don't drink coffee or tea anymore": each thing given up, never "coffee or tea" as one
    return [f for one in (listed(act, "en") or [act]) for f in _given_up_en(one, bool(m.group("m")), clause)]


def _given_up_en(act: str, bare: bool, clause: str) -> list[Finding]:
    """What giving up the one activity ``act`` says (``find_en``); ``bare``: said after "quit" / "stopped" …"""
    if act and (standing := _standing_given_up(act, "en", clause)):
        return standing  # "I stopped taking metformin", "I don't wear glasses anymore", "I don't drive a Tesla anymore"
    if (place := _GONE_TO_EN.match(act)) is not None and not pursuits.pastime_of(act, "en"):  # "go to Equinox"
        act = f"go to {place.group('place')}"
    elif not act or (_NOT_ACTIVITY_EN.match(act) and not pursuits.pastime_of(act, "en")) or len(act.split()) > 6:
        return []
    out = [Finding("preference.habit", act, CONF_STATED, clause, retract=True), *_pastime_given_up(act, "en", clause),
           *providers.given_up(act, "en", clause),  # "I don't fly with Lufthansa anymore": the airline too
           *diets.regimen_given_up(act, clause)]  # "I quit keto last week": the diet kept ends
    if (learnt := _LEARNT_EN.match(act)) is not None:  # "I stopped learning Spanish": no longer learning it
        out.append(Finding("activity.learning", learnt.group("v"), CONF_STATED, clause, retract=True))
    if (consumed := _consumed_en(act, bare)) is not None and not en_pro_form(consumed[1]):
        verb, thing = consumed
        out.insert(0, Finding(QUIT_KEYS[verb], thing, CONF_STATED, clause, statement=f"no longer {verb}s {thing}"))
    elif (habit := _DEPENDENCIES_EN.get(act.lower())) is not None:  # "I quit smoking": a non-smoker from now on
        out.insert(0, Finding("habit.quit", habit[0], CONF_STATED, clause, statement=f"no longer {habit[1]}"))
    return out


def quit_habit(act: str) -> str | None:
    """The value ``habit.quit`` holds for the dependency ``act`` names ("smoke", "cigarettes" → "smoking";
    烟, 吸烟 → 抽烟), so taking it up again ("I smoke again", 我又开始吸烟了) finds what was quit; ``None`` for
    anything else ("running": no dependency, nothing kept as quit)."""
    if act in _DEPENDENCIES_ZH:
        return _DEPENDENCIES_ZH[act]
    habit = _DEPENDENCIES_EN.get(act.lower())
    return None if habit is None else habit[0]


# --- a state said as ended: the mirror of a state said as its beginning (``extract.onset``) ------

#: "I'm no longer vegetarian", "I'm not a nurse anymore", "I don't have a dog anymore", "We no longer own a
#: cat", "I stopped being vegan": being or having, said as ended. A plain "not" / "don't" needs a word of change
#: after it ("I don't have a dog" says what the user has not, no change).
_ENDED_EN = lazy_regex(
    r"^(?:(?:so|but|and|actually|well|sadly|unfortunately)\s*,?\s+)?"
    r"(?:(?P<be>i'm|i am|we're|we are)\s+(?P<m1>no longer|not)\s+(?P<s1>.+?)"
    r"|(?P<who>i|we)\s+(?P<m2>no longer|don't|do not)\s+(?P<have>have|own)\s+(?P<s2>.+?)"
    r"|(?P<who3>i|we)(?:'ve|\s+have)?\s+(?:stopped|quit|given up|gave up)\s+being\s+(?P<s3>.+?))"
    r"(?P<more>\s+(?:any\s?more|any longer|now))?$", _IC)
#: 我不再是护士了, 我现在不养狗了, 我家不养狗了, 我已经没有狗了, 我不再有女朋友了: being, having or keeping, said as
#: ended. A plain 不 / 没 needs a word of change (现在, 已经, 了): 我不是护士 and 我没有狗 say no change.
_ENDED_ZH = lazy_regex(rf"^(?:不过|但是|可是|其实)?(?P<me>我们家?|我家|我)(?P<now>{_NOW_ZH}*)"
                       r"(?P<m>不再|再也不|不|没有|没)再?(?P<v>是|有|养着|养|当)(?P<s>[^，,。！？]+?)(?P<le>了|啦)?$")


#: A thing being learnt given up: "I gave up on Spanish", "I stopped learning Japanese" (what "I'm learning Spanish"
#: states ends; a thing given up that no one learns, "I gave up on him", reads no learning and ends nothing).
_LEARNING_ENDED_EN = lazy_regex(
    r"^i(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|kind of\s+|kinda\s+)*(?:gave|given)\s+up\s+"
    r"on\s+(?:learning\s+)?(?P<s>(?-i:[A-Z])[\w-]*)"
    r"|^i(?:'ve|\s+have)?\s+(?:just\s+)?(?:stopped|quit)\s+learning\s+(?P<s2>\w[\w -]*)$", _IC)


#: "I'm off keto now", "I'm off Ozempic for good": being off what one was on, said with a word of change ("I'm off
#: to bed", "I'm off work today" say no change), read as ended being on it ("I'm on keto").
_OFF_EN = lazy_regex(r"^(?P<be>i'm|i am|we're|we are)\s+(?:finally\s+|now\s+|officially\s+)?off\s+(?!to\b|of\b)"
                     r"(?P<s>.+?)\s+(?:now|any\s?more|for good)$", _IC)


def ended_en(sentence: str) -> list[str]:
    """A state said as ended ("I'm no longer vegetarian", "I don't have a dog anymore") as the present
    statements it ends ("I'm vegetarian", "I have a dog"; for a bare plural, "I have cats" then "I have a cat"),
    for the rules to read and withdraw what they find (``extract.rules``); ``[]`` for any other sentence."""
    if (learnt := _LEARNING_ENDED_EN.match(sentence.strip().rstrip(".!"))) is not None:
        return [f"I'm learning {learnt.group('s') or learnt.group('s2')}"]  # "I gave up on Spanish": the learning ended
    if (off := _OFF_EN.match(sentence.strip().rstrip(".!"))) is not None:
        return [f"{off.group('be')} on {off.group('s')}"]  # "I'm off keto now": "I'm on keto" ended
    m = _ENDED_EN.match(sentence.strip().rstrip(".!"))
    if m is None:
        return []
    if (m.group("m1") or m.group("m2") or "").lower() in ("not", "don't", "do not") and not m.group("more"):
        return []  # "I don't have a dog" says what the user has not, no change
    if m.group("s1"):
        return [f"{m.group('be')} {m.group('s1')}"]
    if m.group("s3"):
        return [f"{'I am' if m.group('who3').lower() == 'i' else 'We are'} {m.group('s3')}"]
    said = f"{m.group('who')} {m.group('have')} {m.group('s2')}"
    plural = re.fullmatch(r"[a-z]+s", m.group("s2"), _IC)  # "I don't have cats anymore": a cat
    return [said, f"{m.group('who')} {m.group('have')} a {m.group('s2')[:-1]}"] if plural else [said]


def ended_zh(sentence: str) -> list[str]:
    """我不再是护士了 as 我是护士, 我现在不养狗了 as 我养狗, 我已经没有狗了 as 我有狗: the present statement a state
    said as ended ends, for the rules to read and withdraw; ``[]`` for any other sentence."""
    m = _ENDED_ZH.match(sentence.strip().rstrip("。！!"))
    if m is None or (m.group("m") in ("不", "没有", "没") and not (_CHANGE_ZH.search(m.group("now")) or m.group("le"))):
        return []
    return [f"{m.group('me')}{'养' if m.group('v') == '养着' else m.group('v')}{m.group('s')}"]


#: A pet's or a relative's value as stored beside its kind: a count before it ("2 cats", 2只猫), a name after
#: it ("dog named Max"; 猫麻糬 is read by the kind's start).
_COUNTED = lazy_regex(r"^\d+\s*(?:只|个|条|位)?\s*")
_NAMED_EN = lazy_regex(r"\s+(?:named|called)\s+.+$", _IC)


def of_kind(kind: str, stored: str) -> bool:
    """Whether ``stored`` (a ``pet`` or ``family.member`` value) is one of ``kind``, which a state said as
    ended names: "I don't have a dog anymore" ends "dog named Max" and "2 dogs", 我不养猫了 ends 猫麻糬 and
    2只猫. Compared by stemmed words in English (cats is cat); a Chinese kind is the stored value's start. A pet's
    name names it too ("Rex" ends "dog named Rex", 旺财 ends 狗旺财)."""
    if kind[:1].isupper() and re.search(rf"\s(?:named|called)\s+{re.escape(kind)}$", stored):
        return True  # "Rex passed away" ends "dog named Rex" (extract.gone)
    rest = _NAMED_EN.sub("", _COUNTED.sub("", stored.strip()))
    if re.search(r"[\u4e00-\u9fff]", kind):  # 旺财 (a name) ends 狗旺财
        return bool(kind) and (rest.startswith(kind) or (len(kind) > 1 and rest.endswith(kind)))
    terms = sorted(index_terms(kind))
    return bool(terms) and terms == sorted(index_terms(rest))
