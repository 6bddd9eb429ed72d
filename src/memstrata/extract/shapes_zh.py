"""Chinese statement shapes (``extract.shapes``), read on Simplified text (``extract.tidy``
folds Traditional). ``before_topics`` runs ahead of the topic patterns, ``after_topics`` when
they found nothing; ``first_person`` and ``someone_else`` rewrite the subject."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from memstrata.extract import (
    abilities,
    advice,
    arrangements,
    cessation,
    changed_to,
    counts,
    forbidden,
    formats,
    gazetteer,
    owned,
    patterns_zh,
    places,
    purposes,
    scheduled,
    schools,
    shapes,
    subscriptions,
    tool_kinds,
    vehicles,
    workplace,
)
from memstrata.extract.asides import without_opening
from memstrata.extract.clauses import CONF_LIKE, CONF_PREFER, Finding, clean_value, like_finding, without_time
from memstrata.extract.for_now import STANDING_ZH
from memstrata.extract.liking_begun import started_to_like_zh
from memstrata.extract.plans import goal_named, goal_zh, learning_wish, plan_zh, trip_zh
from memstrata.extract.possessive_zh import (
    _AMOUNT,
    _KIND_HEAD,
    _MEASURED,
    _NOT_A_NAME,
    _OWNERS,
    _USE_FOR,
    _VALUE_NOT,
    possessive,
)
from memstrata.extract.providers import payment, provider_zh
from memstrata.extract.pursuits import pursuit_zh, with_examples
from memstrata.extract.schooling import grade
from memstrata.extract.shapes import attribute_finding, chosen, dated, instead, open_key
from memstrata.extract.subject_zh import NOT_A_STATEMENT as _NOT_A_STATEMENT
from memstrata.extract.subject_zh import names_someone
from memstrata.extract.timex import mentions_time
from memstrata.text.regex import lazy_regex

_H = "\u4e00-\u9fff"
_CLAUSES = lazy_regex(r"\s*[，,；;。！!]\s*")


def _statements(sentence: str) -> list[str]:
    """The clauses of ``sentence`` a shape may read: none when it asks, supposes or reports anywhere
    (``_NOT_A_STATEMENT``). A statement before a closing question (我最近开始学做菜了，你也喜欢做菜吗？) reaches
    here without it (``tidy.before_question``)."""
    if _ASKS.search(sentence):
        return []
    out = []
    for clause in (c for c in _CLAUSES.split(sentence.strip()) if c):
        if _NOT_A_STATEMENT.search(_DISCOURSE.sub("", clause)):
            break  # what follows a report or an opinion is said of it (她说，…; 觉得很有趣 after a statement)
        out.append(clause)
    return out


#: A question anywhere: the statement before it is left unread (see ``_statements``).
_ASKS = lazy_regex(r"^(?:是否)|[？?]|吗[。！!]?$|呢[。]?$")
#: Openers that say "anyway" or "by the way", no report: 话说回来, 话说.
_DISCOURSE = lazy_regex(r"^(?:话说回来|话说|说起来|说实话|说真的)")


# --- shapes ------------------------------------------------------------------------------------

_TAIL = lazy_regex(r"(?:发货|寄|送|联系|联络|沟通|看书|上班|了|吧)+$")
#: What the switch is for, before it (我寄快递改用顺丰, 我写代码换成了Vim).
#: A listed purpose is one too, said with or without its verb (我记笔记改用Notion了, 我们开会改用腾讯会议了).
_PURPOSE_VERB = "记|做|写|管理|跑|处理|进行"
_FOR_WHAT = "寄东西|寄快递|发快递|寄件|网购|写代码|编程|" + rf"(?:{_PURPOSE_VERB})?(?:{'|'.join(purposes.chinese())})"
#: The key of what a switch is for, when the new value names none (我寄快递改用别家了: the carrier ends).
_FOR_KEYS = {"寄东西": "shipping.carrier", "寄快递": "shipping.carrier", "发快递": "shipping.carrier",
             "寄件": "shipping.carrier", "网购": "shipping.carrier", "写代码": "tool.editor", "编程": "tool.editor"}
_SWITCHED = lazy_regex(rf"^(?:我们?(?:团队|项目组|组里|公司|部门|家)?)?(?P<for>{_FOR_WHAT})?"
                       rf"(?:最近|现在|已经|(?:以后|今后|往后)(?=[改换][用成]))?"  # 以后改用微信支付; not 以后改到周日
                       # 我们最近都改用飞书了, 全改用: the whole group changed, the same switch
                       rf"(?:全都|全部|都|全|统一)?"
                       rf"(?:从(?P<old>[^，]+?))?"
                       rf"(?:(?:又开始|改|换|迁|转)(?:用|成(?:用(?!来))?|到)|又?(?P<back>换|改|切|转|迁|用)回(?![去来])(?:用|成|到)?"
                       # 我还是用回顺丰吧: going back to a thing, said with 还是 (read as 用 it stored 回顺丰)
                       rf"|(?P<still>(?:以后)?还是)(?:又?(?:用|换|改)回(?![去来])(?:用|成|到)?|用)"
                       # 我们又用钉钉了, 我们重新用钉钉了: the thing used before, used again (a return)
                       rf"|(?P<again>又重新|重新开始|重新|又)用(?!回))了?"
                       rf"(?P<v>[{_H}A-Za-z0-9 .\-]+?)了?$")
#: A switch to a drink or a food said with its verb (换成了喝茶, 改成吃燕麦了): the verb is no part of the value
#: (吃素 is a diet, no food).
_EATEN = lazy_regex(rf"^(?P<verb>喝|吃)(?!素)(?P<v>[{_H}A-Za-z]{{1,8}})$")
_DRINKS = lazy_regex(r"^(?:我)?(?:最近|现在)?(?:改|换)(?P<verb>喝|吃)(?P<v>.+?)了?$"
                     # 只喝了一杯咖啡 is what one drank once (了 / 过 after the verb), no restriction
                     r"|^(?:我)?(?:现在|最近|如今|这些天)?只(?P<verb2>用|喝|吃)(?![了过])(?P<v2>.+?)了?$")
#: 我从北京搬到了成都: the place left (从北京) is said beside the move, as "I moved from Chicago to Denver" says it.
_MOVED = lazy_regex(r"^我(?P<we>们(?:团队|项目组)?)?(?:也|还|又|现在|目前|已经|最近|刚刚|刚)*(?:从(?P<old>[^，]+?))?"
                    # 搬到苏州去(住)了: 苏州
                    r"(?:也|还|又|现在|已经)*搬(?:到|去|来)了?(?P<v>[^，]+?)(?:去|来)?(?:住)?了?$")
_WORKS = lazy_regex(r"^我(?:现在|目前)(?:在|去)(?!一家|一个|一所)(?P<v>[^，]+?)(?:上班|工作)了?$")
#: Where one works that names no workplace of one's own: home (家, 家里), the office (公司, 单位), 老家.
_NO_EMPLOYER = lazy_regex(r"(?:老)?家(?:里|中)?|公司|单位|办公室")


#: 我换了一张站立式办公桌, 我换成了一台MacBook: a thing counted with a measure word, now used (``shapes.switched_to``).
_SWAPPED = lazy_regex(rf"^我们?(?:最近|现在|已经|刚刚?|也)*(?:换了|换成了?|改用了?|换用了?)(?P<n>{shapes.COUNTED_ZH})"
                      rf"(?P<v>[{_H}A-Za-z0-9 .\-]+?)了?$")


#: The words for the car one drives, when it is the thing swapped (我的车换成了小鹏P7).
_CAR_WORDS = frozenset({"车", "汽车", "车子", "座驾", "爱车"})
#: 信用卡换成了工商银行的, 我的手机换成了华为: the thing held, named first, now another named one.
_TOPIC_SWAPPED = lazy_regex(rf"^(?:我的?)?(?P<attr>[{_H}]{{1,5}}?)(?:也|已经|现在|最近)*(?:换成|改成)了?"
                            rf"(?P<v>[{_H}A-Za-z0-9 .\-]+?)(?:的)?了?$")
#: 宽带换成联通了, 我家宽带换成联通了, 我们把宽带换成了联通: a thing held, named by its noun alone (two to four
#: characters), now a value of two to six said as a name (no verb, no count, no suggestion after it).
_NOUN_SWAPPED = lazy_regex(rf"^(?:我们?(?:家的?|的)|我们?把|把)?(?P<attr>[{_H}]{{2,4}}?)(?:也|已经|现在|最近)*"
                           rf"(?:换成|改成)了?(?P<v>[{_H}A-Za-z0-9]{{2,6}}?)(?:的)?了?[。！!]*$")
#: What no thing held is named by, or no name holds: a word of when or of going on (以后, 那就, 然后), a person, a
#: place one is at or goes to, a count, doing (在家里练, 去西安, 一家新学校, 喝茶).
_NOT_SWAPPED = lazy_regex(r"^(?:以后|之后|后来|然后|那就|就|还是|现在|最近|今天|明天|我们|他们|她们|大家|这个|那个)"
                          r"|^[在去到一两几喝吃用做练上来回]|[吧呗啊呀嘛]$")


def _topic_swapped(clause: str) -> list[Finding]:
    """信用卡换成了工商银行的: the attribute named first (信用卡) now holds the new value, as
    我的信用卡是工商银行的 says; only for a value the gazetteer or the list of tool kinds names (a bank, a
    carrier, a tool), so 计划改成了明天 (a plan moved) is never 计划 = 明天."""
    m = _TOPIC_SWAPPED.match(clause)
    if m is None or re.match(r"[我们]", m.group("attr")):  # 我们管理任务换成Linear了: a purpose, ``_SWITCHED``
        return _noun_swapped(clause)
    value = clean_value(m.group("v"), "zh")
    if m.group("attr") in _CAR_WORDS:  # 我的车换成了小鹏P7: the car driven now, as 我换了一辆小鹏P7 says it
        return [replace(f, clause=clause) for f in vehicles.begun(f"我换了一辆{value}", "zh")]
    if len(m.group("attr")) < 2:  # 钱换成了美元: a one-word thing other than the car names no attribute
        return []
    if shapes.named_value(value) is None and tool_kinds.kind_of(value) is None:
        return _noun_swapped(clause)
    return attribute_finding(m.group("attr"), value, clause, "zh")


def _noun_swapped(clause: str) -> list[Finding]:
    """宽带换成联通了: a thing held named by its noun, now a value no list names, kept only where the user holds a
    value of that thing (``held_only``: ``facts.held``); a time (计划改成了明天: a plan moved), a person (李娜换成了…)
    or a doing (以后改成在家里练瑜伽) is none."""
    m = _NOUN_SWAPPED.match(clause.strip())
    if m is None or _NOT_SWAPPED.search(m.group("attr")) or _NOT_SWAPPED.search(m.group("v")) \
            or mentions_time(clause) or names_someone(m.group("attr")):
        return []
    return [replace(f, held_only=True) for f in attribute_finding(m.group("attr"), m.group("v"), clause, "zh")]


#: 改去韩国, 我们改去西安了: the trip planned in place of one (改成去西安 is read as a switch, ``_SWITCHED``).
_GO_INSTEAD = lazy_regex(rf"^(?:我们?)?(?:就|也|还是)?改去(?P<v>[{_H}]{{2,6}}?)(?:玩|旅行|旅游)?了?$")


def _trip_instead(place: str, clause: str) -> list[Finding]:
    """``travel.plan = 去<place>`` for a trip planned instead (改成去西安, 改去韩国) when ``place`` is a city or a
    country (``places.city_zh``); ``[]`` for any other (改成去健身房: no trip, and no thing used)."""
    return [Finding("travel.plan", f"去{place}", CONF_PREFER, clause)] if places.city_zh(place) else []


def _changed(clause: str) -> list[Finding]:
    if (m := _GO_INSTEAD.match(clause)) is not None:
        return _trip_instead(m.group("v"), clause)
    if (m := _SWAPPED.match(clause)) is not None:
        value = clean_value(m.group("v"), "zh")
        if shapes.unnamed(m.group("n") + value):  # 我换了一个新手机: which thing is not said
            return []
        return shapes.switched_to(value, clause, "zh", statement=f"使用{value}", counted=True)
    if (m := _MOVED.match(clause)) is not None:
        if shapes.unnamed(m.group("v")):  # 我搬到新家了, 我搬到别的城市了: no place named
            return shapes.unnamed_change(clause, "zh", kind="city" if re.search(r"城市|地方", m.group("v")) else "")
        place = clean_value(m.group("v"), "zh")
        if not place:  # 我从老家搬来了: moved here, no place named
            return []
        if not shapes.moved_home(clause, place, group=bool(m.group("we")), lang="zh"):  # 我搬到飞书上了: a platform
            thing = re.sub(r"上$", "", place)
            return instead(chosen(thing, "user.uses", clause, "zh", statement=f"使用{thing}"), m.group("old"), "zh")
        return instead([Finding("identity.location", place, CONF_PREFER, clause)], m.group("old"), "zh")
    if (m := _WORKS.match(clause)) is not None and _NO_EMPLOYER.fullmatch(m.group("v")):
        # 我现在在家上班, 现在在公司上班: where one works, home or the office, is how one works (a work arrangement),
        # no employer named 家 or 公司; 老家 names neither
        return arrangements.find_zh(clause, None)
    if (m := _WORKS.match(clause)) is not None and not places.city_zh(m.group("v")) \
            and places.city_part_zh(m.group("v")) is None:  # 现在在南京上班, 在上海浦东上班: a city's
        return [Finding("identity.employer", clean_value(m.group("v"), "zh"), CONF_PREFER, clause)]
    if (m := _DRINKS.match(clause)) is not None:
        verb, raw = (m.group("verb"), m.group("v")) if m.group("verb") else (m.group("verb2"), m.group("v2"))
        value = clean_value(_TAIL.sub("", raw), "zh")
        if verb == "用":
            if channel := gazetteer.contact_channel(raw):
                return [Finding("contact.channel", channel, CONF_PREFER, clause)]
            return chosen(value, "user.uses", clause, "zh", statement=f"使用{value}")
        return _eaten_or_drunk(verb, value, clause)
    if (m := _SWITCHED.match(clause)) is not None:
        value = clean_value(_TAIL.sub("", m.group("v")), "zh")
        said_for = m.group("for") or ""
        aim = "" if said_for in _FOR_KEYS else re.sub(rf"^(?:{_PURPOSE_VERB})", "", said_for)  # 记笔记: 笔记
        if shapes.unnamed(value):  # 我们从Jenkins换成别的了, 我寄快递改用别家了: the old value ends
            key = _FOR_KEYS.get(said_for) or (open_key("", purposes.purpose_name(aim)) if aim else "")
            found = shapes.unnamed_change(clause, "zh", old=m.group("old"), kind=_unnamed_kind(m.group("v"), value))
            return found or ([Finding(key, "", CONF_PREFER, clause, retract=True, statement=clause)] if key else [])
        if m.group("still"):  # 还是用邮局好了: "would be better" is no part of the name
            value = re.sub(r"(?:比较|更|最)?好$", "", value)
        purpose = _STILL_FOR.search(value) if m.group("still") else None  # 还是用钉钉开会吧: 钉钉
        value = value[: purpose.start()] if purpose else value
        back = m.group("back") or m.group("still") or m.group("again")
        if back and (not value or _no_thing_back(value)):  # 用回老办法, 又用手机: no thing
            return []
        raw = re.sub(r"[了吧]+$", "", m.group("v"))  # _TAIL took 联系 off the value: the channel reads the words said
        talk = m.group("still") and _STILL_FOR.search(raw)
        if talk and talk.group("talk") and (channel := gazetteer.contact_channel(raw)):  # 还是用微信联系吧
            return [Finding("contact.channel", channel, CONF_PREFER, clause)]
        # 从Zoom换成腾讯会议开会了: 腾讯会议, for 开会; a name the list of tools holds whole is no name and a purpose
        # (换成腾讯视频了: 腾讯视频, the streaming service, never 腾讯 for 视频 meetings)
        cut = None if tool_kinds.kind_of(value) is not None else _CUT_FOR.match(value)
        if cut is not None and cut.group("for") and purposes.listed(cut.group("for")):
            aim, value = cut.group("for"), cut.group("v")
        elif cut is not None and cut.group("for") and re.fullmatch(r"[A-Za-z][\w .+#-]*", cut.group("v")):
            value = cut.group("v").strip()  # 我改用Linux办公了: a purpose no list names is no part of a Latin name
        if not aim and _DONE_WHERE.match(value):  # 改成在家跑步机上跑: where it is done now, no thing used
            return []
        if not aim and not m.group("old") and (when := _WHEN_DONE.match(value)) is not None and when.end() < len(value):
            return [Finding("preference.habit", value, CONF_PREFER, clause)]  # 改成每天晚上跑步: a habit, with when
        eaten = None if aim else _EATEN.match(value)  # 换成了喝茶: what one drinks now, as 改喝茶 says it
        if value.startswith("去") and not m.group("old"):  # 改成去西安: a trip to a city planned (去健身房: no thing
            return _trip_instead(value[1:], clause)  # used, no trip)
        if eaten is not None and not _NOT_EATEN.match(eaten.group("v")):
            found = _eaten_or_drunk(eaten.group("verb"), eaten.group("v"), clause)  # 喝茶 said once, not 喝喝茶
        elif (used := _SWITCHED_FOR.match(value)) is not None and not _NOT_USED_ZH.match(used.group("v")):
            found = attribute_finding(used.group("for"), used.group("v").strip(), clause, "zh", purpose=True)
        elif aim:  # 我记笔记改用Notion了: as "I switched to Notion for notes"
            found = attribute_finding(aim, value, clause, "zh", purpose=True)
        else:  # 我换成了一张站立式办公桌: a thing counted, no name
            counted = re.match(shapes.COUNTED_ZH, value)
            value = value[counted.end():] if counted else value
            found = shapes.switched_to(value, clause, "zh", statement=f"使用{value}", counted=bool(counted),
                                       used=bool(re.search(r"[改换]用", clause[: m.start("v")])))
        return instead(found, m.group("old"), "zh")
    return _topic_swapped(clause)


def _unnamed_kind(said: str, value: str) -> str:
    """What a switch to an unnamed value (``value``, 一家新学校) changes, by what it is and the verb after it
    (``said``): a place one works at (…上班, …工作: the employer; 李娜换成了一家新学校上班), else a school (学校);
    ``""`` for any other."""
    if re.search(r"(?:上班|工作)了?$", said) and re.search(r"(?:学校|公司|单位|医院|工厂)$", value):
        return "employer"
    return "学校" if value.endswith("学校") else ""


#: What a thing is used for after its name in 还是用X…吧 (开会, 联系): no part of the name; ``talk`` a way of reaching
#: someone, so a channel (还是用微信联系吧) is ``contact.channel``.
_STILL_FOR = lazy_regex(r"(?:来|做|进行)?(?:(?P<talk>联系|联络|沟通|聊天|交流|发消息|打电话)|开会|办公|协作|付款|支付|"
                        r"付钱|记账|记笔记|写文档|管理项目|管理任务|视频)$")
#: A switch back to what was used before, named by when it was (换回原来的, 用回以前那个), not by name.
_BEFORE = lazy_regex(r"^(?:原来|原先|以前|之前|过去|老|旧)")


def _no_thing_back(value: str) -> bool:
    """Whether a switch back (我们换回钉钉了) names no thing: a common noun in 汉字 (老办法, 纸笔: ``_KIND_HEAD``) or
    the old value by when it was (原来的, 以前那个)."""
    hanzi = re.fullmatch(rf"[{_H}]+", value) is not None
    return bool(_BEFORE.match(value) or (hanzi and (_KIND_HEAD.search(value) or _NOT_A_NAME.search(value))))


# 我 (or 我们: 我们不再用Jira了) goes only before a verb of use (我不再用京东了): 我以后不喝咖啡了 is a habit
# of one's own, which the habit rules keep (不喝咖啡), not a withdrawal alone. 已经 makes 不用 a standing stop
# (我们已经不用Jira了), as 以后 does; 不用京东了 alone may be this once.
_DROP = lazy_regex(r"^(?:我(?:们|們)?(?=(?:以后|已经|已經)?(?:别再?用|不再用|不要再?用)|(?:已经|已經)不用))?"
                   r"(?:(?P<later>以后)|(?P<already>已经|已經)(?=不再?用))?"
                   r"(?:(?P<use>别再?用|不再用|不要再?用)(?![这那它他她])|不用|不要|别|不喝|"
                   r"不吃|不坐)(?P<v>[^，]+?)了$"
                   r"|^(?P<v2>[^，]+?)(?:不用了|算了|不要了)$")
#: 我不用Notion了, 我现在不用微信读书了, 我们不用Jira了: a thing the speaker no longer uses, said of themself with the
#: 了 of a change, as 我已经不用Notion了 says it. 不用 is also "need not" (我不用上班了, 我不用去了), so the thing must
#: be a name: in Latin letters, one the gazetteer names, or three 汉字 or more that open with no verb and end in no
#: common noun.
_MY_DROP = lazy_regex(r"^(?:我(?:们|們)?(?:现在|目前|如今|平时|早就|早已|已经|已經)?"
                      # 早就不用钉钉了, 已经不用飞书了: said long since, the subject left out (不用X了 alone may be
                      # this once: 不用微信支付了，我带了现金)
                      r"|(?:现在|如今)?(?:早就|早已|已经|已經))不(?:怎么|再)?用(?P<v>[^，]+?)了$")
_NEEDLESS_ZH = lazy_regex(r"^[写做上去来加看吃喝买带等管操担交跑学考背读打开送接陪还付排请找说干洗搬回]")


def _no_longer_used(clause: str) -> str | None:
    """The name 我不用X了 says the speaker no longer uses (``_MY_DROP``), ``None`` when it names none."""
    m = _MY_DROP.match(clause)
    if m is None:
        return None
    value = clean_value(m.group("v"), "zh")
    if re.fullmatch(r"[A-Za-z][\w.+# -]{0,30}", value) or shapes.named_value(value) is not None \
            or tool_kinds.kind_of(value) is not None:  # 钉钉, 飞书: names of two 汉字 the list of tools knows
        return value
    hanzi = re.fullmatch(rf"[{_H}]{{3,6}}", value) is not None
    if hanzi and not (_NEEDLESS_ZH.match(value) or _KIND_HEAD.search(value) or _NOT_A_NAME.search(value)):
        return value
    return None


_RESTORE = lazy_regex(r"^(?:还是|又)(?P<verb>用|喝|吃|坐|走|发)?(?P<v>[^，]+?)(?:吧|好了|了)?$"
                      # the replacement said after the stop: 别用京东了，换顺丰吧 / 以后用顺丰
                      rf"|^(?:{STANDING_ZH}|之后|现在)?(?:都)?(?:换成|换用|改用|改成|换|用)了?(?P<n>[^，]+?)(?:吧|好了|了)?$")


def _withdrawn_and_restored(sentence: str) -> list[Finding]:
    """不要京东了，还是顺丰吧 / 别用京东了，换顺丰吧: the dropped value withdrawn and the restored or new
    one chosen, under the key either names (a carrier, a seat) or the verb's (喝 → ``user.drinks``)."""
    out: list[Finding] = []
    dropped: list[tuple[str, str]] = []
    # 别用京东了 stops using it, as "Please stop using UPS" does (了: no longer); 不要京东了 alone may be
    # this once, unless 以后 or a restoration (还是顺丰吧) makes it standing
    alone = False
    others: list[str] = []  # 以后快递都用京东，别用顺丰了: the choice said before the stop takes its place too
    for clause in (c for c in _CLAUSES.split(sentence.strip()) if c):
        if (mine := _no_longer_used(clause)) is not None:
            alone, dropped = True, [*dropped, *((thing, "user.uses") for thing in shapes.named_things(mine))]
        elif (m := _DROP.match(clause)) is not None:
            alone = alone or bool(m.group("later") or m.group("already") or m.group("use"))
            raw = m.group("v") or m.group("v2")
            drinks = clause.startswith(("不喝", "以后不喝"))
            dropped += [(thing, "user.drinks" if drinks else "user.uses")  # 别用顺丰和圆通了: each withdrawn
                        for thing in shapes.named_things(clean_value(_TAIL.sub("", re.sub(r"^用", "", raw)), "zh"))]
        elif dropped and (m := _RESTORE.match(clause)) is not None:
            value = clean_value(_TAIL.sub("", m.group("v") or m.group("n")), "zh")
            if m.group("n") and shapes.named_value(value) is None and not re.fullmatch(r"[A-Z][\w.+# -]{0,30}", value):
                continue  # 别用京东了，用别的吧: only a named thing (顺丰, 飞书, Mac) replaces it
            restored_key = "user.drinks" if m.group("verb") == "喝" else "user.uses"
            out += chosen(value, restored_key, clause, "zh", statement=f"{m.group('verb') or '用'}{value}")
        else:
            others.append(clause)
    if dropped:
        out += [f for clause in others for f in _destination(clause)]
    if not (out or alone):
        return []
    key = next((f.key for f in out), None)
    for value, verb_key in dropped:
        for f in chosen(value, verb_key, sentence, "zh", retract=True):
            keep = key is None or f.key == key or not f.key.startswith("user.")
            out.append(f if keep else Finding(key or f.key, f.value, f.confidence, sentence, retract=True))
    return out


