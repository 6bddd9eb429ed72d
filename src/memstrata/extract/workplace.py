"""A group the user belongs to: "My team uses Jira", 我们团队用飞书, "Our office is in Austin", 我们公司在杭州.

What the user's team, company or project uses is kept under the group, named in English in both languages, one
thing at a time as a project's database is (``user.team_tool``, ``user.project_tool``: "My team uses Jira",
我们团队用飞书, "My team now uses Linear" supersedes it, "My team no longer uses Jira" withdraws it;
我们项目用的是MySQL then 我们项目现在用PostgreSQL了 keeps PostgreSQL). Before, "My team uses Jira" stored nothing
and 我们团队用飞书 was ``user.团队 = 飞书``, a key that made the team an attribute of the user's with the tool its
value.

Where the workplace is, is no home: "Our office is in Austin", "My company is based in Berlin", 我们公司在杭州 store
``user.workplace_location`` (one at a time), never ``identity.location``, which says where the user lives.
"""

from __future__ import annotations

import re
from dataclasses import replace

from memstrata.extract import conventions, places, purposes
from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.extract.shapes import attribute_finding, open_key
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
#: The groups a user belongs to, each by one English word in both languages: what a group uses is kept under it.
_GROUPS: dict[str, str] = {
    "team": "team", "squad": "team", "group": "team", "company": "company", "firm": "company", "startup": "company",
    "org": "company", "organization": "company", "organisation": "company", "project": "project",
    "office": "office", "department": "department", "dept": "department", "lab": "lab",
    "团队": "team", "组": "team", "项目": "project", "公司": "company", "部门": "department", "学校": "school",
    "家": "home", "产品": "product", "网站": "website", "系统": "system",
}
_GROUP_EN = "|".join(w for w in _GROUPS if w.isascii())
#: "My team uses Jira", "Our project now uses PostgreSQL", "My team no longer uses Jira": the thing, and whether the
#: group no longer uses it.
_GROUP_USES = lazy_regex(
    rf"^(?i:(?:my|our)\s+(?P<g>{_GROUP_EN})\s+(?:(?:now|also|still|mostly|only|mainly)\s+)?(?:(?P<no>no longer uses|"
    # a switch ("Our team moved to Linear") is read by the switch shapes, as "We moved to Linear" is (user.uses)
    r"doesn't use|does not use)|uses|is using|is on|is back on))"
    # the thing named, case-sensitive: "uses the old process" names none
    r"\s+(?P<v>[A-Z][\w.+#-]*(?:\s+[A-Z][\w.+#-]*){0,2})(?i:\s+now)?"
    # what for, after the thing: "Our team uses GitHub Actions for CI" (a listed purpose names the key: ``uses_en``)
    r"(?i:\s+for\s+(?:our\s+|the\s+)?(?P<for>[a-z][\w/-]*(?:\s+[a-z][\w/-]*)?))?$")


#: The keys what a group of the user's uses is kept under (``group_tool``): ``user.team_tool``, ``user.company_tool``.
GROUP_TOOL_KEYS: tuple[str, ...] = tuple(sorted({open_key("", f"{name} tool") for name in _GROUPS.values()
                                                 if name != "project"}))


def group_tool(group: str, value: str, clause: str, said: str, *, retract: bool = False) -> list[Finding]:
    """The thing a group the user belongs to uses (``user.team_tool = Jira``: one at a time, as a project's database
    is), stated with the group (``said``); ``[]`` for a group word no group is."""
    name = _GROUPS.get(group.lower())
    if not name or not value:
        return []
    if name == "project":  # "Our project uses PostgreSQL", 我们项目用的是MySQL: a project's, kept as its tool
        return conventions.project_finding("tool", value, clause, said, retract=retract)
    return [Finding(open_key("", f"{name} tool"), value, CONF_STATED, clause, statement=said, retract=retract)]


def uses_en(clause: str) -> list[Finding]:
    """What a group the user belongs to uses, in English ("My team uses Jira" → ``user.team_tool = Jira``, stated
    "team uses Jira"; "My team no longer uses Jira" withdraws it); ``[]`` for any other clause."""
    m = _GROUP_USES.match(clause.strip().rstrip(".!"))
    if m is None:
        return []
    group = m.group("g").lower()
    if m.group("for") and purposes.listed(m.group("for")) and _GROUPS.get(group) != "project":
        # "My team uses Jira for tickets" is what "We use Jira for tickets" and 我们团队用Jira管理任务 store: the
        # purpose names the thing used (user.tickets), whoever in the user's group uses it
        return [replace(f, retract=bool(m.group("no")))
                for f in attribute_finding(m.group("for"), m.group("v"), clause, "en", purpose=True)]
    return group_tool(group, m.group("v"), clause, f"{group} uses {m.group('v')}", retract=bool(m.group("no")))


