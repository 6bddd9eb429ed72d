"""Chinese patterns of who the user is and how to reach them: names, age, places, work, details
and contact channels (``patterns_zh`` tries them in order)."""

from __future__ import annotations

import re
from dataclasses import replace

from memstrata.extract import gazetteer, places, shapes
from memstrata.extract.clause_zh import _CH, _Ctx, _f, _split_list
from memstrata.extract.clauses import (
    CONF_EXPLICIT,
    CONF_INFORMAL,
    CONF_PREFER,
    CONF_STATED,
    Finding,
    clause_period,
    without_time,
)
from memstrata.extract.subject_zh import SURNAMES
from memstrata.extract.timex import zh_number
from memstrata.text.regex import lazy_regex

_NAME = r"(?P<v>[\u4e00-\u9fffA-Za-z·][\u4e00-\u9fffA-Za-z· ]{0,11})"

# A space may part 叫 from a Latin name ("我叫 Alice Smith").
_MY_NAME = lazy_regex(rf"^我(?:的名字|名字)?(?:叫|叫做)\s*{_NAME}$|^我的?名字是\s*{_NAME.replace('v', 'w')}$")

#: 叫我晨晨就行: what closes a wish is no part of the name (it stored 陈晨叫我晨晨 for 我叫陈晨，叫我晨晨就行).
_CALL_ME = lazy_regex(rf"^(?:我觉得(?=你))?(?:请|麻烦)?(?:你)?(?:以后)?(?:可以|就)?(?:叫|称呼)我\s*{_NAME}"
                      r"(?<!就)(?:就行|就好|就可以了?|吧)?$")

#: 叫我起床 / 请叫我一声: 叫 as "call out to", not a name.
_NOT_CALLED = lazy_regex(r"^(?:起床|起来|吃饭|回家|过去|过来|出来|一声|一下|下来|上来|去|来|回|做|帮|别|不要)")

#: 我今年32岁, 我三十岁; and with 今年 the number alone (我今年八十五了, 我奶奶今年八十五了: it stored nothing).
_AGE = lazy_regex(r"^我(?:今年|现在|已经)?(?P<v>\d{1,3}|[一二两三四五六七八九十]{1,3})(?:周)?岁"
                  r"|^我今年(?:已经|都)?(?P<w>\d{1,3}|[一二两三四五六七八九十]{1,4})了?$")

# 搬回(到)上海: a move back is a change like any other.
_LIVE = lazy_regex(r"^我(?:们)?(?:也|还|又)?(?:现在|目前|一直|还|已经)?(?:住在|住(?!的)|居住在|生活在|定居在|定居|"
                   r"搬回到了|搬回到|搬回了|搬回)(?P<v>.+)$|^我(?P<we>们一?|一)?家(?:现在|目前|一直)?(?P<lives>住)?在(?P<w>.+)$")

#: A kind of home or a floor, not a place (我住在一个两居室, 我住在12楼, 我家住在顶楼): where one lives as the kind of
#: one's home (``user.home``, as English says it: a floor is neither).
_DWELLING = lazy_regex(r"^(?:(?:一|这)(?:个|套|间|栋|处))?(?P<kind>[^，,]{0,6}?(?:[一二两三四五六]居室?|"
                       r"[一二两三四五六]室[一二两三]?厅|公寓房|出租屋|宿舍|别墅|平房|地下室|单间|合租房))(?:里|中)?$"
                       r"|^(?:[0-9一二三四五六七八九十几]+|顶|底|高|低)(?:楼|层)(?:上)?$")

#: 我在多伦多, 客户在多伦多 (``extract.roles``): 在 and a place name alone, where one is based. 在 is also the
#: progressive (我在开会, 我在纠结) and a place of the moment (我在公司), so the name must be a place the time-zone
#: database or a division word gives (``places.known_place_zh``): 我在北京 is not read.
_BASED = lazy_regex(r"^我(?:现在|目前|人|常驻|一直|也)*在"
                    r"(?P<v>[\u4e00-\u9fff]{2,8}|[A-Z][a-z]+(?: [A-Z][a-z]+)?)(?:呢)?$")

#: 我老家是湖南的: the 的 of 是…的 (and 那边) after a home town is no part of it.
_FROM = lazy_regex(r"^我(?:是)?来自(?P<v>.+)$|^我的?(?:老家|家乡)(?:是|在)(?P<w>.+?)(?:的|那边|那儿|那里)?$"
                   r"|^我(?:是)?(?:在)?(?P<x>.+?)(?:出生|长大)的?$|^我出生在(?P<y>.+)$|^我是(?P<z>[\u4e00-\u9fff]{2,6})人$")

