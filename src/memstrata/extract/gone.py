"""A pet that died or was given away: "My dog died last year", "Rex passed away", "We gave our cat away",
我的狗去年去世了, 我们把猫送人了.

Said so, the pet is no longer the user's, as "I don't have a dog anymore" says: each is read as the withdrawal of the
pet it names, by its kind (``pet = dog``, which ends "dog named Rex" and "2 dogs": ``cessation.of_kind``) or by its
name (``pet = Rex`` ends "dog named Rex", 旺财 ends 狗旺财), the ended-state reading of ``extract.rules._ended``.
Before, these stored nothing and the pet stayed current. A pet doing something ("My dog is sleeping"), one of several
given away ("We gave away one of the cats": the count said next replaces the count) and a person who died (a
relative, "Mom passed away") withdraw no pet.
"""

from __future__ import annotations

import re

from memstrata.extract import kin, patterns_en, patterns_zh, subject_en
from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
_DIED_EN = (r"(?:died|has died|passed away|has passed away|passed on|is dead|was put down|had to be put down|"
            r"was put to sleep)")
#: "My dog died last year", "Our old cat passed away", "Rex passed away in May": what follows the verb is when or why.
_GONE_EN = lazy_regex(
    r"^(?:(?:sadly|unfortunately|so|but|and|actually)\s*,?\s+)?(?:(?:my|our)\s+(?:(?:old|sweet|poor|little|beloved)\s+)?"
    rf"(?P<kind>{patterns_en._ANIMALS})|(?P<name>(?-i:[A-Z][a-z]+)))\s+(?:recently\s+|just\s+|sadly\s+)?"
    rf"{_DIED_EN}\b", _IC)
#: "We gave our dog away", "We gave away our cat", "I had to rehome my dog", "We had to put our dog down".
_GIVEN_EN = lazy_regex(
    r"^(?:(?:sadly|unfortunately|so|but|and|actually)\s*,?\s+)?(?:i|we)\s+(?:had to\s+|recently\s+|just\s+)?"
    r"(?:gave|give|rehomed|put)\s+(?:away\s+|up\s+)?(?:my|our)\s+"
    rf"(?P<kind>{patterns_en._ANIMALS})(?:\s+(?:away|up|down|up for adoption))?\b", _IC)
#: 我的狗去年去世了, 我家猫死了, 我们家的狗上个月走丢了 is not read (lost, maybe found); 旺财去世了.
_GONE_ZH = lazy_regex(rf"^(?:我们家的?|我家的?|我的)(?P<kind>{patterns_zh._ANIMALS})[^，,。！!]{{0,6}}?"
                      r"(?:去世|死|病死|老死|没)了")
#: 旺财去世了, 旺财去年去世了: 去世 only (死了 ends 累死了, 笑死了, which are no deaths).
_NAMED_ZH = lazy_regex(r"^(?P<name>[\u4e00-\u9fff]{2,3}?)(?:去年|今年|上个月|上周|前几天|昨天|前天|最近|已经)?去世了$")
#: 我们把狗送人了, 我们把猫送走了.
_GIVEN_ZH = lazy_regex(r"^(?:我们|我)(?:已经|前几天|去年|上个月)?把(?:家里的|我们家的|我的)?"
                       rf"(?P<kind>{patterns_zh._ANIMALS})(?:送人|送走|送给别人)了")


def gone(clause: str, lang: str) -> list[Finding]:
    """The withdrawal of the pet ``clause`` says died or was given away (the module docstring), or ``[]``.

    >>> [(f.key, f.value, f.retract) for f in gone("My dog died last year", "en")]
    [('pet', 'dog', True)]
    >>> [f.value for f in gone("我的狗去年去世了", "zh")], gone("My dog is sleeping", "en")
    (['狗'], [])
    """
    text = clause.strip().rstrip(".!。！")
    if lang == "zh":
        m = _GONE_ZH.match(text) or _GIVEN_ZH.match(text) or _NAMED_ZH.match(text)
    else:
        m = _GONE_EN.match(text) or _GIVEN_EN.match(text)
    if m is None:
        return []
    said = (m.groupdict().get("kind") or "").lower() or m.group("name")
    if "name" in m.groupdict() and m.group("name") and (
            kin.is_relative(said) or said in subject_en.NOT_NAMES or said.startswith(("我", "他", "她"))):
        return []  # "Mom passed away", 爷爷去世了: a person, no pet
    return [Finding("pet", said, CONF_STATED, clause, retract=True, statement="")]
