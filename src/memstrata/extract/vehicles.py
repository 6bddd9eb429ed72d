"""The car the speaker drives, said plainly: "I drive a Tesla Model 3", "I drive an SUV", 我开特斯拉, 我开一辆比亚迪.

It is the fact "The car I drive is a Tesla" and 我的车是特斯拉 state (the possessive copula: ``user.car`` in both
languages, ``extract.things``), under the same key, so a new car supersedes the old one. "Drive" and 开 say a car
only with one named after them: a capitalised make or model, or a kind of vehicle, in English ("I drive to work", "I
drive a hard bargain", "I drive a bus" name none); a listed make, a Latin name or a word for a kind of car (电动车,
SUV) in Chinese, since 开 opens many things (开会, 开店, 开玩笑, 开车 alone).
"""

from __future__ import annotations

import re

from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.text.regex import lazy_regex

#: Kinds of vehicle that name the car one drives when no make is said.
_KINDS_EN = (r"suv|minivan|pickup(?: truck)?|truck|hybrid|electric car|ev|convertible|sedan|hatchback|station wagon|"
             r"motorcycle|motorbike|scooter|jeep|camper van|campervan|sports car")
_EN = lazy_regex(
    r"^(?:(?:now|these days|nowadays)\s*,?\s+)?i\s+(?:(?:now|currently|still|also|usually|mostly)\s+)*drive\s+"
    r"(?:a|an|my)\s+(?P<v>(?:(?:old|new|used|red|black|white|blue|silver|grey|gray|little|small|big|electric|hybrid|"
    r"\d{4})\s+)*"
    rf"(?-i:[A-Z][\w-]*(?:\s+(?:[A-Z0-9][\w-]*|\d+))*)|(?:(?:electric|old|new|used|small|big)\s+)?(?:{_KINDS_EN}))"
    r"(?:\s+(?:now|these days|nowadays))?$", re.IGNORECASE)
#: Makes of car said in Chinese (a Latin name after 开 needs no list: 我开Model 3).
_MAKES_ZH = ("特斯拉|比亚迪|宝马|奔驰|奥迪|丰田|本田|大众|蔚来|小鹏|理想|问界|小米|福特|别克|日产|马自达|保时捷|沃尔沃|"
             "雷克萨斯|吉利|长城|红旗|五菱|现代|起亚|凯迪拉克|路虎|雪佛兰|斯巴鲁|领克|极氪|长安|奇瑞|哈弗|坦克|传祺")
_KINDS_ZH = "电动车|新能源车|电车|油车|混动车?|SUV|越野车|皮卡|跑车|摩托车|面包车|房车"
#: How the car looks or came, said before its make and no part of it (一辆黑色的特斯拉, 一辆二手的本田思域).
_LOOKS_ZH = r"(?:(?:[\u4e00-\u9fff]{1,2}色|二手|新|旧|老)的?)?"
_ZH = lazy_regex(
    r"^我(?:现在|目前|平时|一直|也|还)*开(?:的是|着|了)?(?:一辆|一台|辆|台)?"
    rf"{_LOOKS_ZH}(?P<v>(?:{_MAKES_ZH})[\u4e00-\u9fffA-Za-z0-9 ]{{0,8}}|[A-Z][A-Za-z0-9-]*(?: [A-Z0-9][A-Za-z0-9-]*)*"
    rf"|(?:{_KINDS_ZH}))$")


def find_en(clause: str, ctx: object) -> list[Finding]:
    """The car an English clause says the speaker drives ("I drive a Tesla Model 3" → ``user.car`` = ``Tesla Model
    3``), else ``[]``."""
    m = _EN.match(clause.strip().rstrip(".!"))
    if m is None:
        return []
    return _driven(m.group("v").strip(), clause, "en")


def find_zh(clause: str, ctx: object) -> list[Finding]:
    """The car a Chinese clause says the speaker drives (我开特斯拉 → ``user.car`` = 特斯拉), else ``[]``."""
    m = _ZH.match(clause.strip().rstrip("。！!"))
    if m is None:
        return []
    return _driven(m.group("v").strip(), clause, "zh")


