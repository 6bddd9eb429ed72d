"""Routines, contact hours and budgets: the user's day and limits an assistant plans around.

* ``routine.wake`` / ``routine.bed``: "I usually wake up at 6am", 我一般早上6点起床, "I go to bed
  around 11pm", 我每天晚上十一点睡觉. The value is the time as said ("6am", 早上6点); one value at a
  time, and a time restated in the other language is the same value (``extract.when``).
* ``contact.hours``: when not (or only when) to reach the user: "Don't call me before 9am",
  早上9点前别给我打电话, "Only text me after 6pm", "No calls before 9am". The value is the instruction
  without "me" ("don't call before 9am", 早上9点前别打电话; "No calls before 9am" reads as the same).
* ``budget``: "My budget for hotels is $200 a night", 酒店预算每晚500元以内, "Keep hotels under $200
  a night". The value is what it is for and the amount with its unit and bound ("hotel: $200 a
  night", 酒店：每晚500元以内: two budgets of one amount are two values), the label what it is for
  (``Finding.label``), so a new hotel budget replaces the old one (``extract.statements.slot_label``)
  while a flight budget stands beside it. A budget needs
  what it is for and an amount: "my budget is tight" and 这次预算3000 (for nothing named) are not read. The word
  pointing at one trip or purchase is no part of what it is for ("My budget for the trip is $2,000",
  这次旅行预算两万: ``trip`` / 旅行), and a budget that was (上次旅行预算…) is not read.

A time or an amount is required in every pattern: "I usually wake up early" names no time, and
"don't call me" alone is a contact channel refused (``patterns_*._contact``), not hours.
"""

from __future__ import annotations

import re

from memstrata.extract import rescheduled
from memstrata.extract.clauses import CONF_PREFER, CONF_STATED, Finding, clean_value
from memstrata.extract.when import CLOCK_EN, CLOCK_ZH
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE

_OFTEN_EN = (r"(?:(?:now|these days|usually|normally|always|generally|typically|often|mostly|tend to|try to|"
             r"like to)\s+)?")
_DAILY_EN = r"(?:\s+(?:every day|each day|daily|on weekdays|during the week|every morning|every night|most days|" \
            r"most mornings|most nights|these days))?"
_WAKE_EN = lazy_regex(rf"^(?:i|i'm|i am)\s+{_OFTEN_EN}(?:wake up|wake|get up|up|awake)\s+(?:at\s+|around\s+|by\s+|"
                      rf"about\s+|before\s+)?(?P<t>{CLOCK_EN}){_DAILY_EN}$", _IC)
_BED_EN = lazy_regex(rf"^(?:i|i'm|i am)\s+{_OFTEN_EN}(?:go to bed|go to sleep|fall asleep|sleep|get to bed|"
                     rf"in bed|hit the sack|turn in)\s+(?:at\s+|around\s+|by\s+|about\s+|before\s+)?"
                     rf"(?P<t>{CLOCK_EN}){_DAILY_EN}$", _IC)

_OFTEN_ZH = r"(?:现在|最近|一般|通常|平时|每天|每天都|都|基本上|基本|习惯|总是|一直|工作日|平常|大多|经常)*"
#: The part of the day may come before how often (我早上一般六点半起床, 我晚上通常十一点睡): it goes with the hour.
_PART_ZH = r"(?:每天|每)?(?P<part>早上|早晨|清晨|凌晨|上午|中午|下午|傍晚|晚上|夜里|半夜|晚|早)?"
_WAKE_ZH = lazy_regex(rf"^我{_PART_ZH}{_OFTEN_ZH}(?P<t>{CLOCK_ZH})(?:左右|前|之前)?(?:就|都)?(?:起床|起来|起|醒)了?$")
_BED_ZH = lazy_regex(rf"^我{_PART_ZH}{_OFTEN_ZH}(?P<t>{CLOCK_ZH})(?:左右|前|之前)?(?:就|都)?(?:睡觉|睡|上床|入睡)了?$")


