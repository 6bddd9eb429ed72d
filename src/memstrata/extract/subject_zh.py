"""Who a Chinese sentence is about: the user said in the third person (用户对花生过敏), a note with no subject
(喜欢爵士乐), a named person (小李, 老王, 张伟), a relative (我姐姐) or a role (客户); ``extract.subject_en``'s
mirror.

用户对花生过敏 and - 喜欢爵士乐 are the user's own words (``first_person``); 小李对海鲜过敏, 我同事小张调到设计组了,
客户在多伦多 are read in the first person and kept under that person (``someone_else``), never as the user's own.
The shapes in ``extract.shapes_zh`` read what these return; ``extract.apposition`` and ``extract.carried`` name
people by the same words."""

from __future__ import annotations

import re

from memstrata.extract import gazetteer, kin, roles, subject_en
from memstrata.extract.timex import time_span
from memstrata.text.regex import lazy_regex

_H = "\u4e00-\u9fff"
#: Common surnames: a name is one of them and one or two characters (张伟, 王小明), or 小 / 老 and one (小李, 老王).
SURNAMES = ("王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶"
            "阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段雷钱汤尹黎易常武乔贺赖龚文")
#: A relation said after 我 (我同事, 我老婆, 我哥): the longer word first (哥哥 before 哥), so 我哥哥 is
#: no 哥 with a name.
RELATION = ("大儿子|小儿子|大女儿|小女儿|"
            "同事|朋友|老板|领导|上司|室友|邻居|同学|姐姐|妹妹|哥哥|弟弟|老婆|老公|妻子|丈夫|太太|爱人|"
            "妈妈|爸爸|老妈|老爸|母亲|父亲|爸妈|父母|儿子|女儿|爷爷|奶奶|外公|外婆|姥姥|姥爷|男朋友|女朋友|"
            "岳父|岳母|丈母娘|公公|婆婆|嫂子|弟媳|姐夫|妹夫|表哥|表姐|表弟|表妹|堂哥|堂姐|堂弟|堂妹|叔叔|伯伯|舅舅|"
            "姑姑|阿姨|姨妈|舅妈|侄子|侄女|外甥女|外甥|孙子|孙女|孩子|小孩|哥|姐|弟|妹|妈|爸|"
            # a pet is the user's as a relative is (我的猫叫咪咪，今年三岁了: the cat's age; kin.is_relative)
            "猫咪|小猫|猫|狗狗|小狗|狗")
#: 阿 before one character is a name as 小 and 老 are (阿强, 阿明), not a kin word (阿姨, 阿婆) nor a place or a firm's
#: first syllable (阿里, 阿根廷, 阿拉伯).
#: 周 is a surname and begins the weekdays: 我儿子周六要去踢足球 names no 周六 (a son's Saturday), so 周 and a
#: weekday's character (周一 … 周日, 周天, 周末) is no name.
NAME = (rf"(?!周[一二三四五六日天末])"
        rf"(?:小[{_H}]|老[{_H}]|阿(?!姨|婆|公|嬷|哥|姐|妹|弟|叔|伯|爸|妈|里|拉|尔|富|根|联|胶|斯|凡|司|门|迪|森)[{_H}]"
        rf"|[{SURNAMES}][{_H}]{{1,2}}?)")
#: 我的好朋友王芳, 我最好的朋友张伟, 我的大学同学小李: a relation said with 的 and a word of how close or from where,
#: then a name; read as 我朋友王芳 (``named_relation_plain``), which the readings of a named person take.
#: A name in Latin letters (Maria, Leo, Sarah Lee), as Chinese chat writes a foreign or an English name.
LATIN_NAME = r"[A-Z][a-z]+(?:\s[A-Z][a-z]+)?"
#: A clause that asks, supposes or reports: no shape reads it.
NOT_A_STATEMENT = lazy_regex(
    r"^(?:如果|要是|假如|假设|万一|是否)|[？?]|吗[。！!]?$|呢[。]?$|(?:什么|哪里|哪儿|谁)[。！!~～]*$|是不是|会不会|要不要|可不可以|能不能|可能|好像|也许|"
    # 大概 before an amount is "about" (大概40分钟), no hedge
    r"大概(?!是?[0-9一二两三四五六七八九十几半每])|说|觉得|认为|不确定|(?<![顾学])问|希望能|真希望|还没")

