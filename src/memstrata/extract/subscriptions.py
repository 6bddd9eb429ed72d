"""A service one subscribes to, or cancels: "I'm subscribed to Netflix and Spotify", "I pay for Spotify Premium",
"I have a Netflix subscription", 我开了爱奇艺的年度会员, and "I cancelled my Hulu subscription",
我把网易云音乐的会员取消了, 我取消了Netflix (a listed service by its name alone).

A subscription is a service used: ``tool.uses`` (many at a time), stated as subscribed; a cancellation withdraws it.
Before, each stored nothing. Only a named service: a capitalised name in English ("I pay for dinner", "I signed up for
a class" name none), a name before 会员 / VIP in Chinese.
"""

from __future__ import annotations

import re

from memstrata.extract import tool_kinds
from memstrata.extract.clauses import Finding
from memstrata.extract.shapes import chosen
from memstrata.text.regex import lazy_regex

_IC = re.IGNORECASE
_NAME = r"(?-i:[A-Z][\w+.&'-]*(?:\s+(?:[A-Z0-9+][\w+.&'-]*))*\+?)"
_NAMES = rf"(?P<v>{_NAME}(?:\s*(?:,|and|,\s*and)\s+{_NAME})*)"
_WHO = r"^(?:i|we)(?:'ve|\s+have|'m|\s+am|'re|\s+are)?\s+(?:(?:also|now|still|just|finally|already|recently)\s+)*"
_KIND = r"(?:\s+(?:subscription|membership|account|plan|premium|plus))?"
_EN = lazy_regex(rf"{_WHO}(?:(?:subscribed\s+to|subscribe\s+to|pay\s+for|signed\s+up\s+for)\s+{_NAMES}{_KIND}"
                 # "I have a Netflix subscription": with "have", the word for a subscription must be said ("I have a
                 # Subaru" is a car, ``extract.owned``)
                 rf"|(?:have|got)\s+an?\s+(?P<one>{_NAME})\s+(?:subscription|membership|account|plan))"
                 r"(?:\s+(?:now|too|as well))?$", _IC)
_CANCELLED_EN = lazy_regex(rf"{_WHO}(?:(?:cancel+ed|unsubscribed\s+from|stopped\s+paying\s+for|stopped)\s+"
                           rf"(?:my\s+|our\s+)?{_NAMES}{_KIND}"
                           # "I closed my Chase account": an account closed, its word said
                           rf"|closed\s+(?:my\s+|our\s+)?{_NAMES.replace('?P<v>', '?P<closed>')}\s+(?:account|card|"
                           r"membership))$", _IC)
_SERVICE_ZH = r"(?P<v>[\u4e00-\u9fffA-Za-z0-9+]{2,8}?)的?(?:年度|包年|月度|连续包月|超级)?(?:会员|VIP|vip|订阅)"
_ME_ZH = r"^我(?:们|家)?(?:也|还|已经|刚|刚刚|最近)*"
_ZH = lazy_regex(rf"{_ME_ZH}(?:订阅了|订了|开了|办了|充了|买了|有|是){_SERVICE_ZH}了?$")
_CANCELLED_ZH = lazy_regex(rf"{_ME_ZH}(?:把)?{_SERVICE_ZH}(?:的自动续费)?(?:给)?(?:取消|退订|退|停|关)(?:掉)?了?$"
                           rf"|{_ME_ZH}(?:取消了?|退订了?|退了|停了|退掉了?|停掉了?)"
                           rf"{_SERVICE_ZH.replace('?P<v>', '?P<w>')}了?$")
#: 我取消了Netflix, 我把Spotify退订了, 我上周取消Netflix了: a service cancelled by its name alone, no 会员
#: said; only a name the list of tools holds (``tool_kinds``: 我取消了约会 cancels a date, no service).
_CANCELLED_NAME_ZH = lazy_regex(rf"{_ME_ZH}(?:上个?(?:周|星期|月)|前几天|昨天|今天)?(?:已经|也)?"
                                r"(?:(?:取消|退订|退掉|停掉)了?(?P<v>[\u4e00-\u9fffA-Za-z0-9+ ]{2,16}?)"
                                r"|把(?P<w>[\u4e00-\u9fffA-Za-z0-9+ ]{2,16}?)(?:给)?(?:取消|退订|退掉|停掉))了?$")


#: 我订了Disney+, 我订阅了Netflix: a service subscribed to by its name alone (only a name the list of tools holds:
#: 我订了机票 books a flight).
_SUBSCRIBED_NAME_ZH = lazy_regex(rf"{_ME_ZH}(?:订阅了|订了|开通了)(?P<v>[\u4e00-\u9fffA-Za-z0-9+ ]{{2,16}}?)了?$")


def find(clause: str, lang: str) -> list[Finding]:
    """The services ``clause`` says the speaker subscribes to (``tool.uses``), or withdraws for one cancelled;
    ``[]`` for any other clause."""
    text = clause.strip().rstrip(".!。！")
    if lang == "zh":
        if (m := _CANCELLED_ZH.match(text)) is not None:
            return chosen(m.group("v") or m.group("w"), "tool.uses", clause, "zh", retract=True)
        named = _CANCELLED_NAME_ZH.match(text)
        if named is not None and tool_kinds.kind_of(service := (named.group("v") or named.group("w")).strip()):
            return chosen(service, "tool.uses", clause, "zh", retract=True)
        m = _ZH.match(text)
        if m is None and (n := _SUBSCRIBED_NAME_ZH.match(text)) is not None and tool_kinds.kind_of(n.group("v")):
            m = n  # 我订了Disney+, 我订阅了Netflix: a listed service by its name alone
        return chosen(m.group("v"), "tool.uses", clause, "zh", statement=f"有{m.group('v')}会员") if m else []
    cancelled = _CANCELLED_EN.match(text)
    m = cancelled or _EN.match(text)
    if m is None:
        return []
    said = m.group("v") or m.groupdict().get("one") or m.groupdict().get("closed") or ""
    names = [n for n in re.split(r"\s*(?:,\s*and|,|\band)\s+", said) if n]
    return [f for n in names for f in chosen(n, "tool.uses", clause, "en", retract=bool(cancelled),
                                             statement="" if cancelled else f"subscribes to {n}")]


def cancelled_en(clause: str) -> list[Finding]:
    """The withdrawals of the services an English ``clause`` says were cancelled or closed ("I closed my Chase
    account"), read ahead of the topic rules, which keep a bare event of it; ``[]`` for any other clause."""
    return find(clause, "en") if _CANCELLED_EN.match(clause.strip().rstrip(".!")) else []

