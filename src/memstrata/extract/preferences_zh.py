"""Chinese patterns of instructions, standing habits, likes and dislikes, tools used and dated
events (``patterns_zh`` tries them in order)."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from memstrata.extract import cancelled, directives, examples, gazetteer, guards, places, salience
from memstrata.extract.clause_zh import _MODAL, _PRONOUN, _Ctx, _f
from memstrata.extract.clauses import (
    CONF_EVENT,
    CONF_INFORMAL,
    CONF_LIKE,
    CONF_NEGATIVE,
    CONF_PREFER,
    CONF_STATED,
    Finding,
    Polarity,
    clause_period,
    clean_value,
    like_finding,
    without_time,
)
from memstrata.extract.pursuits import unfronted
from memstrata.extract.reminders import CLINIC_ZH, HOUR_ZH, PART_OF_DAY_ZH
from memstrata.extract.subject_zh import names_someone
from memstrata.extract.taxonomy import NOT_DRUNK_KEY
from memstrata.extract.timex import mentions_time, time_span
from memstrata.text.regex import lazy_regex

#: The parcel named first, as the topic of what is said of it (包裹别放门口, 快递放快递柜就行), and how often so
#: (快递一般寄到公司前台, 外卖平时送到小区门口: as a rule, as 都 says it).
_PARCEL_FIRST = r"(?:(?:快递|包裹|外卖)(?:都|就|请|一律|一般|平时|通常|基本上?|一直)*)?"
_DONT = lazy_regex(rf"^{_PARCEL_FIRST}(?:请|麻烦|你|以后|千万|一定)*(?:别|不要|不用|请勿|勿|不许|不准|不能)(?P<v>.+)$")

_PUT = lazy_regex(rf"^(?P<parcel>{_PARCEL_FIRST})(?:请|麻烦|你|都|就|帮我)*(?:把(?:快递|包裹|东西|它|货)?)?"
                  r"(?:放|放在|放到|送到|送|寄到|存|存在|存到|丢|扔)(?P<v>.+?)(?:就行|就好|就可以)?$")

_USE = lazy_regex(r"^(?:还是|又)?(?:用回|换回|改回|用|使用|走|发|选|选择|换成|改用|换|寄|改成|只用)(?P<v>.+)$")

_SEND_TO = lazy_regex(r"^(?:寄到|送到|发到|寄往)(?P<v>.+)$")


def _instruction(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _DONT.match(clause)
    if m:
        rest = re.sub(r"^把(?:快递|包裹|东西|它|货)?", "", m.group("v"))
        if gazetteer.find_dropoff(rest) is not None:
            return _f("shipping.dropoff", f"不{rest}", CONF_NEGATIVE, clause)
        if ctx.habit:
            return _habit_fallback(f"不{rest}", ctx, CONF_NEGATIVE)
        return []  # 别担心 is chatter, not a standing preference
    m = _PUT.match(clause)
    if m and (spot := gazetteer.find_dropoff(m.group("v"))) is not None and (
            ctx.habit or clause[0] in "请都就放" or (m.group("parcel") and spot.end() == len(m.group("v"))
                                                      and f"{clause}了" not in ctx.sentence)):
        # 包裹放门口被偷了, 快递放门口了: what befell it or was done, no place asked for
        place = re.sub(r"^(?:在|到)", "", m.group("v"))
        return _f("shipping.dropoff", f"放{place}", CONF_PREFER if ctx.habit else CONF_NEGATIVE, clause)
    body = _MODAL.sub("", clause)
    m = _SEND_TO.match(body)
    if m and ctx.habit and gazetteer.find_dropoff(m.group("v")) is None:
        return _f("shipping.address", m.group("v"), CONF_PREFER, clause)
    m = _USE.match(body)
    if m:
        hit = gazetteer.lookup(m.group("v"), choice=True)
        if hit is not None and hit.named:
            return [Finding(hit.key, hit.value, CONF_PREFER if ctx.habit else CONF_INFORMAL, clause)]
    return []


#: How often a habit is done: 每天, 每周末, 每个星期六, 一周三次, and 早上/周末 only with 都 or 会 (我周末去游泳
#: is as often this weekend's plan; 我周末都去游泳 is a habit). Without these, 我每个周末都去游泳 and
#: 我每周去三次健身房 stored nothing while 我每天早上跑步 was a habit. An adverb alone (经常, 通常, 一般) names
#: no frequency, as "usually" alone does not in English: on MemoryBank-zh such habits (我平时也经常锻炼身体)
#: outranked the evidence turn of a question about fitness (R@1 0.33 → 0.32).
_NUM_ZH = r"[一两二三四五六七八九十几\d]+"

_WEEKDAY_ZH = r"(?:[一二三四五六日天]|末)"

#: What a count in a unit of time counts (一天两杯, 一周三次, 一天半包): times, servings, lengths.
_MEASURE_ZH = r"次|趟|回|杯|瓶|罐|听|包|根|支|碗|顿|片|粒|个?小时|分钟|公里|千米|页|本|章|集|局|遍|个"
_EVERY_ZH = (rf"每(?:天|日|晚|早|个?周{_WEEKDAY_ZH}?|个?星期{_WEEKDAY_ZH}?|个?礼拜{_WEEKDAY_ZH}?|"
             r"个?月|年|个?工作日|隔一天)"
             # 一周三次, 一天喝两杯奶茶, 一天抽半包烟: a unit of time and a count in it, no day named; 一周前, 一天内
             # and a count done (一天跑了十公里) are one time, no habit
             rf"|[一每](?:周|星期|个星期|个月|天)(?![前后内里没多])(?=[^，,了过]*?(?:{_NUM_ZH}|半)(?:{_MEASURE_ZH}))")

#: How sure the speaker is of a habit said (我基本每天都跑步, 我差不多一周去两次): no part of the habit.
_HEDGE_ZH = r"(?:基本上?|差不多|大概|大约|几乎|平均|估计)"

_TIME_OF_DAY_ZH = r"(?:早上|早晨|上午|中午|下午|傍晚|晚上|睡前|饭后|下班后|周末|工作日)"

_ALWAYS = lazy_regex(
    # a sentence adverb may come before 我, as English fronts "Sometimes on weekends I …": 有时我周末会去唱片店淘CD
    rf"^(?:有时候?|有的时候|平时|平常|通常|一般)?我(?:们)?{_HEDGE_ZH}?"
    rf"(?P<adv>(?:总是|一直都|一直|向来|平时|通常|一般|经常|常常)?{_HEDGE_ZH}?"
    rf"(?:(?:{_EVERY_ZH}){_TIME_OF_DAY_ZH}?(?:都|会|都会|也)*|{_TIME_OF_DAY_ZH}(?:都会|都|会)+"
    # 我周末一般去爬山: a time of the day or week with a word of habit after it
    rf"|{_TIME_OF_DAY_ZH}(?:一般|通常|经常|常常|总是)(?:都会|都|会)*)"
    r"|总是|一直都|一直|向来|经常|常常|从来不|从不|从来没|永远不)(?P<v>.+)$"
)

_INSTRUCT = lazy_regex(r"^(?:用中文|用英文|用英语|回答|回复|说话|叫我|称呼我|解释|写)")


def _habit(clause: str, ctx: _Ctx) -> list[Finding]:
    clause = unfronted(clause)  # 周末我一般去爬山 is 我周末一般去爬山
    m = _ALWAYS.match(clause)
    if not m or m.group("adv") == "从来没":
        return []  # 从来没去过 tells a past, not a habit
    body = m.group("v")
    if _NOT_EAT.match(clause):
        return []  # 我从来不吃猪肉 is what the user does not eat (_like), as "I never eat pork" is
    hit = gazetteer.lookup(body)
    if hit is not None and hit.named and not m.group("adv").endswith("不"):
        return [Finding(hit.key, hit.value, CONF_PREFER, clause)]
    if re.match(rf"^(?:在(?!{_TIME_OF_DAY_ZH})|是|觉得|认为|以为|想|沉浸|感觉|感到|担心|忘|"
                r"(?:很|都|非常|特别|也|还)*(?:喜欢|爱|讨厌|不喜欢))", body):
        # 我一直在想 / 我一直觉得: a state of mind; 我一直很喜欢X is read as a like; 在周末 / 在晚上 is when, no aspect
        return []
    if re.match(r"^(?:很|非常|特别|挺|好|太|有点|比较|超)", body) or guards.zh_points_away(body):
        return []  # 我每天都很累, 我经常想你: a mood or the listener, not something the user does
    return _f("preference.habit", m.group("adv") + body, CONF_PREFER, clause)


def _habit_fallback(clause: str, ctx: _Ctx, conf: float) -> list[Finding]:
    """A clause under 以后/从现在起 that no specific pattern read: a way of working said to the agent is the
    sentence's instruction (``extract.directives``: 以后提交前先跑测试), anything else the user's habit."""
    text = _MODAL.sub("", clause)
    # 以后周末早上改成游泳: the habit is 周末早上游泳; 改成 says it takes another's place, no part of what is done
    text = re.sub(r"^(?P<when>[^，,。]{0,8}?)(?:都)?(?:改成|换成|改为)(?=[\u4e00-\u9fff])", r"\g<when>", text)
    if re.match(r"^(?:可以|能|试|再|注意)", text) or (guards.zh_points_away(text)
                                                       and not _INSTRUCT.match(text)):
        return []  # 以后我可以请你帮我…, 以后我也会注意这些细节: intentions, not instructions
    if re.match(r"^(?:不|别|没|不再|再也不|不要)", text) and not _INSTRUCT.match(text.lstrip("不别没再也要")):
        return []  # 以后不跑步了: the habit given up, never the habit "不跑步" (extract.cessation reads it with 我)
    key = "assistant.instruction" if _INSTRUCT.match(text) else "preference.habit"
    found = _f(key, text, conf, clause)
    if key == "preference.habit" and found and len(said := directives.find_zh(ctx.sentence)) == 1:
        return said
    return found


_LIKE = lazy_regex(r"^我(?:们)?(?P<adv>(?:也|还|很|非常|特别|超级|超|真的|挺|最|一直|比较|更|好|蛮|都|就|"
                   r"其实|确实|真心|已经|现在|从小就?|平时|平常|一般|通常|向来|"
                   # a like that grows (我越来越喜欢骑车了, 我渐渐喜欢上了爵士): held now, as 我喜欢骑车 is
                   r"越来越|渐渐|慢慢|"
                   # when the like is acted on (我周末喜欢去爬山, 我晚上喜欢看电影): no part of what is liked
                   r"周末|晚上|早上|下班后|有空的?时候|空闲时)*)(?P<verb>不再喜欢|不太喜欢|不喜欢|不怎么喜欢|不是很喜欢|不是特别喜欢|不是太喜欢|不大喜欢|并不喜欢|"
                   r"不太爱|不怎么爱|不爱|讨厌|受不了|"
                   # 爱 of 爱好 (a hobby) or 爱人 (a spouse) is no love of what follows: 我爱好是滑板 was 好是滑板 liked
                   r"烦|厌恶|反感|喜欢|热爱|偏爱|钟爱|偏好|喜爱|迷上了|爱上了|爱(?![好人])|倾向于)(?P<v>.+)$")

_DISLIKE = ("不", "并不", "讨厌", "受不了", "烦", "厌恶", "反感")

_NOT_EAT = lazy_regex(r"^我(?:从来|从|一直|向来|基本|平时|已经|现在)?(?:再也不|不再|不|不太|不怎么|不能|没法)"
                      r"(?P<verb>吃|喝)(?P<v>.+)$")

_ZH_HINTS: tuple[tuple[str, str], ...] = (
    ("吃", "food.like"), ("喝", "drink.like"), ("听", "music.like"), ("看", "media.like"),
    ("使用", ""), ("用", ""), ("玩", "hobby.like"),
)

_EAT_DRINK = ("吃", "喝")
#: What one listens to that is no music: spoken programmes and books read aloud (播客, 有声书, 相声, 评书, 广播).
_SPOKEN_WORD = lazy_regex(r"^(?:各种|一些)?(?:播客|有声书|有声小说|听书|相声|评书|广播|电台|脱口秀|讲座|小说|书)")

#: 我喝咖啡不加糖 / 我一般喝茶加奶 / 我喝拿铁要燕麦奶: how the user has a drink (the Chinese twin of
#: "I take my coffee without sugar", which the English patterns read).
_DRINK_HOW = lazy_regex(r"^我(?:一般|平时|通常|都|习惯|只|每次|喜欢)*喝"
                        r"(?P<d>咖啡|黑咖啡|美式|拿铁|奶茶|红茶|绿茶|茶|豆浆)"
                        r"(?:一般|通常|都|从来|从|习惯)*(?P<how>(?:不加|不放|不要|加|放|要|去|少|多|半|无|全)"
                        r"(?:糖|奶|牛奶|燕麦奶|豆奶|冰|奶精|伴侣|蜂蜜|柠檬)|热的|冰的|常温的?)$")


def _drink_how(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _DRINK_HOW.match(clause)
    if not m:
        return []
    return _f("drink.like", f"{m.group('d')}{m.group('how')}", CONF_STATED, clause)


#: Words that make a dislike milder than 不喜欢 (我不太喜欢辣, 我不怎么喜欢): the statement keeps them.
_HEDGED_ZH = ("不太喜欢", "不怎么喜欢", "不是很喜欢", "不是特别喜欢", "不是太喜欢", "不大喜欢", "不太爱", "不怎么爱")


def _as_said(clause: str) -> str:
    """``clause`` without its 我 (我不太吃辣 → 不太吃辣): the statement of a fact the key's template
    would overstate (不喜欢吃辣 for 我不太吃辣; 不喜欢咖啡 for 我不喝咖啡, which says nothing of liking)."""
    return clean_value(re.sub(r"^我(?:们)?", "", clause), "zh")


def _like(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _NOT_EAT.match(clause)
    if m and re.search(r"药片?$|胰岛素$", m.group("v")):
        return []  # 我不吃降压药: a medicine not taken, no food disliked (extract.medication)
    if m:
        # not drinking something is no dislike of it (``drink.avoid``, as "I don't drink coffee" is); the food key
        # holds what is not eaten as its own
        key = "food.dislike" if m.group("verb") == "吃" else NOT_DRUNK_KEY
        return [replace(f, statement=_as_said(clause)) for f in _f(key, m.group("v"), CONF_NEGATIVE, clause)]
    m = _LIKE.match(clause)
    if not m:
        return []
    if m.group("verb") in _HEDGED_ZH:
        return [replace(f, statement=_as_said(clause)) for f in _like_of(m, clause, ctx)]
    return _like_of(m, clause, ctx)


def _like_of(m: re.Match[str], clause: str, ctx: _Ctx) -> list[Finding]:
    """The findings of a like or dislike ``_LIKE`` matched in ``clause``."""
    # 我最喜欢的是X, 我最爱喝的是美式 (the verb kept: 喝美式 is a drink)
    verb, obj = m.group("verb"), re.sub(r"^(吃|喝|听|看|玩|读|用)?的是", r"\1", m.group("v"))
    if guards.zh_points_away(obj) and examples.inline(obj, "zh") is None:  # 像滑板这样的运动 points at its examples
        return []  # 我喜欢你推荐的书, 我喜欢这个: about the listener or the context
    polarity: Polarity = "dislike" if verb.startswith(_DISLIKE) else "like"
    prefer = verb in ("偏好", "偏爱", "倾向于") or "更" in m.group("adv")
    conf = CONF_PREFER if prefer else CONF_LIKE
    hint, used = "", ""
    for prefix, key in _ZH_HINTS:
        # 吃/喝 go back into the statement (喜欢吃{v}), so the food is the value even when it is one
        # character (吃肉 → 肉, 吃辣 → 辣): 我不再吃肉了 then names the same value and retires it.
        shortest = len(prefix) + (0 if prefix in _EAT_DRINK else 1)
        if not key and obj.startswith(prefix) and _thing_alone(obj[len(prefix):]):
            obj, used = obj[len(prefix):].strip(), prefix  # 我喜欢用 pytest: the tool is the value, 用 the verb
            break
        if not key and not _names_a_tool(obj[len(prefix):]):
            continue  # 我喜欢用 iPhone 拍照: 用 stays (the statement 喜欢{v} needs it); 用VSCode → VSCode
        if obj.startswith(prefix) and len(obj) > shortest:
            obj, hint = obj[len(prefix):], key
            break
    if hint == "music.like" and _SPOKEN_WORD.match(obj):
        hint = "media.like"  # 我喜欢听播客, 听相声: a programme listened to, no music (as "I love audiobooks" is media)
    if _PRONOUN.match(obj):
        return []  # 我爱你
    found = like_finding(obj, polarity, conf, clause, "zh", hint=hint)
    return [replace(f, statement=f"{verb}{used}{f.value}") if used and f.key.startswith("preference.") else f
            for f in found]


#: A verb after the thing used makes it the means of an activity (用筷子吃饭, 用心做事), not the thing liked.
_ACTIVITY_VERB = lazy_regex(r"[吃喝做写看听玩拍打跑画买去来说学弹唱跳走骑开读练]")


def _thing_alone(rest: str) -> bool:
    """Whether what follows 用 in a like is a thing alone (pytest, 飞书, 苹果手机): a name of one or two
    Latin words, or two to four Chinese characters with no verb of an activity after it."""
    rest = rest.strip()
    if re.fullmatch(r"[A-Za-z][\w.+#\-]*(?:\s[A-Za-z0-9][\w.+#\-]*)?", rest):
        return True
    return bool(re.fullmatch(r"[\u4e00-\u9fff]{2,4}", rest)) and not _ACTIVITY_VERB.search(rest)


def _names_a_tool(obj: str) -> bool:
    """Whether ``obj`` starts with a named gazetteer entry (VSCode写代码), which then is the value."""
    hit = gazetteer.lookup(obj.lstrip())
    return hit is not None and hit.named and hit.start == len(obj) - len(obj.lstrip())


_I_USE = lazy_regex(
    r"^我(?:们)?(?:寄东西|寄快递|发快递|寄件|网购)?(?:平时|一般|现在|主要|一直)?(?:都)?"
    r"(?:又)?(?:用回了|用回|换回了|换回|改回了|改回|用|使用|在用)(?P<v>.+)$"
)


def _use(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _I_USE.match(clause)
    if not m:
        return []
    hit = gazetteer.lookup(m.group("v"), choice=True)
    if hit is None or not hit.named:
        return []  # 我用手机 names nothing the taxonomy keys
    return [Finding(hit.key, hit.value, CONF_STATED, clause)]


#: What makes a clause a plan. Not 想 (want): 今天天气真好，我想去公园里散步 is a wish, as "I want to go to the
#: park" is in English (``events_en._NOT_EVENT``).
_FUTURE = lazy_regex(r"^(?:要|得(?!到)|会|打算|准备|计划|将|需要|约了|还要|"
                     # looked forward to is ahead (plans._PLAN_ZH): 我很期待下个月去京都
                     r"(?:很|非常|特别|好|超级|十分)?(?:期待|盼望着?|迫不及待地?想?|等不及想?))+")

_ACTION = lazy_regex(r"^(?:去|来|回|开会|见|参加|飞|搬|考试|面试|出差|旅游|旅行|看|吃|买|约|上课|加班|"
                     r"聚餐|出发|到|做|跑|写|学|办|拿|交|签|请|陪|带|接|送|过|参观|爬|玩|打|逛|坐|搭|乘|"
                     r"生|结婚|毕业|入职|离职|开始|完成|换|"
                     # outcomes and firsts (extract.salience): 通过了面试, 第一次去了健身房; 通过 alone is "by way of"
                     r"通过了|考上|赢了|获得|得了?奖|拿到了|第一次|首次|失业|辞职|退休|分手|订婚|离婚|出院|住院|确诊|丢了|"
                     r"举办|主办|"
                     # errands a reminder or a diary names: 交电费, 还信用卡, 给我妈打电话, 续签护照, 预约体检
                     r"还(?=信用卡|房贷|车贷|贷款|花呗|钱|款)|缴|付(?=[\u4e00-\u9fff]{0,3}[费款租])|给.{1,6}?(?:打个?电话|转)|打电话|转账|"
                     r"续(?:签|费|保|租)|预约|复查|体检|提交|递交|报名|申请|修(?!改)|理发|取(?!消)|寄|订|退(?!休)|报销|"
                     # a test one sits (考驾照, 考研), not thinking it over (考虑) or checking (考察, 考核)
                     r"考(?![虑验察核]))")

_WEATHER = lazy_regex(r"下雨|下雪|天气|刮风|降温|升温|晴|阴天|台风|雾霾|好热|好冷|很热|很冷")

_TRAVEL_ZH = lazy_regex(r"去|飞|旅游|旅行|出差|回老家|出国|度假")

#: Going out to do something or to a venue nearby is no trip: 去上班, 去看电影, 去买菜, 去面试, 去体检 (去 and a
#: verb; an errand too: 去补办, 去修, 去退, 去领), 去健身房, 去医院复查, 去超市, 去公司 (a place named by what it
#: is: a room, a hall, a shop, a school ...).
_TRIP_WORD_ZH = lazy_regex(r"旅游|旅行|出差|回老家|出国|度假")

_OUT_LOCAL_ZH = lazy_regex(r"^去(?:上班|上学|上课|上网|看|吃|喝|买|玩|跑|健身|锻炼|复查|开会|见|找|接|送|拿|办|"
                           r"逛|做|学|打|听|参加|取|交|剪|洗|遛|面试|体检|考试|约会|报到|应聘|相亲|聚餐|拔牙|理发|挂号|"
                           r"补办|办理|修|退|换|还|领|签|缴|续|寄|配|"
                           # a sport or a pastime done: 去踢足球, 去游泳, 去骑车, 去练瑜伽, 去爬山, 去钓鱼,
                           # 去上钢琴课 (我儿子周六要去踢足球 was a trip of the son's)
                           r"踢|游|骑|滑|练|跳|弹|画|钓|爬|溜|上(?!海)[\u4e00-\u9fff]{1,3}课)"
                           r"|^去[\u4e00-\u9fff]{0,4}?(?:房|院|馆|店|超市|市场|商场|公司|单位|学校|"
                           rf"班|场|厅|园|所|局|站|室|堂|楼|家|银行|营业厅|{CLINIC_ZH})")

#: A trip said as Chinese says the speaker's own plan, the date first and no 我 (下周五去东京, 明天飞上海,
#: 5月3号回老家, 春节回老家): without this, 下周五去东京 stored nothing while 我下周五去东京 was a plan.
#: Only a trip (去/飞/回 + a place), not any action: 明天开会 may be anyone's.
_TRIP_FIRST = lazy_regex(r"^(?:(?:下+|这|本)?(?:周|星期|礼拜)[一二三四五六日天末]|明天|后天|大后天|今晚|明晚|"
                         r"下周|下个?月|下个?星期|[0-9一二三四五六七八九十]+月(?:[0-9一二三四五六七八九十]+[号日])?|"
                         # a holiday (春节回哈尔滨过年, 国庆回老家: extract.festivals)
                         r"(?:明年|今年)?(?:春节|过年|除夕|元宵节?|端午节?|中秋节?|五一|劳动节|国庆节?|清明节?|元旦))"
                         r"(?:[早晚]上|上午|下午|中午)?(?:去|飞|回|出发去|坐飞机去|飞去)[\u4e00-\u9fff]")

#: A suggestion, not a plan: 明天去公园走走吧, 下周去东京怎么样.
_SUGGESTION = lazy_regex(r"(?:吧|呗|好不好|怎么样|如何|行不行|可以吗)[。！!~～]*$")

#: A trip judged or advised, not planned: 星期天去看电影是一个很好的选择 (an assistant's reply in MemoryBank-zh).
_JUDGED = lazy_regex(r"是|的|不错|建议|可以|应该|不如|最好")


#: How the day went (过得还不错: a mood of the day) or a time that came (又到了一天结束的时间, 又到了周末了): an
#: action word of ``_ACTION`` opens them, but nothing was done.
_HOW_IT_WENT = lazy_regex(r"^过得|^到了?(?:$|[^，,]*(?:时间|时候|时刻|季节|日子)$)")


#: An hour said before the modal of a plan: 下午三点 of 我明天下午三点要开会.
_CLOCK_FIRST = lazy_regex(rf"^(?:{PART_OF_DAY_ZH}(?:{HOUR_ZH})?|{HOUR_ZH})(?=要|得|需要|会|还要|准备|打算)")
#: The same before what is done, in a note that opens with its day (明天上午十点面试, 这周五晚上同学聚会).
_CLOCK_IN_NOTE = lazy_regex(rf"^(?:{PART_OF_DAY_ZH}(?:{HOUR_ZH})?|{HOUR_ZH})")

#: A happening named by its noun, at the end of a note (这周五晚上同学聚会, 周四开家长会, 下周三牙医预约): a
#: gathering, a test, an appointment (as ``extract.appointments._HAPPENING`` in English).
_OCCASION_END_ZH = lazy_regex(r"(?:聚会|婚礼|面试|考试|预约|体检|手术|复查|航班|约会|派对|聚餐|饭局|讲座|比赛|演出|"
                              r"演唱会|"
                              r"音乐会|典礼|葬礼|年会|答辩|培训|会议|例会|家长会|同学会|生日会|见面会|发布会|研讨会|"
                              r"运动会|party|课|"
                              # whom one sees by appointment, named alone as the visit (下周五下午三点牙医, as "dentist
                              # on friday at 3" is): the dentist, the doctor, a check-up or a treatment
                              r"牙医|看牙|洗牙|补牙|拔牙|牙科|门诊|复诊|产检|针灸|理疗|推拿|按摩|美甲|剪头发?)$")
#: "With": 跟, 和, 与, 同, but 同 opening a word of its own (同事, 同学, 同桌: a colleague, no "with":
#: 我同事小王下周要去上海出差 was the user's trip).
_WITH_ZH = r"(?:跟|和|与|同(?![事学伴桌乡龄胞类样时意期屋]))"
#: A doing with whom it is done said first (明天下午两点跟客户开会, 周六和老同学吃饭): the doing is the plan.
_WITH_FIRST_ZH = lazy_regex(rf"^{_WITH_ZH}[\u4e00-\u9fffA-Za-z]{{1,6}}?(?=开会|见面|吃饭|聚餐|约会|面谈|碰面|碰头|"
                            r"打球|打牌|喝茶|喝咖啡|视频|通话|通电话|签约|签合同|去|逛|爬山|看电影|过|出差)")
#: A plan had, named by its noun (我今天下午有个牙医预约, 我明天有个面试, 下周我有个出差, 我周六有个婚礼要参加), as
#: "I have a dentist appointment this afternoon" says it; what is to be done at it after 要 (要参加, 要开) adds nothing.
_HAD_PLAN = lazy_regex(r"^有(?:一)?(?:个|场|节|次|趟|项)(?P<n>[\u4e00-\u9fffA-Za-z]{1,10}?)"
                       r"(?:要(?:参加|开|去|上|考|面|做|出))?$")
#: What is had that names no plan: an arrangement or a matter in general (有个安排, 有个事).
_NO_PLAN_NAMED = lazy_regex(r"^(?:安排|计划|活动|事|事情|事儿)$")


def _names_plan(thing: str) -> bool:
    """Whether ``thing``, had (有个…), names a plan by its last word: a happening (``_OCCASION_END_ZH``), a trip
    (``_TRIP_WORD_ZH``) or what a plan called off names (``cancelled.names_plan_zh``); 会 after 有个 is a meeting."""
    return thing == "会" or (not _NO_PLAN_NAMED.match(thing) and bool(
        _OCCASION_END_ZH.search(thing) or _TRIP_WORD_ZH.search(thing) or cancelled.names_plan_zh(thing)))


#: A leave-taking said after a day (明天见, 周一再聊): the talk resumes then, nothing is planned.
_FAREWELL_ZH = lazy_regex(r"^再?(?:见|聊|会)[！!。~～]*$")
#: A note judged or advised, not planned (as ``_JUDGED``, without 的, which a note's own noun phrase holds: 朋友的婚礼).
_JUDGED_NOTE = lazy_regex(r"是|不错|建议|可以|应该|不如|最好|还是")

#: A happening told as the start of a state: 自从我失业以后, 自打我搬到上海.
_SINCE_ZH = lazy_regex(r"^(?:自从|自打)(?P<c>我(?P<v>.+?))(?:以后|之后|以来|后)?$")

#: A purpose after a plan: 举办一场舞蹈比赛来展示本地的人才, 去上海为了见客户 (not 回来, 带来).
_PURPOSE_ZH = lazy_regex(r"(?<![回过起出进上下带拿送原本])来(?=[\u4e00-\u9fff]{2})|为了|以便|好让")


def _without_purpose(value: str) -> str:
    """``value`` without a purpose clause, when at least three characters stay before it."""
    m = next((m for m in _PURPOSE_ZH.finditer(value) if m.start() >= 3), None)
    return value[: m.start()] if m else value


def _undated(clause: str, body: str, rest: str, *, done: bool) -> list[Finding]:
    """A notable happening told with no time (我去看了周杰伦的演唱会, 我通过了面试): said by 我, done
    (了/过), an action, and marked as notable by an occasion or an outcome (``extract.salience``)."""
    if not (done and clause.startswith("我") and rest and _ACTION.match(rest)):
        return []
    if not salience.notable(clause, "zh") or guards.zh_points_away(rest):
        return []
    return _f("event", body, CONF_EVENT, clause)


#: What marks a thing done: 了, or 过 after a verb; 过 of a holiday or an occasion kept (过年, 过节, 过生日, 过周末) is
#: the verb itself, no aspect (春节回哈尔滨过年 is a plan).
_DONE = lazy_regex(r"了|过(?![年节生周冬暑寒])")


#: Going to a place that is no city, said beside a job (我刚拿到offer，下个月去华为; 下个月去字节入职): an employer
#: joined, as "I'm joining Google next month" says it, no trip.
_JOB_SAID = lazy_regex(r"offer|Offer|OFFER|入职|跳槽|上班|工作|实习|面试|录用|签约|换工作|新东家")
_GONE_TO = lazy_regex(r"^去(?P<to>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:入职|报到|上班|工作|实习)?了?$")


def _joining(rest: str, sentence: str) -> bool:
    """Whether going somewhere (``rest``, 去华为) joins an employer: where one goes opens with no city or country
    (``places.city_zh``) and the sentence speaks of a job (``_JOB_SAID``)."""
    m = _GONE_TO.match(rest)
    if m is None or not _JOB_SAID.search(sentence):
        return False
    to = m.group("to")  # 成都玩, 日本工作: a place first is a trip's
    return not any(places.city_zh(to[:end]) for end in range(2, len(to) + 1))


def _dated_note(clause: str, ctx: _Ctx, period: tuple[datetime, datetime]) -> bool:
    """Whether ``clause`` is a plan noted as Chinese notes one's own, its day first and no subject (下周三看牙,
    14号飞里斯本开会, 明天上午十点面试): it opens with a time still ahead, and nothing in the sentence suggests, judges
    or weighs it (明天去看牙吧, 明天面试还是后天面试比较好); what follows the time is read as the user's doing."""
    span = time_span(clause)
    return (span is not None and span[0] == 0 and period[1] > ctx.said_at and not _DONE.search(clause)
            and not _SUGGESTION.search(ctx.sentence) and not _JUDGED_NOTE.search(ctx.sentence)
            and not _after_someone(clause, ctx))


