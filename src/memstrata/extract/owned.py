"""A named thing one has: "I have an Apple Watch", "We own a Roomba", "I just got a Kindle", 我有一个Kindle,
我家有一台洗碗机, 我买了一台扫地机器人.

Having a product is using it: the thing is ``tool.uses`` (the key of every thing used, many at a time), or the
gazetteer's key for a value it names (an iPhone is the phone), or the car one drives for a make of car ("I have a
Tesla": ``extract.vehicles``). Before, each stored nothing. Only a named thing counts: a capitalised name in English
("I have a cold", "I have a meeting at 3", "I have a question" name none; a degree or a grade, "I have an MBA", "I got
an A", is no thing), in Chinese a name in Latin letters after a classifier (一个Kindle) or a machine counted by 台
(一台洗碗机: 我有一个问题, 我有一个想法 name none).
"""

from __future__ import annotations

import re

from memstrata.extract import patterns_en, vehicles
from memstrata.extract.clauses import Finding
from memstrata.extract.shapes import chosen
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
_COUNT_EN = r"(?:an?|one|two|three|my|our|the)"
_EN = lazy_regex(
    r"^(?:i|we)(?:'ve|\s+have)?\s+(?:(?:also|now|still|just|finally|recently|already)\s+)*"
    rf"(?:have|own|got|'ve got|have got|bought)\s+{_COUNT_EN}\s+"
    r"(?:(?:new|old|used|brand[- ]new|second-hand|little)\s+)*"
    r"(?P<v>(?-i:(?:[A-Z]|i(?=[A-Z]))[\w+.-]*(?:\s+[A-Z0-9][\w+.-]*){0,3}))(?:\s+(?:now|too|at home|as well))?$", _IC)
#: Capitalised words that name no thing one has: a degree, a grade, a day, a person's title.
_NOT_A_THING_EN = lazy_regex(r"^(?:phd|mba|ba|bs|bsc|ma|ms|msc|jd|md|ged|masters?|bachelors?|doctorate|[a-f][+-]?|"
                             r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|mr|mrs|ms|dr|i)$", _IC)
_KIN_OR_ANIMAL = lazy_regex(rf"\b(?:{patterns_en._ANIMALS}|{patterns_en._RELATIVES})s?$", _IC)
_ZH = lazy_regex(r"^我(?:们家|们|家)?(?:也|还|现在|已经|刚|刚刚|新|最近)*(?:有|买了|入手了)(?:一|两|二|三)?"
                 r"(?:(?P<cl>台|个|部|块|副)(?:新的?)?(?P<v>[A-Za-z][\w+.-]*(?: [A-Za-z0-9][\w+.-]*){0,3})"
                 r"|台(?:新的?)?(?P<w>[\u4e00-\u9fff]{2,6}))$")


def find(clause: str, lang: str) -> list[Finding]:
    """The named thing ``clause`` says the speaker has ("I have an Apple Watch" → ``tool.uses = Apple Watch``,
    我家有一台洗碗机 → ``洗碗机``); ``[]`` for any other clause."""
    text = clause.strip().rstrip(".!。！")
    if lang == "zh":
        z = _ZH.match(text)
        value = (z.group("v") or z.group("w")) if z else ""
        if not value or value == "车":
            return []
        return vehicles.begun(f"我买了一辆{value}", "zh") or chosen(value, "tool.uses", clause, "zh",
                                                                    statement=f"有{value}")
    m = _EN.match(text)
    if m is None or _NOT_A_THING_EN.match(m.group("v")) or _KIN_OR_ANIMAL.search(m.group("v")):
        return []  # "We just got a Golden Retriever": a pet, the pet rules' (patterns_en)
    value = m.group("v")
    return vehicles.begun(f"I bought a {value}", "en") or chosen(value, "tool.uses", clause, "en",
                                                                  statement=f"has {value}")