_NOT_NAME = lazy_regex(r"^(?:了|过|着|他|她|它|你|车|外卖|一|个|不|很|真|做|来|去|好)")

#: 你好，我是陈阳: a greeting, then 我是 and a full name (a common surname and one or two characters), is the user
#: introducing themself as 我叫陈阳 does; it stored nothing. 我是 alone says what one is far more often than who
#: (我是程序员, 我是高中生, 我是韩国人, 我是孙子, 我是丁克: a surname's character heads each), so the name is read only
#: after a greeting that opens the sentence, or before 很高兴认识你 in it, and never when it ends as an occupation,
#: a people, a kin word or a title does.
_GREETED = lazy_regex(r"^(?:(?:你好|您好|嗨|哈喽|哈啰|早上好|晚上好|下午好|大家好|hi|hello)[啊呀呀哦，,！!。~～\s]*)+",
                      re.IGNORECASE)
_INTRODUCED = lazy_regex(r"[，,]\s*(?:很|非常)?高兴(?:能)?(?:认识|见到)你")
_I_AM_NAMED = lazy_regex(rf"^我是(?P<v>[{SURNAMES}][\u4e00-\u9fff]{{1,2}})$")
_NOT_A_PERSONAL_NAME = lazy_regex(r"(?:人|生|员|长|手|者|子|家|师|士|族|克|粉|迷|友|总|哥|姐|弟|妹|妈|爸|"
                                  r"先生|太太|小姐|女士|经理|主任|老板|同学)$")


def _introduced(clause: str, ctx: _Ctx) -> str | None:
    """The name in ``clause`` when it is 我是 and a full name said as a self-introduction, else None.

    >>> _introduced("我是陈阳", _Ctx("你好，我是陈阳", None)), _introduced("我是程序员", _Ctx("你好，我是程序员", None))
    ('陈阳', None)
    """
    m = _I_AM_NAMED.match(clause)
    if m is None or _NOT_A_PERSONAL_NAME.search(m.group("v")) or is_occupation(m.group("v")):
        return None
    head = _GREETED.match(ctx.sentence)
    if (head and ctx.sentence[head.end():].startswith(clause)) or _INTRODUCED.search(ctx.sentence):
        return m.group("v")
    return None


def _identity(clause: str, ctx: _Ctx) -> list[Finding]:
    m = _MY_NAME.match(clause)
    if m and not _NOT_NAME.match(m.group("v") or m.group("w")):
        return _f("identity.name", m.group("v") or m.group("w"), CONF_EXPLICIT, clause)
    m = _CALL_ME.match(clause)
    if m and not _NOT_NAME.match(m.group("v")) and not _NOT_CALLED.match(m.group("v")):
        return _f("identity.name", m.group("v"), CONF_INFORMAL, clause)
    if (name := _introduced(clause, ctx)) is not None:
        return _f("identity.name", name, CONF_EXPLICIT, clause)
    m = _AGE.match(clause)
    if m:
        age = zh_number(m.group("v") or m.group("w"))
        return [] if age is None else _f("identity.age", str(age), CONF_STATED, clause)
    m = _LIVE.match(clause)
    if m:
        place = re.sub(r"(?:了|啦|住|去了)$", "", without_time(m.group("v") or m.group("w")))
        if shapes.unnamed(place) or place.startswith("再") or re.fullmatch(r"一起|一块儿?|[去来]", place):
            # 我搬到新家了, 我搬到别的地方了: no place named; 我住再看看: "again" (extract.informal); 我们住在一起:
            # together, no place; 我搬回去了, 我搬回来了: back, no place named (it stored 去)
            return []
        if "搬" in clause and not shapes.moved_home(ctx.sentence, place, group=clause.startswith("我们"), lang="zh"):
            return shapes.chosen(re.sub(r"上$", "", place), "user.uses", clause, "zh",
                                 statement=f"使用{re.sub(r'上$', '', place)}")  # 我们搬到Notion了, 搬到飞书上了
        if m.group("we") and not m.group("lives") and not places.city_zh(place):
            return []  # 我们家在吃饭: 在 of a doing; 我们家在杭州 says where the household (the user) lives
        period = clause_period(clause, ctx.sentence, ctx.said_at)
        if (home := _DWELLING.match(place)) is not None:  # 一个两居室: the home's kind, 12楼 a floor: no place
            return shapes.attribute_finding("家", home.group("kind"), clause, "zh") if home.group("kind") else []
        return _f("identity.location", place, CONF_STATED, clause, period=period)
    m = _BASED.match(clause)
    if m and places.known_place_zh(m.group("v")):
        return _f("identity.location", m.group("v"), CONF_STATED, clause)
    m = _FROM.match(clause)
    if m:
        place = next(g for g in m.groups() if g)
        if _NOT_NAME.match(place) or len(place) > 12:
            return []
        return _f("identity.hometown", place, CONF_STATED, clause)
    return []


