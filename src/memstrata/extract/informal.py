"""Informal attribute words read as the full word, so they reach the same key.

"My fav color is blue" is "my favorite color is blue", "my bday is June 5" "my birthday is
June 5", "my hubby is allergic to peanuts" "my husband is …", 我最爱的颜色 / 我最喜爱的颜色 / 我最中意的
颜色 我最喜欢的颜色: one normalisation of the attribute phrase ahead of every rule, not a list of
slang per topic. An English word changes only after a possessive ("my", "our", "Tom's", "is my"),
where it can only be the attribute or the relation owned; the value after it is never touched.
"""

from __future__ import annotations

import re

from memstrata.extract.subject_zh import RELATION, SURNAMES
from memstrata.text.regex import lazy_regex

#: Informal or clipped English attribute and relation words and the word they stand for.
FULL_WORDS: dict[str, str] = {
    "fav": "favorite", "fave": "favorite", "fav'rite": "favorite", "favs": "favorites", "faves": "favorites",
    "bday": "birthday", "b-day": "birthday", "b'day": "birthday", "birth day": "birthday",
    "addy": "address", "num": "number", "e mail": "email",
    "hubby": "husband", "wifey": "wife", "bf": "boyfriend", "gf": "girlfriend", "sis": "sister", "bro": "brother",
    "bestie": "best friend", "bff": "best friend", "kiddo": "kid", "kiddos": "kids", "biz": "business",
}
_EN = lazy_regex(r"(?i)\b(?P<owner>my|our|your|his|her|their|(?!(?:it|that|what|he|she|there|here|let|who|where|how)'s)"
                 r"[a-z]+'s)(?P<gap>\s+(?:all-time\s+|absolute\s+|very\s+|"
                 r"new\s+|current\s+|little\s+|older\s+|younger\s+)?)(?P<word>"
                 + "|".join(sorted((re.escape(w) for w in FULL_WORDS), key=len, reverse=True)) + r")(?![\w'-])")
#: "Tom's my neighbor", "He's a firefighter", "My sister's a nurse": the 's of "is" after the person a sentence opens
#: with, when what follows can only be what they are ("a", "my", "from", "allergic" ...), never a thing of theirs
#: ("Tom's car is red", "My sister's name is Anna" stay possessive). Read as "is", the statement about them reads.
_IS_SAID = lazy_regex(r"^(?P<who>(?:[Mm]y|[Oo]ur)\s+(?:[a-z-]+\s+)?[a-z-]+|(?!(?:It|That|What|There|Here|Let|Who|Where|"
                      r"How|This|Everything|Nothing|Life|One)')[A-Z][a-z]+|[Hh]e|[Ss]he)'s\s+(?=(?:a|an|my|our|the|from|"
                      r"in|at|allergic|also|now|still|not|no longer|always|really|married|vegan|vegetarian|pregnant|"
                      r"retired)\b)")
#: 再 typed for its homophone 在 after the verb of living (我住再上海, 我现在住再杭州), where 再 ("again") cannot stand
#: before a place: read as 在. 先住再说 / 住再看看 ("live there, then see") keep their 再.
_AT_MISTYPED_ZH = lazy_regex(r"(?P<lives>我(?:们)?(?:现在|目前|一直|也|还|都)*(?:住|居住|生活))"
                             r"再(?!说|看|考虑|决定|讲|聊|住)(?=[\u4e00-\u9fff])")
#: The Chinese words for "favourite" (最爱的, 最喜爱的, 最钟爱的, 最中意的, 最心水的 …) as the patterns spell it.
_ZH = lazy_regex(r"最(?:喜爱|钟爱|中意|钟意|心爱|偏爱|心水|爱)的")


def full_words(sentence: str) -> str:
    """``sentence`` with its informal attribute words spelt out (``FULL_WORDS``, ``_ZH``).

    >>> full_words("My fav color is blue"), full_words("Blue is my fave"), full_words("我最喜爱的颜色是蓝色")
    ('My favorite color is blue', 'Blue is my favorite', '我最喜欢的颜色是蓝色')
    >>> full_words("I'm a big fan, fav band ever"), full_words("Tom's bday is May 2"), full_words("that's bro code")
    ("I'm a big fan, fav band ever", "Tom's birthday is May 2", "that's bro code")
    >>> full_words("Tom's my neighbor"), full_words("He's a firefighter"), full_words("Tom's car is red")
    ('Tom is my neighbor', 'He is a firefighter', "Tom's car is red")
    >>> full_words("我住再上海"), full_words("我先住再说")
    ('我住在上海', '我先住再说')
    """
    if "再" in sentence:  # 我住再上海: the homophone typed for 在
        sentence = _AT_MISTYPED_ZH.sub(r"\g<lives>在", sentence)
    out = _IS_SAID.sub(r"\g<who> is ", sentence)  # "Tom's my neighbor": "Tom is my neighbor"
    out = _EN.sub(lambda m: m.group("owner") + m.group("gap") + FULL_WORDS[m.group("word").lower()], out)
    return _ZH.sub("最喜欢的", out) if "最" in out else out


