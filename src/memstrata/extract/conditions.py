"""Health conditions the user states about themselves ("I have asthma", 我有糖尿病) → ``health.condition``.

Only conditions named in a small lexicon of common chronic conditions are read, and the
condition must be the whole object of the clause: "I have two cats", "I have a meeting" and
我有一个问题 name none, and "I have asthma" is read while "I have an asthma inhaler" is not.
Transient illness (a cold, the flu, a headache) is left out on purpose: it is not a standing fact.
The lexicon is generic (everyday English and Chinese names), not keyed to any dataset.

The value is the canonical name in the clause's language ("I'm diabetic" → ``diabetes``,
我乳糖不耐 → ``乳糖不耐受``), so a later retraction ("I'm no longer diabetic", 我的哮喘好了)
names the same value. ``health.condition`` is medium sensitivity like ``health.allergy``
(``extract.taxonomy``): stored, as an assistant needs it to act. Mental-health conditions
(depression, anxiety, ADHD) are left out of the lexicon on purpose: they stay in the episode
only, not as a plain-text fact. A pregnancy is kept as a condition ("I'm pregnant", "My wife is pregnant",
我老婆怀孕了): it lasts months and bears on food, drugs and travel.
"""

from __future__ import annotations

import re

from memstrata.extract.clauses import CONF_STATED, Finding, clean_value, without_time
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE

#: English surface forms (nouns) → canonical value. Longest forms are tried first.
_EN_NOUNS: dict[str, str] = {
    "diabetes": "diabetes", "type 1 diabetes": "type 1 diabetes", "type 2 diabetes": "type 2 diabetes",
    "type one diabetes": "type 1 diabetes", "type two diabetes": "type 2 diabetes",
    "asthma": "asthma", "celiac disease": "celiac disease", "coeliac disease": "celiac disease",
    "celiac": "celiac disease", "coeliac": "celiac disease",
    "lactose intolerance": "lactose intolerance", "gluten intolerance": "gluten intolerance",
    "high blood pressure": "high blood pressure", "hypertension": "high blood pressure",
    "low blood pressure": "low blood pressure", "high cholesterol": "high cholesterol",
    "migraines": "migraines", "migraine": "migraines", "chronic migraines": "migraines",
    "epilepsy": "epilepsy", "arthritis": "arthritis", "rheumatoid arthritis": "rheumatoid arthritis",
    "ibs": "IBS", "irritable bowel syndrome": "IBS", "crohn's disease": "Crohn's disease", "crohn's": "Crohn's disease",
    "ulcerative colitis": "ulcerative colitis", "eczema": "eczema", "psoriasis": "psoriasis",
    "anemia": "anemia", "anaemia": "anemia",
    "hypothyroidism": "hypothyroidism", "hyperthyroidism": "hyperthyroidism", "pcos": "PCOS",
    "acid reflux": "acid reflux", "gerd": "acid reflux", "sleep apnea": "sleep apnea", "sleep apnoea": "sleep apnea",
    "insomnia": "insomnia", "gout": "gout", "copd": "COPD", "heart disease": "heart disease",
    "a heart condition": "a heart condition", "kidney disease": "kidney disease",
    "multiple sclerosis": "multiple sclerosis", "ms": "multiple sclerosis",
    "parkinson's": "Parkinson's disease", "parkinson's disease": "Parkinson's disease",
    "fibromyalgia": "fibromyalgia", "hay fever": "hay fever", "tinnitus": "tinnitus",
}
#: English adjectives ("I'm diabetic") → canonical value.
_EN_ADJECTIVES: dict[str, str] = {
    "diabetic": "diabetes", "type 1 diabetic": "type 1 diabetes", "type 2 diabetic": "type 2 diabetes",
    "asthmatic": "asthma", "lactose intolerant": "lactose intolerance", "lactose-intolerant": "lactose intolerance",
    "gluten intolerant": "gluten intolerance", "gluten-intolerant": "gluten intolerance",
    "celiac": "celiac disease", "coeliac": "celiac disease", "epileptic": "epilepsy",
    "anemic": "anemia", "anaemic": "anemia", "hypertensive": "high blood pressure",
    "insomniac": "insomnia", "pregnant": "pregnancy",
}
#: Chinese surface forms → canonical value.
_ZH_NOUNS: dict[str, str] = {
    "乳糖不耐受": "乳糖不耐受", "乳糖不耐": "乳糖不耐受", "乳糖不耐症": "乳糖不耐受",
    "麸质不耐受": "麸质不耐受", "麸质不耐": "麸质不耐受", "乳糜泻": "乳糜泻",
    "糖尿病": "糖尿病", "一型糖尿病": "1型糖尿病", "二型糖尿病": "2型糖尿病", "1型糖尿病": "1型糖尿病",
    "2型糖尿病": "2型糖尿病", "哮喘": "哮喘", "高血压": "高血压", "低血压": "低血压", "高血脂": "高血脂",
    "偏头痛": "偏头痛", "癫痫": "癫痫", "关节炎": "关节炎", "类风湿关节炎": "类风湿关节炎",
    "肠易激综合征": "肠易激综合征", "湿疹": "湿疹", "银屑病": "银屑病", "牛皮癣": "银屑病",
    "贫血": "贫血", "甲减": "甲减", "甲亢": "甲亢", "胃食管反流": "胃食管反流", "胃炎": "胃炎",
    "睡眠呼吸暂停": "睡眠呼吸暂停", "失眠症": "失眠症", "痛风": "痛风", "心脏病": "心脏病", "肾病": "肾病",
    "鼻炎": "鼻炎", "过敏性鼻炎": "过敏性鼻炎", "慢阻肺": "慢阻肺",
    "多囊卵巢综合征": "多囊卵巢综合征", "帕金森": "帕金森病", "帕金森病": "帕金森病", "怀孕": "怀孕",
}
#: Conditions a bare 我X states (我乳糖不耐受, 我高血压): stative in Chinese without 有.
#: 我失眠 / 我低血糖 are left out: they usually tell of tonight, not of a condition.
_ZH_STATIVE = frozenset({"乳糖不耐受", "乳糖不耐", "麸质不耐受", "麸质不耐", "高血压", "低血压", "高血脂", "贫血",
                         "怀孕"})