def _after_someone(clause: str, ctx: _Ctx) -> bool:
    """Whether the sentence names a relative or another person before ``clause`` (我老板每天加班，周末也去公司,
    他下周忙，周三去上海出差): a clause with no subject after theirs is theirs, no note or trip of the user's."""
    return names_someone(ctx.sentence[: max(ctx.sentence.find(clause), 0)])


#: An arrangement made with someone (我们约了周六和老王吃饭, 我周六约好了跟同事聚餐): the plan it makes, not a thing
#: done.
_ARRANGED_WITH = lazy_regex(r"^(?P<who>我们?)(?P<pre>[^约，,。]{0,8}?)约(?:好)?了"
                            rf"(?P<post>[^，,。]*?{_WITH_ZH}[^，,。]+)$")


#: The same with whom said right after 约了 (我约了小美吃饭, 周五晚上我约了朋友去爬山): whom and what is done together
#: as 和小美吃饭 says it (``_WITH_FIRST_ZH``); a slot or a time booked (约了个时间, 约了号) is nobody.
_ARRANGED_BARE = lazy_regex(rf"^(?P<who>我们?)(?P<pre>[^约，,。]{{0,8}}?)约(?:好)?了(?!{_WITH_ZH}|[个一号时])"
                            r"(?P<post>[^，,。]+)$")


