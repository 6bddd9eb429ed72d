"""An amount of one's own thing said with the verb that changed it: "My rent went up to $2,450", "My salary rose to
$92,000 after the review", "Our mortgage payment increased from $1,900 to $2,050", 房租涨到5200了, 我的体重降到65公斤了.

The verb says the thing now has a new amount, which is what "my rent is $2,450" / 我的房租是5200 says: the clause is
read as that copula (``possessive_en`` / ``possessive_zh``), so the key is the one the copula gives and the new amount
takes the place of the old one as a restated copula does. Only an amount is read (a number, a price, a duration):
what a rise or a fall ends at. An English owner must be said (my / our); "the rent went up everywhere", "rents rose
to record levels" and "my friend's rent went up to $3,000" name none of the user's. Chinese leaves the owner out of
a measured thing of one's own (房租涨到5200了, as 我房租每月三千五 is said): a noun of pay, rent, a fee or a measure
(``possessive_zh._MEASURED``), and only such a thing is read (油价涨到8块了 is no one's; 我朋友的房租 is the
friend's).
"""

from __future__ import annotations

import re
from dataclasses import replace

from memstrata.extract import possessive_en, possessive_zh, routines
from memstrata.extract.clauses import Finding
from memstrata.extract.subject_zh import RELATION as _RELATION
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
#: The English verbs of a change of amount, in the tenses one reports it with.
_CHANGE_EN = (r"(?:(?:has|have|just|recently|finally|now)\s+)*(?:went|gone|go(?:es)?|got|been)\s+(?:up|down)"
              r"|(?:(?:has|have|just|recently|finally|now)\s+)*(?:rose|risen|rises|dropped|drops|fell|fallen|falls|"
              r"increased|decreased|jumped|climbed|grew|grown|shrank|shrunk|crept up|dipped|was raised|were raised|"
              r"was cut|was reduced|was lowered|got bumped(?:\s+up)?|was bumped(?:\s+up)?|went back up|went back down)")
#: An amount: a number, a price or a number word with its unit ("$2,450", "92k", "20 minutes", "78 kg", "two hours").
_AMOUNT_EN = (r"(?:about\s+|around\s+|roughly\s+|almost\s+|nearly\s+|just\s+(?:over|under)\s+)?"
              r"(?:[$€£¥]\s?\d[\d,.]*k?|\d[\d,.]*\s*(?:k|%)?|(?:one|two|three|four|five|six|seven|eight|nine|ten|"
              r"twenty|thirty|forty|fifty|sixty|half an?)\b)"
              r"(?:\s+(?:a|an|per|/)\s*(?:month|week|year|day|hour|night|mo|yr)"
              r"|\s+(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|miles?|km|kilometers?|kilometres?|kg|kgs|"
              r"kilos?|pounds?|lbs?|dollars?|bucks|grand|euros?|yuan|hundred|thousand)(?:\s+(?:a|an|per)\s+"
              r"(?:month|week|year|day|hour|night))?)?")
#: What may follow the new amount and is not part of it: when or why it changed ("after the review", "this year").
_AFTER_EN = (r"(?:\s*,?\s+(?:after|since|because|when|as of|starting|from|this|last|in|on|now|again|recently|"
             r"effective)\b.*)?")
_CHANGED_EN = lazy_regex(
    rf"^(?P<own>my|our)\s+(?P<attr>[a-z][\w\- ]{{0,30}}?)\s+(?:{_CHANGE_EN})\s+(?:from\s+\S+(?:\s+\S+)?\s+)?to\s+"
    rf"(?P<v>{_AMOUNT_EN}){_AFTER_EN}$", _IC)
#: The verbs with which one changes the amount of one's own thing oneself ("I've increased my grocery budget to $550",
#: "I cut my screen time to two hours a day", "We lowered our thermostat to 19 degrees" has no amount unit, none).
_SET_BY_ME_EN = (r"(?:increased|raised|upped|boosted|bumped(?:\s+up)?|reduced|lowered|cut|decreased|dropped|"
                 r"trimmed|brought\s+down|adjusted|changed|set|capped|extended|shortened|updated|moved)")
#: What may follow the amount one set and is not part of it: the aim ("to cover visa fees"), a comment
#: (", which is a bit more than ...", "but I'm not sure ..."), what it is for ("for the trip"), besides ``_AFTER_EN``'s.
_AFTER_SET_EN = (r"(?:\s*,?\s+(?:to\s+(?!\d|[$€£¥])[a-z]+|so|which|but|due|per|for|by|after|since|because|when|as of|"
                 r"starting|from|this|last|in|on|now|again|recently|effective)\b.*)?")