#: A state said with "is" rather than "has" (a pregnancy lasts months and shapes what one eats and where one
#: travels, so it is kept as a condition is): its statement says so ("is pregnant", 怀孕了), not "has pregnancy".
_SAID_AS: dict[str, str] = {"pregnancy": "is pregnant", "怀孕": "怀孕了"}


#: Conditions Chinese states bare that tell of tonight as often as of a condition (我失眠, 我偏头痛): one when said to
#: last or to be severe (``_LASTING_ZH``), with the canonical value.
_ZH_RECURRENT: dict[str, str] = {"失眠": "失眠症", "失眠症": "失眠症", "偏头痛": "偏头痛", "胃炎": "胃炎",
                                 "鼻炎": "鼻炎", "湿疹": "湿疹", "哮喘": "哮喘", "痛风": "痛风", "贫血": "贫血"}


#: English and Chinese canonical values naming one condition, for ``extract.twins``: "I have asthma"
#: then 我有哮喘 is one condition, and 我的哮喘好了 withdraws "asthma" too.
TWINS: tuple[tuple[str, str], ...] = (
    ("diabetes", "糖尿病"), ("type 1 diabetes", "1型糖尿病"), ("type 2 diabetes", "2型糖尿病"), ("asthma", "哮喘"),
    ("celiac disease", "乳糜泻"), ("lactose intolerance", "乳糖不耐受"), ("gluten intolerance", "麸质不耐受"),
    ("high blood pressure", "高血压"), ("low blood pressure", "低血压"), ("high cholesterol", "高血脂"),
    ("migraines", "偏头痛"), ("epilepsy", "癫痫"), ("arthritis", "关节炎"), ("rheumatoid arthritis", "类风湿关节炎"),
    ("IBS", "肠易激综合征"), ("eczema", "湿疹"), ("psoriasis", "银屑病"), ("anemia", "贫血"),
    ("hypothyroidism", "甲减"), ("hyperthyroidism", "甲亢"), ("acid reflux", "胃食管反流"),
    ("sleep apnea", "睡眠呼吸暂停"), ("insomnia", "失眠症"), ("gout", "痛风"), ("heart disease", "心脏病"),
    ("kidney disease", "肾病"), ("COPD", "慢阻肺"), ("PCOS", "多囊卵巢综合征"), ("Parkinson's disease", "帕金森病"),
    ("pregnancy", "怀孕"),
)


def _condition(value: str, clause: str) -> Finding:
    """The finding of ``value``, stated as said when it is a state one is in (``_SAID_AS``)."""
    return Finding("health.condition", value, CONF_STATED, clause, statement=_SAID_AS.get(value, ""))


