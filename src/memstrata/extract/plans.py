"""Plans said without a date: "I plan to …" / 我打算…, what is looked forward to ("I'm excited to …", 我很期待…),
and a trip named by where it goes ("the Kyoto trip", 我们的京都之旅). Read by ``shapes_en`` and ``shapes_zh`` where no
topic rule read the sentence; a dated plan is the event rules' (``events_en``, ``preferences_zh``)."""

from __future__ import annotations

import re

from memstrata.extract.clauses import CONF_PREFER, Finding, clean_value, third_person
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE

_PLAN = lazy_regex(r"^(?:i|we)(?:'m|\s+am|'re|\s+are)?\s+(?:also\s+|still\s+)?(?:plan|planning|intend|intending)"
                   r"\s+(?:on\s+|to\s+|(?=(?:a|an|my|our)\s))(?P<v>.+)$"
                   # looked forward to: "I'm excited to mentor aspiring dancers", "I can't wait to start my new job",
                   # "We're looking forward to visiting Kyoto" (what is looked forward to is what is planned)
                   r"|^(?:i|we)(?:'m|\s+am|'re|\s+are)\s+(?:(?:also|so|really|very|super|still|just)\s+)*"
                   r"(?:excited|eager|thrilled)\s+to\s+(?P<x>.+)$"
                   r"|^(?:i|we)\s+(?:(?:also|just|really|still)\s+)*(?:can't|cannot|can not)\s+wait\s+to\s+(?P<y>.+)$"
                   r"|^(?:i|we)(?:'m|\s+am|'re|\s+are)\s+(?:(?:also|so|really|still)\s+)*looking\s+forward\s+to\s+"
                   r"(?P<z>[a-z]+ing\s.+|(?:my|our)\s.+)$", _IC)
_WHEN_AT_END = lazy_regex(r"\s+(?:soon|(?:next|this)\s+(?:summer|winter|spring|fall|autumn|year|month|week(?:end)?))$",
                          _IC)
#: What one looks forward to that is no plan: seeing or hearing what comes, telling, getting going, being something
#: ("I'm excited to see what happens", "I can't wait to hear your thoughts", "I'm excited to get started", "to be
#: involved").
_NO_PLAN = lazy_regex(r"^(?:see|seeing|hear|hearing|know|find out|finding out|share|sharing|tell|telling|talk|talking|"
                      r"chat|chatting|catch up|catching up|get started|getting started|keep going|continue|be|being)\b"
                      r"|\b(?:it|this|that|them|these|those|what|there|here|your|yours)\b", _IC)

#: A trip named by where it goes, with "my", "our" or "the": "I'm thinking about the Kyoto trip again", "What should we
#: plan next for the Kyoto trip?", "my trip to Japan". The name presupposes a trip of the speaker's; a time or an
#: occasion before "trip" ("the Christmas trip", "the Monday trip") is no place.
_TRIP = lazy_regex(r"\b(?:[Mm]y|[Oo]ur|[Tt]he)\s+(?P<a>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)\s+"
                   r"(?:trip|vacation|holiday|getaway)\b"
                   r"|\b(?:[Mm]y|[Oo]ur)\s+(?:\w+\s+)?(?:trip|vacation|holiday|getaway)\s+to\s+"
                   r"(?P<b>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)")
_NOT_A_PLACE = lazy_regex(r"(?:christmas|easter|thanksgiving|halloween|new year|spring break|summer|winter|spring|fall|"
                          r"autumn|weekend|january|february|march|april|may|june|july|august|september|october|"
                          r"november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|business|"
                          r"family|road|school|class|company|work|ski|camping|birthday|honeymoon|anniversary)\b", _IC)
#: A trip told as done, or someone else's: "How was the Kyoto trip?", "We had a great time on our Japan trip", "your
#: Kyoto trip", one called off ("The Lisbon trip is cancelled": ``extract.cancelled``), and what is kept from one
#: ("It's from our trip to Banff", "photos of my Japan trip").
_TRIP_NOT_AHEAD = lazy_regex(r"\b(?:cancell?ed|called off|was|were|went|had|did|came|got back|returned|back from|"
                             r"last|ago|you|your|he|his|"
                             r"she|her|they|their|from|photos?|pictures?|pics?|souvenirs?|memories)\b", _IC)


