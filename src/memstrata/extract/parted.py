"""A relation said as ended: "David isn't my boss anymore", "Sarah and I broke up", "I'm not with Sarah anymore",
"My girlfriend and I split up", 我和小雨分手了, 我跟老公离婚了.

Said so, the relation no longer holds, as "I don't have a dog anymore" says of a pet: each is read as a withdrawal,
the ended-state reading of ``extract.rules._ended``. Before, "My boss is David" then "David isn't my boss anymore"
left ``user.boss = David`` current, and after "my girlfriend Sarah" a break-up stored only the event.

Two shapes:

* a person said to be no longer the user's relation ("<Name> isn't my <relation> anymore", "<Name> is no longer my
  <relation>"): the statement it ends ("My <relation> is <Name>") is handed back for the rules to read and withdraw,
  so the withdrawn value is exactly the one that statement stores (``user.boss = David``, ``family.member =
  girlfriend named Sarah``). A plain "not" needs "anymore": "David isn't my boss" says no change.
* a partner parted from ("Sarah and I broke up", "I broke up with Sarah", "I'm not with Sarah anymore", "Sarah
  dumped me", 我和小雨分手了): the withdrawal of the partner named, by name (``family.member = partner named Sarah``
  ends "girlfriend named Sarah" and never "daughter named Sarah": ``ends``) or by kind (``girlfriend`` ends it too:
  ``cessation.of_kind``). Only an intransitive parting is one: with nothing after it but when or why ("Sarah and I
  broke up last month because she moved"), never with an object ("Sarah and I split the bill"), nor asked
  ("Jake and I broke up?", 我和小雨分手了吗).
"""

from __future__ import annotations

import re

from memstrata.extract import kin, subject_en
from memstrata.extract.clauses import CONF_STATED, Finding, without_time
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
_OPEN_EN = r"^(?:(?:so|but|and|actually|well|sadly|unfortunately|btw|also)\s*,?\s+)?"
_NAME = r"(?-i:(?!(?:It|This|That|He|She|They|There|What|Who|Which|Everything|Nothing)\b)[A-Z][a-z-]+)"
#: "David isn't my boss anymore", "David is no longer my manager", "Sarah's not my girlfriend any more".
_NOT_MY_EN = lazy_regex(
    rf"{_OPEN_EN}(?P<name>{_NAME})(?:\s+|(?='))(?:(?P<no>is\s+no\s+longer|'s\s+no\s+longer)|isn't|is\s+not|'s\s+not)\s+"
    r"(?P<rel>(?:my|our)\s+(?:[a-z-]+\s+){0,2}?[a-z-]+)(?P<more>\s+(?:any\s?more|any\s+longer))?$", _IC)
#: A partner: who a break-up parts the user from.
_PARTNER_EN = r"(?:girlfriend|boyfriend|partner|wife|husband|fianc[eé]e?|spouse)"
_WHO_EN = rf"(?:(?P<name{{n}}>{_NAME})|(?:my|our)\s+(?P<rel{{n}}>{_PARTNER_EN})(?:,?\s+{_NAME}(?=,|\s|$))?)"
_PARTED_EN = lazy_regex(
    _OPEN_EN + "(?:"
    + _WHO_EN.format(n=1) + r"\s+and\s+i\s+(?:have\s+|just\s+|finally\s+|recently\s+|officially\s+)*"
    r"(?:broke\s+up|split\s+up|split|separated|got\s+divorced|divorced|are\s+(?:over|done|through|divorced|"
    r"separated|no\s+longer\s+together|not\s+together\s+any\s?more)(?:\s+(?:now|for\s+good))?$)"
    r"|i\s+(?:have\s+|just\s+|finally\s+|recently\s+|officially\s+)*(?:broke\s+up\s+with|split\s+up\s+with|"
    r"split\s+from|separated\s+from|divorced|dumped)\s+" + _WHO_EN.format(n=2)
    + r"|i'?m\s+(?:not\s+with\s+" + _WHO_EN.format(n=3) + r"\s+(?:any\s?more|any\s+longer)"
    r"|no\s+longer\s+with\s+" + _WHO_EN.format(n=4) + ")"
    + "|" + _WHO_EN.format(n=5) + r"\s+(?:just\s+|finally\s+)?(?:broke\s+up\s+with|dumped|divorced)\s+me"
    r")\b(?P<rest>.*)$", _IC)
#: What may follow a parting (its time aside, ``clauses.without_time``): nothing, or an adjunct that opens with a
#: preposition, a conjunction or an adverb ("because she moved", "after ten years", "for good", "again"). Anything
#: else is what the verb acts on ("Sarah and I split the bill", "broke up a fight", "I broke up with Sarah's
#: brother": no relation ended), and a question mark asks ("Jake and I broke up?").
_AFTER_PARTING_EN = lazy_regex(
    r"^(?:[,;:—–-].*|(?:because|since|after|before|when|while|as|so|but|and|over|in|on|at|for|by|via|"
    r"again|finally|officially|recently|already|now|anyway|too|though)\b.*)?$", _IC)