#: 用户 and Taiwan's 使用者 both name the user (a Traditional note is read as Simplified first: 用戶 → 用户).
_THIRD_PERSON = lazy_regex(r"^(?:[-*•]\s*)?(?:该)?(?:用户|使用者)(?P<rest>[^：:].*)$")


#: A note that leaves its subject out, as memory files write them (- 喜欢爵士乐, 住在北京, 偏好顺丰快递): a
#: verb that states a liking or a dwelling first; anything asked (吗, ？) is no note. 不吃 / 不喝 are not
#: here: 不喝燕麦奶了，还是喝牛奶吧 is a withdrawal with a restoration, read by its own shape.
_NO_SUBJECT = lazy_regex(r"^(?:[-*•]\s*)?(?P<rest>(?:现在|平时|一直|也|还|更)?(?:喜欢|不喜欢|讨厌|偏好|爱吃|爱喝|"
                         r"住在)[^？?吗呢]+"
                         # 在阿里巴巴做产品经理, 在腾讯上班: where one works and as what, said as a reply or a note
                         r"|(?:现在|目前|一直)?在[^，,。？?吗呢]{2,12}?(?:做|当|上班|工作|任职)[^，,？?吗呢]*)$")


def first_person(sentence: str) -> str | None:
    """A note about the user in the third person as the user's own words (用户对花生过敏 → 我对花生过敏,
    用户的编辑器是Vim → 我的编辑器是Vim, 使用者對貓過敏 → 我对猫过敏), also with the subject left out
    (喜欢爵士乐 → 我喜欢爵士乐, 在阿里巴巴做产品经理 → 我在阿里巴巴做产品经理, ``_NO_SUBJECT``); ``None`` for any other
    sentence."""
    m = _THIRD_PERSON.match(sentence.strip()) or _NO_SUBJECT.match(sentence.strip())
    return None if m is None else f"我{m.group('rest')}"


#: A change said with no subject, as Chinese says its own (上个月搬到杭州了, 刚换了工作, 最近开始跑步了, 不吃辣了,
#: 又开始喝咖啡了, 已经不在华为了): a verb of moving, switching, beginning, resuming or giving up opens it, after a
#: time or an adverb at most. A noun first (妈妈不吃辣了) is someone else's subject. A verb with no person's
#: object (开始下雨了) is read as the user's too, and states nothing: it withdraws only a 不下雨 never said.
_CHANGE_TIME = (r"(?:上个?月|上周|上礼拜|这周|这个月|本周|本月|今年|去年|前年|最近|刚刚|刚|前几天|前阵子|"
                r"前段时间|这阵子|这段时间|这两年|年初|年底|月初|今天|昨天|前天|现在|目前|从今天起|从这周起|"
                r"从下周起|以后|今后|从此|早就|已经|也|又|都|就)")
_CHANGE_VERB = (r"(?:搬(?:家)?(?:到|去|回)|换了|换成|改成|改用|(?:重新|又)?开始|不再|戒了|戒掉|跳槽(?:到|去)|"
                r"入职|辞职|离职|"
                # a doing given up (不跑步了, 不去健身房了, 不熬夜了), as 不吃辣了
                r"不(?:吃|喝|抽|用|住|在|玩|打|养|做|开|骑|练|学|喜欢|爱|跑|去|踢|游|弹|追|逛|熬|跳|参加|上)"
                r"(?=[^，,。！!]*了))")
_CHANGE_NO_SUBJECT = lazy_regex(rf"^(?:{_CHANGE_TIME}[，,]?)*{_CHANGE_VERB}")