_OCCUPATIONS = ("工程师|程序员|老师|教师|医生|护士|学生|设计师|经理|律师|作家|会计|厨师|司机|研究员|教授|"
                "博士生|研究生|本科生|大学生|记者|摄影师|创业者|公务员|销售|分析师|架构师|科学家|演员|"
                "歌手|画家|店主|老板|实习生|产品经理|运营|编辑|翻译|警察|军人|农民|快递员|工人|主播|"
                "博士|硕士|高中生|初中生|小学生|自由职业者|退休|消防员|牙医|兽医|药剂师|飞行员|导游|理发师|"
                "服务员|保安|电工|木匠|建筑师|会计师|咨询师|消防队员|急救员|护工|护理员")

#: 我是护士, and 当 / 做 before an occupation of the list (我当老师, 我现在做急救员: the job one does, as 我在医院当护士
#: says it with the employer).
_IM_A = lazy_regex(rf"^我(?:现在|目前)?(?:是|当(?![上了成])|做(?![了过]))(?:一名|一个|一位|个|名|位)?"
                   rf"(?P<v>[\u4e00-\u9fffA-Za-z]{{0,8}}"
                   rf"(?:{_OCCUPATIONS}))$")

_AN_OCCUPATION = lazy_regex(rf"^(?:{_OCCUPATIONS})$")


def is_occupation(value: str) -> bool:
    """Whether ``value`` is an occupation of the list as a whole (程序员, 医生; 李医生 names someone)."""
    return _AN_OCCUPATION.match(value.strip()) is not None


_MY_JOB = lazy_regex(r"^我的(?:工作|职业|职位)是(?P<v>.+)$|^我(?:是)?做(?P<w>.+?)的$")

#: 做 after 叫 or 称 names a thing (在看一部电影，叫做《活着》: a film called …), no job done there.
_WORK_AT = lazy_regex(r"^我(?:现在|目前)?在(?P<org>.+?)(?:工作|上班|任职|实习)(?:的)?$"
                      r"|^我(?:现在|目前)?在(?P<org2>.+?)(?:当|(?<![叫称])做)(?P<v>.+)$")

#: 在 before a verb is the progressive aspect ("我在学做川菜": I am learning to cook Sichuan food),
#: not "at" a workplace: such a clause names neither an employer nor a job.
_PROGRESSIVE = lazy_regex(r"^(?:学(?!校|院)|练|试|准备|打算|尝试|帮|给|跟|和|考虑|想|计划|找|寻找|申请|争取|努力|忙|等|"
                          r"做)")
#: 我在腾讯找到了新工作: a job found there is its beginning (``extract.onset``), not an employer named
#: 腾讯找到了新.
_FOUND_THERE = lazy_regex(r"(?:找到|找了|拿到|得到)")

#: 我在家里学做饭: a place and what is learned or practised there (学, 练, 试 before 做), no workplace 家里学 and no job
#: 饭; 大学 / 中学 / 小学 / 医学 are places of work.
_LEARNS_THERE = lazy_regex(r"(?<![大中小医])学$|[练试]$")

#: Cities one works in, which name no time zone (``places.known_place_zh``): the place of 在…当 (我在深圳当老师).
_CITY_NAMES = "北京|上海|广州|深圳|杭州|成都|南京|武汉|西安|重庆|天津|苏州|香港|台北"
_CITY = lazy_regex(_CITY_NAMES)
_CITIES = lazy_regex(rf"(?:{_CITY_NAMES}|国外|家里|家|老家|外地|本地|市|省|区|县)$")


#: Home, where what one does is no job (我在家里做饭): 家里, 家中, 老家 (家 alone is too short to be read at all).
_AT_HOME = lazy_regex(r"(?:老)?家(?:里|中)")

