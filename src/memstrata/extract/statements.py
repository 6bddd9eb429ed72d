"""The short human-readable statement of a finding, in the input's language, and what a statement says it holds.

``statement_for`` writes the line indexed for search and shown in context ("prefers 顺丰 for shipping", 配送偏好顺丰,
"their son is allergic to eggs"); ``slot_label`` reads back from such a line what a favourite, a budget or a count
is of, so the fact engine lets a new one of the same label supersede the old (``facts.engine``).
"""

from __future__ import annotations

import re
from datetime import timedelta

from memstrata.extract import kin, replies, roles
from memstrata.extract.clauses import Finding, describe_period
from memstrata.extract.counts import label as count_label
from memstrata.extract.subject_en import base_form
from memstrata.extract.taxonomy import key_spec
from memstrata.text.regex import lazy_regex

#: Statement templates per key: (English, Chinese); ``{v}`` is the value.
_STATEMENTS: dict[str, tuple[str, str]] = {
    "identity.name": ("name is {v}", "名字是{v}"),
    "identity.age": ("is {v} years old", "{v}岁"),
    "identity.location": ("lives in {v}", "住在{v}"),
    "identity.hometown": ("is from {v}", "来自{v}"),
    "identity.occupation": ("works as {v}", "职业是{v}"),
    "identity.employer": ("works at {v}", "在{v}工作"),
    "identity.former": ("used to live or work at {v}", "以前在{v}"),
    "identity.birthday": ("birthday is {v}", "生日是{v}"),
    "identity.personality": ("personality: {v}", "性格{v}"),
    "identity.handedness": ("is {v}", "是{v}"),
    "identity.color_vision": ("is {v}", "是{v}"),
    "identity.eyesight": ("is {v}", "{v}"),
    "identity.blood_type": ("blood type is {v}", "血型是{v}"),
    "identity.height": ("is {v} tall", "身高{v}"),
    "identity.weight": ("weighs {v}", "体重{v}"),
    "family.member": ("has a family member: {v}", "家人：{v}"),
    "pet": ("has a pet: {v}", "养了宠物：{v}"),
    "language.spoken": ("speaks {v}", "会说{v}"),
    "shipping.carrier": ("prefers {v} for shipping", "配送偏好{v}"),
    "shipping.dropoff": ("deliveries: {v}", "{v}"),
    "shipping.address": ("shipping address: {v}", "收货地址：{v}"),
    "tool.editor": ("uses {v} as code editor", "写代码用{v}"),
    "tool.language": ("codes in {v}", "使用编程语言{v}"),
    "tool.os": ("uses {v}", "使用{v}系统"),
    "tool.phone": ("phone is {v}", "手机是{v}"),
    "tool.uses": ("uses {v}", "使用{v}"),
    "activity.learning": ("is learning {v}", "在学{v}"),
    "plan.intent": ("plans to {v}", "打算{v}"),
    "work.business": ("runs {v}", "经营{v}"),
    "food.like": ("likes eating {v}", "喜欢吃{v}"),
    "food.dislike": ("does not like eating {v}", "不喜欢吃{v}"),
    "food.diet": ("diet: {v}", "饮食：{v}"),
    "food.quit": ("no longer eats {v}", "不再吃{v}"),
    "drink.quit": ("no longer drinks {v}", "不再喝{v}"),
    "drink.avoid": ("does not drink {v}", "不喝{v}"),
    "habit.quit": ("has quit {v}", "戒了{v}"),
    "drink.like": ("likes drinking {v}", "喜欢喝{v}"),
    "hobby.like": ("enjoys {v}", "爱好{v}"),
    "music.like": ("likes listening to {v}", "喜欢听{v}"),
    "sport.like": ("likes {v}", "喜欢{v}"),
    "media.like": ("likes {v}", "喜欢看{v}"),
    "travel.seat": ("prefers {v}", "偏好{v}座位"),
    "travel.plan": ("plans: {v}", "计划：{v}"),
    "schedule.event": ("scheduled: {v}", "日程：{v}"),
    "event": ("{v}", "{v}"),
    "contact.email": ("e-mail is {v}", "邮箱是{v}"),
    "contact.phone": ("phone number is {v}", "电话是{v}"),
    "contact.channel": ("prefers to be contacted by {v}", "偏好通过{v}联系"),
    "health.allergy": ("is allergic to {v}", "对{v}过敏"),
    "health.condition": ("has {v}", "患有{v}"),
    "ability.cannot": ("cannot {v}", "不会{v}"),
    "ability.can": ("can {v}", "会{v}"),
    "assistant.instruction": ("wants the assistant to {v}", "希望助手{v}"),
    "routine.wake": ("usually wakes up at {v}", "一般{v}起床"),
    "routine.bed": ("usually goes to bed at {v}", "一般{v}睡觉"),
    "contact.hours": ("{v}", "{v}"),
    "budget": ("budget is {v}", "预算{v}"),
    "note": ("{v}", "{v}"),
    "preference.like": ("likes {v}", "喜欢{v}"),
    "preference.dislike": ("dislikes {v}", "不喜欢{v}"),
    "preference.habit": ("{v}", "{v}"),
    "fact.general": ("{v}", "{v}"),
}
#: An allergy's statement when its severity was said (``Finding.severity``): kept in the words, since a
#: fact has no field for it, and read back by ``context.standing.is_severe_allergy`` to list it first.
_ALLERGY_STATEMENTS: dict[str, tuple[str, str]] = {
    "severe": ("is severely allergic to {v}", "对{v}严重过敏"),
    "mild": ("is mildly allergic to {v}", "对{v}轻微过敏"),
}