def _routine(clause: str, wake: re.Pattern[str], bed: re.Pattern[str]) -> list[Finding]:
    for key, pattern in (("routine.wake", wake), ("routine.bed", bed)):
        m = pattern.match(clause)
        if m:
            value = re.sub(r"\s+(?=[ap]\.?m)", "", m.group("t"), flags=_IC).replace(".", "").lower()
            part = {"晚": "晚上", "早": "早上"}.get(m.group("part") or "", m.group("part") or "") \
                if "part" in pattern.groupindex else ""
            if part and not value.startswith(part):
                value = part + value  # 我早上一般六点半起床: 早上六点半; 我每晚十一点睡: 晚上十一点
            return [Finding(key, value, CONF_STATED, clause)]
    return []


_VERB_EN = r"(?:call|text|email|e-mail|message|ring|phone|contact|ping|bother|disturb)"
_WHEN_EN = (rf"(?:(?:before|after|until|till|past)\s+{CLOCK_EN}(?:\s+on\s+(?:weekdays|weekends))?|on weekends|"
            rf"at night|late at night|during (?:work|working|office) hours|at work|"
            rf"between\s+{CLOCK_EN}\s+and\s+{CLOCK_EN})")
_HOURS_EN = lazy_regex(rf"^(?:please\s+)?(?P<neg>don't|do not|never|please don't)\s+(?P<verb>{_VERB_EN})(?:\s+me)?"
                       rf"\s+(?P<when>{_WHEN_EN})$"
                       rf"|^(?:please\s+)?only\s+(?P<verb2>{_VERB_EN})\s+me\s+(?P<when2>{_WHEN_EN}|in the (?:morning|"
                       rf"afternoon|evening))$"
                       rf"|^no\s+(?P<noun>calls|texts|emails|messages)\s+(?P<when3>{_WHEN_EN})$"
                       # "I prefer to be contacted after 6pm" is "Only contact me after 6pm"
                       rf"|^i\s+(?:prefer|like|want|would (?:like|prefer)|'d (?:like|prefer))\s+to\s+be\s+"
                       rf"(?P<verb4>called|texted|emailed|e-mailed|messaged|contacted|reached|phoned|pinged)\s+"
                       rf"(?:only\s+)?(?P<when4>{_WHEN_EN}|in the (?:morning|afternoon|evening))$", _IC)
#: The verb of "to be contacted" as "contact me" says it.
_ACTIVE = {"called": "call", "texted": "text", "emailed": "email", "e-mailed": "email", "messaged": "message",
           "contacted": "contact", "reached": "reach", "phoned": "phone", "pinged": "ping"}
_REL_ZH = r"(?:之前|以前|之后|以后|过后|前|后)"
_VERB_ZH = r"(?:打电话|打|来电|发消息|发微信|发短信|发信息|联系|打扰|找)"
#: 早上9点前别给我打电话 / 晚上10点以后不要打扰我 / 别在早上9点前给我打电话.
_HOURS_ZH = lazy_regex(
    rf"^(?:请|麻烦)?(?P<t>{CLOCK_ZH})(?P<r>{_REL_ZH})(?:请)?(?:别|不要|不用|勿|请勿)(?:再)?(?:给我|跟我|找我)?"
    rf"(?P<v>{_VERB_ZH})(?:我)?$"
    rf"|^(?:请|麻烦)?(?:别|不要|请勿|勿)(?:在)?(?P<t2>{CLOCK_ZH})(?P<r2>{_REL_ZH})(?:给我|跟我|找我)?(?P<v2>{_VERB_ZH})(?:我)?$")