#: A favourite changed by the user: "I switched my favorite color to green", "I've changed my favourite band to
#: Muse", 我最喜欢的颜色改成绿色了, 我把最喜欢的颜色换成了绿色. The sentence names the key (the favourite), so it
#: is that favourite now, as "My favorite color is now green" says, and replaces the one said before.
_FAVOURITE_SWITCHED_EN = lazy_regex(
    r"^(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|now\s+|finally\s+)?(?:switched|changed)\s+"
    r"(?P<fav>(?:my|our)\s+(?:all-time\s+)?favou?rite\s+[\w\- ]+?)\s+to\s+(?P<v>.+?)(?P<end>[.!]*)$", re.IGNORECASE)
_FAVOURITE_SWITCHED_ZH = lazy_regex(r"^我(?:现在|已经|最近)?把?(?P<fav>最喜欢的[^，,。是]+?)(?:现在|已经)?"
                                    r"(?:改|换|变)成了?(?P<v>[^，,。]+?)了?(?P<end>[。！!]*)$")


def favourite_switched(sentence: str) -> str:
    """``sentence`` said as the favourite it changes, when it changes one ("I switched my favorite color to green"
    → "My favorite color is now green", 我最喜欢的颜色改成绿色了 → 我最喜欢的颜色现在是绿色), else unchanged.

    >>> favourite_switched("I switched my favorite color to green."), favourite_switched("我把最喜欢的颜色换成了绿色")
    ('My favorite color is now green.', '我最喜欢的颜色现在是绿色')
    """
    if (m := _FAVOURITE_SWITCHED_ZH.match(sentence.strip())) is not None:
        return f"我{m.group('fav')}现在是{m.group('v')}{m.group('end')}"
    if (m := _FAVOURITE_SWITCHED_EN.match(sentence.strip())) is not None:
        fav = m.group("fav")
        return f"{fav[0].upper()}{fav[1:]} is now {m.group('v')}{m.group('end')}"
    return sentence


#: A favourite said thing first in Chinese: 周杰伦是我最喜欢的歌手, 现在绿色是我最喜欢的颜色,
#: 芒果是我最爱的水果. The same statement as 我最喜欢的歌手是周杰伦, which the patterns read (the
#: favourite's noun keys the value); before, it stored nothing, or 周杰伦 as an occupation
#: ("我最喜欢的歌手"). The English order is read where the favourites are
#: (``shapes_en._favourite_of_kind``). A pronoun or pointer first (他是我最喜欢的老师,
#: 这是我最喜欢的歌) names no thing, and 之一 ("one of my favourites") no single favourite: both unchanged.
_FAVOURITE_FIRST_ZH = lazy_regex(
    r"^(?P<when>现在|如今|目前|最近)?[，,]?(?P<v>(?![他她它这那你谁啥什么哪])[^，,。！!？?\s]{1,15}?)"
    r"(?P<still>现在|如今|目前|仍然|依然|仍|一直)?是我的?(?P<now>现在|目前)?"
    r"最(?:喜欢|喜爱|钟爱|中意|钟意|心爱|偏爱|心水|爱)的(?P<n>(?!东西之一|之一)[\u4e00-\u9fffA-Za-z]{1,5}?)了?(?P<end>[。！!]*)$")


def favourite_first_zh(sentence: str) -> str:
    """``sentence`` said as 我最喜欢的N是V when it names the thing before the favourite (``_FAVOURITE_FIRST_ZH``),
    with 现在 (now) and 仍然 (still) kept where the patterns read them, else unchanged.

    >>> favourite_first_zh("周杰伦是我最喜欢的歌手。"), favourite_first_zh("现在绿色是我最喜欢的颜色")
    ('我最喜欢的歌手是周杰伦。', '我最喜欢的颜色现在是绿色')
    >>> favourite_first_zh("他是我最喜欢的老师"), favourite_first_zh("火锅是我最喜欢的东西之一")
    ('他是我最喜欢的老师', '火锅是我最喜欢的东西之一')
    """
    text = sentence.strip()
    if "最" not in text or "是我" not in text or (z := _FAVOURITE_FIRST_ZH.match(text)) is None:
        return sentence
    still = z.group("still") or ""
    when = "现在" if z.group("when") or z.group("now") or still in ("现在", "如今", "目前") else "仍然" if still else ""
    return f"我最喜欢的{z.group('n')}{when}是{z.group('v')}{z.group('end')}"