def _arranged(clause: str) -> str | None:
    """``clause``, an arrangement made with someone, said as the plan it makes, its day first: 我们约了周六和老王吃饭
    and 我们周六约了和老王吃饭 are 周六我们和老王吃饭, 我约了小美周五吃饭 is 周五我和小美吃饭; ``None`` for any other
    clause."""
    if (first := time_span(clause)) is not None and first[0] == 0:  # 周五晚上我约了小美吃饭: the day stays first
        end = first[1] + (at.end() if (at := _CLOCK_IN_NOTE.match(clause[first[1]:])) else 0)
        said = _arranged(clause[end:]) if clause[end:].startswith("我") else None
        return None if said is None else f"{clause[:end]}{said}"
    m = _ARRANGED_WITH.match(clause)
    if m is None and (bare := _ARRANGED_BARE.match(clause)) is not None:
        post, span = bare.group("post"), time_span(bare.group("post"))
        when, whom = (post[: span[1]], post[span[1]:]) if span is not None and span[0] == 0 else ("", post)
        if _WITH_FIRST_ZH.match(f"和{whom}"):
            return _arranged(f"{bare.group('who')}{bare.group('pre')}约了{when}和{whom}")
    if m is None:
        return None
    post, span = m.group("post"), time_span(m.group("post"))
    if span is not None and span[0] == 0:
        return f"{post[: span[1]]}{m.group('who')}{m.group('pre')}{post[span[1]:]}"
    return f"{m.group('pre')}{m.group('who')}{post}"