def _alternation(forms: dict[str, str] | frozenset[str]) -> str:
    return "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))


_MOD_EN = r"(?:(?:mild|severe|bad|chronic|serious|some|really bad|pretty bad)\s+)?"
_NOUN_EN = _alternation(_EN_NOUNS)
_ADJ_EN = _alternation(_EN_ADJECTIVES)
_TAIL_EN = r"(?:\s+(?:since|for|from|because|so|which|that|as well|too|also|though|now)\b.*)?"
#: "I have asthma", "I've got type 2 diabetes", "I suffer from migraines", "I was diagnosed with celiac disease".
_HAVE_EN = lazy_regex(
    r"^(?:i\s+(?:also\s+|actually\s+)?(?:have|have got|suffer from|live with|"
    r"(?:was|got)(?:\s+recently|\s+just)?\s+diagnosed with)"
    r"|(?:i've|i have)\s+(?:also\s+)?(?:got|had|been diagnosed with))\s+"
    rf"{_MOD_EN}(?P<v>(?:(?:{_NOUN_EN})(?:\s*(?:,|and|&)\s*{_MOD_EN})?)+){_TAIL_EN}$", _IC)
_IM_EN = lazy_regex(rf"^(?:i'm|i am)\s+(?:also\s+|actually\s+|severely\s+|very\s+|a bit\s+|slightly\s+)?"
                    rf"(?:an?\s+)?(?P<v>(?:(?:{_ADJ_EN})(?:\s*(?:,|and|&)\s*)?)+){_TAIL_EN}$", _IC)
#: "I'm no longer diabetic", "I don't have asthma (anymore)", "My asthma is gone". A plain denial
#: withdraws as well: a condition the user says they do not have is not one to keep.
_NO_MORE_EN = r"(?:\s+(?:anymore|any more|any longer|now))?"
_RETRACT_EN = lazy_regex(
    rf"^(?:i'm|i am)\s+(?:no longer|not)\s+(?:an?\s+)?(?P<a>{_ADJ_EN}){_NO_MORE_EN}$"
    rf"|^i\s+(?:no longer have|no longer suffer from|don't have|do not have|don't suffer from)\s+{_MOD_EN}"
    rf"(?P<n>{_NOUN_EN}){_NO_MORE_EN}$"
    rf"|^my\s+(?P<m>{_NOUN_EN})\s+(?:is|has)\s+(?:gone|cured|been cured|healed|over)$"
    # a past state: "I used to have asthma" (as "I used to be allergic to peanuts", patterns_en)
    rf"|^i\s+used\s+to\s+(?:have|suffer from)\s+{_MOD_EN}(?P<u>{_NOUN_EN})$"
    rf"|^i\s+used\s+to\s+be\s+(?:an?\s+)?(?P<b>{_ADJ_EN})$", _IC)


def _canonical_en(value: str, table: dict[str, str]) -> list[str]:
    out = []
    for part in re.split(r"\s*(?:,|\band\b|&)\s*", value.strip(), flags=_IC):
        part = re.sub(rf"^{_MOD_EN}", "", part.strip(), flags=_IC).lower()
        if part in table and table[part] not in out:
            out.append(table[part])
    return out


def find_en(clause: str, ctx: object) -> list[Finding]:
    """``health.condition`` findings in one English clause (a pattern of ``patterns_en``)."""
    m = _RETRACT_EN.match(clause)
    if m:
        if m.group("a") or m.group("b"):
            values = _canonical_en(m.group("a") or m.group("b"), _EN_ADJECTIVES)
        else:
            values = _canonical_en(m.group("n") or m.group("m") or m.group("u"), _EN_NOUNS)
        return [Finding("health.condition", v, CONF_STATED, clause, retract=True) for v in values]
    text = without_time(clause)  # "I was diagnosed with celiac disease last year"
    m = _HAVE_EN.match(text)
    values = _canonical_en(m.group("v"), _EN_NOUNS) if m else []
    if not m and (m := _IM_EN.match(text)):
        values = _canonical_en(m.group("v"), _EN_ADJECTIVES)
    return [_condition(v, clause) for v in values]