#: A favourite said the way chat says it: with a time word before "is" ("my favorite band rn is Alvvays", "favorite show
#: right now is Severance"), as new ("new fav band: Wet Leg", "ok my new favorite song is …"), or with no "my" at the
#: sentence's start ("fav drink is a flat white"). Said at the start, the favourite can only be the speaker's.
_FAVOURITE_NOW_EN = lazy_regex(
    r"^(?:(?:ok|okay|so|oh|well|and|btw|also)\b[,!.]?\s+)*(?:(?P<my>(?:(?:my|our|his|her|their)\s+)?(?!(?:what|that|it|who|there|here|he|she)'s)[a-z]+'s"
    r"|my|our|his|her|their)\s+)?"
    r"(?:(?P<new>new|current)\s+)?(?:favou?rite|fave?)\s+(?P<n>[a-z][\w-]*"
    r"(?:\s+(?!(?:rn|right|atm|at|these|lately|currently|nowadays|now|is)\b)[a-z][\w-]*)?)"
    r"(?:\s+(?P<when>rn|right now|atm|at the moment|these days|lately|currently|nowadays|now))?"
    r"(?:\s+is\s+|\s*[:=]\s*|\s+[-\u2013\u2014]+\s+)(?P<v>\S.*)$", re.IGNORECASE)
#: Words a favourite's noun is not: "favorite part", "favorite thing about …" say something else than a taste held.
_NOT_A_FAVOURITE_NOUN = lazy_regex(r"^(?:part|thing|one|moment|bit|memory|memories)\b", re.IGNORECASE)


def favourite_now(sentence: str) -> str:
    """``sentence`` as "My favorite N is [now] V" (or whoever's it is said to be) when it says a favourite with a
    time word, as new, or with no "my"
    (``_FAVOURITE_NOW_EN``), else unchanged. Before, "my favorite band rn is Alvvays" stored a generic like and "new
    favorite band: Wet Leg" nothing; the favourite's noun keys the value as "my favorite band is" does.

    >>> favourite_now("my favorite band rn is Alvvays"), favourite_now("ok new favorite band: Wet Leg")
    ('My favorite band is now Alvvays', 'My favorite band is now Wet Leg')
    >>> favourite_now("favorite drink is a flat white"), favourite_now("My favorite band is Muse")
    ('My favorite drink is a flat white', 'My favorite band is Muse')
    """
    m = _FAVOURITE_NOW_EN.match(sentence.strip())
    if m is None or _NOT_A_FAVOURITE_NOUN.match(m.group("n")) or not (m.group("new") or m.group("when")
                                                                      or not m.group("my")):
        return sentence
    now = "now " if (m.group("new") or m.group("when")) and not re.match(r"(?i)now\b", m.group("v")) else ""
    owner = m.group("my") or "my"
    return f"{owner[0].upper()}{owner[1:]} favorite {m.group('n')} is {now}{m.group('v')}"


#: "The coffee shop I like is …", "The bakery I love the most is …": a favourite said by the liking, read as "My
#: favorite coffee shop is …"; not of a part, a way or a person ("The thing I like is …", "The guy I like is Tom").
_LIKED_THING_EN = lazy_regex(
    r"^the\s+(?P<n>(?!(?:part|thing|one|moment|bit|way|reason|kind|sort|fact|idea|stuff|guy|girl|boy|man|woman|"
    r"person|people|one|ones|most|best|only)\b)[a-z][\w\- ]{0,25}?)\s+(?:that\s+|which\s+)?i\s+(?:really\s+)?"
    r"(?:like|love)(?:\s+(?:the\s+)?(?:most|best))?\s+(?:is|'s)\s+(?P<v>\S.*)$", re.IGNORECASE)


