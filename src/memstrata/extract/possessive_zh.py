"""Chinese possessive copulas and things used (``extract.shapes``): 我的X是Y and its kin (我女儿的学校是实验小学,
我们项目的数据库是PostgreSQL, 我生日是5月3号, 我爸姓王, 我每月房租3000), and a thing used for a purpose said in
汉字 (我用钉钉开会). Read by ``shapes_zh`` beside the topic patterns (``BESIDE_TOPICS``) and after them.
"""

from __future__ import annotations

import re
from dataclasses import replace

from memstrata.extract import apposition, identity_zh, patterns_zh, purposes, shapes, things, workplace
from memstrata.extract.clauses import Finding, clean_value
from memstrata.extract.informal import DOING_BEFORE_USE_ZH
from memstrata.extract.shapes import attribute_finding, chosen
from memstrata.extract.subject_zh import RELATION as _RELATION
from memstrata.text.regex import lazy_regex

_H = "\u4e00-\u9fff"

_OWNERS = "项目|团队|组|公司|家|产品|网站|系统|学校|部门"
#: Attributes that name a key and may follow 我 without 的, as one's own things are said (我生日是…, 我手机号是…).
_KEYED = "生日|邮箱|电子邮箱|手机号码?|电话号码|收货地址|家庭住址|母语"
#: Any attribute the shared lists name (a taxonomy key's word, ``shapes.ATTRIBUTE_KEYS``: 血型, 手机, 老家;
#: a listed thing, ``things``: 鞋码, 车, 牙医) and a name by what it names (微信名, 英文名字, 游戏昵称) may
#: follow 我 or 我妈 without 的 before 是 or 叫, as one's own things are said (我鞋码是42, 我手机是小米14,
#: 我妈手机是华为, 我微信名叫小鱼干): before 是 a word of these lists is a noun, where an open word may be a
#: verb or an adverb (我觉得是, 我一般都是, 我最近总是). 家 is 我家's (我家是农村的 is where one is from, no
#: thing); a verb that ends in 名 (报名, 排名) names nothing one has.
_NAMED_BY = rf"(?:[A-Za-z]+|[{_H}]{{2,3}})(?<![报排签点提命出知])(?:名字?|昵称)"
_BARE = (r"(?:" + "|".join(sorted(
    ({w for w in shapes.ATTRIBUTE_KEYS if re.fullmatch(rf"[{_H}]+", w)} | set(things.chinese_wordings()))
    - shapes.NOT_ATTRIBUTES - {"家"}, key=len, reverse=True)) + rf"|{_NAMED_BY})"
         r"(?=(?:现在|目前|一直)?(?:大概|大约|差不多)?是|叫)")
#: "About", "at most": a bound said before an amount or before 是 and an amount (大概是40分钟, 大约40分钟).
_ABOUT = "大概|大约|差不多|将近|至少|最多|不到|超过"
#: An amount, which Chinese says without 是 (我的通勤时间大概40分钟, 我的房租每月五千): a number with its unit
#: and bound.
_NUMERAL = "0-9一二两三四五六七八九十百千万几半"
_AMOUNT = (rf"(?:{_ABOUT})?(?:每[月天周年晚]|一个?[月天周年晚])?(?:{_ABOUT})?[{_NUMERAL}]+(?:\.\d+)?"
           r"(?:个)?(?:分钟|小时|天|周|个月|年|公里|千米|米|块钱|块|元|美元|万|千|岁|公斤|斤)?(?:左右|上下|以内|多)?")
#: What one has an amount of, said after 我 without 的 as one's own things are (我月薪两万, 我房租每月三千五,
#: 我每个月房租三千五): a noun ending as pay, rent, a loan, a fee, a sum or a measure does (薪, 租, 贷, 费, 款, 额 ...).
_MEASURED = rf"[{_H}]{{0,3}}(?:薪|工资|收入|租|贷|月供|费|款|额|预算|公积金|奖金|时间|路程|距离|血压|血糖|鞋码|腰围)"
#: 叫 as the copula of a name (我住的小区叫阳光花园, 我的公司叫字节跳动): a name, never who is called or a cry
#: (我的老板叫我加班, 我的朋友叫他小王, 叫了一晚上: ``patterns_zh.NOT_A_NAME_AFTER_JIAO``).
_CALLED = rf"(?:叫做|叫){patterns_zh.NOT_A_NAME_AFTER_JIAO}(?P<name>[{_H}A-Za-z0-9]{{2,8}})"
_POSSESSIVE = lazy_regex(
    rf"^(?:我的|我们(?P<owner>{_OWNERS})?的?|我家的?|我(?P<rel>{_RELATION})(?:的|(?={_KEYED}|{_BARE}))|我(?={_KEYED}|{_BARE})"
    rf"|我(?=(?:{_MEASURED})(?:{_AMOUNT})$))"
    rf"(?P<attr>[{_H}A-Za-z ]{{1,10}}?)"
    rf"(?:现在|目前|一直)?(?:(?P<about>{_ABOUT})?是(?P<v>[^，。！？]+?)(?P<de>的)?|{_CALLED}|姓(?P<surname>[{_H}]{{1,2}})"
    rf"|(?P<amount>{_AMOUNT}))$")