# the thing sent may come before the marker (快递以后都用京东) as after it (以后快递发中通)
_DESTINATION = lazy_regex(
    rf"^(?:(?:快递|包裹|东西|货|发货|寄件)(?={STANDING_ZH}|之后|现在起))?(?:{STANDING_ZH}|之后|现在起)(?:的)?"
    r"(?:快递|包裹|东西|货)?(?:都|一律|就|全部)?(?:发|走|寄|用|坐|选|改用|换成)(?P<v>[^到，]+?)(?:快递)?(?:吧|了)?$"
    rf"|^(?:{STANDING_ZH})(?:的)?(?:快递|包裹|东西|外卖)?(?:都)?(?:寄|送|放|发)到(?P<d>[^，]+?)(?:吧|了)?$"
    # the thing sent or a request named, as "Please deliver to my office" is read: 快递送到公司, 请寄到公司 (with 了 it
    # is what happened: 快递送到公司了); as a rule too (快递一般寄到公司前台, 外卖平时送到小区门口)
    r"|^(?:(?:请|麻烦)?(?:把)?(?:快递|包裹|外卖)(?:都|一律|请|就|一般|平时|通常|基本上?|一直)*|请|麻烦)(?:寄|送|发)到"
    r"(?P<d2>[^，了]+?)(?:去)?吧?$")