def liked_thing(sentence: str) -> str:
    """``sentence`` as "My favorite N is V" when it names a favourite by the liking ("The coffee shop I like is the
    one on Wulumuqi Road", ``_LIKED_THING_EN``), else unchanged.

    >>> liked_thing("The coffee shop I like is the one on Wulumuqi Road"), liked_thing("The thing I like is this")
    ('My favorite coffee shop is the one on Wulumuqi Road', 'The thing I like is this')
    """
    m = _LIKED_THING_EN.match(sentence.strip())
    return sentence if m is None else f"My favorite {m.group('n')} is {m.group('v')}"


#: A clause that asks: a question word, an alternative (还是), an A-not-A (去不去, 有没有, 是不是),
#: the listener (你, 您).
_ASKS_ZH = lazy_regex(r"什么|怎么|怎样|如何|哪|谁|几|多少|多久|为什么|为何|是否|还是|干嘛|干吗|咋|啥|你|您"
                      r"|(?P<a>[\u4e00-\u9fff])[不没](?P=a)|要不|能不|可不可")
#: A closing 呢 and what follows it: 我住在杭州呢, 我最近在学日语呢。
_CLOSING_NE = lazy_regex(r"^(?P<body>.*[^呢\s])呢+(?P<end>[。！!~～…\s]*)$")
#: A topic set off by 呢 and a comma: 我呢，比较喜欢吃辣; 我妈呢，住在老家.
_TOPIC_NE = lazy_regex(r"^(?P<topic>我|我们|我[\u4e00-\u9fff]{1,3})呢[，,]\s*")


def without_declarative_ne(sentence: str) -> str:
    """``sentence`` without a 呢 that asks nothing: the closing particle of a statement (我住在杭州呢,
    我最近在学日语呢: "you know", "I'm in the middle of it") and a topic's pause (我呢，比较喜欢吃辣), so the
    statement is read as it would be without it; before, a closing 呢 read as a question and the sentence
    stated nothing. 呢 asks when its last clause holds a question word, an alternative (还是), an A-not-A
    (去不去) or the listener (你呢, 那你呢), and when it closes a noun alone (我的手机呢: "where is my phone?"),
    which states nothing once 呢 is gone; such a sentence is unchanged.

    >>> without_declarative_ne("我住在杭州呢"), without_declarative_ne("我呢，比较喜欢吃辣")
    ('我住在杭州', '我比较喜欢吃辣')
    >>> without_declarative_ne("我喜欢吃火锅，你呢？"), without_declarative_ne("我该怎么办呢")
    ('我喜欢吃火锅，你呢？', '我该怎么办呢')
    """
    out = _TOPIC_NE.sub(lambda m: m.group("topic"), sentence)
    m = _CLOSING_NE.match(out)
    if m is None:
        return out
    last = re.split(r"[，,；;：:]", m.group("body"))[-1]
    if _ASKS_ZH.search(last) or last.lstrip().startswith("那"):
        return out
    return m.group("body") + m.group("end")


#: How often said by a verb or after the thing (我习惯用Notion记笔记, 我喝美式比较多, 我用微信支付比较多): the habit
#: words 平时 / 一般 say it before the verb, where the shapes read it.
_HABIT_VERB_ZH = lazy_regex(r"^我(?:也|还|一直)?习惯(?:了)?(?=用|喝|吃|坐|在|去|听|看|穿|开|骑)")
_MOSTLY_AFTER_ZH = lazy_regex(r"^我(?P<verb>用|喝|吃|坐|听|看|穿|开|骑)(?P<obj>[^，,。！!？?了过着]{1,12}?)"
                              r"(?:比较|最|更)多(?:一些|一点)?(?P<end>[。！!]*)$|"
                              r"^我(?P<verb2>用|喝|吃|坐|听|看|穿|开|骑)(?P<obj2>[^，,。！!？?了过着]{1,12}?)(?:居多|为主)"
                              r"(?P<end2>[。！!]*)$")
#: How often or how only a thing of a kind is had, and the verbs it is had by (``_KIND_FIRST_ZH``,
#: ``_KIND_BEFORE_ME_ZH``).
_KIND_ADV_ZH = "只|一般|平时|通常|主要|基本只|都"
_KIND_VERB_ZH = "喝|吃|用|听|看"
#: A kind said first, then the thing of that kind (我咖啡只喝燕麦拿铁, 我水果最喜欢芒果): the kind is the topic, no
#: part of what is done; 最喜欢 names the favourite of that kind.
_KIND_FIRST_ZH = lazy_regex(rf"^我(?P<kind>[\u4e00-\u9fff]{{1,3}}?)(?P<adv>{_KIND_ADV_ZH})"
                            rf"(?P<verb>{_KIND_VERB_ZH})(?![了过着])(?P<obj>[^，,。！!？?]{{1,12}})(?P<end>[。！!]*$|[，,；;][^？?]+$)"
                            r"|^我(?P<kind2>[\u4e00-\u9fff]{1,3}?)最(?:喜欢|爱)(?P<obj2>[^，,。！!？?的]{1,12})(?P<end2>[。！!]*)$")