_USES = lazy_regex(rf"^我们(?P<owner>{_OWNERS})?(?:现在|目前|一直)?(?:用的是|在用|用)(?P<v>[^，。！？]+?)了?$")
#: Characters that make a value a description, not a name (自己搭的系统, 一些工具, 这个).
_NOT_A_NAME = lazy_regex(r"[的了着过自己这那些个很都也就还]")
_VALUE_NOT = lazy_regex(r"^(?:不|是不是|会不会|再|先|怎么|什么|这样|那样|因为|为了|我|一点|也|都|很)")
#: What 是…的 says of how a thing is rather than which it is: how it came to one (是去年买的, 是在京东买的, 是朋友送的,
#: 是公司配的, 是租的: the cleft's verb last), how or by whom it was made (是Go写的, 是小王写的, 是自己搭的,
#: 是外包做的) or its condition (是新的, 是坏的, 是二手的, 是自己的). 是华为的, 是联通的 (whose it is, a maker or a
#: provider) name it.
_HOW_IT_IS = lazy_regex(r"(?:[买租送配考办借换装修织订选挑捡领寄捐赠写做搭画拍建造编]|开发|实现|设计|继承|定制|分期|"
                        r"二手|全新|[新旧坏破]|自己|别人)$")
#: What 是…的 says of what a thing does or when something came, opened by a verb of business or a time (我的公司是
#: 做芯片的, 我的快递是昨天到的, 我的店是卖衣服的): no name of the thing (是华为的 names its maker).
_WHAT_IT_DOES = lazy_regex(r"^(?:做|搞|卖|生产|经营|研发|开发|负责|专门|主要|刚|才|已经|早就|上周|上个?月|昨天|前天|"
                           r"今天|去年|前年|今年|最近)")
#: Function characters that make the attribute a clause, not a thing (我的工作很稳定但…是…); 在 says where or when a
#: thing is (我女儿的家长会在下周五 was ``daughter.家长会在下周 = 五``, the 五 of 周五 read as an amount), but in
#: 所在; a time word says when (我的儿子今年五岁 was ``user.儿子今年 = 五岁``: the son's age, ``subject_zh``).
_NOT_A_NOUN = lazy_regex(r"[但很也都不就还又而了着过吗呢吧啊]|具体|(?<!所)在|今年|现在|目前")


#: What a thing used is for when that names no attribute, cut off after the name (我们用钉钉开会 → 钉钉, 我们用Slack聊天
#: → Slack); a purpose that names one is ``_USED_FOR``'s (我们用Jira管理任务 → ``user.tickets``), read first.
_USE_FOR = (r"(?:来|做|进行)?(?P<for>开会|沟通|聊天|交流|联系|联络|办公|协作|付款|支付|付钱|记账|记笔记|写文档|"
            r"管理项目|管理任务|发消息|打电话|视频|打车|叫车)?")
#: 我用Obsidian, 我们现在用Linear: a thing named in Latin letters (ASCII: ``\w`` ran on into the 汉字 after it, so
#: 我们用Slack开会 stored ``Slack开会``), used with no purpose said or one cut off (``tool.uses``).
_PLAIN_USE = lazy_regex(r"^(?:我们?|公司|团队|部门)"
                        r"(?:现在|目前|一直|平时|主要|都|也)*(?:用的是|在用|用|使用)"
                        rf"(?P<v>[A-Za-z][\w.+#-]*(?: [A-Za-z0-9][\w.+#-]*){{0,2}}){_USE_FOR}了?$", re.ASCII)