def trip_en(sentence: str) -> list[Finding]:
    """A trip named by where it goes (``_TRIP``), the speaker's and ahead: ``plan.intent`` = ``trip to Kyoto``. Read in
    a question too, where the name presupposes the trip ("What should we plan next for the Kyoto trip?")."""
    m = _TRIP.search(sentence)
    if m is None or _TRIP_NOT_AHEAD.search(sentence):
        return []
    place = m.group("a") or m.group("b")
    if _NOT_A_PLACE.match(place):
        return []
    return [Finding("plan.intent", f"trip to {place}", CONF_PREFER, sentence, statement=f"plans a trip to {place}")]


def plan_en(clause: str, lang: str = "en") -> list[Finding] | None:
    """"I plan to go on a trip to Mexico", "I'm planning a trip to Kyoto" and what is looked forward to ("I'm
    excited to mentor aspiring dancers"): ``plan.intent`` (no date: a dated plan is an event's, ``events_en``);
    ``[]`` for a plan shape that names no plan, ``None`` for no plan shape (other shapes may read the clause)."""
    m = _PLAN.match(clause)
    if m is None:
        return None
    said = m.group("v") or m.group("x") or m.group("y") or m.group("z")
    value = re.sub(r"^(?:my|our)\s+", "", clean_value(said, lang), flags=_IC)  # "my trip to Kyoto": the trip
    value = _WHEN_AT_END.sub("", value)  # "a family reunion next summer": no date the event rule reads
    if not value or re.search(r"\byou\b", value, _IC) or len(value.split()) > 10 \
            or (m.group("v") is None and _NO_PLAN.search(value)):
        return []
    if m.group("z") and re.fullmatch(r"(?:my|our)\s+\w+", said.strip(), _IC):
        return []  # "looking forward to my itinerary": a thing of the conversation, pointed at
    if m.group("z") or re.match(r"(?:a|an|my|our)\s", said, _IC):  # "a trip to Kyoto", "visiting Kyoto"
        verb = "looks forward to" if m.group("z") else "is planning"
        return [Finding("plan.intent", value, CONF_PREFER, clause, statement=f"{verb} {third_person(said)}")]
    return [Finding("plan.intent", value, CONF_PREFER, clause)]


_PLAN_ZH = lazy_regex(r"^(?:最近|今年|明年|这段时间|目前|现在)?我(?:们|和[\u4e00-\u9fff]{1,6}?(?:们)?(?:一起)?)?"
                      # 最近我在计划去新西兰玩儿, 我和老公打算去泰国: a time said first, a group the user is one of
                      r"(?:最近|今年|以后|也|还|一直|都|在|正在)*(?:打算|计划|准备)(?P<v>[^，。！？]+)$"
                      # looked forward to (_PLAN): 我很期待去京都, 我迫不及待想开始新工作
                      r"|^我(?:们)?(?:也|还|一直|真的)*(?:很|非常|特别|好|超级|十分)?(?:期待|盼望着?|迫不及待地?(?:想|要)?|"
                      r"等不及(?:想|要)?)(?P<x>[^，。！？]+)$")
#: What one looks forward to that is no plan: someone or something pointed at (期待你的回复, 期待它), what comes, or a
#: chance (期待有机会可以去旅游: a wish); one's own thing named by a bare noun (我的行程) points at the conversation.
_NO_PLAN_ZH = lazy_regex(r"^(?:这|那|它|他|她|你|结果|下一次|以后|未来|明天|周末|有机会|能|可以)|你"
                         r"|^我们?的[\u4e00-\u9fff]{1,2}$")

