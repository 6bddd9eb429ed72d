"""Where the user lives now, said after where they no longer live.

"I no longer live in Berlin; I'm in Lisbon now", 我现在不住在上海了，搬到了杭州: the first clause ends the home
(``extract.cessation``), and the second says the new one in a shape that alone says no home. "I'm in Lisbon now"
may be a trip, "I'm in a meeting now" a state of the moment, and a move with no subject (搬到了杭州) is an event:
only after a home that ended is the clause the user's home now, and only when it names a place (a city or country
of ``extract.places``, or a capitalised name that may be a city), so "I'm in a hurry now" and 搬到了新办公室 stay
what they were.
"""

from __future__ import annotations

import re

from memstrata.extract import places
from memstrata.text.regex import lazy_regex

#: "I'm in Lisbon now", "but now I'm living in Lisbon", "now we're in Porto": the place after "in".
_IN_EN = lazy_regex(r"^(?:(?:but|and|so)\s+)?(?:now,?\s+)?(?:i'm|i am|we're|we are)\s+(?:now\s+)?"
                    r"(?:(?:living|based|settled)\s+)?in\s+(?P<place>[A-Z][\w .'-]*?)(?:\s+now)?[.!]*$", re.IGNORECASE)
#: 搬到了杭州, 现在搬去杭州了, 现在在杭州, 现在住杭州: the place moved to or lived in, said with no subject.
_IN_ZH = lazy_regex(r"^(?:但是?|不过|而且)?(?:现在|如今|已经|后来|之后|然后)*"
                    r"(?:(?P<moved>搬到了?|搬去了?|搬来了?)|住在|住|在)"
                    r"(?P<place>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:了|啦)?[。！!]*$")
#: What a name moved to is when it is no town: a kind of place said new or other (新办公室, 别的地方), a room, a floor,
#: a building or a spot by something (宿舍, 楼上, 小区, 公司附近), or an organisation (``places.organisation_zh``).
_NO_TOWN_ZH = lazy_regex(r"^(?:新|旧|别|另|这|那|一|隔壁)|(?:室|楼|层|房|屋|舍|家|里|上|下|边|旁|附近|对面|小区|公寓|"
                         r"地方|城里|乡下|郊区)$")


def new_home(clause: str, lang: str) -> str | None:
    """The place ``clause`` (said after a home that ended) names as where the user lives now, else ``None``.

    >>> new_home("I'm in Lisbon now", "en"), new_home("I'm in a meeting now", "en"), new_home("搬到了杭州", "zh")
    ('Lisbon', None, '杭州')
    >>> new_home("搬到佛山了", "zh"), new_home("搬到了新办公室", "zh"), new_home("在家躺平", "zh")
    ('佛山', None, None)
    """
    text = clause.strip()
    if lang == "zh":
        m = _IN_ZH.match(text)
        if m is None:
            return None
        place = m.group("place")
        if places.city_zh(place):
            return place
        # 搬到佛山了, 搬到波特兰了: a move, said right after a home ended, is to the next home, whatever town no list
        # names; 在 or 住 alone may be where one is this moment (在家躺平, 在公司加班)
        moved = m.group("moved") and re.fullmatch(r"[\u4e00-\u9fff]{2,4}", place)
        return place if moved and not (_NO_TOWN_ZH.search(place) or places.organisation_zh(place)) else None
    m = _IN_EN.match(text)
    if m is None or not m.group("place")[0].isupper():
        return None
    place = m.group("place").strip()
    return place if places.known_place(place) or places.may_be_city(place) else None