#: 我写代码用VS Code, 我上班用Mac, 我画图一般用Figma, 我工作用的是ThinkPad: the thing used said after what it is used
#: for or where, as Chinese puts a purpose first ("I write code in VS Code"). What comes first is a doing, opened by
#: a verb of making or handling (写代码, 画图, 剪视频, 做PPT, 记笔记), or work and where it is done (上班, 工作,
#: 在公司); a wish, a modal, a negation or a time gone (我想…, 我不…, 我以前…) opens none of them. The name is in
#: Latin letters (as ``_PLAIN_USE``); a kind said after it (Go语言, Chrome浏览器, Linux系统) is cut off.
_PURPOSE_FIRST = lazy_regex(
    rf"^(?:我们?(?:{_OWNERS})?|公司|团队|部门)(?:现在|目前|一直|平时|一般|主要|都|也|通常|日常|每天)*"
    rf"(?P<act>{DOING_BEFORE_USE_ZH})"
    r"(?:时|的时候)?(?:现在|目前|一直|平时|一般|主要|都|也|通常|基本上?|只)*(?:用的是|用的都是|用|使用)\s*"
    r"(?P<v>[A-Za-z][\w.+#-]*(?: [A-Za-z0-9][\w.+#-]*){0,2}?)\s*"
    r"(?:编程语言|语言|编辑器|浏览器|操作系统|系统|电脑|笔记本|软件|手机|App|app)?了?$", re.ASCII)


def _purpose_first(clause: str) -> list[Finding]:
    """我写代码用VS Code, 我上班用Mac (``_PURPOSE_FIRST``): the gazetteer's key for a listed name (``tool.editor =
    VSCode``), the key of a listed purpose (我开会用Zoom → ``user.meetings``, as 我用Zoom开会), else ``tool.uses``;
    ``[]`` for any other clause."""
    m = _PURPOSE_FIRST.match(clause)
    if m is None:
        return []
    value, act = clean_value(m.group("v"), "zh"), m.group("act")
    if not value:
        return []
    if shapes.named_value(value) is None:
        # 写文档, 做设计: the purpose named by what is made (文档, 设计); 写代码 is no code hosting (``user.code``)
        purpose = next((p for p in (act, re.sub(r"^[做搞写]", "", act))
                        if purposes.listed(p) and purposes.purpose_name(p) != "code"), None)
        if purpose is not None:
            return attribute_finding(purpose, value, clause, "zh", purpose=True)
    return chosen(value, "tool.uses", clause, "zh", statement=f"{act}用{value}")


#: 我们用钉钉, 我现在用飞书, 公司开始用飞书了: a name in 汉字 used, said of a group (we, the company, the team) or of
#: now or a start (said of no one, 我用手机 is how a thing is done, not what is used).
_HANZI_USE = lazy_regex(rf"^(?:我(?P<we>们)?|(?P<org>公司|团队|部门))"
                        r"(?P<now>(?:现在|目前|一直|平时|主要|都|也|最近|已经|开始)*)(?:在用|用|使用)"
                        # 用功, 用心, 用餐: a word of its own, nothing used
                        rf"(?![功心力餐于来得不过完上着了掉])(?P<v>[{_H}]{{2,6}}?){_USE_FOR}了?$")
#: The head of a common noun: a kind of object, material, money, language or way (筷子, 手机, 电脑, 现金, 英语, 办法):
#: such a noun names what something is done with, no product or service one has chosen (钉钉, 飞书, 企业微信, 语雀).
_KIND_HEAD = lazy_regex(r"(?:子|机|器|具|笔|刀|剪|板|盒|卡|纸|脑|箱|灯|锅|碗|杯|瓶|壶|车|表|金|钱|币|语|文|话|字|"
                        r"手|脚|水|油|火|电|药|膏|布|线|绳|袋|包|针|尺|秤|勺|叉|盆|桶|法|式|西|间|量|力|心)$")


def _hanzi_use(clause: str) -> list[Finding]:
    """我们用钉钉, 我們現在用飛書: a thing used named in 汉字, when a group or now is said of it and it is no common
    noun (``_KIND_HEAD``); 我们用筷子 and 我用手机 name no thing."""
    m = _HANZI_USE.match(clause)
    if m is None or not (m.group("we") or m.group("org") or m.group("now")):
        return []
    value = m.group("v")
    # the noun may run on into what it is used for (筷子吃饭): its first two characters are checked too
    if any(_KIND_HEAD.search(v) for v in (value, value[:2])) or _NOT_A_NAME.search(value) or _VALUE_NOT.match(value):
        return []
    if m.group("for") and purposes.listed(m.group("for")):  # 我们用钉钉开会: as "We use DingTalk for meetings"
        return attribute_finding(m.group("for"), value, clause, "zh", purpose=True)
    return chosen(value, "tool.uses", clause, "zh", statement=f"使用{value}")