#: What a thing is used for, said before 用 as a doing (我写代码用VS Code, 我记笔记一般用Notion, 我上班用Mac): work or
#: where it is done, or a verb of making or handling and what it makes (``possessive_zh._PURPOSE_FIRST`` reads it).
#: It is no kind of thing: 我记笔记一般用Notion is no 我一般用Notion.
DOING_BEFORE_USE_ZH = (r"(?:在(?:公司|家|单位|学校|办公室))?(?:上班|工作|办公|开发|编程|日常|学习)"
                       r"|在(?:公司|家|单位|学校|办公室)"
                       r"|(?:写|画|做|剪|记|修|拍|录|编|整理|管理|处理|跑|部署|设计|制作|编辑|翻译|作|绘|开|听|看|读|学)"
                       r"(?:(?![不没别想要能])[\u4e00-\u9fffA-Za-z]){1,4}?")
_DOING_ZH = lazy_regex(rf"^(?:{DOING_BEFORE_USE_ZH})$")
#: Words that are no kind of thing before the verb: who (a relation, a pronoun), when or how much.
#: A time said there is no kind either: 我以后都用顺丰 is "from now on", not 以后 as a kind of thing.
_NOT_A_KIND_ZH = lazy_regex(r"^(?:妈|爸|老|哥|姐|弟|妹|儿|女|家|们|今|昨|明|现在|最近|以前|以后|往后|后来|将来|从此|"
                            r"平时|一般|每|也|还|就|都|总|常|经常|偶尔|通常|一向|向来|不|没|周|星期|礼拜|早|晚|"
                            r"上午|下午|中午|夜|自己|这|那|一直|已经|其实|真|很|比较|特别|从|在)")


#: The kind said before the speaker (快递我都用顺丰, 咖啡我只喝美式, 编辑器我一般用VSCode): the same topic as
#: 我快递都用顺丰, the kind moved after 我 for ``_KIND_FIRST_ZH`` to read.
_KIND_BEFORE_ME_ZH = lazy_regex(rf"^(?P<kind>[\u4e00-\u9fff]{{1,3}}?)(?P<topic>的话)?[，,]?我(?=(?:{_KIND_ADV_ZH}|习惯)"
                                rf"(?:{_KIND_VERB_ZH})|最(?:喜欢|爱))")
#: Who is said there, not a kind: a pronoun, a name (小王, 阿强), or two people (他和我都用顺丰).
_NOT_A_KIND_BEFORE_ME_ZH = lazy_regex(r"^(?:你|他|她|它|咱|大家|小|阿)|[和跟与同]")
#: 的话 after the topic says a condition as often as a kind (累的话我只喝咖啡, 如果有空的话, 下雨的话): a condition
#: word, a verb of having or weather, or one word of a state (累, 饿, 忙) is no kind; 快递的话 / 编辑器的话 are.
_A_CONDITION_ZH = lazy_regex(r"^(?:如果|要是|假如|万一|一旦|只要|有|没|不|下|刮)|^[\u4e00-\u9fff]$")


#: A thing given up said before 我 (烟我已经戒了, 咖啡我已经不喝了, 烟我戒掉半年了, 羽毛球我不打了, 钢琴课我早就不上了,
#: 爬山我不去了, 爱奇艺会员我上个月退订了) or first with no 我 at all (烟已经戒了, 羽毛球不打了): the thing, the adverbs
#: (when it ended among them: 上个月) and the verb of giving it up, read as 我已经戒烟了 / 我早就不上钢琴课了 /
#: 我上个月退订爱奇艺会员了; how long ago (半年) is left out, as 我已经戒烟了 says no length either. Clauses may come
#: before it (最近膝盖疼，羽毛球不打了) and after it (美式我不喝了，改喝拿铁: the switch after is read on its own).
#: A verb that ends a thing held (退订, 取消, 卸载, 辞掉) needs 我: without it the thing may be its subject
#: (活动取消了).
_ENDED_SINCE_ZH = (r"(?:上个?(?:周|星期|礼拜|月)|去年|前段时间|前阵子|前几天|最近|这阵子|早就|早|好久|很久|"
                   r"就|也|都|已经|现在)")