def _destination(clause: str) -> list[Finding]:
    m = _DESTINATION.match(clause)
    if m is None:
        return []
    if m.group("d") or m.group("d2"):
        value = clean_value(m.group("d") or m.group("d2"), "zh")
        return [Finding("shipping.dropoff", value, CONF_PREFER, clause, statement=f"送到{value}")]
    found = chosen(clean_value(m.group("v"), "zh"), "user.ships_with", clause, "zh")
    return [f for f in found if f.key in ("shipping.carrier", "travel.seat")]  # 以后都坐靠过道的座位


_TEAM = lazy_regex(rf"^我(?:现在|也|又|已经|最近|刚刚?)?(?:在|调到|调回|回到|回|转到|转回|去了|加入了?|调去)(?:了)?"
                   rf"(?P<v>[{_H}A-Za-z]{{1,8}}(?:组|部门|(?<!俱乐)部|团队))(?:了)?$")


def _team(clause: str) -> list[Finding]:
    m = _TEAM.match(clause)
    if m is None:
        return []
    value = m.group("v")
    return [Finding(open_key("", "team"), value, CONF_PREFER, clause, statement=f"在{value}")]


_LEARNING = lazy_regex(
    r"^(?:最近|现在|目前|这段时间|这阵子)?我?(?:最近|现在|目前|也|还|一直|自己)*(?:正在|在|开始|刚开始|又开始|开始自)"
    r"(?:学习|学(?!习)|练习|练(?!习))(?!校|生|院|期|年|会|到|着|过|习惯|中$)(?P<v>[^，。！？]{1,12}?)了?(?:呢|啦)?$")