_PARTNER_ZH = r"(?:女朋友|男朋友|女友|男友|老婆|老公|对象|妻子|丈夫|太太|先生|未婚妻|未婚夫)"
#: 我和小雨分手了, 我跟女朋友分手了, 我和老公离婚了, 我跟我男朋友上个月分手了.
_PARTED_ZH = lazy_regex(
    rf"^(?:其实|不过|但是|对了)?[，,]?我(?:已经)?(?:和|跟|与)(?:我的?)?(?P<rel>{_PARTNER_ZH})?"
    r"(?P<name>[A-Za-z\u4e00-\u9fff]{0,8}?)(?:已经|刚|刚刚|上个月|上周|去年|今年|最近|前几天|终于)*(?:分手|离婚)了$")


def not_my(clause: str) -> str | None:
    """The statement a person said to be no longer the user's relation ends ("David isn't my boss anymore" ->
    "My boss is David"), for the rules to read and withdraw; ``None`` for any other clause, and for a plain "not"
    without "anymore" ("David isn't my boss": no change said).

    >>> not_my("David isn't my boss anymore"), not_my("Sarah is no longer my girlfriend"), not_my("David isn't my boss")
    ('My boss is David', 'My girlfriend is Sarah', None)
    """
    m = _NOT_MY_EN.match(clause.strip().rstrip(".!"))
    if m is None or not (m.group("no") or m.group("more")) or m.group("name").lower() in subject_en.NOT_NAMES:
        return None
    rel = m.group("rel")
    return f"{rel[0].upper()}{rel[1:]} is {m.group('name')}"


def parted(clause: str, lang: str) -> list[Finding]:
    """The withdrawal of the partner ``clause`` (a clause in ``lang``, ``"en"`` or ``"zh"``) says the user parted
    from (the module docstring), or ``[]``: a partner said by kind ("I broke up with my girlfriend": ``girlfriend``)
    or by name (``partner_named``: "Sarah and I broke up" ends a partner named Sarah, never a daughter Sarah).

    >>> [(f.key, f.value, f.retract) for f in parted("Sarah and I broke up last month", "en")]
    [('family.member', 'partner named Sarah', True)]
    >>> [f.value for f in parted("我和女朋友分手了", "zh")], parted("Sarah and I broke the vase", "en")
    (['女朋友'], [])
    >>> parted("Sarah and I split the bill", "en"), parted("Jake and I broke up?", "en")
    ([], [])
    >>> parted("我和小雨分手了吗", "zh")
    []
    """
    text = clause.strip().rstrip(".!。！")
    m = _PARTED_ZH.match(text) if lang == "zh" else _PARTED_EN.match(text)
    if m is None or (lang == "en" and not _AFTER_PARTING_EN.match(without_time(m.group("rest")).strip())):
        return []
    groups = {k: v for k, v in m.groupdict().items() if v and k != "rest"}
    name = next((v for k, v in groups.items() if k.startswith("name")), "")
    kind = next((v.lower() if lang == "en" else v for k, v in groups.items() if k.startswith("rel")), "")
    said = name or kind
    if not said or said.lower() in subject_en.NOT_NAMES or (not kind and kin.is_relative(said)) or said.startswith(
            ("他", "她", "你")):
        return []  # "Mom and I broke up a fight", 我和他分手了: no partner named
    value = kind or partner_named(name, lang)
    return [Finding("family.member", value, CONF_STATED, clause, retract=True, statement="")]


#: How a partner parted from by name is withdrawn: the name after a word for any partner.
_PARTNER_NAMED = {"en": "partner named {}", "zh": "伴侣{}"}
_PARTNER_NAMED_AS = lazy_regex(r"^(?:partner\s+named\s+(?P<en>.+)|伴侣(?P<zh>.+))$")
#: A stored partner of a name: "girlfriend named Sarah", "fiancée called Anna", 女朋友小雨, 老公大伟.
_STORED_PARTNER = lazy_regex(rf"^(?:{_PARTNER_EN}\s+(?:named|called)\s+(?P<en>.+)|{_PARTNER_ZH}(?P<zh>.+))$", _IC)


def partner_named(name: str, lang: str) -> str:
    """The ``family.member`` value a parting from ``name`` withdraws (``"partner named Sarah"``, ``伴侣小雨``):
    whichever word named the partner when stored (``ends``), never another relative of the name.

    >>> partner_named("Sarah", "en"), partner_named("小雨", "zh")
    ('partner named Sarah', '伴侣小雨')
    """
    return _PARTNER_NAMED["zh" if lang == "zh" else "en"].format(name)


def ends(value: str, stored: str) -> bool | None:
    """Whether the withdrawal of a partner by name ``value`` (``partner_named``) ends the stored ``family.member``
    value ``stored``: a partner of that name ("girlfriend named Sarah", 女朋友小雨), never a relative who is no
    partner ("daughter named Sarah", 女儿小雨); ``None`` when ``value`` is no such withdrawal (then the kind
    decides: ``extract.cessation.of_kind``).

    >>> ends("partner named Sarah", "girlfriend named Sarah"), ends("partner named Sarah", "daughter named Sarah")
    (True, False)
    >>> ends("伴侣小雨", "女朋友小雨"), ends("伴侣小雨", "女儿小雨"), ends("girlfriend", "girlfriend named Sarah")
    (True, False, None)
    """
    m = _PARTNER_NAMED_AS.match(value)
    if m is None:
        return None
    stored_m = _STORED_PARTNER.match(stored.strip())
    if stored_m is None:
        return value == stored
    return (stored_m.group("en") or stored_m.group("zh")) == (m.group("en") or m.group("zh"))