def _hours_en(clause: str) -> list[Finding]:
    m = _HOURS_EN.match(clause)
    if not m:
        return []
    if m.group("verb"):
        value = f"don't {m.group('verb').lower()} {m.group('when')}"
    elif m.group("verb2"):
        value = f"only {m.group('verb2').lower()} {m.group('when2')}"
    elif m.group("verb4"):  # "I prefer to be contacted after 6pm": one value with "Only contact me after 6pm"
        value = f"only {_ACTIVE[m.group('verb4').lower()]} {m.group('when4')}"
    else:  # "No calls before 9am" is "Don't call me before 9am": one value, so restating it is no second fact
        value = f"don't {m.group('noun').lower().removesuffix('s')} {m.group('when3')}"
    return [Finding("contact.hours", clean_value(value, "en"), CONF_PREFER, clause)]


def _hours_zh(clause: str) -> list[Finding]:
    m = _HOURS_ZH.match(clause)
    if not m:
        return []
    time, rel, verb = (m.group("t"), m.group("r"), m.group("v")) if m.group("t") else (
        m.group("t2"), m.group("r2"), m.group("v2"))
    return [Finding("contact.hours", f"{time}{rel}别{verb}", CONF_PREFER, clause)]


_AMOUNT_EN = (r"(?:[$€£¥]\s?\d[\d,]*(?:\.\d+)?k?|\d[\d,]*(?:\.\d+)?k?\s*(?:dollars|bucks|usd|euros?|eur|pounds|gbp|"
              r"yuan|rmb|cny|yen))")
_BOUND_EN = r"(?:(?:about|around|roughly|up to|under|below|less than|no more than|at most|max|maximum|approximately|" \
            r"within|between)\s+)?"
_PER_EN = r"(?:\s+(?:a|an|per)\s+(?:night|day|person|month|week|ticket|trip|head|year|hour|meal))?"
_VALUE_EN = rf"{_BOUND_EN}{_AMOUNT_EN}(?:\s*(?:-|to|and)\s*{_AMOUNT_EN})?{_PER_EN}"
_FOR_EN = r"[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?"
_BUDGET_EN = lazy_regex(
    rf"^my\s+(?:(?P<a>{_FOR_EN})\s+)?budget\s+(?:(?:for|on)\s+(?:a\s+|an\s+)?(?P<b>{_FOR_EN})\s+)?(?:is|'s)\s+(?P<v>{_VALUE_EN})$"
    rf"|^(?:please\s+)?keep\s+(?:the\s+|my\s+)?(?P<c>{_FOR_EN})\s+(?P<w>(?:under|below|within)\s+{_AMOUNT_EN}{_PER_EN})$"
    rf"|^i\s+(?:want|'d like|would like|prefer|plan|try)\s+to\s+spend\s+"
    rf"(?P<x>(?:no more than|under|less than|at most|up to|"
    rf"about|around)\s+{_AMOUNT_EN}{_PER_EN})\s+(?:on|for)\s+(?:a\s+|an\s+)?(?P<d>{_FOR_EN})$", _IC)
#: The word that points at the one trip or purchase a budget is for ("the trip", "this trip", 这次旅行): no part of
#: what it is for, so "My budget for the trip is $2,000" is the trip's budget as "My trip budget is $2,000" is.
_THIS_EN = lazy_regex(r"^(?:(?:this|that|the|these|those|next|our)\s+)+", _IC)
#: What names nothing a budget is for: a pointing word alone ("My budget for this is $50"), the budget itself.
_NOTHING_EN = lazy_regex(r"^(?:it|budget|this|that|these|those|one|now)?$", _IC)

_AMOUNT_ZH = r"[0-9一二两三四五六七八九十百千万]+(?:\.\d+)?(?:块钱|块|元|美元|刀|人民币|日元|欧元|k|K|w|W)?"
_BUDGET_ZH = lazy_regex(
    r"^(?:我的?)?(?P<cat>[\u4e00-\u9fff]{0,6}?)(?:的)?预算(?:是|在|为|：|:|大概|大约|一般)*"
    rf"(?P<v>(?:每晚|每天|每人|每月|每周|一晚|一天|一个人|一个月|人均)?(?:大概|大约|差不多|最多|不超过|控制在|在)?"
    rf"{_AMOUNT_ZH}(?:到{_AMOUNT_ZH})?(?:以内|以下|左右|上下|之内|封顶)?(?:一晚|每晚|一天|每天|每人)?)$")