#: A trip named by where it goes, said as one's own (_TRIP): 我们的京都之旅, 我的日本之行. Without capitals
#: to mark a place, 我的 / 我们的 must say whose it is, 之旅 / 之行 that a place is named (我的具体旅行 names none), and
#: a kind of trip (美食之旅, 毕业之旅) is no place.
_TRIP_ZH = lazy_regex(r"(?:我的|我们的)(?P<p>[\u4e00-\u9fff]{2,4}?)(?:之旅|之行)")
_NOT_A_PLACE_ZH = lazy_regex(r"^(?:美食|心灵|探索|学习|毕业|蜜月|自驾|冒险|文化|这次|上次|下次|一次|人生|梦想|"
                             r"家庭|周末|暑假|寒假|春节|国庆|商务|公司|徒步|骑行|发现|治愈|音乐|艺术|摄影|购物|第一次|奇妙|难忘|愉快)$")
#: Told as done, kept from one, or someone else's: not 了, 过, 上次, 去年, 以前, 照片, 你, 他, 她.
_TRIP_NOT_AHEAD_ZH = lazy_regex(r"了|过|上次|去年|以前|那次|照片|回忆|纪念|你|他|她")


def trip_zh(sentence: str) -> list[Finding]:
    """A trip named by where it goes, the speaker's and ahead (``_TRIP_ZH``): ``plan.intent`` = ``去京都旅行``, read
    in a question too (我们的京都之旅下一步做什么？)."""
    m = _TRIP_ZH.search(sentence)
    if m is None or _TRIP_NOT_AHEAD_ZH.search(sentence) or _NOT_A_PLACE_ZH.match(m.group("p")):
        return []
    place = m.group("p")
    return [Finding("plan.intent", f"去{place}旅行", CONF_PREFER, sentence, statement=f"计划去{place}旅行")]


def plan_zh(clause: str) -> list[Finding] | None:
    """我打算去墨西哥旅行, 我在计划去京都旅行 and what is looked forward to (我很期待去京都): as ``plan_en``."""
    m = _PLAN_ZH.match(clause)
    if m is None:
        return None
    value = clean_value(m.group("v") or m.group("x"), "zh")
    if not value or "你" in value or re.match(r"(?:怎么|什么|如何|问|好好)", value) or len(value) > 20 \
            or (m.group("v") is None and _NO_PLAN_ZH.search(value)):
        return []
    if m.group("v") is None:  # 期待我们的京都之旅: the trip
        value = re.sub(r"^我们?的", "", value)
        return [Finding("plan.intent", value, CONF_PREFER, clause, statement=f"期待{value}")]
    if _PREPARING_ZH.search(clause[: m.start("v")]):
        # 我在准备一场重要的演讲: what is prepared for is often a thing (演讲, 面试), which 打算{v} misreads
        return [Finding("plan.intent", value, CONF_PREFER, clause, statement=f"在准备{value}")]
    return [Finding("plan.intent", value, CONF_PREFER, clause)]


#: 准备 in the progressive (在准备, 正在准备): preparing for something, not being about to do it.
_PREPARING_ZH = lazy_regex(r"在准备$")


# --- A goal the user is working on --------------------------------------------------------------
# A goal worked on is something the user intends to do, no date said: ``plan.intent`` (the taxonomy stays small;
# "I plan to quit smoking" and "I'm trying to quit smoking" are one value), its statement saying it is worked on.

#: What a goal one works on does: give something up, have less or more of it, lose or gain, save, get fit. "Trying
#: to" with any other verb is an effort of the moment ("I'm trying to stay upbeat", "trying to figure it out": real
#: turns of the extraction set that state no fact), so the list is closed.
_GOAL_VERBS_EN = {"quit": "quit", "quitting": "quit", "stop": "stop", "stopping": "stop", "give up": "give up",
                  "giving up": "give up", "kick": "kick", "kicking": "kick", "cut down on": "cut down on",
                  "cutting down on": "cut down on", "cut back on": "cut back on", "cutting back on": "cut back on",
                  "cut out": "cut out", "cutting out": "cut out", "reduce": "reduce", "reducing": "reduce",
                  "limit": "limit", "limiting": "limit", "lose": "lose", "losing": "lose", "gain": "gain",
                  "gaining": "gain", "save": "save", "saving": "save", "eat less": "eat less",
                  "eating less": "eat less",
                  "eat more": "eat more", "eating more": "eat more", "drink less": "drink less",
                  "drinking less": "drink less", "drink more": "drink more", "drinking more": "drink more",
                  "eat healthier": "eat healthier", "eating healthier": "eat healthier", "get fit": "get fit",
                  "getting fit": "get fit", "get in shape": "get in shape", "getting in shape": "get in shape",
                  "sleep more": "sleep more", "sleeping more": "sleep more", "exercise more": "exercise more",
                  "exercising more": "exercise more"}