_GIVEN_UP_FIRST_ZH = lazy_regex(r"^(?P<pre>(?:[^，,]+[，,])*?)(?P<obj>[\u4e00-\u9fffA-Za-z0-9+]{1,8}?)(?P<me>我)?"
                                rf"(?P<adv>{_ENDED_SINCE_ZH}*)"
                                r"(?P<verb>戒掉?|不(?:再)?(?:喝|吃|抽|打|玩|踢|练|弹|下|跳|追|刷|上|去|用|看|听|学|骑|坐|开|续)"
                                r"|(?(me)(?:退订|取消|退掉|停掉|卸载|卸掉|删掉|辞掉|辞)|(?!)))"
                                r"(?:了?[一两三四五六七八九十几半0-9]+(?:个)?(?:年|月|天|周|星期))?了"
                                r"(?P<end>[。！!]*$|[，,][^？?]+$)")
#: Who may open a sentence with no 我 before the verb, and so is its subject, not a thing given up: a name (张伟不抽了),
#: a relation (我妈不喝了, 老公不抽了).
_SAID_BEFORE_ZH = lazy_regex(r"(?:说|问|讲|道|觉得|认为|以为|想|告诉我|听说)[，,]$")  # 他说，烟不抽了: his words
_SOMEONE_FIRST_ZH = lazy_regex(rf"^(?:我|[{SURNAMES}][\u4e00-\u9fff]{{1,2}}$|(?:{RELATION})$)")


#: What stands before 我 that is no thing given up: a person (小王, 老李, 阿强, 他) or a pointer (这个, 成都那趟: a trip
#: called off, ``extract.cancelled``), or a meal (饭我不吃了, 晚饭我不吃了: this one skipped).
_NOT_GIVEN_UP_ZH = lazy_regex(r"^(?:小|老|阿|他|她|它|你)|[这那]|饭$")


def spoken_order_zh(sentence: str) -> str:
    """``sentence`` with how often and a kind said where the shapes read them: 我习惯用Notion记笔记 →
    我平时用Notion记笔记, 我喝美式比较多 → 我平时喝美式, 我咖啡只喝燕麦拿铁 → 我只喝燕麦拿铁,
    我水果最喜欢芒果 → 我最喜欢的水果是芒果; else unchanged. Before, the first, third and fourth stored nothing
    and the second ``user.drinks = 美式比较多``.

    >>> spoken_order_zh("我习惯用Notion记笔记"), spoken_order_zh("我喝美式比较多"), spoken_order_zh("我妈只喝绿茶")
    ('我平时用Notion记笔记', '我平时喝美式', '我妈只喝绿茶')
    >>> spoken_order_zh("我咖啡只喝燕麦拿铁"), spoken_order_zh("我水果最喜欢芒果")
    ('我只喝燕麦拿铁', '我最喜欢的水果是芒果')
    >>> spoken_order_zh("快递我都用顺丰"), spoken_order_zh("咖啡我习惯喝美式"), spoken_order_zh("小王我一般用微信")
    ('我都用顺丰', '我平时喝美式', '小王我一般用微信')
    >>> spoken_order_zh("快递的话我一般用顺丰，放门卫就行"), spoken_order_zh("累的话我只喝咖啡")
    ('我一般用顺丰，放门卫就行', '累的话我只喝咖啡')
    >>> spoken_order_zh("烟我已经戒掉半年了"), spoken_order_zh("咖啡我已经不喝了")
    ('我已经戒掉烟了', '我已经不喝咖啡了')
    >>> spoken_order_zh("烟已经戒了"), spoken_order_zh("羽毛球不打了"), spoken_order_zh("张伟不抽了")
    ('我已经戒烟了', '我不打羽毛球了', '张伟不抽了')
    """
    text = sentence.strip()
    if (g := _GIVEN_UP_FIRST_ZH.match(text)) is not None and not _NOT_A_KIND_ZH.match(g.group("obj")) \
            and not _NOT_GIVEN_UP_ZH.search(g.group("obj")) \
            and (g.group("me") or not _SOMEONE_FIRST_ZH.match(g.group("obj"))) \
            and not _SAID_BEFORE_ZH.search(g.group("pre")):
        # 烟我已经戒了: 我已经戒烟了 (after the clauses before it: 最近膝盖疼，羽毛球不打了)
        if g.group("verb") in ("辞掉", "辞"):  # 京东我辞掉了, 京东我辞了: 我从京东辞职了, the job left
            place = "" if re.fullmatch(r"(?:这份|那份)?(?:工作|班|职|公司|单位)", g.group("obj")) else (
                f"从{g.group('obj')}")  # 工作我辞了: the job left, no employer named
            return f"{g.group('pre')}我{g.group('adv')}{place}辞职了{g.group('end')}"
        return f"{g.group('pre')}我{g.group('adv')}{g.group('verb')}{g.group('obj')}了{g.group('end')}"
    if (k := _KIND_BEFORE_ME_ZH.match(text)) is not None and not _NOT_A_KIND_ZH.match(k.group("kind")) \
            and not _NOT_A_KIND_BEFORE_ME_ZH.search(k.group("kind")) \
            and not (k.group("topic") and _A_CONDITION_ZH.search(k.group("kind"))):
        text = f"我{k.group('kind')}{text[k.end():]}".replace(f"我{k.group('kind')}习惯", f"我{k.group('kind')}平时", 1)
    text = _HABIT_VERB_ZH.sub("我平时", text)
    if (m := _MOSTLY_AFTER_ZH.match(text)) is not None:
        verb, obj, end = (m.group("verb"), m.group("obj"), m.group("end")) if m.group("verb") else (
            m.group("verb2"), m.group("obj2"), m.group("end2"))
        return f"我平时{verb}{obj}{end}"
    m = _KIND_FIRST_ZH.match(text)
    if m is not None and m.group("kind") and not _NOT_A_KIND_ZH.match(m.group("kind")) \
            and not (m.group("verb") == "用" and _DOING_ZH.match(m.group("kind"))):
        return f"我{m.group('adv')}{m.group('verb')}{m.group('obj')}{m.group('end')}"
    if m is not None and m.group("kind2") and not _NOT_A_KIND_ZH.match(m.group("kind2")):
        return f"我最喜欢的{m.group('kind2')}是{m.group('obj2')}{m.group('end2')}"
    return text if text != sentence.strip() else sentence