_THIS_ZH = lazy_regex(r"^(?:这次|这趟|本次|这个|那个|下次|这|那)")
#: A budget that was (上次, 那次, 去年): no longer the one to plan with.
_PAST_ZH = lazy_regex(r"^(?:上次|上回|那次|去年|以前|之前)")


def _budget(clause: str, lang: str) -> list[Finding]:
    if lang == "en":
        m = _BUDGET_EN.match(clause)
        if not m:
            return []
        what = _THIS_EN.sub("", (m.group("a") or m.group("b") or m.group("c") or m.group("d") or "").lower())
        value = m.group("v") or m.group("w") or m.group("x")
        if not (m.group("a") or m.group("b") or m.group("c") or m.group("d")):
            # "My budget is $2,000": the one budget said with no purpose, its amount alone (one at a time)
            return [Finding("budget", clean_value(value, "en"), CONF_PREFER, clause, label="")]
        if _NOTHING_EN.match(what):
            return []
        what = re.sub(r"(?<=[a-z])s$", "", what) if not what.endswith("ss") else what  # "hotels" → "hotel"
        return [Finding("budget", f"{what}: {clean_value(value, 'en')}", CONF_PREFER, clause, label=what)]
    m = _BUDGET_ZH.match(clause)
    what = _THIS_ZH.sub("", m.group("cat")) if m else ""
    # a budget for nothing named is the user's only said with 我 (我的预算是五千块): 预算3000左右 asks for something
    if not m or (not what and (m.group("cat") or not clause.startswith("我"))) or _PAST_ZH.match(m.group("cat")) \
            or not re.search(r"[0-9一二两三四五六七八九十]", m.group("v")):
        return []
    # 我的预算是五千块: the one budget said with no purpose, its amount alone (its 的 was read as the purpose:
    # "的：五千块")
    return [Finding("budget", f"{what}：{m.group('v')}" if what else m.group("v"), CONF_PREFER, clause, label=what)]


def budget_en(clause: str) -> list[Finding]:
    """The budget an English copula states ("my hotel budget is $200 a night" → ``budget = hotel: $200 a night``),
    else ``[]``."""
    return _budget(clause, "en")


#: The key of how one gets to work or school, the key "My commute is about 40 minutes by bike" writes (one at a time).
COMMUTE_KEY = "user.commute"
_STANDING_EN = r"(?:(?:usually|now|always|mostly|normally|generally|still|also|just|often|typically)\s+)*"
_MEANS_EN = (r"(?P<means>bike|bicycle|car|train|bus|subway|metro|tube|foot|scooter|motorbike|motorcycle|tram|ferry|"
             r"e-?bike)")
_TO_WORK_EN = r"(?:work|the office|school|campus|class)"
#: "I commute by bike", "I bike to work", "I take the train to work", "I usually walk to the office": how the user
#: gets to work, said of their routine in the present ("I biked to work today" is one day's, "I don't drive to work"
#: no means).
_COMMUTE_EN = lazy_regex(
    rf"^i\s+{_STANDING_EN}(?:(?:commute|get\s+to\s+{_TO_WORK_EN}|go\s+to\s+{_TO_WORK_EN})\s+(?:by|on)\s+(?:a\s+|my\s+)?"
    rf"{_MEANS_EN}|(?P<verb>bike|cycle|walk|drive|ride\s+(?:a|my)\s+bike)\s+to\s+{_TO_WORK_EN}"
    rf"|take\s+(?:the\s+|a\s+)?(?P<taken>train|bus|subway|metro|tube|ferry|tram)\s+to\s+{_TO_WORK_EN})"
    r"(?:\s+(?:now|these days|every day|daily|most days|nowadays))?\s*[.!]?$", re.IGNORECASE)