def _learning(clause: str) -> list[Finding]:
    """我最近在学做川湘菜, 最近开始学做菜了: what the user is learning (``activity.learning``)."""
    m = _LEARNING.match(clause)
    value = clean_value(m.group("v"), "zh") if m else ""
    if not value or _VALUE_NOT.match(value) or "你" in value or re.search(r"(?:时|的时候|之后|以后)$", value) \
            or _NOTHING_NAMED.match(value):
        return []  # 我在学习函数的概念时: when, not what; 我在学一门新的技能: no skill named
    return [Finding("activity.learning", value, CONF_PREFER, clause)]


#: What is learned named by no name: a skill, things, knowledge counted or new (一门新的技能, 一些新东西, 新知识).
_NOTHING_NAMED = lazy_regex(r"^(?:一门|一项|一些|一个|一种|很多|许多|不少|各种)?(?:新的?|其他的?|别的)?"
                            r"(?:技能|东西|知识|本领|本事|事物|事情|技术|内容)$")


_RELAX = lazy_regex(r"^我(?:平时|一般|通常|经常|有时|周末)*(?:会|都会|喜欢)?(?!需要|想|要|得|必须|应该|可以)"
                    r"(?P<v>[^，。！？]+?)(?:来|去)(?:放松|解压|减压)(?:一下)?$")
