"""A dated reminder asked of the assistant is the user's own plan for that day.

"Remind me to pay the electricity bill on Friday", 提醒我周五交电费, 明天下午三点提醒我开会 say what the user has to do
and when, as "I need to pay the electricity bill on Friday" and 我周五要交电费 do; they stored nothing (a request to
the assistant, no statement of the user's). ``as_plan`` reads such a request as that statement, so the plan rules
(``preferences_zh._event``, ``events_en``) find the scheduled event, dated. A reminder with no time ("Remind me to
drink water", 提醒我多喝水) stays a request: a standing one is an instruction's, not a plan.
"""

from __future__ import annotations

import re

from memstrata.extract.timex import mentions_time, time_span
from memstrata.text.regex import lazy_regex

#: A clinic's department one goes to (去牙科, 去眼科): a place nearby, as 去医院 is (``preferences_zh``: no trip);
#: 科 alone opens names (科罗拉多).
CLINIC_ZH = r"(?:牙|眼|皮肤|骨|儿|妇|产|内|外|口腔|耳鼻喉|中医|心理|精神|急诊)科"
#: 去 before a place stays (提醒我去牙科: going to the dentist; 提醒我去交电费 is 交电费): a place named by its kind.
_PLACE = rf"[\u4e00-\u9fff]{{0,4}}?(?:医院|诊所|机场|车站|银行|超市|公司|学校|健身房)|{CLINIC_ZH}"
#: 提醒我周五交电费, 记得提醒我下周一给我妈打电话, 明天下午三点提醒我开会: the time said before 提醒 or
#: at the head of what follows it.
_ZH = lazy_regex(r"^(?:请|麻烦你?|帮我|你|到时候?)*(?P<t>[^，,。！!？?]{0,12}?)(?:记得|请|麻烦你?|帮我|到时候?)*"
                 rf"提醒(?:一下)?我(?:一下)?[，,：:\s]*(?:要|去(?=[\u4e00-\u9fff]{{2}})(?!{_PLACE}))?"
                 r"(?P<v>[^？?]+)$")
#: An hour or a part of the day after the day: 下午三点 of 明天下午三点开会.
#: The hour (下午三点, 9点半, 八点十分) as Chinese says it, for the plan rules too (``preferences_zh``).
HOUR_ZH = r"[\d一二两三四五六七八九十]{1,3}点(?:半|[\d一二三四五六七八九十]+分)?"
PART_OF_DAY_ZH = r"(?:早上|上午|中午|下午|傍晚|晚上|凌晨)"
_CLOCK_ZH = lazy_regex(rf"{PART_OF_DAY_ZH}?(?:{HOUR_ZH})?")
#: "Remind me to pay the bill on Friday", "Please remind me on Friday to pay the bill".
_EN = lazy_regex(r"^(?:please\s+|pls\s+)?(?:remember\s+to\s+)?remind\s+me\s+(?P<t>(?:on|at|in|next|this|tomorrow|"
                 r"tonight)\b[^,]*?\s+)?to\s+(?P<v>[^?]+?)(?P<end>[.!]*)$", re.IGNORECASE)


def as_plan(sentence: str) -> str:
    """``sentence`` said as the plan it reminds of when it asks for a dated reminder, else unchanged.

    >>> as_plan("提醒我周五交电费"), as_plan("明天下午三点提醒我开会"), as_plan("提醒我多喝水")
    ('我周五要交电费', '我明天下午三点要开会', '提醒我多喝水')
    >>> as_plan("Remind me to pay the electricity bill on Friday."), as_plan("Remind me to drink water")
    ('I need to pay the electricity bill on Friday.', 'Remind me to drink water')
    """
    if "提醒" in sentence and (m := _ZH.match(sentence.strip())) is not None:
        return _zh_plan(m.group("t").strip(), m.group("v").strip()) or sentence
    if (m := _EN.match(sentence.strip())) is not None and mentions_time(sentence):
        when = m.group("t") or ""
        return f"I need to {m.group('v')}{' ' + when.strip() if when else ''}{m.group('end')}"
    return sentence


def _zh_plan(before: str, said: str) -> str | None:
    """我 + the time + 要 + what is to be done, or ``None`` when no time is said where a plan says it."""
    if before:  # 明天下午三点提醒我开会: all before 提醒 must be the time
        span = time_span(before)
        clock = _CLOCK_ZH.match(before, span[1]) if span else _CLOCK_ZH.match(before)
        if clock is None or clock.end() != len(before) or (span is None and not clock.group(0)) \
                or (span is not None and span[0] != 0):
            return None
        return f"我{before}要{said}"
    span = time_span(said)
    if span is None or span[0] != 0:
        return None  # 提醒我给我妈打电话: no day, or one said inside what is to be done
    clock = _CLOCK_ZH.match(said, span[1])
    end = clock.end() if clock else span[1]
    return f"我{said[:end]}要{said[end:].lstrip('，, ')}"