_GOAL_VERB_EN = "|".join(sorted((re.escape(v) for v in _GOAL_VERBS_EN), key=len, reverse=True))
#: "I'm trying to cut down on sugar", "I've been trying to quit smoking", "I'm working on cutting back on coffee",
#: "My goal is to lose 5 kg": the user's, said as worked on now.
_GOAL_EN = lazy_regex(
    r"^(?:(?:so|and|but|also|right now|these days|lately)\s*,?\s+)?(?:"
    r"(?:i|we)(?:'m|\s+am|'re|\s+are|'ve\s+been|\s+have\s+been)\s+(?:(?:really|still|also|now|currently|seriously|"
    r"actively)\s+)*(?:trying\s+(?:hard\s+|my\s+best\s+)?to|working\s+on|aiming\s+to|determined\s+to)"
    r"|my\s+(?:goal|aim|resolution)(?:\s+this\s+year)?\s+is\s+to)"
    rf"\s+(?P<verb>{_GOAL_VERB_EN})(?P<obj>(?:\s+[\w'-]+)*?)"
    r"(?:\s+(?:now|lately|these days|this year|too|as well|again))*$", _IC)
#: Verbs that need no object to name the goal ("get fit"); the others need one ("I'm trying to quit" says not what).
_WHOLE_EN = ("get fit", "get in shape", "eat healthier", "eat less", "eat more", "sleep more", "exercise more")
_NOT_AN_OBJECT_EN = lazy_regex(r"^\s*(?:it|that|this|them|him|her|you|on|for|to|with|about|at|in|and|but|so)\b", _IC)


def goal_en(clause: str) -> list[Finding]:
    """"I'm trying to cut down on sugar", "I'm working on quitting smoking": ``plan.intent`` = ``cut down on sugar`` /
    ``quit smoking`` (the verb in its plain form), stated "is trying to …"; ``[]`` for any other clause."""
    m = _GOAL_EN.match(clause.strip().rstrip(".!"))
    if m is None:
        return []
    verb, obj = _GOAL_VERBS_EN[m.group("verb").lower()], m.group("obj").strip()
    if (not obj and verb not in _WHOLE_EN) or (obj and _NOT_AN_OBJECT_EN.match(obj)) or len(obj.split()) > 5:
        return []
    value = f"{verb} {obj}".strip()
    return [Finding("plan.intent", value, CONF_PREFER, clause, statement=f"is trying to {value}")]


#: 我在戒糖, 我正在戒烟, 我最近在减肥, 最近我在尝试减肥, 我在控糖, 我尽量少喝咖啡, 我开始戒烟了: giving up (戒), having
#: less (减, 控, 少吃 / 少喝), said as worked on now (在, 正在, 努力, 尽量, 试着, 尝试, 开始).
_GOAL_ZH = lazy_regex(
    r"^(?:最近|现在|目前|这段时间|这阵子)?我(?:们)?(?:最近|现在|目前|一直|也|还|今年|这段时间|这阵子)*(?:正在|在|努力|尽量|试着|尝试|开始|坚持)+"
    r"(?P<v>戒掉?(?![指备严])[\u4e00-\u9fffA-Za-z]{1,6}?|减(?:肥|重|脂|糖|盐|少[\u4e00-\u9fff]{1,6}?)"
    r"|控(?:糖|盐|油|碳|体重)|控制(?:体重|饮食|血糖|糖分|体脂)|少(?:吃|喝|抽|熬夜|玩)[\u4e00-\u9fff]{0,6}?)(?:中|呢)?了?$")