def _event(clause: str, ctx: _Ctx) -> list[Finding]:
    if _WEATHER.search(clause):
        return []
    if (plan := _arranged(clause)) is not None:
        return _event(plan, ctx)
    since = _SINCE_ZH.match(clause)
    if since:  # 自从我失业以后，…: the happening that started a state is told, done and undated
        said = since.group("v")
        return [] if mentions_time(clause) else _undated(since.group("c"), said, said, done=True)
    body = re.sub(r"^(?:我们|我)", "", without_time(clause)).lstrip("，, ")
    # 明天晚上我去看电影, 下周三晚上我要…: the part of the day said before 我 is said as after it (我明天晚上去…)
    if (early := _CLOCK_IN_NOTE.match(body)) is not None and re.match(r"我们?", body[early.end():]):
        body = body[: early.end()] + re.sub(r"^我们?", "", body[early.end():])
    body = re.sub(r"^(?:也|还|就|都|又|刚|刚刚|才)+", "", body)
    clock = _CLOCK_FIRST.match(body)  # 我明天下午三点要开会: the hour goes with what is done then
    if clock is None and (at := _CLOCK_IN_NOTE.match(body)) is not None and any(
            shape.match(body[at.end():]) for shape in (_ACTION, _WITH_FIRST_ZH, _HAD_PLAN)):
        clock = at  # 我明天晚上去看电影, 明天晚上和太太去看电影: as before a verb of intent
    body = body[clock.end():] if clock else body
    modal = _FUTURE.match(body)
    rest = body[modal.end():] if modal else body
    # Chinese marks a done thing with 了/过 (or 刚/已经), not tense: without them a named month
    # is a plan ("我们三月去东京" said in November is next March).
    done = bool(_DONE.search(rest) or re.search(r"^(?:我们|我)?(?:已经|刚刚|刚)", without_time(clause)))
    # 我辞职了，下个月…: the clause was read without its closing 了 (``clean_value``), which says it is done
    closed = done or bool(re.search(rf"{re.escape(clause)}[了过]", ctx.sentence))
    period = clause_period(clause, ctx.sentence, ctx.said_at, future=bool(modal) or not done)
    if period is not None and closed and not modal and period[0] > ctx.said_at and not mentions_time(clause):
        period = None  # 我刚吃完饭，下个月去北京: a thing done is not in the other clause's month to come
    if period is None:
        return _undated(clause, body, rest, done=done and not modal)
    trip = bool(_TRIP_FIRST.match(clause)) and not _SUGGESTION.search(ctx.sentence) and not _JUDGED.search(clause) \
        and not _after_someone(clause, ctx)
    note = not modal and _dated_note(clause, ctx, period)
    if note and (at := _CLOCK_IN_NOTE.match(rest)) and not clock:  # 明天上午十点面试: the hour goes with it
        clock, rest, body = at, rest[at.end():], body[at.end():]
    if note and _FAREWELL_ZH.match(rest):
        return []  # 明天见！: a leave-taking, no plan
    if (had := _HAD_PLAN.match(rest)) is not None and not modal:  # 我明天有个面试: the plan had, named by its noun
        if not _names_plan(had.group("n")) or period[1] <= ctx.said_at or _after_someone(clause, ctx):
            return []  # 我明天有个问题, 我下周有个朋友要来: no plan named; 我昨天有个面试: none ahead
        rest = body = "开会" if had.group("n") == "会" else had.group("n")  # 有个会: a meeting, 开会
    if not rest or not (had or _ACTION.match(rest) or (note and _OCCASION_END_ZH.search(rest) and len(rest) <= 8)
                        # 和老王吃饭: with someone, in a note or said as the user's (我要和老同学张伟吃饭)
                        or ((note or modal or clause.startswith("我") or clock) and _WITH_FIRST_ZH.match(rest))) or (
            not without_time(clause).startswith("我") and not modal and "了" not in rest and not trip and not note):
        return []  # an event needs an action; without 我, a 要/了 marks it as the user's (or a dated trip, or a note)
    future = bool(modal) or had is not None or period[0] > ctx.said_at  # 我今天下午有个面试: had, still ahead
    if period[1] <= ctx.said_at or (_DONE.search(rest) and not modal):
        future = False
    if guards.zh_points_away(rest):
        return []  # 来和你聊天 / 请教你一个问题: talk with the listener, not an event
    if _HOW_IT_WENT.match(rest):
        return []  # 我今天过得还不错 / 又到了一天结束的时间: how the day went or a time come, no happening
    trip_said = _TRAVEL_ZH.match(rest) and not (_OUT_LOCAL_ZH.match(rest) and not _TRIP_WORD_ZH.search(rest)) \
        and not _joining(rest, ctx.sentence)
    key = ("travel.plan" if trip_said else "schedule.event") if future else "event"
    value = _without_purpose(rest if future else body)
    if re.fullmatch(r"[去来走回到]", clean_value(value, "zh")):
        return []  # 下周五去: a going with no place, nothing named to plan
    if clock and future and note:  # 明天上午十点面试: the hour in the statement, so 面试改到下周一 names the same value
        said = f"{'计划' if trip_said else '日程'}：{clock.group(0)}{clean_value(value, 'zh')}"
        return _f(key, value, CONF_EVENT, clause, period=period, statement=said)
    if clock and future:  # 下午三点开会, as "meeting Tom at 3pm" keeps its hour
        value = clock.group(0) + value
    return _f(key, value, CONF_EVENT, clause, period=period)