#: How often, when or how much, said before the verb of a clause with no subject (平时喜欢喝美式, 每晚睡前写日记,
#: 14号飞里斯本开会, 特别喜欢吃榴莲): a habit's or a plan's time, or a degree.
_OWN_WHEN = (r"(?:平时|平常|一般|通常|经常|常常|总是|老是|向来|从小|每天|天天|每晚|每早|每周[一二三四五六日天末]?|"
             r"每个?星期[一二三四五六日天]?|每个?月|每年|每次|周末|早上|早晨|晚上|中午|下午|上午|睡前|饭后|下班后|"
             r"上班前|周[一二三四五六日天]|星期[一二三四五六日天]|这几年|这些年|[0-9一二三四五六七八九十]{1,3}号|"
             r"下周[一二三四五六日天]?|下礼拜|明天|后天|下个月|明年|今晚|月底|特别|非常|超级|超|挺|比较|真的|最|更|"
             r"蛮|很|一直|还|只|主要)")
#: Verbs that state what one likes, is, has, keeps or does as a rule: said with no subject they open the speaker's
#: own statement (喜欢吃辣, 受不了香菜, 迷上了攀岩, 在一家银行上班, 是做前端的, 养了两只猫). An allergy is not
#: here: read bare it is the speaker's already, and 对花生过敏要注意 is advice (``patterns_zh``).
_OWN_STATE = (r"(?:喜欢|不喜欢|爱(?=吃|喝|看|听|玩|打|踢|逛|弹|跑|游|读)|讨厌|受不了|不爱|迷上|爱上|偏爱|偏好|习惯|"
              r"住在|养了|养着|在[^，,。！!？?]{1,12}?(?:上班|工作|上学|读书|实习)|是做|是搞|做[^，,。]{1,8}的|"
              r"会说|会讲|不吃|不喝|不抽|吃素|是(?:个|一个|一名|一位)|"
              r"买了(?=[一两二三几][辆台部套只个]|[辆台部套只个])|"
              r"有(?=[0-9一二两三四五六七八九十几]+[个只条位辆套])|有(?=个|只|一))")
#: Verbs of doing that state a habit or a plan only with its time said first (每晚睡前写日记, 周末去爬山, 14号飞里斯本
#: 开会); said bare they are a request or the moment (喝水, 去看看).
_OWN_DOING = r"(?:在?(?:吃|喝|跑|游|打|踢|练|学|写|看|听|用|玩|做|弹|读|追)|去|飞|回|骑|开|坐|抽|泡|逛|健身|上)"
_OWN_NO_SUBJECT = lazy_regex(rf"^(?:(?:{_CHANGE_TIME}|{_OWN_WHEN})[，,]?)*{_OWN_STATE}"
                             rf"|^(?:(?:{_CHANGE_TIME}|{_OWN_WHEN})[，,]?)+{_OWN_DOING}")
#: A clause asking something of the listener (帮我订…, 提醒我…, 给我讲…) or about what the listener said (喜欢你写的
#: 那首诗), a choice among what was offered or shown (比较喜欢第二个方案, 很喜欢这个设计) or a feeling with nothing
#: named (还挺喜欢的): no statement of the speaker's. 每天给我妈打电话 is the speaker's habit: a relative after 我.
_TO_THE_LISTENER = lazy_regex(rf"(?:帮|给|提醒|告诉|替|为|让|教|叫)我(?!的?(?:{RELATION}))|你|您|"
                              r"第[0-9一二三四五六七八九十]+[个种条版]|[上前后]一[个种版]|这|那|"
                              r"(?:喜欢|爱|讨厌|受不了)(?:的|了|啊|呀|哦|呢)?[。！!~～]*$"
                              # a suggestion to the listener, or "let's" (明天去看牙吧, 周末去公园走走吧)
                              r"|(?:吧|呗)[。！!~～]*$")