def goal_zh(clause: str) -> list[Finding]:
    """我在戒糖, 我正在戒烟, 我在努力减肥: ``plan.intent`` = 戒糖 / 戒烟 / 减肥, stated 在努力戒糖; ``[]`` for any other
    clause."""
    m = _GOAL_ZH.match(clause.strip().rstrip("。！!"))
    if m is None:
        return []
    value = re.sub(r"^戒掉", "戒", m.group("v"))
    return [Finding("plan.intent", value, CONF_PREFER, clause, statement=f"在努力{value}")]


#: A goal said with the noun: "My goal is to run a marathon next year", "My goal this year is to learn Spanish", "One
#: of my goals for next year is to read 20 books", 我的目标是明年跑马拉松, 我今年的目标是学西班牙语. The clause after
#: "to" / 是 is what the user means to do; a time said with it is when, no part of it.
_GOAL_NOUN_EN = lazy_regex(
    r"^(?:(?:so|and|but|also|well|anyway)\s*,?\s+)?(?:my|one\s+of\s+my)\s+(?:(?:main|big|biggest|new|personal|"
    r"ultimate|long-term|fitness|new year's)\s+)?(?:goal|aim|resolution)s?"
    r"(?:\s+(?:for\s+)?(?:this|next|the)\s+(?:year|month|summer)|\s+for\s+\d{4})?\s+is\s+to\s+"
    r"(?P<v>[a-z][\w'-]*(?:\s+[\w'-]+){1,7}?)"
    r"(?:\s+(?:(?:next|this|by\s+(?:the\s+end\s+of\s+)?(?:the|next|this))\s+(?:year|month|summer|spring|fall|"
    r"autumn|winter)|in\s+\d{4}|by\s+\d{4}|someday|one\s+day|eventually|soon))?$", _IC)
_GOAL_NOUN_ZH = lazy_regex(
    r"^我(?:(?:今年|明年|这个月|下个月|今后|新年|这辈子)的?)?的?(?:新年|人生|最大的?|主要的?)?目标(?:就)?是"
    r"(?:(?:明年|今年|年底前|年底|下个月|这个月|\d{4}年)(?:之前|以前|内)?)?(?:能|要|可以|能够)?"
    r"(?P<v>(?:学|跑|考|去|买|减|瘦|戒|存|攒|读|写|找|成为|当|做|完成|拿到|通过|养成|练|搬|换|开|参加|坚持|每天|每周|"
    r"看完|学会)[\u4e00-\u9fffA-Za-z0-9]{1,12}?)(?:了|啊|呢)?$")
#: What a goal clause names that is no doing of the user's: the thing at hand, a question.
_NOT_A_GOAL = lazy_regex(r"\b(?:it|this|that|them|you|your|what|whether)\b|[?？吗呢]|什么|怎么|[你他她它这那]", _IC)


def goal_named(clause: str, lang: str) -> list[Finding]:
    """A goal said with the noun ("My goal is to run a marathon next year" → ``plan.intent = run a marathon``,
    我的目标是明年跑马拉松 → ``跑马拉松``), stated "has the goal to …" / 目标是…; ``[]`` for any other clause ("My goal
    is unclear", 我的目标是什么)."""
    m = (_GOAL_NOUN_ZH if lang == "zh" else _GOAL_NOUN_EN).match(clause.strip().rstrip("。！!.").strip())
    if m is None or _NOT_A_GOAL.search(m.group("v")):
        return []
    if lang == "zh":
        value = clean_value(m.group("v"), "zh")
        return [Finding("plan.intent", value, CONF_PREFER, clause, statement=f"目标是{value}")] if value else []
    value = third_person(clean_value(m.group("v"), "en"))
    return [Finding("plan.intent", value, CONF_PREFER, clause, statement=f"has the goal to {value}")] if value else []


#: A wish to learn something is a goal too, one that lasts: "I want to learn guitar", "I've always wanted to learn
#: Japanese", "I'd love to learn how to swim", 我想学吉他, 我一直很想学日语. Other wishes are of the moment ("I want to
#: sleep", 我今天不想吃饭) or of a goal not yet taken up (我想戒烟), and stay unread.
_LEARN_EN = lazy_regex(
    r"^(?:(?:so|and|but|also|honestly|lately|these days)\s*,?\s+)?(?:i|we)(?:"
    r"(?:'d|\s+would)\s+(?:really\s+|also\s+)?(?:like|love)"
    r"|(?:'ve|\s+have)?\s+(?:(?:really|also|still|always|kind of|kinda)\s+)*(?:want|wanted|hope|wish)"
    r"|(?:'m|\s+am)\s+(?:really\s+)?hoping)\s+to\s+learn\s+(?P<v>(?:how\s+to\s+)?[\w'+#-]+(?:\s+[\w'+#-]+){0,4}?)"
    r"(?:\s+(?:someday|one day|eventually|this year|next year|soon|too|as well|properly))*$", _IC)
