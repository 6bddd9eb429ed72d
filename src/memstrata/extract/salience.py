"""Which happenings told without a time are worth a fact: the marks of a notable event.

The extraction set's annotators store notable events (a concert, an exam, losing a job) and not
passing chores ("went to the park today"; ``bench/data/extraction/README.md``). A happening told
with no time at all ("I went to see Jay Chou's concert", 我去看了周杰伦的演唱会) is stored only
when it carries a general mark of a notable event, never a topic word: an occasion one attends
(a concert, an interview, a wedding: a one-off gathering, not a place one drops by), an outcome
or a life change (passed, won, lost one's job, graduated, moved, 通过了, 毕业了, 搬家), or a first
time ("tried", "for the first time", 第一次), or a journey away from home (to a city, a town, a country: "I went to an
ancient city", "I visited Japan", 我去了一座古城; a park or a library is dropped by). A name alone is no mark ("I met
Anna").

Dated happenings keep the rule they had: a happening of the day ("today I went swimming",
今天我去了游泳池游泳) is still an event although the annotators call it a chore, because the
retrieval sets ask about exactly those days (MemoryBank-zh, 100 questions: dropping the day's
happenings without a mark cost R@10 0.955 -> 0.942 and NDCG@10 0.706 -> 0.694; after chit-chat
0.882 -> 0.868 and 0.600 -> 0.593). A stated feeling is no mark either: on MemoryBank's turns a
movie is 特别好看 as often as a concert is 非常震撼.

"Opened" (开业, 创业) is no outcome here: a business one opened is the business shape's, which is out since
a business restated in many turns made each of them a hit (LoCoMo R@10 0.743 -> 0.715).
"""

from __future__ import annotations

import re

from memstrata.extract import places
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE

#: One-off gatherings one attends or takes part in (not places one visits: a library, a park).
_EN_OCCASION = lazy_regex(
    r"\b(?:concerts?|gigs?|festivals?|weddings?|funerals?|ceremon(?:y|ies)|graduation|competitions?|"
    r"contests?|tournaments?|matches|races?|marathons?|interviews?|exams?|conferences?|meetings?|"
    r"appointments?|part(?:y|ies)|premieres?|recitals?|performances?|auditions?|shows?|events?|"
    r"trips?|vacations?|holidays?|reunions?|workshops?)\b",
    _IC,
)

#: Outcomes and life changes, and a first time. A move is the user's own ("moved to Leeds", "moved out", "moved my
#: family to Ohio"); moving a thing ("moved the sofa into the spare room") is a chore of the day, no life change.
_EN_OUTCOME = lazy_regex(
    r"\b(?:passed|failed|won(?!'t)|lost|graduated|"
    r"moved(?!\s+(?:the|a|an|some|this|that|these|those|his|her|their|its|(?:my|our)(?!\s+(?:whole\s+)?(?:family|"
    r"kids|children|stuff|things|belongings|life)\b))\s)|quit|retired|resigned|launched|shut|closed|"
    r"finished|completed|published|signed|adopted|recovered|diagnosed|promoted|hired|fired|"
    r"accepted|admitted|selected|married|engaged|divorced|broke up|born|died|passed away|"
    r"tried|first time|for the first time|started (?:a|my|our|the) |"
    # a choice between two things named, or an offer refused ("I chose e-books over a hardcover set", "I declined
    # the offer"): a decision the user made
    r"(?:chose|picked|opted for|went with|decided on)\b[^.!?]{1,80}?\bover|declined|rejected|turned down)\b",
    _IC,
)

_ZH_OCCASION = lazy_regex(
    r"演唱会|音乐会|音乐节|婚礼|葬礼|典礼|仪式|比赛|竞赛|大赛|面试|考试|会议|开会|聚会|派对|演出|"
    r"表演|展会|旅行|旅游|出差|马拉松|赛跑|讲座|发布会|同学会|约会"
)

_ZH_OUTCOME = lazy_regex(
    r"通过|考上|录取|获奖|得奖|赢了|输了|失业|丢了工作|辞职|离职|入职|升职|毕业|结婚|订婚|离婚|分手|"
    r"搬家|搬到|出生|去世|确诊|住院|出院|第一次|首次|退休|领养|买了房|买了车|被选"
)


#: A journey away from home: to a city, a town, a country (a kind of place one travels to, not one drops by: a park, a
#: library), or to a city or country the time-zone database names (``extract.places``): "I went to an ancient city",
#: "We flew to Japan", 我去了一座古城, 我去了国外.
_EN_AWAY = lazy_regex(
    r"\b(?:went|gone|traveled|travelled|flew|drove|sailed|visited|took a trip)\s+(?:(?:out|over|down|up)\s+)?"
    r"(?:to\s+)?(?:(?:a|an|the|this|that)\s+)?(?:[\w'-]+\s+){0,3}?"
    r"(?:city|cities|town|towns|village|villages|island|islands|country|countries|capital|abroad|overseas)\b", _IC)
_EN_AWAY_TO = lazy_regex(
    r"\b(?:went|gone|traveled|travelled|flew|drove|sailed|visited)\s+(?:(?:out|over|down|up)\s+)?(?:to\s+)?"
    r"(?P<p>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)")
_ZH_AWAY = lazy_regex(r"(?:去|到|飞到|游览|参观|逛)了?(?:一座|一个|一趟|一次)?[\u4e00-\u9fff]{0,4}?"
                      r"(?:城市|古城|古镇|小镇|小城|县城|村庄|乡村|海岛|小岛|国外|外国)")


def _away(clause: str, lang: str) -> bool:
    """A journey away from home in ``clause`` (``_EN_AWAY``)."""
    if lang == "zh":
        return bool(_ZH_AWAY.search(clause))
    if _EN_AWAY.search(clause):
        return True
    return any(places.known_place(m.group("p")) for m in _EN_AWAY_TO.finditer(clause))


def journey(value: str) -> str:
    """``value`` up to the place of the English journey it tells ("went to an ancient city with lots of beautiful
    architecture and sights" → "went to an ancient city"), or ``""`` when it tells none."""
    m = _EN_AWAY.search(value) or next((m for m in _EN_AWAY_TO.finditer(value) if places.known_place(m.group("p"))),
                                       None)
    return value[: m.end()] if m else ""


#: A move to no named thing ("we moved to something else", "moved over to a new tool"): a change of what one
#: uses said vaguely, no life change; a move to a new home, city or office still is one.
_EN_MOVED_TO_NOTHING = lazy_regex(
    r"\bmoved\s+(?:over\s+)?to\s+(?:something|anything|another|a different|a new|some other)\b"
    r"(?!.*\b(?:home|house|apartment|flat|place|city|town|country|neighbou?rhood|office|state|school)\b)", _IC)


def notable(clause: str, lang: str) -> bool:
    """True if a happening's clause carries a mark of a notable event: an occasion, an outcome
    or life change, or a first time; ``lang`` is ``en`` or ``zh`` (Simplified: ``patterns_zh``
    reads Traditional as Simplified before)."""
    if lang == "zh":
        return bool(_ZH_OCCASION.search(clause) or _ZH_OUTCOME.search(clause)) or _away(clause, lang)
    if _EN_MOVED_TO_NOTHING.search(clause):
        return bool(_EN_OCCASION.search(clause))
    return bool(_EN_OCCASION.search(clause) or _EN_OUTCOME.search(clause)) or _away(clause, lang)