def own_clause(sentence: str) -> str | None:
    """A clause the user says with no subject, in the first person, else ``None``: a change (上个月搬到杭州了 →
    我上个月搬到杭州了, 刚换了工作，现在在蔚来上班 → 我刚换了工作，现在在蔚来上班; ``_CHANGE_NO_SUBJECT``) or a
    statement opening with a verb of liking, dwelling, working, having or keeping (受不了香菜 → 我受不了香菜), or with
    a time then a verb of doing (每晚睡前写日记 → 我每晚睡前写日记; ``_OWN_NO_SUBJECT``). Only a message that has named
    no one else may be read so (``extract.carried.Scope``): after 我哥结婚了。 the next 上个月搬到南京了 may be the
    brother's. A question, a supposition or a report (``NOT_A_STATEMENT``) is no statement, nor a clause asking
    something of the listener or about what they said (帮我订…, 提醒我…, 喜欢你写的诗: ``_TO_THE_LISTENER``)."""
    text = sentence.strip()
    if NOT_A_STATEMENT.search(text):
        return None
    if _CHANGE_NO_SUBJECT.match(text) or (_OWN_NO_SUBJECT.match(text) and not _TO_THE_LISTENER.search(text)):
        return f"我{text}"
    return None


#: When a change about someone happened, said before its verb (小王这周调到搜索组了): the shapes read the clause
#: without it and date the change by it.
_WHEN = ("这周|这礼拜|这个月|本周|上周|上礼拜|上个月|今天|昨天|前天|今年|去年|最近|刚刚|刚|"
         "下周|下礼拜|下个月|明天|后天|明年")  # and a plan's time: 我婆婆下周来看我们
#: What a relative does or is as a rule, said with its verb or its time first: 我老婆怀孕了, 我爸吃素, 我爸会说法语,
#: 我妈用微信, 我老公开宝马, 我儿子踢足球, 我儿子上小学, 我儿子每周六踢足球, 我儿子周六踢足球 (each read as the
#: user's words are).
_STANDING = r"怀孕|吃|喝|会|用|踢|打|弹|练|学|上|读|念|开|骑|每|周[一二三四五六日天末]|星期[一二三四五六日天]|一般|通常"
#: Where a person named is, said before them: 财务部的小李, 我们组的老王 (who they are, no part of what is said).
_GROUP = rf"(?:[{_H}]{{1,5}}(?:部|组|团队|科|处|办公室)的)"
#: The school one is in, said with 上 / 读 (我儿子上小学一年级, 我女儿读初二: ``extract.schooling``).
_SCHOOL = r"(?:上|读|念)(?=小学|初中|高中|大学|幼儿园|[一二三四五六]年级|初[一二三]|高[一二三]|大[一二三四])"
#: A child's pet name said twice over (朵朵, 乐乐, 豆豆), which no surname starts: a name, unless the character
#: doubled is an adverb's, a verb's, a measure's or a kin word's (天天, 常常, 刚刚, 慢慢, 看看, 妈妈, 哥哥, 年年, 人人),
#: or baby talk for a kind of thing (狗狗, 猫猫, 车车: an animal or a thing, no one named).
_NOT_TWIN = ("天常刚慢渐偷好往人谢哈嘿呵嘻嗯啦拜妈爸哥姐弟妹爷奶姥叔伯舅姑公婆年月日家处时事样个稍默匆悄轻早大小高快白"
             "恰仅统明每一纷屡频连久略微深静暗急缓区试看想说走聊等问听尝玩逛歇别全整满够真足实重层代声口步句条张件片滴"
             "分秒刻次回遍趟块斤米宝狗猫鸟鱼虫车饭水菜肉衣鞋")
_TWIN = rf"(?![{_NOT_TWIN}])(?P<twin>[{_H}])(?P=twin)"
#: A relative a user's own message names without 我, as people type (女儿对芒果过敏, 老婆是护士, 儿子在上小学):
#: the user's relative, as 我女儿 is. Only the words that name one's own close family; 阿姨, 叔叔, 爷爷 and a
#: one-character word (妈, 哥) also name strangers or cry out (阿姨今天没来 is a nanny, 妈呀 no mother).
BARE_KIN = ("大儿子|小儿子|大女儿|小女儿|"
            "老婆|老公|妻子|丈夫|太太|爱人|妈妈|爸爸|老妈|老爸|母亲|父亲|爸妈|父母|儿子|女儿|姐姐|妹妹|哥哥|弟弟|"
            "男朋友|女朋友|岳父|岳母|丈母娘|外甥女|外甥|侄子|侄女")

#: A relation, a relative said bare, or 他 / 她 / 它: someone other than the user named in a Chinese text.
_NAMES_SOMEONE = lazy_regex(rf"{RELATION}|{BARE_KIN}|[他她它]")