#: What a learning wish names that is no subject one learns: the thing at hand, or news ("learn more about it",
#: "learn how to use this", "learn what happened").
_NOT_LEARNT_EN = lazy_regex(r"\b(?:it|this|that|these|those|them|you|your|here|there|more|about|from|what|why|"
                            r"whether|if|which|who|where|when)\b", _IC)
_LEARN_ZH = lazy_regex(r"^我(?:们)?(?:一直|也|还|真的|特别|非常|很|好|挺|其实|早就|今年|以后)*(?:想|希望|打算)"
                       r"(?:好好)?(?:学|学习|学会)(?P<v>[\u4e00-\u9fffA-Za-z+#]{1,8}?)(?:了|啊|呢)?$")
_NOT_LEARNT_ZH = lazy_regex(r"^(?:一下|下|点|习|会|着|到|这|那|怎么|如何|什么|它|你|他|她)|[吗呢？]")


def learning_wish(clause: str, lang: str) -> list[Finding]:
    """What a wish to learn names ("I want to learn guitar" → ``plan.intent = learn guitar``, 我想学吉他 → ``学吉他``),
    stated "wants to learn guitar" / 想学吉他; ``[]`` for any other clause, or one that names the thing at hand
    ("I want to learn more about it", 我想学一下这个)."""
    if lang == "zh":
        m = _LEARN_ZH.match(clause.strip().rstrip("。！!"))
        if m is None or _NOT_LEARNT_ZH.search(m.group("v")):
            return []
        value = clean_value(m.group("v"), "zh")
        return [Finding("plan.intent", f"学{value}", CONF_PREFER, clause, statement=f"想学{value}")] if value else []
    m = _LEARN_EN.match(clause.strip().rstrip(".!"))
    if m is None or _NOT_LEARNT_EN.search(m.group("v")):
        return []
    value = third_person(clean_value(m.group("v"), "en"))  # "how to manage my emotions": their emotions
    return [Finding("plan.intent", f"learn {value}", CONF_PREFER, clause,
                    statement=f"wants to learn {value}")] if value else []


#: A goal of giving something up, and what it gives up: "quit smoking", "stop drinking soda", 戒烟.
_GIVING_UP_EN = lazy_regex(r"^(?:quit|stop|give up|kick|cut out)\s+(?P<a>.+)$", _IC)
_GIVING_UP_ZH = lazy_regex(r"^戒掉?(?P<a>.+)$")
#: The verb of eating, drinking or smoking before what is given up ("drinking coffee", 抽烟): the thing names it.
_CONSUMING = lazy_regex(r"^(?:drink(?:ing)?|eat(?:ing)?|hav(?:e|ing)|smok(?:e|ing)\s+|抽|吃|喝)\s*(?=\S)", _IC)


def reached_by_giving_up(goal: str, activity: str) -> bool:
    """Whether giving ``activity`` up (the habit a give-up withdraws: "smoking", "drinking coffee", 烟, 抽烟) reaches
    ``goal``, a goal of giving it up ("quit smoking", "quit coffee", 戒烟): "I'm trying to quit smoking" then "I quit
    smoking" leaves no goal standing. A goal of having less ("cut down on sugar") is not reached by a give-up."""
    m = _GIVING_UP_EN.match(goal.strip()) or _GIVING_UP_ZH.match(goal.strip())
    if m is None or not activity.strip():
        return False
    wanted = {m.group("a").casefold(), _CONSUMING.sub("", m.group("a")).casefold()}
    return bool({activity.strip().casefold(), _CONSUMING.sub("", activity.strip()).casefold()} & wanted)
