"""Eating what a diet leaves out ends the diet.

"I'm vegetarian" then "I eat meat now" (我吃素 then 我现在吃肉了) kept both current: the meat as
``user.eats`` and the diet as ``food.diet``, and the context block told an agent to respect a diet the
user had left. A statement that its subject eats a food ends the diets of theirs that leave it out (``excluding``):
meat ends vegetarian, vegan, pescatarian (吃素, 素食, 纯素); fish or seafood every one but pescatarian; eggs, dairy or
honey vegan (纯素) alone. The food is read from what they eat (``user.eats``: "I eat fish now") and from a habit of
eating it taken up again ("I eat fish again now", 我现在又吃鱼了: ``preference.habit = eats fish``, whose "again" ends
"not eating fish"): ``eaten``. What they eat is kept as said. Halal and kosher allow meat and stay. The fact engine
ends the diet (``facts.engine.FactEngine.diets_left``), since which diet is held is known only from what is stored:
the extractor once withdrew every meatless diet by name, seven withdrawals for one "I eat meat now". Someone else's
eating ("My sister eats meat") ends only that person's diet; a food not eaten (不吃鱼) ends none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memstrata.extract.clauses import CONF_STATED, Finding, without_time
from memstrata.text.regex import lazy_regex

#: Meat in either language, as ``user.eats`` stores it ("meat", "chicken", 肉, 牛肉, 荤).
_MEAT = lazy_regex(r"^(?:(?:red\s+)?meat|chicken|beef|pork|steak|lamb|bacon|ham|turkey|[鸡牛猪羊]?肉|荤菜?|肉类)$",
                   flags=0)
#: Fish and seafood in either language ("fish", "salmon", "seafood", 鱼, 海鲜, 虾).
_FISH = lazy_regex(r"^(?:(?:raw\s+)?fish|salmon|tuna|cod|seafood|shellfish|shrimps?|prawns?|crabs?|lobsters?|oysters?|"
                   r"[鱼虾蟹]|鱼肉|海鲜|三文鱼|金枪鱼|虾仁|螃蟹)$", flags=0)
#: What animals make, which a vegan leaves out beside meat and fish ("eggs", "dairy", 鸡蛋, 牛奶).
_ANIMAL_MADE = lazy_regex(r"^(?:eggs?|dairy|milk|cheese|butter|yogh?urt|honey|鸡?蛋|鸡蛋|牛奶|奶制品|乳制品|奶酪|"
                          r"黄油|酸奶|蜂蜜)$", flags=0)
#: The diets that leave meat out, as ``food.diet`` stores them in both languages.
MEATLESS = ("vegetarian", "vegan", "pescatarian", "吃素", "吃纯素", "素食", "纯素")
#: Those that leave fish out too (pescatarian eats fish), and those that leave out what animals make (vegan).
_FISHLESS = tuple(d for d in MEATLESS if d != "pescatarian")
_VEGAN = ("vegan", "吃纯素", "纯素")
#: A habit of eating a food, as ``preference.habit`` stores it ("eats fish", "eat fish on Fridays", 吃鱼, 又吃鸡蛋):
#: the food, without when; a food not eaten (not eat fish, 不吃鱼) is none.
_EATING_HABIT = lazy_regex(r"^(?:(?:eats?|eating)\s+(?P<en>.+?)(?:\s+(?:again|now|on\s+.+|every\s+.+|at\s+.+))?"
                           r"|(?:又|再|开始|重新)*吃(?P<zh>[^不没]+?))$", re.IGNORECASE)


def meat(value: str) -> bool:
    """Whether ``value`` (as ``user.eats`` stores it) is meat (``_MEAT``): "meat", "chicken", 肉, 牛肉."""
    return bool(_MEAT.match(value.strip().lower()))


def excluding(food: str) -> tuple[str, ...]:
    """The diets (``food.diet`` values, ``MEATLESS``) that leave ``food`` out: every one for meat, all but pescatarian
    for fish or seafood, vegan alone for eggs, dairy or honey; ``()`` for any other food ("rice", 米饭, "tofu").

    >>> excluding("chicken") == MEATLESS, excluding("fish"), excluding("鸡蛋"), excluding("tofu")
    (True, ('vegetarian', 'vegan', '吃素', '吃纯素', '素食', '纯素'), ('vegan', '吃纯素', '纯素'), ())
    """
    food = food.strip().lower()
    if _MEAT.match(food):
        return MEATLESS
    if _FISH.match(food):
        return _FISHLESS
    return _VEGAN if _ANIMAL_MADE.match(food) else ()


def eaten(key: str, value: str) -> list[str]:
    """The foods a fact under ``key`` with ``value`` says its subject eats: ``user.eats``'s value, or the food of a
    habit of eating (``preference.habit``, ``_EATING_HABIT``: "eats fish", 又吃鸡蛋), each of a list ("fish and
    chicken", 鱼和鸡蛋); ``[]`` for any other fact and a food not eaten ("not eat fish", 不吃鱼).

    >>> eaten("preference.habit", "eats fish and chicken"), eaten("user.eats", "肉")
    (['fish', 'chicken'], ['肉'])
    >>> eaten("preference.habit", "不吃鱼")
    []
    """
    if key == "user.eats":
        food = value
    elif key == "preference.habit" and (m := _EATING_HABIT.match(value.strip())) is not None:
        food = m.group("en") or m.group("zh")
    else:
        return []
    return [part for part in re.split(r"\s*(?:,|\band\b|&|和|、|跟)\s*", food) if part]


#: What one eats when nothing is left out, as ``user.eats`` stores it: "I eat everything now", 现在什么都吃.
EVERYTHING = ("everything", "anything", "什么都吃")
_EATS_ALL_EN = lazy_regex(r"^i\s+(?:now\s+|just\s+|basically\s+|pretty\s+much\s+)?(?:eat|can\s+eat)\s+"
                          r"(?:everything|anything)(?:\s+now)?[.!]*$", re.IGNORECASE)
_EATS_ALL_ZH = lazy_regex(r"^我?(?:现在|如今|目前|已经|其实)*(?:什么|啥)都(?:能|可以)?吃了?[。！!]*$")


def eats_all_en(clause: str, ctx: object) -> list[Finding]:
    """``user.eats = everything`` from a clause saying the speaker eats everything ("I eat everything now", after
    "I'm not vegetarian anymore, "), which ends their food exclusions (``facts.engine.FactEngine.diets_left``);
    "I eat everything except nuts" is a dislike of nuts (``extract.excepted``) and never reaches here."""
    if not _EATS_ALL_EN.match(clause.strip()):
        return []
    return [Finding("user.eats", "everything", CONF_STATED, clause, statement="eats everything")]


def eats_all_zh(clause: str, ctx: object) -> list[Finding]:
    """``user.eats = 什么都吃`` from 我现在什么都吃 / 现在什么都吃了 (``eats_all_en``); 除了坚果我什么都吃 is a dislike
    (``extract.excepted``), 什么都吃不下 is none."""
    if not _EATS_ALL_ZH.match(clause.strip()):
        return []
    return [Finding("user.eats", "什么都吃", CONF_STATED, clause, statement="什么都吃")]


def eats_all(foods: Sequence[str]) -> bool:
    """Whether ``foods`` (``eaten``) say their subject eats everything (``EVERYTHING``): every food exclusion of
    theirs ends, a diet and a food they said they do not eat, never an allergy."""
    return any(food.strip().lower() in EVERYTHING for food in foods)


def left_out(diet: str, foods: Sequence[str]) -> bool:
    """Whether the diet ``diet`` (a ``food.diet`` value) leaves out one of ``foods`` (``excluding``)."""
    return any(diet.strip().lower() in excluding(food) for food in foods)


#: A diet kept for health or weight ("I'm on a low-sodium diet", 我在吃低盐饮食): a key of its own beside
#: ``food.diet`` (what one eats by conviction: vegetarian, halal), since a vegetarian on a low-sodium diet keeps both;
#: one at a time (keto after low-carb supersedes it). Its description for ``taxonomy.key_spec``.
REGIMEN_KEY = "health.diet"
DESCRIPTIONS: dict[str, tuple[str, str]] = {
    REGIMEN_KEY: ("a diet the user keeps for health or weight, such as low-sodium, keto or low-carb",
                  "用户为健康或体重遵循的饮食，比如低盐、生酮或低碳水"),
}
#: "I'm on a low-sodium diet", "I'm on a strict keto diet now": the diet's name before "diet". The words that
#: say which diet it is not ("a new diet", "a diet", "a strict diet") name none.
_REGIMEN_EN = lazy_regex(
    r"^(?:(?:i'm|i am|i've been|i have been)\s+(?:now\s+|currently\s+|still\s+|also\s+)?on"
    # a diet begun is a diet kept: "I started a low-sodium diet", "I went on a keto diet last month"
    r"|i(?:'ve|\s+have)?\s+(?:now\s+|just\s+|recently\s+)?(?:started|began|begun|gone\s+on|went\s+on|switched\s+to))"
    r"\s+(?:a|an|the)\s+"
    r"(?:(?:strict|new|special|doctor-prescribed|prescribed)\s+)*(?P<v>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+diet"
    r"(?:\s+(?:now|these days|right now|at the moment|for my (?:heart|health|blood pressure)))?$",
    re.IGNORECASE)
_NOT_A_DIET = lazy_regex(r"^(?:new|strict|crash|special|healthy|healthier|different|weird|strange|proper|good|bad|"
                         r"this|that|my|real|serious|little|bit|kind|sort)$", re.IGNORECASE)
#: 我在吃低盐饮食, 我现在是低盐饮食, 我在做生酮饮食: a name of two to four characters before 饮食.
_REGIMEN_ZH = lazy_regex(r"^我(?:现在|目前|最近|一直|也)*(?:在|正在)?(?:吃|做|坚持|保持|执行|进行|采用|是)?"
                         r"(?P<v>低盐|低钠|无盐|少盐|低脂|低糖|无糖|低碳水?|低碳水化合物|生酮|无麸质|地中海|高蛋白|轻断食)饮食$")


#: The diets that are a name of their own, said without "diet" / 饮食: kept ("I'm on keto now", 我现在在吃生酮) and
#: given up ("I quit keto", 我停了轻断食) by these names alone.
_NAMED_EN = r"keto|paleo|low[- ]?carb|whole30|atkins|carnivore|intermittent fasting|(?:16:8|5:2)(?:\s+fasting)?"
_NAMED_ZH = r"生酮|轻断食|低碳水?"

#: 我现在在吃生酮, 我最近在轻断食: a diet that is a name of its own, said as kept now (在) without 饮食.
_REGIMEN_BARE_ZH = lazy_regex(rf"^我(?:现在|目前|最近|一直|也)*(?:在|正在)(?:吃|做|坚持)?(?P<v>{_NAMED_ZH})了?$")


#: "I'm on keto now", "I'm doing intermittent fasting", "I went keto", "I've started paleo": a diet that is a name of
#: its own, said without "diet" (as 我现在在吃生酮 is without 饮食).
_REGIMEN_BARE_EN = lazy_regex(
    r"^(?:(?:i'm|i am|i've been|i have been)\s+(?:now\s+|currently\s+|still\s+|also\s+|strictly\s+)*(?:on|doing)"
    r"|i(?:'ve|\s+have)?\s+(?:now\s+|just\s+)?(?:gone|went|switched to|started|begun|began))\s+"
    rf"(?P<v>{_NAMED_EN})"
    r"(?:\s+(?:now|these days|right now|at the moment|lately|recently))?$", re.IGNORECASE)


#: A diet that is a name of its own, as what is given up ("I quit keto", "I stopped intermittent fasting",
#: 我不吃生酮了, 我停了轻断食).
_NAMED_REGIMEN = lazy_regex(rf"^(?:(?:the|my|doing|being on)\s+)?(?P<v>{_NAMED_EN})(?:\s+diet)?$"
                            rf"|^(?:吃|做|坚持)?(?P<zh>{_NAMED_ZH})(?:饮食)?$", re.IGNORECASE)


def regimen_given_up(act: str, clause: str) -> list[Finding]:
    """The withdrawal of ``health.diet`` when the activity ``act`` given up (``extract.cessation``) is a diet that is a
    name of its own ("I quit keto last week": ``keto``; 我不吃生酮了: ``生酮``), else ``[]``: the diet kept ended
    where before the profile still said "is on a keto diet"."""
    m = _NAMED_REGIMEN.match(act.strip())
    if m is None:
        return []
    return [Finding(REGIMEN_KEY, (m.group("v") or m.group("zh")).lower(), CONF_STATED, clause, retract=True)]


def regimen_en(clause: str, ctx: object) -> list[Finding]:
    """``health.diet`` from an English clause that says the speaker is on a named diet ("I'm on a low-sodium
    diet" → ``low-sodium``, "I'm on keto now" → ``keto``); a diet of conviction (vegan) stays ``food.diet``; else
    ``[]``."""
    # when it began is no part of the diet ("I started keto last week": extract.timex reads the time)
    said = without_time(clause.strip().rstrip(".!"))
    if (bare := _REGIMEN_BARE_EN.match(said)) is not None:
        value = bare.group("v").lower()
        return [Finding(REGIMEN_KEY, value, CONF_STATED, clause, statement=f"is on a {value} diet")]
    m = _REGIMEN_EN.match(said)
    if m is None or any(_NOT_A_DIET.match(w) for w in m.group("v").split()):
        return []
    value = m.group("v").lower()
    if value in MEATLESS or value in ("halal", "kosher"):
        return [Finding("food.diet", value, CONF_STATED, clause)]
    return [Finding(REGIMEN_KEY, value, CONF_STATED, clause, statement=f"is on a {value} diet")]


def regimen_zh(clause: str, ctx: object) -> list[Finding]:
    """``health.diet`` from a Chinese clause (我在吃低盐饮食 → ``低盐``), else ``[]``."""
    m = _REGIMEN_ZH.match(clause.strip().rstrip("。！!")) or _REGIMEN_BARE_ZH.match(clause.strip().rstrip("。！!"))
    if m is None:
        return []
    return [Finding(REGIMEN_KEY, m.group("v"), CONF_STATED, clause, statement=f"{m.group('v')}饮食")]


#: A diet denied plainly, no change said: "I'm not vegetarian", "I'm not a vegan", 我不吃素, 我不是素食者.
_DENIED_EN = lazy_regex(r"^(?:(?:actually|well|no|but),?\s+)?(?:i'm|i am)\s+(?:actually\s+|really\s+)?not\s+"
                        r"(?:an?\s+)?(?P<d>vegetarian|vegan|pescatarian)[.!]*$", re.IGNORECASE)
_DENIED_ZH = lazy_regex(r"^(?:其实)?我(?:其实)?(?:不吃素|不是素食(?:主义)?者)[。！!]*$")


def denied(clause: str, sentence: str, lang: str) -> list[Finding]:
    """The diet a plain denial states ("I'm not vegetarian" → ``food.diet = not vegetarian``, 我不吃素 → ``不吃素``,
    stated 不是素食者 as the English one is "is not vegetarian"):
    a fact of its own, a prohibition's form (``facts.resolve.prohibits``), so it ends a stored "vegetarian" (吃素)
    and a later "I'm vegetarian now" ends it. ``[]`` when a change is said ("not vegetarian anymore", 我不吃素了,
    已经不吃素: a withdrawal alone, read by ``extract.patterns_*``) and for any other clause. Said first, the denial
    stored nothing before, the withdrawal finding no diet to end."""
    if lang == "zh":
        if not _DENIED_ZH.match(clause.strip()) or re.search(r"了[。！!]*$", sentence.strip()):
            return []
        # the value says "not 吃素" as "not vegetarian" does (what ends 吃素 and a later 吃素 ends); the statement
        # says the denial itself: 不吃素 alone read as a restriction ("eats no vegetarian food")
        return [Finding("food.diet", "不吃素", CONF_STATED, clause, statement="不是素食者")]
    m = _DENIED_EN.match(clause.strip())
    if m is None or re.search(r"\b(?:any\s?more|any longer|no longer|now)\b", sentence, re.IGNORECASE):
        return []
    diet = m.group("d").lower()
    return [Finding("food.diet", f"not {diet}", CONF_STATED, clause, statement=f"is not {diet}")]