#: The verb said for a means: "bike to work" is by bike, "walk" on foot, "drive" by car.
_BY_VERB_EN = {"bike": "bike", "cycle": "bike", "drive": "car", "walk": "foot"}
#: 我骑车上班, 我每天坐地铁去上班, 我现在开车上班了: how the user gets to work or school, in the present.
_COMMUTE_ZH = lazy_regex(r"^我(?:现在|平时|一般|每天|通常|都|基本上?|主要|一直|也)*"
                         r"(?P<v>骑(?:自行|电动|摩托)?车|骑电驴|坐地铁|搭地铁|坐公交车?|坐公车|坐巴士|开车|走路|步行|"
                         r"坐(?:火车|高铁|班车|轮渡|轻轨)|打车|坐出租车?)(?:去|来)?(?P<to>上班|上学|通勤)了?$")


def commute(clause: str, lang: str) -> list[Finding]:
    """``user.commute``, how the user gets to work or school said of their routine ("I commute by bike" →
    ``by bike``, stated "commutes by bike"; 我骑车上班 → ``骑车``, stated 通勤习惯：骑车上班), one value at a
    time, so "I take the train to work now" replaces it and the duration "My commute is about 40 minutes by
    bike" stored under the same key; ``[]`` for any other clause."""
    if lang == "zh":
        m = _COMMUTE_ZH.match(clean_value(clause, "zh"))
        if m is None:
            return []
        said = f"通勤习惯：{m.group('v')}{m.group('to')}"  # a habit of the routine, as 习惯 says it
        return [Finding(COMMUTE_KEY, m.group("v"), CONF_STATED, clause, statement=said)]
    m = _COMMUTE_EN.match(clause.strip())
    if m is None:
        return []
    verb = (m.group("verb") or "").lower()
    means = (m.group("means") or m.group("taken") or _BY_VERB_EN.get(verb) or "bike").lower()
    means = "bike" if means in ("bicycle",) else means
    value = "on foot" if means == "foot" else f"by {means}"
    return [Finding(COMMUTE_KEY, value, CONF_STATED, clause, statement=f"commutes {value}")]


def find_en(clause: str, ctx: object) -> list[Finding]:
    """Routine, commute, contact-hours and budget findings in one English clause (a pattern of ``patterns_en``)."""
    return (rescheduled.moved_en(clause, getattr(ctx, "sentence", "")) or _routine(clause, _WAKE_EN, _BED_EN)
            or commute(clause, "en") or _hours_en(clause) or _budget(clause, "en"))


#: The time of waking or of going to bed said changed (起床时间改成六点半了, 我的睡觉时间改到十一点了): the routine at
#: the new time, as 我现在六点半起床 says it (before: a habit ``六点半起床时间`` beside the old wake time).
_ROUTINE_TIME_CHANGED_ZH = lazy_regex(rf"^(?:我的?)?(?P<act>起床|睡觉)时间(?:也|已经|现在)?"
                                      rf"(?:改成|改到|换成|调到|调成)了?(?P<t>{CLOCK_ZH})了?$")


def find_zh(clause: str, ctx: object) -> list[Finding]:
    """Routine, commute, contact-hours and budget findings in one Chinese clause (a pattern of ``patterns_zh``)."""
    text = clean_value(clause, "zh")
    if (moved := _ROUTINE_TIME_CHANGED_ZH.match(text)) is not None:  # 起床时间改成六点半: 我现在六点半起床
        text = f"我现在{moved.group('t')}{moved.group('act')}"
    return (rescheduled.moved_zh(text, getattr(ctx, "sentence", "")) or _routine(text, _WAKE_ZH, _BED_ZH)
            or commute(text, "zh") or _hours_zh(text) or _budget(text, "zh"))
