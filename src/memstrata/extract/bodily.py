"""Lasting bodily traits the speaker says they have: "I'm left-handed", 我是左撇子, "I'm colour-blind", 我是色盲,
"I'm nearsighted", 我近视, "I'm O positive", 我是O型血, "I'm 180 cm tall", 我身高180; and what they wear to see or hear:
"I wear glasses", 我戴眼镜 (``identity.vision_aid``), "I wear a hearing aid" (``identity.hearing_aid``).

"I'm X" is read for a trait only when X is on a small closed list, one attribute each, a value at a time
(``identity.handedness``, ``identity.color_vision``, ``identity.eyesight``, ``identity.blood_type``,
``identity.height``): an adjective after "I'm" is mostly the moment ("I'm tired", "I'm late", "I'm left out", "I'm
shy today"), and what lasts is said in few words that a list holds (as ``extract.temperament`` holds temperaments
and ``extract.conditions`` chronic conditions). An occupation ("I'm a nurse") is the identity rules' own. Each value has
one word per language, and the two are twins (``TWINS``, ``extract.twins``): 我是左撇子 after "I'm left-handed"
restates it, "I'm right-handed, actually" supersedes it. The keys are open keys (``taxonomy.key_spec``) described
here in both languages (``described``), the taxonomy's list staying small; "My blood type is O" and 我的身高是180
(``shapes.ATTRIBUTE_KEYS``) name the same keys.
"""

from __future__ import annotations

import re

from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE

#: (key, English value, English surfaces, Chinese surfaces, Chinese value).
TRAITS: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...], str], ...] = (
    ("identity.handedness", "left-handed", ("left-handed", "left handed", "a lefty", "a leftie", "a southpaw"),
     ("左撇子", "左利手", "惯用左手", "习惯用左手"), "左撇子"),
    ("identity.handedness", "right-handed", ("right-handed", "right handed"),
     ("右撇子", "右利手", "惯用右手"), "右撇子"),
    ("identity.handedness", "ambidextrous", ("ambidextrous",), ("左右开弓", "双手都能用"), "左右开弓"),
    ("identity.color_vision", "colour-blind", ("colour-blind", "color-blind", "colour blind", "color blind",
                                                "colorblind", "colourblind", "red-green colour-blind",
                                                "red-green color-blind", "red-green colorblind"),
     ("色盲", "红绿色盲", "色弱"), "色盲"),
    ("identity.eyesight", "nearsighted", ("nearsighted", "near-sighted", "shortsighted", "short-sighted", "myopic"),
     ("近视", "近视眼"), "近视"),
    ("identity.eyesight", "farsighted", ("farsighted", "far-sighted", "longsighted", "long-sighted"),
     ("远视", "远视眼"), "远视"),
)

#: What the speaker wears to see or hear, said with "wear" / 戴 ("I wear glasses", 我戴眼镜), in the layout of
#: ``TRAITS``: a lasting aid, one at a time per sense (contacts after glasses supersede them). "I wear many hats" and
#: "I wear a suit" name nothing on the list.
WORN: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...], str], ...] = (
    ("identity.vision_aid", "glasses", ("glasses", "eyeglasses", "spectacles", "specs", "prescription glasses"),
     ("眼镜", "近视眼镜", "近视镜"), "眼镜"),
    ("identity.vision_aid", "contact lenses", ("contacts", "contact lenses", "contact lens"), ("隐形眼镜", "隐形"),
     "隐形眼镜"),
    ("identity.vision_aid", "reading glasses", ("reading glasses",), ("老花镜", "老花眼镜"), "老花镜"),
    ("identity.hearing_aid", "hearing aid", ("a hearing aid", "hearing aids"), ("助听器",), "助听器"),
)