#: Statements that open with the thing owned ("birthday is June 3", "e-mail is …", a label: "diet: vegetarian"): a
#: relative's reads "their mom's birthday is June 3", "their wife's diet: vegetarian".
_OWNED = lazy_regex(r"^(?:birthday|e-mail|phone|shipping address|name)\b|^[a-z][a-z ]{0,20}:\s")


_FAVOURITE_STATEMENT = lazy_regex(r"^(?:favorite (?P<en>.+?) (?:is|are) |最喜欢的(?P<zh>.+?)是"
                                   r"|(?P<b>[^\s]+(?: [^\s]+)?) budget is "
                                   r"|(?P<y>[\u4e00-\u9fff]{1,6}?)预算(?=[每一人大差最不控在0-9一二两三四五六七八九十])"
                                   # a budget said with no purpose ("budget is $2,000", 预算五千块): one of its own
                                   r"|(?P<u>budget)(?= is )"
                                   r"|(?P<uz>预算)(?=[每一人大差最不控在0-9一二两三四五六七八九十]))")


#: Whose a statement about someone else is, as ``statement_for`` writes it ("their wife favorite color is red",
#: "Sarah: favorite color is red", "the client's favorite ..."): a favourite of theirs is one too, of one value at a
#: time under that subject (the engine reads the subject's facts only), as the user's own is.
_OTHERS = lazy_regex(r"^(?:(?:their|the)\s+[\w-]+(?:['’]s?)?\s+|[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)?:\s+)")
#: British spellings of the things a favourite is of, read as the American ones: "my favourite
#: colour is red" is the same favourite as "my favorite color is blue".
_BRITISH = lazy_regex(r"\b(colou?r|flavou?r|humou?r|theatre|centre|programme|jewellery|neighbou?rhood)(s?)\b")
#: What a favourite is of, in Chinese and as the English label reads (a favourite said in one language and changed in
#: the other is one favourite: "My favourite colour is blue" then 我最喜欢的颜色是绿色). The everyday things a
#: favourite is asked of (the labels of ``extract.patterns_zh._FAV_KEYS`` and a few more); a label not here stays a
#: label of its own language, as before. English words of one thing read as one (film, movie).
_LABEL_EN = {"颜色": "color", "水果": "fruit", "食物": "food", "美食": "food", "甜点": "dessert", "零食": "snack",
             "菜系": "cuisine", "餐厅": "restaurant", "饮料": "drink", "咖啡": "coffee", "茶": "tea", "运动": "sport",
             "球队": "team", "电影": "movie", "film": "movie", "电视剧": "tv show", "书": "book", "小说": "novel",
             "作家": "author", "writer": "author", "歌手": "singer", "乐队": "band", "歌": "song", "歌曲": "song",
             "音乐": "music", "动漫": "anime", "游戏": "game", "城市": "city", "国家": "country", "季节": "season",
             "动物": "animal", "花": "flower", "数字": "number", "演员": "actor", "编程语言": "programming language",
             "编辑器": "editor", "节日": "holiday", "爱好": "hobby", "预算": "budget"}
_AMERICAN = {"colour": "color", "flavour": "flavor", "humour": "humor", "theatre": "theater", "centre": "center",
             "programme": "program", "jewellery": "jewelry", "neighbourhood": "neighborhood"}