#: Makes and common models said in English after a verb of getting one, which names no car by a capital alone ("I
#: got a new iPhone", "I bought a Kindle").
_MAKES_EN = (r"Tesla|Toyota|Honda|BMW|Mercedes(?:-Benz)?|Audi|Ford|Volkswagen|VW|Subaru|Mazda|Nissan|Hyundai|Kia|"
             r"Chevy|Chevrolet|Jeep|Volvo|Porsche|Lexus|BYD|Rivian|Polestar|Lucid|Mini Cooper|Prius|Civic|Corolla|"
             r"Camry|"
             r"Model [3SXY]|Mustang|Jaguar|Land Rover|Range Rover|Dodge|Ram|GMC|Buick|Cadillac|Acura|Infiniti|Genesis|"
             r"Fiat|Peugeot|Renault|Skoda|Seat|Opel|Mitsubishi|Suzuki|Nio|Xpeng|Li Auto")
#: A car said as its beginning: "I bought a Tesla", "I just got a new Honda Civic", "I switched to an electric car".
_BEGUN_EN = lazy_regex(
    r"^(?:we|i)(?:'ve|\s+have)?\s+(?:(?:just|finally|recently|also)\s+)*(?:bought|got|purchased|leased|picked up|"
    r"switched to|traded (?:up|in my car) for)\s+(?:a|an|my|our)\s+(?:(?:new|used|brand[- ]new|second-hand|secondhand|"
    rf"red|black|white|blue|silver|grey|gray|\d{{4}})\s+)*(?P<v>(?-i:(?:{_MAKES_EN})(?:\s+(?:[A-Z0-9][\w-]*))*)"
    rf"|(?:{_KINDS_EN}))(?:\s+(?:now|too))?$", re.IGNORECASE)
#: 我换了一辆特斯拉, 我买了一辆比亚迪, 我新买了辆电动车, 我提了一台小米SU7: a car said as its beginning (a make or
#: a kind, never 车 alone: 我换了一辆车 names none).
_BEGUN_ZH = lazy_regex(
    # 我有一辆特斯拉: a car owned, said with its measure word (我有小米 may be a phone)
    r"^我们?(?:家)?(?:刚|刚刚|最近|已经|也|终于|现在|前段时间|前阵子|前些天|前几天|前些日子)*(?:新)?(?:(?:买了|换了|提了|入手了|换成了?|改开)(?:一辆|辆|一台|台)?"
    r"|有(?:一辆|辆))(?:新的?)?"
    rf"{_LOOKS_ZH}(?P<v>(?:{_MAKES_ZH})[\u4e00-\u9fffA-Za-z0-9 ]{{0,8}}|(?:{_KINDS_ZH}))了?$")


_MAKE = lazy_regex(rf"^(?:{_MAKES_ZH})[\u4e00-\u9fffA-Za-z0-9 ]{{0,8}}$|^(?i:{_MAKES_EN})(?:\s+[A-Z0-9][\w-]*)*$")


def is_make(value: str) -> bool:
    """Whether ``value`` is a make of car (and a model after it) the lists name: 比亚迪, 比亚迪汉, "Toyota Camry".

    >>> is_make("比亚迪"), is_make("Toyota Camry"), is_make("飞书")
    (True, True, False)
    """
    return bool(_MAKE.match(value.strip()))


def begun(clause: str, lang: str) -> list[Finding]:
    """The car a clause says the speaker got, read as the car they drive now (我换了一辆特斯拉 → ``user.car`` = 特斯拉,
    "I bought a Tesla" → ``user.car`` = ``Tesla``, as 我开特斯拉 and "I drive a Tesla" are), else ``[]``. Before, the
    first was a thing used (``tool.uses``) and the second nothing."""
    text = clause.strip().rstrip("。！!.")
    m = (_BEGUN_ZH if lang == "zh" else _BEGUN_EN).match(text)
    if m is None or (lang == "zh" and re.search(r"股|股票|的", m.group("v"))):
        return []  # 我买了特斯拉的股票: shares, no car
    return _driven(m.group("v").strip(), clause, lang)