_FAVOURITE_IS = lazy_regex(r"^(?:但是|但|不过|可是)?(?P<v>[^，。！？]{1,12}?)(?:是我的最爱|是我的心头好|是我最喜欢的)$")
#: 我对摄影很感兴趣; said with a negation (我对爵士乐不感兴趣, 没什么兴趣, 不感冒: "not my thing") it is a
#: dislike, which before stored ``music.like = 爵士乐不``. 感冒 and a bare 兴趣 say an interest only negated
#: (我对花粉感冒 is no taste).
_INTEREST = lazy_regex(r"^(?:最近|现在|近来|这段时间|如今)?我(?:也|还|一直|从小就?|最近|现在|近来|开始)*"
                       r"对(?P<v>[^，。！？]+?)"
                       # 越来越感兴趣了, 开始感兴趣了: an interest grown or begun, held now
                       r"(?:很|非常|特别|比较|挺|十分|也|一直|都|真的|完全|一点|越来越|更加|更|开始)*"
                       r"(?P<neg>不太|不怎么|不是很|不大|不|没什么|没啥|没有|没)?(?P<how>感兴趣|有兴趣|兴趣|着迷|感冒)了?$")

#: What an interest is never in: the listener, a person pointed at (我对他很感兴趣), a negation left in the value.
_INTERESTED_IN_NO_THING = lazy_regex(r"你|您|^[他她它这那]|[不没]$")