#: Each key's description, English and Chinese (``taxonomy.key_spec`` for these open keys).
DESCRIPTIONS: dict[str, tuple[str, str]] = {
    "identity.vision_aid": ("what the user wears to see: glasses or contact lenses",
                            "用户戴什么看东西：眼镜或隐形眼镜"),
    "identity.hearing_aid": ("whether the user wears a hearing aid", "用户是否戴助听器"),
    "identity.handedness": ("which hand the user writes with: left-handed or right-handed", "用户是左撇子还是右撇子"),
    "identity.color_vision": ("whether the user is colour-blind", "用户是否色盲"),
    "identity.eyesight": ("whether the user is nearsighted or farsighted", "用户是近视还是远视"),
    "identity.blood_type": ("the user's blood type, such as O or A positive", "用户的血型，比如O型或A型"),
    "identity.height": ("how tall the user is", "用户的身高"),
    "identity.weight": ("how much the user weighs", "用户的体重"),
}

#: The English and Chinese value of each trait, for ``extract.twins``.
TWINS: tuple[tuple[str, str], ...] = tuple((en, zh) for _, en, _, _, zh in (*TRAITS, *WORN))

_BY_EN = {s: (key, en) for key, en, surfaces, _, _ in TRAITS for s in surfaces}
_BY_ZH = {s: (key, zh) for key, _, _, surfaces, zh in TRAITS for s in surfaces}


_WORN_EN = {s: (key, en) for key, en, surfaces, _, _ in WORN for s in surfaces}
_WORN_ZH = {s: (key, zh) for key, _, _, surfaces, zh in WORN for s in surfaces}


def _alternatives(surfaces: list[str]) -> str:
    return "|".join(re.escape(s) for s in sorted(surfaces, key=len, reverse=True))


_WEAR_EN = lazy_regex(
    r"^i\s+(?:(?:always|usually|also|now|still|have to|need to|have always|'ve always)\s+)*(?:wear|worn)\s+"
    rf"(?:a pair of\s+)?(?P<w>{_alternatives(list(_WORN_EN))})"
    r"(?:\s+(?:now|too|every day|all the time|for reading|to read|for driving))?$", _IC)
_WEAR_ZH = lazy_regex(rf"^我(?:一直|平时|也|现在|还|从小就?|需要|得|一直都)*戴(?:着)?(?:一副|副|个)?"
                      rf"(?P<w>{_alternatives(list(_WORN_ZH))})$")


def _worn(clause: str, lang: str) -> list[Finding]:
    """The aid a clause says the speaker wears ("I wear glasses" → ``identity.vision_aid`` = ``glasses``, 我戴眼镜 →
    眼镜), else ``[]``."""
    m = (_WEAR_ZH if lang == "zh" else _WEAR_EN).match(clause.strip().rstrip(".!。！"))
    if m is None:
        return []
    key, value = (_WORN_ZH if lang == "zh" else _WORN_EN)[m.group("w") if lang == "zh" else m.group("w").lower()]
    return [Finding(key, value, CONF_STATED, clause, statement=f"戴{value}" if lang == "zh" else f"wears {value}")]


_EN = lazy_regex(
    rf"^(?:i'm|i am|i've always been|i have always been)\s+(?:(?:actually|naturally|also|totally|completely|"
    rf"partially|slightly|mildly)\s+)*(?P<t>{_alternatives(list(_BY_EN))})(?:\s+(?:actually|too|by birth))?$"
    # blood type: "I'm O positive", "I'm type A", "I'm blood type AB negative" (the letter in capitals: "I'm a")
    r"|^(?:i'm|i am)\s+(?:(?:blood\s+)?type\s+(?P<b>(?-i:AB|A|B|O)(?:\s*(?:positive|negative|\+|-))?)"
    r"|(?P<b3>(?-i:AB|A|B|O)\s*(?:positive|negative|\+|-)))$"
    # height: "I'm 180 cm tall", "I'm 5'10\"", "I'm 6 feet tall", "I'm 1.8 m tall"
    r"|^(?:i'm|i am)\s+(?:about\s+|around\s+|only\s+)?(?P<h>\d+(?:\.\d+)?\s*(?:cm|m|centimet(?:er|re)s|met(?:er|re)s)"
    r"|\d\s*(?:'|ft|feet|foot)\s*(?:\d{1,2}\s*(?:\"|''|in|inches)?)?)(?:\s+tall)?$"
    # weight: "I weigh 70 kg", "I weigh about 150 pounds" (a unit said: "I weigh my options" is none)
    r"|^i\s+(?:now\s+|currently\s+)?weigh\s+(?P<w>(?:about\s+|around\s+|almost\s+|nearly\s+|over\s+|under\s+)?"
    r"\d+(?:\.\d+)?\s*(?:kg|kgs|kilos?|kilograms?|lbs?|pounds?|stone))(?:\s+now)?$", _IC)