#: "I've adjusted my relocation budget to $3,500", "I increased my monthly savings from $150 to $200 in May": the
#: user names the thing as theirs and the amount it is now, as "my relocation budget is $3,500" says.
_SET_EN = lazy_regex(
    rf"^(?:i|we)(?:'ve|\s+have)?\s+(?:(?:just|recently|finally|now|already|also)\s+)*{_SET_BY_ME_EN}\s+"
    rf"(?P<own>my|our)\s+(?P<attr>[a-z][\w\- ]{{0,30}}?)\s+(?:from\s+\S+(?:\s+\S+)?\s+)?to\s+"
    rf"(?P<v>{_AMOUNT_EN}(?:/(?:month|week|year|day|mo|yr|wk)\b)?){_AFTER_SET_EN}$", _IC)

#: The Chinese verbs of a change of amount: 涨到, 升到, 降到, 减到, 变成 ... (又, 已经 before them).
_CHANGE_ZH = (r"(?:又|已经|也|现在|今年|最近|刚|刚刚)*(?:涨到|涨成|涨至|升到|升至|提高到|提高至|增加到|增长到|加到|"
              r"降到|降至|降低到|减到|减少到|跌到|掉到|调到|调整到|变成|变为)了?")
_CHANGED_ZH = lazy_regex(
    rf"^(?P<own>我的|我们的|我家的?|我)?(?P<attr>[\u4e00-\u9fff]{{1,6}}?)(?<!的)(?:从[^，。！？]{{1,10}}?)?{_CHANGE_ZH}"
    rf"(?P<v>{possessive_zh._AMOUNT})了?$")
_MEASURED_ZH = lazy_regex(rf"^(?:{possessive_zh._MEASURED}|体重|身高)$")


def find(clause: str, lang: str) -> list[Finding]:
    """The amount a clause says one's own thing changed to, keyed as the possessive copula keys it ("My rent went up
    to $2,450" → ``user.rent = $2,450``; 房租涨到5200了 → ``user.rent = 5200``); ``[]`` for any other clause."""
    if lang == "zh":
        m = _CHANGED_ZH.match(clause.strip().rstrip("。！!"))
        if m is None or not re.search(r"\d|[一二两三四五六七八九十百千万半]", m.group("v")) \
                or not _MEASURED_ZH.match(m.group("attr")) or re.match(_RELATION, m.group("attr")) \
                or "的" in m.group("attr"):
            return []  # 我朋友房租涨到六千了: the friend's, no attribute of the user's
        said = f"{m.group('own') if m.group('own') not in (None, '我') else '我的'}{m.group('attr')}是{m.group('v')}"
        return [replace(f, clause=clause) for f in possessive_zh.possessive(said)]
    m = _CHANGED_EN.match(clause.strip().rstrip(".!"))
    if m is None:
        return []
    said = f"{m.group('own')} {m.group('attr')} is {m.group('v')}"
    return [replace(f, clause=clause) for f in possessive_en.possessive(said, lang)]

_PER = lazy_regex(r"/(month|week|year|day|mo|yr|wk)\b", _IC)
_PERIOD = {"mo": "month", "yr": "year", "wk": "week"}


def set_en(clause: str, ctx: object = None) -> list[Finding]:
    """The amount an English clause says the user set their own thing to, keyed as the copula of it keys it ("I've
    adjusted my relocation budget to $3,500" → ``budget = relocation: $3,500``, as "My relocation budget is $3,500"
    reads; "I cut my rent to $1,800" → ``user.rent``), so the new amount takes the old one's place; ``[]`` for any
    other clause (an amount of someone else's thing, "I increased my friend's budget", is none of the user's)."""
    m = _SET_EN.match(clause.strip().rstrip(".!"))
    if m is None or "'" in m.group("attr"):
        return []
    amount = _PER.sub(lambda p: f" a {_PERIOD.get(p.group(1).lower(), p.group(1))}", m.group("v"))  # "$550/month"
    said = f"{m.group('own')} {m.group('attr')} is {amount}"
    found = routines.budget_en(said) or possessive_en.possessive(said, "en")
    return [replace(f, clause=clause) for f in found]