def slot_label(statement: str) -> str | None:
    """What a favourite is of ("airline" in ``favorite airline is Delta``, 饮料 in
    ``最喜欢的饮料是奶茶``), a budget is for ("hotel" in ``hotel budget is $200 a night``, 酒店 in
    ``酒店预算每晚500元以内``) or a count counts (``#kid`` in ``has 3 kids`` and 有3个孩子:
    ``extract.counts``), read back from a statement ``statement_for`` wrote, else ``None``.
    A favourite (a budget, a count) holds one value at a time even under a many-valued key
    (``preference.like``, ``budget``, ``family.member``), so a new one of the same label supersedes
    the old one; British and American spellings are one label ("colour" reads "color"), and so are a Chinese
    label and its English word (颜色 reads "color": ``_LABEL_EN``): 最喜欢的颜色是绿色 replaces "favorite colour
    is blue"."""
    m = _FAVOURITE_STATEMENT.match(statement) or _FAVOURITE_STATEMENT.match(_OTHERS.sub("", statement, count=1))
    if m is None:  # a count, or an aspect of answers ("reply in bullets": ``extract.replies``)
        return count_label(statement) or replies.slot_of(statement)
    label = next(g for g in m.groups() if g).casefold()
    label = _BRITISH.sub(lambda w: _AMERICAN.get(w.group(1), w.group(1)) + w.group(2), label)
    return _LABEL_EN.get(label, label)


#: The verbs a plural subject takes in another form than the plain one.
_PLURAL_VERB = {"is": "are", "has": "have", "was": "were"}


def statement_for(finding: Finding, lang: str, offset: timedelta | None = None) -> str:
    """A short human-readable line for the finding, in ``lang`` (``zh`` or ``en``); a dated plan or event names
    its day in the speaker's calendar (``offset``: their UTC offset, ``clauses.describe_period``).

    >>> statement_for(Finding("shipping.carrier", "顺丰", 0.92), "zh")
    '配送偏好顺丰'
    """
    en, zh = _STATEMENTS.get(finding.key, ("{v}", "{v}"))
    if finding.key == "health.allergy" and finding.severity in _ALLERGY_STATEMENTS:
        en, zh = _ALLERGY_STATEMENTS[finding.severity]
    if finding.label and finding.key == "budget":  # what the budget is for: "hotel budget is $200 a night"
        en, zh = f"{finding.label} budget is {{v}}", f"{finding.label}预算{{v}}"
    elif finding.label:  # "my favorite color is blue" keeps what blue is; "favorite books are …" a set
        verb = "are" if re.search(r"[^s]s$", finding.label) else "is"
        en, zh = f"favorite {finding.label} {verb} {{v}}", f"最喜欢的{finding.label}是{{v}}"
    value = finding.value
    if finding.key == "budget" and finding.label:  # "hotel: $200 a night" reads "hotel budget is $200 a night"
        value = re.sub(rf"^{re.escape(finding.label)}[:：]\s*", "", value)
    text = finding.statement or (zh if lang == "zh" else en).format(v=value)
    if finding.subject and roles.is_role(finding.subject):  # "the client lives in Toronto", 客户住在多伦多
        who = roles.shown(finding.subject, lang)
        if lang == "zh":
            text = f"{who}{text}"
        elif _OWNED.match(text):  # "the customer's e-mail is …"
            text = f"{who}'s {text}"
        else:  # "the client lives in Toronto", "the customer: only contact after 6pm"
            text = f"{who}{': ' if finding.key == 'contact.hours' else ' '}{text}"
    elif finding.subject and not kin.is_relative(finding.subject):  # a named person: "Tom is on the design team"
        text = f"{finding.subject}{text}" if lang == "zh" else f"{finding.subject}: {text}"
    elif finding.subject and lang == "zh":  # someone else's fact: 儿子对鸡蛋过敏
        text = f"{kin.shown(finding.subject, lang)}{text}"
    elif finding.subject and _OWNED.match(text):  # "their mom's birthday is June 3", not "their mom birthday"
        owner = finding.subject + ("'" if finding.subject.endswith("s") else "'s")
        text = f"their {owner} {text}"
    elif finding.subject:  # "their son is allergic to eggs", "their kids are allergic to peanuts"
        plural = finding.subject.endswith("s") or finding.subject in ("children", "twins")
        if plural:  # "their kids are allergic to peanuts", "their kids go to Lincoln Elementary": the verb agrees
            text = re.sub(r"^[a-z]+s\b(?=\s)", lambda m: _PLURAL_VERB.get(m.group(0)) or base_form(m.group(0)), text)
        text = f"their {finding.subject} {text}"
    if finding.period is not None and key_spec(finding.key).kind == "episode":
        when = describe_period(finding.period, lang, offset)
        text = f"{text}（{when}）" if lang == "zh" else f"{text} ({when})"
    return text
