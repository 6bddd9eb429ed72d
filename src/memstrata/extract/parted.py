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
  dumped me", 我和小雨分手了): the withdrawal of the relative named, by name or by kind (``family.member = Sarah``
  ends "girlfriend named Sarah", ``girlfriend`` ends it too: ``cessation.of_kind``).
"""

from __future__ import annotations

import re

from memstrata.extract import kin, subject_en
from memstrata.extract.clauses import CONF_STATED, Finding
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
_WHO_EN = rf"(?:(?P<name{{n}}>{_NAME})|(?:my|our)\s+(?P<rel{{n}}>{_PARTNER_EN}))"
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
    r")\b", _IC)
_PARTNER_ZH = r"(?:女朋友|男朋友|女友|男友|老婆|老公|对象|妻子|丈夫|太太|先生|未婚妻|未婚夫)"
#: 我和小雨分手了, 我跟女朋友分手了, 我和老公离婚了, 我跟我男朋友上个月分手了.
_PARTED_ZH = lazy_regex(
    rf"^(?:其实|不过|但是|对了)?[，,]?我(?:已经)?(?:和|跟|与)(?:我的?)?(?P<rel>{_PARTNER_ZH})?"
    r"(?P<name>[A-Za-z\u4e00-\u9fff]{0,8}?)(?:已经|刚|刚刚|上个月|上周|去年|今年|最近|前几天|终于)*(?:分手|离婚)了")


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
    """The withdrawal of the partner ``clause`` says the user parted from (the module docstring), or ``[]``.

    >>> [(f.key, f.value, f.retract) for f in parted("Sarah and I broke up last month", "en")]
    [('family.member', 'Sarah', True)]
    >>> [f.value for f in parted("我和女朋友分手了", "zh")], parted("Sarah and I broke the vase", "en")
    (['女朋友'], [])
    """
    text = clause.strip().rstrip(".!。！")
    m = _PARTED_ZH.match(text) if lang == "zh" else _PARTED_EN.match(text)
    if m is None:
        return []
    said = next((v for k, v in m.groupdict().items() if v and k.startswith("name")), "") or next(
        (v.lower() if lang == "en" else v for k, v in m.groupdict().items() if v and k.startswith("rel")), "")
    named = not any(v for k, v in m.groupdict().items() if v and k.startswith("rel"))
    if not said or said.lower() in subject_en.NOT_NAMES or (named and kin.is_relative(said)) or said.startswith(
            ("他", "她", "你")):
        return []  # "Mom and I broke up a fight", 我和他分手了: no partner named
    return [Finding("family.member", said, CONF_STATED, clause, retract=True, statement="")]
