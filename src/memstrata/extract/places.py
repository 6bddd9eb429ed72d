"""Names of places the time-zone database knows: the cities its zones are named by and its countries.

A move to a name ("we moved to Berlin") is a home or a thing used by what the sentence says
(``shapes.moved_home``); when the sentence says neither, a name this database gives as a place is a
home, so "We moved to Berlin" does not store a thing used called Berlin. No list of our own: the IANA
time-zone database names ~470 cities in its zone ids (``Europe/Berlin``, ``America/New_York``) and
~245 countries in ``iso3166.tab`` (Germany, Japan); it comes with the pinned ``tzdata`` package (a
dependency: the same set on every machine) and the system's ``zoneinfo.TZPATH``. A city no zone is
named by (Austin, Munich) is not in it.
"""

from __future__ import annotations

import re
import zoneinfo
from functools import cache
from importlib import resources
from pathlib import Path

from memstrata.extract import gazetteer
from memstrata.text.regex import lazy_regex

#: Zone areas whose last part is a city or an island; ``Etc``, ``US/Pacific`` and the Antarctic
#: stations (Casey, Davis, Troll) name no place one lives in.
_AREAS = frozenset({"Africa", "America", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific"})


def _country_table() -> str:
    """The text of ``iso3166.tab`` (code TAB name per line), from the pinned ``tzdata`` package (the
    same on every machine), else the system's; ``""`` if neither."""
    try:
        return resources.files("tzdata").joinpath("zoneinfo", "iso3166.tab").read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        pass
    for root in zoneinfo.TZPATH:
        path = Path(root) / "iso3166.tab"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return ""


@cache
def _names() -> frozenset[str]:
    """Case-folded city and country names: ``new york``, ``germany``, ``britain`` (``Britain (UK)``)."""
    cities = {zone.rsplit("/", 1)[-1].replace("_", " ") for zone in zoneinfo.available_timezones()
              if zone.split("/", 1)[0] in _AREAS and "/" in zone}
    countries = {re.sub(r"\s*\(.*?\)", "", line.split("\t")[1]) for line in _country_table().splitlines()
                 if line.count("\t") >= 1 and not line.startswith("#")}
    return frozenset(n.casefold().strip() for n in cities | countries if n.strip())


def known_place(name: str) -> bool:
    """Whether ``name`` as a whole ("Berlin", "New York", "germany") is a city or country of the time-zone
    database; "Linear", "Notion" and "Austin" are not."""
    return name.strip().casefold() in _names()


#: Chinese place names ending in a word of administrative division: 广州, 杭州市, 广东省, 昆山县, 浦东新区.
_ZH_DIVISION = re.compile(r"^[\u4e00-\u9fff]{1,6}(?:市|省|州|县|新区|自治区)$")


@cache
def _zh_names() -> frozenset[str]:
    """The Chinese names of the database's cities and of the countries (``data/places_zh.txt``, from CLDR)."""
    text = resources.files("memstrata").joinpath("data", "places_zh.txt").read_text(encoding="utf-8")
    return frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


def known_place_zh(name: str) -> bool:
    """Whether ``name`` as a whole is a place in Chinese: a city the time-zone database names its zones by or a
    country, in CLDR's Chinese (多伦多, 上海, 加拿大), or a name ending in a division (广州, 杭州市, 广东省); also a
    place ``known_place`` knows in Latin letters. 北京 and 深圳 name no zone, so are not known; 开会, 公司 are none.

    >>> [known_place_zh(n) for n in ("多伦多", "广州", "Toronto", "开会", "北京")]
    [True, True, True, False, False]
    """
    name = name.strip()
    return name in _zh_names() or bool(_ZH_DIVISION.match(name)) or known_place(name)


#: Cities that name no time zone (``known_place_zh``) yet are where many live and work.
_CITIES_ZH = frozenset("北京 上海 广州 深圳 杭州 成都 南京 武汉 西安 重庆 天津 苏州 香港 台北".split())


#: China's provinces, regions and municipalities by their short names (湖北, 广东, 新疆): places a home town is
#: said by (我老家是湖南的) that name no zone and end in no division word.
PROVINCES_ZH = frozenset("河北 山西 辽宁 吉林 黑龙江 江苏 浙江 安徽 福建 江西 山东 河南 湖北 湖南 "
                         "广东 海南 四川 贵州 云南 陕西 甘肃 青海 台湾 内蒙古 广西 西藏 宁夏 新疆 "
                         "香港 澳门 北京 天津 上海 重庆".split())


def city_zh(name: str) -> bool:
    """Whether ``name`` is a place in Chinese (``known_place_zh``) or one of the common cities that name no zone.

    >>> [city_zh(n) for n in ("北京", "成都", "一起", "公司")]
    [True, True, False, False]
    """
    return known_place_zh(name) or name.strip() in _CITIES_ZH


#: The last words of a name that make it an organisation, not a part of a city: 北京大学, 上海银行, 杭州第一中学,
#: 深圳市人民医院, 广州日报 (a district, 深圳南山, 北京朝阳, 杭州滨江, ends in none of them).
_ORGANISATION_ZH = lazy_regex(r"(?:大学|学院|学校|中学|小学|幼儿园|医院|诊所|银行|证券|保险|公司|集团|企业|"
                              r"工作室|研究所|研究院|实验室|中心|电视台|电台|日报|晚报|报社|出版社|杂志社|航空|机场|"
                              r"地铁|公交|电信|移动|联通|电力|科技|网络|政府|分行|支行|总部|办事处|"
                              r"[局厅所院馆站厂店台社部处队行司园校])$")


def organisation_zh(name: str) -> bool:
    """Whether ``name`` ends in a word of an organisation or a building (``_ORGANISATION_ZH``: 北京大学,
    上海银行, 公司)."""
    return bool(_ORGANISATION_ZH.search(name.strip()))


def city_part_zh(name: str) -> str | None:
    """The city a place inside it is named after, when ``name`` is a city (``city_zh``) and a part of it said
    after it with no organisation's word (深圳南山, 北京朝阳, 杭州滨江 → 深圳, 北京, 杭州: where one works, as
    "Nanshan, Shenzhen"); ``None`` for an organisation named after its city (北京大学, 上海银行, 深圳市人民医院) and for
    any other name. The part is at most four letters, so a long name is never cut.

    >>> [city_part_zh(n) for n in ("深圳南山", "上海浦东新区", "北京大学", "上海银行", "北京", "开会")]
    ['深圳', '上海', None, None, None, None]
    """
    name = name.strip()
    if not re.fullmatch(r"[\u4e00-\u9fff]{3,7}", name) or _ORGANISATION_ZH.search(name) or "的" in name:
        return None  # 北京的腾讯: an employer with its city (``workplace.in_city``)
    for size in (3, 2):
        city, part = name[:size], name[size:].removeprefix("市")
        if 2 <= len(part) <= 4 and city_zh(city):
            return city.removesuffix("市") if len(city) > 2 else city  # 深圳市南山: 深圳
    return None


#: What a capitalised word names when it is a field of work, a department or a language rather than a city: the
#: suffixes of fields and languages (Marketing, Finance, Pediatrics, Biology, Management, English, Japanese) and the
#: department words without one.
_FIELD = lazy_regex(r"(?:ing|ics|ology|ance|ence|ment|ism|ish|ese|tion|sion|ity|istry|ery|ian)$|^(?:Sales|HR|IT|Law|"
                    r"Design|Research|Product|Operations|Support|Retail|Tech|Medicine|Education|Healthcare|Media|Music|"
                    r"Art|Science|Math|History|Physics|Data|Security|Legal|Admin|Radiology|Surgery|French|German|"
                    r"Spanish|Chinese)$")


def may_be_city(name: str) -> bool:
    """Whether a capitalised ``name`` said where a place or a field may stand ("a chef in Portland", "a manager in
    Marketing", "Our office is in Austin") can be a city: one the time-zone database knows always is; otherwise none
    that a field's or a language's suffix ends, that names a department, that the gazetteer names (Python) or that has
    fewer than three letters (Go).

    >>> [may_be_city(n) for n in ("Portland", "Austin, Texas", "Marketing", "Python", "Go", "Berlin")]
    [True, True, False, False, False, True]
    """
    first = name.split(",")[0].strip()
    if known_place(first):
        return True
    return len(first) >= 3 and not _FIELD.search(first) and gazetteer.lookup(first) is None
