"""What a doctor or another carer told the speaker to do: "My doctor said I should cut back on salt", "My doctor
told me to walk every day", 医生说我要少吃盐, 医生让我少喝酒 (``health.advice``, the user's own fact).

Reported speech is otherwise no statement of the user's ("My friend said I should try yoga", 她说我应该试试瑜伽:
an opinion), but advice from one who cares for the user's health is a standing instruction about them that an
agent planning a meal or a week must keep. Only such an adviser (a doctor, a dentist, a dietitian, a therapist, a
trainer; 医生, 大夫, 营养师) and only what they said to do ("should", "need to", "told me to"; 要, 应该, 让我): "My
doctor said I have diabetes" is a condition (the condition rules'), "My doctor said I might need surgery" a
possibility, and a friend's advice is not read.
"""

from __future__ import annotations

import re

from memstrata.extract.clauses import CONF_PREFER, Finding
from memstrata.text.regex import lazy_regex

KEY = "health.advice"
#: The key's description (``taxonomy.key_spec``): many values, health information.
DESCRIPTION = ("what a doctor or another carer told the user to do for their health, such as cut back on salt",
               "医生等给用户的健康建议，比如少吃盐")

#: The carers whose advice is kept, and whom "Dr Patel is my dentist" names (``possessive_en.named_first``).
CARERS_EN = (r"doctor|doc|gp|physician|dentist|cardiologist|dermatologist|endocrinologist|nutritionist|dietitian|"
           r"dietician|therapist|physio|physiotherapist|physical therapist|personal trainer|trainer|optometrist|"
           r"nurse|surgeon|specialist")
_EN = lazy_regex(
    rf"^my\s+(?P<who>{CARERS_EN})\s+(?:(?:has|had|just|also|always)\s+)*"
    r"(?:said|says|told me|tells me|advised(?:\s+me)?|recommended|recommends|suggested|suggests|wants me to|insists)"
    r"\s+(?:that\s+)?(?:i\s+(?:should|need to|must|have to|ought to|had to|need)\s+|to\s+|i\s+(?=[a-z]+\s))?"
    r"(?P<v>(?!(?:i|i'm|it|it's|that|this|there|my|might|may|could|have|has|had|am|was|were|got|will|would|can|"
    r"do|did|don't|didn't|look|looked|seem|seemed|am)\b)[a-z][\w' -]{3,60}?)[.!]*$", re.IGNORECASE)
_WHO_ZH = "医生|大夫|主治医生|家庭医生|牙医|营养师|理疗师|康复师|私教|健身教练"
_ZH = lazy_regex(rf"^(?:我的?)?(?P<who>{_WHO_ZH})(?:也|还|一直)?"
                 r"(?:说|跟我说|告诉我|建议我?|让我|叫我|要我|嘱咐我|要求我)(?:我)?(?:要|应该|得|需要|必须|最好|尽量)?(?P<v>(?:多|少|别|不要|不能|每天|戒|减少|控制|注意)"
                 r"[^，。！？?]{1,16}?)[。！!]*$")


def find(sentence: str, lang: str) -> list[Finding]:
    """The advice ``sentence`` reports from a carer of the user's health ("My doctor said I should cut back on salt"
    → ``health.advice`` = ``cut back on salt``, stated "doctor advised: cut back on salt"), else ``[]``."""
    m = (_ZH if lang == "zh" else _EN).match(sentence.strip())
    if m is None:
        return []
    who, value = m.group("who"), m.group("v").strip()
    statement = f"{who}建议{value}" if lang == "zh" else f"{who.lower()} advised: {value}"
    return [Finding(KEY, value, CONF_PREFER, sentence, statement=statement)]
