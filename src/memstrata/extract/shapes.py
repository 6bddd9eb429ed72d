"""General statement shapes: what the language shape modules share.

A statement is read as *subject · attribute phrase · value*, with an optional change marker
("now", "switched", "no longer", 改, 还是, 不再). The shapes (``shapes_en`` / ``shapes_zh``) are
few and topic-free: a possessive copula ("my editor is Neovim", 我的编辑器是VS Code), a change or a
restriction ("I've switched to Firefox", 现在只用微信), a like stated as a beginning ("I've started
to like olives", 开始喜欢橄榄了), a withdrawal with a restoration (不要京东了，还是顺丰吧), a destination
("send my parcels with FedEx", 以后快递发中通), membership of a team. Two rewritings let every
pattern read more subjects: a note in the third person ("User prefers UPS", 用户对花生过敏) is
the user's own statement, and a statement about a named person ("Sarah is allergic to
shellfish", 小李对海鲜过敏) is read as if said in the first person, then kept under that person.

Keys: an attribute phrase that names a taxonomy key is mapped to it (``ATTRIBUTE_KEYS``); a
named value the gazetteer knows brings its key (Neovim → ``tool.editor``); otherwise the key is
open, ``<subject>.<attribute>`` (``user.shoe_size``, ``daughter.school``, ``小张.team``), one
value at a time (``taxonomy.key_spec``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from memstrata.extract import counts, gazetteer, kin, places, purposes, things, timex, tool_kinds
from memstrata.extract.clauses import CONF_PREFER, CONF_STATED, Finding, clause_period, clean_value
from memstrata.extract.purposes import purpose_name
from memstrata.extract.tool_kinds import spelled
from memstrata.privacy.policy import only_placeholders
from memstrata.text.regex import lazy_regex

#: Attribute phrases (folded) that name a taxonomy key; any other phrase opens a key of its own.
ATTRIBUTE_KEYS: dict[str, str] = {
    **dict.fromkeys(("editor", "code editor", "ide", "编辑器", "代码编辑器", "开发工具"), "tool.editor"),
    **dict.fromkeys(("os", "operating system", "操作系统", "电脑系统"), "tool.os"),
    **dict.fromkeys(("programming language", "编程语言"), "tool.language"),
    **dict.fromkeys(("phone", "mobile", "mobile phone", "cell phone", "cellphone", "smartphone", "手机", "智能手机"),
                    "tool.phone"),
    **dict.fromkeys(("carrier", "courier", "shipping carrier", "delivery company", "快递", "快递公司"),
                    "shipping.carrier"),
    **dict.fromkeys(("seat", "座位"), "travel.seat"),
    **dict.fromkeys(("diet", "饮食"), "food.diet"),
    **dict.fromkeys(("job", "occupation", "profession", "职业"), "identity.occupation"),
    **dict.fromkeys(("employer", "company", "公司", "单位"), "identity.employer"),
    **dict.fromkeys(("city", "location", "所在城市", "城市"), "identity.location"),
    **dict.fromkeys(("hometown", "老家", "家乡"), "identity.hometown"),
    **dict.fromkeys(("name", "名字"), "identity.name"),
    **dict.fromkeys(("birthday", "生日"), "identity.birthday"),
    **dict.fromkeys(("email", "e-mail", "email address", "e-mail address", "邮箱", "电子邮箱", "邮件地址", "电邮"),
                    "contact.email"),
    **dict.fromkeys(("phone number", "number", "cell number", "mobile number", "telephone number", "电话", "电话号码",
                     "手机号", "手机号码", "号码"), "contact.phone"),
    **dict.fromkeys(("address", "home address", "shipping address", "delivery address", "地址", "收货地址", "家庭住址"),
                    "shipping.address"),
    **dict.fromkeys(("native language", "mother tongue", "first language", "母语"), "language.spoken"),
    # bodily traits (extract.bodily): "My blood type is O" is the trait "I'm type O" states
    **dict.fromkeys(("blood type", "blood group", "血型"), "identity.blood_type"),
    **dict.fromkeys(("height", "身高"), "identity.height"),
    **dict.fromkeys(("weight", "体重"), "identity.weight"),
}
#: Keys a possessive copula is read for beside the topic patterns (``shapes_en.copulas``): no topic rule
#: reads them, so "My email is anna@example.com, I'm allergic to peanuts" keeps both.
BESIDE_TOPICS = frozenset({"identity.birthday", "contact.email", "contact.phone", "shipping.address",
                           "language.spoken"})
#: What a value of these keys must look like to be one (``attribute_finding``): "my email is down", "my number is
#: 7" and "my birthday is coming up" state no address, number or day. A phone (the device, ``tool.phone``) whose
#: value is a number is the phone number: "My phone is 555-123-4567", 我的手机是13812345678.
_VALUE_SHAPES: dict[str, re.Pattern[str]] = {
    "contact.email": lazy_regex(r"\S@\S|\S\s+at\s+\S+\s+dot\s+\S", re.IGNORECASE),
    "contact.phone": lazy_regex(r"^\+?(?:[\s().-]*\d){5,}[\s().-]*$"),
    "shipping.address": lazy_regex(r"\d|[路街道巷弄号區区市省县縣镇村楼]|\b(?:street|st|road|rd|avenue|ave|lane|ln|"
                                   r"drive|dr|boulevard|blvd|way|place|square|court|rue|strasse|straße|platz|weg)\b",
                                   re.IGNORECASE),
    "identity.birthday": lazy_regex(r"\d|[月号號日]|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b",
                                    re.IGNORECASE),
}
#: Keys a change shape writes when it names a value but no attribute ("I've switched to Firefox",
#: 现在只喝燕麦奶), and what one eats or drinks said plainly ("I drink oat lattes", 我喝美式): named by
#: the verb, they say what holds now, and a value under one that names the old value too takes the old
#: value's key (``extract.base.FactCandidate.instead_of``).
CHANGE_KEYS = frozenset({"user.uses", "user.drinks", "user.eats", "user.listens_to", "user.watches",
                         "user.wears", "user.takes", "user.ships_with", "user.chooses", "user.began_using"})
#: The key of a thing of a known kind said as begun to be used ("I started using Arc", 我开始用飞书了: ``begun_use``):
#: the fact engine ends the one thing used of that very kind, if one (``facts.switch.ended_by_beginning``), and stores
#: it with the things used.
BEGUN_KEY = "user.began_using"
#: A beginning of use: "started using", "began using", "started to use", 开始用, 开始使用, 开始改用; or a use said with
#: when it began ("I've been using Spotify since March", "been on Fastmail since May").
_BEGUN_USE = lazy_regex(r"\b(?:start(?:ed)?|began|begun)\s+(?:to\s+use|using)\b|开始(?:改用|使用|用)"
                        r"|\bbeen\s+(?:using|on)\s+\S.*?\s+since\b", re.IGNORECASE)


#: The thing used before, said after the new one: 公司开始用飞书了，以前用钉钉; 现在用飞书，之前用的是钉钉.
_USED_BEFORE_ZH = lazy_regex(r"[，,；;。]\s*(?:我们?|公司|团队)?(?:以前|之前|原来|过去|以往)"
                             r"(?:我们?|公司|团队)?(?:都|一直|是)?"
                             r"(?:用的是|在用|使用|用)(?P<old>[A-Za-z][\w.+#-]*(?: [A-Za-z0-9][\w.+#-]*){0,2}|"
                             r"[\u4e00-\u9fff]{2,6}?)(?:的)?[。！!；;，,]?$")


def used_before(finding: Finding, sentence: str) -> Finding:
    """``finding`` (the user's thing used, begun or switched to: ``tool.uses``, ``user.uses``, ``BEGUN_KEY``)
    carrying the thing used before it when the sentence names that after it (公司开始用飞书了，以前用钉钉 →
    ``instead_of = 钉钉``), so
    the fact engine supersedes the old thing whatever its kind (before, nothing was read, or the old thing stayed
    current beside the new one). Unchanged for any other finding or sentence, or when the old value is the new one."""
    if finding.key not in ("tool.uses", "user.uses", BEGUN_KEY) or finding.retract or finding.subject \
            or finding.instead_of or (m := _USED_BEFORE_ZH.search(sentence)) is None:
        return finding
    old = m.group("old")
    return finding if old.casefold() == finding.value.casefold() or _KIND_WORD_ZH.search(old) \
        else replace(finding, instead_of=old)


#: The head of a common noun (手机, 电脑, 筷子): what a thing is done with, no product one chose.
_KIND_WORD_ZH = lazy_regex(r"(?:机|脑|子|笔|卡|纸|具|器)$")


def begun_use(finding: Finding, sentence: str) -> Finding:
    """``finding`` under ``BEGUN_KEY`` when it is the user's thing used (``tool.uses``) of a kind the list of tools
    knows (``tool_kinds.kind_of``: a browser, team chat, a music service) and ``sentence`` says its use began ("I
    started using Arc", 最近开始用飞书了): before, the beginning was a thing used beside the one it took the place of
    ("my browser is Chrome" stayed current). A thing of no known kind is left as used: it may be anything, and a
    beginning ends nothing said to do another job."""
    if finding.key != "tool.uses" or finding.retract or finding.subject or not _BEGUN_USE.search(sentence) \
            or tool_kinds.kind_of(finding.value) is None:
        return finding
    return replace(finding, key=BEGUN_KEY)
#: Attribute heads that are never a thing one has ("my point is", 我的意思是): opinions, replies.
NOT_ATTRIBUTES = frozenset({
    "question", "point", "guess", "bad", "problem", "idea", "opinion", "view", "thought", "thoughts",
    "concern", "issue", "pleasure", "fault", "turn", "mistake", "bet", "hope", "dream", "goal", "worry",
    "fear", "feeling", "sense", "understanding", "impression", "reason", "answer", "excuse", "advice",
    "suggestion", "plan", "apologies", "condolences", "bad luck", "life", "day", "week", "name", "favorite",
    "favourite", "budget", "password", "job",
    "问题", "意思", "看法", "想法", "建议", "意见", "感觉", "目标", "梦想", "愿望", "错", "观点", "理由", "回答",
    "名字", "密码", "最爱", "计划", "工作", "预算", "猜测", "猜想", "估计",
})
#: Attribute heads that name a person one deals with (a friend, a boss, a landlord, a teacher, 房东, 老师): their value
#: is who they are, a name ("My landlord is Mr. Chen", 我的老板是王总), never what they are like ("My boss is a jerk",
#: "My friend is a shy person", 我的房东是个好人: a description of them, no attribute of the user's). A closed list: the
#: shape is "my <person> is <name>", and only these nouns make the attribute a person.
PERSON_ROLES_ZH = "朋友|老板|领导|上司|同事|室友|邻居|同学|房东|房客|老师|教练|医生|牙医|导师|律师|会计|搭档|合伙人"
_PERSON_ROLE = lazy_regex(
    r"(?:^|\s)(?:friend|boss|manager|supervisor|colleague|coworker|co-worker|teammate|neighbou?r|roommate|flatmate|"
    r"landlord|landlady|tenant|teacher|tutor|professor|coach|trainer|doctor|dentist|therapist|mentor|lawyer|"
    r"accountant|partner)$"
    rf"|(?:{PERSON_ROLES_ZH})$",
    re.IGNORECASE)
#: A value that names someone: a capitalised word ("Sarah", "Mr. Chen", "Dr. Smith") or, in Chinese, no classifier
#: first (王总, 陈先生; 是个好人, 是一位很好的老师 describe).
_SOMEONE_NAMED = lazy_regex(r"^(?-i:[A-Z])|^(?![一]?[个位名])[\u4e00-\u9fff]")
_CATEGORY_TAIL = lazy_regex(r"(?<=[\u4e00-\u9fff])的?(?:座位|位子|快递)$")
_SLUG = lazy_regex(r"[^\w\u3400-\u9fff]+")


def slug(words: str) -> str:
    """A key part from words: case-folded, runs of other characters as ``_`` ("shoe size" →
    ``shoe_size``, 代码仓库 kept)."""
    return _SLUG.sub("_", words.casefold()).strip("_")


def open_key(subject: str, attribute: str) -> str:
    """``<subject>.<attribute>``; the speaker is ``user`` (``open_key("", "shoe size")`` → ``user.shoe_size``). A
    common thing said in Chinese is keyed by its English name, as English says it (``open_key("", "牙医")`` →
    ``user.dentist``: ``things.english_name``)."""
    return f"{slug(subject) or 'user'}.{slug(things.english_name(attribute) or attribute)}"


def keys_said_before(key: str) -> list[str]:
    """The keys a value of ``key`` was stored under before its wordings in both languages were one key: a listed
    purpose's (``user.notes`` → ``user.笔记``, ``user.note_taking``, ...: ``purposes.wordings``) or a listed
    thing's Chinese words (``user.dentist`` → ``user.牙医``, ``daughter.teacher`` → ``daughter.老师``:
    ``things.wordings``); ``[]`` for any other key."""
    owner, _, name = key.partition(".")
    said = {f"{owner}.{slug(w)}" for w in things.wordings(name)}
    return sorted({open_key("", w) for w in purposes.wordings(key)} - {key} | said)


def is_open(key: str) -> bool:
    """Whether ``key`` is an open key of the user (``user.<attribute>``) this module wrote."""
    return key.startswith("user.")


#: What a carrier is, said after its name: no part of the name.
_CARRIER_KIND = lazy_regex(r"(?:物流|快递|速运|速递|快运|\s+(?:express|logistics|shipping|courier))?", re.IGNORECASE)


def named_value(value: str) -> tuple[str, str] | None:
    """``(key, canonical value)`` when ``value`` is, as a whole, a named gazetteer entry (DHL, Neovim, 顺丰)."""
    value = _CATEGORY_TAIL.sub("", value)  # 靠过道的座位 is 靠过道, "aisle seats" the aisle seat
    hit = gazetteer.lookup(value, choice=True)
    if (hit is not None and hit.key == "shipping.carrier" and hit.start == 0
            and _CARRIER_KIND.fullmatch(value[hit.end:])):
        return hit.key, hit.value  # 德邦物流, 中通速递, "DHL Express": the carrier and the word for what it is
    if hit is None or not hit.named or (hit.start, hit.end) != (0, len(value)):
        return None
    return hit.key, hit.value


def names_a_person(attribute: str) -> bool:
    """Whether ``attribute`` names a person one deals with (``_PERSON_ROLE``: "landlord", 房东, 老师)."""
    return bool(_PERSON_ROLE.search(attribute.strip()))


def describes_person(attribute: str, value: str) -> bool:
    """Whether ``value`` says what the person ``attribute`` names is like, not who they are ("boss", "a jerk" →
    ``True``; "landlord", "Mr. Chen" → ``False``; 房东, 一个好人 → ``True``); ``False`` for an attribute that names
    no person (``_PERSON_ROLE``)."""
    return bool(_PERSON_ROLE.search(attribute.strip())) and not _SOMEONE_NAMED.match(value.strip())


def _listed_thing(head: str) -> bool:
    """Whether the attribute ``head`` (folded) names a thing of ``things`` in either language ("laptop", 手表)."""
    return head.replace(" ", "_") in things.NAMES or things.english_name(head) is not None


def attribute_finding(attribute: str, value: str, clause: str, lang: str, *, subject: str = "",
                      confidence: float = CONF_STATED, purpose: bool = False) -> list[Finding]:
    """The finding of "<subject>'s <attribute> is <value>": a taxonomy key when the attribute or
    the value names one, else the open key; ``[]`` for an empty value or a non-attribute. A listed tool
    that is no English word is spelled as listed ("we use jira for tickets" → ``Jira``). When ``attribute``
    is what the value is used for (``purpose``), a listed purpose opens the key of its English name in
    either language (记笔记 and "for notes" → ``user.notes``: ``purposes.purpose_name``), as does an attribute that
    names a thing used by its kind after a listed purpose ("issue tracker", 笔记软件: ``purposes.tool_purpose``);
    the statement keeps the words said."""
    value = spelled(clean_value(value, lang), words=False)
    subject = kin.subject(subject) if subject and kin.is_relative(subject) else subject  # 女儿 → daughter
    head = attribute.casefold().strip()
    if not value or not head or head in NOT_ATTRIBUTES or kin.is_relative(head) or len(value) > 60:
        return []
    if describes_person(head, value):
        return []  # "My boss is a jerk", 我的房东是个好人: what they are like, not who
    if (size := counts.group_size(attribute, value, lang)) is not None:  # "my team is 5 people": its size
        attribute, value = size
        head = attribute.casefold()
    key = ATTRIBUTE_KEYS.get(head)
    if key == "tool.phone" and (_VALUE_SHAPES["contact.phone"].match(value) or "[REDACTED:phone]" in value):
        key = "contact.phone"  # the number, not the device (also when the privacy policy masked it)
    # a redacted value ([REDACTED:email]) is read, so the write path can say it withheld the fact
    if key in _VALUE_SHAPES and not _VALUE_SHAPES[key].search(value) and not only_placeholders(value):
        return []
    named = named_value(value)
    # a listed thing keeps its own key: "My laptop is an Apple", 我的手表是苹果的 name no phone (tool.phone = iPhone)
    if key is None and named is not None and not subject and not _listed_thing(head):
        key = named[0]
    if key is not None:
        shown = named[1] if named is not None and named[0] == key else value
        return [Finding(key, shown, confidence, clause, subject=subject)]
    if purpose and head in _PAYING and (paid := paying_with(value, clause, lang)) is not None:
        return [paid]  # "I switched to PayPal for payments" as "I pay with PayPal"; "Stripe for payments" stays
    said = f"{attribute}是{value}" if lang == "zh" else f"{attribute} is {value}"
    named_as = purpose_name(attribute) if purpose else (purposes.tool_purpose(attribute) or attribute)
    return [Finding(open_key(subject, named_as), value, confidence, clause, subject=subject, statement=said)]


#: A value that names no thing: "something else", "a new tool", "another carrier", "a different city", 别的,
#: 别家, 其他的, 新的, 一家新学校 (a lower-case "new": "New York" is a name; 新家 a home but 新加坡 a place).
_UNNAMED = lazy_regex(r"^(?:an?\s+|the\s+|some\s+)?(?:something|anything|somewhere|someplace|another|other|different|"
                      r"new|newer|better|else)\b|\belse$"
                      r"|^(?:别的|别家|别处|其他|其它|另一|另外|一[个家所间]新|新的|新家|新房子|新地方|新工具|更好的)")


def unnamed(value: str) -> bool:
    """Whether ``value`` names no thing ("something else", "a new tool", 别的): a change to it says
    only that the old value ended."""
    return bool(_UNNAMED.search(value.strip()))


#: The school one goes to, named by its kind ("My son switched to a new school", 我女儿换了一所新学校): the school
#: key ``extract.schools`` writes (``son.school``), every value of it withdrawn by a change to an unnamed one.
_SCHOOL = frozenset({"school", "学校"})


def unnamed_change(clause: str, lang: str, *, old: str | None = None, attribute: str = "",
                   kind: str = "") -> list[Finding]:
    """What a change to an unnamed value says ("we moved from Jenkins to something else", "we moved our CI to
    something else", "I switched to another carrier", 我寄快递改用别家了): the old value, or every value of the
    attribute or of the kind named ("carrier"), withdrawn; nothing when it names neither."""
    if old and clean_value(old, lang):
        return chosen(old, "user.uses", clause, lang, retract=True)
    for words in (attribute, kind):
        head = words.casefold().strip()
        if head and head not in NOT_ATTRIBUTES and (attribute or head in ATTRIBUTE_KEYS or head in _SCHOOL):
            key = ATTRIBUTE_KEYS.get(head) or open_key("", "school" if head in _SCHOOL else purpose_name(words))
            return [Finding(key, "", CONF_STATED, clause, retract=True, statement=clause)]
    return []


#: A move is a change of home when the sentence says how or with whom one lives there, names a kind of place, the
#: place's region after it ("Austin, Texas") or when it happened ("last year", "in 2019", "when I was 5"); and a
#: change of what one uses when it names work done with things ("tickets", "docs", "everything", 团队, 文档) or,
#: in Chinese, a platform one moves onto (搬到飞书上).
_HOME_EN = lazy_regex(r"\b(?:live|living|lived|house|home|apartment|flat|condo|city|town|country|state|neighbou?rhood|"
                      r"suburbs?|village|countryside|abroad|overseas|family|wife|husband|kids|children|parents|partner|"
                      r"boyfriend|girlfriend|roommates?|ago|last|years?|when|since|for (?:work|a job|my job|school|"
                      r"college|university))\b|\b(?:19|20)\d\d\b", re.IGNORECASE)
_REGION_EN = lazy_regex(r"\bto\s+[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?,\s*[A-Z]")
_THING_EN = lazy_regex(r"\b(?:everything|all (?:of )?(?:our|my|the)|tickets?|issues?|bugs?|docs|documents|"
                       r"documentation|notes|wiki|workspace|apps?|tools?|platform|software|sprints?|repos?|"
                       r"repositories|code|backlog|tasks?|tracking|tracker|pipelines?|stack|workflow|projects?|CI)\b",
                       re.IGNORECASE)
_HOME_ZH = lazy_regex(r"住|家|城市|省|县|镇|村|年|房|公寓|一起|老公|老婆|孩子|父母")
_THING_ZH = lazy_regex(r"团队|项目|系统|平台|工具|文档|笔记|任务|代码|所有|全部|协作|办公")
#: A name in Latin letters: in a Chinese sentence a city is written in 汉字, a product often not (搬到Linear).
_LATIN_NAME = lazy_regex(r"[A-Za-z][\w .&-]*")


def moved_home(sentence: str, value: str, *, group: bool, lang: str) -> bool:
    """Whether a move to the named ``value`` ("moved to X", 搬到X) changes where one lives, not what one uses.

    A product a tool list knows (``tool_kinds``: "I moved to Asana as of last month", 我搬到Notion了) that the
    time-zone database names as no place is a thing used, whoever moves and whatever time is said. Of any other
    name no gazetteer tells a city from a product, so the sentence decides: a word of work done with things
    ("We've moved everything to Notion", "moved to Linear for issue tracking", 我们团队搬到Linear了) or, in Chinese, a
    platform moved onto (搬到飞书上了) makes it a thing used; a word of living, a kind of place, a region after the
    name ("to Austin, Texas") or a time (last year, in 2019, 去年) a home. With neither, a person alone moves house
    ("I've moved to Berlin", 我搬到Berlin了), so does a group moving to a city or country the time-zone database
    names ("we moved to Berlin", ``places.known_place``), and a group moving elsewhere ("We've moved to
    Linear", 我们搬到Notion了) moves what it uses, where a name in Chinese must be in Latin letters (我们搬到杭州了
    stays a home).

    Args:
        sentence: the whole sentence the move is said in.
        value: the named value, as cut from the clause.
        group: the subject is "we" / 我们 (or a team), not the speaker alone.
        lang: ``en`` or ``zh``.
    """
    if not places.known_place(value) and tool_kinds.kind_of(re.sub(r"上$", "", value.strip())) is not None:
        # "I moved to Asana as of last month", 我搬到Notion了: a product a list knows and no place, whoever moves; a
        # time said beside it says when one began using it, not that a home changed
        return False
    if lang == "zh":
        rest = sentence.partition(value)[2] if value else ""
        if value.endswith("上") or re.match(r"\s*上", rest) or _THING_ZH.search(sentence):
            return False
        if _HOME_ZH.search(sentence.replace(value, "")) or places.known_place(value):
            return True
        return not (group and _LATIN_NAME.fullmatch(value.strip()))
    if _THING_EN.search(sentence):
        return False
    if group and not places.known_place(value) and _moved_off_a_tool(sentence):
        # "we moved from Jira to Linear": what a group moves to from a tool a list knows is what it uses
        return False
    return bool(_HOME_EN.search(sentence) or _REGION_EN.search(sentence)) or not group or places.known_place(value)


#: "from Jira to", "off Slack onto": what a move leaves, before what it goes to.
_MOVED_OFF = lazy_regex(r"\b(?:from|off(?:\s+of)?)\s+(?P<old>[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?)\s+(?:to|onto)\b")


def _moved_off_a_tool(sentence: str) -> bool:
    """Whether ``sentence`` moves from a tool a list knows (``tool_kinds``): "we moved from Jira to Linear"."""
    return any(tool_kinds.kind_of(m.group("old")) is not None for m in _MOVED_OFF.finditer(sentence))


def moved_onto_a_thing(sentence: str, value: str) -> bool:
    """Whether an English move to the named ``value`` that is no change of home (``moved_home``) says a thing used:
    the sentence names work done with things ("moved everything to Notion", "to Plane for tickets") or the name is
    a thing a list knows (``tool_kinds``: Linear; the gazetteer: Zed). "We moved to Bath." says neither: Bath may be a
    town the time-zone database does not name or a product no list knows, and a wrong home or a wrong tool is worse
    than none, so it is read as nothing."""
    return bool(_THING_EN.search(sentence)) or tool_kinds.kind_of(value) is not None or named_value(value) is not None


_SET_EN = lazy_regex(r"\s*,\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+")
#: Items of a Chinese list: 、, 和, 跟, 以及 between them; never inside 《》 (《速度与激情》 is one film).
_SET_ZH = lazy_regex(r"(?<=[^《])(?:、|，|和|跟|以及)(?=[^》]*(?:《|$))")


def set_items(value: str, lang: str) -> list[str]:
    """The items of a list said as one value ("Dune and Emma", "sushi, ramen and pizza", 奶茶和咖啡,
    《沙丘》、《爱玛》), each as said; one item when it is none."""
    parts = (_SET_ZH if lang == "zh" else _SET_EN).split(value.strip())
    return [p.strip() for p in parts if p and p.strip()]


def set_value(items: list[str], lang: str) -> str:
    """A set said as one value, in one spelling whatever the order it was said in: the items once each,
    sorted ("Emma and Dune" and "Dune and Emma" → ``Dune and Emma``; 咖啡和奶茶 → ``咖啡、奶茶``), so the same
    set said again is the same value and another set a new one."""
    first: dict[str, str] = {}
    for item in items:  # the first spelling said of each
        first.setdefault(item.casefold(), item)
    unique = sorted(first.values(), key=str.casefold)
    if lang == "zh":
        return "、".join(unique)
    return unique[0] if len(unique) == 1 else f"{', '.join(unique[:-1])} and {unique[-1]}"


#: A business a user runs, in English and Chinese: the nouns ``shapes_en`` / ``shapes_zh`` read after what
#: the user does to it ("I run a small bakery", 我开了一家网店), and the retractions of ``identity_en`` /
#: ``patterns_zh`` after giving it up ("I don't run the bakery anymore", 我的网店关门了): one list, so a
#: business stored can be withdrawn in the words it was stated with.
BUSINESS_EN = (r"(?P<v>(?:[a-z-]+\s+){0,3}?(?:business|store|shop|studio|company|firm|startup|restaurant|caf[eé]|"
               r"bakery|agency|consultancy|boutique|salon|clinic|practice|brand))(?!'s|\s+(?:of|for)\b)")
BUSINESS_ZH = r"[^，,]{0,6}?(?:网店|店|公司|工作室|餐厅|餐馆|咖啡馆|面包房|诊所|事务所|品牌)"


def chosen(value: str, verb_key: str, clause: str, lang: str, *, retract: bool = False,
           statement: str = "") -> list[Finding]:
    """A value chosen or dropped without an attribute phrase ("switched to Firefox", 改用飞书,
    "stop using UPS"): the gazetteer's key for a named value, else ``verb_key`` (``user.uses``); a listed
    tool is spelled as ``extract.tool_kinds`` spells it."""
    value = spelled(clean_value(value, lang))  # "jira" is the name Jira, one value with it
    if not value:
        return []
    named = named_value(value)
    if named is not None:
        return [Finding(named[0], named[1], CONF_STATED, clause, retract=retract)]
    return [Finding(verb_key, value, CONF_STATED, clause, retract=retract, statement=statement)]


#: A Latin value with a capital, a digit or a sign in it reads as a name ("Kindle", "iPhone 15", "C++").
_NAMED_LOOK = lazy_regex(r"[A-Z0-9+#&]")
#: A Chinese thing named by what it is, an object of the home or the desk at its end (站立式办公桌, 人体工学椅,
#: 电动牙刷, 机械键盘), as a measure word before it says too: no name (我换成了站立式办公桌 ends no tool).
_OBJECT_ZH = lazy_regex(r"(?:桌|椅|凳|沙发|床|床垫|枕头|垫|灯|台灯|杯|水杯|壶|笔|本子|鞋|跑鞋|包|书包|背包|牙刷|键盘|"
                        r"鼠标|显示器|耳机|音箱|手表|眼镜|自行车|锅|刀|剃须刀|吹风机|空调|冰箱|洗衣机)$")
#: A Chinese thing counted with a measure word (一张站立式办公桌, 一台新电脑): a thing by what it is, not a name.
COUNTED_ZH = r"(?:一张|一个|一台|一把|一款|一辆|一部|一副|一只|一双|一套|一块|一盏)"


#: What a switch to a drink or a food states: what one drinks or eats now (as 我改喝低因咖啡了 says with its verb).
_CONSUMED = {"drink.like": ("user.drinks", "drinks {v}", "喝{v}"), "food.like": ("user.eats", "eats {v}", "吃{v}")}


#: The gazetteer's keys of what one does for sport or leisure.
_PASTIME_KEYS = frozenset({"sport.like", "hobby.like"})


def _pastime(value: str, clause: str) -> Finding | None:
    """The sport or hobby when the whole of ``value`` is one the gazetteer names ("swimming", 游泳, 看书), else
    ``None``: a switch to it (现在改成游泳了, "I switched to running") says what one does now, no thing used."""
    hit = gazetteer.lookup(value)
    if hit is None or hit.key not in _PASTIME_KEYS or (hit.start, hit.end) != (0, len(value)):
        return None
    return Finding(hit.key, hit.value, CONF_PREFER, clause)


def _consumed(value: str, clause: str, lang: str) -> Finding | None:
    """``user.drinks`` / ``user.eats`` when the whole of ``value`` is a drink or a food of the gazetteer ("decaf",
    "decaf coffee", "green tea", 燕麦奶), else ``None``: a switch to it says what one drinks or eats now, not a
    thing used (it stored ``tool.uses = decaf``)."""
    value = clean_value(value, lang)
    hit = gazetteer.lookup(value)
    if hit is None or hit.named or hit.key not in _CONSUMED or not re.fullmatch(
            r"(?:[\w-]+\s+){0,2}" + re.escape(hit.value) if lang == "en" else r".{0,4}" + re.escape(hit.value),
            value, re.IGNORECASE):
        return None
    key, en, zh = _CONSUMED[hit.key]
    return Finding(key, value, CONF_STATED, clause, statement=(zh if lang == "zh" else en).format(v=value))


#: A means of payment by what it is, switched to ("I switched to PayPal", 我现在改用微信支付了): a card, a wallet or a
#: pay app, cash. Narrower than what "I pay with …" takes (``providers``): with no verb of paying, a name must be
#: one of paying alone (WeChat and 微信 alone are as often the chat app, a bank's name its account).
_MEANS_EN = lazy_regex(
    r"^(?:cash|(?:my\s+)?(?:\w+\s+)?(?:credit|debit)\s+card)$|\b(?:\w+\s+pay|paypal|venmo|zelle|visa|mastercard|"
    r"amex|american express|klarna|alipay|cash app|wechat pay)\b", re.IGNORECASE)
_MEANS_ZH = lazy_regex(r"^(?:支付宝|云闪付|花呗|现金|数字人民币|[\u4e00-\u9fffA-Za-z]{1,6}(?:支付|钱包)"
                       r"|[\u4e00-\u9fff]{0,4}(?:信用卡|借记卡|储蓄卡|银行卡))$")
#: Purposes that say paying ("for payments", 付款用): a means of payment used for them is how the user pays.
_PAYING = frozenset({"payments", "payment", "paying", "pay", "付款", "支付", "付钱", "买单", "结账"})


def paying_with(value: str, clause: str, lang: str) -> Finding | None:
    """``user.payment_method`` when ``value`` is a means of payment by what it is (PayPal, Apple Pay, a credit card,
    微信支付, 支付宝), so a switch to it replaces how the user paid ("I usually pay with my Visa card" then "I
    switched to PayPal"); ``None`` for any other value (Stripe, WeChat, 微信: a business's system, a chat app)."""
    value = clean_value(value, lang)
    paid = lang == "zh" and re.search(r"(?<=.)(?:来)?(?:付款|付钱|买单|结账)$", value)
    value = value[: paid.start()] if paid else value  # 我换成支付宝付款了: the paying said is no part of the means
    # with the paying said, 微信 is the wallet (我改用微信付款了) and 手机 paying by phone (我改成用手机付款了), as
    # "I pay with …" takes them (``providers``)
    if not (_MEANS_ZH if lang == "zh" else _MEANS_EN).search(value) and not (paid and value in ("微信", "手机")):
        return None
    said = f"用{value}付款" if lang == "zh" else f"pays with {value}"
    return Finding(open_key("", "payment_method"), value, CONF_STATED, clause, statement=said)


def _a_time(value: str, lang: str) -> bool:
    """Whether ``value`` is a time and little else: a short Chinese one (十点睡, 下午三点) or at most two English words
    ("6am", "next Monday"); "Scrivener on May 5" is a thing with the day it began."""
    short = len(value) <= 6 if lang == "zh" else len(value.split()) <= 2
    return short and timex.mentions_time(value)


def switched_to(value: str, clause: str, lang: str, *, statement: str, counted: bool = False,
                used: bool = False) -> list[Finding]:
    """What a switch to ``value`` states when it names no attribute ("I switched to Firefox", 我改用飞书了): the
    gazetteer's key for a named value, else ``user.uses``, the switch whose old value the fact engine finds
    (``facts.switch``: it may end the one thing used of its kind or of no known kind). A thing named by what it
    is, not by name (lower-case words of no listed kind; in Chinese counted with a measure word, ``counted``, or
    an object of the home or the desk, ``_OBJECT_ZH``: "I switched to a standing desk", 我换了一张站立式办公桌) is a
    thing now used, ``tool.uses``, which ends nothing: no tool or service it could be a rival of is named by it
    (the engine took Slack's place with "an electric toothbrush"). A single Chinese character (我换了一辆车) names
    a kind, no thing: ``[]``. Nor is a town or a time (改成成都吧 after a trip planned, 改成十点睡了: a plan or a
    routine moved, which the sentence does not name; it stored ``tool.uses = 成都``). A switch said with a verb of
    use (``used``: 改用, 换用) is to a thing used, never to a food (现在改用苹果了 is the phone, not ``user.eats``)."""
    if lang == "zh" and re.fullmatch(r"[\u4e00-\u9fff]", value):
        return []  # 我换了一辆车, 我换了一把伞: one character is the kind (a car), no thing named
    if places.city_zh(value) or places.known_place(value) or _a_time(value, lang):
        return []
    if not used and (consumed := _consumed(value, clause, lang)) is not None:  # "I switched to decaf": a drink now
        return [consumed]
    if (paid := paying_with(value, clause, lang)) is not None:  # "I switched to PayPal": how one pays now
        return [paid]
    if (pastime := _pastime(value, clause)) is not None:  # 改成游泳了: a pastime now, no tool (tool.uses = 游泳)
        return [pastime]
    plain = counted or (lang == "en" and not _NAMED_LOOK.search(value) and tool_kinds.kind_of(value) is None) \
        or (lang == "zh" and _OBJECT_ZH.search(value) is not None and tool_kinds.kind_of(value) is None)
    return chosen(value, "tool.uses" if plain else "user.uses", clause, lang, statement=statement)


def instead(findings: list[Finding], old: str | None, lang: str) -> list[Finding]:
    """``findings`` of a change that names the old value too ("we moved from MySQL to PostgreSQL",
    从MySQL迁到PostgreSQL): each carries it (``Finding.instead_of``), so the fact engine supersedes
    the fact holding it and a value under a change key takes that fact's key."""
    value = clean_value(old or "", lang)
    return [replace(f, instead_of=value) for f in findings] if value else findings


def about(findings: list[Finding], subject: str) -> list[Finding]:
    """``findings`` of a sentence rewritten into the first person, put back under ``subject``:
    the relation's subject word (``kin.subject``) or the name, and an open key under its owner."""
    word = kin.subject(subject) if kin.is_relative(subject) else subject
    out = []
    for f in findings:
        key = open_key(word, f.key.partition(".")[2]) if is_open(f.key) else f.key
        out.append(replace(f, subject=word, key=key))
    return out


#: Keys that hold a named thing one chooses (``facts.resolve.CHOICE_KEYS`` and the language one codes in).
CHOSEN_KEYS = frozenset({"shipping.carrier", "tool.editor", "tool.os", "tool.phone", "travel.seat", "tool.language"})


def liked(found: list[Finding]) -> bool:
    """Whether ``found`` states a like or a choice (a like key, a chosen named thing), not withdrawn:
    what a prohibition beside it contrasts with ("I prefer pytest, don't use unittest")."""
    return any(not f.retract and (f.key.endswith(".like") or f.key in CHOSEN_KEYS) for f in found)


def dated(found: list[Finding], clause: str, sentence: str, said_at: datetime) -> list[Finding]:
    """``found`` with the time its clause names where a finding carries none (``clauses.clause_period``):
    "I moved to Berlin last year" holds from last year, not from when it was said, so the value it
    replaced is placed by time as the topic patterns' findings are (``facts`` timeline)."""
    period = clause_period(clause, sentence, said_at)
    return found if period is None else [f if f.period else replace(f, period=period) for f in found]


#: What joins the things of a list: ", ", " or ", " and ", 和, 或, 、.
_LIST_JOINT = lazy_regex(r"\s*,\s*(?:(?:or|and|nor)\s+)?|\s+(?:or|and|nor)\s+|和|或者|或|、|以及", re.IGNORECASE)


def named_things(value: str) -> list[str]:
    """The named things a list ``value`` holds ("DHL or UPS", "Jira and Trello", 顺丰和圆通: each a carrier, a seat …
    or a tool of a known kind, ``named_value`` / ``tool_kinds.kind_of``), or ``[value]`` when it is one thing or a
    part names nothing known ("Tom and Jerry"): a withdrawal of a list withdraws each thing, never the list as one
    value that no stored fact holds."""
    parts = [p.strip() for p in _LIST_JOINT.split(value) if p.strip()]
    if len(parts) > 1 and all(named_value(p) is not None or tool_kinds.kind_of(p) is not None for p in parts):
        return parts
    return [value]