def _intent(clause: str) -> list[Finding]:
    """我打算去墨西哥旅行, 我在计划去京都旅行, what is looked forward to (我很期待去京都; no date: a dated plan is an
    event's); a like said another way: 我对摄影很感兴趣,
    我会听古典音乐、阅读来放松 (what one does to relax); 川菜是我的最爱 is read by ``favourites``."""
    if (planned := plan_zh(clause)) is not None:
        return planned
    # 我在戒糖: a goal worked on; 我的目标是… one named; 我想学吉他 one wished
    if goal := goal_zh(clause) or goal_named(clause, "zh") or learning_wish(clause, "zh"):
        return goal
    if (m := _INTEREST.match(clause)) is not None and not _INTERESTED_IN_NO_THING.search(m.group("v")) \
            and (m.group("neg") or m.group("how") not in ("感冒", "兴趣")):
        if m.group("neg"):  # 我对爵士乐不感冒: a dislike, stated as said
            return [replace(f, statement=clause[1:]) for f in like_finding(m.group("v"), "dislike", CONF_LIKE, clause,
                                                                           "zh")]
        return like_finding(m.group("v"), "like", CONF_LIKE, clause, "zh")
    if (m := _RELAX.match(clause)) is not None and "你" not in m.group("v"):
        return like_finding(m.group("v"), "like", CONF_LIKE, clause, "zh")  # 我会听音乐、阅读来放松
    return []


_AVOID = lazy_regex(r"^(?:但是|但|不过|而且|就|也)?(?:千万|请|以后)?(?:别|不要|不用|别再|不要再)(?:用|使用)"
                    r"(?P<v>[^，。！？]+?)(?:了|吧|啊)?$")


def avoided(sentence: str, found: list[Finding]) -> list[Finding]:
    """我喜欢用 pytest，别用 unittest: a prohibition beside a like or a choice (``found``, read in the same
    sentence) is a standing dislike of what it forbids; alone, 别用 unittest may be this once."""
    if not shapes.liked(found) or _NOT_A_STATEMENT.search(sentence):
        return []
    out: list[Finding] = []
    for clause in _statements(sentence):
        m = _AVOID.match(clause)
        value = clean_value(m.group("v"), "zh") if m else ""
        if value and not re.match(r"[这那它他她你]", value):  # 别用圆通和中通: each its own dislike
            out += [forbidden.forbidden_thing(v, clause, "zh") for v in shapes.named_things(value)]
    return out


def favourites(sentence: str) -> list[Finding]:
    """川菜是我的最爱: a like, read beside whatever else the sentence says (我喜欢所有舞蹈，但现代舞是我的
    最爱 holds both likes)."""
    out: list[Finding] = []
    for clause in _statements(sentence):
        if (m := _FAVOURITE_IS.match(clause)) is not None and "你" not in m.group("v"):
            out += like_finding(m.group("v"), "like", CONF_LIKE, clause, "zh")
    return out


def given_up(sentence: str, said_at: datetime) -> tuple[str, list[Finding], str]:
    """``(before, found, after)``: what the clauses of ``sentence`` that give something up say
    (``extract.cessation``: 我戒了咖啡, 现在不喝酒了), and the clauses before and after the first of them,
    for the other rules to read (我喜欢喝茶，不过已经不喝咖啡了 keeps the tea); ``("", [], sentence)`` when
    none does, or when the sentence asks or supposes."""
    if _NOT_A_STATEMENT.search(sentence):
        return "", [], sentence
    found: list[Finding] = []
    before: list[str] = []  # the clauses before the first one read, and those after it
    after: list[str] = []
    for clause in (c for c in _CLAUSES.split(sentence.strip()) if c):
        read = cessation.find_zh(clause, sentence)
        if read and any(f.retract for f in patterns_zh.find(clause, said_at)):
            read = []  # 我不再贫血了, 我不再对花生过敏了: a withdrawal of its own key, read by its topic rule
        found += dated(read, (cessation.since_zh(clause) if read else None) or clause, sentence, said_at)
        if not read:
            (after if found else before).append(clause)
    return ("，".join(before), found, "，".join(after)) if found else ("", [], sentence)


#: 我每个月房租三千五, 我每月工资八千多: how often first, then what one has an amount of; no habit (每个月…).
_PER_AMOUNT = lazy_regex(rf"^我(?P<per>每个?[月天周年])(?P<attr>{_MEASURED})(?P<amount>{_AMOUNT})$")