#: 房东姓陈, 我老板姓王: a person one deals with and their surname, said without 我的 as Chinese says it of one's own
#: landlord or boss; read as 我的房东姓陈 (``_POSSESSIVE``). Only the nouns that name such a person
#: (``shapes.PERSON_ROLES_ZH``): 他姓王 and 这个姓很少见 name no one's.
_SURNAME_BARE = lazy_regex(rf"^我?(?P<who>{shapes.PERSON_ROLES_ZH})(?:也|都)?姓(?P<surname>[{_H}]{{1,2}})$")


#: 我穿38码的鞋, 我鞋穿42码, 鞋子我一般穿39的: a shoe size said as what one wears, the fact 我的鞋码是38 states
#: (``user.shoe_size``, as "My shoe size is 42"; 我女儿穿32码的鞋 the daughter's). A size needs the shoe said: 我穿38码
#: may be a shirt's.
_SHOE_WORN = lazy_regex(rf"^(?:我(?P<rel>{_RELATION})?的?)?(?:(?P<shoe>鞋子?)(?:我|他|她)?)?"
                        r"(?:平时|一般|通常|都|也|基本上?|一直)*穿(?P<n>[1-4]\d(?:\.5)?)(?:码|号)?(?:的|半)?"
                        r"(?(shoe)|(?:鞋子?|的鞋子?))$")


def _shoe_worn(clause: str) -> list[Finding]:
    """``user.shoe_size`` a shoe size said as what one wears states (``_SHOE_WORN``), else ``[]``."""
    m = _SHOE_WORN.match(clause)
    return [] if m is None else attribute_finding("鞋码", m.group("n"), clause, "zh", subject=m.group("rel") or "")


#: 我女儿的钢琴课每周六上午十点, 我的瑜伽课在每周三晚上: a thing's time said with no copula (as with 是: the time is
#: the thing's value), when the time recurs or names a day of the week.
_TIMED = lazy_regex(rf"^(?P<head>我(?:们)?(?:{_RELATION})?的[{_H}]{{1,6}}?)(?:都|一般|通常)?(?:是|定在|安排在|在)?"
                    r"(?P<t>(?:每(?:个)?(?:周|星期|礼拜)?|周|星期)[一二三四五六日天末晚]?"
                    # then times of the day only: 我的朋友每周六来 is what the friend does, no time of a thing
                    r"(?:上午|下午|中午|早上|晚上|傍晚|凌晨|[0-9一二三四五六七八九十两]+(?:点|[:：])"
                    r"(?:[0-9一二三四五六七八九十]+分?|半|一刻)?)*)$")


def possessive(clause: str) -> list[Finding]:
    if found := _shoe_worn(clause):
        return found
    if (timed := _TIMED.match(clause.strip())) is not None and "是" not in clause and timed.group("t") not in (
            "每天", "每晚", "每月", "每周", "周末"):  # 我的午饭每天: how often alone is no time of the thing
        return [replace(f, clause=clause) for f in possessive(f"{timed.group('head')}是{timed.group('t')}")]
    if (bare := _SURNAME_BARE.match(clause)) is not None:  # the clause said is kept: it places the fact in the text
        said_so = f"我的{bare.group('who')}姓{bare.group('surname')}"
        return [replace(f, clause=clause) for f in possessive(said_so)]
    if (m := _PLAIN_USE.match(clause)) is not None:  # as "We use Jenkins": many things used at a time
        value = clean_value(m.group("v"), "zh")
        if m.group("for") and purposes.listed(m.group("for")):  # 我们用Zoom开会: as "We use Zoom for meetings"
            return attribute_finding(m.group("for"), value, clause, "zh", purpose=True)
        return chosen(value, "tool.uses", clause, "zh", statement=f"使用{value}")
    if found := _purpose_first(clause) or _hanzi_use(clause):
        return found
    if (m := _USES.match(clause)) is not None and m.group("owner"):  # 我们团队用飞书: the team's, one at a time
        value = clean_value(m.group("v"), "zh")
        return workplace.group_tool(m.group("owner"), value, clause, f"{m.group('owner')}用的是{value}")
    if m is not None:  # 我们用的是飞书: a short name is a thing used; 我们用的是自己搭的系统 names none
        value = clean_value(m.group("v"), "zh")
        named = "用的是" in clause and re.fullmatch(rf"[{_H}]{{2,6}}", value) and not _NOT_A_NAME.search(value)
        return chosen(value, "tool.uses", clause, "zh", statement=f"使用{value}") if named else []
    m = _POSSESSIVE.match(clause)
    if m is None:
        return _verb_of(clause)
    if m.group("amount"):  # 我的通勤时间大概40分钟: an amount is the value, its bound kept
        # 我的车换成了小鹏P7: a verb in what precedes the digits says a change, no attribute measured
        return [] if _NOT_A_NOUN.search(m.group("attr")) else _owned(m, m.group("amount"), clause)
    said = m.group("v") or m.group("name")  # 是 or 叫 the value
    if m.group("name") and (shapes.names_a_person(m.group("attr"))):
        return []  # 我的房东叫陈明: the landlord's name, the role's reading (extract.roles)
    if _VALUE_NOT.match(said or m.group("surname")) or _NOT_A_NOUN.search(m.group("attr")) \
            or (m.group("de") and (_HOW_IT_IS.search(m.group("v")) or _WHAT_IT_DOES.match(m.group("v")))) \
            or (said and shapes.describes_person(m.group("attr"), said)) or _what_they_are(m.group("attr"), said):
        return []  # 我的房东是一个好人: what the landlord is like, read before 一个 is cut off
    if apposition.names_a_person(clause[: m.end("attr")], "zh"):
        return []  # 我的邻居老王是消防员: 老王's, read as about him (extract.apposition)
    if m.group("surname"):  # 我的房东姓陈: the copula of a surname, said as 姓X and kept so (房东姓陈)
        return [replace(f, value=f"姓{f.value}", statement=f"{m.group('attr')}姓{f.value}")
                for f in _owned(m, m.group("surname"), clause)]
    value = _CLASSIFIER.sub("", said)
    return _owned(m, f"{m.group('about') or ''}{value}", clause)  # 大概是40分钟: "about 40 minutes"