#: A workplace said with 一家 that names no one (一家公司, 一家创业公司, 一个小单位, 一个地方): not kept.
_ANY_EMPLOYER = lazy_regex(r"(?:公司|单位|企业|地方|机构|团队)$")


#: A job said by what one teaches (我教瑜伽, 我在一所小学教英语, 我现在在大学教物理): the role 我当瑜伽老师 /
#: 我在一所小学当英语老师 names, which ``_IM_A`` and ``_WORK_AT`` read. Not whom one teaches (我教孩子们画画,
#: 我教他做饭), a skill passed on (教会), a coach (教练), nor a side job (我也教瑜伽, 我周末教瑜伽: the occupation is
#: one at a time).
_TEACH_ZH = lazy_regex(r"^我(?P<now>现在|目前)?(?P<at>在[\u4e00-\u9fffA-Za-z0-9]{2,12}?)?教"
                       r"(?P<v>(?![会练过了着孩学小儿女我你他她它别大人这那])[\u4e00-\u9fffA-Za-z]{1,6})$")


def _taught_zh(clause: str) -> str | None:
    """``clause`` said as the role it names when it says what one teaches (``_TEACH_ZH``: 我在一所小学教英语 →
    我在一所小学当英语老师), else ``None``."""
    m = _TEACH_ZH.match(clause.strip())
    if m is None:
        return None
    return f"我{m.group('now') or ''}{m.group('at') or ''}当{m.group('v')}老师"


def _work(clause: str, ctx: _Ctx) -> list[Finding]:
    if (role := _taught_zh(clause)) is not None:
        return [replace(f, clause=clause) for f in _work(role, ctx)]
    m = _IM_A.match(clause)
    if m:
        return _f("identity.occupation", m.group("v"), CONF_STATED, clause)
    m = _MY_JOB.match(clause)
    if m:
        return _f("identity.occupation", m.group("v") or m.group("w"), CONF_STATED, clause)
    m = _WORK_AT.match(clause)
    if not m:
        return []
    org = m.group("org") or m.group("org2")
    if len(org) < 2 or _PROGRESSIVE.match(org) or _FOUND_THERE.search(org) or _LEARNS_THERE.search(org) \
            or _AT_HOME.fullmatch(org):
        return []  # 我在家里做饭, 我在家里做家务: what is done at home, no job and no workplace
    out: list[Finding] = []
    # 我在一家银行上班: the kind of institution, as "I work at a bank" keeps it; 一家(创业)公司 names no one
    if re.match(r"(?:一家|一个|一所|一间)[\u4e00-\u9fff]{2}", org) and not _ANY_EMPLOYER.search(org):
        org = org[2:]
    if not _CITIES.search(org) and not re.match(r"(?:一家|一个|一所|某)", org) and places.city_part_zh(org) is None \
            and not _ANY_EMPLOYER.fullmatch(org):  # 我在公司做产品经理: the job, at no employer named
        # 我在北京工作 names a city, 我在深圳南山上班 a part of one, 我在一家公司工作 no one: none is an employer
        out += _f("identity.employer", org, CONF_STATED, clause)
    if m.group("v"):
        out += _f("identity.occupation", m.group("v"), CONF_STATED, clause)
        if _CITY.fullmatch(org) or places.known_place_zh(org):  # 我在深圳当老师: the city, as "a teacher in Shenzhen"
            out += _f("identity.location", org, CONF_STATED, clause)
    return out


#: 我生日在十月, 我的生日在三月三号: 在 is no copula. 我的生日是…, 我的邮箱/手机号/地址是… and 我的母语是… are the
#: possessive copula (``extract.shapes``), which keys them.
_BIRTHDAY_IN = lazy_regex(r"^我的?生日在(?P<v>.+)$")

_SPEAK = lazy_regex(r"^我(?:会说|会讲|能说|能讲)(?P<v>.+)$")


#: A life status: 我结婚了, 我们结婚了, 我已婚, 我是单身, 我离婚了, 我退休了 (and 我们结婚七年了, read as 我们结婚
#: with its start: ``extract.onset``): whether one is married (``user.marital_status``, one at a time, as "I'm
#: married"), retired, or running a business of one's own (我出来创业了, 我现在在创业, 我辞职创业了: the occupation
#: 创业者, as 我是创业者 says it).
_STATUS = lazy_regex(r"^我们?(?:已经|早就|都|也|现在|目前|还|刚|刚刚|终于)*(?:是)?"
                     r"(?:(?P<event>结婚|离婚|订婚|退休)(?:了|的)?|(?P<state>已婚|单身|离异|丧偶|退休了?)"
                     r"|(?P<own>(?:辞职|自己)*(?:出来)?(?:开始|在)?(?:自己)?创业)了?)$")