_WORKPLACE_EN = r"(?:office|company|workplace|firm|startup|team)"
_PLACE_EN = r"(?P<v>[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2}(?:,\s*[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)?)"
_LOCATED_EN = lazy_regex(rf"^(?i:(?:my|our)\s+{_WORKPLACE_EN}(?:'s|\s+is)\s+(?:now\s+)?(?:(?:based|located)\s+)?in)\s+"
                         rf"{_PLACE_EN}$")
_WORKPLACE_ZH = r"(?:我们|我)的?(?P<w>公司|单位|办公室)"
_LOCATED_ZH = lazy_regex(rf"^{_WORKPLACE_ZH}(?:现在|目前)?(?:在|位于|设在)(?P<v>[\u4e00-\u9fff]{{2,6}}?)(?:市)?$")
#: Where one works said of oneself: "I work in Berlin", "I'm currently working in Boston", 我在广州工作,
#: 我现在在杭州上班 (a city: "I work in Marketing", 我在腾讯工作 name a field and an employer, their own readings).
_WORK_IN_EN = lazy_regex(rf"^(?i:i(?:'m|\s+am)?\s+(?:(?:now|currently|still|also)\s+)?(?:work|working)\s+in)\s+"
                         rf"{_PLACE_EN}(?i:\s+now)?$")
_WORK_IN_ZH = lazy_regex(r"^我(?:现在|目前|一直|也|还)*在(?P<v>[\u4e00-\u9fff]{2,6}?)(?:市)?(?:工作|上班)了?$")


def _finding(value: str, clause: str, said: str) -> list[Finding]:
    return [Finding(open_key("", "workplace location"), value, CONF_STATED, clause, statement=said)]


def located(clause: str, lang: str) -> list[Finding]:
    """Where the user's workplace is ("Our office is in Austin" → ``user.workplace_location = Austin``, 我们公司在杭州
    → ``杭州``); ``[]`` for any other clause, and for a place one cannot tell is a city (我们公司在开会)."""
    text = clause.strip().rstrip(".!。！")
    if lang != "zh":
        m = _LOCATED_EN.match(text) or _WORK_IN_EN.match(text)
        if m is None or not places.may_be_city(m.group("v")):
            return []  # "My company is in Finance", "I work in Marketing": a field, no place
        said = f"workplace is in {m.group('v')}" if text[:1].lower() != "i" else f"works in {m.group('v')}"
        return _finding(m.group("v"), clause, said)
    z = _LOCATED_ZH.match(text) or _WORK_IN_ZH.match(text)
    if z is None:
        return []
    # 我在深圳南山上班: the city, with the part of it said (no employer named 深圳南山)
    city = z.group("v") if places.city_zh(z.group("v")) else places.city_part_zh(z.group("v"))
    if city is None:
        return []  # 我们公司在开会, 我在腾讯工作: no city
    said = f"{z.group('w')}在{z.group('v')}" if "w" in z.re.groupindex else f"在{z.group('v')}工作"
    return _finding(city, clause, said)


#: An employer said with the city it is in: "Google in Zurich", "SAP in Berlin", 苏黎世的谷歌.
_ORG_IN_CITY_EN = lazy_regex(r"^(?P<org>.+?)\s+in\s+(?P<v>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}"
                             r"(?:,\s*[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)?)$")
_CITY_ORG_ZH = lazy_regex(r"^(?P<v>[\u4e00-\u9fff]{2,6}?)(?:市)?的(?P<org>.+)$")


def in_city(found: Finding) -> list[Finding]:
    """An employer ``found`` names with its city ("I work at SAP in Berlin", "My wife works at Google in Zurich",
    我老婆在苏黎世的谷歌上班) as the employer alone (SAP, Google, 谷歌) and where that workplace is
    (``user.workplace_location``; another person's under their own key, ``wife.workplace_location``, so it never
    reads as the user's): the city is no part of the employer's name, and no home (``identity.location`` says where
    one lives). ``[found]`` for any other finding, and for a place one cannot
    tell is a city ("Google in Marketing"); a withdrawal keeps only the employer ("I don't work at SAP in Berlin
    anymore" ends SAP)."""
    if found.key != "identity.employer" or not found.value:
        return [found]
    zh = bool(re.search(r"[\u4e00-\u9fff]", found.value))
    m = _CITY_ORG_ZH.match(found.value) if zh else _ORG_IN_CITY_EN.match(found.value)
    if m is None:
        return [found]
    city = m.group("v")
    if not (places.city_zh(city) if zh else places.may_be_city(city)):
        return [found]  # "Google in Marketing": a department, no city
    org = replace(found, value=m.group("org").strip(), statement="")
    if found.retract:
        return [org]
    said = f"在{city}工作" if zh else f"works in {city}"
    where = Finding(open_key(found.subject, "workplace location"), city, found.confidence, found.clause, statement=said,
                    subject=found.subject, period=found.period)
    return [org, where]