def names_someone(text: str) -> bool:
    """Whether ``text`` names someone other than the user (a relation, a relative said bare, 他 / 她 / 它): a clause
    with no subject after it may be theirs (我老板每天加班，周末也去公司; 我有个妹妹，很喜欢猫)."""
    return _NAMES_SOMEONE.search(text) is not None


#: A clause opening with 他 / 她 (他们, 她家) or with a name in Latin letters before Chinese (Maria 也住在上海,
#: Tom住在长沙): someone other than the user, whom the rules cannot always name. 它 is a thing as often as a pet.
_OTHER_OPENER = lazy_regex(rf"^(?:[他她](?:们|們|家)?(?=[{_H}])|[A-Z][a-z]+(?:\s[A-Z][a-z]+)?\s*(?=[{_H}]))")

#: A clause opening with the user's relation, whatever follows (我哥人很好, 我同事人不错).
_RELATION_OPENER = lazy_regex(rf"^我们?的?(?:{RELATION})")


def opens_with_someone(clause: str) -> bool:
    """Whether the Chinese ``clause`` opens with someone other than the user: 他 / 她, a name (小李, 老王, Maria), a
    relation (我朋友, 我妈妈, 同事阿杰) or a role (客户). A clause after it with no subject of its own is theirs
    (他也住在上海，不过下个月要搬去成都: the move is his), never the user's."""
    text = clause.strip()
    if _OTHER_OPENER.match(text) or _RELATION_OPENER.match(text) or roles.role_zh(text) is not None:
        return True
    m = _SOMEONE.match(text)
    if m is None:
        return False
    name = m.group("name") or ""
    if name and (time_span(name) is not None or (len(name) == 2 and name[0] == name[1] and name[0] in _NOT_TWIN)):
        name = ""  # 周末去爬山, 常常喝咖啡: a time or an adverb, no one named
    return bool(name or m.group("rel") or m.group("kin") or m.group("bare"))


#: An age said after the person, with no verb (我妈妈65岁, 女儿朵朵4岁): read as the user's 我65岁 is.
_AGED = r"(?:今年)?[0-9一二两三四五六七八九十]{1,3}(?:周)?岁"
_SOMEONE = lazy_regex(
    rf"^(?:我们?的?(?P<rel>{RELATION})|(?P<bare>{RELATION})(?=\s*(?:{NAME}|{LATIN_NAME}))|(?P<kin>{BARE_KIN})|{_GROUP})?"
    # 爱 before a verb of taste is 喜欢 (我老公爱吃辣 stored nothing, 我老公喜欢吃辣 food.like); 爱 alone is no taste
    rf"(?:(?P<name>{NAME}|{_TWIN}|{LATIN_NAME})\s*)?(?P<rest>(?:的|对|在|又|也|调|住|是|喜欢|讨厌|最|不|只|换|搬|回|去|"
    rf"爱(?=吃|喝|看|听|玩|打|踢|逛|弹|跑|游|读|唱|跳|画)|"
    # 我爸戒烟了 as 我爸不抽烟了 (戒指 is a ring)
    rf"戒(?!指)|"
    rf"改|要|需要|希望|偏好|更喜欢|已经|现在|一直|还|很|特别|非常|平时|经常|每天|开始|入职|跳槽|养|都|怕|害怕|"
    # a life status (我爸退休了, 我姐结婚了) and a bodily measure (我爸血压高) as the user's own are read
    rf"退休|结婚|离婚|订婚|血压|血糖|血脂|{_WHEN}|{_SCHOOL}|"
    rf"{_STANDING}).+|{_AGED}.*)$")


#: How a note about a role goes on: a verb or a copula, as about a named person, or a wish (客户要PDF发票).
_ROLE_REST = lazy_regex(rf"^(?:叫(?!我)|的|对|在|又|也|调|住|是|喜欢|讨厌|最|不|换|搬|回|去|改|要|需要|希望|偏好|"
                        rf"更喜欢|比较|很|特别|非常|已经|现在|目前|一直|还|只|{_WHEN})")


