"""A medicine the speaker takes as a standing matter: "I take metformin every morning", "I'm on lisinopril",
我在吃降压药, 我每天吃降糖药 (``health.medication``).

Read as a bare habit ("take metformin every morning") it was one more routine beside "take the bus"; an agent
planning a trip, a meal or a dose needs it as a health fact, one of many (a value each, like a condition). What is a
medicine is said by the thing taken, never by the verb ("I take the bus", 我吃火锅 take none): in English a word of
medicine (medication, meds, pills, insulin, an inhaler, antidepressants ...), a listed common drug, or a drug-class
ending (-statin, -pril, -sartan, -olol, -formin, -prazole, -dipine, -oxetine, -thyroxine); in Chinese a name ending
in 药 (降压药, 降糖药, 中药; 药 alone names none), or 胰岛素. When and why it is taken stay in the statement ("takes
metformin every morning"); a dose for now ("I took an aspirin today", "I'm taking antibiotics this week") is no
standing medicine.
"""

from __future__ import annotations

import re

from memstrata.extract.clauses import CONF_STATED, Finding
from memstrata.text.regex import lazy_regex

KEY = "health.medication"
#: The key's description (``taxonomy.key_spec``): many values, health information as a condition is.
DESCRIPTION = ("a medicine the user takes regularly, such as metformin or blood pressure pills",
               "用户长期服用的药物，比如降压药或二甲双胍")

_DRUG_WORDS_EN = (r"medication|medications|medicine|meds|pills|tablets|insulin|an inhaler|inhaler|antidepressants?|"
                  r"blood thinners?|birth control|the pill|hormones|thyroid medication|beta blockers?|statins?|"
                  r"metformin|insulin|lisinopril|levothyroxine|amlodipine|metoprolol|omeprazole|losartan|warfarin|"
                  r"sertraline|fluoxetine|escitalopram|gabapentin|prednisone|albuterol|ozempic|synthroid|lithium|"
                  r"adderall|ritalin|\w+(?:statin|pril|sartan|olol|formin|prazole|dipine|oxetine|thyroxine)")
#: How often or why, after the medicine: "every morning", "twice a day", "for my blood pressure".
_WHEN_EN = (r"(?:\s+(?:every (?:morning|day|night|evening)|each (?:morning|day|night)|daily|once a day|twice a day|"
            r"in the morning|at night|before bed|with (?:breakfast|dinner|meals)|for my [a-z ]{3,30}|now|"
            r"these days|regularly))*")
_EN = lazy_regex(
    r"^(?:i\s+(?:(?:also|still|now|currently|have to|need to|usually|always|regularly)\s+)*(?:take|am taking|am on|"
    r"have been taking|use)|i'm\s+(?:(?:also|still|now|currently)\s+)*(?:taking|on)|i've been taking)\s+"
    # a dose before the medicine ("one pill of lisinopril", "20 mg of simvastatin") is how much, no part of it
    r"(?:(?:one|two|three|half a|a|an|\d+)\s*(?:pills?|tablets?|capsules?|mg|milligrams?|units?)\s+of\s+)?"
    rf"(?P<v>(?:(?:my|a|an|some|daily|blood pressure|diabetes|heart|allergy|sleeping|thyroid)\s+)*"
    rf"(?:{_DRUG_WORDS_EN})(?:\s+(?:pills?|tablets?|medication|medicine))?){_WHEN_EN}$", re.IGNORECASE)
#: A dose for now, not a standing medicine.
_FOR_NOW = lazy_regex(r"\b(?:today|tonight|this (?:week|morning|evening)|right now|for (?:a|the) (?:week|few days)|"
                      r"until|when i|if i)\b|今天|这周|这几天|暂时|的时候", re.IGNORECASE)
_ZH = lazy_regex(r"^我(?:现在|目前|最近|一直|也|还|每天|天天|长期|早上|晚上|每天早上|每天晚上)*(?:在|正在)?"
                 # 吃了 / 吃过 a medicine is one dose taken (我吃了感冒药 stored 了感冒药), none standing
                 r"(?:每天|天天|长期|按时)?(?:吃|服用|服|用|打)(?:着)?(?![了过])"
                 # a dose before the medicine (一片降压药, 两粒, 10毫克) is how much, no part of what is taken
                 r"(?:[一二两三四五六七八九十半\d]+(?:片|粒|颗|支|袋|包|针|勺|毫克|mg)(?:的)?)?"
                 r"(?P<v>[\u4e00-\u9fff]{1,5}药|胰岛素)(?:片)?$")
_OWN = lazy_regex(r"^(?:my|a|an|some)\s+", re.IGNORECASE)


def find_en(clause: str, ctx: object) -> list[Finding]:
    """The standing medicine an English clause says the speaker takes ("I take metformin every morning" →
    ``metformin``, stated "takes metformin every morning"), else ``[]``."""
    text = clause.strip().rstrip(".!")
    m = _EN.match(text)
    if m is None or _FOR_NOW.search(getattr(ctx, "sentence", clause)):
        return []
    value = _OWN.sub("", m.group("v")).strip()
    statement = "takes " + text[m.start("v"):].removeprefix("my ")
    return [Finding(KEY, value, CONF_STATED, clause, statement=statement)]


def find_zh(clause: str, ctx: object) -> list[Finding]:
    """The standing medicine a Chinese clause says the speaker takes (我在吃降压药 → ``降压药``), else ``[]``."""
    m = _ZH.match(clause.strip().rstrip("。！!"))
    if m is None or _FOR_NOW.search(getattr(ctx, "sentence", clause)) or m.group("v") in ("药", "吃药"):
        return []
    said = clause.strip().rstrip("。！!").removeprefix("我")  # 每天吃降糖药, 在吃降压药
    return [Finding(KEY, m.group("v"), CONF_STATED, clause, statement=said)]
