"""A bare weekday with a verb in the present is a weekly habit: 我周二去健身房, 我周六上午上钢琴课.

我周二去健身房 stored ``schedule.event = 去健身房`` dated to the coming Tuesday, while 我每周二去健身房
and "I go to the gym on Tuesdays" are habits (``preference.habit``). Chinese names one Tuesday with
这 / 下 / 本 (这周二, 下周二), a will or a plan with 要 / 会 / 打算 / 准备 (我周二要去健身房), a past with
了 / 过 (我周二去了健身房); a weekday said with none of them and a verb that does something (去, 上,
练, 打, 跑, 游, 学, 踢, 做, 骑) is every such day, as "on Tuesdays" is in English, and so is a
relative's (我儿子周六踢足球). ``every_week_zh`` reads it as 每周二 is read. An appointment (看牙医,
体检, 面试) is a thing of one day whatever is said of it, and stays a plan; so does a question.
"""

from __future__ import annotations

from memstrata.extract.subject_zh import RELATION
from memstrata.text.regex import lazy_regex

_DAY = r"(?:周|星期|礼拜)[一二三四五六日天]"
#: 我周二去健身房, 我一般周二和周四去游泳, 周六我去爬山: who, the weekdays (no 这 / 下 / 本 / 每 before them), the part
#: of the day, then a verb that does something and no 了 / 过 after it.
_WEEKDAY_HABIT = lazy_regex(
    rf"^(?P<who>我(?:们|{RELATION})?)?(?P<adv>(?:一般|通常|平时|基本上?)?)(?P<days>{_DAY}(?:(?:和|、|跟|与){_DAY}|(?:和|、)[一二三四五六日天])*)"
    rf"(?P<rest>(?P<me>我们?)?(?:上午|下午|晚上|早上|中午|傍晚)?(?:都|一般|通常)?"
    # 打算 (a plan) and 上次 (a past time) open with a verb's character and are none
    r"(?:去|上(?!次|回)|练|打(?!算)|跑|游|学|踢|做|骑)(?![了过])[^了过吗呢？?]*?)(?P<end>[。！!.]?)$")
#: What is done on one day only, however it is said: an appointment.
_ONE_DAY = lazy_regex(r"看(?:牙|医|病|大夫)|体检|面试|复查|复诊|手术|考试|答辩|出差|婚礼|报到|办理")


def every_week_zh(sentence: str) -> str:
    """``sentence`` with 每 before a bare weekday said with a verb in the present (我周二去健身房 →
    我每周二去健身房); unchanged otherwise (这周二, 下周二, 要去, 去了, an appointment, a question).

    >>> every_week_zh("我周二去健身房。"), every_week_zh("我周二要去健身房"), every_week_zh("我下周二去健身房")
    ('我每周二去健身房。', '我周二要去健身房', '我下周二去健身房')
    >>> every_week_zh("周六我去爬山"), every_week_zh("我周二去看牙医"), every_week_zh("我周二去了健身房")
    ('每周六我去爬山', '我周二去看牙医', '我周二去了健身房')
    """
    m = _WEEKDAY_HABIT.match(sentence.strip())
    if m is None or (m.group("who") and m.group("me")) or not (m.group("who") or m.group("me")):
        return sentence
    if _ONE_DAY.search(m.group("rest")):
        return sentence
    return f"{m.group('who') or ''}{m.group('adv')}每{m.group('days')}{m.group('rest')}{m.group('end')}"