_STATUS_SAID = {"结婚": "已婚", "离婚": "离婚", "订婚": "订婚", "离异": "离婚", "退休了": "退休"}


def _status(clause: str) -> list[Finding]:
    """``user.marital_status`` / ``identity.occupation = 退休`` a life status states, else ``[]``; a wedding still to
    come (我明年结婚, 我要结婚了: a time or a wish before it) is a plan, not this."""
    m = _STATUS.match(clause.strip().rstrip("。！!"))  # a clause comes without its closing 了 (我结婚了: 我结婚)
    if m is None:
        return []
    if m.group("own"):
        return [Finding("identity.occupation", "创业者", CONF_STATED, clause, statement="自己创业")]
    status = _STATUS_SAID.get(m.group("event") or m.group("state"), m.group("event") or m.group("state"))
    if status == "退休":
        return [Finding("identity.occupation", "退休", CONF_STATED, clause, statement="已退休")]
    return shapes.attribute_finding("婚姻状况", status, clause, "zh")


def _details(clause: str, ctx: _Ctx) -> list[Finding]:
    if status := _status(clause):
        return status
    m = _BIRTHDAY_IN.match(clause)
    if m:
        return _f("identity.birthday", m.group("v"), CONF_STATED, clause)
    m = _SPEAK.match(clause)
    if m:
        langs = re.sub(r"(?:一点|一点点|很流利|流利)$", "", m.group("v"))
        return [f for part in _split_list(langs) for f in
                _f("language.spoken", re.sub(r"^(?:一点点|一点儿|一点|一些|些)", "", part), CONF_STATED, clause)]
    return []


_CONTACT_ZH = (
    # 联系我请发邮件 / 有事找我的话打电话
    lazy_regex(rf"^(?:有事|有什么事)?(?:请|麻烦|最好|还是)?(?:联系我|找我|通知我)(?:的话|时|的时候)?(?:请|就|最好|还是)?"
               rf"(?:用|通过|走|发|打)?(?P<v>{_CH})(?:联系|吧|就行|就好|比较好)?$", re.IGNORECASE),
    # 请打电话联系我 / 以后用邮件通知我
    lazy_regex(rf"^(?:有事|有什么事)?(?:请|麻烦|最好|还是|就)?(?:用|通过|走|发|打)(?P<v>{_CH})(?:来)?(?:联系我|找我|给我|"
               rf"跟我联系|和我联系|通知我)(?:吧|就行|就好)?$", re.IGNORECASE),
    # 给我发邮件吧 / 请给我打电话
    lazy_regex(rf"^(?:有事|有什么事)?(?:请|麻烦|最好|还是|就)?给我(?:发|打)(?P<v>{_CH})(?:吧|就行|就好)?$",
               re.IGNORECASE),
    # 我更喜欢电话联系 / 我希望用微信沟通
    # (a plain 我喜欢打电话 is a taste, like "I like phone calls": a comparison or 联系 makes it a channel)
    lazy_regex(rf"^我(?:(?:更|比较|还是)(?:喜欢|愿意)|偏好|倾向于|希望|习惯)(?:别人|你)?(?:用|通过)?(?P<v>{_CH})"
               rf"(?:联系|沟通|联系我|和我联系|跟我联系)?$"
               rf"|^我(?:一般)?(?:喜欢|愿意)(?:别人|你)?(?:用|通过)?(?P<w>{_CH})(?:联系|沟通|联系我|和我联系|跟我联系)$",
               re.IGNORECASE),
)

_BARE_CHANNEL = lazy_regex(rf"^(?:请|就|还是|改)?(?:发|打|用)(?P<v>{_CH})(?:吧|就行|就好)?$", re.IGNORECASE)


def _contact(clause: str, ctx: _Ctx) -> list[Finding]:
    """The channel the user wants to be reached by (``contact.channel``, single-valued)."""
    m = next((m for p in _CONTACT_ZH if (m := p.match(clause))), None)
    if m is None and (ctx.contact or ctx.habit):
        m = _BARE_CHANNEL.match(clause)
    if m is None:
        return []
    channel = gazetteer.contact_channel(m.group("v") or m.groupdict().get("w") or "")
    return [] if channel is None else [Finding("contact.channel", channel, CONF_PREFER, clause)]