def before_topics(sentence: str, said_at: datetime) -> list[Finding]:
    """Shapes that say a change, read ahead of the topic patterns; and an amount said after how often (我每个月房租
    三千五 is 我的房租每月三千五, which the habit pattern read as a habit)."""
    if (per := _PER_AMOUNT.match(sentence.strip().rstrip("。！!"))) is not None:
        return attribute_finding(per.group("attr"), per.group("per").replace("个", "") + per.group("amount"),
                                 sentence, "zh")
    if advised := advice.find(sentence, "zh"):  # 医生说我要少吃盐: reported, yet the user's
        return advised
    if not _NOT_A_STATEMENT.search(sentence) and (found := _withdrawn_and_restored(sentence)):
        return found
    for clause in _statements(sentence):
        # a time inside the clause (我上个月搬到上海了, 上个月我换成了京东) dates the change; the shapes
        # read the clause without it, as the English ones read "I moved to Munich last month"; then
        # without a leading discourse word (其实我改用京东了, 不过我们现在换成中通了), as the topic patterns do
        plain = without_opening(clause, "zh")
        for bare in dict.fromkeys((clause, without_time(clause), plain, without_time(plain))):
            if bare and (wanted := formats.schedule_zh(bare)):
                return wanted  # 每周五 is when a document is wanted (客户希望每周五收到报告), no time the wish began
            if bare and (found := (scheduled.moved(bare, said_at, "zh") or vehicles.begun(bare, "zh")
                                   or _destination(bare) or _changed(bare)
                                   or started_to_like_zh(bare, said_at)
                                   or _team(bare) or _learning(bare) or provider_zh(bare) or payment(bare, "zh")
                                   or grade(bare, "zh") or formats.find_zh(bare) or schools.find_zh(bare)
                                   or workplace.located(bare, "zh")
                                   or scheduled.find(bare, said_at, "zh"))):
                return dated(found, clause, sentence, said_at)
    return []


#: 我喝美式, 我平时喝燕麦拿铁, 我们一般吃米饭: what one eats or drinks as a habit, said plainly.
_HABITUAL = lazy_regex(r"^我们?(?:平时|一般|通常|现在|目前|主要|基本上?|一直|都|常|经常|只)*(?P<verb>喝|吃)"
                       r"(?P<v>[^，。！？了过着]{1,8})了?$")
#: A food eaten now and then, said beside a diet as its exception (我吃素，但偶尔吃鱼; 不过会吃鱼): alone, 我偶尔喝咖啡
#: is no standing habit, and is not read.
_EXCEPTION = lazy_regex(r"^(?:但是|但|不过|可是|只是)?我?(?P<often>(?:偶尔|有时候?)(?:也)?(?:会)?|也会|会)吃"
                        r"(?P<v>[^，。！？了过着]{1,8})$")
#: What follows 吃 / 喝 without being a thing eaten or drunk (吃饭, 喝多, 吃不下, 吃得很少).
_NOT_EATEN = lazy_regex(r"^(?:饭|东西|药|点|一|这|那|什么|不|得|很|太|多|少|醉|饱|完|光|掉|的|好|到|上|下|个|起|惯|"
                        r"亏|苦|醋)")


def _habitual(clause: str) -> list[Finding]:
    """我喝美式: what one eats or drinks now, under the verb's key (``user.drinks`` / ``user.eats``, as
    我现在只喝燕麦奶), so a later restriction or switch replaces it."""
    m = _HABITUAL.match(clause)
    if m is None or _NOT_EATEN.match(m.group("v")):
        return []
    if clause.endswith("了") and not re.search("现在|目前|如今", clause):
        return []  # 我喝咖啡了 is a happening; 我现在喝红茶了 a habit that now holds
    return _eaten_or_drunk(m.group("verb"), clean_value(m.group("v"), "zh"), clause)


def eaten_beside(sentence: str, found: list[Finding]) -> list[Finding]:
    """The food a clause of ``sentence`` says is eaten now and then beside a diet among ``found`` (我吃素，但偶尔吃鱼:
    the diet and ``user.eats = 鱼``, said 偶尔吃鱼), ``[]`` without a diet: the exception said with the diet."""
    if not any(f.key == "food.diet" and not f.retract for f in found):
        return []
    said = {f.clause for f in found}
    return [f for c in _statements(sentence) if c not in said and (m := _EXCEPTION.match(c.strip())) is not None
            and not _NOT_EATEN.match(m.group("v"))
            for f in _eaten_or_drunk("吃", clean_value(m.group("v"), "zh"), c,
                                     often=re.sub(r"也?会$", "", m.group("often")))]


def _eaten_or_drunk(verb: str, value: str, clause: str, *, often: str = "") -> list[Finding]:
    """What one eats (吃) or drinks (喝) now, under the verb's key (``user.eats`` / ``user.drinks``) and stated with
    the verb (喝茶) and how often, if said (偶尔吃鱼); ``[]`` for an empty value. A habit (``_habitual``), a switch
    (改喝茶, 换成了喝茶: ``_changed``)."""
    key = "user.drinks" if verb == "喝" else "user.eats"
    return [Finding(key, value, CONF_PREFER, clause, statement=f"{often}{verb}{value}")] if value else []


def copulas(sentence: str) -> list[Finding]:
    """The possessive copulas of ``sentence`` whose key no topic pattern reads (``shapes.BESIDE_TOPICS``:
    我的生日是…, 我的邮箱/手机号/地址是…, 我的母语是…), read beside whatever else it states."""
    return [f for clause in _statements(sentence) for f in possessive(clause) if f.key in shapes.BESIDE_TOPICS]


#: 我们用Jenkins做CI, 我现在用Obsidian记笔记: a thing used and what for (a Latin name, or a short Chinese one).
_FOR_TAIL = (rf"(?P<v>[A-Za-z0-9][\w.+# -]{{0,24}}?|[{_H}]{{2,6}})\s*(?:来)?(?:做|记|写|管理|跑|处理)"
             rf"\s*(?P<for>[A-Za-z{_H}]{{1,6}}?)了?$")
_USED_FOR = lazy_regex(rf"^我们?(?:{_OWNERS})?(?:这边|现在|目前|平时|一般|主要|都|一直|也|统一)*(?:用|使用)\s*"
                       rf"{_FOR_TAIL}")
#: When a doing is done, opening what a switch is to (改成每天晚上跑步, 换成周末游泳): a habit, no thing used; a time of
#: the clock after it (改成下午三点吧) is a plan moved, no doing.
_WHEN_DONE = lazy_regex(r"^(?:每天|每周[一二三四五六日天]?|每晚|天天|早上|上午|中午|下午|晚上|周末|工作日)+"
                        r"(?=[\u4e00-\u9fff]{2})(?![零一二两三四五六七八九十半\d]+[点时号:：])")
