"""Common things one has, as one key part in English and Chinese.

"My dentist is Dr. Patel" is ``user.dentist``; keyed by its own words, 我的牙医是王医生 was ``user.牙医``, so a user
who speaks both languages had two dentists, and a search in one language did not find the other's key. A thing on
this list is keyed by its English name (``user.dentist``, ``daughter.teacher``, ``user.shoe_size``) whatever language
says it, and the key's description names it in both (``taxonomy.key_spec``). The English name is the key part the
English possessive writes for the plain English wording ("my dentist" → ``dentist``, "my shoe size" →
``shoe_size``: ``shapes.open_key``).

What is listed: the people one deals with (a dentist, a landlord, a boss), the places and services one uses (a gym,
a bank), the things one owns (a car, a laptop) and the attributes a person has (a shoe size, an English name, a
major, a commute). A noun not listed keeps its own words (我的星座是狮子座 → ``user.星座``): the list is of common
things whose English word is certain, not a dictionary. Relatives are subjects, never things (``extract.kin``).
"""

from __future__ import annotations

from functools import cache

#: English key part → Chinese wordings (汉字, as said after 我的 / 我 / 我们的). Each English name is the one the
#: English possessive writes for "my <name> is ..." (``shapes.slug``: "team lead" → ``team_lead``).
_THINGS: dict[str, tuple[str, ...]] = {
    # people one deals with (``shapes.PERSON_ROLES_ZH``)
    "dentist": ("牙医", "牙科医生"),
    "doctor": ("医生", "主治医生", "家庭医生", "大夫"),
    "therapist": ("心理医生", "心理咨询师"),
    "vet": ("兽医",),
    "landlord": ("房东",),
    "boss": ("老板", "上司", "领导"),
    "manager": ("经理",),
    "team_lead": ("组长", "小组长"),
    "teacher": ("老师",),
    "coach": ("教练",),
    "trainer": ("私教", "健身教练"),
    "tutor": ("家教",),
    "mentor": ("导师",),
    "lawyer": ("律师",),
    "accountant": ("会计",),
    "roommate": ("室友",),
    "barber": ("理发师",),
    # places and services one uses
    "school": ("学校",),
    "gym": ("健身房",),
    "hospital": ("医院",),
    "supermarket": ("超市",),
    "pharmacy": ("药店",),
    # things one owns
    "home": ("家",),
    "car": ("车", "车子", "汽车", "座驾"),
    "bike": ("自行车", "单车"),
    "laptop": ("笔记本电脑",),
    "computer": ("电脑",),
    "watch": ("手表",),
    "license_plate": ("车牌", "车牌号"),
    # what a person has
    "shoe_size": ("鞋码", "鞋子尺码", "鞋的尺码"),
    "english_name": ("英文名", "英文名字"),
    "nickname": ("小名", "昵称", "外号"),
    "major": ("专业",),
    "hobby": ("爱好", "兴趣爱好"),
    "marital_status": ("婚姻状况",),
    "commute": ("通勤", "通勤时间"),
    "rent": ("房租", "租金"),
    "salary": ("工资", "月薪", "薪水"),
    "team": ("团队",),
    "department": ("部门",),
}

#: The listed things' English names (key parts).
NAMES: frozenset[str] = frozenset(_THINGS)


@cache
def _by_wording() -> dict[str, str]:
    return {said: name for name, zh in _THINGS.items() for said in zh}


def english_name(attribute: str) -> str | None:
    """The English key part of the listed thing ``attribute`` says in Chinese (牙医 → ``dentist``, 鞋码 →
    ``shoe_size``), ``None`` for a wording not listed (an English one included: it is its own name)."""
    return _by_wording().get(attribute.strip())


def chinese_wordings() -> tuple[str, ...]:
    """Every Chinese wording of a listed thing (牙医, 鞋码, 车, ...), longest first so an alternation of them reads
    鞋子尺码 before 鞋码 would stop short."""
    return tuple(sorted(_by_wording(), key=len, reverse=True))


def wordings(name: str) -> tuple[str, ...]:
    """The Chinese wordings of the listed thing ``name`` (``dentist`` → 牙医, 牙科医生), ``()`` for a name not
    listed."""
    return _THINGS.get(name, ())


def described(owner: str, name: str) -> tuple[str, str] | None:
    """``(English, Chinese)`` descriptions of the listed thing ``name`` of ``owner`` (``user`` or a subject's key
    part): "the user's dentist" and 用户的牙医, so a search in either language finds it; ``None`` for a name not
    listed."""
    if name not in _THINGS:
        return None
    who_en, who_zh = ("the user", "用户") if owner == "user" else (owner, owner)
    return f"{who_en}'s {name.replace('_', ' ')}", f"{who_zh}的{'、'.join(_THINGS[name])}"