#: A new thing got, then its make said after a comma (我换了个新手机，华为的; "I got a new phone, a Pixel 8"): the make
#: is what the thing is, as 我的手机是华为 and "My phone is a Pixel 8" say it.
_MAKE_AFTER_ZH = lazy_regex(r"^我(?:刚|最近|新)?(?:换了|买了|入手了)(?:个|一个|一台|一部|一辆|台|部|辆)?新?的?"
                            r"(?P<thing>[\u4e00-\u9fff]{1,3})[，,]\s*(?:是)?"
                            r"(?P<make>[\u4e00-\u9fffA-Za-z0-9 ]{1,12}?)的?(?P<end>[。！!]*)$")
_MAKE_AFTER_EN = lazy_regex(r"^i(?:'ve|\s+have)?\s+(?:just\s+)?(?:got|bought)\s+a\s+new\s+(?P<thing>phone|laptop|car|"
                            r"computer|tablet|watch)\s*[,:\u2014-]\s*(?:an?\s+)?(?P<make>[A-Z][\w-]*(?:\s+[A-Z0-9][\w-]*)*)"
                            r"(?P<end>[.!]*)$", re.IGNORECASE)


#: What a clause after the thing says of it when it names no make: how it is (挺好用的, 很贵), whose or which
#: (我的, 这个).
_NOT_A_MAKE_ZH = lazy_regex(r"^(?:很|也|挺|太|真|超|好|不|没|有点|特别|非常|比较|我|你|他|她|它|这|那|还|"
                            # where or what one does (我换了新工作，在字节跳动: the employer's own shape)
                            r"在|到|去|住|做|当|跟|和|给|用|要|会)")


def make_said_after(sentence: str) -> str:
    """``sentence`` said as what the new thing is when its make follows it (我换了个新手机，华为的 → 我的手机是华为,
    "I got a new phone, a Pixel 8" → "My phone is a Pixel 8"), else unchanged. Before, both stored nothing.

    >>> make_said_after("我换了个新手机，华为的"), make_said_after("I got a new phone, a Pixel 8")
    ('我的手机是华为', 'My phone is a Pixel 8')
    """
    text = sentence.strip()
    if (m := _MAKE_AFTER_ZH.match(text)) is not None and not _NOT_A_MAKE_ZH.match(m.group("make")) \
            and not re.match(r"工作|房|家|地方|城市|学校|公司|发型", m.group("thing")):  # a job, a home: no make
        return f"我的{m.group('thing')}是{m.group('make')}{m.group('end')}"
    if (m := _MAKE_AFTER_EN.match(text)) is not None and m.group("make")[0].isupper():
        return f"My {m.group('thing').lower()} is a {m.group('make')}{m.group('end')}"
    return sentence