#: What a switch is to, with what for after it (改用Notion记笔记: ``Notion`` for 笔记).
_SWITCHED_FOR = lazy_regex(rf"^{_FOR_TAIL}")
#: What a switch is to, with what for after it that the use shapes cut off (腾讯会议开会: 开会).
_CUT_FOR = lazy_regex(rf"^(?P<v>.+?){_USE_FOR}$")
#: A switch to where something is done (改成在家做饭, 换成在公司楼下吃饭): a place and a verb, no thing used;
#: 在线文档 names a thing.
_DONE_WHERE = lazy_regex(r"^在(?!线)")
_NOT_USED_ZH = lazy_regex(r"^(?:这|那|它|什么|一个|一些|手|心|电脑|手机)")


#: 我在Obsidian里记笔记, 我们在Linear上管理任务: what is done in a named thing, said as done with it
#: (我用Obsidian记笔记).
_DONE_IN = lazy_regex(rf"^(?P<who>我们?(?:{_OWNERS})?)(?P<adv>(?:这边|现在|目前|平时|一般|主要|都|一直|也|统一)*)在\s*"
                      r"(?P<v>[A-Za-z0-9][\w.+# -]{0,24}?)\s*(?:里面|里|上面|上|中)\s*(?P<rest>[\u4e00-\u9fff].*)$")


def _used_for(clause: str) -> list[Finding]:
    """我们用Jenkins做CI: what it is for names the attribute (``user.ci``, as "We use Jenkins for CI"); 我在Obsidian里
    记笔记 as 我用Obsidian记笔记."""
    if (done := _DONE_IN.match(clause.strip())) is not None:
        said = f"{done.group('who')}{done.group('adv')}用{done.group('v')}{done.group('rest')}"
        return [replace(f, clause=clause) for f in _used_for(said)]
    m = _USED_FOR.match(clause)
    if m is None or _NOT_USED_ZH.match(m.group("v")):
        return []
    return attribute_finding(m.group("for"), m.group("v").strip(), clause, "zh", purpose=True)


#: 我们团队有5个人, 我们组现在7个人了, 我们公司一共有二十个人: a group's size (我的团队是5个人 is the possessive's).
_SIZE = lazy_regex(rf"^我们(?:的)?(?P<attr>{_OWNERS}|小组|团队|班)(?:现在|目前|如今|已经)?(?:一共|总共|共)?(?:有|是)?"
                   r"(?P<v>[\d零一二两三四五六七八九十百]+(?:个|名|位)?(?:人|成员|同事|员工))了?$")


#: 我们现在7个人了, 现在我们一共有七个人: the size of a group named before, if any (``counts.GROUP_SIZE``).
_WE_ARE = lazy_regex(r"^(?:现在)?我们(?:现在|目前|如今|已经)?(?:一共|总共|共)?(?:是|有)?"
                     r"(?P<n>[\d零一二两三四五六七八九十百]+)(?:个|名|位)?人了?$")


def _size(clause: str) -> list[Finding]:
    """我们团队现在有7个人了: the team's size (``user.团队人数``), which a later size replaces; 我们现在7个人了
    the size of the group said before."""
    if (we := _WE_ARE.match(clause)) is not None and (n := counts.number(we.group("n"))):
        return [Finding(counts.GROUP_SIZE, f"{n}个人", CONF_PREFER, clause, statement=f"我们有{n}个人")]
    m = _SIZE.match(clause)
    return [] if m is None else attribute_finding(m.group("attr"), m.group("v"), clause, "zh")


#: A business the user runs: 我开了一家网店, 我在经营自己的咖啡店, 我们创办了一家公司, 我的网店开业了 (shapes_en._RUNS).
_BUSINESS = shapes.BUSINESS_ZH
_RUNS = lazy_regex(rf"^我们?(?:最近|现在|已经|自己)*(?:开了|在经营|经营着|经营|创办了|创立了|在做)"
                   rf"(?:一家|一个|一间|自己的|我的)(?P<v>{_BUSINESS})了?$"
                   rf"|^我们?的(?P<w>{_BUSINESS})(?:终于|已经|正式)?(?:开业|开张|上线)了$")


def _business(clause: str) -> list[Finding]:
    """What business the user runs (``work.business``)."""
    m = _RUNS.match(clause)
    if m is None:
        return []
    value = clean_value(m.group("v") or m.group("w"), "zh")
    return [Finding("work.business", value, CONF_PREFER, clause, statement=f"经营{value}")] if value else []


#: A sentence about today (今天, 今晚, 待会儿): what it says one intends is the day's, as 今天我打算出去散步 is.
_OF_TODAY = lazy_regex(r"今天|今晚|今早|今儿|待会儿?|一会儿|等一下|等下")


def after_topics(sentence: str) -> list[Finding]:
    """Shapes read when no topic pattern found anything: the possessive copula, a thing used and what
    for (我们用Jenkins做CI), an undated plan, an interest (我对摄影很感兴趣), what one eats or drinks (我喝美式), a
    skill (我会弹钢琴, 我擅长游泳; ``extract.abilities``)."""
    out: list[Finding] = []
    clauses = _statements(sentence)
    for at, clause in enumerate(clauses):
        if _OF_TODAY.search(sentence) and plan_zh(clause):  # 今天是星期日，我打算出去散步: a plan of the day, no intent
            continue
        if out and out[-1].key == abilities.CAN_KEY and re.match(r"(?:也|还|又)会", clause):
            clause = f"我{clause}"  # 我会游泳，还会滑雪: the skill after a skill is the speaker's too
        out += (_used_for(clause) or _size(clause) or abilities.find_zh(clause, sentence) or possessive(clause)
                or changed_to.find(clause, "zh") or _intent(clause) or _habitual(clause)
                or _business(clause) or subscriptions.find(clause, "zh") or owned.find(clause, "zh")
                or with_examples(pursuit_zh(clause), clauses[at + 1] if at + 1 < len(clauses) else "", "zh"))
    return out or abilities.listed_zh(sentence) or trip_zh(sentence)
