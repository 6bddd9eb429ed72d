"""A like or a habit said as a change of mind: "Actually I prefer green now", 算了，其实我现在更喜欢绿色, "I've
switched to evening runs", "I started working from home on Fridays", 我开始晚上跑步了.

A like said with "now" and a word of comparison (prefer, better, more, 更, 比较), or a Chinese like said now with the 了
of a new state, says the speaker's taste moved: what they liked before of that kind is no longer what they like
most. A habit said as begun or switched to ("started", "taken up", "switched to", "now", 开始, 改成, 现在) says the
speaker does it in place of what they did before. Before, 我现在更喜欢绿色 after 我最喜欢蓝色 kept both current, and
"I run in the evenings now" after "I run every morning" kept the morning run. The finding is marked a correction
(``corrects``); the fact engine takes it as the new value of the one like of the same kind (a colour for a colour, a
drink for a drink) or the one habit of the same doing (a run for a run) that the user holds
(``facts.engine.FactEngine.corrected``), or adds it beside the others when it cannot tell which.

A means of payment liked as a change of mind ("Now I prefer PayPal", 现在我更喜欢用支付宝) is how the user pays now
(``user.payment_method``, ``extract.shapes.paying_with``): it takes the place of the means they paid with before,
as a switch to it does (before, 微信支付 stayed current beside a like of 支付宝).

A like or a habit said as one more ("I also like green", 我也喜欢绿色, "I also swim on Sundays") or with no word of
change ("I like green") changes nothing.
"""

from __future__ import annotations

from dataclasses import replace

from memstrata.extract.clauses import Finding
from memstrata.extract.shapes import paying_with
from memstrata.text.regex import lazy_regex

#: One more, no change: "also", "too", "as well", 也, 还.
_ONE_MORE_EN = r"(?!.*\b(?:also|too|as well|either)\b)"
#: "now", "these days", "nowadays", "lately": the like holds from now on.
_NOW_EN = r"\b(?:now|these days|nowadays|lately|at this point)\b"
#: A word of comparison: the like ranks above another ("prefer", "better", "more", "rather", "instead").
_MORE_EN = r"\b(?:prefer|prefers|better|more|rather|instead)\b"
_LIKE_CHANGED_EN = lazy_regex(rf"(?i)^{_ONE_MORE_EN}(?=.*{_NOW_EN})(?=.*{_MORE_EN})")
#: 现在 / 如今 / 最近 / 这几年 with 更 / 比较 / 反而 / 改 before the verb of liking, or with the 了 of a new state after
#: the like (我现在喜欢绿色了); 也 / 还 add one more like, no change.
_LIKE_CHANGED_ZH = lazy_regex(r"^(?!.*[也还](?:更|比较)?(?:喜欢|爱|偏爱|偏好))"
                              r"(?=.*(?:现在|如今|最近|这几年|这些年|后来))"
                              r"(?:.*(?:更|比较|反而|改)(?:加)?(?:喜欢|爱|偏爱|偏好)|.*(?:喜欢|爱上|偏爱|偏好).+了[。！!.\s]*$)")
#: A habit begun or switched to: "I started working from home on Fridays", "I've taken up cycling", "I've switched
#: to evening runs", "We moved to weekend hikes", "I run in the evenings now"; 我开始晚上跑步了, 我现在改成晚上跑步了.
#: "now and then" is how often, "from now on" an instruction as often as a change, and "instead" as often a wish
#: ("maybe I can try to disengage instead"): none of them.
_HABIT_CHANGED_EN = lazy_regex(rf"(?i)^{_ONE_MORE_EN}.*(?:\b(?:started|begun|began|taken up|took up|switched|changed|"
                               r"moved\s+(?:over\s+)?to|these days|nowadays)\b"
                               r"|(?<!\bfrom )\bnow\b(?!\s+and\s+(?:then|again)))")
_HABIT_CHANGED_ZH = lazy_regex(r"^(?!.*[也还](?:开始|改|每|常))(?=.*(?:开始|改成|改为|换成|改到|现在|如今|不再))")

_HABIT_KEY = "preference.habit"
_HAN = lazy_regex(r"[\u4e00-\u9fff]")


def marked(finding: Finding, sentence: str) -> Finding:
    """``finding`` marked a correction (``corrects``) when it is the user's own like (a key ending in ``.like``) or
    habit and ``sentence`` says it as a change of mind; else ``finding`` as it is.

    >>> f = Finding("preference.like", "绿色", 0.8, "我现在更喜欢绿色")
    >>> marked(f, "算了，其实我现在更喜欢绿色。").corrects, marked(f, "我也喜欢绿色。").corrects
    (True, False)
    >>> g = Finding("preference.like", "green", 0.8, "I prefer green now")
    >>> marked(g, "Actually I prefer green now.").corrects, marked(g, "I also prefer green now.").corrects
    (True, False)
    >>> h = Finding("preference.habit", "run in the evenings", 0.8, "I run in the evenings")
    >>> marked(h, "I've switched to evening runs.").corrects, marked(h, "I also run in the evenings.").corrects
    (True, False)
    """
    if finding.retract or finding.subject or finding.corrects:
        return finding
    if finding.key.endswith(".like"):
        changed = _LIKE_CHANGED_ZH.search(sentence) or _LIKE_CHANGED_EN.search(sentence)
        lang = "zh" if _HAN.search(finding.value) else "en"
        if changed and (paid := paying_with(finding.value, finding.clause, lang)) is not None:
            return paid  # "Now I prefer PayPal": how the user pays now
    elif finding.key == _HABIT_KEY:
        changed = _HABIT_CHANGED_ZH.search(sentence) or _HABIT_CHANGED_EN.search(sentence)
    else:
        return finding
    return replace(finding, corrects=True) if changed else finding