_ZH = lazy_regex(
    rf"^我(?:其实|天生|从小|从小就|一直)*(?:是|是个|是一个|有点|有)?(?P<t>{_alternatives(list(_BY_ZH))})$"
    r"|^我(?:是)?(?P<b>(?:AB|A|B|O))型血$|^我的?血型是(?P<b2>(?:AB|A|B|O))型(?:血)?$"
    r"|^我的?身高(?:是|有)?(?P<h>\d{2,3}(?:厘米|公分|cm)?|一米[一二三四五六七八九](?:[一二三四五六七八九])?)$"
    # weight: 我体重70公斤, 我的体重是140斤, 我现在体重大概65kg (a unit said)
    r"|^我(?:现在|目前)?的?体重(?:现在|目前)?(?:是|有)?(?P<w>(?:大概|大约|差不多|将近|不到|超过)?"
    r"[\d一二两三四五六七八九十百]+(?:\.\d+)?(?:公斤|千克|斤|kg|KG|磅)(?:左右|多)?)$")


def find_en(clause: str, ctx: object) -> list[Finding]:
    """The bodily trait an English clause says the speaker has ("I'm left-handed" → ``identity.handedness`` =
    ``left-handed``; "I'm O positive" → ``identity.blood_type`` = ``O positive``), else ``[]``. ``ctx`` is the
    sentence context of ``extract.clause_en`` (unused: no trait on the list is a moment)."""
    m = _EN.match(clause.strip().rstrip(".!"))
    if m is None:
        return _worn(clause, "en")
    if m.group("t"):
        key, value = _BY_EN[m.group("t").lower()]
        return [Finding(key, value, CONF_STATED, clause)]  # "is left-handed"
    if blood := m.group("b") or m.group("b3"):
        value = re.sub(r"\s*\+$", " positive", re.sub(r"\s*-$", " negative", blood))
        value = re.sub(r"\s+", " ", value).replace("Positive", "positive").replace("Negative", "negative")
        return [Finding("identity.blood_type", value, CONF_STATED, clause, statement=f"blood type is {value}")]
    if m.group("w"):
        weight = re.sub(r"\s+", " ", m.group("w").strip())
        return [Finding("identity.weight", weight, CONF_STATED, clause, statement=f"weighs {weight}")]
    height = re.sub(r"\s+", " ", m.group("h").strip())
    return [Finding("identity.height", height, CONF_STATED, clause, statement=f"is {height} tall")]


def find_zh(clause: str, ctx: object) -> list[Finding]:
    """The bodily trait a Chinese clause says the speaker has (我是左撇子 → ``identity.handedness`` = 左撇子; 我是O型血
    → ``identity.blood_type`` = ``O型``; 我身高180 → ``identity.height`` = ``180``), else ``[]``."""
    m = _ZH.match(clause.strip().rstrip("。！!"))
    if m is None:
        return _worn(clause, "zh")
    if m.group("t"):
        key, value = _BY_ZH[m.group("t")]
        return [Finding(key, value, CONF_STATED, clause)]  # stated by the key's template: 是左撇子, 近视
    if blood := m.group("b") or m.group("b2"):
        return [Finding("identity.blood_type", f"{blood.upper()}型", CONF_STATED, clause,
                        statement=f"血型是{blood.upper()}型")]
    if m.group("w"):
        return [Finding("identity.weight", m.group("w"), CONF_STATED, clause, statement=f"体重{m.group('w')}")]
    return [Finding("identity.height", m.group("h"), CONF_STATED, clause, statement=f"身高{m.group('h')}")]


def described(key: str) -> tuple[str, str] | None:
    """The English and Chinese description of a bodily trait's key (``DESCRIPTIONS``), else ``None``."""
    return DESCRIPTIONS.get(key)