def someone_else(sentence: str) -> tuple[str, str] | None:
    """``(subject, the sentence in the first person)`` for a statement about a named person or a
    relative (小李对海鲜过敏 → ``("小李", "我对海鲜过敏")``, 我同事小张调到设计组了 →
    ``("小张", "我调到设计组了")``), or a role an agent's note names (客户在多伦多 → ``("client", "我在多伦多")``:
    ``extract.roles``)."""
    role = roles.role_zh(sentence)
    if role is not None and _ROLE_REST.match(role[1]) and not NOT_A_STATEMENT.search(role[1]):
        return role[0], f"我{role[1]}"
    m = _SOMEONE.match(sentence.strip())
    if m is None or NOT_A_STATEMENT.search(m.group("rest")):
        return None
    name, rest = m.group("name") or "", m.group("rest")
    if len(name) == 2 and name[0] == name[1] and name[0] in _NOT_TWIN:
        return None  # 常常喝咖啡: 常 a surname too, yet 常常 is "often", no one named
    if name and time_span(name) is not None:  # 我妹妹周末去爬山: 周末 is a time, no 周 with a name
        name, rest = "", name + rest
    if name.isascii() and (name in subject_en.NOT_NAMES or gazetteer.lookup(name) is not None):
        return None  # Notion是我最常用的工具, Python很好学: a thing named, no person
    who = name or m.group("rel") or m.group("kin")
    if not who or (not name and not kin.is_relative(who)):
        return None  # 我朋友对芒果过敏 stays out: only relatives and named people are kept
    return who, f"我{re.sub(r'^都', '', rest)}"  # 我父母都住在成都: 都 is the two of them


#: 我的好朋友王芳, 我最好的朋友张伟, 我的大学同学小李: a relation said with 的 and a word of how close or where from,
#: then a name. ``named_relation_plain`` says it as 我朋友王芳, which the readings of a named person take; before, the
#: possessive read 我的好朋友王芳是个医生 as the user's own ``user.好朋友王芳 = 医生`` and the rest stored nothing.
_NAMED_RELATION = lazy_regex(rf"我(?:的)?(?:最好的|好|大学|高中|初中|小学|老|前|发小兼)(?:的)?(?P<rel>{RELATION})"
                             rf"(?=(?:{NAME})(?:是|在|住|对|也|不|很|最|喜欢|爱|讨厌|今年|现在|刚|已经))")


def named_relation_plain(sentence: str) -> str:
    """``sentence`` with 我的好朋友王芳 said as 我朋友王芳 (``_NAMED_RELATION``); unchanged when no name follows the
    relation (我的好朋友是个医生 says nothing of anyone named).

    >>> named_relation_plain("我的好朋友王芳是个医生"), named_relation_plain("我的好朋友是个医生")
    ('我朋友王芳是个医生', '我的好朋友是个医生')
    """
    return _NAMED_RELATION.sub(lambda m: f"我{m.group('rel')}", sentence)


#: "Our family's" before a relative or a pet (我家的狗, 我们家孩子): the user's own, as 我的狗 says it; and a pause
#: after the one a sentence is about (我儿子，今年八岁，特别喜欢乐高): the clauses after it are said of them.
_HOUSEHOLD = lazy_regex(rf"(?<![\u4e00-\u9fff])我们?家的?(?=(?:{RELATION}))")
_PAUSED = lazy_regex(rf"^(?P<who>我的?(?:{RELATION})(?:{NAME})?)\s*[，,]\s*(?=[\u4e00-\u9fff])")


def as_mine(sentence: str) -> str:
    """``sentence`` with a relative or a pet "of our family" said as the user's (我家的狗叫豆豆 → 我的狗叫豆豆) and
    no pause after the relative a sentence opens with (我儿子，今年八岁 → 我儿子今年八岁); read as said, neither was
    anyone's.

    >>> as_mine("我们家的狗叫豆豆，今年三岁"), as_mine("我儿子，特别喜欢乐高")
    ('我的狗叫豆豆，今年三岁', '我儿子特别喜欢乐高')
    """
    return _PAUSED.sub(r"\g<who>", _HOUSEHOLD.sub("我的", sentence), count=1)