def _what_they_are(attribute: str, value: str | None) -> bool:
    """Whether ``value`` says where the person ``attribute`` names is from or what they do, not who they are (我老板是
    广东人, 我室友是程序员: the boss's hometown, the roommate's job, read as about them by ``subject_zh.someone_else``;
    我的牙医是李医生 names the dentist). Before, they were ``user.boss = 广东人``, ``user.roommate = 程序员``."""
    return bool(value) and shapes.names_a_person(attribute) and (
        re.fullmatch(rf"[{_H}]{{1,4}}人", value or "") is not None or identity_zh.is_occupation(value or ""))


#: A classifier before the value ("a"): 一辆特斯拉, 个小区, 辆特斯拉 (a bare 台 or 家 may open a name: 台北).
#: Not before a span of time: 一个小时, 一个半小时, 一个月三千 are amounts said whole (once 小时, 半小时, 月三千).
_CLASSIFIER = lazy_regex(r"^(?:一(?:辆|台|个|部|款|只|条|件|家)|个|辆|只)(?=.)(?!半|多|小时|钟头|月|星期|礼拜)")
#: 我工作的公司是腾讯, 我住的城市是上海, 我常点的咖啡是燕麦拿铁, 我老婆工作的公司是华为: the thing named by
#: what one does with it, as 我的公司是… names it (the verbs of working, living, using, having one's things;
#: 最喜欢的 is a favourite's).
_VERB_OF = lazy_regex(rf"^我(?P<rel>{_RELATION})?(?:平时|一般|经常|常|通常|最常|每天|现在|目前)?"
                      r"(?P<verb>工作|上班|住|开|点|用|喝|吃|读|上|坐|穿|养|说|学|玩|骑|带)的"
                      rf"(?P<attr>[{_H}A-Za-z]{{1,6}}?)(?:现在|目前|一直)?(?:是(?P<v>[^，。！？]+?)|{_CALLED})$")


def _verb_of(clause: str) -> list[Finding]:
    """我工作的公司是腾讯: the attribute named by what one does with it (``_VERB_OF``), read as 我的公司是腾讯."""
    m = _VERB_OF.match(clause)
    if m is None or _VALUE_NOT.match(m.group("v") or m.group("name")) or _NOT_A_NOUN.search(m.group("attr")) \
            or shapes.describes_person(m.group("attr"), m.group("v") or m.group("name")):
        return []
    value = _CLASSIFIER.sub("", m.group("v") or m.group("name"))
    return attribute_finding(m.group("attr"), value, clause, "zh", subject=m.group("rel") or "")


def _owned(m: re.Match[str], value: str, clause: str) -> list[Finding]:
    """The finding of a possessive copula ``m`` (``_POSSESSIVE``) with ``value``: a relative's attribute under
    the relative (我女儿的学校是实验小学), else the user's or the group's named (我们项目的数据库是…)."""
    if m.group("rel"):
        return attribute_finding(m.group("attr"), value, clause, "zh", subject=m.group("rel"))
    return attribute_finding(f"{m.group('owner') or ''}{m.group('attr')}", value, clause, "zh")
