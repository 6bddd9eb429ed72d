"""The fact-key taxonomy shared by the rule and LLM extractors.

A key is dotted (``area.attribute``) and fixes what the resolver does with a new
value: for ``cardinality="one"`` keys a new value supersedes the active one (you ship
with one carrier, live in one city); ``"many"`` keys accumulate (you like many foods).
``kind`` is the ``Fact.kind`` written for the key (see DESIGN.md section 2).

Each key carries a one-line English and Chinese description. They are documentation,
and the rule extractor embeds them to assign a key to generic statements ("I really
enjoy hiking" → ``hobby.like``) by nearest description (``extract.rules``).

The generic keys (``GENERIC_KEYS``) are the fallbacks when nothing more specific fits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from memstrata.extract import abilities, advice, bodily, diets, medication, purposes, temperament, things

Cardinality = Literal["one", "many"]
Sensitivity = Literal["low", "medium", "high"]


@dataclass(frozen=True)
class KeySpec:
    """One key of the taxonomy.

    Attributes:
        key: dotted key, e.g. ``shipping.carrier``.
        kind: ``preference`` | ``fact`` | ``episode`` | ``procedure`` (``Fact.kind``).
        cardinality: ``one`` (a new value supersedes) or ``many`` (values accumulate).
        sensitivity: ``low`` | ``medium`` | ``high``; high is not stored in plain text.
        importance: 0–1 default importance of a fact under this key.
        description_en: one English line saying what the key holds.
        description_zh: the same line in Chinese.
    """

    key: str
    kind: str
    cardinality: Cardinality
    sensitivity: Sensitivity
    importance: float
    description_en: str
    description_zh: str


def _k(
    key: str, kind: str, card: Cardinality, sens: Sensitivity, imp: float, en: str, zh: str
) -> KeySpec:
    return KeySpec(key, kind, card, sens, imp, en, zh)


#: Every key the built-in extractors may produce, in a stable order.
KEYS: tuple[KeySpec, ...] = (
    # identity: who the user is; single-valued, a new statement replaces the old one
    _k("identity.name", "fact", "one", "low", 0.9,
       "the user's name or what they want to be called", "用户的名字或希望被称呼的名字"),
    _k("identity.age", "fact", "one", "low", 0.6, "the user's age in years", "用户的年龄"),
    _k("identity.location", "fact", "one", "low", 0.7,
       "the city or place where the user lives now", "用户现在居住的城市或地方"),
    _k("identity.hometown", "fact", "one", "low", 0.5,
       "where the user is from, grew up or was born", "用户的家乡、老家或出生地"),
    _k("identity.occupation", "fact", "one", "low", 0.7,
       "the user's job, profession or role, or what they study", "用户的职业、工作岗位或身份"),
    _k("identity.employer", "fact", "one", "low", 0.6,
       "the company or organisation the user works for", "用户工作的公司或单位"),
    # "I don't live in Berlin anymore", "I no longer work at Google" (extract.former): never the current one
    _k("identity.former", "fact", "many", "low", 0.5,
       "a place the user used to live or a company they used to work for, no longer current",
       "用户以前住过的地方或工作过的公司，现在已不是"),
    _k("identity.birthday", "fact", "one", "medium", 0.6,
       "the user's birthday or date of birth", "用户的生日或出生日期"),
    # "I'm an introvert", 我的性格比较内向 (extract.temperament): one trait at a time, so a change supersedes
    _k("identity.personality", "fact", "one", "low", 0.5,
       "what kind of person the user is: their personality or temperament, such as introvert or outgoing",
       "用户是什么样的人：性格或脾气，比如内向或外向"),
    _k("family.member", "fact", "many", "low", 0.6,
       "a family member, partner or relative of the user", "用户的家人、伴侣或亲属"),
    _k("pet", "fact", "many", "low", 0.5, "a pet animal the user has", "用户养的宠物"),
    _k("language.spoken", "fact", "many", "low", 0.5,
       "a human language the user speaks", "用户会说的语言"),
    # shipping and delivery
    _k("shipping.carrier", "preference", "one", "low", 0.8,
       "the courier or delivery company the user wants packages shipped with",
       "配送偏好：用户希望使用的快递公司或物流"),
    _k("shipping.dropoff", "preference", "one", "low", 0.7,
       "delivery preference: where deliveries should or should not be left, such as the door or a locker",
       "配送偏好：快递应该放在哪里或不要放在哪里，比如门口或快递柜"),
    _k("shipping.address", "fact", "one", "high", 0.8,
       "the postal address deliveries go to", "快递收货地址"),
    # tools
    _k("tool.editor", "preference", "one", "low", 0.6,
       "the code editor or IDE the user uses to write code", "用户写代码用的编辑器或开发工具"),
    _k("tool.language", "preference", "many", "low", 0.6,
       "a programming language the user codes in", "用户使用的编程语言"),
    _k("tool.os", "preference", "one", "low", 0.4,
       "the computer operating system the user uses", "用户使用的电脑操作系统"),
    _k("activity.learning", "preference", "many", "low", 0.3,
       "a skill or subject the user is learning", "用户在学的技能或学科"),
    _k("activity.current", "preference", "many", "low", 0.3,
       "something the user has been doing lately, a pursuit or pastime", "用户最近一直在做的事"),
    # a business run is named again in many turns about it: below a raw turn, as a plan is
    _k("work.business", "fact", "many", "low", 0.3,
       "a business the user runs: a shop, a studio, a company", "用户经营的生意：店、工作室、公司"),
    _k("plan.intent", "fact", "many", "low", 0.3,
       "something the user plans or intends to do, no date said", "用户打算做的事，没有说日期"),
    _k("tool.phone", "fact", "one", "low", 0.4,
       "the mobile phone the user uses, its brand or model", "用户用的手机，品牌或型号"),
    _k("tool.uses", "fact", "many", "low", 0.5,
       "a named tool, app or service the user or their team uses", "用户或其团队使用的工具、应用或服务"),
    # tastes
    _k("food.like", "preference", "many", "low", 0.6,
       "a food or dish the user likes to eat", "用户喜欢吃的食物或菜"),
    _k("food.dislike", "preference", "many", "low", 0.6,
       "a food the user dislikes or does not eat", "用户不喜欢吃或不吃的食物"),
    _k("food.diet", "preference", "one", "low", 0.7,
       "the user's diet, such as vegetarian, vegan or halal", "用户的饮食习惯，比如吃素或清真"),
    _k("drink.like", "preference", "many", "low", 0.5,
       "a drink or beverage the user likes", "用户喜欢喝的饮料"),
    # a habit ended (``extract.cessation``): no dislike, what the user has quit and may take up again
    _k("food.quit", "preference", "many", "low", 0.6,
       "a food the user has given up and no longer eats", "用户已经不再吃、戒掉的食物"),
    _k("drink.quit", "preference", "many", "low", 0.6,
       "a drink the user has given up and no longer drinks, such as coffee or alcohol",
       "用户已经不再喝、戒掉的饮料，比如咖啡或酒"),
    _k("habit.quit", "preference", "many", "low", 0.6,
       "a habit the user has quit, such as smoking or vaping", "用户已经戒掉的习惯，比如抽烟"),
    _k("hobby.like", "preference", "many", "low", 0.6,
       "a hobby or pastime the user enjoys doing in free time", "用户业余时间喜欢做的爱好或消遣"),
    _k("music.like", "preference", "many", "low", 0.5,
       "music, a genre, band or singer the user likes to listen to", "用户喜欢听的音乐、风格、乐队或歌手"),
    _k("sport.like", "preference", "many", "low", 0.5,
       "a sport or exercise the user plays or does", "用户喜欢的运动或锻炼"),
    _k("media.like", "preference", "many", "low", 0.5,
       "a film, TV show or book the user likes to watch or read", "用户喜欢看的电影、电视剧或书"),
    # travel
    _k("travel.seat", "preference", "one", "low", 0.6,
       "the seat the user prefers on planes or trains, window or aisle",
       "用户坐飞机或火车偏好的座位，靠窗或靠过道"),
    _k("travel.plan", "episode", "many", "low", 0.7,
       "a trip the user plans to take", "用户计划的旅行或出行"),
    # time-bound episodes
    _k("schedule.event", "episode", "many", "low", 0.7,
       "an upcoming appointment, meeting or event in the user's schedule",
       "用户日程里即将到来的约会、会议或事情"),
    _k("event", "episode", "many", "low", 0.5,
       "something the user did or that happened to them at a time", "用户在某个时间做过或经历的事情"),
    # contact details: high sensitivity, redaction normally removes them first
    _k("contact.email", "fact", "one", "high", 0.7, "the user's e-mail address", "用户的电子邮箱"),
    _k("contact.phone", "fact", "one", "high", 0.7, "the user's phone number", "用户的电话号码"),
    # how, not where: "I prefer email", "call me instead"; a new channel supersedes the old one
    _k("contact.channel", "preference", "one", "low", 0.7,
       "how the user prefers to be contacted: e-mail, phone call, text message or a chat app",
       "用户希望的联系方式：邮件、电话、短信或聊天软件"),
    # the user's day and limits (extract.routines)
    _k("routine.wake", "fact", "one", "low", 0.5,
       "what time the user usually wakes up or gets up", "用户一般几点起床"),
    _k("routine.bed", "fact", "one", "low", 0.5,
       "what time the user usually goes to bed or sleeps", "用户一般几点睡觉"),
    _k("contact.hours", "preference", "many", "low", 0.7,
       "when the user may or may not be called or messaged, such as not before 9am",
       "什么时间可以或不要联系用户，比如早上9点前别打电话"),
    _k("budget", "preference", "many", "low", 0.7,
       "how much the user wants to spend on something, such as a hotel per night or a flight",
       "用户在某类东西上的预算，比如酒店每晚或机票多少钱"),
    # health
    _k("health.allergy", "fact", "many", "medium", 0.9,
       "something the user is allergic to", "用户过敏的东西"),
    # medium like allergies: an assistant needs "lactose intolerant" or "diabetic" to act on (order food,
    # plan a trip), and a high key is withheld without an encryption key ("Remember that I'm lactose
    # intolerant" would store nothing). The rule lexicon leaves mental health out (extract.conditions).
    _k("health.condition", "fact", "many", "medium", 0.8,
       "a medical condition the user has", "用户的疾病或健康状况"),
    # a standing fear ("I'm scared of flying", extract.fears): what an assistant plans around
    _k("fear", "fact", "many", "low", 0.7,
       "something the user is afraid of, such as flying, heights or spiders", "用户害怕的东西，比如坐飞机、恐高或蜘蛛"),
    # how the assistant should behave
    _k("assistant.instruction", "procedure", "many", "low", 0.8,
       "how the user wants the assistant to reply or behave", "用户希望助手如何回答或做事"),
    # generic fallbacks
    _k("note", "fact", "many", "low", 0.8,
       "something the user explicitly asked to remember", "用户明确要求记住的事情"),
    _k("preference.like", "preference", "many", "low", 0.5,
       "something the user likes", "用户喜欢的东西"),
    _k("preference.dislike", "preference", "many", "low", 0.5,
       "something the user dislikes", "用户不喜欢的东西"),
    _k("preference.habit", "preference", "many", "low", 0.6,
       "something the user always or never does, or will do from now on", "用户总是、从不或以后都会做的事"),
    _k("fact.general", "fact", "many", "low", 0.4,
       "any other fact the user stated about themselves", "用户陈述的关于自己的其他事实"),
)

#: What the user does not drink, said as no change ("I don't drink coffee", "I never drink soda":
#: ``extract.preferences_en``): no dislike (it says nothing of the taste), yet the other side of a like of the same
#: thing (``facts.resolve``).
NOT_DRUNK_KEY = "drink.avoid"
NOT_DRUNK_DESCRIPTION = ("a drink the user does not drink, such as coffee, soda or alcohol",
                         "用户不喝的饮料，比如咖啡、汽水或酒")

#: Fallback keys, used when no specific key fits a statement.
GENERIC_KEYS: frozenset[str] = frozenset(
    {"note", "preference.like", "preference.dislike", "preference.habit", "fact.general"}
)

_BY_KEY: dict[str, KeySpec] = {spec.key: spec for spec in KEYS}


def get_key(key: str) -> KeySpec:
    """The spec of ``key``.

    Args:
        key: a dotted key, e.g. ``shipping.carrier``.

    Raises:
        KeyError: ``key`` is not in the taxonomy.
    """
    try:
        return _BY_KEY[key]
    except KeyError:
        raise KeyError(f"unknown fact key {key!r}") from None


def key_spec(key: str) -> KeySpec:
    """The spec of ``key``, or of an open key (``<subject>.<attribute>``, ``extract.shapes``): a
    fact about its subject holding one value at a time ("my editor is ..." replaces the editor
    said before), low sensitivity, middle importance. The open key of a listed purpose (``user.notes``,
    ``extract.purposes``) is described in the purpose's words in both languages.

    Raises:
        KeyError: ``key`` is neither in the taxonomy nor dotted.
    """
    if key in _BY_KEY:
        return _BY_KEY[key]
    if key in (medication.KEY, advice.KEY):  # many at once, health information as a condition is
        return KeySpec(key, "fact", "many", "medium", 0.8,
                       *(medication.DESCRIPTION if key == medication.KEY else advice.DESCRIPTION))
    if key == abilities.KEY:  # 我不会开车, 我不会游泳: many at once (extract.abilities)
        return KeySpec(key, "fact", "many", "low", 0.5, *abilities.DESCRIPTION)
    if key == abilities.CAN_KEY:  # "I can swim", "I know how to code in Rust": many at once, its twin
        return KeySpec(key, "fact", "many", "low", 0.5, *abilities.CAN_DESCRIPTION)
    if key == NOT_DRUNK_KEY:  # "I don't drink coffee", "I never drink soda": many at once, no dislike
        return KeySpec(key, "preference", "many", "low", 0.6, *NOT_DRUNK_DESCRIPTION)
    trait = bodily.described(key) or temperament.DESCRIPTIONS.get(key) or diets.DESCRIPTIONS.get(key)
    if trait is not None:
        return KeySpec(key, "fact", "one", "low", 0.6, *trait)  # identity.handedness, identity.chronotype
    owner, _, attribute = key.partition(".")
    if not owner or not attribute or "." in attribute:  # an LLM feature (profile.travel.plans) holds many
        raise KeyError(f"unknown fact key {key!r}")
    if owner == "user" and (both := purposes.described(attribute)) is not None:  # user.notes: also 笔记
        return KeySpec(key, "fact", "one", "low", 0.6, *both)
    if (both := things.described(owner, attribute)) is not None:  # user.dentist: also 牙医
        return KeySpec(key, "fact", "one", "low", 0.6, *both)
    words = attribute.replace("_", " ")
    who = "the user" if owner == "user" else owner
    return KeySpec(key, "fact", "one", "low", 0.6, f"{who}'s {words}",
                   f"{'用户' if owner == 'user' else owner}的{words}")