#: A car given up: "I sold the Ford", "We got rid of our car", "I traded in my old Tesla", 我车卖了, 我把车卖了,
#: 我的特斯拉卖掉了. The make named withdraws that car (and its model: "Ford" names "Ford Focus"); "car", a kind or
#: 车 every car. Someone else's ("My dad sold his car") and a plan ("I'm selling my car") are none.
_SOLD_EN = lazy_regex(
    r"^(?:we|i)(?:'ve|\s+have)?\s+(?:(?:just|finally|recently|already|also)\s+)*(?:sold|got rid of|traded in|"
    r"scrapped)\s+(?:my|our|the)\s+(?:old\s+)?(?P<v>car|(?-i:[A-Z][\w-]*(?:\s+[A-Z0-9][\w-]*)*)|"
    rf"(?:(?:electric|old)\s+)?(?:{_KINDS_EN}))(?:\s+(?:last\s+\w+|yesterday|recently|already))?"
    # "I sold my Tesla and bought a Honda Civic": the car got in its place
    r"(?:\s*,?\s+and\s+(?:(?:then|now)\s+)?(?P<got>(?:bought|got|leased|purchased)\s+.+))?$", re.IGNORECASE)
#: When a car was sold, said before the verb: 已经, 上个月, 去年 ... (我车上个月卖了, 我去年卖了旧车).
_SOLD_WHEN_ZH = r"(?:已经|上个?月|上周|去年|前几天|也)*"
_SOLD_ZH = lazy_regex(
    # 比亚迪卖掉了, 车卖了: the car named first with no one before it is the speaker's, as 我车卖了 says
    rf"^(?:我(?:们|家)?)?(?:把)?(?:的)?(?:旧)?"
    rf"(?P<v>车|(?:{_MAKES_ZH})[\u4e00-\u9fffA-Za-z0-9 ]{{0,6}}?|(?:{_KINDS_ZH}))"
    rf"{_SOLD_WHEN_ZH}(?:给)?(?:卖掉?|处理掉|转手)了?$"  # 了 is cut off a clause before it
    rf"|^我(?:们|家)?{_SOLD_WHEN_ZH}卖掉?了(?:我的|我家的)?(?:旧)?"
    rf"(?P<w>车|(?:{_MAKES_ZH})[\u4e00-\u9fffA-Za-z0-9 ]{{0,6}}|(?:{_KINDS_ZH}))$")


def sold_en(clause: str, ctx: object) -> list[Finding]:
    """The car an English clause says the speaker sold, withdrawn ("I sold the Ford" → ``user.car`` Ford withdrawn;
    "I sold my car" every car), else ``[]``."""
    m = _SOLD_EN.match(clause.strip().rstrip(".!"))
    if m is None:
        return []
    return [*_given_up(m.group("v"), clause, "en"), *(begun(f"I {m.group('got')}", "en") if m.group("got") else [])]


def sold_zh(clause: str, ctx: object) -> list[Finding]:
    """The car a Chinese clause says the speaker sold, withdrawn (我车卖了: every ``user.car``), else ``[]``."""
    m = _SOLD_ZH.match(clause.strip().rstrip("。！!"))
    return [] if m is None else _given_up(m.group("v") or m.group("w"), clause, "zh")


def _given_up(value: str, clause: str, lang: str) -> list[Finding]:
    """The withdrawal of the car ``value`` names, under the car's key and the one Chinese wordings were stored under
    before they were one key (``user.车``): every car for the word car (车) or a kind, else the make or model named."""
    named = "" if re.fullmatch(rf"(?i)车|car|(?:(?:electric|old)\s+)?(?:{_KINDS_EN})|{_KINDS_ZH}", value) else value
    said = f"卖了{value}" if lang == "zh" else f"sold {value}"
    return [Finding(key, named, CONF_STATED, clause, retract=True, statement=said) for key in ("user.car", "user.车")]


def _driven(value: str, clause: str, lang: str) -> list[Finding]:
    """The car ``value`` as the one the speaker drives: ``user.car`` stated "drives a Tesla" or 开特斯拉."""
    if lang == "zh":
        return [Finding("user.car", value, CONF_STATED, clause, statement=f"开{value}")]
    return [Finding("user.car", value, CONF_STATED, clause, statement=f"drives {_article(value)} {value}")]


def _article(value: str) -> str:
    return "an" if re.match(r"(?i)[aeio]|suv\b|ev\b|hybrid\b|honda", value) else "a"