_NOUN_ZH = _alternation(_ZH_NOUNS)
_MOD_ZH = r"(?:轻微的?|轻度的?|严重的?|慢性|先天性|点|一点)?"
#: 我有哮喘 / 我患有糖尿病 / 我得了痛风 / 我被诊断出(有)糖尿病 / 我是糖尿病患者 / 我乳糖不耐受.
_HAVE_ZH = lazy_regex(
    rf"^我(?:也|还|其实|一直|从小就?|本身就?)*(?:有|患有|得了|得过|患上了|被诊断出(?:了|有|患有)?|被确诊(?:为|了|有)?)"
    rf"{_MOD_ZH}(?P<v>(?:{_NOUN_ZH})(?:[、和跟及与](?:{_NOUN_ZH}))*)(?:的毛病|的问题|这个病)?$"
    rf"|^我(?:也|还|其实|一直)*是(?P<p>{_NOUN_ZH})(?:患者|病人)$"
    rf"|^我(?:也|还|其实|一直|从小就?|有点|有一点)*(?:对)?(?P<s>{_alternation(_ZH_STATIVE)})$"
    # 我血压高, 我血压一直偏高: the measure said high or low is the condition (高血压), as "I have high blood pressure"
    rf"|^我的?(?P<m>血压|血脂)(?:也|还|一直|有点|有些|比较|偏|很|特别|长期)*(?P<d>高|低)$")
#: 我的哮喘好了 / 我的糖尿病已经治好了 / 我不再贫血了 / 我已经没有哮喘了 / 我没有糖尿病. The clause
#: reaches here without its final 了 (``clean_value``); a plain denial withdraws as well: a condition
#: the user says they do not have is not one to keep.
_RETRACT_ZH = lazy_regex(
    rf"^我的(?P<v>{_NOUN_ZH})(?:已经|早就|现在|基本|完全)*(?:好|治好|痊愈|治愈|没|好彻底)$"
    rf"|^我(?:现在|已经|其实|并)*(?:不再|没有|没|不|再也没有)(?:有|患有|得)?(?P<w>{_NOUN_ZH})$"
    # a past state: 我以前有哮喘 / 我小时候得过哮喘 (as 我以前对花生过敏, patterns_zh)
    rf"|^我(?:以前|之前|过去|从前|小时候)(?:有|患有|得过|是|有过)?(?P<p>{_NOUN_ZH})(?:患者|病人)?$")


_SPAN_ZH = r"(?:最近|一直|长期|经常|老是|总是|这段时间|这阵子|这几个月|近来|常年|每天晚上)"
_SEVERE_ZH = r"(?:比较|很|挺|特别|非常|有点|越来越|相当|十分)?(?:严重|厉害)"
#: 我最近失眠比较严重, 我一直失眠, 我失眠很严重, 我长期偏头痛: a condition said to last (最近, 一直, 长期) or to be
#: severe (严重, 厉害); 我失眠了 and 我昨晚失眠 tell of one night.
_LASTING_ZH = lazy_regex(
    rf"^我(?:也|还|其实)*(?P<span>{_SPAN_ZH}+)?(?:都|也|会|有点|有些)*(?P<r>{_alternation(frozenset(_ZH_RECURRENT))})"
    rf"(?:的(?:问题|情况|毛病))?(?P<severe>{_SEVERE_ZH})?$")


def find_zh(clause: str, ctx: object) -> list[Finding]:
    """``health.condition`` findings in one Chinese clause (a pattern of ``patterns_zh``)."""
    m = _RETRACT_ZH.match(clause_zh(clause))
    if m:
        value = _ZH_NOUNS[m.group("v") or m.group("w") or m.group("p")]
        return [Finding("health.condition", value, CONF_STATED, clause, retract=True)]
    m = _HAVE_ZH.match(clause_zh(clause))
    if not m:
        lasting = _LASTING_ZH.match(clause_zh(clause))
        if lasting is None or not (lasting.group("span") or lasting.group("severe")):
            return []
        return [Finding("health.condition", _ZH_RECURRENT[lasting.group("r")], CONF_STATED, clause)]
    if m.group("m"):
        said = f"{m.group('d')}{m.group('m')}"  # 血压高: 高血压
        return [_condition(_ZH_NOUNS[said], clause)] if said in _ZH_NOUNS else []
    found = m.group("v") or m.group("p") or m.group("s")
    values = list(dict.fromkeys(_ZH_NOUNS[p] for p in re.split(r"[、和跟及与]", found) if p))
    return [_condition(v, clause) for v in values]


def clause_zh(clause: str) -> str:
    """The clause as the patterns read it: edge punctuation and particles off (我有哮喘的 → 我有哮喘)."""
    return re.sub(r"的$", "", clean_value(clause, "zh"))