def _slips(word: str) -> set[str]:
    """The one-keystroke slips of ``word``: a letter dropped, doubled or swapped with the next one."""
    dropped = {word[:i] + word[i + 1:] for i in range(len(word))}
    doubled = {word[:i] + word[i] + word[i:] for i in range(len(word))}
    swapped = {word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(len(word) - 1)}
    return (dropped | doubled | swapped) - {word}


#: The health words a typed slip hid from every allergy pattern ("im alergic to penuts" stored nothing): each slip of
#: "allergic", "allergy", "allergies" (one letter dropped, doubled or swapped), which is no other English word. Over
#: the 13,703 real user turns of the five eval sets no word is such a slip of them (while one slip of an allergen's
#: name is: "glutes" of "gluten", so the allergen is kept as typed).
_HEALTH_SLIPS: dict[str, str] = {slip: word for word in ("allergic", "allergy", "allergies") for slip in _slips(word)}
_HEALTH_SLIP = lazy_regex(r"\b(?:" + "|".join(sorted(_HEALTH_SLIPS, key=len, reverse=True)) + r")\b", re.IGNORECASE)


def health_words_spelt(sentence: str) -> str:
    """``sentence`` with a slip of "allergic" / "allergy" spelt right (``_HEALTH_SLIPS``).

    >>> health_words_spelt("im alergic to penuts"), health_words_spelt("a peanut alergy"), health_words_spelt("gallery")
    ('im allergic to penuts', 'a peanut allergy', 'gallery')
    """
    return _HEALTH_SLIP.sub(lambda m: _HEALTH_SLIPS[m.group().lower()], sentence)


#: A refusal made emphatic by "not even a bit" (我一点辣都不能吃, 我一口酒都不喝, 我一滴酒都不沾, 我一点都不喜欢香菜,
#: 我连一点辣都吃不了): the thing, if said, between the measure and 都 / 也, then the negated verb.
_NOT_EVEN_ZH = lazy_regex(r"(?:连)?一(?:丁?点(?:儿|点)?|口|滴|根)(?P<x>[\u4e00-\u9fff]{0,4}?)(?:都|也)"
                          r"(?:(?P<neg>不能|不敢|不会|不)(?P<v>吃|喝|碰|沾|抽|用|喜欢|爱|怕)?|(?P<v2>吃|喝)不了)")
#: "Can't eat" said as 吃不了 / 喝不了 (我吃不了辣, 我老公喝不了酒): 不能吃, when a thing follows, no amount
#: (吃不了这么多, 喝不了太多) nor a clause ending in it.
_CANNOT_ZH = lazy_regex(r"(?P<v>吃|喝)不了(?P<x>(?![这那太多几一了啦])[\u4e00-\u9fff]{1,4})(?=[。！!，,]|$)")


def not_even_zh(sentence: str) -> str:
    """``sentence`` with an emphatic refusal said plainly: 我一点辣都不能吃 → 我不能吃辣, 我一口酒都不喝 → 我不喝酒,
    我一点都不喜欢香菜 → 我不喜欢香菜, 我连一点辣都吃不了 and 我吃不了辣 → 我不能吃辣; else unchanged. Before, each
    stored nothing while the plain wording was a dislike. A thing said with no verb the shapes read (一点酒都不敢想) is
    left as said.

    >>> not_even_zh("我一点辣都不能吃"), not_even_zh("我一口酒都不喝"), not_even_zh("我一点都不喜欢香菜")
    ('我不能吃辣', '我不喝酒', '我不喜欢香菜')
    >>> not_even_zh("我连一点辣都吃不了"), not_even_zh("我吃不了辣"), not_even_zh("我吃不了这么多")
    ('我不能吃辣', '我不能吃辣', '我吃不了这么多')
    """
    def plain(m: re.Match[str]) -> str:
        if m.group("v2"):
            return f"不能{m.group('v2')}{m.group('x')}"
        if m.group("x") and not m.group("v"):
            return m.group(0)
        return f"{m.group('neg')}{m.group('v') or ''}{m.group('x')}"
    text = _NOT_EVEN_ZH.sub(plain, sentence)
    return _CANNOT_ZH.sub(lambda m: f"不能{m.group('v')}{m.group('x')}", text)
