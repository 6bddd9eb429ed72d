"""A like or a home the user shares with a relative: "My brother and I both love chess", 我和我哥都喜欢下棋,
"I live with my parents in Denver", 我和我老婆都住在上海.

Two subjects of one like are two likes: the user's and the relative's (``subject`` the relation word, as
``extract.kin`` names it: 哥 → ``older brother``). The clause is read as the user's own ("I love chess",
我喜欢下棋) and each like or dislike found is given to the relative too. Only a relative is lent the like
("My friend and I love chess" keeps the user's alone: a friend is no subject the store names), and only a
verb of liking opens what they share, so "My brother and I went fishing" names no like of either.

A home said with a relative is the user's home and the relative's (``shared_home``, ``home_with``): "My wife and
I live in Austin", "I live with my parents in Denver", "I live in Denver with my parents", 我和我老婆都住在上海,
我跟我爸妈住在成都 are read as "I live in Austin", 我住在上海 (``identity.location``), and the home found is given
to the relative too, under their subject (``parents``, ``wife``): before, all but the first stored nothing, and
the first only the user's home. Only a verb of living in the present and a named place open it: "My wife and I
went to Austin last week", 我和我老婆昨天去了上海, "I live with my parents" and 我和我老婆住在一起 name no home.

A plan or a habit said of a group the user is one of (``group_as_mine``) is the user's: 我和同事们每周都会去打羽毛球,
我和老公打算下个月去泰国, 最近我和朋友们组了个读书会，每个月都会聚一次 are read as said by 我 alone; the others are
not lent it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from memstrata.extract import kin, places
from memstrata.extract.clauses import Finding
from memstrata.text.regex import lazy_regex

_LIKING_EN = r"(?:love|like|enjoy|adore|hate|dislike|detest|can't stand|cannot stand|prefer)"
_EN = lazy_regex(rf"^(?:my|our)\s+(?P<rel>[a-z'\-]+(?:\s+[a-z'\-]+)?)\s+and\s+i\s+(?:(?:both|all|each)\s+)?"
                 rf"(?P<rest>(?:(?:really|also|absolutely|just|totally)\s+)*{_LIKING_EN}\b.+)$", re.IGNORECASE)
#: 同 as "with" (我同我老婆都住在上海) only before 我: 我同事 / 我同学 / 我同桌住在北京 is a colleague's or a
#: classmate's home, never the user's (read as 我同 + 事, it stored 北京 as the user's home).
_WITH = "同(?=我)"
_LIKING_ZH = r"(?:喜欢|爱|热爱|酷爱|讨厌|不喜欢|不爱|受不了)"
_ZH = lazy_regex(rf"^我(?:和|跟|与|{_WITH})(?:我的?|我家的?)?(?P<rel>[\u4e00-\u9fff]{{1,3}}?)"
                 r"(?:都|也|一样|两个都|俩都|两人都|全都)+"
                 rf"(?P<rest>(?:很|特别|非常|超|超级|最|真的|也)*{_LIKING_ZH}.+)$")


def shared_like(clause: str, lang: str, read: Callable[[str], list[Finding]]) -> list[Finding] | None:
    """The findings of a like ``clause`` says of the user and a relative together, else ``None``.

    ``read`` reads a clause said by the user alone (``match_clause`` of the language); what it finds in "I" /
    我 and the rest of ``clause`` is returned, each like or dislike (key ending ``.like`` / ``.dislike``, no
    subject of its own) twice: the user's, and the relative's. ``lang`` is ``"en"`` or ``"zh"``.
    """
    m = (_ZH if lang == "zh" else _EN).match(clause.strip().rstrip(".!。！"))
    if m is None or not kin.is_relative(m.group("rel")):
        return None
    found = read(f"我{m.group('rest')}" if lang == "zh" else f"I {m.group('rest')}")
    theirs = [replace(f, subject=kin.subject(m.group("rel"))) for f in found
              if f.key.endswith((".like", ".dislike")) and not f.subject and not f.retract]
    return found + theirs


_NOW_EN = r"(?:(?:now|currently|still|both|all|actually)\s+)*"
_LIVE_EN = r"(?:live|are living|'re living|am living|'m living)"
_REL_EN = r"(?:my|our)\s+(?P<rel>[a-z'\-]+(?:\s+[a-z'\-]+)?)"
#: "My wife and I live in Austin", "I live with my parents in Denver", "I live in Denver with my parents".
_HOME_EN = (
    lazy_regex(rf"^{_REL_EN}\s+and\s+i\s+{_NOW_EN}{_LIVE_EN}\s+(?:together\s+)?in\s+(?P<v>.+?)(?:\s+together)?$",
               re.IGNORECASE),
    lazy_regex(rf"^i\s+{_NOW_EN}{_LIVE_EN}\s+(?:together\s+)?with\s+{_REL_EN}\s+in\s+(?P<v>.+)$", re.IGNORECASE),
    lazy_regex(rf"^i\s+{_NOW_EN}{_LIVE_EN}\s+in\s+(?P<v>.+?)\s+with\s+{_REL_EN}$", re.IGNORECASE),
)
#: 我和我老婆都住在上海, 我跟我爸妈住在成都, 我和老婆一起住在上海.
_HOME_ZH = lazy_regex(rf"^我(?:和|跟|与|{_WITH})(?:我的?|我家的?)?(?P<rel>[\u4e00-\u9fff]{{1,3}}?)"
                      r"(?:都|也|一起|现在|目前|一直|还)*(?:住在|居住在|生活在|定居在)(?!一起)(?P<v>[^，,。！!？?]+)$")


#: Where a sentence parts its clauses: after a comma or a semicolon, which stays with the clause before it.
_CLAUSE_END = lazy_regex(r"(?<=[，,;；])")


def shared_home(sentence: str, lang: str, read: Callable[[str], list[Finding]],
                read_rest: Callable[[str], list[Finding]]) -> list[Finding] | None:
    """The home a clause of ``sentence`` says the user shares with someone (``home_with``, its clause read by
    ``read``) and what the other clauses say, read by ``read_rest`` (我和我老婆都住在上海，我在阿里上班: the home
    and the employer); ``None`` when no clause says one."""
    parts = _CLAUSE_END.split(sentence)
    for i, part in enumerate(parts):
        if home := home_with(part.rstrip("，,;； "), lang, read):
            rest = "".join(parts[:i] + parts[i + 1:]).strip("，,;； ")
            return home + (read_rest(rest) if rest else [])
    return None


def home_with(clause: str, lang: str, read: Callable[[str], list[Finding]]) -> list[Finding] | None:
    """The findings of a home ``clause`` says the user shares with someone, else ``None``.

    The clause is read as the user's own "I live in <place>" / 我住在<place> by ``read`` (``match_clause`` of the
    language, so a place it does not take is none), and each home found (``identity.location``, the user's, not
    withdrawn) is given to the relative too (someone who is no relative, "my roommate", has no subject the store
    names: the user's home alone). ``lang`` is ``"en"`` or ``"zh"``."""
    text = clause.strip().rstrip(".!。！")
    m = _HOME_ZH.match(text) if lang == "zh" else next(
        (hit for hit in (p.match(text) for p in _HOME_EN) if hit is not None), None)
    if m is None:
        return None
    place = m.group("v").strip()
    if not (places.city_zh(place) if lang == "zh" else place[:1].isupper() and places.may_be_city(place)):
        return None  # "a small apartment", 一起: no place both live in, read as said
    found = read(f"我住在{place}" if lang == "zh" else f"I live in {place}")
    homes = [f for f in found if f.key == "identity.location" and not f.subject and not f.retract]
    if not homes or not kin.is_relative(m.group("rel")):
        return homes or None  # "I live with my roommate in Denver": the user's home alone
    return homes + [replace(f, subject=kin.subject(m.group("rel"))) for f in homes]


#: A group the user is one of, opening a Chinese clause (after a time word at most): 我和同事们, 我跟老公, 我和几个朋友.
_GROUP_ZH = lazy_regex(r"(?:^|(?<=[！!。，,]))\s*(?P<time>(?:最近|现在|平时|目前|今年|这段时间|这阵子|一般)?)"
                       r"我(?:和|跟|与|同(?=我))"
                       r"(?P<who>[\u4e00-\u9fff]{1,6}?)(?:们(?:一起)?|一起|(?=都|也|经常|常常|总是|一般|平时|每|打算|计划|准备|"
                       r"最近|现在|今年|明年|下个?月|下周|周末|组了|报了|约好|商量好))")
#: What the sentence must say for the group's doing to be the user's: a plan or how often.
_PLAN_OR_HABIT_ZH = lazy_regex(r"打算|计划|准备|每(?:天|日|晚|早|个?(?:周|星期|礼拜)|个?月|年)|经常|常常|总是|一般都")


def group_as_mine(sentence: str) -> str | None:
    """``sentence`` with the group it opens with (``_GROUP_ZH``) said as 我 alone, when it says a plan or how often
    (``_PLAN_OR_HABIT_ZH``), else ``None``: the plan or the habit is the user's (module docstring). A group with the
    listener (我和你) is none."""
    m = _GROUP_ZH.search(sentence)
    if m is None or re.search(r"[你您]", m.group("who")) or not _PLAN_OR_HABIT_ZH.search(sentence[m.start():]):
        return None
    return f"{sentence[:m.start()]}{m.group('time')}我{sentence[m.end():]}"
