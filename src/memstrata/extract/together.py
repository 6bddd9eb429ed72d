"""A like the user shares with a relative: "My brother and I both love chess", 我和我哥都喜欢下棋.

Two subjects of one like are two likes: the user's and the relative's (``subject`` the relation word, as
``extract.kin`` names it: 哥 → ``older brother``). The clause is read as the user's own ("I love chess",
我喜欢下棋) and each like or dislike found is given to the relative too. Only a relative is lent the like
("My friend and I love chess" keeps the user's alone: a friend is no subject the store names), and only a
verb of liking opens what they share, so "My brother and I went fishing" names no like of either.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from memstrata.extract import kin
from memstrata.extract.clauses import Finding
from memstrata.text.regex import lazy_regex

_LIKING_EN = r"(?:love|like|enjoy|adore|hate|dislike|detest|can't stand|cannot stand|prefer)"
_EN = lazy_regex(rf"^(?:my|our)\s+(?P<rel>[a-z'\-]+(?:\s+[a-z'\-]+)?)\s+and\s+i\s+(?:(?:both|all|each)\s+)?"
                 rf"(?P<rest>(?:(?:really|also|absolutely|just|totally)\s+)*{_LIKING_EN}\b.+)$", re.IGNORECASE)
_LIKING_ZH = r"(?:喜欢|爱|热爱|酷爱|讨厌|不喜欢|不爱|受不了)"
_ZH = lazy_regex(rf"^我(?:和|跟|与|同)(?:我的?|我家的?)?(?P<rel>[\u4e00-\u9fff]{{1,3}}?)"
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
